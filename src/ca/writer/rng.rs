//! A small deterministic generator (SplitMix64) for the writer's tricks.

use alloc::vec::Vec;

pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }

    /// `true` one time in `n`.
    pub(crate) fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// A value in `lo..=hi`.
    pub(crate) fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below((hi - lo) as u64 + 1) as usize
    }

    pub(crate) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }

    /// Appends `lo..=hi` random bytes; returns how many.
    pub(crate) fn junk(&mut self, out: &mut Vec<u8>, lo: usize, hi: usize) -> usize {
        let n = self.range(lo, hi);
        for _ in 0..n {
            out.push(self.next() as u8);
        }
        n
    }
}

/// One generator per trick added after the first ones, each seeded from the
/// writer's seed: turning one of these tricks on changes no choice of the
/// others, and none at all of files written without them.
pub(crate) struct TrickRngs {
    /// `lookalike_junk`.
    pub junk: Rng,
    /// `shuffled_records`.
    pub order: Rng,
    /// `long_chains`, and where ids land in their arrays.
    pub chains: Rng,
    /// `unused_ids`.
    pub unused: Rng,
    /// `stale_fragments`.
    pub stale: Rng,
}

impl TrickRngs {
    pub(crate) fn new(seed: u64) -> TrickRngs {
        let rng = |salt: u64| Rng::new(seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03));
        TrickRngs {
            junk: rng(1),
            order: rng(2),
            chains: rng(3),
            unused: rng(4),
            stale: rng(5),
        }
    }
}
