//! `positionSearch(fen, options, onProgress)`: a thin wrapper over
//! [`crate::ca::position`].

use alloc::vec::Vec;

use js_sys::{Function, Object, Uint8Array, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{
    Database,
    database::{prop, set},
    stats::tree_moves,
    to_js,
};
use crate::{
    ca::position::SearchOptions,
    reach::Target,
    stats::{OpeningTree, tree::parse_fen},
};

#[wasm_bindgen]
impl Database {
    /// The games that reach the position of `fen` (placement and side to
    /// move; castling and en passant are not compared): game indices and
    /// the ply of the first occurrence, in game order. `options.games`
    /// limits the search to those games (a header filter); with
    /// `options.next`, `next` holds the moves the games play next from
    /// the position, as tree rows (no ply cap); `onProgress` is called
    /// every few thousand games.
    #[wasm_bindgen(js_name = positionSearch, unchecked_return_type = "PositionHits")]
    pub fn position_search(
        &mut self,
        fen: &str,
        #[wasm_bindgen(unchecked_param_type = "PositionSearchOptions | null | undefined")]
        options: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let target: Target = fen.parse().map_err(to_js)?;
        let has = |k| {
            options.is_object() && !prop(&options, k).is_undefined() && !prop(&options, k).is_null()
        };
        let flag = |k| has(k) && prop(&options, k).is_truthy();
        let opts = SearchOptions {
            variations: flag("variations"),
        };
        let subset: Option<Vec<u32>> = if has("games") {
            Some(
                prop(&options, "games")
                    .dyn_into::<Uint32Array>()
                    .map_err(|_| super::bad_argument("`games` must be a Uint32Array"))?
                    .to_vec(),
            )
        } else {
            None
        };
        let mut thrown = None;
        let progress = super::js_progress(on_progress.as_ref(), &mut thrown);
        let db = &self.inner;
        // The memo makes the next search of this database (a click in the
        // tree) skip the games this one showed cannot reach its position.
        let found = db
            .position_search_with(&target, &opts, subset.as_deref(), &mut self.memo, progress)
            .map_err(to_js)?;
        if let Some(e) = thrown {
            return Err(e);
        }
        let o = Object::new();
        let games: Vec<u32> = found.hits.iter().map(|h| h.game).collect();
        let plies: Vec<u32> = found.hits.iter().map(|h| h.ply).collect();
        let in_var: Vec<u8> = found
            .hits
            .iter()
            .map(|h| u8::from(h.in_variation))
            .collect();
        set(&o, "games", Uint32Array::from(&games[..]));
        set(&o, "plies", Uint32Array::from(&plies[..]));
        set(&o, "inVariation", Uint8Array::from(&in_var[..]));
        set(&o, "searched", found.searched as f64);
        set(&o, "damaged", found.damaged as f64);
        set(&o, "read", found.read as f64);
        set(&o, "fromMemory", found.from_memory as f64);
        if flag("next") {
            let pos = parse_fen(fen).map_err(to_js)?;
            let next = OpeningTree::next_moves(db, &pos, &found.hits);
            set(&o, "next", tree_moves(&pos, &next));
        }
        Ok(o.into())
    }
}
