//! Searching and sorting a database by its headers, without decoding a game.
//!
//! Name queries are matched once against each name table (a few thousand
//! names), giving a set of matching ids; the scan over D00 then compares
//! numbers only, so a million headers take milliseconds. Sorting by a name
//! column ranks each id by its record: in the table's `.iii` order when it
//! has one, then by the decoded names compared case-insensitively.
//!
//! The query is `query.rs`, the lower-cased names `lower.rs`, the records'
//! plies and annotation marks `summaries.rs`.
//!
//! ```
//! use cadb::ca::{Database, OpenOptions, writer, search::{HeaderIndex, Query}};
//! let pgn = "[White \"Anna\"] [Black \"Boris\"]\n1. e4 *\n\n[White \"Boris\"] [Black \"Cleo\"]\n1. d4 *\n";
//! let games = cadb::game::import::read_pgn(pgn).unwrap();
//! let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
//! let db = Database::open(files, OpenOptions::default()).unwrap();
//! let index = HeaderIndex::new(&db);
//! let q = Query { text: Some("boris".into()), ..Query::default() };
//! assert_eq!(index.search(&db, &q).unwrap(), [0, 1]);
//! let q = Query { player: Some("boris".into()), color: cadb::ca::search::Side::White, ..Query::default() };
//! assert_eq!(index.search(&db, &q).unwrap(), [1]);
//! ```

use alloc::{string::String, vec, vec::Vec};
use core::cell::OnceCell;

use super::{
    Database, ListKind,
    columns::Column,
    format::d00::{RawHeader, date_year, outcome_result},
};
use crate::{bytes::ReadAt, error::Error, openings::Openings};

mod hits;
mod lower;
mod query;
mod summaries;

pub use hits::{GameHit, SearchHits, SearchPlan};
use lower::LowerNames;
pub use query::{EloOf, Expressions, Query, Side, eco_value};
pub use summaries::{GameSummaries, summarize};

/// The decoded, lower-cased name tables of a database, for searching and
/// sorting. Build it again after [`Database::set_encoding`].
#[derive(Clone, Debug)]
pub struct HeaderIndex {
    /// Lower-cased names by record, per [`ListKind::ALL`] order.
    lower: [LowerNames; 4],
    /// Rank of each id in sorted order, per list: built on the first sort
    /// (sorting 100k+ names would double the first search's time).
    rank: OnceCell<[Vec<u32>; 4]>,
    /// The records' summaries, built by the first query that needs them.
    summaries: OnceCell<GameSummaries>,
}

impl HeaderIndex {
    /// Decodes every name record of the four tables decoded in bulk
    /// ([`NameTable::in_bulk`](super::NameTable::in_bulk)) in the
    /// database's encoding, once each (ids that share a record share its
    /// name); the others read as no name.
    pub fn new<R: ReadAt>(db: &Database<R>) -> HeaderIndex {
        let enc = db.text();
        let lower = ListKind::ALL.map(|kind| {
            let t = db.list(kind);
            let mut names = LowerNames::default();
            for r in 0..t.record_count() {
                names.push(&crate::text::lower(
                    &t.bulk_name(r, enc).unwrap_or_default(),
                ));
            }
            names
        });
        HeaderIndex {
            lower,
            rank: OnceCell::new(),
            summaries: OnceCell::new(),
        }
    }

    /// The rank of every id in sorted order, per list, by its record (ids
    /// that share a record rank the same; an id without a record first):
    /// the records in the table's `.iii` order when it has one, then any
    /// record it misses by lower-cased name. `.iii` may list any of the ids
    /// that reach a record (§4.9: the writer lists the real ones, and games
    /// may store the heads of chains to them).
    fn ranks<R: ReadAt>(&self, db: &Database<R>) -> &[Vec<u32>; 4] {
        self.rank.get_or_init(|| {
            ListKind::ALL.map(|kind| {
                let t = db.list(kind);
                let lower = &self.lower[kind as usize];
                let records = t.record_count() as usize;
                // Records in the stored order first, each at its first place.
                let mut placed = vec![false; records];
                let mut order: Vec<u32> = t
                    .sort_order()
                    .filter_map(|id| t.record_index(id))
                    .filter(|&r| !core::mem::replace(&mut placed[r as usize], true))
                    .collect();
                let stored = order.len();
                order.extend((0..records as u32).filter(|&r| !placed[r as usize]));
                // Equal names by record, as a stable sort would (an unstable
                // sort is half the size in the wasm module).
                order[stored..]
                    .sort_unstable_by(|&a, &b| lower.name(a).cmp(lower.name(b)).then(a.cmp(&b)));
                let mut record_rank = vec![0u32; records];
                for (rank, r) in order.into_iter().enumerate() {
                    record_rank[r as usize] = rank as u32 + 1;
                }
                (0..t.len())
                    .map(|id| t.record_index(id).map_or(0, |r| record_rank[r as usize]))
                    .collect()
            })
        })
    }

    /// The lower-cased names of `kind`'s records, in record order (the
    /// archive's name ranks compare them across databases).
    pub(crate) fn lower_names(&self, kind: ListKind) -> impl Iterator<Item = &str> + '_ {
        let names = &self.lower[kind as usize];
        (0..names.len() as u32).map(|r| names.name(r))
    }

    /// The name record of the player named `name` (case-insensitive, the
    /// whole name; the first record when several share it), for a
    /// [player card](super::player).
    pub fn player_record(&self, name: &str) -> Option<u32> {
        let name = crate::text::lower(name.trim());
        let names = &self.lower[ListKind::Players as usize];
        (0..names.len() as u32).find(|&r| names.name(r) == name)
    }

    /// Which ids of `kind`'s table have a name containing `needle` (already
    /// lower-cased).
    fn matching<R: ReadAt>(&self, db: &Database<R>, kind: ListKind, needle: &str) -> Vec<bool> {
        self.ids_matching(db, kind, self.lower[kind as usize].matching(needle), needle)
    }

    /// The ids whose record is in `records` (an id without one: only an
    /// empty query).
    fn ids_matching<R: ReadAt>(
        &self,
        db: &Database<R>,
        kind: ListKind,
        records: Vec<bool>,
        needle: &str,
    ) -> Vec<bool> {
        let t = db.list(kind);
        (0..t.len())
            .map(|id| {
                t.record_index(id)
                    .map_or(needle.is_empty(), |r| records[r as usize])
            })
            .collect()
    }

    /// Indices of the games matching `q`, ascending.
    pub fn search<R: ReadAt>(&self, db: &Database<R>, q: &Query) -> Result<Vec<u32>, Error> {
        self.search_with(db, q, None, &mut |_, _| {})
    }

    /// The records' [`GameSummaries`], read on the first call;
    /// `progress(done, total)` while they are read.
    pub fn summaries<R: ReadAt>(
        &self,
        db: &Database<R>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<&GameSummaries, Error> {
        if let Some(s) = self.summaries.get() {
            return Ok(s);
        }
        let built = GameSummaries::build(db, progress)?;
        Ok(self.summaries.get_or_init(|| built))
    }

    /// [`search`](Self::search), with `progress` called while the records
    /// are summarised (a query on plies or annotations, the first time)
    /// or the games replayed (a query on their contents: see
    /// [`search_hits`](Self::search_hits), which `openings` serve).
    pub fn search_with<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        openings: Option<&Openings>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Vec<u32>, Error> {
        let mut go = |done, total| {
            progress(done, total);
            core::ops::ControlFlow::Continue(())
        };
        let found = self.search_hits(db, q, openings, &mut go)?;
        Ok(found.hits.iter().map(|h| h.game).collect())
    }

    /// The games the header conditions of `q` match, ascending; its
    /// conditions on the games' contents are not looked at (a search that
    /// replays no game: the viewer's interactive module has this one only).
    pub fn search_headers<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Vec<u32>, Error> {
        self.header_search(db, q, progress)
    }

    /// The games the header conditions of `q` match, ascending.
    fn header_search<R: ReadAt>(
        &self,
        db: &Database<R>,
        q: &Query,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Vec<u32>, Error> {
        let lower = |s: &Option<String>| {
            s.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(crate::text::lower)
        };
        let hit = |set: &Option<Vec<bool>>, id: u32| {
            set.as_ref()
                .is_none_or(|s| s.get(id as usize).copied().unwrap_or(false))
        };
        let text = lower(&q.text);
        let text_year: Option<u32> = text
            .as_deref()
            .filter(|t| t.len() == 4)
            .and_then(|t| t.parse().ok());
        let text_sets = text.as_deref().map(|t| {
            [
                self.matching(db, ListKind::Players, t),
                self.matching(db, ListKind::Events, t),
                self.matching(db, ListKind::Places, t),
            ]
        });
        let player = lower(&q.player).map(|p| {
            if q.player_exact {
                let records = self.lower[ListKind::Players as usize].matching_whole(&p);
                self.ids_matching(db, ListKind::Players, records, &p)
            } else {
                self.matching(db, ListKind::Players, &p)
            }
        });
        let event = lower(&q.event).map(|p| self.matching(db, ListKind::Events, &p));
        let site = lower(&q.site).map(|p| self.matching(db, ListKind::Places, &p));
        let annotator = lower(&q.annotator).map(|p| self.matching(db, ListKind::Players, &p));
        let source = lower(&q.source).map(|p| self.matching(db, ListKind::Sources, &p));
        let eco_from = q.eco_from.as_deref().and_then(eco_value);
        let eco_to = q.eco_to.as_deref().and_then(eco_value);
        let summaries = if q.reads_records() {
            Some(self.summaries(db, progress)?)
        } else {
            None
        };

        let mut out = Vec::new();
        db.scan_raw_headers(0, db.count(), |i, h| {
            // Which sides the player query matched (both when there is none).
            let (pw, pb) = match player {
                None => (true, true),
                Some(_) => (
                    q.color != Side::Black && hit(&player, h.white_id),
                    q.color != Side::White && hit(&player, h.black_id),
                ),
            };
            let ok = text_sets.as_ref().is_none_or(|[p, e, s]| {
                let has = |set: &Vec<bool>, id: u32| set.get(id as usize).copied().unwrap_or(false);
                has(p, h.white_id)
                    || has(p, h.black_id)
                    || has(e, h.event_id)
                    || has(s, h.site_id)
                    || text_year.is_some_and(|y| date_year(h.date) == y)
            }) && (pw || pb)
                && hit(&event, h.event_id)
                && hit(&site, h.site_id)
                && hit(&annotator, h.annotator_id)
                && hit(&source, h.source_id)
                && year_ok(h, q.year_from, q.year_to)
                && eco_from.is_none_or(|e| db.eco_code(h.eco) < 500 && h.eco >= e)
                && eco_to.is_none_or(|e| db.eco_code(h.eco) < 500 && h.eco <= e)
                && q.result.is_none_or(|r| outcome_result(h.outcome) == r)
                && q.min_elo.is_none_or(|m| {
                    let (w, b) = (h.white_elo >= m, h.black_elo >= m);
                    match q.elo_of {
                        EloOf::Both => w && b,
                        EloOf::Either => w || b,
                        // The opponent of a side the player was found on.
                        EloOf::Opponent => (pw && b) || (pb && w),
                    }
                })
                && q.game_type
                    .is_none_or(|t| game_type_ok(db.game_type_code(h.game_type), t))
                && summaries.is_none_or(|s| {
                    (!q.annotated || s.annotated(i))
                        && (q.plies_from.is_none() && q.plies_to.is_none()
                            || s.plies(i).is_some_and(|p| {
                                q.plies_from.is_none_or(|f| p >= f)
                                    && q.plies_to.is_none_or(|t| p <= t)
                            }))
                });
            if ok {
                out.push(i as u32);
            }
        })?;
        Ok(out)
    }

    /// The games (all, or `subset`) ordered by `key`; ties keep index order.
    /// A column that is not [sortable](Column::sortable) is an error.
    pub fn sort<R: ReadAt>(
        &self,
        db: &Database<R>,
        key: Column,
        descending: bool,
        subset: Option<&[u32]>,
    ) -> Result<Vec<u32>, Error> {
        if !key.sortable() {
            let what = "this list column cannot be sorted (it is not in the headers)";
            return Err(Error::argument(what));
        }
        let ranks = self.ranks(db);
        let rank = |kind: ListKind, id: u32| {
            ranks[kind as usize]
                .get(id as usize)
                .copied()
                .unwrap_or(u32::MAX)
        };
        let mut keyed = Vec::new();
        sort_keys(db, key, descending, subset, &rank, 0, &mut keyed)?;
        keyed.sort_unstable();
        Ok(keyed.into_iter().map(|x| x as u32).collect())
    }
}

/// Appends the sort keys of `db`'s games (all, or `subset`) by `key` to
/// `out`: one `u64` a game, the 32-bit key above the game's index plus
/// `offset` (its number in an archive), so an unstable sort of plain
/// integers leaves ties in index order (descending inverts the key, not
/// the index). `rank` orders a name column. Shared by a database's sort
/// and an archive's ([`crate::archive::list`]).
pub(crate) fn sort_keys<R: ReadAt>(
    db: &Database<R>,
    key: Column,
    descending: bool,
    subset: Option<&[u32]>,
    rank: &dyn Fn(ListKind, u32) -> u32,
    offset: u32,
    out: &mut Vec<u64>,
) -> Result<(), Error> {
    let key_of = |i: u32, h: &RawHeader| {
        // ECO as the database reads it (Q11): a 0 meaning none sorts last.
        let h = &RawHeader {
            eco: db.eco_code(h.eco),
            ..*h
        };
        let i = i.wrapping_add(offset);
        let k = key.sort_key(i, h, rank).unwrap_or(i);
        let k = if descending { !k } else { k };
        u64::from(k) << 32 | u64::from(i)
    };
    let count = db.count();
    match subset {
        // A small subset reads its own records; a big one (or all) scans
        // D00 in blocks and keeps the subset's keys.
        Some(s) if (s.len() as u64) < count / 64 => {
            out.reserve(s.len());
            for &i in s.iter().filter(|&&i| u64::from(i) < count) {
                out.push(key_of(i, &db.raw_header(u64::from(i))?));
            }
        }
        Some(s) => {
            let mut all = vec![0u64; count as usize];
            db.scan_raw_headers(0, count, |i, h| all[i as usize] = key_of(i as u32, h))?;
            out.extend(s.iter().filter_map(|&i| all.get(i as usize).copied()));
        }
        None => {
            out.reserve(count as usize);
            db.scan_raw_headers(0, count, |i, h| out.push(key_of(i as u32, h)))?;
        }
    }
    Ok(())
}

/// Whether a stored game type (one type, or a set over 30) includes type `t`.
fn game_type_ok(stored: u32, t: u32) -> bool {
    stored == t || (stored > 30 && (1..=30).contains(&t) && stored & (1 << (t - 1)) != 0)
}

fn year_ok(h: &RawHeader, from: Option<u16>, to: Option<u16>) -> bool {
    let year = date_year(h.date);
    if from.is_none() && to.is_none() {
        return true;
    }
    year != 0
        && from.is_none_or(|f| year >= u32::from(f))
        && to.is_none_or(|t| year <= u32::from(t))
}

#[cfg(all(test, feature = "pgn"))]
mod tests;
