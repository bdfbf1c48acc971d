//! An archive's opening tree (issue 47): each member's own, their rows
//! summed. A member's tree is the one `Database.openingTree` builds and
//! keeps, so a database shown alone later reuses it.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::{Archive, database::set, to_js};
use crate::stats::{OpeningTree, tree::parse_fen};

#[wasm_bindgen]
impl Archive {
    /// `Database.openingTreeStep` across the members: builds their trees
    /// in turn until the next game's D02 record is not in memory, and
    /// returns the games done and the total over every member. In memory,
    /// one step builds them all; `openingTree` finishes a build begun here.
    ///
    /// ```js
    /// for (let p = archive.openingTreeStep(); p.done < p.total; p = archive.openingTreeStep()) {
    ///   await nextBlockFetched();
    /// }
    /// ```
    #[wasm_bindgen(js_name = openingTreeStep, unchecked_return_type = "TreeProgress")]
    pub fn opening_tree_step(&mut self) -> JsValue {
        let mut done = 0;
        // Member after member, until one pauses.
        let mut paused = false;
        for (_, d) in &mut self.members {
            if paused {
                done += match (&d.tree, &d.tree_steps) {
                    (Some(_), _) => d.inner.count(),
                    (None, steps) => steps.as_ref().map_or(0, |t| t.progress().0),
                };
            } else {
                let (did, of) = d.opening_tree_steps(true);
                done += did;
                paused = did < of;
            }
        }
        let o = Object::new();
        set(&o, "done", done as f64);
        set(&o, "total", self.spans.total() as f64);
        o.into()
    }

    /// The moves played from `fen` over every game of every member, as
    /// `Database.openingTree` counts them (to 40 plies): each member's
    /// tree built if need be, their rows summed.
    ///
    /// ```js
    /// const moves = archive.openingTree(startFen); // TreeMove[], counted over all
    /// ```
    #[wasm_bindgen(js_name = openingTree, unchecked_return_type = "TreeMove[]")]
    pub fn opening_tree(&mut self, fen: &str) -> Result<JsValue, JsValue> {
        let pos = parse_fen(fen).map_err(to_js)?;
        for (_, d) in &mut self.members {
            d.opening_tree_steps(false);
        }
        let trees: alloc::vec::Vec<&OpeningTree> = self
            .members
            .iter()
            .filter_map(|(_, d)| d.tree.as_ref().map(|(t, _)| t))
            .collect();
        Ok(super::stats::tree_moves(
            &pos,
            &OpeningTree::query_across(&trees, &pos),
        ))
    }
}
