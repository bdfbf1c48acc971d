//! Many games as PGN handed to JS in chunks (a million-game export never
//! builds one string): `exportPgn`, a whole-database pass (feature `wasm`).

use alloc::{string::String, string::ToString, vec::Vec};

use js_sys::{Array, Object, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{Database, bad_argument, database::set, to_js};

#[wasm_bindgen]
impl Database {
    /// Exports the games in `indices` (all when `null`) as PGN, handing the
    /// text to `onChunk` about 64 KB at a time, and calling `onProgress(done,
    /// total)` after each chunk.
    #[wasm_bindgen(js_name = exportPgn, unchecked_return_type = "ExportSummary")]
    pub fn export_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | null")] indices: JsValue,
        #[wasm_bindgen(js_name = onChunk, unchecked_param_type = "(text: string) => void")]
        on_chunk: js_sys::Function,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        const CHUNK: usize = 64 << 10;
        let list: Option<Vec<u32>> = if indices.is_null() || indices.is_undefined() {
            None
        } else {
            Some(
                indices
                    .dyn_ref::<Uint32Array>()
                    .ok_or_else(|| bad_argument("indices must be a Uint32Array or null"))?
                    .to_vec(),
            )
        };
        let total = list.as_ref().map_or(self.inner.count(), |l| l.len() as u64);
        let errors = Array::new();
        let mut buf = String::new();
        let mut bytes = 0f64;
        let mut games = 0u32;
        let flush = |buf: &mut String, done: u64| -> Result<(), JsValue> {
            on_chunk.call1(&JsValue::NULL, &JsValue::from_str(buf))?;
            buf.clear();
            if let Some(p) = &on_progress {
                p.call2(
                    &JsValue::NULL,
                    &JsValue::from_f64(done as f64),
                    &JsValue::from_f64(total as f64),
                )?;
            }
            Ok(())
        };
        for k in 0..total {
            let i = match &list {
                Some(l) => u64::from(l[k as usize]),
                None => k,
            };
            self.inner.check_index(i).map_err(to_js)?;
            let before = buf.len();
            if let Some(e) = self.inner.write_pgn(i, &mut buf) {
                let eo = Object::new();
                set(&eo, "game", i as f64);
                set(&eo, "code", e.code());
                set(&eo, "message", e.to_string());
                errors.push(&eo);
            }
            bytes += (buf.len() - before) as f64;
            games += 1;
            if buf.len() >= CHUNK {
                flush(&mut buf, k + 1)?;
            }
        }
        if !buf.is_empty() || total == 0 {
            flush(&mut buf, total)?;
        }
        let o = Object::new();
        set(&o, "games", games);
        set(&o, "bytes", bytes);
        set(&o, "errors", errors);
        Ok(o.into())
    }
}
