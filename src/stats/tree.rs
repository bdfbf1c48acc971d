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

use alloc::{borrow::Cow, string::String, string::ToString, vec::Vec};
use shakmaty::{Chess, EnPassantMode, Move, Position, Square, san::SanPlus, zobrist::Zobrist64};

use super::file::{MAX_MOVES_PER_POSITION, PositionRecords, write_records};
use super::record::{self, MAX_COUNT, MoveStats, Promotion, Wdl, WeightMemo, move_fields};
use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{Game, GameResult, Ply};

/// Plies per game added by default.
pub const DEFAULT_MAX_PLIES: usize = 40;

/// The Zobrist64 key of a position, as used by the tree and its file.
///
/// ```
/// let k = cadb::stats::position_key(&shakmaty::Chess::default());
/// assert_eq!(k, 0x463b96181691fc9c); // the Polyglot start-position key
/// ```
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// One observation: a move played in a game (16 bytes, no allocation).
#[derive(Clone, Copy, Debug)]
pub(super) struct Obs {
    pub key: u64,
    pub mv: u16,
    pub white_elo: u16,
    pub black_elo: u16,
    pub game: GameTag,
}

const _: () = assert!(core::mem::size_of::<Obs>() == 16);

/// A game's result and year in 16 bits, which keeps an [`Obs`] at 16
/// bytes (a million games' first 40 plies are 40 million of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GameTag(u16);

impl GameTag {
    /// The year is kept when it is 1..=16383 (else unknown, 0).
    pub fn new(result: GameResult, year: u32) -> GameTag {
        let r = match result {
            GameResult::WhiteWins => 0,
            GameResult::Draw => 1,
            GameResult::BlackWins => 2,
            GameResult::Unknown => 3,
        };
        let year = if year < 1 << 14 { year as u16 } else { 0 };
        GameTag(year << 2 | r)
    }

    pub fn result(self) -> GameResult {
        match self.0 & 3 {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            2 => GameResult::BlackWins,
            _ => GameResult::Unknown,
        }
    }

    /// 0: unknown.
    pub fn year(self) -> u16 {
        self.0 >> 2
    }
}

/// Position keys along a line of play: each from the one before through
/// shakmaty's incremental Zobrist update when it has one for the move (it
/// has none around en passant, castling rights and king moves), else from
/// scratch.
#[derive(Default)]
pub(super) struct LineKeys {
    /// The key of the position the next move is played from, when known.
    next: Option<Zobrist64>,
}

impl LineKeys {
    /// The key of `before`, the position `m` is played from.
    pub(super) fn key(&mut self, before: &Chess, m: Move) -> u64 {
        let key = self
            .next
            .unwrap_or_else(|| before.zobrist_hash(EnPassantMode::Legal));
        self.next = before.update_zobrist_hash(key, m, EnPassantMode::Legal);
        key.0
    }
}

/// An observation's move: from, to and promotion in 16 bits.
pub(super) fn pack_move(from: Square, to: Square, promo: Promotion) -> u16 {
    u16::from(from as u8) | u16::from(to as u8) << 6 | u16::from(promo.code()) << 12
}

/// Exact totals for one (position, move). Counters are `u32` (saturating)
/// to keep a slot at 56 bytes; the sums stay exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Agg {
    white_elo_sum: u64,
    black_elo_sum: u64,
    weight_micros: i64,
    count: u32,
    white_wins: u32,
    draws: u32,
    black_wins: u32,
    /// Games where both ratings are known (the Elo sums and weight cover these).
    elo_games: u32,
    /// The earliest and latest known year (0: none known).
    first_year: u16,
    last_year: u16,
}

impl Agg {
    /// Adds one observation; `weight` gives `weight_micros` for its ratings.
    fn add_obs(&mut self, o: &Obs, weight: impl FnOnce(u16, u16) -> i64) {
        self.count = self.count.saturating_add(1);
        self.add_years(o.game.year(), o.game.year());
        match o.game.result() {
            GameResult::WhiteWins => self.white_wins = self.white_wins.saturating_add(1),
            GameResult::Draw => self.draws = self.draws.saturating_add(1),
            GameResult::BlackWins => self.black_wins = self.black_wins.saturating_add(1),
            _ => {}
        }
        if o.white_elo != 0 && o.black_elo != 0 && self.elo_games < u32::MAX {
            self.elo_games += 1;
            self.white_elo_sum += u64::from(o.white_elo);
            self.black_elo_sum += u64::from(o.black_elo);
            self.weight_micros += weight(o.white_elo, o.black_elo);
        }
    }

    /// Widens the year range to `first..=last` (0: unknown, ignored).
    fn add_years(&mut self, first: u16, last: u16) {
        if first != 0 && (self.first_year == 0 || first < self.first_year) {
            self.first_year = first;
        }
        self.last_year = self.last_year.max(last);
    }

    fn merge(&mut self, b: &Agg) {
        self.count = self.count.saturating_add(b.count);
        self.add_years(b.first_year, b.last_year);
        self.white_wins = self.white_wins.saturating_add(b.white_wins);
        self.draws = self.draws.saturating_add(b.draws);
        self.black_wins = self.black_wins.saturating_add(b.black_wins);
        if self.elo_games.checked_add(b.elo_games).is_some() {
            self.elo_games += b.elo_games;
            self.white_elo_sum += b.white_elo_sum;
            self.black_elo_sum += b.black_elo_sum;
            self.weight_micros += b.weight_micros;
        }
    }

    fn averages(&self) -> Option<(u16, u16)> {
        let n = u64::from(self.elo_games);
        if n == 0 {
            return None;
        }
        let avg = |s: u64| ((s + n / 2) / n).min(u64::from(u16::MAX)) as u16;
        Some((avg(self.white_elo_sum), avg(self.black_elo_sum)))
    }

    /// The 64-bit record's statistics fields (move fields left for the caller).
    fn record(&self, mv: u16) -> MoveStats {
        let mut r = MoveStats {
            // `mv` holds the record's own low 15 bits.
            from: shakmaty::Square::new(u32::from(mv & 63)),
            to: shakmaty::Square::new(u32::from((mv >> 6) & 63)),
            promotion: record::Promotion::from_code((mv >> 12) as u8 & 7).unwrap_or_default(),
            count: self.count.min(u32::from(MAX_COUNT)) as u16,
            wdl: Wdl::from_counts(
                self.white_wins.into(),
                self.draws.into(),
                self.black_wins.into(),
            ),
            weight: record::weight_byte(self.weight_micros, self.elo_games.into()),
            ..MoveStats::default()
        };
        if let Some((w, b)) = self.averages() {
            r.set_elos(w, b);
        }
        r
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    mv: u16,
    agg: Agg,
}

/// One move's statistics in a position, from the tree or from its file.
///
/// ```
/// use cadb::stats::OpeningTree;
/// let tree = OpeningTree::new();
/// assert!(tree.query(&shakmaty::Chess::default()).is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move, legal in the queried position.
    pub mv: shakmaty::Move,
    /// SAN with check marks (`Nf3`, `O-O`).
    pub san: String,
    /// UCI, castling as the king's move (`e1g1`).
    pub uci: String,
    /// Games with the move (a file saturates at 4095).
    pub count: u64,
    /// Exact [White wins, draws, Black wins]; `None` from a file (Q5).
    pub results: Option<[u64; 3]>,
    /// The 9-bit %WDL reading: most frequent outcome and its percentage.
    pub wdl: Wdl,
    /// Average White rating over games with both ratings; `None` if none
    /// (from a file: also when the stored average is ≤ 1000).
    pub white_elo: Option<u16>,
    /// Average Black rating, same games.
    pub black_elo: Option<i32>,
    /// White − Black average (a file clamps it to ±255).
    pub elo_diff: Option<i32>,
    /// The 8-bit weight (128 neutral, lower favours White).
    pub weight: u8,
    /// The earliest and latest year of the games with a known year;
    /// `None` if none (and always from a file, which keeps no dates).
    pub years: Option<(u16, u16)>,
    /// The record as written to a file.
    pub record: MoveStats,
}

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
        let key = position_key(pos);
        let lo = self.slots.partition_point(|s| s.key < key);
        let hi = self.slots.partition_point(|s| s.key <= key);
        let mut found: Vec<(u16, Agg)> = self.slots[lo..hi].iter().map(|s| (s.mv, s.agg)).collect();
        // A few observations: the formula, not a memo.
        for o in self.pending.iter().filter(|o| o.key == key) {
            match found.iter_mut().find(|(mv, _)| *mv == o.mv) {
                Some((_, a)) => a.add_obs(o, record::weight_micros),
                None => {
                    let mut a = Agg::default();
                    a.add_obs(o, record::weight_micros);
                    found.push((o.mv, a));
                }
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

/// Sums the observations of each (key, move) and sorts the sums.
///
/// Two ways, chosen by how much a sample of the batch repeats itself: most
/// observations of a database's first plies repeat (every game starts from
/// the same few positions), and are summed first through an open-addressing
/// table so only the distinct pairs are sorted (a million games repeating
/// 216: aggregating cost a quarter of what sorting did); plies deep in the
/// games rarely repeat, and sorting the 16-byte observations first is
/// cheaper than hashing them (random games: 1.5x faster).
///
/// The wasm module keeps the hashed way only: the sorted way's sort instance
/// costs it 4 KB gzipped, for a gain only on batches that barely repeat.
fn aggregate(obs: &mut [Obs]) -> Vec<Slot> {
    if cfg!(target_arch = "wasm32") || repeats_often(obs) {
        aggregate_hashed(obs)
    } else {
        aggregate_sorted(obs)
    }
}

/// Whether at least a quarter of a sample of `obs` repeats an earlier one,
/// counted through a small open-addressing set (no sort: each sort instance
/// costs the wasm module kilobytes).
fn repeats_often(obs: &[Obs]) -> bool {
    const SET: usize = 8192;
    let sample = &obs[..obs.len().min(SET / 2)];
    let mut set = alloc::vec![0u64; SET];
    let mut repeats = 0;
    for o in sample {
        let pair = pair_hash(o);
        if pair == 0 {
            continue; // zero marks a free slot
        }
        let mut h = (pair >> 20) as usize & (SET - 1);
        while set[h] != 0 && set[h] != pair {
            h = (h + 1) & (SET - 1);
        }
        if set[h] == pair {
            repeats += 1;
        } else {
            set[h] = pair;
        }
    }
    repeats * 4 >= sample.len()
}

/// The (key, move) pair of an observation as one hash. The key is a
/// Zobrist hash already, its bits spread evenly; the move is mixed in.
fn pair_hash(o: &Obs) -> u64 {
    o.key ^ u64::from(o.mv).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Slot {
    /// The sum of one observation, the first of its (key, move).
    fn first(o: &Obs, weights: &mut WeightMemo) -> Slot {
        let mut agg = Agg::default();
        agg.add_obs(o, |w, b| weights.get(w, b));
        Slot {
            key: o.key,
            mv: o.mv,
            agg,
        }
    }
}

fn aggregate_sorted(obs: &mut [Obs]) -> Vec<Slot> {
    obs.sort_unstable_by_key(|o| (o.key, o.mv));
    let mut out: Vec<Slot> = Vec::new();
    let mut weights = WeightMemo::new();
    for o in obs.iter() {
        match out.last_mut() {
            Some(s) if s.key == o.key && s.mv == o.mv => s.agg.add_obs(o, |w, b| weights.get(w, b)),
            _ => out.push(Slot::first(o, &mut weights)),
        }
    }
    out
}

fn aggregate_hashed(obs: &[Obs]) -> Vec<Slot> {
    let size = (obs.len() * 2).next_power_of_two().max(16);
    let mask = size - 1;
    let mut table = alloc::vec![u32::MAX; size];
    let mut sums: Vec<Slot> = Vec::new();
    let mut weights = WeightMemo::new();
    for o in obs.iter() {
        let mut h = (pair_hash(o) >> 20) as usize & mask;
        loop {
            match table[h] {
                u32::MAX => {
                    table[h] = sums.len() as u32;
                    sums.push(Slot::first(o, &mut weights));
                    break;
                }
                i => {
                    let s = &mut sums[i as usize];
                    if s.key == o.key && s.mv == o.mv {
                        s.agg.add_obs(o, |w, b| weights.get(w, b));
                        break;
                    }
                }
            }
            h = (h + 1) & mask;
        }
    }
    sums.sort_unstable_by_key(|s| (s.key, s.mv));
    sums
}

/// Merges two sorted, unique slot lists.
fn merge(a: &[Slot], b: &[Slot]) -> Vec<Slot> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (&a[i], &b[j]);
        match (x.key, x.mv).cmp(&(y.key, y.mv)) {
            core::cmp::Ordering::Less => {
                out.push(*x);
                i += 1;
            }
            core::cmp::Ordering::Greater => {
                out.push(*y);
                j += 1;
            }
            core::cmp::Ordering::Equal => {
                let mut s = *x;
                s.agg.merge(&y.agg);
                out.push(s);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

pub(super) fn sort_entries(v: &mut [MoveEntry]) {
    v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.uci.cmp(&b.uci)));
}

pub(crate) fn parse_fen(fen: &str) -> Result<Chess, Error> {
    crate::game::fen_argument(Some(fen))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of aggregating give the same sorted sums, on batches that
    /// repeat a lot and on batches that barely repeat.
    #[test]
    fn hashed_and_sorted_aggregates_agree() {
        let results = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for distinct in [3u64, 50, 5_000, u64::MAX] {
            let mut obs: Vec<Obs> = (0..20_000)
                .map(|_| {
                    let r = next();
                    Obs {
                        key: if distinct == u64::MAX {
                            r
                        } else {
                            (r % distinct).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        },
                        mv: (r >> 40) as u16 % 3,
                        white_elo: (r >> 8) as u16 % 2900,
                        black_elo: (r >> 20) as u16 % 2900,
                        game: GameTag::new(
                            results[(r >> 60) as usize % 4],
                            (r >> 30) as u32 % 2100,
                        ),
                    }
                })
                .collect();
            let hashed = aggregate_hashed(&obs);
            let sorted = aggregate_sorted(&mut obs);
            assert_eq!(hashed.len(), sorted.len(), "distinct keys {distinct}");
            assert!(hashed.len() > 1);
            for (h, s) in hashed.iter().zip(&sorted) {
                assert_eq!(
                    (h.key, h.mv, h.agg),
                    (s.key, s.mv, s.agg),
                    "distinct keys {distinct}"
                );
            }
            assert!(
                sorted
                    .windows(2)
                    .all(|w| (w[0].key, w[0].mv) < (w[1].key, w[1].mv))
            );
        }
        // The sample test tells the two kinds of batch apart.
        let repeating: Vec<Obs> = (0..10_000u64)
            .map(|i| Obs {
                key: (i % 10).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                mv: 1,
                white_elo: 0,
                black_elo: 0,
                game: GameTag::new(GameResult::Draw, 0),
            })
            .collect();
        let fresh: Vec<Obs> = (0..10_000u64)
            .map(|i| Obs {
                key: (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                mv: 1,
                white_elo: 0,
                black_elo: 0,
                game: GameTag::new(GameResult::Draw, 0),
            })
            .collect();
        assert!(repeats_often(&repeating));
        assert!(!repeats_often(&fresh));
    }
}
