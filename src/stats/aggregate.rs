//! Summing observations per (position, move): the exact totals
//! ([`Agg`]), their sorted slots, and the batch aggregation and merge the
//! opening tree folds its pending observations with.

use alloc::vec::Vec;

use super::keys::Obs;
use super::record::{self, MAX_COUNT, MoveStats, Wdl, WeightMemo};
use crate::game::GameResult;

/// Exact totals for one (position, move). Counters are `u32` (saturating)
/// to keep a slot at 56 bytes; the sums stay exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Agg {
    pub(super) white_elo_sum: u64,
    pub(super) black_elo_sum: u64,
    pub(super) weight_micros: i64,
    pub(super) count: u32,
    pub(super) white_wins: u32,
    pub(super) draws: u32,
    pub(super) black_wins: u32,
    /// Games where both ratings are known (the Elo sums and weight cover these).
    pub(super) elo_games: u32,
    /// The earliest and latest known year (0: none known).
    pub(super) first_year: u16,
    pub(super) last_year: u16,
}

impl Agg {
    /// Adds one observation; `weight` gives `weight_micros` for its ratings.
    pub(super) fn add_obs(&mut self, o: &Obs, weight: impl FnOnce(u16, u16) -> i64) {
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

    pub(super) fn merge(&mut self, b: &Agg) {
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

    pub(super) fn averages(&self) -> Option<(u16, u16)> {
        let n = u64::from(self.elo_games);
        if n == 0 {
            return None;
        }
        let avg = |s: u64| ((s + n / 2) / n).min(u64::from(u16::MAX)) as u16;
        Some((avg(self.white_elo_sum), avg(self.black_elo_sum)))
    }

    /// The 64-bit record's statistics fields (move fields left for the caller).
    pub(super) fn record(&self, mv: u16) -> MoveStats {
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
pub(super) struct Slot {
    pub(super) key: u64,
    pub(super) mv: u16,
    pub(super) agg: Agg,
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
pub(super) fn aggregate(obs: &mut [Obs]) -> Vec<Slot> {
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
pub(super) fn merge(a: &[Slot], b: &[Slot]) -> Vec<Slot> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::keys::GameTag;

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
