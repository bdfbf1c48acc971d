//! Position search: the games that reach a position.
//!
//! Every game is replayed from its record (no text decoded, no tree built)
//! until it reaches the [`Target`], or until [`Target::reachable_from`]
//! says it never can: then the game stops there. Games are read in the
//! order of their records in D02, so a lazily read D02 is read from front
//! to back, and the hits are given in game order.
//!
//! Which occurrence counts: the first in the order the game reads (its PGN
//! order), the start position being ply 0. A null move ends its line: the
//! positions after it are not searched. With variations, a variation is
//! read right after the move it replaces, so a hit inside it may come
//! before a later one in the main line; [`Hit::in_variation`] says which.
//!
//! A damaged game is read as [`Database::game`] reads it: under the
//! database's convention, and if that fails on a move, under the other.
//! A hit before the damage counts (its moves were legal). A game that
//! fails before any hit is counted in [`PositionSearch::damaged`], unless
//! its main line had already reached a position that cannot reach the
//! target (then the damage hides nothing), or the damage comes after the
//! point where the search stops reading it.
//!
//! ```
//! use cadb::ca::{Database, OpenOptions, writer, position::SearchOptions};
//! let pgn = "1. e4 e5 2. Nf3 *\n\n1. Nf3 e5 2. e4 *\n\n1. d4 *\n";
//! let games = cadb::game::import::read_pgn(pgn).unwrap();
//! let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
//! let db = Database::open(files, OpenOptions::default()).unwrap();
//! let target = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b".parse().unwrap();
//! let found = db.position_search(&target, &SearchOptions::default(), |_, _| {
//!     core::ops::ControlFlow::Continue(())
//! }).unwrap();
//! let games: Vec<(u32, u32)> = found.hits.iter().map(|h| (h.game, h.ply)).collect();
//! assert_eq!(games, [(0, 3), (1, 3)]); // the second by transposition
//! ```

use alloc::{vec, vec::Vec};
use core::ops::ControlFlow;

use shakmaty::{Bitboard, Chess, Move, Position};

use super::Database;
use crate::{
    bytes::ReadAt,
    error::Error,
    game::{GameVisitor, Ply, Skip},
    reach::Target,
};

/// How to search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Look inside variations too, not only the main line.
    pub variations: bool,
}

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

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSearch {
    /// The games that reach the position, in game order.
    pub hits: Vec<Hit>,
    /// Games read.
    pub searched: u64,
    /// Games that failed before reaching the position (see the module docs).
    pub damaged: u64,
    /// The progress callback stopped the search: `hits` covers only the
    /// games read before.
    pub stopped: bool,
}

/// Games between two progress calls.
const PROGRESS_EVERY: u64 = 4096;

impl<R: ReadAt> Database<R> {
    /// The games (all, or those of `subset`) that reach `target`; see the
    /// [module docs](self). `progress(done, total)` is called every few
    /// thousand games; `Break` stops the search, which returns what it has
    /// found so far.
    ///
    /// Memory: 8 bytes a game searched (the read order), one byte a game
    /// of the database for a subset, and 24 bytes a hit.
    pub fn position_search(
        &self,
        target: &Target,
        options: &SearchOptions,
        mut progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<PositionSearch, Error> {
        self.position_search_in(target, options, None, &mut progress)
    }

    /// [`position_search`](Self::position_search) over the games of
    /// `subset` only (in any order; indices past the end are ignored): a
    /// position filter on top of a header search.
    pub fn position_search_subset(
        &self,
        target: &Target,
        options: &SearchOptions,
        subset: &[u32],
        mut progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<PositionSearch, Error> {
        self.position_search_in(target, options, Some(subset), &mut progress)
    }

    fn position_search_in(
        &self,
        target: &Target,
        options: &SearchOptions,
        subset: Option<&[u32]>,
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<PositionSearch, Error> {
        let order = self.record_order(subset)?;
        let mut out = PositionSearch::default();
        let mut finder = Finder::new(target, options.variations);
        let total = order.len() as u64;
        // Hits as `game << 32 | k`, sorted into game order at the end.
        let mut found: Vec<u64> = Vec::new();
        let mut hits = Vec::new();
        for (k, &entry) in order.iter().enumerate() {
            if (k as u64).is_multiple_of(PROGRESS_EVERY) && progress(k as u64, total).is_break() {
                out.stopped = true;
                break;
            }
            let game = entry.index() as u32;
            let reading = self.read_retrying(|c| self.read_game_in_order(entry, c, &mut finder));
            out.searched += 1;
            match (reading.output, reading.error) {
                // A damaged set-up, or a record failing before its first
                // move: the start position is not known to be the game's.
                (Read { hit: Some(h), .. }, Some(_)) if h.ply == 0 && h.next.is_none() => {
                    out.damaged += 1
                }
                (Read { hit: Some(hit), .. }, _) => {
                    found.push(u64::from(game) << 32 | hits.len() as u64);
                    hits.push(Hit { game, ..hit });
                }
                // Damage that could hide a hit: the main line was not ruled out.
                (
                    Read {
                        ruled_out: false, ..
                    },
                    Some(_),
                ) => out.damaged += 1,
                _ => {}
            }
        }
        if !out.stopped {
            let _ = progress(total, total);
        }
        found.sort_unstable();
        out.hits = found.iter().map(|&f| hits[f as u32 as usize]).collect();
        Ok(out)
    }

    /// The games to search (all, or those of `subset`) in the order of
    /// their records in D02; a game whose record cannot be located goes
    /// last (its reading then reports the damage).
    pub(crate) fn record_order(&self, subset: Option<&[u32]>) -> Result<Vec<InOrder>, Error> {
        let wanted = subset.map(|s| {
            let mut set = vec![false; self.count() as usize];
            for &i in s {
                if let Some(slot) = set.get_mut(i as usize) {
                    *slot = true;
                }
            }
            set
        });
        let mut order = Vec::new();
        self.scan_raw_headers(0, self.count(), |i, h| {
            if wanted.as_ref().is_none_or(|w| w[i as usize]) {
                order.push(InOrder::new(i, self.record_offset(h.game_id).ok()));
            }
        })?;
        order.sort_unstable();
        Ok(order)
    }

    /// Every game's index in the order of its record in D02 (game order
    /// when D00 does not scan): how the passes whose result does not depend
    /// on the order read (the opening tree, the doctor's full check, the
    /// benchmark's replay), so a database whose records are out of game
    /// order is read front to back, one read-ahead block at a time, not a
    /// jump a game.
    pub(crate) fn indices_in_record_order(&self) -> Vec<u64> {
        self.records_in_order().iter().map(|g| g.index()).collect()
    }

    /// [`indices_in_record_order`](Self::indices_in_record_order) with each
    /// record's offset, as [`read_game_in_order`](Self::read_game_in_order)
    /// takes them (game order and no offsets when D00 does not scan).
    pub(crate) fn records_in_order(&self) -> Vec<InOrder> {
        self.record_order(None)
            .unwrap_or_else(|_| (0..self.count()).map(|i| InOrder::new(i, None)).collect())
    }
}

/// A game in a pass in record order: its index, and its record's offset
/// in D02 when the order's scan found it (the scan resolves every GameID,
/// so a reader need not do it again). Ordered by offset, then index; the
/// games not located last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct InOrder(u64);

impl InOrder {
    /// Not located. A02 holds 32-bit offsets; this one is read the long way.
    const NOWHERE: u64 = u32::MAX as u64;

    pub fn new(index: u64, record: Option<u64>) -> InOrder {
        let at = record
            .filter(|&a| a < Self::NOWHERE)
            .unwrap_or(Self::NOWHERE);
        InOrder(at << 32 | (index & u64::from(u32::MAX)))
    }

    pub fn index(self) -> u64 {
        self.0 & u64::from(u32::MAX)
    }

    /// Where the record's length prefix is in D02, if found.
    pub fn record(self) -> Option<u64> {
        let at = self.0 >> 32;
        (at != Self::NOWHERE).then_some(at)
    }
}

/// What one reading of a game found.
struct Read {
    hit: Option<Hit>,
    /// The main line reached a position that cannot reach the target.
    ruled_out: bool,
}

/// The visitor of one game: where the line is, whether it can still reach
/// the target, and the first hit. Reset by `end_game`, so one serves every
/// game.
struct Finder<'t> {
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
}

impl<'t> Finder<'t> {
    fn new(target: &'t Target, variations: bool) -> Self {
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
            return ControlFlow::Break(());
        }
        // A null move ends the line: no position after it is the game's.
        if (self.dead || !matches!(ply, Ply::Move(_))) && !self.muted {
            if self.depth == 0 {
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
        let read = Read {
            hit: self.hit.take(),
            ruled_out: self.ruled_out,
        };
        self.reset();
        read
    }
}

#[cfg(test)]
mod tests {
    use alloc::{borrow::Cow, format, string::String, vec::Vec};
    use core::{cell::Cell, ops::ControlFlow};

    use shakmaty::Chess;

    use crate::{
        bytes::ReadAt,
        ca::{Database, DatabaseFiles, OpenOptions, format::d00, writer},
        error::ErrorKind,
        game::{GameVisitor, Ply},
    };

    /// `n` games of `movetext`, each with its own Round tag, in the
    /// writer's default layout: records shuffled against game order,
    /// GameIDs redirected.
    fn shuffled(n: usize, movetext: &str) -> DatabaseFiles<Vec<u8>> {
        let pgn: String = (0..n)
            .map(|i| format!("[Round \"{i}\"]\n{movetext} *\n\n"))
            .collect();
        let games = crate::game::import::read_pgn(&pgn).unwrap();
        writer::write_database(&games, &Default::default())
            .unwrap()
            .0
    }

    /// The writer's default layout shuffles the records against game order;
    /// read in record order, every game comes once, its record after the last.
    #[test]
    fn record_order_is_every_game_once_front_to_back() {
        let files = shuffled(200, "1. e4 e5 2. Nf3");
        let db = Database::open(files, OpenOptions::default()).unwrap();
        let order: Vec<u64> = db.indices_in_record_order();
        let offsets: Vec<u64> = order
            .iter()
            .map(|&i| db.record_offset(db.raw_header(i).unwrap().game_id).unwrap())
            .collect();
        assert!(offsets.windows(2).all(|w| w[0] < w[1]), "{offsets:?}");
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..200).collect::<Vec<u64>>());
        // Not game order, or the test shows nothing.
        assert_ne!(order, sorted);
    }

    /// Bytes that count the reads made of them.
    struct Counted {
        bytes: Vec<u8>,
        reads: Cell<u32>,
    }

    impl ReadAt for Counted {
        fn size(&self) -> u64 {
            self.bytes.len() as u64
        }
        fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, ErrorKind> {
            self.reads.set(self.reads.get() + 1);
            self.bytes.read_at(offset, len)
        }
    }

    /// Every ply of a game, variations included, and no text.
    struct Plies(Vec<Ply>);

    impl GameVisitor for Plies {
        type Output = Vec<Ply>;
        fn wants_text(&self) -> bool {
            false
        }
        fn ply(&mut self, _: &Chess, ply: &Ply) -> ControlFlow<()> {
            self.0.push(ply.clone());
            ControlFlow::Continue(())
        }
        fn end_game(&mut self) -> Vec<Ply> {
            core::mem::take(&mut self.0)
        }
    }

    /// A game read from its entry in record order gives what it gives read
    /// by index, its record's bytes too, errors included (a damaged record; a header naming no
    /// game, which the order cannot locate), on the writer's shuffled and
    /// redirected layout; and it reads D00 only for the game not located.
    #[test]
    fn reading_in_record_order_equals_reading_by_index_without_d00() {
        let mut files = shuffled(120, "1. e4 e5 2. Nf3 (2. Bc4 Nf6 {c}) 2... Nc6 3. Bb5 a6");
        // Game 7's header names a GameID past A02: the order cannot
        // locate it. Game 30's record gets an unknown code.
        let db = Database::open(files.clone(), OpenOptions::default()).unwrap();
        let mut h = db.raw_header(7).unwrap();
        h.game_id = 1_000_000;
        files.d00[7 * d00::RECORD_LEN..8 * d00::RECORD_LEN].copy_from_slice(&h.to_bytes());
        let (base, body) = db.record(30).unwrap();
        let last = base as usize + body.len() - 1;
        files.d02[last] = 0xfe;
        let counted = |b: &Vec<u8>| Counted {
            bytes: b.clone(),
            reads: Cell::new(0),
        };
        let db = Database::open(
            DatabaseFiles {
                cdp: counted(&files.cdp),
                emb: counted(&files.emb),
                d00: counted(&files.d00),
                a02: counted(&files.a02),
                d02: counted(&files.d02),
            },
            OpenOptions::default(),
        )
        .unwrap();
        let order = db.records_in_order();
        assert_eq!(order.len(), 120);
        let mut errors = 0;
        for &entry in &order {
            let index = entry.index();
            let before = db.files.d00.reads.get();
            let (plies, error) =
                db.read_game_in_order(entry, db.convention(), &mut Plies(Vec::new()));
            // The record's bytes too, as the doctor's scan reads them.
            let record = db.record_in_order(entry);
            let d00_reads = db.files.d00.reads.get() - before;
            let (want, want_error) = db.read_game(index, &mut Plies(Vec::new()));
            assert_eq!(plies, want, "game {index}");
            assert_eq!(error, want_error, "game {index}");
            assert_eq!(record, db.record(index), "game {index}");
            errors += usize::from(error.is_some());
            assert_eq!(d00_reads, 2 * u32::from(index == 7), "game {index}");
            if index != 7 && index != 30 {
                assert_eq!(plies.len(), 8, "game {index}");
            }
        }
        // Both damaged games fail, so the test sees the error paths.
        assert_eq!(errors, 2);
    }
}
