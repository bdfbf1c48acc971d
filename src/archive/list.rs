//! One list over the games of many databases (issue 47): the archive's
//! numbering, and the list's search, sort and rows across its members.
//!
//! The archive numbers its games member after member, in the archive's
//! order ([`Spans`]): game `g` is game `g - start` of the member whose
//! games start at or before it. The members are the databases that
//! opened: one that did not is the caller's to name, and costs only
//! itself. Each member
//! keeps its own readings (file direction, code page, ECO reading); only
//! the numbering and the names' order are the archive's. A single
//! database is an archive of one, and reads as that database does.
//!
//! ```
//! use cadb::archive::list::{Member, NameRanks, Spans, search, sort};
//! use cadb::ca::{Database, OpenOptions, columns::Column, search::{HeaderIndex, Query}, writer};
//! let open = |pgn: &str| {
//!     let games = cadb::game::import::read_pgn(pgn).unwrap();
//!     let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
//!     Database::open(files, OpenOptions::default()).unwrap()
//! };
//! let a = open("[White \"Zoe\"]\n1. e4 *\n\n[White \"Anna\"]\n1. d4 *\n");
//! let b = open("[White \"Boris\"]\n1. c4 *\n");
//! let (ia, ib) = (HeaderIndex::new(&a), HeaderIndex::new(&b));
//! let members = [Member { db: &a, index: &ia }, Member { db: &b, index: &ib }];
//! let spans = Spans::new(members.iter().map(|m| m.db.count()));
//! assert_eq!(spans.locate(2), Some((1, 0)));
//! let q = Query { text: Some("o".into()), ..Query::default() };
//! let found = search(&members, &spans, &mut |m, _| m.index.search(m.db, &q), &mut |_, _| {});
//! assert_eq!(found.unwrap(), [0, 2]);
//! let ranks = NameRanks::new(&members);
//! // Anna, Boris, Zoe: the names compared across the databases.
//! assert_eq!(sort(&members, &spans, &ranks, Column::White, false, None).unwrap(), [1, 2, 0]);
//! ```

use alloc::{string::String, vec, vec::Vec};

use crate::{
    bytes::ReadAt,
    ca::{
        Database, ListKind,
        columns::{self, Column},
        search::{HeaderIndex, sort_keys},
    },
    error::Error,
    openings::Openings,
};

use super::dedupe::sort_games;

/// A member of the list: an open database and its name index.
pub struct Member<'a, R: ReadAt> {
    pub db: &'a Database<R>,
    pub index: &'a HeaderIndex,
}

/// Where each member's games start in the archive's numbering (prefix
/// sums of their counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spans {
    /// `starts[k]`: member `k`'s first game; the last entry is the total.
    starts: Vec<u64>,
}

impl Spans {
    /// The numbering of members with these game counts (0 for a member
    /// that did not open).
    pub fn new(counts: impl IntoIterator<Item = u64>) -> Spans {
        let mut starts = vec![0u64];
        for c in counts {
            starts.push(starts[starts.len() - 1] + c);
        }
        Spans { starts }
    }

    /// The games of every member.
    pub fn total(&self) -> u64 {
        self.starts[self.starts.len() - 1]
    }

    /// How many members there are.
    pub fn members(&self) -> usize {
        self.starts.len() - 1
    }

    /// Member `k`'s first game in the archive, if there is a member `k`.
    pub fn start(&self, k: usize) -> Option<u64> {
        (k < self.members()).then(|| self.starts[k])
    }

    /// Archive game `g` as (member, game in it); `None` past the end.
    pub fn locate(&self, g: u64) -> Option<(usize, u64)> {
        if g >= self.total() {
            return None;
        }
        // The last start at or before g: members without games share their
        // start with the next, which is the one holding g.
        let k = self.starts.partition_point(|&s| s <= g) - 1;
        Some((k, g - self.starts[k]))
    }

    /// Game `game` of member `k` in the archive's numbering; `None` when
    /// there is no such game.
    pub fn global(&self, k: usize, game: u64) -> Option<u64> {
        let start = self.start(k)?;
        (game < self.starts[k + 1] - start).then_some(start + game)
    }

    /// Member `k`'s pass at `done` of `of` as games of the whole archive
    /// done: a member's pass may count other things than its games (a
    /// first read of its records), so its share is scaled to its games.
    pub fn done_at(&self, k: usize, done: u64, of: u64) -> u64 {
        let (Some(start), Some(&end)) = (self.start(k), self.starts.get(k + 1)) else {
            return self.total();
        };
        start + (done.min(of) * (end - start)).checked_div(of).unwrap_or(0)
    }

    /// The archive games `indices` split by member: for each member, its
    /// games' numbers in it. Indices past the end are left out.
    pub fn split(&self, indices: &[u32]) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); self.members()];
        for &g in indices {
            if let Some((k, i)) = self.locate(u64::from(g)) {
                out[k].push(i as u32);
            }
        }
        out
    }
}

/// How a member is searched: its games found (ascending), reporting
/// `progress(done, total)` of them.
pub type MemberSearch<'f, R> =
    dyn FnMut(&Member<'_, R>, &mut dyn FnMut(u64, u64)) -> Result<Vec<u32>, Error> + 'f;

/// A failure in one member: its number, and what went wrong. (Rare, and
/// the end of the call: its size costs nothing, hence the `allow`s.)
pub type MemberError = (usize, Error);

/// The rank of every name id of every member, compared across them: equal
/// lower-cased names rank the same wherever they are. An archive of one
/// is not ranked here: [`sort`] uses the database's own order (its `.iii`
/// order first), as the database's list does.
#[derive(Clone, Debug, Default)]
pub struct NameRanks {
    /// `ranks[k][kind]`: member `k`'s ids of that list, each its rank
    /// (0 for an id without a record).
    ranks: Vec<[Vec<u32>; 4]>,
}

impl NameRanks {
    /// Ranks the names of `members` (nothing for fewer than two).
    pub fn new<R: ReadAt>(members: &[Member<'_, R>]) -> NameRanks {
        if members.len() < 2 {
            return NameRanks::default();
        }
        let mut ranks: Vec<[Vec<u32>; 4]> = members.iter().map(|_| Default::default()).collect();
        for kind in ListKind::ALL {
            // Every record of every member, one after another, by name
            // (ties in that order, so the order is the same every time);
            // one sort shared with the duplicate rule's (wasm size).
            let mut names: Vec<&str> = Vec::new();
            let mut firsts = Vec::with_capacity(members.len());
            for m in members {
                firsts.push(names.len());
                names.extend(m.index.lower_names(kind));
            }
            let mut order: Vec<u32> = (0..names.len() as u32).collect();
            let name = |r: u32| names[r as usize];
            sort_games(&mut order, &|a, b| name(a).cmp(name(b)).then(a.cmp(&b)));
            // Equal names rank the same.
            let mut record_rank = vec![0u32; names.len()];
            let mut rank = 0u32;
            for (j, &r) in order.iter().enumerate() {
                if j == 0 || name(order[j - 1]) != name(r) {
                    rank += 1;
                }
                record_rank[r as usize] = rank;
            }
            for (k, m) in members.iter().enumerate() {
                let (t, first) = (m.db.list(kind), firsts[k]);
                let records = firsts.get(k + 1).unwrap_or(&names.len()) - first;
                ranks[k][kind as usize] = (0..t.len())
                    .map(|id| {
                        t.record_index(id)
                            .filter(|&r| (r as usize) < records)
                            .map_or(0, |r| record_rank[first + r as usize])
                    })
                    .collect();
            }
        }
        NameRanks { ranks }
    }
}

/// The archive's games that `find` finds in each member (its games,
/// ascending, reporting `progress(done, total)` of them), ascending:
/// `progress` counts games of the whole archive.
#[allow(clippy::result_large_err)]
pub fn search<R: ReadAt>(
    members: &[Member<'_, R>],
    spans: &Spans,
    find: &mut MemberSearch<'_, R>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<u32>, MemberError> {
    let total = spans.total();
    let mut out = Vec::new();
    for (k, m) in members.iter().enumerate() {
        let start = spans.start(k).unwrap_or(total);
        let mut each = |done: u64, of: u64| progress(spans.done_at(k, done, of), total);
        let found = find(m, &mut each).map_err(|e| (k, e))?;
        out.extend(found.into_iter().map(|i| (start + u64::from(i)) as u32));
    }
    Ok(out)
}

/// The archive's games (all, or `subset`, in its numbering) ordered by
/// `key`; ties keep the archive's order. Names compare by `ranks` across
/// members; an archive of one sorts as its database does.
#[allow(clippy::result_large_err)]
pub fn sort<R: ReadAt>(
    members: &[Member<'_, R>],
    spans: &Spans,
    ranks: &NameRanks,
    key: Column,
    descending: bool,
    subset: Option<&[u32]>,
) -> Result<Vec<u32>, MemberError> {
    if let [one] = members {
        return one
            .index
            .sort(one.db, key, descending, subset)
            .map_err(|e| (0, e));
    }
    if !key.sortable() {
        let what = "this list column cannot be sorted (it is not in the headers)";
        return Err((0, Error::argument(what)));
    }
    let split = subset.map(|s| spans.split(s));
    let mut keyed = Vec::new();
    for (k, m) in members.iter().enumerate() {
        let Some(start) = spans.start(k) else { break };
        if key == Column::Database {
            // By member, each one's games in order: no record read.
            let member = if descending { !(k as u32) } else { k as u32 };
            let games: Vec<u32> = match split.as_ref() {
                Some(s) => s[k].clone(),
                None => (0..m.db.count() as u32).collect(),
            };
            keyed.extend(
                games
                    .into_iter()
                    .map(|i| u64::from(member) << 32 | (start + u64::from(i))),
            );
            continue;
        }
        let rank = |kind: ListKind, id: u32| {
            ranks
                .ranks
                .get(k)
                .and_then(|r| r[kind as usize].get(id as usize).copied())
                .unwrap_or(u32::MAX)
        };
        let subset = split.as_ref().map(|s| &s[k][..]);
        sort_keys(
            m.db,
            key,
            descending,
            subset,
            &rank,
            start as u32,
            &mut keyed,
        )
        .map_err(|e| (k, e))?;
    }
    keyed.sort_unstable();
    Ok(keyed.into_iter().map(|x| x as u32).collect())
}

/// A page of the archive's list: [`columns::Rows`] with each row's member.
/// The index column's text is the game's number in its own database.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rows {
    /// The games of the page in the archive's numbering, in the order asked
    /// (games past the end left out).
    pub index: Vec<u32>,
    /// Each row's member.
    pub member: Vec<u32>,
    /// `text[c as usize][k]`: the text of [`Column`] `c` for row `k`.
    pub text: Vec<Vec<String>>,
}

/// The rows of archive games `indices` in `members` (each one's name and
/// database), in the order asked, each read as its database's list reads
/// it ([`columns::rows`]) and the [`Column::Database`] column its name.
#[allow(clippy::result_large_err)]
pub fn rows<R: ReadAt>(
    members: &[(&str, &Database<R>)],
    spans: &Spans,
    indices: &[u32],
    openings: Option<&Openings>,
) -> Result<Rows, MemberError> {
    let mut out = Rows {
        text: Column::ALL
            .iter()
            .map(|_| Vec::with_capacity(indices.len()))
            .collect(),
        ..Rows::default()
    };
    for &g in indices {
        let Some((k, i)) = spans.locate(u64::from(g)) else {
            continue;
        };
        let Some(&(name, db)) = members.get(k) else {
            continue;
        };
        // A row at a time: a page is a few dozen rows.
        let mut row = columns::rows(db, &[i as u32], openings).map_err(|e| (k, e))?;
        if row.index.is_empty() {
            continue;
        }
        for (c, column) in out.text.iter_mut().enumerate() {
            column.push(match Column::ALL[c] {
                Column::Database => String::from(name),
                _ => core::mem::take(&mut row.text[c][0]),
            });
        }
        out.index.push(g);
        out.member.push(k as u32);
    }
    Ok(out)
}
