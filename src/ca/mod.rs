//! Chess Assistant databases: CDP, EMB, D00, A02 and D02.
//!
//! The spec is `chess-assistant.md` (see its §0 for the readings followed).
//! Opening reads CDP, EMB, D00 and A02; a game's D02 record is read only
//! when asked for.

pub mod writer;

use crate::text::TextEncoding;

/// The five files of a database, each any byte source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatabaseFiles<R> {
    pub cdp: R,
    pub emb: R,
    pub d00: R,
    pub a02: R,
    pub d02: R,
}

impl DatabaseFiles<alloc::vec::Vec<u8>> {
    /// Borrowed views of in-memory files.
    pub fn as_slices(&self) -> DatabaseFiles<&[u8]> {
        DatabaseFiles {
            cdp: &self.cdp,
            emb: &self.emb,
            d00: &self.d00,
            a02: &self.a02,
            d02: &self.d02,
        }
    }
}

/// How to open a database.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    /// Encoding of names and comments (Windows-1251 unless chosen).
    pub encoding: TextEncoding,
}
