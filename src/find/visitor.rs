//! The visitor that evaluates every condition of a search in one replay
//! of a game: the conditions on positions ply by ply on the main line,
//! the ones on annotations wherever they are, and the game stopped as soon
//! as each is decided, or one cannot hold any more.

use alloc::{string::String, vec::Vec};
use core::ops::ControlFlow;

use shakmaty::{Bitboard, Board, Chess, Move, Position};

use super::{Conditions, maneuver::Tracker};
use crate::game::{Eval, GameVisitor, Placement, Ply, Skip};

/// What one game's reading found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The ply of the hit: the latest of each condition's first hit.
    pub ply: Option<u32>,
    /// A condition can no longer hold, from a position of the main line
    /// read (then damage later in the game hides nothing).
    pub ruled_out: bool,
}

/// Main-line plies kept for the opening hook.
pub const OPENING_PLIES: usize = 60;

/// The visitor of a search (see the module docs of `visitor.rs`); reset by
/// `end_game`, so one serves every game.
pub struct Matcher<'a> {
    c: Conditions<'a>,
    ply: u32,
    depth: u32,
    /// The main-line ply where the open variation branches.
    branch: u32,
    material_run: u32,
    /// Whether the material holds, and can still be reached: it changes
    /// only with a capture or a promotion, so it is judged only then.
    material_now: (bool, bool),
    pattern_run: u32,
    tracker: Tracker,
    pending: Option<Move>,
    position_hit: Option<u32>,
    dead: bool,
    comment_hit: Option<u32>,
    nag_hit: Option<u32>,
    eval_hit: Option<u32>,
    swing_hit: Option<u32>,
    last_engine: Option<(u32, i16)>,
    /// The main line's first moves, for the opening names (from the
    /// standard start only: a set-up game has no opening).
    moves: Vec<Move>,
    set_up: bool,
}

impl<'a> Matcher<'a> {
    pub fn new(c: Conditions<'a>) -> Matcher<'a> {
        let mut m = Matcher {
            c,
            ply: 0,
            depth: 0,
            branch: 0,
            material_run: 0,
            material_now: (false, true),
            pattern_run: 0,
            tracker: Tracker::default(),
            pending: None,
            position_hit: None,
            dead: false,
            comment_hit: None,
            nag_hit: None,
            eval_hit: None,
            swing_hit: None,
            last_engine: None,
            moves: Vec::new(),
            set_up: false,
        };
        m.reset();
        m
    }

    fn reset(&mut self) {
        self.depth = 0;
        self.comment_hit = None;
        self.nag_hit = None;
        self.eval_hit = None;
        self.swing_hit = None;
        self.last_engine = None;
        self.moves.clear();
        self.set_up = false;
        self.start(&Board::new());
    }

    /// The line's first position, at ply 0.
    fn start(&mut self, board: &Board) {
        self.ply = 0;
        self.material_run = 0;
        self.pattern_run = 0;
        self.position_hit = None;
        self.dead = false;
        self.pending = None;
        if let Some(m) = self.c.maneuver {
            self.tracker.start(m, board);
        }
        self.position(board, None);
    }

    fn positional(&self) -> bool {
        self.c.material.is_some() || self.c.pattern.is_some() || self.c.maneuver.is_some()
    }

    /// The main line reached `board` at `self.ply`, by `moved` (none at
    /// the start or after a null move).
    #[inline]
    fn position(&mut self, board: &Board, moved: Option<&Move>) {
        if !self.positional() || self.position_hit.is_some() || self.dead {
            return;
        }
        let ply = self.ply;
        let mut all = true;
        let mut over = false;
        if let Some(m) = self.c.material {
            if moved.is_none_or(|mv| mv.is_capture() || mv.is_promotion()) {
                let holds = m.holds(board);
                self.material_now = (holds, holds || m.reachable_from(board));
            }
            let (holds, reachable) = self.material_now;
            self.material_run = m.run.step(self.material_run, ply, holds);
            all &= m.run.counts(self.material_run);
            over |= m.run.over(ply + 1) || !reachable;
        }
        if let Some(p) = self.c.pattern {
            let holds = p.holds(board);
            self.pattern_run = p.run.step(self.pattern_run, ply, holds);
            all &= p.run.counts(self.pattern_run);
            over |= p.run.over(ply + 1) || (!holds && !p.reachable_from(board));
        }
        if let Some(m) = self.c.maneuver {
            let reached = moved.is_some_and(|mv| self.tracker.step(m, mv, board));
            all &= reached;
        }
        if all {
            self.position_hit = Some(ply);
        } else if over {
            self.dead = true;
        }
    }

    /// The ply an annotation placed `at` belongs to (see docs/search.md).
    fn annotation_ply(&self, at: Placement) -> u32 {
        match (self.depth, at) {
            (0, Placement::After) => self.ply,
            (0, Placement::Before) => self.ply + 1,
            _ => self.branch,
        }
    }

    fn decided(&self) -> bool {
        (!self.positional() || self.position_hit.is_some())
            && (self.c.comment.is_none() || self.comment_hit.is_some())
            && (self.c.nag.is_none() || self.nag_hit.is_some())
            && (!self.c.has_eval || self.eval_hit.is_some())
            && (self.c.eval_swing.is_none() || self.swing_hit.is_some())
            && (self.c.opening.is_none() || self.set_up || self.moves.len() >= OPENING_PLIES)
    }

    /// Variations are read for the conditions that look inside them.
    fn wants_variations(&self) -> bool {
        self.c.comment.is_some() || self.c.nag.is_some() || self.c.has_eval
    }

    fn outcome(&self) -> Outcome {
        let mut ply = 0;
        let mut all = true;
        let mut take = |asked: bool, hit: Option<u32>| {
            if asked {
                match hit {
                    Some(p) => ply = ply.max(p),
                    None => all = false,
                }
            }
        };
        take(self.positional(), self.position_hit);
        take(self.c.comment.is_some(), self.comment_hit);
        take(self.c.nag.is_some(), self.nag_hit);
        take(self.c.has_eval, self.eval_hit);
        take(self.c.eval_swing.is_some(), self.swing_hit);
        if let Some((needle, names)) = self.c.opening {
            all &= !self.set_up
                && names
                    .opening(&self.moves)
                    .is_some_and(|n: String| crate::text::lower(&n).contains(needle));
        }
        Outcome {
            ply: all.then_some(ply),
            ruled_out: self.dead,
        }
    }
}

impl GameVisitor for Matcher<'_> {
    type Output = Outcome;
    // A pass over whole databases: natively, its own copy of the replayer
    // (faster); in the wasm module, the shared one (3 KB gzipped less).
    const INLINE_IN_DECODER: bool = cfg!(not(target_arch = "wasm32"));

    fn wants_text(&self) -> bool {
        self.c.comment.is_some() || self.c.has_eval
    }

    fn wants_annotations(&self) -> bool {
        self.wants_variations() || self.c.eval_swing.is_some()
    }

    fn setup(&mut self, _fen: &str, pos: &Chess) {
        self.set_up = true;
        self.start(pos.board());
    }

    #[inline]
    fn ply(&mut self, _before: &Chess, ply: &Ply) -> ControlFlow<()> {
        if self.dead || self.decided() {
            return ControlFlow::Break(());
        }
        if self.depth == 0 {
            self.pending = match ply {
                Ply::Move(m) => Some(*m),
                Ply::Null => None,
            };
            if let (Some(_), Some(m)) = (self.c.opening, self.pending)
                && self.moves.len() < OPENING_PLIES
            {
                self.moves.push(m);
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn after_ply(&mut self, after: &Chess, _checkers: Bitboard) {
        if self.depth > 0 {
            return;
        }
        self.ply += 1;
        let moved = self.pending.take();
        self.position(after.board(), moved.as_ref());
    }

    fn comment(&mut self, text: &str, at: Placement) {
        if self.comment_hit.is_none()
            && let Some(c) = self.c.comment
            && c.holds(text)
        {
            self.comment_hit = Some(self.annotation_ply(at));
        }
    }

    fn game_comment(&mut self, text: &str) {
        if self.comment_hit.is_none()
            && let Some(c) = self.c.comment
            && c.holds(text)
        {
            self.comment_hit = Some(0);
        }
    }

    fn nag(&mut self, nag: u8, at: Placement) {
        if self.nag_hit.is_none() && self.c.nag == Some(nag) {
            self.nag_hit = Some(self.annotation_ply(at));
        }
    }

    fn eval(&mut self, eval: &Eval) {
        let at = self.annotation_ply(Placement::After);
        if self.c.has_eval && self.eval_hit.is_none() {
            self.eval_hit = Some(at);
        }
        if let (Some(swing), 0, Eval::Engine { centipawns, .. }) =
            (self.c.eval_swing, self.depth, eval)
        {
            if self.swing_hit.is_none()
                && let Some((p, before)) = self.last_engine
                && p + 1 == at
                && (i32::from(*centipawns) - i32::from(before)).unsigned_abs() >= swing
            {
                self.swing_hit = Some(at);
            }
            self.last_engine = Some((at, *centipawns));
        }
    }

    fn begin_variation(&mut self) -> Skip {
        if !self.wants_variations() || self.decided() {
            return Skip(true);
        }
        if self.depth == 0 {
            self.branch = self.ply.saturating_sub(1);
        }
        self.depth += 1;
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn end_game(&mut self) -> Outcome {
        let out = self.outcome();
        self.reset();
        out
    }
}
