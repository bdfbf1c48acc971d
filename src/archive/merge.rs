//! One PGN of an archive, its duplicates merged (`cadb pgn FOLDER
//! --dedupe`, and the viewer's "⤓ PGN of all"): each group of copies is
//! written once, the kept copy where it lies, tagged with the copies it
//! stands for; each game is tagged with where it came from when the archive
//! holds more than one database. One place for both, so the page's file is
//! the command's.

use alloc::{collections::BTreeMap, format, string::String, vec::Vec};

use super::{Duplicates, Keys, SOURCE_TAG, source_of};
use crate::{bytes::ReadAt, ca::Database, error::Error};

/// The tag a kept game gets, naming the copies it stands for.
pub const COPIES_TAG: &str = "CACopies";

/// At most this many copies are named in a [`COPIES_TAG`]; then how many more.
pub const COPIES_NAMED: usize = 20;

/// What a merged export writes, decided from every game's key.
#[derive(Clone, Debug)]
pub struct Merge {
    /// Whether each game (numbered as in the keys) is written.
    pub keep: Vec<bool>,
    pub duplicates: Duplicates,
    /// Each database's first key and its games (`None`: it had no keys,
    /// not having opened).
    pub spans: Vec<Option<(usize, u64)>>,
    /// The copies each kept game stands for: its [`COPIES_TAG`]'s value.
    pub copies: BTreeMap<u32, String>,
}

impl Merge {
    /// The plan for databases `names`, whose keys are `keys` in their order,
    /// database `k`'s at `spans[k]`. A copy is named as its database's
    /// `[CASource]` names it ("NAME game N"), or "game N" in an archive of
    /// one.
    ///
    /// ```
    /// use cadb::archive::{Key, Keys, Merge};
    /// use cadb::game::GameResult::WhiteWins;
    /// let mut keys = Keys::new();
    /// keys.push(Key::new(Some(7), WhiteWins, Some(1998), 0), &[1, 2, 3]);
    /// keys.push(Key::new(Some(7), WhiteWins, Some(1998), 1), &[1, 2, 3]);
    /// let plan = Merge::plan(keys, vec![Some((0, 1)), Some((1, 1))], &["A", "B"]);
    /// assert_eq!(plan.keep, [false, true]);
    /// assert_eq!(plan.copies[&1], "A game 0");
    /// ```
    pub fn plan(keys: Keys, spans: Vec<Option<(usize, u64)>>, names: &[&str]) -> Merge {
        let duplicates = Duplicates::find(&keys);
        let keep = duplicates.kept_mask(keys.len());
        drop(keys);
        // A game's database, by a binary search of the databases' first keys.
        let starts: Vec<(usize, usize)> = spans
            .iter()
            .enumerate()
            .filter_map(|(k, s)| Some(((*s)?.0, k)))
            .collect();
        let name = |g: u32| {
            let g = g as usize;
            let at = starts.partition_point(|&(base, _)| base <= g);
            let (base, k) = starts[at.saturating_sub(1)];
            match names.len() {
                1 => format!("game {}", g - base),
                _ => source_of(names[k], (g - base) as u64),
            }
        };
        // Inserted one by one: a map collected from an iterator sorts it
        // first, and a sort's code is large in the wasm module.
        let mut copies = BTreeMap::new();
        for group in &duplicates.groups {
            let mut text = String::new();
            let others = group.games.iter().filter(|&&g| g != group.kept);
            for (n, &g) in others.clone().take(COPIES_NAMED).enumerate() {
                if n > 0 {
                    text.push_str(", ");
                }
                text.push_str(&name(g));
            }
            let more = others.count().saturating_sub(COPIES_NAMED);
            if more > 0 {
                text.push_str(&format!(", and {more} more"));
            }
            copies.insert(group.kept, text);
        }
        Merge {
            keep,
            duplicates,
            spans,
            copies,
        }
    }

    /// Database `k`'s first key, if its keys are those of a database of
    /// `games` games (one opened again may have changed since).
    pub fn base(&self, k: usize, games: u64) -> Option<usize> {
        self.spans
            .get(k)
            .copied()
            .flatten()
            .filter(|&(_, n)| n == games)
            .map(|(base, _)| base)
    }
}

/// Game `index` of `db` as an archive's export writes it, into `out`:
/// tagged `[CASource]` with its database's `source` name, and, merged (the
/// plan and the database's first key), left out when it is a copy, or
/// tagged `[CACopies]` with the copies it stands for. `None`: left out;
/// else the game's error, if it could not be fully decoded.
pub fn write_game<R: ReadAt>(
    db: &Database<R>,
    index: u64,
    source: Option<&str>,
    merge: Option<(&Merge, usize)>,
    out: &mut String,
) -> Option<Option<Error>> {
    let at = merge.map(|(m, base)| (m, base + index as usize));
    if at.is_some_and(|(m, g)| !m.keep[g]) {
        return None;
    }
    let from = source.map(|name| source_of(name, index));
    let copies = at.and_then(|(m, g)| m.copies.get(&(g as u32)));
    let tags = [
        from.as_deref().map(|v| (SOURCE_TAG, v)),
        copies.map(|v| (COPIES_TAG, v.as_str())),
    ];
    Some(db.write_pgn_tagged(index, out, tags))
}
