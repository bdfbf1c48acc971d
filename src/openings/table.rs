//! THE TABLE'S FORMAT, both ways: the one place that knows its bytes.
//! `build.rs` includes this file (`#[path]`) to write the table from the
//! lichess TSVs; [`super::Openings::from_table`] reads it with [`entries`].
//! It needs nothing but `core` and `alloc` (no shakmaty: moves are already
//! packed when they get here).
//!
//! Each entry shares a prefix with the one before (the TSVs are sorted by
//! ECO, and neighbours mostly extend the same name and line), so a table of
//! ~3,800 lines is about a third of its plain size before any compression.
//!
//! ```text
//! table  = MAGIC (8 bytes) count:u16le entry*count
//! entry  = eco (3 ASCII bytes: a letter A-E and two digits)
//!          name_shared:u8 name_new:u8 (UTF-8, name_new bytes)
//!          plies_shared:u8 plies_new:u8 move:u16le * plies_new
//!          (the name is the previous name's first name_shared bytes, then
//!          the new bytes; the line the previous line's first plies_shared
//!          moves, then the new ones; the first entry shares nothing)
//! move   = from (bits 0-5, a1 = 0) | to << 6 | promotion << 12
//!          (promotion: 0 none, 2 knight, 3 bishop, 4 rook, 5 queen: shakmaty's
//!          Role numbers); castling is the king's two-square move (e1g1)
//! ```
//!
//! ```
//! use cadb::openings::table::{TableWriter, entries, pack_move};
//! let e4 = pack_move(12, 28, 0);
//! let mut w = TableWriter::new(2);
//! w.entry(*b"B00", "King's Pawn Game", &[e4]).unwrap();
//! w.entry(*b"B00", "King's Pawn Game: Nimzowitsch", &[e4, pack_move(57, 42, 0)]).unwrap();
//! let t = w.finish();
//! let e: Vec<_> = entries(&t).unwrap().collect::<Result<_, _>>().unwrap();
//! assert_eq!((&e[1].eco, e[1].name.as_str()), (b"B00", "King's Pawn Game: Nimzowitsch"));
//! assert_eq!(e[1].moves, [e4, 57 | 42 << 6]);
//! // The second entry stores only ": Nimzowitsch" and b8c6.
//! assert_eq!(t.len(), 10 + (3 + 2 + 16 + 2 + 2) + (3 + 2 + 13 + 2 + 2));
//! ```

use alloc::{string::String, vec::Vec};

/// The table's first bytes (the `2` is the format's version).
pub const MAGIC: &[u8; 8] = b"CADBECO2";

/// One entry, read: its moves packed ([`unpack_move`] each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub eco: [u8; 3],
    pub name: String,
    pub moves: Vec<u16>,
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

fn valid_eco(eco: [u8; 3]) -> bool {
    matches!(eco[0], b'A'..=b'E') && eco[1].is_ascii_digit() && eco[2].is_ascii_digit()
}

/// The length of the common prefix of `a` and `b`, at most 255.
fn shared<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter()
        .zip(b)
        .take(255)
        .take_while(|(x, y)| x == y)
        .count()
}

/// Writes a table entry by entry (build.rs, and tests).
#[derive(Clone, Debug)]
pub struct TableWriter {
    out: Vec<u8>,
    name: String,
    moves: Vec<u16>,
}

impl TableWriter {
    /// A table of `count` entries: exactly that many must follow.
    pub fn new(count: u16) -> TableWriter {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&count.to_le_bytes());
        TableWriter {
            out,
            name: String::new(),
            moves: Vec::new(),
        }
    }

    /// Appends one entry; an error names what does not fit the format.
    pub fn entry(&mut self, eco: [u8; 3], name: &str, moves: &[u16]) -> Result<(), &'static str> {
        if !valid_eco(eco) {
            return Err("an ECO code is a letter A-E and two digits");
        }
        let mut name_shared = shared(self.name.as_bytes(), name.as_bytes());
        while !name.is_char_boundary(name_shared) {
            name_shared -= 1;
        }
        let name_new =
            u8::try_from(name.len() - name_shared).map_err(|_| "a name is at most 255 bytes")?;
        let plies_shared = shared(&self.moves, moves);
        let plies_new =
            u8::try_from(moves.len() - plies_shared).map_err(|_| "a line is at most 255 plies")?;
        self.out.extend_from_slice(&eco);
        self.out.extend_from_slice(&[name_shared as u8, name_new]);
        self.out.extend_from_slice(&name.as_bytes()[name_shared..]);
        self.out.extend_from_slice(&[plies_shared as u8, plies_new]);
        for m in &moves[plies_shared..] {
            self.out.extend_from_slice(&m.to_le_bytes());
        }
        self.name = String::from(name);
        self.moves = moves.to_vec();
        Ok(())
    }

    /// The table's bytes.
    pub fn finish(self) -> Vec<u8> {
        self.out
    }
}

/// The entries of `table`, checked one by one as they are read (the header
/// is checked at once). Each entry holds at most 255 bytes of name and 255
/// moves, whatever the input.
pub fn entries(table: &[u8]) -> Result<Entries<'_>, TableError> {
    if table.len() < MAGIC.len() + 2 || &table[..MAGIC.len()] != MAGIC {
        return Err(TableError {
            what: "an openings table starting CADBECO2 and a count",
            offset: 0,
        });
    }
    let count = u16::from_le_bytes([table[8], table[9]]);
    Ok(Entries {
        table,
        at: MAGIC.len() + 2,
        left: count,
        name: String::new(),
        moves: Vec::new(),
    })
}

/// The iterator [`entries`] returns; after an error it ends.
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    table: &'a [u8],
    at: usize,
    left: u16,
    name: String,
    moves: Vec<u16>,
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

    /// The byte offset of the next entry.
    pub fn offset(&self) -> usize {
        self.at
    }

    fn entry(&mut self) -> Result<Entry, TableError> {
        let start = self.at;
        let eco = self.take(3, "an ECO code")?;
        let eco = [eco[0], eco[1], eco[2]];
        if !valid_eco(eco) {
            return Err(TableError {
                what: "an ECO code (a letter A-E and two digits)",
                offset: start,
            });
        }
        let at = self.at;
        let lens = self.take(2, "a name's lengths")?;
        let (keep, new) = (usize::from(lens[0]), usize::from(lens[1]));
        if keep > self.name.len() || !self.name.is_char_boundary(keep) {
            return Err(TableError {
                what: "a name's shared part within the name before",
                offset: at,
            });
        }
        let at = self.at;
        let new = core::str::from_utf8(self.take(new, "a name")?).map_err(|_| TableError {
            what: "a name in UTF-8",
            offset: at,
        })?;
        if keep + new.len() > 255 {
            return Err(TableError {
                what: "a name of at most 255 bytes",
                offset: at,
            });
        }
        self.name.truncate(keep);
        self.name.push_str(new);
        let at = self.at;
        let lens = self.take(2, "a line's lengths")?;
        let (keep, new) = (usize::from(lens[0]), usize::from(lens[1]));
        if keep > self.moves.len() || keep + new > 255 {
            return Err(TableError {
                what: "a line's shared part within the line before, and at most 255 plies",
                offset: at,
            });
        }
        let bytes = self.take(new * 2, "a line's moves")?;
        self.moves.truncate(keep);
        self.moves.extend(
            bytes
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]])),
        );
        Ok(Entry {
            eco,
            name: self.name.clone(),
            moves: self.moves.clone(),
        })
    }

    /// Whether bytes follow the last entry (a table must end there).
    pub fn trailing(&self) -> Option<TableError> {
        (self.left == 0 && self.at != self.table.len()).then_some(TableError {
            what: "the end of the table after its last entry",
            offset: self.at,
        })
    }
}

impl Iterator for Entries<'_> {
    type Item = Result<Entry, TableError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        let e = self.entry();
        self.left = if e.is_ok() { self.left - 1 } else { 0 };
        Some(e)
    }
}
