//! The opening tree: per (position, move) statistics from decoded games.
//! Its file of 64-bit records is [`super::file`]; adding games straight
//! from a Chess Assistant database is `OpeningTree::add_ca_game` (`from_ca.rs`).
//!
//! Positions are keyed by their shakmaty Zobrist64 hash (legal en passant
//! squares only), which answers the spec's open Q2 (how a record finds its
//! position). Building collects one small tuple per ply and sorts/aggregates
//! in batches, so 100,000 games take seconds and no ply allocates.
//!
//! ```
//! use cadb::game::import::read_pgn;
//! use cadb::stats::{OpeningTree, TreeFile};
//! let games = read_pgn("[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2").unwrap();
//! let mut tree = OpeningTree::new();
//! for g in &games { tree.add_game(g).unwrap(); }
//! let moves = tree.query(&shakmaty::Chess::default());
//! assert_eq!((moves[0].san.as_str(), moves[0].count), ("e4", 2));
//! assert_eq!(moves[0].results, Some([1, 1, 0]));
//! let file = TreeFile::from_bytes(&tree.to_bytes()).unwrap();
//! let stored = file.query(&shakmaty::Chess::default()).unwrap();
//! assert_eq!((stored[0].uci.as_str(), stored[0].count), ("e2e4", 2));
//! ```

use alloc::{borrow::Cow, string::ToString, vec::Vec};
use shakmaty::{Chess, Position, san::SanPlus};

use super::aggregate::{Agg, Slot, aggregate, merge};
pub use super::entry::MoveEntry;
use super::entry::sort_entries;
use super::file::{MAX_MOVES_PER_POSITION, PositionRecords, write_records};
pub use super::keys::position_key;
use super::keys::{GameTag, LineKeys, Obs, pack_move};
// Where the wasm API finds it.
pub(crate) use super::keys::parse_fen;
use super::record::{self, move_fields};
use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{Game, Ply};

/// Plies per game added by default.
pub const DEFAULT_MAX_PLIES: usize = 40;

/// Positions and the moves played from them, aggregated from games.
///
/// ```
/// use cadb::stats::OpeningTree;
/// let games = cadb::game::import::read_pgn("1. d4 d5 2. c4 *").unwrap();
/// let mut tree = OpeningTree::with_max_plies(2);
/// assert_eq!(tree.add_game(&games[0]).unwrap(), 2); // c4 is past the cap
/// assert_eq!(tree.query_fen("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2").unwrap().len(), 0);
/// assert_eq!(tree.games(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct OpeningTree {
    pub(super) max_plies: usize,
    games: u64,
    /// Aggregated, sorted by (key, move), unique.
    slots: Vec<Slot>,
    /// Not yet aggregated; kept no longer than `slots` (plus a floor) so
    /// batching stays O(n log n) overall and a query's scan stays bounded.
    pub(super) pending: Vec<Obs>,
}

impl Default for OpeningTree {
    fn default() -> OpeningTree {
        OpeningTree::new()
    }
}

const PENDING_FLOOR: usize = 1 << 16;

impl OpeningTree {
    /// An empty tree adding the first [`DEFAULT_MAX_PLIES`] plies of each game.
    pub fn new() -> OpeningTree {
        OpeningTree::with_max_plies(DEFAULT_MAX_PLIES)
    }

    /// An empty tree adding at most `max_plies` plies of each game.
    pub fn with_max_plies(max_plies: usize) -> OpeningTree {
        OpeningTree {
            max_plies,
            games: 0,
            slots: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Number of games added.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Adds a game's main line up to the ply cap (stopping at a null move),
    /// returning the plies added. A game that does not replay adds nothing.
    pub fn add_game(&mut self, game: &Game) -> Result<usize, Error> {
        let mut pos = game.start_position().map_err(|_| {
            Error::new(
                ErrorKind::BadSetup {
                    reason: "start FEN is not a legal position",
                },
                FileKind::Stats64,
            )
        })?;
        let tag = GameTag::new(
            game.headers.result,
            game.headers.date.year.map_or(0, u32::from),
        );
        let white_elo = game.headers.white_elo.unwrap_or(0);
        let black_elo = game.headers.black_elo.unwrap_or(0);
        let start = self.pending.len();
        let mut keys = LineKeys::default();
        for (i, node) in game.moves.iter().take(self.max_plies).enumerate() {
            let Ply::Move(m) = &node.mv else { break };
            let fields = move_fields(m);
            let (Ok((from, to, promo)), true) = (fields, pos.is_legal(*m)) else {
                // Keep the tree as it was: a game counts whole or not at all.
                self.pending.truncate(start);
                let what = "a game move is not legal in its position";
                let err = Error::new(ErrorKind::Invalid { what }, FileKind::Stats64);
                return Err(err.at_ply(i as u32));
            };
            self.pending.push(Obs {
                key: keys.key(&pos, *m),
                mv: pack_move(from, to, promo),
                white_elo,
                black_elo,
                game: tag,
            });
            pos.play_unchecked(*m);
        }
        Ok(self.finish_game(start))
    }

    /// Counts a game whose observations from `start` on are in `pending`.
    pub(super) fn finish_game(&mut self, start: usize) -> usize {
        self.games += 1;
        let added = self.pending.len() - start;
        if self.pending.len() >= PENDING_FLOOR.max(self.slots.len()) {
            self.compact();
        }
        added
    }

    /// Adds the games of `other` to this tree, as if they had been added
    /// to it one by one: the sums are the same whatever the order (a
    /// tree built in parts, on threads of their own, then joined). The
    /// ply cap stays this tree's.
    ///
    /// ```
    /// use cadb::stats::OpeningTree;
    /// let games = cadb::game::import::read_pgn("1. e4 e5 *\n\n1. e4 c5 *\n\n1. d4 *\n").unwrap();
    /// let (mut one, mut a, mut b) = (OpeningTree::new(), OpeningTree::new(), OpeningTree::new());
    /// for (i, g) in games.iter().enumerate() {
    ///     one.add_game(g).unwrap();
    ///     if i == 1 { b.add_game(g).unwrap(); } else { a.add_game(g).unwrap(); }
    /// }
    /// a.absorb(b);
    /// assert_eq!(a.to_bytes(), one.to_bytes());
    /// assert_eq!(a.games(), 3);
    /// ```
    pub fn absorb(&mut self, mut other: OpeningTree) {
        self.compact();
        other.compact();
        self.slots = merge(&self.slots, &other.slots);
        self.games += other.games;
    }

    /// Folds pending observations into the sorted aggregate (done automatically).
    pub fn compact(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let batch = aggregate(&mut self.pending);
        self.pending.clear();
        self.slots = merge(&self.slots, &batch);
    }

    /// At least [`len`](Self::len), without aggregating: the entries plus
    /// the observations not yet folded in.
    pub fn entries_bound(&self) -> usize {
        self.slots.len() + self.pending.len()
    }

    /// Number of distinct (position, move) pairs.
    pub fn len(&self) -> usize {
        self.view().len()
    }

    /// Whether no move has been added.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty() && self.pending.is_empty()
    }

    /// The moves played from `pos`, most played first (ties by UCI).
    pub fn query(&self, pos: &Chess) -> Vec<MoveEntry> {
        OpeningTree::query_across(&[self], pos)
    }

    /// The moves played from `pos` in any of `trees`, summed as if one
    /// tree held all their games: the tree of many databases (an
    /// archive's, [`crate::archive::list`]), each kept built on its own.
    ///
    /// ```
    /// use cadb::stats::OpeningTree;
    /// let games = cadb::game::import::read_pgn("1. e4 e5 *\n\n1. e4 c5 *\n\n1. d4 *\n").unwrap();
    /// let (mut one, mut a, mut b) = (OpeningTree::new(), OpeningTree::new(), OpeningTree::new());
    /// for (i, g) in games.iter().enumerate() {
    ///     one.add_game(g).unwrap();
    ///     if i == 0 { a.add_game(g).unwrap(); } else { b.add_game(g).unwrap(); }
    /// }
    /// let start = shakmaty::Chess::default();
    /// assert_eq!(OpeningTree::query_across(&[&a, &b], &start), one.query(&start));
    /// ```
    pub fn query_across(trees: &[&OpeningTree], pos: &Chess) -> Vec<MoveEntry> {
        let key = position_key(pos);
        let mut found: Vec<(u16, Agg)> = Vec::new();
        let mut add = |mv: u16, agg: &Agg| match found.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, a)) => a.merge(agg),
            None => found.push((mv, *agg)),
        };
        for tree in trees {
            let lo = tree.slots.partition_point(|s| s.key < key);
            let hi = tree.slots.partition_point(|s| s.key <= key);
            for s in &tree.slots[lo..hi] {
                add(s.mv, &s.agg);
            }
            // A few observations: the formula, not a memo.
            for o in tree.pending.iter().filter(|o| o.key == key) {
                let mut a = Agg::default();
                a.add_obs(o, record::weight_micros);
                add(o.mv, &a);
            }
        }
        let mut out: Vec<MoveEntry> = found
            .iter()
            .filter_map(|(mv, agg)| {
                let rec = agg.record(*mv);
                // A hash collision could name a move illegal here: skip it.
                let m = rec.to_move(pos).ok()?;
                let averages = agg.averages();
                Some(MoveEntry {
                    mv: m,
                    san: SanPlus::from_move(pos.clone(), m).to_string(),
                    uci: record::uci_of(&m),
                    count: agg.count.into(),
                    results: Some([
                        agg.white_wins.into(),
                        agg.draws.into(),
                        agg.black_wins.into(),
                    ]),
                    wdl: rec.wdl,
                    white_elo: averages.map(|(w, _)| w),
                    black_elo: averages.map(|(_, b)| i32::from(b)),
                    elo_diff: averages.map(|(w, b)| i32::from(w) - i32::from(b)),
                    weight: rec.weight,
                    years: (agg.last_year != 0).then_some((agg.first_year, agg.last_year)),
                    record: rec,
                })
            })
            .collect();
        sort_entries(&mut out);
        out
    }

    /// [`OpeningTree::query`] for a FEN (standard chess).
    pub fn query_fen(&self, fen: &str) -> Result<Vec<MoveEntry>, Error> {
        Ok(self.query(&parse_fen(fen)?))
    }

    /// The tree as 64-bit records per position, keys ascending, moves most
    /// played first (ties by move code).
    pub fn records(&self) -> Vec<PositionRecords> {
        let view = self.view();
        let mut out: Vec<PositionRecords> = Vec::new();
        for s in view.iter() {
            if out.last().is_none_or(|p| p.key != s.key) {
                out.push(PositionRecords {
                    key: s.key,
                    moves: Vec::new(),
                });
            }
            if let Some(p) = out.last_mut() {
                p.moves.push(s.agg.record(s.mv));
            }
        }
        for p in &mut out {
            p.moves
                .sort_by_key(|r| (core::cmp::Reverse(r.count), r.move_code()));
            // A position cannot have more legal moves than this; stay inside the format.
            p.moves.truncate(usize::from(MAX_MOVES_PER_POSITION));
        }
        out
    }

    /// The tree in the `CADBTREE` file format (see the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        write_records(&self.records())
    }

    fn view(&self) -> Cow<'_, [Slot]> {
        if self.pending.is_empty() {
            Cow::Borrowed(&self.slots)
        } else {
            let mut pending = self.pending.clone();
            Cow::Owned(merge(&self.slots, &aggregate(&mut pending)))
        }
    }
}
