//! `positionSearch(fen, options, onProgress)`: a thin wrapper over
//! [`crate::ca::position`]; a search in parts (a pool's helpers) joins
//! its next moves with `positionNext`.

use alloc::vec::Vec;

use js_sys::{Function, Object, Uint8Array, Uint16Array, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{
    Database,
    database::{prop, set},
    stats::tree_moves,
    to_js,
};
use crate::{
    ca::position::{PositionSearch, SearchOptions},
    reach::Target,
    stats::{OpeningTree, tree::parse_fen},
};

/// A `PositionSearchOptions` object, read in one place for a database's
/// search and an archive's.
pub(super) struct PositionOptions {
    pub(super) search: SearchOptions,
    /// `next`: the moves played next, as tree rows.
    pub(super) next: bool,
    /// `part` of `parts`: a stretch of D02 (a pool's helper's).
    pub(super) part: Option<(u32, u32)>,
    /// `games`: only these games.
    pub(super) games: Option<Vec<u32>>,
}

impl PositionOptions {
    pub(super) fn read(options: &JsValue) -> Result<PositionOptions, JsValue> {
        let has = |k| {
            options.is_object() && !prop(options, k).is_undefined() && !prop(options, k).is_null()
        };
        let flag = |k| has(k) && prop(options, k).is_truthy();
        let part = if has("parts") {
            let number =
                |k| super::open::whole_number(&prop(options, k), 0.0..4.0e9).map(|n| n as u32);
            let (Some(part), Some(parts)) = (number("part"), number("parts")) else {
                return Err(super::bad_argument(
                    "`part` and `parts` must be whole numbers",
                ));
            };
            Some((part, parts))
        } else {
            None
        };
        let games = if has("games") {
            Some(
                prop(options, "games")
                    .dyn_into::<Uint32Array>()
                    .map_err(|_| super::bad_argument("`games` must be a Uint32Array"))?
                    .to_vec(),
            )
        } else {
            None
        };
        Ok(PositionOptions {
            search: SearchOptions {
                variations: flag("variations"),
            },
            next: flag("next"),
            part,
            games,
        })
    }
}

/// A search's `PositionHits` but its next moves (a database's, or an
/// archive's joined).
pub(super) fn hits_object(found: &PositionSearch) -> Object {
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
    o
}

#[wasm_bindgen]
impl Database {
    /// The games that reach the position of `fen` (placement and side to
    /// move; castling and en passant are not compared): game indices and
    /// the ply of the first occurrence, in game order. `options.games`
    /// limits the search to those games (a header filter); with
    /// `options.next`, `next` holds the moves the games play next from
    /// the position, as tree rows (no ply cap); `onProgress` is called
    /// every few thousand games. With `options.part` of `options.parts`,
    /// only that stretch of D02's record order is searched, and each hit's
    /// next move comes packed in `nextMoves` (see `positionNext`).
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
        let PositionOptions {
            search: opts,
            next: with_next,
            part,
            games: subset,
        } = PositionOptions::read(&options)?;
        let mut thrown = None;
        let db = &self.inner;
        // The memo makes the next search of this database (a click in the
        // tree) skip the games this one showed cannot reach its position.
        let found = {
            let mut progress = super::js_progress(on_progress.as_ref(), &mut thrown);
            // `dyn`, as an archive's search passes it: one copy of the search.
            let progress: &mut super::DynProgress = &mut progress;
            db.position_search_part(
                &target,
                &opts,
                subset.as_deref(),
                &mut self.memo,
                part.unwrap_or((0, 1)),
                progress,
            )
        }
        .map_err(to_js)?;
        if let Some(e) = thrown {
            return Err(e);
        }
        let o = hits_object(&found);
        if part.is_some() {
            // The next moves go with the hits, for `positionNext` where
            // the parts are joined.
            let next: Vec<u16> = found.hits.iter().map(OpeningTree::packed_next).collect();
            set(&o, "nextMoves", Uint16Array::from(&next[..]));
        } else if with_next {
            let pos = parse_fen(fen).map_err(to_js)?;
            let next = OpeningTree::next_moves(db, &pos, &found.hits);
            set(&o, "next", tree_moves(&pos, &next));
        }
        Ok(o.into())
    }

    /// The moves played next from the position of `fen`, as tree rows, by
    /// the hits of a search made in parts: each hit's game and the
    /// `nextMoves` its part gave, joined in any order. The rows
    /// `positionSearch` gives with `next`.
    #[wasm_bindgen(js_name = positionNext, unchecked_return_type = "TreeMove[]")]
    pub fn position_next(
        &self,
        fen: &str,
        games: &[u32],
        moves: &[u16],
    ) -> Result<JsValue, JsValue> {
        let (pos, next) = next_of(fen, games, moves)?;
        Ok(tree_moves(
            &pos,
            &OpeningTree::next_moves_packed(&self.inner, &pos, next),
        ))
    }
}

/// `positionNext`'s arguments read, a database's or an archive's: the
/// position, and each game with its packed next move.
pub(super) fn next_of<'a>(
    fen: &str,
    games: &'a [u32],
    moves: &'a [u16],
) -> Result<(shakmaty::Chess, impl Iterator<Item = (u32, u16)> + 'a), JsValue> {
    if games.len() != moves.len() {
        return Err(super::bad_argument("`games` and `moves` must be as long"));
    }
    let pos = parse_fen(fen).map_err(to_js)?;
    Ok((pos, games.iter().copied().zip(moves.iter().copied())))
}
