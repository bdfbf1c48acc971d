//! Whole-database statistics: the opening tree (built once, cached) and
//! the compactness report.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{Database, database::set, to_js, to_value};
use shakmaty::{Chess, Position};

use crate::game::fen_of;
use crate::stats::{DEFAULT_MAX_PLIES, MoveEntry, TreeBuilder, tree::parse_fen};

#[wasm_bindgen]
impl Database {
    /// Statistics of the moves played from `fen` over every game of the
    /// database (the tree is built on the first call, to 40 plies deep, or
    /// finished if `openingTreeStep` began it).
    #[wasm_bindgen(js_name = openingTree, unchecked_return_type = "TreeMove[]")]
    pub fn opening_tree(&mut self, fen: &str) -> Result<JsValue, JsValue> {
        let pos = parse_fen(fen).map_err(to_js)?;
        // Never pausing, one step builds the rest.
        self.opening_tree_steps(false);
        match &self.tree {
            Some((tree, _)) => Ok(tree_moves(&pos, &tree.query(&pos))),
            None => Err(JsValue::from_str("the opening tree was not built")),
        }
    }

    /// Builds the opening tree some more, for a caller whose `read`
    /// can fetch ahead: adds games until the next one's D02 record is not
    /// in memory (reading it would call `read`), so the caller can fetch
    /// that block while this step decodes the one before. Returns the
    /// games done and the total; the tree is built when they are equal,
    /// and `openingTree` answers from it (it also finishes a build begun
    /// here). With the database in memory, one step builds it all.
    ///
    /// ```js
    /// for (let p = db.openingTreeStep(); p.done < p.total; p = db.openingTreeStep()) {
    ///   await nextBlockFetched(); // the caller's own read-ahead
    /// }
    /// const moves = db.openingTree(startFen);
    /// ```
    #[wasm_bindgen(js_name = openingTreeStep, unchecked_return_type = "TreeProgress")]
    pub fn opening_tree_step(&mut self) -> JsValue {
        let (done, total) = self.opening_tree_steps(true);
        let o = Object::new();
        set(&o, "done", done as f64);
        set(&o, "total", total as f64);
        o.into()
    }
}

impl Database {
    /// One step of the tree's build ([`TreeBuilder::step`]), begun if need
    /// be and stored when it ends: `(done, total)` games. With `pause`, the
    /// step ends before a record that is not in memory.
    pub(super) fn opening_tree_steps(&mut self, pause: bool) -> (u64, u64) {
        if self.tree.is_some() {
            let n = self.inner.count();
            return (n, n);
        }
        let (inner, limits) = (&self.inner, &self.limits);
        let job = self
            .tree_steps
            .get_or_insert_with(|| TreeBuilder::new(inner, DEFAULT_MAX_PLIES, limits));
        job.step(inner, |i| pause && !inner.record_ready(i));
        let progress = job.progress();
        if progress.0 == progress.1 {
            self.tree = self.tree_steps.take().map(TreeBuilder::finish);
        }
        progress
    }
}

/// Tree rows as `TreeMove` objects (the opening tree's, or a position
/// search's next moves), each with the position after its move.
pub(super) fn tree_moves(pos: &Chess, entries: &[MoveEntry]) -> JsValue {
    let out = Array::new();
    let openings = super::openings::loaded();
    for e in entries {
        let o = Object::new();
        set(&o, "san", e.san.as_str());
        set(&o, "uci", e.uci.as_str());
        let mut after = pos.clone();
        after.play_unchecked(e.mv);
        set(&o, "fen", fen_of(&after).as_str());
        if let Some(name) = openings.as_deref().and_then(|t| t.of_position(&after)) {
            let n = Object::new();
            set(&n, "eco", name.eco.as_str());
            set(&n, "name", name.name.as_str());
            set(&o, "opening", n);
        }
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
