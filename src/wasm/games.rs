//! One game as a move tree or as PGN (many games: [`super::export`]).

use alloc::{string::String, string::ToString};

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::{Database, database::set, to_js, to_value};
use crate::FileKind;
use crate::game::view::GameView;

#[wasm_bindgen]
impl Database {
    /// Game `index` with its move tree. A damaged record does not throw: the
    /// moves that decoded are returned with `error` set.
    #[wasm_bindgen(unchecked_return_type = "GameView")]
    pub fn game(&self, index: u32) -> Result<JsValue, JsValue> {
        self.check_index(index)?;
        let (game, err) = self.inner.game_lenient(u64::from(index));
        // The decoder checked every move: a failure here would be a bug.
        let openings = super::openings::loaded();
        let view = match &openings {
            Some(o) => GameView::with_openings(&game, o),
            None => GameView::new(&game),
        }
        .map_err(|e| to_js(e.in_file(FileKind::D02).in_game(u64::from(index))))?;
        let v = to_value(&view)?;
        let o: &Object = v.unchecked_ref();
        set(o, "index", index);
        if let Some(e) = err {
            let eo = Object::new();
            set(&eo, "code", e.code());
            set(&eo, "message", e.to_string());
            if let Some(ply) = e.ply {
                set(&eo, "ply", ply);
            }
            set(o, "error", eo);
        }
        Ok(v)
    }

    /// Game `index` as PGN. A damaged game is exported up to the error, with
    /// a comment naming it.
    pub fn pgn(&self, index: u32) -> Result<String, JsValue> {
        self.check_index(index)?;
        Ok(self.inner.pgn_lenient(u64::from(index)).0)
    }
}
