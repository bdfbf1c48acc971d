//! One whole-database pass from JS, for the browser benchmark
//! (scripts/bench-browser.mjs times it against the native `cadb bench`).

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

use super::{Database, bad_argument};
use crate::bench::{Pass, run};

#[wasm_bindgen]
impl Database {
    /// Runs `pass` (a [`Pass::key`]) over every game; returns
    /// `{ games, plies, errors, bytes }`. The caller times it.
    #[wasm_bindgen(
        js_name = benchPass,
        unchecked_return_type = "{ games: number; plies: number; errors: number; bytes: number }"
    )]
    pub fn bench_pass(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "\"replay\" | \"san\" | \"tree\" | \"pgn\" | \"opening-tree\" | \"opening-tree-games\""
        )]
        pass: &str,
    ) -> Result<JsValue, JsValue> {
        let pass = Pass::from_key(pass)
            .ok_or_else(|| bad_argument(&alloc::format!("unknown pass {pass:?}")))?;
        let t = run(self.core(), pass);
        let o = Object::new();
        for (k, v) in [
            ("games", t.games),
            ("plies", t.plies),
            ("errors", t.errors),
            ("bytes", t.bytes),
        ] {
            let _ = Reflect::set(&o, &k.into(), &JsValue::from_f64(v as f64));
        }
        Ok(o.into())
    }
}
