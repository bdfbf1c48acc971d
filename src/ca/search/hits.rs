//! The search inside games: the header conditions of a [`Query`] first
//! (D00 only), then one replay of each game left, in the order of the
//! records in D02, through [`Matcher`] (every condition on the contents
//! at once, the game stopped as soon as each is decided or one can no
//! longer hold). Damage is counted as the position search counts it: a
//! game that fails before a hit, unless a condition was already ruled
//! out on its main line.

use alloc::vec::Vec;
use core::ops::{ControlFlow, Range};

use super::{HeaderIndex, Query};
use crate::{
    bytes::ReadAt,
    ca::{Database, position::InOrder, stretch},
    error::Error,
    find::Matcher,
    openings::Openings,
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
        opening: Option<&Openings>,
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<SearchHits, Error> {
        self.search_hits_part(db, q, opening, 0, 1, progress)
    }

    /// [`search_hits`](Self::search_hits) of the games in the `part`-th
    /// of `parts` equal stretches of the games to replay, in the order of
    /// their records (so each part reads its own stretch of D02): how the
    /// viewer splits a search between its helper Workers. The parts' hits,
    /// sorted by game, and their counts summed, are the whole search's.
    /// With no condition on the contents, part 0 has every hit.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, search::{Expressions, HeaderIndex, Query}};
    /// let pgn = "1. e4 d5 2. exd5 *\n\n1. d4 d5 *\n\n1. e4 d5 2. exd5 *\n";
    /// let games = cadb::game::import::read_pgn(pgn).unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut q = Query::default();
    /// q.set_expressions(&Expressions { material: Some("diff points>=1"), ..Default::default() }).unwrap();
    /// let go = &mut |_, _| core::ops::ControlFlow::Continue(());
    /// let index = HeaderIndex::new(&db);
    /// let parts = [0, 1].map(|k| index.search_hits_part(&db, &q, None, k, 2, go).unwrap());
    /// let mut games: Vec<u32> = parts.iter().flat_map(|p| p.hits.iter().map(|h| h.game)).collect();
    /// games.sort();
    /// assert_eq!(games, [0, 2]);
    /// assert_eq!(parts[0].searched + parts[1].searched, 3);
    /// // A part past the last is empty, however far past.
    /// let past = index.search_hits_part(&db, &q, None, usize::MAX, 2, go).unwrap();
    /// assert_eq!((past.hits.len(), past.searched), (0, 0));
    /// ```
    pub fn search_hits_part<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        opening: Option<&Openings>,
        part: usize,
        parts: usize,
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<SearchHits, Error> {
        let conditions = q.conditions(opening)?;
        let replays = conditions.any();
        let plan = self.games_to_replay(db, q, replays, &mut |done, total| {
            let _ = progress(done, total);
        })?;
        if !replays {
            return Ok(by_headers(if part == 0 { &plan.by_headers } else { &[] }));
        }
        let part = stretch(plan.len() as u64, part as u64, parts as u64);
        let games = &plan.order[part.start as usize..part.end as usize];
        Ok(replay(db, games, Matcher::new(conditions), progress))
    }

    /// The first half of [`search_hits`](Self::search_hits): the header
    /// conditions, and the games left in the order of their records. The
    /// replays ([`SearchPlan::search_part`]) can then run in parts, each
    /// on a thread of its own with its own [`Database`] over the same
    /// files (`cadb search --threads`); [`SearchPlan::finish`] joins them.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, search::{Expressions, HeaderIndex, Query}};
    /// let pgn = "1. e4 d5 2. exd5 Qxd5 *\n\n1. d4 d5 *\n\n1. e4 d5 2. exd5 *\n";
    /// let games = cadb::game::import::read_pgn(pgn).unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut q = Query::default();
    /// q.set_expressions(&Expressions { material: Some("diff points>=1"), ..Default::default() }).unwrap();
    /// let go = &mut |_, _| core::ops::ControlFlow::Continue(());
    /// let plan = HeaderIndex::new(&db).plan_search(&db, &q, None, &mut |_, _| {}).unwrap();
    /// let parts = [0..1, 1..plan.len()].map(|r| plan.search_part(&db, &q, None, r, go).unwrap());
    /// let found = plan.finish(parts);
    /// assert_eq!(found.hits.iter().map(|h| h.game).collect::<Vec<_>>(), [0, 2]);
    /// assert_eq!(found.searched, 3);
    /// ```
    pub fn plan_search<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        opening: Option<&Openings>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<SearchPlan, Error> {
        let replays = q.conditions(opening)?.any();
        self.games_to_replay(db, q, replays, progress)
    }

    /// The games the header conditions of `q` leave: in the order of
    /// their records when they are to be replayed (`replays`), else as
    /// the search's hits.
    fn games_to_replay<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        replays: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<SearchPlan, Error> {
        let games = self.header_search(db, q, progress)?;
        if !replays {
            return Ok(SearchPlan {
                order: Vec::new(),
                by_headers: games,
            });
        }
        Ok(SearchPlan {
            order: db.record_order(Some(&games))?,
            by_headers: Vec::new(),
        })
    }
}

/// A search inside games, planned ([`HeaderIndex::plan_search`]): the
/// games to replay in the order of their records, or, when `q` has no
/// condition on the contents, the games the headers matched.
pub struct SearchPlan {
    order: Vec<InOrder>,
    by_headers: Vec<u32>,
}

impl SearchPlan {
    /// The games to replay.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether no game is to be replayed.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The replays of `part` (a range of `0..len()`; consecutive records,
    /// so a part reads its stretch of D02 front to back) against the
    /// plan's `q` and `opening`: their hits, in game order, and counts.
    /// `progress(done, total)` counts within the part.
    pub fn search_part<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        opening: Option<&Openings>,
        part: Range<usize>,
        progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Result<SearchHits, Error> {
        let Some(order) = self.order.get(part) else {
            return Ok(SearchHits::default());
        };
        Ok(replay(
            db,
            order,
            Matcher::new(q.conditions(opening)?),
            progress,
        ))
    }

    /// The whole search's result from its parts' (any parts, in any
    /// order: the hits are put in game order).
    pub fn finish(&self, parts: impl IntoIterator<Item = SearchHits>) -> SearchHits {
        if self.order.is_empty() {
            return by_headers(&self.by_headers);
        }
        let mut out = SearchHits::default();
        for part in parts {
            out.hits.extend(part.hits);
            out.searched += part.searched;
            out.damaged += part.damaged;
            out.stopped |= part.stopped;
        }
        out.hits.sort_unstable_by_key(|h| h.game);
        out
    }
}

/// A search with no condition on the contents: the games the headers
/// matched, each a hit at ply 0.
fn by_headers(games: &[u32]) -> SearchHits {
    SearchHits {
        searched: games.len() as u64,
        hits: games.iter().map(|&game| GameHit { game, ply: 0 }).collect(),
        ..SearchHits::default()
    }
}

/// The replay of the games of `order` through `matcher`: their hits in
/// game order, and counts (the whole search's, or a part's).
fn replay<R: ReadAt>(
    db: &Database<R>,
    order: &[InOrder],
    mut matcher: Matcher,
    progress: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> SearchHits {
    let mut out = SearchHits::default();
    let total = order.len() as u64;
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
    out
}
