//! Bounds against hostile or damaged input. Each gives an error, never a
//! stack overflow, a hang or a huge allocation.
//!
//! # The memory budget
//!
//! Reading a database holds at most [`MEMORY_MULTIPLE`] times the size of
//! its five files plus [`MEMORY_CONSTANT`], whatever is asked of it:
//! opening, names, search, sort, rows, games, export, the compactness
//! report, and the opening tree up to [`Limits::max_tree_entries`]. The
//! bounds that make this true:
//!
//! - an EMB inner file holds only bytes of the volume, and two inner files
//!   share bytes only as identical fragments, so the name files are at most
//!   13 times the EMB ([`crate::ca::emb::Claims`]);
//! - `.a01` and A02 chains are resolved once, one `u32` per id;
//! - a name is decoded once per distinct record. Records may overlap (the
//!   spec allows it), so the records a table decodes in bulk (for search,
//!   sort and `names()`) are bounded instead: at most
//!   [`NAME_BULK_MULTIPLE`] times its `.d01` plus [`NAME_BULK_CONSTANT`]
//!   raw bytes, the records games use first
//!   ([`crate::ca::NameTable::in_bulk`]);
//! - one game at a time is decoded ([`MAX_PLIES`], [`MAX_VARIATION_DEPTH`]);
//! - search and sort keep a few bytes a game (a D00 record is 38).
//!
//! `tests/hostile.rs` measures the peak with a counting allocator.
//!
//! Per-game bounds are constants; the ones that size a whole run can be set
//! at run time through [`Limits`].
//!
//! ```
//! use cadb::limits::Limits;
//! assert!(cadb::limits::MAX_VARIATION_DEPTH >= 32);
//! let small = Limits { max_tree_entries: 1000, ..Limits::default() };
//! assert!(small.max_tree_entries < Limits::default().max_tree_entries);
//! ```

/// Deepest nesting of variations inside one game (every reader and writer).
pub const MAX_VARIATION_DEPTH: u32 = 64;
/// Largest comment, in bytes (a D02 record is at most 32767 bytes, but code 236 has a 4-byte length).
pub const MAX_COMMENT_BYTES: u64 = 1 << 20;
/// Most fragments one EMB inner file may have.
pub const MAX_FRAGMENTS: u64 = 1 << 20;
/// Most entries in the EMB root directory.
pub const MAX_DIRECTORY_ENTRIES: u64 = 4096;
/// Largest EMB inner file, in bytes.
pub const MAX_INNER_FILE_BYTES: u64 = 1 << 30;
/// Largest A02, in bytes: 2^30 game ids.
pub const MAX_A02_BYTES: u64 = 1 << 32;
/// Most plies in one game, counting variations.
pub const MAX_PLIES: u32 = 1 << 16;
/// Most games one PGN import reads.
pub const MAX_PGN_GAMES: u64 = 1 << 24;
/// Most (position, move) entries of an opening tree built from a database:
/// about 40 bytes each, so 16M entries hold 640 MB, and building one
/// briefly needs twice that.
pub const MAX_TREE_ENTRIES: usize = 1 << 24;

/// The raw bytes of the name records one table decodes in bulk, at most:
/// this times its `.d01`, plus [`NAME_BULK_CONSTANT`]. Records laid end
/// to end take 1 times; the rest leaves room for records that overlap.
pub const NAME_BULK_MULTIPLE: u64 = 2;
/// The constant part of that bound, in bytes.
pub const NAME_BULK_CONSTANT: u64 = 256 << 10;

/// The memory budget's multiple of the database's file sizes (see above).
pub const MEMORY_MULTIPLE: u64 = 16;
/// The memory budget's constant part, in bytes.
pub const MEMORY_CONSTANT: u64 = 64 << 20;

/// The bounds a caller may change at run time; `Default` is the constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most games one PGN import reads; more is an error after them.
    pub max_pgn_games: u64,
    /// Most entries of an opening tree built over a database; a tree that
    /// reaches it stops taking games and says how many it holds.
    pub max_tree_entries: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_pgn_games: MAX_PGN_GAMES,
            max_tree_entries: MAX_TREE_ENTRIES,
        }
    }
}
