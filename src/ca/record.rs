//! D02 game records: the length prefix and the code stream (§8).
//!
//! This layer knows only bytes: it splits a record body into [`Item`]s with
//! their offsets, checking that every payload stays inside the record. What
//! a move code means on the board is [`super::replay`]'s job; the codes
//! themselves are defined in [`super::format::d02`].
//!
//! ```
//! use cadb::ca::record::{Item, Items};
//! let body = [19u8, 15, 235, 3, 4, b'h', b'i', 208];
//! let items: Vec<_> = Items::new(&body).map(|r| r.unwrap().1).collect();
//! assert_eq!(items[0], Item::Piece { code: 19 });
//! assert_eq!(items[2], Item::Comment { code: 235, kind: 4, text: b"hi" });
//! assert_eq!(items[3], Item::Castle { long: false });
//! ```

use super::format::d02::{SETUP_LEN, code};
use crate::error::ErrorKind;

/// Why a record's bytes do not split into items. Small and `Copy`, so the
/// replay loop passes it around cheaply; it becomes an [`ErrorKind`]
/// where an error is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A code the format does not define.
    UnknownCode { code: u8 },
    /// A payload that crosses the end of the record body.
    Overrun { code: u8, record_end: u64 },
    /// Anything else, as [`ErrorKind::Invalid`].
    Invalid { what: &'static str },
}

impl From<RecordError> for ErrorKind {
    fn from(e: RecordError) -> ErrorKind {
        match e {
            RecordError::UnknownCode { code } => ErrorKind::UnknownCode { code },
            RecordError::Overrun { code, record_end } => {
                ErrorKind::RecordOverrun { code, record_end }
            }
            RecordError::Invalid { what } => ErrorKind::Invalid { what },
        }
    }
}

/// One item of a record body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// Codes 0–206: a piece moves by an offset (§8.6).
    Piece { code: u8 },
    /// 207 / 208.
    Castle { long: bool },
    /// 209: `byte1 = pawn << 2 | k`, `byte2 = type << 5 | number`.
    Promotion { byte1: u8, byte2: u8 },
    /// 210: the next move is an en passant capture.
    EnPassant,
    /// 211.
    NullMove,
    /// 212–219: the piece that replaced pawn `pawn` moves by `up << 4 | right`.
    Extended { pawn: u8, offset: u8 },
    /// 230: the initial position.
    Setup(&'a [u8; SETUP_LEN]),
    /// 231.
    VariationStart,
    /// 232.
    VariationEnd,
    /// 233 and the byte after it.
    Opaque233(u8),
    /// 234 / 235 / 236: a comment string (type byte, then payload). `text` excludes the type byte.
    Comment { code: u8, kind: u8, text: &'a [u8] },
    /// A comment string of length 0 (no type byte).
    EmptyComment { code: u8 },
}

impl Item<'_> {
    /// The code byte the item starts with.
    pub fn code(&self) -> u8 {
        match *self {
            Item::Piece { code } => code,
            Item::Castle { long: true } => code::CASTLE_LONG,
            Item::Castle { long: false } => code::CASTLE_SHORT,
            Item::Promotion { .. } => code::PROMOTION,
            Item::EnPassant => code::EN_PASSANT,
            Item::NullMove => code::NULL_MOVE,
            Item::Extended { pawn, .. } => code::EXTENDED_FIRST + pawn,
            Item::Setup(_) => code::SETUP,
            Item::VariationStart => code::VARIATION_START,
            Item::VariationEnd => code::VARIATION_END,
            Item::Opaque233(_) => code::OPAQUE_233,
            Item::Comment { code, .. } | Item::EmptyComment { code } => code,
        }
    }

    /// Whether the item is a ply (en passant's 210 only marks the next one).
    pub fn is_move(&self) -> bool {
        matches!(
            self,
            Item::Piece { .. }
                | Item::Castle { .. }
                | Item::Promotion { .. }
                | Item::NullMove
                | Item::Extended { .. }
        )
    }
}

/// Iterates over the items of a record body, yielding `(offset in body, item)`.
///
/// Stops after the first error (a code the format does not define, or a
/// payload that crosses the end of the body).
#[derive(Clone, Debug)]
pub struct Items<'a> {
    body: &'a [u8],
    pos: usize,
    failed: bool,
}

impl<'a> Items<'a> {
    /// Items of `body` (the bytes after the length prefix).
    pub fn new(body: &'a [u8]) -> Items<'a> {
        Items {
            body,
            pos: 0,
            failed: false,
        }
    }

    /// Items of `body` starting at byte `pos`.
    pub fn at(body: &'a [u8], pos: usize) -> Items<'a> {
        Items {
            body,
            pos,
            failed: false,
        }
    }

    /// Offset of the next item.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The code byte of the next item, unparsed (a cheap look ahead).
    pub fn next_code(&self) -> Option<u8> {
        if self.failed {
            return None;
        }
        self.body.get(self.pos).copied()
    }

    /// Steps over a one-byte item whose code [`next_code`](Self::next_code) gave.
    #[inline]
    pub fn skip_byte(&mut self) {
        self.pos += 1;
    }

    /// The next item without consuming it.
    pub fn peek(&self) -> Option<Result<(usize, Item<'a>), (usize, RecordError)>> {
        self.clone().next()
    }

    /// The next `n` payload bytes (the code byte is already consumed).
    fn take(&mut self, code: u8, n: usize) -> Result<&'a [u8], RecordError> {
        let start = self.pos;
        let end = start.checked_add(n).filter(|&e| e <= self.body.len());
        match end {
            Some(end) => {
                self.pos = end;
                Ok(&self.body[start..end])
            }
            None => Err(RecordError::Overrun {
                code,
                record_end: self.body.len() as u64,
            }),
        }
    }

    fn item(&mut self, code: u8) -> Result<Item<'a>, RecordError> {
        use code::*;
        self.pos += 1;
        Ok(match code {
            0..=LAST_PIECE_MOVE => Item::Piece { code },
            CASTLE_LONG | CASTLE_SHORT => Item::Castle {
                long: code == CASTLE_LONG,
            },
            PROMOTION => {
                let b = self.take(code, 2)?;
                Item::Promotion {
                    byte1: b[0],
                    byte2: b[1],
                }
            }
            EN_PASSANT => Item::EnPassant,
            NULL_MOVE => Item::NullMove,
            EXTENDED_FIRST..=EXTENDED_LAST => {
                let b = self.take(code, 1)?;
                Item::Extended {
                    pawn: code - EXTENDED_FIRST,
                    offset: b[0],
                }
            }
            SETUP => {
                let b = self.take(code, SETUP_LEN)?;
                Item::Setup(
                    b.try_into()
                        .map_err(|_| RecordError::Invalid { what: "setup size" })?,
                )
            }
            VARIATION_START => Item::VariationStart,
            VARIATION_END => Item::VariationEnd,
            OPAQUE_233 => self.take(code, 1).map(|b| Item::Opaque233(b[0]))?,
            SYMBOL => comment(code, self.take(code, 2)?),
            SHORT_COMMENT => {
                let len = self.take(code, 1)?[0];
                comment(code, self.take(code, usize::from(len))?)
            }
            LONG_COMMENT => {
                let l = self.take(code, 4)?;
                let len = u32::from_le_bytes([l[0], l[1], l[2], l[3]]) as usize;
                // Checked against the record before anything is read or allocated.
                comment(code, self.take(code, len)?)
            }
            _ => return Err(RecordError::UnknownCode { code }),
        })
    }
}

fn comment(code: u8, s: &[u8]) -> Item<'_> {
    match s.split_first() {
        Some((&kind, text)) => Item::Comment { code, kind, text },
        None => Item::EmptyComment { code },
    }
}

impl<'a> Items<'a> {
    /// [`Iterator::next`] as a call, for the passes off the replay's hot
    /// path (the samples taken on opening, the doctor): each inlined copy of
    /// the item parser is kilobytes of wasm.
    #[inline(never)]
    pub(crate) fn next_cold(&mut self) -> Option<<Self as Iterator>::Item> {
        self.next()
    }
}

impl<'a> Iterator for Items<'a> {
    type Item = Result<(usize, Item<'a>), (usize, RecordError)>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let at = self.pos;
        let &code = self.body.get(at)?;
        // Most items are one-byte piece moves: no call for them.
        if code <= code::LAST_PIECE_MOVE {
            self.pos += 1;
            return Some(Ok((at, Item::Piece { code })));
        }
        match self.item(code) {
            Ok(item) => Some(Ok((at, item))),
            Err(e) => {
                self.failed = true;
                Some(Err((at, e)))
            }
        }
    }
}

/// Skips from just after a `231` to just after its matching `232`.
///
/// Returns the offset of that `232`.
pub fn skip_variation(items: &mut Items<'_>) -> Result<usize, (usize, RecordError)> {
    let start = items.offset();
    let mut depth = 0usize;
    for r in items.by_ref() {
        match r? {
            (_, Item::VariationStart) => depth += 1,
            (at, Item::VariationEnd) if depth == 0 => return Ok(at),
            (_, Item::VariationEnd) => depth -= 1,
            _ => {}
        }
    }
    Err((
        start,
        RecordError::Invalid {
            what: "a variation (231) has no end (232)",
        },
    ))
}
