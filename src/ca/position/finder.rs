//! The visitor of a search: one game's reading, stopped as soon as the
//! game hits the target or cannot reach it, with the [`Hit`] it found, and
//! what the reading learnt of the main line for
//! [`SearchMemo`](super::SearchMemo).

use alloc::vec::Vec;
use core::ops::ControlFlow;

use shakmaty::{Bitboard, Board, Chess, Move, Position};

use super::memo::Trace;
use crate::{
    game::{GameVisitor, Ply, Skip},
    reach::Target,
};

/// A game that reaches the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The game's index (D00 order).
    pub game: u32,
    /// Plies from the game's start to the first occurrence (0: the start).
    pub ply: u32,
    /// The occurrence is inside a variation.
    pub in_variation: bool,
    /// The move the game plays next from the position, on the same line.
    pub next: Option<Move>,
}

/// What one reading of a game found.
pub(super) struct Read {
    pub hit: Option<Hit>,
    /// The main line reached a position that cannot reach the target.
    pub ruled_out: bool,
    /// The main line as far as it was read.
    pub trace: Trace,
}

/// The visitor of one game: where the line is, whether it can still reach
/// the target, and the first hit. Reset by `end_game`, so one serves every
/// game.
pub(super) struct Finder<'t> {
    target: &'t Target,
    variations: bool,
    /// Whether the standard start position is the target, and may reach it.
    start_hit: bool,
    start_alive: bool,
    /// Plies from the start to the current position of the line.
    ply: u32,
    /// Variation depth.
    depth: u32,
    /// The current line's position cannot reach the target: the main line
    /// stops at its next move, a variation is read on muted.
    dead: bool,
    /// Inside a variation that cannot reach the target, until its end.
    muted: bool,
    /// Each open variation's parent line: its ply and `dead`.
    stack: Vec<(u32, bool)>,
    hit: Option<Hit>,
    /// The hit's line goes on: its next move is still to be seen.
    want_next: bool,
    /// The main line has been ruled out.
    ruled_out: bool,
    /// The main line's last position read, and the order in which pawns
    /// left their home ranks up to it.
    last: Board,
    trace: Trace,
    /// The reading stopped before the main line's end.
    stopped: bool,
}

impl<'t> Finder<'t> {
    pub fn new(target: &'t Target, variations: bool) -> Self {
        let start = Chess::default();
        let mut f = Finder {
            target,
            variations,
            start_hit: target.matches(&start),
            start_alive: target.reachable_from(start.board()),
            ply: 0,
            depth: 0,
            dead: false,
            muted: false,
            stack: Vec::new(),
            hit: None,
            want_next: false,
            ruled_out: false,
            last: Board::new(),
            trace: Trace::default(),
            stopped: false,
        };
        f.reset();
        f
    }

    /// The state before a game's first event: at the standard start.
    fn reset(&mut self) {
        self.ply = 0;
        self.depth = 0;
        self.muted = false;
        self.stack.clear();
        self.stopped = false;
        self.last = Board::new();
        self.trace = Trace::start(&self.last);
        self.at_start(self.start_hit, self.start_alive);
    }

    fn at_start(&mut self, hit: bool, alive: bool) {
        self.hit = hit.then_some(Hit {
            game: 0,
            ply: 0,
            in_variation: false,
            next: None,
        });
        self.want_next = hit;
        self.dead = !alive;
        self.ruled_out = !alive;
    }
}

impl GameVisitor for Finder<'_> {
    type Output = Read;
    fn wants_text(&self) -> bool {
        false
    }

    fn wants_annotations(&self) -> bool {
        false
    }

    fn setup(&mut self, _fen: &str, pos: &Chess) {
        self.last = pos.board().clone();
        self.trace = Trace::start(&self.last);
        self.at_start(
            self.target.matches(pos),
            self.target.reachable_from(pos.board()),
        );
    }

    #[inline]
    fn ply(&mut self, _before: &Chess, ply: &Ply) -> ControlFlow<()> {
        if let Some(hit) = &mut self.hit {
            if self.want_next
                && let Ply::Move(m) = ply
            {
                hit.next = Some(*m);
            }
            self.stopped = true;
            return ControlFlow::Break(());
        }
        // A null move ends the line: no position after it is the game's.
        if (self.dead || !matches!(ply, Ply::Move(_))) && !self.muted {
            if self.depth == 0 {
                // A line a null move ends is read whole.
                self.stopped = self.dead;
                return ControlFlow::Break(());
            }
            self.muted = true;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn after_ply(&mut self, after: &Chess, _checkers: Bitboard) {
        if self.muted {
            return;
        }
        if self.depth == 0 {
            self.trace.step(after.board());
            self.last = after.board().clone();
        }
        self.ply += 1;
        if self.target.matches(after) {
            self.hit = Some(Hit {
                game: 0,
                ply: self.ply,
                in_variation: self.depth > 0,
                next: None,
            });
            self.want_next = true;
        } else if !self.target.reachable_from(after.board()) {
            self.dead = true;
            self.ruled_out |= self.depth == 0;
        }
    }

    fn begin_variation(&mut self) -> Skip {
        // A variation of the last move starts from the position before it:
        // alive, or the line would have stopped at that move.
        if !self.variations || self.muted || self.hit.is_some() {
            return Skip(true);
        }
        self.stack.push((self.ply, self.dead));
        self.ply = self.ply.saturating_sub(1);
        self.depth += 1;
        self.dead = false;
        Skip(false)
    }

    fn end_variation(&mut self) {
        // The hit's line has ended: the next move seen is another line's.
        self.want_next = false;
        self.muted = false;
        if let Some((ply, dead)) = self.stack.pop() {
            (self.ply, self.dead) = (ply, dead);
            self.depth -= 1;
        }
    }

    fn end_game(&mut self) -> Read {
        let mut trace = self.trace;
        trace.end(&self.last, !self.stopped);
        let read = Read {
            hit: self.hit.take(),
            ruled_out: self.ruled_out,
            trace,
        };
        self.reset();
        read
    }
}
