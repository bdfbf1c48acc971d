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
use crate::{bits::Bits, bytes::ReadAt, error::Error, game::headers::GameResult};

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
    /// [`Query::player`] is a whole name (case-insensitive), not a part of
    /// one: the games of one player, as a [player card](super::player) lists them.
    pub player_exact: bool,
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
    /// The players of [`Query::elo_of`] rated at least this (an unrated
    /// player does not reach it).
    pub min_elo: Option<u16>,
    /// Whose rating [`Query::min_elo`] bounds.
    pub elo_of: EloOf,
    pub source: Option<String>,
    /// A game type, 1–30 ([`encode_game_type`](super::format::d00::encode_game_type)); a game stored with a set
    /// of types (a value over 30) matches each of them.
    pub game_type: Option<u32>,
    /// Main-line plies, inclusive. These two and [`Query::annotated`] read
    /// the D02 records (see [`GameSummaries`]); the others read D00 only.
    pub plies_from: Option<u32>,
    pub plies_to: Option<u32>,
    /// Only games with a comment, a symbol (NAG) or a variation.
    pub annotated: bool,
}

/// Which players a [`Query::min_elo`] bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EloOf {
    /// Both players.
    #[default]
    Both,
    /// At least one of them.
    Either,
    /// The opponent of the [`Query::player`] (of each side it matched):
    /// "my games against 2400+". With no player asked for, as `Either`.
    Opponent,
}

impl Query {
    /// Whether the query needs the D02 records ([`GameSummaries`]).
    pub fn reads_records(&self) -> bool {
        self.plies_from.is_some() || self.plies_to.is_some() || self.annotated
    }
}

/// What a header search needs of each game's D02 record: its main-line
/// plies and whether it is annotated. Read from the record's items
/// ([`summarize`]), never by replaying the game, once per database and
/// only when a query asks ([`HeaderIndex::summaries`]).
///
/// Memory: 2 bytes and 1 bit a game, about 2.1 MB for a million games.
#[derive(Clone, Debug, Default)]
pub struct GameSummaries {
    /// Plies by game, at most `u16::MAX - 1`; [`UNKNOWN_PLIES`] when the
    /// record could not be read at all.
    plies: Vec<u16>,
    /// Bit `i`: game `i` is annotated.
    annotated: Bits,
}

/// [`GameSummaries`]' mark for a record that could not be read: it matches
/// no plies range.
const UNKNOWN_PLIES: u16 = u16::MAX;

/// A record body's main-line move items and whether it holds a comment, a
/// symbol or a variation, counted without replaying it.
///
/// A damaged record (an unknown code, a payload past its end) counts the
/// items before the damage: a game shows those moves too, so a plies range
/// sees it as the list does. Only a record that cannot be read at all has
/// no count.
///
/// ```
/// use cadb::ca::search::summarize;
/// // 1. e4 (1. d4) 1... e5 {!}: two plies, annotated.
/// let body = [231u8, 20, 232, 19, 60, 234, 2, 1];
/// assert_eq!(summarize(&body), (2, true));
/// assert_eq!(summarize(&[19, 60, 250, 19]), (2, false));
/// ```
pub fn summarize(body: &[u8]) -> (u32, bool) {
    use super::record::{Item, Items};
    let mut items = Items::new(body);
    let (mut plies, mut annotated, mut depth) = (0u32, false, 0u32);
    // One cold item parser for it all (no copy of skip_variation's).
    while let Some(Ok((_, item))) = items.next_cold() {
        match item {
            Item::VariationStart => {
                annotated = true;
                depth += 1;
            }
            Item::VariationEnd => depth = depth.saturating_sub(1),
            Item::Comment { .. } => annotated = true,
            it if depth == 0 && it.is_move() => plies += 1,
            _ => {}
        }
    }
    (plies, annotated)
}

impl GameSummaries {
    /// Summarises every game's record; `progress(done, total)` now and then.
    pub fn build<R: ReadAt>(
        db: &Database<R>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<GameSummaries, Error> {
        let count = db.count();
        let mut out = GameSummaries {
            plies: Vec::with_capacity(count as usize),
            annotated: Bits::new(count as usize),
        };
        db.scan_raw_headers(0, count, |i, h| {
            let (plies, annotated) = db
                .with_record(i, h, |_, body| summarize(body))
                .map_or((u32::from(UNKNOWN_PLIES), false), |(p, a)| {
                    (p.min(u32::from(UNKNOWN_PLIES) - 1), a)
                });
            out.plies.push(plies as u16);
            if annotated {
                out.annotated.insert(i as usize);
            }
            if i % 4096 == 4095 {
                progress(i + 1, count);
            }
        })?;
        progress(count, count);
        Ok(out)
    }

    /// Main-line plies of game `i`; `None` when its record could not be read.
    pub fn plies(&self, i: u64) -> Option<u32> {
        let p = *self.plies.get(i as usize)?;
        (p != UNKNOWN_PLIES).then_some(u32::from(p))
    }

    /// Whether game `i` has a comment, a symbol or a variation.
    pub fn annotated(&self, i: u64) -> bool {
        self.annotated.get(i as usize)
    }
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
    /// The records' summaries, built by the first query that needs them.
    summaries: OnceCell<GameSummaries>,
}

/// One table's lower-cased names in one string, NUL after each: a substring
/// query is one search through it (a few MB for 100k+ names), not one a
/// name. The [Latin forms](crate::text::latin) of Cyrillic names are a
/// second such string, so a query in Latin finds them too.
#[derive(Clone, Debug, Default)]
struct LowerNames {
    text: String,
    /// Where each record's name starts in `text`.
    starts: Vec<u32>,
    latin: String,
    /// Where each Latin form starts in `latin`, and its record.
    latin_starts: Vec<u32>,
    latin_records: Vec<u32>,
}

/// Calls `f(k)` for each name `k` of `text` (names NUL-terminated, starting
/// at `starts`) that contains `needle`.
fn names_containing(text: &str, starts: &[u32], needle: &str, mut f: impl FnMut(usize)) {
    // Matches come in text order: walk the names along with them.
    let mut k = 0usize;
    for (at, _) in text.match_indices(needle) {
        while starts.get(k + 1).is_some_and(|&s| s as usize <= at) {
            k += 1;
        }
        f(k);
    }
}

impl LowerNames {
    fn push(&mut self, name: &str) {
        let record = self.starts.len() as u32;
        self.starts.push(self.text.len() as u32);
        if name.contains('\0') {
            // A NUL inside a name (a damaged table) would split it.
            self.text.push_str(&name.replace('\0', "\u{FFFD}"));
        } else {
            self.text.push_str(name);
        }
        self.text.push('\0');
        if let Some(latin) = crate::text::latin(name) {
            self.latin_records.push(record);
            self.latin_starts.push(self.latin.len() as u32);
            self.latin.push_str(&latin.replace('\0', "\u{FFFD}"));
            self.latin.push('\0');
        }
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

    /// Which records' names are `name`, in either form.
    fn matching_whole(&self, name: &str) -> Vec<bool> {
        let mut set: Vec<bool> = (0..self.len() as u32)
            .map(|r| self.name(r) == name)
            .collect();
        for (k, &r) in self.latin_records.iter().enumerate() {
            let start = self.latin_starts[k] as usize;
            let end = self
                .latin_starts
                .get(k + 1)
                .map_or(self.latin.len(), |&e| e as usize);
            if self.latin.get(start..end.saturating_sub(1)) == Some(name) {
                set[r as usize] = true;
            }
        }
        set
    }

    /// Which records' names (or their Latin forms) contain `needle`.
    fn matching(&self, needle: &str) -> Vec<bool> {
        let mut set = vec![needle.is_empty(); self.len()];
        if needle.is_empty() || needle.contains('\0') {
            return set;
        }
        names_containing(&self.text, &self.starts, needle, |k| {
            if let Some(slot) = set.get_mut(k) {
                *slot = true;
            }
        });
        names_containing(&self.latin, &self.latin_starts, needle, |k| {
            if let Some(slot) = self
                .latin_records
                .get(k)
                .and_then(|&r| set.get_mut(r as usize))
            {
                *slot = true;
            }
        });
        set
    }
}

/// ECO text of exactly three characters to its D00 value (`A00` = 0 ..
/// `E99` = 499): a query bound, so no sub-code.
pub fn eco_value(eco: &str) -> Option<u16> {
    encode_eco(eco).filter(|_| eco.trim().len() == 3)
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
        self.search_with(db, q, &mut |_, _| {})
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
    /// are summarised (a query on plies or annotations, the first time).
    pub fn search_with<R: ReadAt>(
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

    /// Five games for the fields added in issue 16 (plies and annotations
    /// counted by hand from the moves).
    fn db16() -> Database<Vec<u8>> {
        let pgn = "\
[White \"Карпов, Анатолий\"] [Black \"Tal\"] [Source \"Informant 12\"] [WhiteElo \"2700\"] [BlackElo \"2300\"]\n1. e4 e5 2. Nf3 *\n\n\
[White \"Tal\"] [Black \"Karpova\"] [Source \"Book\"] [WhiteElo \"2500\"] [BlackElo \"2450\"]\n1. d4 {good} d5 *\n\n\
[White \"Anna\"] [Black \"Tal\"] [WhiteElo \"2100\"]\n1. c4 (1. d4) e5 2. g3 *\n\n\
[White \"Anna\"] [Black \"Boris\"]\n1. e4 $1 *\n\n\
[White \"Boris\"] [Black \"Tal\"] [WhiteElo \"2450\"] [BlackElo \"2000\"]\n*\n";
        let mut games = crate::game::import::read_pgn(pgn).unwrap();
        // The PGN reader keeps a GameType tag among the others.
        games[0].headers.game_type = Some(String::from("model games"));
        games[2].headers.game_type = Some(String::from("2"));
        let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
        Database::open(files, OpenOptions::default()).unwrap()
    }

    #[test]
    fn each_issue_16_field_filters() {
        let db = db16();
        let index = HeaderIndex::new(&db);
        let find = |q: Query| index.search(&db, &q).unwrap();
        let q = Query::default;
        let some = |s: &str| Some(String::from(s));
        assert_eq!(find(q()), [0, 1, 2, 3, 4]);
        assert_eq!(
            find(Query {
                source: some("INFORM"),
                ..q()
            }),
            [0]
        );
        assert_eq!(
            find(Query {
                game_type: Some(3),
                ..q()
            }),
            [0]
        );
        assert_eq!(
            find(Query {
                game_type: Some(2),
                ..q()
            }),
            [2]
        );
        // Latin finds Cyrillic; Cyrillic does not find Latin.
        assert_eq!(
            find(Query {
                text: some("karpov"),
                ..q()
            }),
            [0, 1]
        );
        assert_eq!(
            find(Query {
                player: some("Карпов"),
                ..q()
            }),
            [0]
        );
        assert_eq!(
            find(Query {
                player: some("ann"),
                ..q()
            }),
            [2, 3]
        );
        let exact = |p: &str| Query {
            player: some(p),
            player_exact: true,
            ..q()
        };
        assert_eq!(find(exact("ann")), [0u32; 0]);
        assert_eq!(find(exact(" ANNA ")), [2, 3]);
        assert_eq!(find(exact("karpov, anatoliy")), [0]);
        assert_eq!(find(exact("tal")), [0, 1, 2, 4]);
        let elo = |m, elo_of| Query {
            min_elo: Some(m),
            elo_of,
            ..q()
        };
        assert_eq!(find(elo(2400, EloOf::Both)), [1]);
        assert_eq!(find(elo(2480, EloOf::Either)), [0, 1]);
        assert_eq!(
            find(elo(2480, EloOf::Opponent)),
            [0, 1],
            "no player: either"
        );
        let tal = |m, color| Query {
            player: some("tal"),
            color,
            ..elo(m, EloOf::Opponent)
        };
        assert_eq!(find(tal(2480, Side::Either)), [0]);
        assert_eq!(find(tal(2400, Side::Either)), [0, 1, 4]);
        assert_eq!(find(tal(2400, Side::White)), [1]);
        let plies = |f, t| Query {
            plies_from: f,
            plies_to: t,
            ..q()
        };
        assert_eq!(find(plies(Some(2), Some(2))), [1]);
        assert_eq!(find(plies(Some(3), None)), [0, 2]);
        assert_eq!(find(plies(None, Some(0))), [4]);
        assert_eq!(
            find(Query {
                annotated: true,
                ..q()
            }),
            [1, 2, 3]
        );
        assert_eq!(
            find(Query {
                annotated: true,
                ..plies(Some(2), None)
            }),
            [1, 2]
        );
    }

    /// The item count of every undamaged game of the fixtures equals its
    /// replayed main line, and "annotated" is what the imported game holds.
    #[test]
    fn summaries_agree_with_the_replay_on_the_fixtures() {
        let mut pgn = String::new();
        for f in [
            include_str!("../../tests/data/pgn/scalachess-comments-variations-nags.pgn"),
            include_str!("../../tests/data/pgn/scalachess-fen-setup.pgn"),
            include_str!("../../tests/data/pgn/scalachess-variations-glyphs.pgn"),
            include_str!(
                "../../tests/data/pgn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn"
            ),
        ] {
            pgn += f;
            pgn += "\n\n";
        }
        let games = crate::game::import::read_pgn(&pgn).unwrap();
        let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
        let db = Database::open(files, OpenOptions::default()).unwrap();
        let index = HeaderIndex::new(&db);
        let mut calls = 0;
        let s = index.summaries(&db, &mut |_, _| calls += 1).unwrap();
        assert!(calls > 0);
        let (mut annotated, mut plain) = (0, 0);
        for (i, g) in games.iter().enumerate() {
            let i = i as u64;
            if db.game(i).is_err() {
                continue;
            }
            assert_eq!(s.plies(i), Some(db.main_line_plies(i)), "game {i}");
            let want = !g.comments.is_empty()
                || g.moves.iter().any(|n| {
                    !(n.comments_before.is_empty()
                        && n.comments_after.is_empty()
                        && n.nags.is_empty()
                        && n.nags_before.is_empty()
                        && n.evals.is_empty()
                        && n.variations.is_empty())
                        || n.diagram_before
                        || n.diagram_after
                });
            assert_eq!(s.annotated(i), want, "game {i}");
            if want { annotated += 1 } else { plain += 1 }
        }
        assert!(
            annotated > 0 && plain > 0,
            "{annotated} annotated, {plain} plain"
        );
        assert_eq!(s.plies(u64::MAX), None);
    }

    #[test]
    fn a_damaged_record_counts_the_moves_before_the_damage() {
        assert_eq!(summarize(&[]), (0, false));
        assert_eq!(
            summarize(&[19, 60, 231, 20]),
            (2, true),
            "a variation without end"
        );
        assert_eq!(
            summarize(&[19, 236, 200, 0, 0, 0, 4]),
            (1, false),
            "a comment past the end"
        );
        assert_eq!(
            summarize(&[19, 235, 0, 19]),
            (2, false),
            "an empty comment is no annotation"
        );
    }

    #[test]
    fn game_types_match_one_type_or_a_set() {
        assert!(game_type_ok(3, 3));
        assert!(!game_type_ok(3, 2));
        assert!(game_type_ok(0b101 << 1 | 1 << 30, 2));
        assert!(game_type_ok(0b101 << 1 | 1 << 30, 4));
        assert!(!game_type_ok(0b101 << 1 | 1 << 30, 3));
        assert!(!game_type_ok(u32::MAX, 31));
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
