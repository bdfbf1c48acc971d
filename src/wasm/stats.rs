//! Whole-database statistics: the opening tree (built once, cached) and
//! the compactness report.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{Database, database::set, to_js, to_value};
use shakmaty::{Chess, Position};

use crate::game::fen_of;
use crate::stats::{DEFAULT_MAX_PLIES, MoveEntry, OpeningTree, tree::parse_fen};

#[wasm_bindgen]
impl Database {
    /// Statistics of the moves played from `fen` over every game of the
    /// database (the tree is built on the first call, to 40 plies deep).
    #[wasm_bindgen(js_name = openingTree, unchecked_return_type = "TreeMove[]")]
    pub fn opening_tree(&mut self, fen: &str) -> Result<JsValue, JsValue> {
        let (inner, limits) = (&self.inner, &self.limits);
        let (tree, _) = self
            .tree
            .get_or_insert_with(|| OpeningTree::of_database(inner, DEFAULT_MAX_PLIES, limits));
        let pos = parse_fen(fen).map_err(to_js)?;
        Ok(tree_moves(&pos, &tree.query(&pos)))
    }
}

/// Tree rows as `TreeMove` objects (the opening tree's, or a position
/// search's next moves), each with the position after its move.
pub(super) fn tree_moves(pos: &Chess, entries: &[MoveEntry]) -> JsValue {
    let out = Array::new();
    for e in entries {
        let o = Object::new();
        set(&o, "san", e.san.as_str());
        set(&o, "uci", e.uci.as_str());
        let mut after = pos.clone();
        after.play_unchecked(e.mv);
        set(&o, "fen", fen_of(&after).as_str());
        set(&o, "count", e.count as f64);
        let [w, d, b] = e.results.unwrap_or([0; 3]);
        set(&o, "white", w as f64);
        set(&o, "draws", d as f64);
        set(&o, "black", b as f64);
        if let Some(x) = e.white_elo {
            set(&o, "whiteElo", x);
        }
        if let Some(x) = e.black_elo {
            set(&o, "blackElo", x);
        }
        if let Some(x) = e.elo_diff {
            set(&o, "eloDiff", x);
        }
        if let Some((first, last)) = e.years {
            set(&o, "firstYear", first);
            set(&o, "lastYear", last);
        }
        set(&o, "weight", e.weight);
        out.push(&o);
    }
    out.into()
}

#[wasm_bindgen]
impl Database {
    /// Every game transcoded into every format: bytes per format (see
    /// `cadb::report`). Decodes the whole database: call it on demand.
    #[wasm_bindgen(unchecked_return_type = "CompactnessRow[]")]
    pub fn compactness(&self) -> Result<JsValue, JsValue> {
        let report = crate::report::compactness_of_database(&self.inner);
        let rows = Array::new();
        for row in &report.rows {
            let o = to_value(row)?;
            set(o.unchecked_ref(), "bytesPerMove", row.bytes_per_move());
            set(o.unchecked_ref(), "bytesPerGame", row.bytes_per_game());
            rows.push(&o);
        }
        Ok(rows.into())
    }
}
