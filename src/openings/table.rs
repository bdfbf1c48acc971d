//! THE TABLE'S FORMAT, both ways: the one place that knows its bytes.
//! `build.rs` includes this file (`#[path]`) to write the table from the
//! lichess TSVs; [`super::Openings::from_table`] reads it with [`entries`].
//! It needs nothing but `core` and `alloc` (no shakmaty: moves are already
//! packed when they get here).
//!
//! ```text
//! table  = MAGIC (8 bytes) count:u16le entry*count
//! entry  = eco (3 ASCII bytes: a letter A-E and two digits)
//!          name_len:u8 name (UTF-8, name_len bytes)
//!          plies:u8 move:u16le * plies
//! move   = from (bits 0-5, a1 = 0) | to << 6 | promotion << 12
//!          (promotion: 0 none, 2 knight, 3 bishop, 4 rook, 5 queen: shakmaty's
//!          Role numbers); castling is the king's two-square move (e1g1)
//! ```
//!
//! ```
//! use cadb::openings::table::{write_entry, write_header, entries, pack_move};
//! let mut t = Vec::new();
//! write_header(&mut t, 1);
//! write_entry(&mut t, *b"B00", "King's Pawn Game", &[pack_move(12, 28, 0)]).unwrap();
//! let e: Vec<_> = entries(&t).unwrap().collect::<Result<_, _>>().unwrap();
//! assert_eq!((&e[0].eco, e[0].name), (b"B00", "King's Pawn Game"));
//! // e2e4: 12 | 28 << 6 = 0x070c, little-endian
//! assert_eq!(e[0].moves, [0x0c, 0x07]);
//! ```

use alloc::vec::Vec;

/// The table's first bytes (the `1` is the format's version).
pub const MAGIC: &[u8; 8] = b"CADBECO1";

/// The most entries a table holds (its count is a u16).
pub const MAX_ENTRIES: usize = u16::MAX as usize;

/// One entry as stored: its moves still packed (2 bytes each, little-endian).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawEntry<'a> {
    pub eco: [u8; 3],
    pub name: &'a str,
    /// `plies * 2` bytes: [`unpack_move`] each pair.
    pub moves: &'a [u8],
}

/// Why a table does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableError {
    /// What was expected there.
    pub what: &'static str,
    /// The byte offset in the table.
    pub offset: usize,
}

/// A move packed in 16 bits: squares 0-63 (a1 = 0, h8 = 63), promotion 0 or
/// a role number 2-5.
pub const fn pack_move(from: u8, to: u8, promotion: u8) -> u16 {
    (from as u16 & 63) | (to as u16 & 63) << 6 | (promotion as u16 & 7) << 12
}

/// `(from, to, promotion)` of a packed move.
pub const fn unpack_move(m: u16) -> (u8, u8, u8) {
    ((m & 63) as u8, (m >> 6 & 63) as u8, (m >> 12 & 7) as u8)
}

/// Starts a table of `count` entries.
pub fn write_header(out: &mut Vec<u8>, count: u16) {
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&count.to_le_bytes());
}

/// Appends one entry; an error names what does not fit the format.
pub fn write_entry(
    out: &mut Vec<u8>,
    eco: [u8; 3],
    name: &str,
    moves: &[u16],
) -> Result<(), &'static str> {
    if !valid_eco(eco) {
        return Err("an ECO code is a letter A-E and two digits");
    }
    let name_len = u8::try_from(name.len()).map_err(|_| "a name is at most 255 bytes")?;
    let plies = u8::try_from(moves.len()).map_err(|_| "a line is at most 255 plies")?;
    out.extend_from_slice(&eco);
    out.push(name_len);
    out.extend_from_slice(name.as_bytes());
    out.push(plies);
    for m in moves {
        out.extend_from_slice(&m.to_le_bytes());
    }
    Ok(())
}

fn valid_eco(eco: [u8; 3]) -> bool {
    matches!(eco[0], b'A'..=b'E') && eco[1].is_ascii_digit() && eco[2].is_ascii_digit()
}

/// The entries of `table`, checked one by one as they are read (the header
/// is checked at once). Reading never allocates: each entry borrows the table.
pub fn entries(table: &[u8]) -> Result<Entries<'_>, TableError> {
    if table.len() < MAGIC.len() + 2 || &table[..MAGIC.len()] != MAGIC {
        return Err(TableError {
            what: "an openings table starting CADBECO1 and a count",
            offset: 0,
        });
    }
    let count = u16::from_le_bytes([table[8], table[9]]);
    Ok(Entries {
        table,
        at: MAGIC.len() + 2,
        left: count,
    })
}

/// The iterator [`entries`] returns; after an error it ends.
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    table: &'a [u8],
    at: usize,
    left: u16,
}

impl<'a> Entries<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], TableError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.table.len());
        let Some(end) = end else {
            return Err(TableError {
                what,
                offset: self.at,
            });
        };
        let s = &self.table[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn entry(&mut self) -> Result<RawEntry<'a>, TableError> {
        let start = self.at;
        let eco = self.take(3, "an ECO code")?;
        let eco = [eco[0], eco[1], eco[2]];
        if !valid_eco(eco) {
            return Err(TableError {
                what: "an ECO code (a letter A-E and two digits)",
                offset: start,
            });
        }
        let len = self.take(1, "a name's length")?[0];
        let at = self.at;
        let name = core::str::from_utf8(self.take(usize::from(len), "a name")?).map_err(|_| {
            TableError {
                what: "a name in UTF-8",
                offset: at,
            }
        })?;
        let plies = self.take(1, "a line's length")?[0];
        let moves = self.take(usize::from(plies) * 2, "a line's moves")?;
        Ok(RawEntry { eco, name, moves })
    }

    /// Whether bytes follow the last entry (a table must end there).
    pub fn trailing(&self) -> Option<TableError> {
        (self.left == 0 && self.at != self.table.len()).then_some(TableError {
            what: "the end of the table after its last entry",
            offset: self.at,
        })
    }
}

impl<'a> Iterator for Entries<'a> {
    type Item = Result<RawEntry<'a>, TableError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        let e = self.entry();
        self.left = if e.is_ok() { self.left - 1 } else { 0 };
        Some(e)
    }
}
