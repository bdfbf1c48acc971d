//! `diagnose()`: the doctor's report (see [`crate::ca::diagnose`]).

use core::ops::ControlFlow;

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::{
    Database, bad_argument,
    database::{prop, set},
    open::whole_number,
    to_value,
};
use crate::ca::diagnose::DiagnoseOptions;

#[wasm_bindgen]
impl Database {
    /// Every reading the reader inferred (file direction, code page, ECO 0,
    /// ids, symbols, game type, round, unknown codes), its evidence as
    /// counts, how sure it is, and every warning; `text` is the same as a
    /// plain report to copy. No game content. `maxGames` bounds the games
    /// whose D02 record is scanned (default: all); `onProgress(done, total)`
    /// is called every 1024 of them.
    #[wasm_bindgen(unchecked_return_type = "Diagnosis")]
    pub fn diagnose(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ maxGames?: number } | null")]
        options: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        let max = prop(&options, "maxGames");
        let max_games = if max.is_undefined() || max.is_null() {
            u64::MAX
        } else {
            whole_number(&max, 0.0..9.0e15)
                .ok_or_else(|| bad_argument("`maxGames` must be a whole number"))?
        };
        let mut failed = None;
        let d = self
            .inner
            .diagnose(DiagnoseOptions { max_games }, |done, total| {
                if let Some(p) = &on_progress
                    && let Err(e) = p.call2(
                        &JsValue::NULL,
                        &JsValue::from_f64(done as f64),
                        &JsValue::from_f64(total as f64),
                    )
                {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
        if let Some(e) = failed {
            return Err(e);
        }
        let o: Object = to_value(&d)?.unchecked_into();
        set(&o, "text", d.to_string());
        set(&o, "needsAttention", d.needs_attention());
        Ok(o.into())
    }
}
