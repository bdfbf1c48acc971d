//! The Chess Assistant format's definitions: its constants, tables and
//! record layouts, in one place that the reader and the writer both use (in
//! the way of object's `elf.rs`). Nothing here reads a file or decides what
//! to do with damage; that is the reader's job, and choosing how to lay out
//! a database is the writer's.
//!
//! - [`cdp`]: the CDP header (§3).
//! - [`emb`]: the EMB volume: header, directory entries, fragments, the four
//!   name lists and their records (§4).
//! - [`d00`]: the 38-byte game header and the coding of each field (§5);
//!   its date (§7) is `date.rs`, shared with the players' birthdays.
//! - [`d02`]: game records: the length prefix, the codes, piece numbers and
//!   offsets, comment types, the set-up record (§8).
//!
//! The tests keep independent oracles (`tests/ca_bytes.rs` assembles bytes
//! by hand from the spec; `tests/ca_writer` has its own D02 decoder), so a
//! mistake here cannot hide by being shared.
//!
//! ```
//! use cadb::ca::format::{self, Convention};
//! assert_eq!(format::SIGNATURE, "Chess Assistant 3.0 database.");
//! assert_eq!(Convention::default().other(), Convention::Left);
//! ```

pub mod cdp;
pub mod d00;
pub mod d02;
mod date;
pub mod emb;

/// The CDP signature (§3), also the EMB signature (§4.3).
pub const SIGNATURE: &str = "Chess Assistant 3.0 database.";
/// The CDP format version; `\n` is one 0x0A byte (Q7).
pub const CDP_VERSION: &str = "\nChess Data Pro format. Version 1.3";
/// The EMB format version (§4.3).
pub const EMB_VERSION: &str = "\nData Pro Volume format. Version 1.1";

/// Which way the `x` of a move offset `<y><x>` counts (§0, Q17). The
/// reader detects it per database; the writer can write either.
///
/// ```
/// use cadb::ca::format::Convention;
/// assert_eq!(Convention::Right.name(), "right");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// New file = (file + x) mod 8: the reading the spec chose (1.Nf3 = 43).
    #[default]
    Right,
    /// New file = (file − x) mod 8: the literal "left" of the source
    /// (1.Nf3 = 44). The extended-move byte of §8.11 still counts right.
    Left,
}

impl Convention {
    /// Both readings, the chosen one first.
    pub const ALL: [Convention; 2] = [Convention::Right, Convention::Left];

    /// The other reading.
    pub fn other(self) -> Convention {
        match self {
            Convention::Right => Convention::Left,
            Convention::Left => Convention::Right,
        }
    }

    /// `"right"` or `"left"`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Right => "right",
            Convention::Left => "left",
        }
    }
}

/// Text of a zero-filled fixed field (signatures, names in the directory).
pub(crate) fn c_string(b: &[u8]) -> alloc::string::String {
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    alloc::string::String::from_utf8_lossy(&b[..end]).into_owned()
}

/// Copies `text` into a zero-filled fixed field (cut if longer).
pub(crate) fn put_text(field: &mut [u8], text: &[u8]) {
    let n = text.len().min(field.len());
    field[..n].copy_from_slice(&text[..n]);
}
