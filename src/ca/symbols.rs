//! How the one-byte symbol comments (234) of a database read (Q25):
//! PGN NAG numbers, ASCII marks, or neither, from a histogram of the
//! symbols in the games sampled on opening.

use alloc::{format, string::String, vec::Vec};

use super::{
    histogram::commonest,
    record::{Item, Items},
};
use crate::error::{Error, ErrorKind, FileKind};

/// How a one-byte symbol comment (234, Q25) is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symbols {
    /// A PGN NAG number (`1` is `$1`, `!`).
    #[default]
    Nag,
    /// An ASCII mark: `!` is `$1`, `?` is `$2`, any other character is
    /// comment text.
    Ascii,
    /// Neither: kept as stored (`[%ca 234 …]` in PGN), never as a NAG.
    Raw,
}

impl Symbols {
    /// `"nag"`, `"ascii"` or `"raw"`.
    pub fn name(self) -> &'static str {
        match self {
            Symbols::Nag => "nag",
            Symbols::Ascii => "ascii",
            Symbols::Raw => "raw",
        }
    }
}

/// ASCII marks a symbol byte might be: `!`, `?`, `+`, `-`, `=`.
const ASCII_MARKS: [u8; 5] = [b'!', b'?', b'+', b'-', b'='];

/// Whether a symbol byte is a NAG-like number: 1–146 (PGN's 1–139 and
/// the common 140–146), other than the ASCII marks.
fn nag_like(b: u8) -> bool {
    (1..=146).contains(&b) && !ASCII_MARKS.contains(&b)
}

/// A symbol byte as `[any, NAG-like, ASCII mark, other]`.
pub(crate) fn classify(b: u8) -> [bool; 4] {
    let nag = nag_like(b);
    let ascii = ASCII_MARKS.contains(&b);
    [true, nag, ascii, !nag && !ascii]
}

/// The one-byte symbol comments of the sampled games, by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolDetection {
    /// How many symbols had each byte value.
    pub histogram: [u32; 256],
    pub reading: Symbols,
}

impl Default for SymbolDetection {
    fn default() -> Self {
        SymbolDetection {
            histogram: [0; 256],
            reading: Symbols::Nag,
        }
    }
}

impl SymbolDetection {
    /// Counts the one-byte symbol comments of a record body (every item,
    /// variations included; the scan stops at the first bad code).
    pub(super) fn add(&mut self, body: &[u8]) {
        let mut items = Items::new(body);
        while let Some(item) = items.next_cold() {
            match item {
                Ok((
                    _,
                    Item::Comment {
                        code: 234,
                        text: &[b],
                        ..
                    },
                )) => {
                    self.histogram[usize::from(b)] += 1;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    }

    /// Symbols seen, NAG-like, ASCII marks, and other values.
    pub fn counts(&self) -> [u32; 4] {
        let mut c = [0u32; 4];
        for (b, &n) in self.histogram.iter().enumerate() {
            for (c, hit) in c.iter_mut().zip(classify(b as u8)) {
                *c += n * u32::from(hit);
            }
        }
        c
    }

    /// The reading the counts support: ASCII when marks outnumber NAG-like
    /// numbers, raw when other values outnumber both, else NAG (also with
    /// no symbols at all).
    pub(super) fn decide(&mut self) {
        let [_, nag, ascii, other] = self.counts();
        self.reading = if ascii > nag && ascii >= other {
            Symbols::Ascii
        } else if other > nag && other > ascii {
            Symbols::Raw
        } else {
            Symbols::Nag
        };
    }
}

impl SymbolDetection {
    /// A reading other than NAG numbers, as a warning naming the
    /// commonest values.
    pub(crate) fn warning(&self) -> Option<Error> {
        let reading = self.reading;
        if reading == Symbols::Nag {
            return None;
        }
        let [seen, nag, ascii, other] = self.counts();
        let hist: Vec<u64> = self.histogram.iter().map(|&n| n.into()).collect();
        let top: Vec<String> = commonest(&hist, 5)
            .iter()
            .map(|(b, n)| format!("{b} ×{n}"))
            .collect();
        let how = match reading {
            Symbols::Ascii => "they look like ASCII marks: ! reads as $1, ? as $2, others as text",
            _ => "they are neither NAG numbers nor ASCII marks: kept as stored ([%ca 234 …])",
        };
        let detail = format!(
            "{seen} one-byte symbols in the sampled games ({nag} NAG-like, {ascii} ASCII marks, {other} other; commonest {}): {how}",
            top.join(", ")
        );
        let k = ErrorKind::Uncertain {
            point: "symbol comments (Q25)",
            detail,
        };
        Some(Error::new(k, FileKind::D02))
    }
}
