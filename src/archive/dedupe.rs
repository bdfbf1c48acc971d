//! The duplicate rule (issue 47; docs/guide.md, "Duplicates"), on the
//! [`Keys`] of an archive's games:
//!
//! - **Copies**: the same players (case and spaces ignored), start
//!   position, result and main line, and the same year, or one of them has
//!   none. Games without a year join the copies that have one only when a
//!   single year is among them.
//! - **A shorter copy**: the same players and start position, a main line
//!   of at least one move that is a prefix of another's, years as above,
//!   and the same result or `*`. Only when every such longer game lies on
//!   one line (a fragment of two different games is nobody's copy), and
//!   the shorter copy is no more annotated than the longest.
//! - **An unknown player** ("?" or empty) matches nobody: such a game is a
//!   copy only of a game with the same headers and the same whole game,
//!   comments and variations included.
//! - A damaged game is nobody's copy.
//!
//! Of each group one game is **kept**: the longest main line, then the
//! most annotated, then the first.

use alloc::{vec, vec::Vec};
use core::cmp::{Ordering, Reverse};

use super::keys::Keys;

/// How many longer lines a shorter copy's search looks at before it calls
/// the fragment ambiguous (bounds the work on "1. e4" by the same players).
const PREFIX_SCAN: usize = 64;

/// The groups of copies among some games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Duplicates {
    /// Each group of two or more copies, in the order of their first game.
    pub groups: Vec<Group>,
}

/// Games that are copies of one another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The games, in order.
    pub games: Vec<u32>,
    /// The one kept.
    pub kept: u32,
}

impl Duplicates {
    /// The groups of copies among `keys`' games (numbered as in `keys`).
    ///
    /// ```
    /// use cadb::archive::{Duplicates, Key, Keys};
    /// use cadb::game::GameResult::WhiteWins;
    /// let mut keys = Keys::new();
    /// let ab = Some(7); // the players, hashed
    /// keys.push(Key::new(ab, WhiteWins, Some(1998), 0), &[1, 2, 3]);
    /// keys.push(Key::new(ab, WhiteWins, None, 2), &[1, 2, 3]);
    /// keys.push(Key::new(ab, WhiteWins, Some(1998), 0), &[1, 2]);
    /// let d = Duplicates::find(&keys);
    /// assert_eq!(d.groups.len(), 1);
    /// assert_eq!((d.groups[0].games.as_slice(), d.groups[0].kept), (&[0, 1, 2][..], 1));
    /// ```
    pub fn find(keys: &Keys) -> Duplicates {
        let mut sets = Sets::new(keys.len());
        same_text(keys, &mut sets);
        let lines = line_groups(keys, &mut sets);
        shorter_copies(keys, &lines, &mut sets);
        sets.groups(keys)
    }

    /// How many games are dropped (every game of a group but the kept).
    pub fn dropped(&self) -> usize {
        self.groups.iter().map(|g| g.games.len() - 1).sum()
    }

    /// Whether each of `n` games is kept: `false` for a dropped copy.
    pub fn kept_mask(&self, n: usize) -> Vec<bool> {
        let mut keep = vec![true; n];
        for g in &self.groups {
            for &i in &g.games {
                keep[i as usize] = i == g.kept;
            }
        }
        keep
    }
}

/// Sorts games by `order`, a total order: every sort here shares this one
/// copy of the sort's code (each sort of its own type or comparator is
/// another, 5-14 KB of the wasm module).
pub(crate) fn sort_games(games: &mut [u32], order: &dyn Fn(u32, u32) -> Ordering) {
    games.sort_unstable_by(|&a, &b| order(a, b));
}

/// Games with an unknown player: copies when their whole text is the same.
fn same_text(keys: &Keys, sets: &mut Sets) {
    let mut unknown: Vec<u32> = (0..keys.len() as u32)
        .filter(|&i| {
            let k = keys.get(i as usize);
            k.whole && k.players.is_none()
        })
        .collect();
    sort_games(&mut unknown, &|a, b| {
        (keys.get(a as usize).text, a).cmp(&(keys.get(b as usize).text, b))
    });
    for w in unknown.windows(2) {
        if keys.get(w[0] as usize).text == keys.get(w[1] as usize).text {
            sets.join(w[0], w[1]);
        }
    }
}

/// Copies with one main line: the same players, line, result and year.
#[derive(Clone, Copy, Debug)]
struct LineGroup {
    /// A game of it, whose players and line it has.
    game: u32,
    result: u8,
    year: Option<u16>,
    /// The most annotated of its games.
    score: u32,
}

/// Joins the games with the same players, main line, result and year (a
/// game without a year to the copies with one, when they have one year);
/// returns a group for each, sorted by players then line.
fn line_groups(keys: &Keys, sets: &mut Sets) -> Vec<LineGroup> {
    // Sorted by what a run shares.
    let mut known: Vec<u32> = (0..keys.len() as u32)
        .filter(|&i| {
            let k = keys.get(i as usize);
            k.whole && k.players.is_some()
        })
        .collect();
    let order = |i: u32| {
        let k = keys.get(i as usize);
        (
            k.players,
            keys.line(i as usize),
            k.result.index(),
            k.year,
            i,
        )
    };
    sort_games(&mut known, &|a, b| order(a).cmp(&order(b)));
    let mut groups = Vec::new();
    for run in known.chunk_by(|&a, &b| {
        let (ka, kb) = (keys.get(a as usize), keys.get(b as usize));
        ka.players == kb.players
            && ka.result == kb.result
            && keys.line(a as usize) == keys.line(b as usize)
    }) {
        // `run` is sorted by year, those without one first.
        let yearless = run.partition_point(|&i| keys.get(i as usize).year.is_none());
        let dated = &run[yearless..];
        let years = dated
            .chunk_by(|&a, &b| keys.get(a as usize).year == keys.get(b as usize).year)
            .count();
        let mut add = |games: &[u32], year: Option<u16>| {
            for w in games.windows(2) {
                sets.join(w[0], w[1]);
            }
            groups.push(LineGroup {
                game: games[0],
                result: keys.get(games[0] as usize).result.index(),
                year,
                score: games
                    .iter()
                    .map(|&i| keys.get(i as usize).score)
                    .max()
                    .unwrap_or(0),
            });
        };
        if years <= 1 {
            add(run, dated.first().and_then(|&i| keys.get(i as usize).year));
        } else {
            if yearless > 0 {
                add(&run[..yearless], None);
            }
            for same in
                dated.chunk_by(|&a, &b| keys.get(a as usize).year == keys.get(b as usize).year)
            {
                add(same, keys.get(same[0] as usize).year);
            }
        }
    }
    groups
}

/// Joins each shorter copy to the longest of the lines it begins, when
/// they all lie on one line.
fn shorter_copies(keys: &Keys, lines: &[LineGroup], sets: &mut Sets) {
    let players = |g: &LineGroup| keys.get(g.game as usize).players;
    for (i, short) in lines.iter().enumerate() {
        let line = keys.line(short.game as usize);
        if line.is_empty() {
            continue;
        }
        let mut longest: Option<&LineGroup> = None;
        let mut on_one_line = true;
        let mut scanned = 0;
        for long in &lines[i + 1..] {
            let other = keys.line(long.game as usize);
            if players(long) != players(short) || !other.starts_with(line) {
                break;
            }
            scanned += 1;
            if scanned > PREFIX_SCAN {
                on_one_line = false;
                break;
            }
            let results = long.result == short.result || short.result == 0;
            let years = short.year.is_none() || long.year.is_none() || short.year == long.year;
            if other.len() == line.len() || !results || !years {
                continue;
            }
            // Sorted by line, the longer lines of one line come in order,
            // each beginning the next.
            if let Some(prev) = longest {
                let before = keys.line(prev.game as usize);
                if before.len() >= other.len() || !other.starts_with(before) {
                    on_one_line = false;
                    break;
                }
            }
            longest = Some(long);
        }
        if let (true, Some(long)) = (on_one_line, longest)
            && short.score <= long.score
        {
            sets.join(short.game, long.game);
        }
    }
}

/// Union-find over games.
struct Sets {
    parent: Vec<u32>,
}

impl Sets {
    fn new(n: usize) -> Sets {
        Sets {
            parent: (0..n as u32).collect(),
        }
    }

    fn root(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let up = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = up;
            i = up;
        }
        i
    }

    fn join(&mut self, a: u32, b: u32) {
        let (a, b) = (self.root(a), self.root(b));
        if a != b {
            self.parent[a.max(b) as usize] = a.min(b);
        }
    }

    /// The groups of two or more, each with its kept game.
    fn groups(mut self, keys: &Keys) -> Duplicates {
        let n = self.parent.len() as u32;
        let roots: Vec<u32> = (0..n).map(|i| self.root(i)).collect();
        let mut members: Vec<u32> = (0..n).collect();
        // The root is a group's first game: groups come in that order.
        let root = |i: u32| roots[i as usize];
        sort_games(&mut members, &|a, b| (root(a), a).cmp(&(root(b), b)));
        let groups = members
            .chunk_by(|&a, &b| root(a) == root(b))
            .filter(|g| g.len() > 1)
            .map(|g| {
                let games: Vec<u32> = g.to_vec();
                let kept = *games
                    .iter()
                    .max_by_key(|&&i| {
                        let k = keys.get(i as usize);
                        (keys.line(i as usize).len(), k.score, Reverse(i))
                    })
                    .unwrap_or(&games[0]);
                Group { games, kept }
            })
            .collect();
        Duplicates { groups }
    }
}
