//! Searching and sorting a database by its headers, without decoding a game.
//!
//! Name queries are matched once against each name table (a few thousand
//! names), giving a set of matching ids; the scan over D00 then compares
//! numbers only, so a million headers take milliseconds. Sorting by a name
//! column uses the table's `.iii` order when it has one, else the decoded
//! names compared case-insensitively.
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
    format::d00::{RawHeader, date_year, encode_eco, outcome_result},
};
use crate::{bytes::ReadAt, error::Error, game::headers::GameResult};

/// Which player a player query matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// White or Black.
    #[default]
    Either,
    White,
    Black,
}

/// A header search. Every field that is set must match; text matches are
/// case-insensitive substrings of the decoded names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// Matches either player, the event or the site; a 4-digit number also
    /// matches the year.
    pub text: Option<String>,
    pub player: Option<String>,
    /// Which side [`Query::player`] must be.
    pub color: Side,
    pub event: Option<String>,
    pub site: Option<String>,
    pub annotator: Option<String>,
    pub year_from: Option<u16>,
    pub year_to: Option<u16>,
    /// ECO range, inclusive, as `A00`..`E99`.
    pub eco_from: Option<String>,
    pub eco_to: Option<String>,
    pub result: Option<GameResult>,
    /// Both players rated at least this (unrated players do not match).
    pub min_elo: Option<u16>,
}

/// The decoded, lower-cased name tables of a database, for searching and
/// sorting. Build it again after [`Database::set_encoding`].
#[derive(Clone, Debug)]
pub struct HeaderIndex {
    /// Lower-cased names by record, per [`ListKind::ALL`] order.
    lower: [LowerNames; 4],
    /// Rank of each id in sorted order, per list: built on the first sort
    /// (sorting 100k+ names would double the first search's time).
    rank: OnceCell<[Vec<u32>; 4]>,
}

/// One table's lower-cased names in one string, NUL after each: a substring
/// query is one search through it (a few MB for 100k+ names), not one a
/// name.
#[derive(Clone, Debug, Default)]
struct LowerNames {
    text: String,
    /// Where each record's name starts in `text`.
    starts: Vec<u32>,
}

impl LowerNames {
    fn push(&mut self, name: &str) {
        self.starts.push(self.text.len() as u32);
        if name.contains('\0') {
            // A NUL inside a name (a damaged table) would split it.
            self.text.push_str(&name.replace('\0', "\u{FFFD}"));
        } else {
            self.text.push_str(name);
        }
        self.text.push('\0');
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    /// Name of record `id`, or `""` past the end.
    fn name(&self, id: u32) -> &str {
        let id = id as usize;
        let (Some(&start), end) = (self.starts.get(id), self.starts.get(id + 1)) else {
            return "";
        };
        let end = end.map_or(self.text.len(), |&e| e as usize);
        self.text
            .get(start as usize..end.saturating_sub(1))
            .unwrap_or("")
    }

    /// Which records' names contain `needle`.
    fn matching(&self, needle: &str) -> Vec<bool> {
        let mut set = vec![needle.is_empty(); self.len()];
        if needle.is_empty() || needle.contains('\0') {
            return set;
        }
        // Matches come in text order: walk the ids along with them.
        let mut id = 0usize;
        for (at, _) in self.text.match_indices(needle) {
            while self.starts.get(id + 1).is_some_and(|&s| s as usize <= at) {
                id += 1;
            }
            if let Some(slot) = set.get_mut(id) {
                *slot = true;
            }
        }
        set
    }
}

/// ECO text of exactly three characters to its D00 value (`A00` = 0 ..
/// `E99` = 499): a query bound, so no sub-code.
pub fn eco_value(eco: &str) -> Option<u16> {
    encode_eco(eco).filter(|_| eco.trim().len() == 3)
}

impl HeaderIndex {
    /// Decodes every name record of the four tables in the database's
    /// encoding, once each (ids that share a record share its name).
    pub fn new<R: ReadAt>(db: &Database<R>) -> HeaderIndex {
        let enc = db.text();
        let lower = ListKind::ALL.map(|kind| {
            let t = db.list(kind);
            let mut names = LowerNames::default();
            for r in 0..t.record_count() {
                names.push(&crate::text::lower(
                    &t.record_name(r, enc).unwrap_or_default(),
                ));
            }
            names
        });
        HeaderIndex {
            lower,
            rank: OnceCell::new(),
        }
    }

    /// The rank of every id in sorted order, per list: the table's `.iii`
    /// order when it has one, else the lower-cased names (an id without a
    /// name first).
    fn ranks<R: ReadAt>(&self, db: &Database<R>) -> &[Vec<u32>; 4] {
        self.rank.get_or_init(|| {
            ListKind::ALL.map(|kind| {
                let t = db.list(kind);
                let n = t.len() as usize;
                if t.has_sort_order() {
                    // The stored order, then any id it misses (damaged or partial .iii).
                    let mut seen = vec![false; n];
                    let mut order: Vec<u32> = t
                        .sort_order()
                        .filter(|&id| {
                            (id as usize) < n && !core::mem::replace(&mut seen[id as usize], true)
                        })
                        .collect();
                    order.extend((0..n as u32).filter(|&id| !seen[id as usize]));
                    let mut rank = vec![0u32; n];
                    for (r, id) in order.into_iter().enumerate() {
                        rank[id as usize] = r as u32;
                    }
                    rank
                } else {
                    let lower = &self.lower[kind as usize];
                    let mut order: Vec<u32> = (0..lower.len() as u32).collect();
                    // Equal names by record, as a stable sort would (an unstable
                    // sort is half the size in the wasm module).
                    order.sort_unstable_by(|&a, &b| {
                        lower.name(a).cmp(lower.name(b)).then(a.cmp(&b))
                    });
                    let mut record_rank = vec![0u32; order.len()];
                    for (r, rec) in order.into_iter().enumerate() {
                        record_rank[rec as usize] = r as u32 + 1;
                    }
                    (0..n as u32)
                        .map(|id| t.record_index(id).map_or(0, |r| record_rank[r as usize]))
                        .collect()
                }
            })
        })
    }

    /// Which ids of `kind`'s table have a name containing `needle` (already
    /// lower-cased).
    fn matching<R: ReadAt>(&self, db: &Database<R>, kind: ListKind, needle: &str) -> Vec<bool> {
        let records = self.lower[kind as usize].matching(needle);
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
        let player = lower(&q.player).map(|p| self.matching(db, ListKind::Players, &p));
        let event = lower(&q.event).map(|p| self.matching(db, ListKind::Events, &p));
        let site = lower(&q.site).map(|p| self.matching(db, ListKind::Places, &p));
        let annotator = lower(&q.annotator).map(|p| self.matching(db, ListKind::Players, &p));
        let eco_from = q.eco_from.as_deref().and_then(eco_value);
        let eco_to = q.eco_to.as_deref().and_then(eco_value);

        let mut out = Vec::new();
        db.scan_raw_headers(0, db.count(), |i, h| {
            let ok = text_sets.as_ref().is_none_or(|[p, e, s]| {
                let has = |set: &Vec<bool>, id: u32| set.get(id as usize).copied().unwrap_or(false);
                has(p, h.white_id)
                    || has(p, h.black_id)
                    || has(e, h.event_id)
                    || has(s, h.site_id)
                    || text_year.is_some_and(|y| date_year(h.date) == y)
            }) && player.as_ref().is_none_or(|_| match q.color {
                Side::White => hit(&player, h.white_id),
                Side::Black => hit(&player, h.black_id),
                Side::Either => hit(&player, h.white_id) || hit(&player, h.black_id),
            }) && hit(&event, h.event_id)
                && hit(&site, h.site_id)
                && hit(&annotator, h.annotator_id)
                && year_ok(h, q.year_from, q.year_to)
                && eco_from.is_none_or(|e| db.eco_code(h.eco) < 500 && h.eco >= e)
                && eco_to.is_none_or(|e| db.eco_code(h.eco) < 500 && h.eco <= e)
                && q.result.is_none_or(|r| outcome_result(h.outcome) == r)
                && q.min_elo
                    .is_none_or(|m| h.white_elo >= m && h.black_elo >= m);
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
        // One u64 per game, the 32-bit key above the index: an unstable sort
        // of plain integers, whose ties fall in index order (descending
        // inverts the key, not the index).
        let ranks = self.ranks(db);
        let rank = |kind: ListKind, id: u32| {
            ranks[kind as usize]
                .get(id as usize)
                .copied()
                .unwrap_or(u32::MAX)
        };
        let key_of = |i: u32, h: &RawHeader| {
            // ECO as the database reads it (Q11): a 0 meaning none sorts last.
            let h = &RawHeader {
                eco: db.eco_code(h.eco),
                ..*h
            };
            let k = key.sort_key(i, h, rank).unwrap_or(i);
            let k = if descending { !k } else { k };
            u64::from(k) << 32 | u64::from(i)
        };
        let count = db.count();
        let mut keyed: Vec<u64> = match subset {
            // A small subset reads its own records; a big one (or all) scans
            // D00 in blocks and keeps the subset's keys.
            Some(s) if (s.len() as u64) < count / 64 => {
                let mut keyed = Vec::with_capacity(s.len());
                for &i in s.iter().filter(|&&i| u64::from(i) < count) {
                    keyed.push(key_of(i, &db.raw_header(u64::from(i))?));
                }
                keyed
            }
            Some(s) => {
                let mut all = vec![0u64; count as usize];
                db.scan_raw_headers(0, count, |i, h| all[i as usize] = key_of(i as u32, h))?;
                s.iter()
                    .filter_map(|&i| all.get(i as usize).copied())
                    .collect()
            }
            None => {
                let mut keyed = Vec::with_capacity(count as usize);
                db.scan_raw_headers(0, count, |i, h| keyed.push(key_of(i as u32, h)))?;
                keyed
            }
        };
        keyed.sort_unstable();
        Ok(keyed.into_iter().map(|x| x as u32).collect())
    }
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
mod tests {
    use super::*;
    use crate::ca::{OpenOptions, writer};

    /// 130 games whose Elo, year and players repeat, so sorts have ties.
    fn db() -> Database<Vec<u8>> {
        let mut pgn = String::new();
        for i in 0..130 {
            pgn += &alloc::format!(
                "[White \"P{}\"] [Black \"Q{}\"] [WhiteElo \"{}\"] [Date \"{}.01.01\"] [Result \"1-0\"]\n1. e4 1-0\n\n",
                i % 3,
                i % 4,
                2000 + (i % 2) * 100,
                1990 + i % 5
            );
        }
        let games = crate::game::import::read_pgn(&pgn).unwrap();
        let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
        Database::open(files, OpenOptions::default()).unwrap()
    }

    #[test]
    fn lower_names_match_within_one_name_only() {
        let mut t = LowerNames::default();
        for n in ["", "anna", "boris", "x\0y", "ännä"] {
            t.push(n);
        }
        assert_eq!(t.len(), 5);
        assert_eq!(
            (t.name(0), t.name(1), t.name(2), t.name(4), t.name(9)),
            ("", "anna", "boris", "ännä", "")
        );
        assert_eq!(t.matching("a"), [false, true, false, false, false]);
        assert_eq!(t.matching("ab"), [false; 5]);
        assert_eq!(t.matching("ä"), [false, false, false, false, true]);
        assert_eq!(t.matching("x"), [false, false, false, true, false]);
        assert_eq!(t.matching("\0"), [false; 5]);
        assert_eq!(t.matching(""), [true; 5]);
        assert_eq!(t.matching("anna"), [false, true, false, false, false]);
    }

    #[test]
    fn sorts_match_a_stable_sort_with_ties_in_game_order() {
        let db = db();
        let index = HeaderIndex::new(&db);
        let key = |i: u32, k: Column| {
            let h = db.raw_header(u64::from(i)).unwrap();
            match k {
                Column::WhiteElo => u64::from(h.white_elo),
                Column::Date => u64::from(h.date),
                Column::White => u64::from(index.ranks(&db)[0][h.white_id as usize]),
                _ => u64::from(i),
            }
        };
        for k in [Column::WhiteElo, Column::Date, Column::White, Column::Index] {
            for desc in [false, true] {
                // A big subset and all games scan D00; one game reads its record.
                for subset in [
                    None,
                    Some(&[9u32, 2, 5, 7, 0, 4, 999][..]),
                    Some(&[7u32][..]),
                ] {
                    let mut want: Vec<u32> = subset.map_or((0..130).collect(), |s| {
                        s.iter().copied().filter(|&i| i < 130).collect()
                    });
                    want.sort_by(|&a, &b| {
                        let o = key(a, k).cmp(&key(b, k));
                        if desc { o.reverse() } else { o }.then(a.cmp(&b))
                    });
                    assert_eq!(
                        index.sort(&db, k, desc, subset).unwrap(),
                        want,
                        "{k:?} desc={desc}"
                    );
                }
            }
        }
        let by_elo = index.sort(&db, Column::WhiteElo, true, None).unwrap();
        assert_eq!(by_elo[..4], [1, 3, 5, 7]);
        assert_eq!(by_elo[65..69], [0, 2, 4, 6]);
    }
}
