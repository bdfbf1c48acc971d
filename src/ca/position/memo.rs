//! What a search learns of each game's main line, kept between searches so
//! that a later one rules out most games without reading them.
//!
//! A search reads a game until it hits the target or cannot reach it. On
//! the way it notes the game's *trace*: the order in which pawns leave
//! their home ranks, and the summary ([`Summary`]) of the last position
//! read, which is the game's end when it was read whole. Three facts of
//! chess make the trace a test for any later target `T` (main line only):
//! - a pawn never returns to its home rank, and no move takes two pawns off
//!   home ranks at once, so the home-rank pawns the game ever has are
//!   exactly its start's less a prefix of that order: `T`'s must be one of
//!   them;
//! - a hit after the last position read is reachable from it
//!   ([`Summary::reaches`]);
//! - a game read whole ends at a position reachable from any of its
//!   positions, so from `T` if it hits.
//!
//! A game the test cannot rule out is read, and its trace grows. A
//! damaged game keeps none: it is read (and counted damaged) every time.
//!
//! The memo also keeps, up to a budget, the records of the games a search
//! is likely to read next: the hits of the last search, and the kept ones
//! it read again. A step down the opening tree reads about the games that
//! reached the position before, so it reads them from memory, not from a
//! `File` scattered over hundreds of megabytes.
//! The tests in `tests/position_search.rs` run sequences of searches with
//! one memo against a brute-force reference.

use alloc::{vec, vec::Vec};

use shakmaty::Board;

use super::InOrder;
use crate::reach::{Summary, home_pawns};

/// What position searches of one database keep between them: each game's
/// place in D02 record order and its trace (24 bytes a game, allocated by
/// the first search, [`Database::position_search_with`]), and the records
/// of the games a search is likely to read next (up to
/// [`KEPT_BYTES`](Self::KEPT_BYTES)). A memo given to another database (of
/// another game count) starts over.
///
/// [`Database::position_search_with`]: crate::ca::Database::position_search_with
///
/// ```
/// let memo = cadb::ca::position::SearchMemo::default();
/// assert_eq!(memo.bytes(), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchMemo {
    /// The game count of the database it belongs to (`None`: not yet).
    pub(super) games: Option<u64>,
    /// Every game in record order.
    pub(super) order: Vec<InOrder>,
    /// Each game's trace, in the same order.
    pub(super) traces: Vec<Packed>,
    /// Records kept in memory for the next search.
    pub(super) kept: Kept,
}

impl SearchMemo {
    pub(super) fn new(order: Vec<InOrder>, games: u64) -> SearchMemo {
        SearchMemo {
            games: Some(games),
            traces: vec![Packed::UNKNOWN; order.len()],
            order,
            kept: Kept::default(),
        }
    }

    /// The memory it holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.order.capacity() * size_of::<InOrder>()
            + self.traces.capacity() * size_of::<Packed>()
            + self.kept.bytes.capacity()
            + self.kept.at.capacity() * size_of::<KeptAt>()
    }

    /// The most record bytes kept between searches. A search keeps the
    /// records of its hits and of the kept games it read again: in a walk
    /// down the opening tree, the next search reads about the games that
    /// reached the position before, and in a browser each record read from
    /// a `File` costs up to a millisecond.
    pub const KEPT_BYTES: usize = 16 << 20;
}

/// The main line of one game as far as a reading went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Trace {
    /// The home-rank pawns of the position reached.
    home: u16,
    /// The squares (as [`home_pawns`] numbers them) left, in order, one
    /// 4-bit number each, the first lowest.
    order: u64,
    /// How many squares `order` holds.
    left: u8,
    /// A home-rank pawn came back: not a game of chess, no trace.
    broken: bool,
    /// The last position read, packed; `None` if it does not pack.
    last: Option<u64>,
    /// The main line was read to its end.
    complete: bool,
}

impl Trace {
    /// The trace at a game's start.
    pub fn start(board: &Board) -> Trace {
        Trace {
            home: home_pawns(board),
            ..Trace::default()
        }
    }

    /// The main line has moved on to `board`.
    #[inline]
    pub fn step(&mut self, board: &Board) {
        let home = home_pawns(board);
        if home == self.home {
            return;
        }
        self.broken |= home & !self.home != 0;
        let mut gone = self.home & !home;
        while gone != 0 && self.left < 16 {
            self.order |= u64::from(gone.trailing_zeros()) << (4 * self.left);
            self.left += 1;
            gone &= gone - 1;
        }
        self.home = home;
    }

    /// The reading ended at `last`, the main line's end if `complete`.
    pub fn end(&mut self, last: &Board, complete: bool) {
        self.last = Summary::of(last).pack();
        self.complete = complete;
    }

    pub fn pack(&self) -> Packed {
        match self.last {
            Some(last) if !self.broken => Packed([
                last | u64::from(self.left) << 56 | u64::from(self.complete) << 61 | 1 << 62,
                self.order,
            ]),
            _ => Packed::UNKNOWN,
        }
    }
}

/// A [`Trace`] in 16 bytes: the last position's summary, `left`,
/// `complete` and a bit for "known" in the first word; `order` in the
/// second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed([u64; 2]);

impl Packed {
    pub const UNKNOWN: Packed = Packed([0; 2]);

    /// Whether the game may reach a target of summary `t` on its main line
    /// (see the module docs): `false` is certain.
    #[inline]
    pub fn may_reach(&self, t: Summary) -> bool {
        let [word, order] = self.0;
        if word >> 62 & 1 == 0 {
            return true;
        }
        let last = Summary::unpack(word);
        let left = (word >> 56 & 31) as u32;
        let complete = word >> 61 & 1 == 1;
        // The squares of the first `n` pawns to leave.
        let prefix = |n: u32| (0..n).fold(0u16, |set, k| set | 1 << (order >> (4 * k) & 15));
        let start = last.home | prefix(left);
        if t.home & !start != 0 {
            return false;
        }
        let gone = start & !t.home;
        let n = gone.count_ones();
        let placed = if n <= left {
            // The target's home pawns are a state of the known order.
            prefix(n) == gone
        } else {
            // A hit after the last position read: reachable from it.
            !complete && last.reaches(t)
        };
        placed && (!complete || t.reaches(last))
    }
}

/// Records in memory, by their game's place in the memo's order.
#[derive(Clone, Debug, Default)]
pub(super) struct Kept {
    at: Vec<KeptAt>,
    bytes: Vec<u8>,
    /// A record did not fit in the budget.
    spent: bool,
}

/// A kept record: its game's place in the order, the body's offset in D02,
/// and where the body is in [`Kept::bytes`].
#[derive(Clone, Copy, Debug)]
struct KeptAt {
    k: u32,
    base: u64,
    start: u32,
    len: u32,
}

impl Kept {
    /// Keeps game `k`'s record unless the budget is spent; `k` must grow
    /// from one call to the next.
    fn push(&mut self, k: u32, base: u64, body: &[u8]) {
        // Once a record does not fit, none is kept after it: the kept
        // ones are the first in record order, and `full` says so at once.
        self.spent |= self.bytes.len() + body.len() > SearchMemo::KEPT_BYTES;
        if self.spent {
            return;
        }
        self.at.push(KeptAt {
            k,
            base,
            start: self.bytes.len() as u32,
            len: body.len() as u32,
        });
        self.bytes.extend_from_slice(body);
    }
}

/// The records of one search: the kept ones it may read, and the ones it
/// keeps for the next. Games come in the order's order, so a cursor finds
/// each kept record.
pub(super) struct Keeping {
    old: Kept,
    new: Kept,
    cursor: usize,
}

impl Keeping {
    pub fn new(old: Kept) -> Keeping {
        Keeping {
            old,
            new: Kept::default(),
            cursor: 0,
        }
    }

    /// `f` over game `k`'s record (its D02 offset and body) if it is kept,
    /// which keeps it for the next search too.
    pub fn with_kept<T>(&mut self, k: u32, f: impl FnOnce(u64, &[u8]) -> T) -> Option<T> {
        let at = &self.old.at;
        while at.get(self.cursor).is_some_and(|a| a.k < k) {
            self.cursor += 1;
        }
        let a = at.get(self.cursor).filter(|a| a.k == k)?;
        let body = &self.old.bytes[a.start as usize..][..a.len as usize];
        let out = f(a.base, body);
        self.new.push(k, a.base, body);
        Some(out)
    }

    /// Whether the budget is spent: no record need be read to keep it.
    pub fn full(&self) -> bool {
        self.new.spent
    }

    /// Keeps game `k`'s record for the next search.
    pub fn keep(&mut self, k: u32, base: u64, body: &[u8]) {
        self.new.push(k, base, body);
    }

    pub fn finish(self) -> Kept {
        self.new
    }
}
