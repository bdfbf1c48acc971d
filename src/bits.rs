//! A fixed-size set of small integers, one bit each: what a pass over a
//! million games or ids keeps per item (1/32 of a `u32` array).

use alloc::{vec, vec::Vec};

/// Bits `0..len`, all clear at first; an index past `len` reads as clear
/// and is never set.
///
/// ```
/// let mut seen = cadb::bits::Bits::new(100);
/// assert!(seen.insert(70) && !seen.insert(70));
/// assert!(seen.get(70) && !seen.get(71) && !seen.get(1_000));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits(Vec<u64>);

impl Bits {
    /// Room for `len` bits, all clear.
    pub fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    /// Whether bit `i` is set.
    pub fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Sets bit `i`; returns whether it was clear (`false` past the end,
    /// where nothing is set).
    pub fn insert(&mut self, i: usize) -> bool {
        let Some(w) = self.0.get_mut(i / 64) else {
            return false;
        };
        let bit = 1 << (i % 64);
        let fresh = *w & bit == 0;
        *w |= bit;
        fresh
    }
}
