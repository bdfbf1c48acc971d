//! Laying out a data file (`.d01`, D02): records at addresses with unused
//! bytes before and between them (§4.7, §4.8, §8), and the addresses that
//! unused ids point at.

use alloc::{vec, vec::Vec};

use super::rng::Rng;
use crate::ca::format::d02::{MAX_RECORD, length_prefix};

/// How a data file frames its records, so junk can look like a record's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Frame {
    /// A `.d01` name record: name length (and title length for players),
    /// then the text (§4.7, §4.8).
    Name { titles: bool },
    /// A D02 record: the 1- or 2-byte length prefix (§8.1).
    Game,
}

/// Where an unused id points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stray {
    /// Address 0 (with `lookalike_junk`, a junk block that reads as a record
    /// covering real ones).
    Zero,
    /// Inside unused bytes between records (past the end when there are none).
    InJunk,
    /// Inside a used record, not at its start (past the end when no record
    /// has an inside).
    InRecord,
    /// Past the end of the data file.
    PastEnd,
}

/// A data file being written.
pub(crate) struct Sink {
    frame: Frame,
    bytes: Vec<u8>,
    /// (start, head length, total length) of each record, by the caller's index.
    records: Vec<(usize, usize, usize)>,
    /// Unused regions: (start, length).
    junk: Vec<(usize, usize)>,
}

/// Appends `n` junk bytes of a random kind: any values, a run of 0xFF, or
/// high bytes (0x80–0xFF, with spaces) that read as Cyrillic text in CP1251
/// or CP866.
fn styled(out: &mut Vec<u8>, n: usize, rng: &mut Rng) {
    let style = rng.below(3);
    for _ in 0..n {
        out.push(match style {
            0 => rng.next() as u8,
            1 => 0xFF,
            _ if rng.one_in(6) => b' ',
            _ => 0x80 | rng.next() as u8,
        });
    }
}

impl Sink {
    pub(crate) fn new(frame: Frame, records: usize) -> Sink {
        Sink {
            frame,
            bytes: Vec::new(),
            records: vec![(0, 0, 0); records],
            junk: Vec::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Appends the unused bytes `fill` writes; returns how many it wrote.
    pub(crate) fn junk(&mut self, fill: impl FnOnce(&mut Vec<u8>) -> usize) -> usize {
        let at = self.bytes.len();
        let n = fill(&mut self.bytes);
        if n > 0 {
            self.junk.push((at, n));
        }
        n
    }

    /// Places record `index`: `head` (its length bytes), then `body`.
    pub(crate) fn record(&mut self, index: usize, head: &[u8], body: &[u8]) {
        self.records[index] = (self.bytes.len(), head.len(), head.len() + body.len());
        self.bytes.extend_from_slice(head);
        self.bytes.extend_from_slice(body);
    }

    /// Where record `index` starts.
    pub(crate) fn start(&self, index: usize) -> usize {
        self.records[index].0
    }

    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The length bytes of a record whose text or body takes `covers`
    /// bytes, capped at what the frame can hold.
    fn lookalike_len(&self, covers: usize, rng: &mut Rng) -> Vec<u8> {
        match self.frame {
            Frame::Name { titles: false } => vec![covers.min(255) as u8],
            Frame::Name { titles: true } => {
                let x = covers.min(510);
                let name = rng.range(x.saturating_sub(255), x.min(255));
                vec![name as u8, (x - name) as u8]
            }
            Frame::Game => {
                let (p, n) = length_prefix(covers.min(MAX_RECORD)).unwrap_or(([0, 0], 1));
                p[..n].to_vec()
            }
        }
    }

    /// Appends 1–40 unused bytes; half the time they start with a length
    /// that, read as a record, runs into the record after them. Returns how
    /// many.
    pub(crate) fn lookalike_gap(&mut self, rng: &mut Rng) -> usize {
        let n = rng.range(1, 40);
        let mut gap = Vec::with_capacity(n);
        if rng.one_in(2) {
            let covers = rng.range(n, n + 60);
            gap = self.lookalike_len(covers, rng);
            gap.truncate(n);
        }
        let rest = n - gap.len();
        styled(&mut gap, rest, rng);
        self.junk(|b| {
            b.extend_from_slice(&gap);
            n
        })
    }

    /// Puts an unused block before everything: a length that, read as a
    /// record at address 0, covers at least the first real record (as far
    /// as the frame can count) and ends inside the file, then 0–20 junk
    /// bytes. Every address moves up by its length, which is returned.
    pub(crate) fn lookalike_head(&mut self, rng: &mut Rng) -> usize {
        let filler = rng.range(0, 20);
        let first_end = self
            .records
            .iter()
            .min_by_key(|r| r.0)
            .map_or(0, |r| r.0 + r.2);
        let covers = rng.range(first_end, self.bytes.len().max(first_end));
        let mut block = self.lookalike_len(filler + covers, rng);
        styled(&mut block, filler, rng);
        let shift = block.len();
        block.append(&mut self.bytes);
        self.bytes = block;
        for r in &mut self.records {
            r.0 += shift;
        }
        for j in &mut self.junk {
            j.0 += shift;
        }
        self.junk.insert(0, (0, shift));
        shift
    }

    /// An address of `kind` in this file (at most `i32::MAX`).
    pub(crate) fn stray(&self, kind: Stray, rng: &mut Rng) -> u32 {
        let at = match kind {
            Stray::Zero => Some(0),
            Stray::InJunk if !self.junk.is_empty() => {
                let (a, n) = self.junk[rng.below(self.junk.len() as u64) as usize];
                Some(a + rng.below(n as u64) as usize)
            }
            Stray::InRecord => self.inside(rng),
            _ => None,
        };
        // Past the end: just after it, or far away.
        let at = at.unwrap_or_else(|| {
            let len = self.bytes.len();
            if rng.one_in(4) && len < i32::MAX as usize {
                rng.range(len, i32::MAX as usize)
            } else {
                len + rng.range(0, 1000)
            }
        });
        at.min(i32::MAX as usize) as u32
    }

    /// A byte inside a record: of its text or body, else of its head after
    /// the first byte; `None` when every record is a single byte.
    fn inside(&self, rng: &mut Rng) -> Option<usize> {
        let n = self.records.len();
        let from = rng.below(n as u64) as usize;
        let pick = |ok: &dyn Fn(&(usize, usize, usize)) -> bool| {
            (0..n)
                .map(|k| &self.records[(from + k) % n])
                .find(|r| ok(r))
        };
        if let Some(&(start, head, total)) = pick(&|r| r.2 > r.1) {
            return Some(start + head + rng.below((total - head) as u64) as usize);
        }
        let &(start, _, total) = pick(&|r| r.2 >= 2)?;
        Some(start + 1 + rng.below(total as u64 - 1) as usize)
    }
}
