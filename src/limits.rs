//! Bounds against hostile or damaged input. Each gives an error, never a
//! stack overflow, a hang or a huge allocation.
//!
//! ```
//! assert!(cadb::limits::MAX_VARIATION_DEPTH >= 32);
//! ```

/// Deepest nesting of variations inside one game record.
pub const MAX_VARIATION_DEPTH: u32 = 64;
/// Largest comment, in bytes (a D02 record is at most 32767 bytes, but code 236 has a 4-byte length).
pub const MAX_COMMENT_BYTES: u64 = 1 << 20;
/// Most fragments one EMB inner file may have.
pub const MAX_FRAGMENTS: u64 = 1 << 20;
/// Most steps when following an a01/A02 redirection chain.
pub const MAX_CHAIN_STEPS: u32 = 1024;
/// Most entries in the EMB root directory.
pub const MAX_DIRECTORY_ENTRIES: u64 = 4096;
/// Largest EMB inner file, in bytes.
pub const MAX_INNER_FILE_BYTES: u64 = 1 << 30;
/// Most plies in one game, counting variations.
pub const MAX_PLIES: u32 = 1 << 16;
