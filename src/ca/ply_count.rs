//! The cheapest visitor: a ply count, which opening's sample, the
//! doctor and the plies column read games with.

use core::ops::ControlFlow;

use shakmaty::Chess;

use crate::game::{GameVisitor, Ply};

/// Counts plies and reads nothing else: the cheapest visitor. One type
/// serves every count (each visitor type is one more copy of the replayer
/// in the wasm module).
pub(crate) struct PlyCount {
    plies: u32,
    variations: bool,
}

impl PlyCount {
    /// The plies counted so far.
    pub(crate) fn plies(&self) -> u32 {
        self.plies
    }

    /// Counts the main line, skipping variations.
    pub(crate) fn main_line() -> PlyCount {
        PlyCount {
            plies: 0,
            variations: false,
        }
    }

    /// Counts every ply, variations included.
    pub(crate) fn all() -> PlyCount {
        PlyCount {
            plies: 0,
            variations: true,
        }
    }
}

impl GameVisitor for PlyCount {
    type Output = u32;
    fn wants_text(&self) -> bool {
        false
    }
    fn wants_annotations(&self) -> bool {
        false
    }
    fn ply(&mut self, _: &Chess, _: &Ply) -> ControlFlow<()> {
        self.plies += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self) -> crate::game::Skip {
        crate::game::Skip(!self.variations)
    }
    fn end_game(&mut self) -> u32 {
        self.plies
    }
}
