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

use alloc::{format, vec, vec::Vec};
use core::ops::ControlFlow;

use super::{Database, RawHeader, stretch};
// Where the search and the passes in record order find it.
pub(crate) use super::records::InOrder;
use crate::{
    bytes::ReadAt,
    error::Error,
    reach::{Summary, Target},
};

mod finder;
mod memo;

use crate::game::GameVisitor;
pub use finder::Hit;
use finder::{Finder, Read};
use memo::Keeping;
pub use memo::SearchMemo;

/// How to search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Look inside variations too, not only the main line.
    pub variations: bool,
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSearch {
    /// The games that reach the position, in game order.
    pub hits: Vec<Hit>,
    /// Games searched.
    pub searched: u64,
    /// Games that failed before reaching the position (see the module docs).
    pub damaged: u64,
    /// The progress callback stopped the search: `hits` covers only the
    /// games read before.
    pub stopped: bool,
    /// Games read from their records: `searched` less those a
    /// [`SearchMemo`] ruled out.
    pub read: u64,
    /// Of those, the games whose record the memo held in memory.
    pub from_memory: u64,
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
    /// of the database for a subset, and 24 bytes a hit. A search that
    /// keeps a memo is [`position_search_with`](Self::position_search_with).
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

    /// [`position_search`](Self::position_search) over all games, or
    /// those of `subset`, with a [`SearchMemo`] kept between searches of
    /// this database: it rules out most games without reading them once
    /// an earlier search has read them (main line only: with
    /// `variations`, every game is read).
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, position::{SearchMemo, SearchOptions}};
    /// let pgn = "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n";
    /// let games = cadb::game::import::read_pgn(pgn).unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut memo = SearchMemo::default();
    /// let go = |_, _| core::ops::ControlFlow::Continue(());
    /// let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b".parse().unwrap();
    /// let first = db.position_search_with(&e4, &SearchOptions::default(), None, &mut memo, go).unwrap();
    /// assert_eq!((first.hits.len(), first.read), (1, 2));
    /// // 1. d4's game left d2 first: it cannot reach 1. e4 e5.
    /// let e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w".parse().unwrap();
    /// let second = db.position_search_with(&e5, &SearchOptions::default(), None, &mut memo, go).unwrap();
    /// assert_eq!((second.hits.len(), second.read), (1, 1));
    /// ```
    pub fn position_search_with(
        &self,
        target: &Target,
        options: &SearchOptions,
        subset: Option<&[u32]>,
        memo: &mut SearchMemo,
        progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<PositionSearch, Error> {
        self.position_search_part(target, options, subset, memo, (0, 1), progress)
    }

    /// [`position_search_with`](Self::position_search_with) over part
    /// `part` of `parts` of the games: a stretch of D02's record order.
    /// The parts' hits joined in game order, and their counts summed, are
    /// the whole search's. A pool's helper searches a part with a memo of
    /// its own, which serves it again when it has the same part.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, position::{SearchMemo, SearchOptions}};
    /// let games = cadb::game::import::read_pgn("1. e4 *\n\n1. d4 *\n\n1. e4 e5 *\n").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b".parse().unwrap();
    /// let go = |_, _| core::ops::ControlFlow::Continue(());
    /// let mut games: Vec<u32> = (0..2)
    ///     .flat_map(|k| {
    ///         let mut memo = SearchMemo::default();
    ///         let part = db.position_search_part(&e4, &SearchOptions::default(), None, &mut memo, (k, 2), go).unwrap();
    ///         part.hits.into_iter().map(|h| h.game)
    ///     })
    ///     .collect();
    /// games.sort();
    /// assert_eq!(games, [0, 2]);
    /// ```
    pub fn position_search_part(
        &self,
        target: &Target,
        options: &SearchOptions,
        subset: Option<&[u32]>,
        memo: &mut SearchMemo,
        (part, parts): (u32, u32),
        mut progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<PositionSearch, Error> {
        if part >= parts {
            return Err(Error::argument(format!("part {part} of {parts}")));
        }
        if memo.games != Some(self.count()) {
            *memo = SearchMemo::new(self.record_order(None)?, self.count());
        }
        let games = stretch(memo.order.len() as u64, part.into(), parts.into());
        let stretch = games.start as usize..games.end as usize;
        let wanted = subset.map(|s| self.wanted(s));
        let is_wanted = |e: &InOrder| wanted.as_ref().is_none_or(|w| w[e.index() as usize]);
        let total = match &wanted {
            Some(_) => memo.order[stretch.clone()]
                .iter()
                .filter(|e| is_wanted(e))
                .count(),
            None => stretch.len(),
        };
        let SearchMemo {
            order,
            traces,
            kept,
            ..
        } = memo;
        let entries = order
            .iter()
            .zip(traces.iter_mut())
            .enumerate()
            .skip(stretch.start)
            .take(stretch.len())
            .filter(|(_, (e, _))| is_wanted(e))
            .map(|(k, (&e, m))| (e, Some((k as u32, m))));
        let rule = (!options.variations).then(|| target.summary());
        let mut keeping = Keeping::new(core::mem::take(kept));
        let found = self.search_entries(
            target,
            options,
            entries,
            total,
            (rule, Some(&mut keeping)),
            &mut progress,
        );
        *kept = keeping.finish();
        Ok(found)
    }

    fn position_search_in(
        &self,
        target: &Target,
        options: &SearchOptions,
        subset: Option<&[u32]>,
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<PositionSearch, Error> {
        let order = self.record_order(subset)?;
        let entries = order.iter().map(|&e| (e, None));
        Ok(self.search_entries(
            target,
            options,
            entries,
            order.len(),
            (None, None),
            progress,
        ))
    }

    /// Reads each entry's game in turn, unless its trace in a memo (with
    /// its place in the memo's order) says it cannot reach `rule` (the
    /// target's summary, when the search may use traces); each reading's
    /// trace goes to the memo. A game whose record `keeping` holds is read
    /// from it, and the hits' records are kept.
    fn search_entries<'m>(
        &self,
        target: &Target,
        options: &SearchOptions,
        entries: impl Iterator<Item = (InOrder, Option<(u32, &'m mut memo::Packed)>)>,
        total: usize,
        (rule, mut keeping): (Option<Summary>, Option<&mut Keeping>),
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> PositionSearch {
        let mut out = PositionSearch::default();
        let mut finder = Finder::new(target, options.variations);
        let total = total as u64;
        // Hits as `game << 32 | k`, sorted into game order at the end.
        let mut found: Vec<u64> = Vec::new();
        let mut hits = Vec::new();
        for (k, (entry, memo)) in entries.enumerate() {
            if (k as u64).is_multiple_of(PROGRESS_EVERY) && progress(k as u64, total).is_break() {
                out.stopped = true;
                break;
            }
            out.searched += 1;
            if let (Some(t), Some((_, m))) = (rule, &memo)
                && !m.may_reach(t)
            {
                continue;
            }
            let game = entry.index() as u32;
            let index = entry.index();
            let slot = memo.as_ref().map(|(k, _)| *k);
            let kept = slot.zip(keeping.as_deref_mut()).and_then(|(k, keeping)| {
                keeping.with_kept(k, |base, body| {
                    self.read_retrying(|c| {
                        let error = self.replay_body(index, base, body, c, &mut finder);
                        (finder.end_game(), error)
                    })
                })
            });
            out.read += 1;
            let reading = match kept {
                Some(reading) => {
                    out.from_memory += 1;
                    reading
                }
                None => {
                    let reading =
                        self.read_retrying(|c| self.read_game_in_order(entry, c, &mut finder));
                    // A hit is likely read by the next search (a step down
                    // the tree): its record is kept.
                    if let (Some(k), Some(keeping), Some(_)) =
                        (slot, keeping.as_deref_mut(), &reading.output.hit)
                        && !keeping.full()
                        && let Ok((base, body)) = self.record_in_order(entry)
                    {
                        keeping.keep(k, base, &body);
                    }
                    reading
                }
            };
            if let Some((_, m)) = memo {
                // A damaged game's trace is not kept: it is read each time,
                // so its damage is counted each time.
                *m = match reading.error {
                    None => reading.output.trace.pack(),
                    Some(_) => memo::Packed::UNKNOWN,
                };
            }
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
        out
    }

    /// One flag per game of the database: in `subset` or not.
    fn wanted(&self, subset: &[u32]) -> Vec<bool> {
        let mut set = vec![false; self.count() as usize];
        for &i in subset {
            if let Some(slot) = set.get_mut(i as usize) {
                *slot = true;
            }
        }
        set
    }

    /// The games to search (all, or those of `subset`) in the order of
    /// their records in D02; a game whose record cannot be located goes
    /// last (its reading then reports the damage).
    pub(crate) fn record_order(&self, subset: Option<&[u32]>) -> Result<Vec<InOrder>, Error> {
        self.record_order_with(subset, |_, _| {})
    }

    /// [`record_order`](Self::record_order), showing `also` every header
    /// read on the way (a pass that needs them too reads D00 once).
    fn record_order_with(
        &self,
        subset: Option<&[u32]>,
        mut also: impl FnMut(u64, &RawHeader),
    ) -> Result<Vec<InOrder>, Error> {
        let wanted = subset.map(|s| self.wanted(s));
        let mut order = Vec::new();
        self.scan_raw_headers(0, self.count(), |i, h| {
            also(i, h);
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
        self.records_in_order_with(|_, _| {})
    }

    /// [`records_in_order`](Self::records_in_order), showing `also` every
    /// header read (up to a D00 that fails to read).
    pub(crate) fn records_in_order_with(&self, also: impl FnMut(u64, &RawHeader)) -> Vec<InOrder> {
        self.record_order_with(None, also)
            .unwrap_or_else(|_| (0..self.count()).map(|i| InOrder::new(i, None)).collect())
    }
}

#[cfg(test)]
mod tests;
