//! The search inside games: the header conditions of a [`Query`] first
//! (D00 only), then one replay of each game left, in the order of the
//! records in D02, through [`Matcher`] (every condition on the contents
//! at once, the game stopped as soon as each is decided or one can no
//! longer hold). Damage is counted as the position search counts it: a
//! game that fails before a hit, unless a condition was already ruled
//! out on its main line.

use alloc::{string::String, vec::Vec};
use core::ops::ControlFlow;

use super::{HeaderIndex, Query};
use crate::{
    bytes::ReadAt,
    ca::Database,
    error::Error,
    find::{Matcher, OpeningNames},
};

/// A game that matches, and the ply of its first hit (0 when only header
/// conditions were asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameHit {
    pub game: u32,
    pub ply: u32,
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchHits {
    /// In game order.
    pub hits: Vec<GameHit>,
    /// Games replayed (those the header conditions left), or matched by
    /// headers alone.
    pub searched: u64,
    /// Games that failed before a hit (see the module docs).
    pub damaged: u64,
    /// The progress callback stopped the search: `hits` covers only the
    /// games read before.
    pub stopped: bool,
}

/// Games between two progress calls.
const PROGRESS_EVERY: u64 = 4096;

impl HeaderIndex {
    /// The games matching every condition of `q`, each with its hit's
    /// ply: headers first, then one replay of each game left, in the
    /// order of the records in D02 (damage counted as the position search
    /// counts it). `opening` classifies a game's opening for
    /// [`Query::opening`] (without it, such a query is an error). `progress(done, total)` is called every few thousand games
    /// replayed; `Break` stops the search, which returns what it found.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, search::{Expressions, HeaderIndex, Query}};
    /// let pgn = "1. e4 d5 2. exd5 Qxd5 *\n\n1. d4 d5 *\n";
    /// let games = cadb::game::import::read_pgn(pgn).unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut q = Query::default();
    /// q.set_expressions(&Expressions { material: Some("diff points>=1"), ..Default::default() }).unwrap();
    /// let found = HeaderIndex::new(&db)
    ///     .search_hits(&db, &q, None, &mut |_, _| core::ops::ControlFlow::Continue(()))
    ///     .unwrap();
    /// assert_eq!((found.hits[0].game, found.hits[0].ply, found.hits.len()), (0, 3, 1));
    /// ```
    pub fn search_hits<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        opening: Option<&dyn OpeningNames>,
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<SearchHits, Error> {
        let needle: String = q
            .opening
            .as_deref()
            .map(crate::text::lower)
            .unwrap_or_default();
        let conditions = q.conditions(opening, &needle)?;
        let mut summary_progress = |done, total| {
            let _ = progress(done, total);
        };
        let games = self.header_search(db, q, &mut summary_progress)?;
        let mut out = SearchHits::default();
        if !conditions.any() {
            out.searched = games.len() as u64;
            out.hits = games.iter().map(|&game| GameHit { game, ply: 0 }).collect();
            return Ok(out);
        }
        let order = db.record_order(Some(&games))?;
        let total = order.len() as u64;
        let mut matcher = Matcher::new(conditions);
        // Hits as `game << 32 | ply`, sorted into game order at the end
        // (the sort of plain integers the position search has already).
        let mut found: Vec<u64> = Vec::new();
        for (k, &entry) in order.iter().enumerate() {
            if (k as u64).is_multiple_of(PROGRESS_EVERY) && progress(k as u64, total).is_break() {
                out.stopped = true;
                break;
            }
            out.searched += 1;
            let reading = db.read_retrying(|c| db.read_game_in_order(entry, c, &mut matcher));
            match (reading.output.ply, reading.error) {
                (Some(ply), _) => found.push(entry.index() << 32 | u64::from(ply)),
                (None, Some(_)) if !reading.output.ruled_out => out.damaged += 1,
                _ => {}
            }
        }
        if !out.stopped {
            let _ = progress(total, total);
        }
        found.sort_unstable();
        out.hits = found
            .iter()
            .map(|&f| GameHit {
                game: (f >> 32) as u32,
                ply: f as u32,
            })
            .collect();
        Ok(out)
    }
}
