//! Spans of a source held in memory for a pass that reads in an order of
//! its own: the PGN export writes games in game order, and a database's
//! records may lie in D02 in any order. Read at random, a `File` in the
//! viewer's Worker costs about 2 ms a read whatever its size, so 100,000
//! shuffled records took 316 s; held first, in file order and a few large
//! reads, they are served from memory until released
//! ([`ReadAt::hold`](super::ReadAt::hold), kept by
//! [`ReadCache`](super::ReadCache)).

use alloc::{borrow::Cow, vec::Vec};

use crate::error::ErrorKind;

/// Spans read and kept: their bytes back to back, and where each lies.
#[derive(Default)]
pub(crate) struct Held {
    spans: Vec<Span>,
    bytes: Vec<u8>,
}

/// `start..end` of the source, at `at` in [`Held::bytes`].
struct Span {
    start: u64,
    end: u64,
    at: usize,
}

impl Held {
    /// The longest read made (a longer span is read alone, at its length).
    const MAX_READ: u64 = 16 << 20;

    /// Replaces what is held with `spans` (`start..end`, in any order,
    /// overlapping or not, clamped to `size`), read through `read` in
    /// file order, spans at most `gap` bytes apart in one read (the
    /// source's [`ReadCache`](super::ReadCache) read-through: where
    /// reading through the gap costs less than another read). A read that
    /// fails leaves its spans out (a later read of them goes to the
    /// source, and reports the error). Returns the bytes held.
    pub(crate) fn fill<'a>(
        &mut self,
        spans: &[(u64, u64)],
        size: u64,
        gap: u64,
        mut read: impl FnMut(u64, usize) -> Result<Cow<'a, [u8]>, ErrorKind>,
    ) -> u64 {
        self.clear();
        let mut wanted: Vec<(u64, u64)> = spans
            .iter()
            .map(|&(s, e)| (s.min(size), e.min(size)))
            .filter(|(s, e)| s < e)
            .collect();
        wanted.sort_unstable();
        // Overlapping or touching spans become one: a read across both is
        // then served.
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(wanted.len());
        for (s, e) in wanted {
            match merged.last_mut() {
                Some(last) if s <= last.1 => last.1 = last.1.max(e),
                _ => merged.push((s, e)),
            }
        }
        let total: u64 = merged.iter().map(|(s, e)| e - s).sum();
        let Ok(total) = usize::try_from(total) else {
            return 0;
        };
        if self.bytes.try_reserve_exact(total).is_err() {
            return 0;
        }
        let mut k = 0;
        while k < merged.len() {
            // One read: from this span on while the next is close and the
            // read stays short enough.
            let from = merged[k].0;
            let mut j = k + 1;
            while j < merged.len()
                && merged[j].0 - merged[j - 1].1 <= gap
                && merged[j].1 - from <= Self::MAX_READ
            {
                j += 1;
            }
            let to = merged[j - 1].1;
            if let Ok(block) = read(from, (to - from) as usize) {
                for &(s, e) in &merged[k..j] {
                    let at = self.bytes.len();
                    self.bytes
                        .extend_from_slice(&block[(s - from) as usize..(e - from) as usize]);
                    self.spans.push(Span {
                        start: s,
                        end: e,
                        at,
                    });
                }
            }
            k = j;
        }
        self.bytes.len() as u64
    }

    /// `offset..offset + len` if one span holds it whole.
    pub(crate) fn get(&self, offset: u64, len: usize) -> Option<&[u8]> {
        let k = self.spans.partition_point(|s| s.start <= offset);
        let s = self.spans.get(k.checked_sub(1)?)?;
        let end = offset.checked_add(len as u64)?;
        if end > s.end {
            return None;
        }
        let at = s.at + (offset - s.start) as usize;
        self.bytes.get(at..at + len)
    }

    /// Lets everything go (the memory too).
    pub(crate) fn clear(&mut self) {
        self.spans = Vec::new();
        self.bytes = Vec::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn source(n: usize) -> Vec<u8> {
        (0..n).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn serves_what_it_holds_and_nothing_else() {
        let data = source(5 << 20);
        let mut reads = vec![];
        let mut held = Held::default();
        let spans = [
            (4_000_000, 4_000_300),
            (10, 20),
            (15, 40),
            (2_000_000, 2_000_100),
            (5_300_000, 6_000_000),
        ];
        let n = held.fill(&spans, data.len() as u64, 512 << 10, |o, n| {
            reads.push((o, n));
            Ok(Cow::Borrowed(&data[o as usize..o as usize + n]))
        });
        // Clamped to the source, overlaps merged: 30 + 100 + 300 + 0.
        assert_eq!(n, 430);
        // Far apart: one read each, in file order.
        assert_eq!(reads, [(10, 30), (2_000_000, 100), (4_000_000, 300)]);
        assert_eq!(held.get(12, 25), Some(&data[12..37]));
        assert_eq!(held.get(4_000_299, 1), Some(&data[4_000_299..4_000_300]));
        for (o, n) in [
            (9, 2),
            (39, 2),
            (4_000_299, 2),
            (0, 1),
            (5_300_000, 1),
            (u64::MAX, 1),
        ] {
            assert_eq!(held.get(o, n), None, "{o} {n}");
        }
        held.clear();
        assert_eq!(held.get(12, 1), None);
    }

    #[test]
    fn close_spans_share_a_read_and_a_failed_read_holds_nothing() {
        let data = source(1 << 20);
        let mut held = Held::default();
        let spans: Vec<(u64, u64)> = (0..100).map(|i| (i * 5_000, i * 5_000 + 700)).collect();
        // Gaps of 4,300 bytes: read through up to the gap given.
        for (gap, want) in [(512 << 10, 1), (4_300, 1), (4_299, 100)] {
            let mut reads = 0;
            held.fill(&spans, data.len() as u64, gap, |o, n| {
                reads += 1;
                Ok(Cow::Borrowed(&data[o as usize..o as usize + n]))
            });
            assert_eq!(reads, want, "gap {gap}");
        }
        assert_eq!(held.get(495_100, 500), Some(&data[495_100..495_600]));
        let held_bytes = held.fill(&spans, data.len() as u64, 512 << 10, |_, _| {
            Err(ErrorKind::Invalid { what: "gone" })
        });
        assert_eq!(held_bytes, 0);
        assert_eq!(held.get(0, 1), None);
    }
}
