//! Letter case by range, for the letters the code pages here hold: ASCII,
//! Latin-1, Latin Extended-A and Cyrillic. Unicode's case tables would add
//! kilobytes to the wasm module for letters no Chess Assistant database
//! holds; a test checks these ranges against Unicode.

use alloc::string::String;

/// Whether the pair ranges (upper and lower at neighbouring code points)
/// hold `u`, and whether it is the upper of its pair.
fn in_pair(u: u32) -> Option<bool> {
    let even = u.is_multiple_of(2);
    match u {
        // Cyrillic beyond the basic block (Ѣ, Ґ, ...) and Latin Extended-A: upper first.
        0x460..=0x481 | 0x48A..=0x4BF | 0x100..=0x137 | 0x14A..=0x177 => Some(even),
        0x139..=0x148 | 0x179..=0x17E => Some(!even),
        _ => None,
    }
}

/// (upper, lower): whether `c` is an upper- or lower-case letter of these
/// ranges (neither for anything else).
pub(crate) fn case_of(c: char) -> (bool, bool) {
    let u = c as u32;
    if let Some(upper) = in_pair(u) {
        return (upper, !upper);
    }
    match u {
        0x41..=0x5A | 0x400..=0x42F => (true, false),
        0x61..=0x7A | 0x430..=0x45F => (false, true),
        0x178 => (true, false), // Ÿ
        0x192 => (false, true), // ƒ
        0xC0..=0xDE => (u != 0xD7, false),
        0xDF..=0xFF => (false, u != 0xF7),
        _ => (false, false),
    }
}

/// The lower case of `c` in these ranges; any other character as it is.
fn lower_char(c: char) -> char {
    let u = c as u32;
    let lower = match u {
        0x130 => u, // İ: Unicode lower-cases it to two characters
        _ if in_pair(u) == Some(true) => u + 1,
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x410..=0x42F => u + 0x20,
        0x400..=0x40F => u + 0x50,
        0x178 => 0xFF,
        _ => u,
    };
    char::from_u32(lower).unwrap_or(c)
}

/// `s` in lower case for searching: Latin and Cyrillic letters as Unicode
/// lower-cases them, every other character unchanged.
///
/// ```
/// assert_eq!(cadb::text::lower("Карпов ÉLO Šaša"), "карпов élo šaša");
/// ```
pub fn lower(s: &str) -> String {
    s.chars().map(lower_char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::TextEncoding;

    #[test]
    fn agrees_with_unicode_on_every_letter_a_code_page_holds() {
        for enc in TextEncoding::ALL {
            for b in 0..=255u8 {
                let c = enc.char_of(b);
                assert_eq!(
                    String::from(lower_char(c)),
                    c.to_lowercase().collect::<String>(),
                    "{c} in {enc:?}"
                );
                // ª, º and µ (lower case to Unicode) are not scored as letters.
                if c.is_alphabetic() && !matches!(c, 'ª' | 'º' | 'µ') {
                    assert_eq!(
                        case_of(c),
                        (c.is_uppercase(), c.is_lowercase()),
                        "{c} in {enc:?}"
                    );
                }
            }
        }
    }

    /// Below U+0500, a character is lower-cased as Unicode does or kept.
    #[test]
    fn never_lower_cases_wrongly() {
        let mut changed = 0;
        for c in (0..0x500).filter_map(char::from_u32) {
            let l = lower_char(c);
            if l != c {
                changed += 1;
                assert_eq!(String::from(l), c.to_lowercase().collect::<String>(), "{c}");
            }
        }
        assert!(changed > 200, "{changed}");
    }
}
