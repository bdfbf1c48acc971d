//! The search inside games (`searchHits`, [`crate::find`]): each game the
//! header conditions leave replayed once for the conditions on its
//! contents, with the ply of its first hit. A whole-database pass
//! (feature `wasm`).

use alloc::vec::Vec;

use js_sys::{Function, Object, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{Database, database::set, search::parse_query, to_js};
use crate::ca::search::SearchHits;

#[wasm_bindgen]
impl Database {
    /// The games matching `query` (headers first, then one replay of each
    /// game left for its conditions on material, patterns, maneuvers and
    /// annotations), each with the ply of its first hit; see `SearchHits`.
    /// `onProgress` is called every few thousand games; a callback that
    /// throws stops the search, and its error is thrown. With `part`
    /// and `parts`, only the `part`-th of `parts` equal stretches of the
    /// games to replay, in D02 order (the viewer splits a big search so
    /// between Workers): the parts' games sorted, with their plies, and
    /// their counts summed, are the whole search's.
    #[wasm_bindgen(js_name = searchHits, unchecked_return_type = "SearchHits")]
    pub fn search_hits(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SearchQuery")] query: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<Function>,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] part: Option<u32>,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] parts: Option<u32>,
    ) -> Result<JsValue, JsValue> {
        let (part, parts) = (part.unwrap_or(0), parts.unwrap_or(1));
        if part >= parts {
            return Err(super::bad_argument("`part` must be below `parts`"));
        }
        let q = parse_query(&query)?;
        let mut thrown = None;
        let mut progress = super::js_progress(on_progress.as_ref(), &mut thrown);
        let (index, db) = self.indexed();
        let openings = super::openings::loaded();
        let found = index
            .search_hits_part(
                db,
                &q,
                openings.as_deref(),
                part as usize,
                parts as usize,
                &mut progress,
            )
            .map_err(to_js)?;
        drop(progress);
        if let Some(e) = thrown {
            return Err(e);
        }
        Ok(hits_object(&found).into())
    }
}

/// A search's `SearchHits` (a database's, or an archive's joined).
pub(super) fn hits_object(found: &SearchHits) -> Object {
    let games: Vec<u32> = found.hits.iter().map(|h| h.game).collect();
    let plies: Vec<u32> = found.hits.iter().map(|h| h.ply).collect();
    let o = Object::new();
    set(&o, "games", Uint32Array::from(&games[..]));
    set(&o, "plies", Uint32Array::from(&plies[..]));
    set(&o, "searched", found.searched as f64);
    set(&o, "damaged", found.damaged as f64);
    o
}
