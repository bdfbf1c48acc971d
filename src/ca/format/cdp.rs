//! The CDP file (§3): a fixed 112-byte header, then the database comment.
//! The four name lists' `.cdp` inner files are written in the same form.
//!
//! ```
//! use cadb::ca::format::cdp;
//! let h = cdp::header(7, 2);
//! assert_eq!(&h[cdp::GAME_COUNT..cdp::GAME_COUNT + 4], [7, 0, 0, 0]);
//! assert!(h.starts_with(b"Chess Assistant 3.0 database."));
//! ```

use core::ops::Range;

use super::{CDP_VERSION, SIGNATURE, put_text};

/// Size of the fixed part.
pub const FIXED_LEN: usize = 112;
/// The signature text, zero-filled.
pub const SIGNATURE_FIELD: Range<usize> = 0..50;
/// The version text, zero-filled.
pub const VERSION_FIELD: Range<usize> = 50..100;
/// u32: the number of games (bytes 100..104 are not described; written 0).
pub const GAME_COUNT: usize = 104;
/// u32: the length of the comment that follows the fixed part.
pub const COMMENT_LEN: usize = 108;

/// The fixed part as this crate writes it.
pub fn header(game_count: u32, comment_len: u32) -> [u8; FIXED_LEN] {
    let mut h = [0u8; FIXED_LEN];
    put_text(&mut h[SIGNATURE_FIELD], SIGNATURE.as_bytes());
    put_text(&mut h[VERSION_FIELD], CDP_VERSION.as_bytes());
    h[GAME_COUNT..GAME_COUNT + 4].copy_from_slice(&game_count.to_le_bytes());
    h[COMMENT_LEN..COMMENT_LEN + 4].copy_from_slice(&comment_len.to_le_bytes());
    h
}
