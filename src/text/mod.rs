//! Text encodings of names and comments.
//!
//! The three single-byte encodings are 128-entry tables for the upper half
//! (as the WHATWG Encoding Standard defines them; a test checks every byte
//! against encoding_rs). Linking encoding_rs instead pulled every decoder it
//! has, CJK tables included, into the WebAssembly module.
//!
//! Chess Assistant is Russian software of the 1990s: Windows-1251 is the
//! default; CP866, Latin-1 and UTF-8 can be chosen per database.
//!
//! ```
//! use cadb::text::TextEncoding;
//! assert_eq!(TextEncoding::Cp1251.decode(&[0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2]), "Петров");
//! assert_eq!(TextEncoding::Cp866.decode(&[0x8f, 0xa5, 0xe2]), "Пет");
//! assert_eq!("cp866".parse::<TextEncoding>(), Ok(TextEncoding::Cp866));
//! assert_eq!("ebcdic".parse::<TextEncoding>().unwrap_err().code(), "bad-encoding");
//! ```

use alloc::{
    borrow::Cow,
    string::{String, ToString},
    vec::Vec,
};

use crate::error::{Error, ErrorKind, FileKind};

mod case;
mod guess;
mod translit;

pub use self::case::lower;
pub use self::guess::{EncodingGuess, guess_encoding, is_utf8_string};
pub use self::translit::latin;

/// How a database's strings are read (Q33): a code page, and whether a
/// single string that is valid multi-byte UTF-8 is read as UTF-8 instead
/// (a name typed into a later tool may be UTF-8 beside CP1251 ones).
///
/// ```
/// use cadb::text::{Text, TextEncoding};
/// let auto = Text { encoding: TextEncoding::Cp1251, utf8_strings: true };
/// assert_eq!(auto.decode("Карпов".as_bytes()), "Карпов");
/// assert_eq!(auto.decode(&[0xca, 0xe0]), "Ка");
/// assert_eq!(Text::from(TextEncoding::Cp1251).decode("Ка".as_bytes()), "РљР°");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    /// The code page of every other string.
    pub encoding: TextEncoding,
    /// Whether strings that are valid multi-byte UTF-8 are read as UTF-8.
    pub utf8_strings: bool,
}

impl From<TextEncoding> for Text {
    /// Exactly `encoding`, for every string (a caller's choice).
    fn from(encoding: TextEncoding) -> Text {
        Text {
            encoding,
            utf8_strings: false,
        }
    }
}

impl Text {
    /// Decodes one string; malformed input becomes U+FFFD, never an error.
    pub fn decode(self, bytes: &[u8]) -> Cow<'_, str> {
        // ASCII reads the same in every encoding: one check for the
        // common case (comments were read three times over before).
        let utf8 = core::str::from_utf8(bytes);
        if let Ok(s) = utf8
            && (s.is_ascii()
                || self.utf8_strings
                    && self.encoding != TextEncoding::Utf8
                    && is_utf8_string(bytes))
        {
            return Cow::Borrowed(s);
        }
        self.encoding.decode(bytes)
    }
}

/// A text encoding for names and comments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// Windows-1251 (Cyrillic), the default.
    #[default]
    Cp1251,
    /// DOS code page 866 (Cyrillic).
    Cp866,
    /// Latin-1 (decoded as its superset Windows-1252, as browsers do).
    Latin1,
    /// UTF-8 (invalid sequences become U+FFFD).
    Utf8,
}

/// One row of [`ENCODINGS`].
struct Spec {
    encoding: TextEncoding,
    /// The name in the CLI and the JS API.
    name: &'static str,
    /// What a person chooses it by.
    label: &'static str,
    /// Other names accepted (lower case).
    aliases: &'static [&'static str],
    /// The upper half of a single-byte encoding; `None` for UTF-8.
    upper: Option<&'static [char; 128]>,
}

/// Every encoding, the default first: names, labels and tables in one
/// place. [`TextEncoding::ALL`], the CLI's choices and the viewer's menu
/// come from here.
const ENCODINGS: [Spec; 4] = [
    Spec {
        encoding: TextEncoding::Cp1251,
        name: "cp1251",
        label: "Windows-1251 (Cyrillic)",
        aliases: &["windows-1251", "1251"],
        upper: Some(&CP1251),
    },
    Spec {
        encoding: TextEncoding::Cp866,
        name: "cp866",
        label: "CP866 (DOS Cyrillic)",
        aliases: &["ibm866", "866", "dos"],
        upper: Some(&CP866),
    },
    Spec {
        encoding: TextEncoding::Latin1,
        name: "latin1",
        label: "Latin-1",
        aliases: &["latin-1", "iso-8859-1", "cp1252", "windows-1252"],
        upper: Some(&CP1252),
    },
    Spec {
        encoding: TextEncoding::Utf8,
        name: "utf-8",
        label: "UTF-8",
        aliases: &["utf8"],
        upper: None,
    },
];

impl TextEncoding {
    /// Every encoding, the default first.
    pub const ALL: [TextEncoding; ENCODINGS.len()] = {
        let mut all = [TextEncoding::Cp1251; ENCODINGS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = ENCODINGS[i].encoding;
            i += 1;
        }
        all
    };

    fn spec(self) -> &'static Spec {
        // Every variant has its row (a test checks it), so the fallback is never taken.
        ENCODINGS
            .iter()
            .find(|s| s.encoding == self)
            .unwrap_or(&ENCODINGS[0])
    }

    /// The upper half of a single-byte encoding; `None` for UTF-8.
    fn upper(self) -> Option<&'static [char; 128]> {
        self.spec().upper
    }

    /// The name used in the CLI and JS API (`"cp1251"`).
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// A label for menus (`"Windows-1251 (Cyrillic)"`).
    pub fn label(self) -> &'static str {
        self.spec().label
    }

    /// The character of one byte in a single-byte code page (U+FFFD for a
    /// high byte in UTF-8, which has no such table).
    pub(crate) fn char_of(self, b: u8) -> char {
        match self.upper() {
            _ if b < 0x80 => char::from(b),
            Some(upper) => upper[usize::from(b - 0x80)],
            None => char::REPLACEMENT_CHARACTER,
        }
    }

    /// Decodes bytes; malformed input becomes U+FFFD, never an error.
    pub fn decode(self, bytes: &[u8]) -> Cow<'_, str> {
        let Some(upper) = self.upper() else {
            return String::from_utf8_lossy(bytes);
        };
        match core::str::from_utf8(bytes) {
            Ok(ascii) if bytes.is_ascii() => Cow::Borrowed(ascii),
            _ => Cow::Owned(
                bytes
                    .iter()
                    .map(|&b| {
                        if b < 0x80 {
                            char::from(b)
                        } else {
                            upper[usize::from(b - 0x80)]
                        }
                    })
                    .collect(),
            ),
        }
    }

    /// Encodes text; characters the encoding lacks become numeric references (`&#1234;`).
    pub fn encode(self, text: &str) -> Vec<u8> {
        let Some(upper) = self.upper() else {
            return text.as_bytes().to_vec();
        };
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            if c.is_ascii() {
                out.push(c as u8);
            } else if let Some(i) = upper.iter().position(|&u| u == c) {
                out.push(0x80 + i as u8);
            } else {
                out.extend_from_slice(b"&#");
                out.extend_from_slice((c as u32).to_string().as_bytes());
                out.push(b';');
            }
        }
        out
    }
}

impl core::str::FromStr for TextEncoding {
    type Err = Error;

    /// A name or alias, in any case; an unknown one is a
    /// [parameter error](crate::Fault::Parameter) listing the names.
    fn from_str(s: &str) -> Result<TextEncoding, Error> {
        let s = s.to_ascii_lowercase();
        ENCODINGS
            .iter()
            .find(|e| e.name == s || e.aliases.contains(&s.as_str()))
            .map(|e| e.encoding)
            .ok_or_else(|| {
                let k = ErrorKind::UnknownEncoding {
                    name: s,
                    expected: expected_names(),
                };
                Error::new(k, FileKind::Argument)
            })
    }
}

/// The encoding names, as an error lists them: `a, b or c`.
fn expected_names() -> String {
    let all = TextEncoding::ALL;
    let mut out = String::new();
    for (i, e) in all.iter().enumerate() {
        out.push_str(match i {
            0 => "",
            _ if i + 1 == all.len() => " or ",
            _ => ", ",
        });
        out.push_str(e.name());
    }
    out
}

const CP1251: [char; 128] = [
    '\u{0402}', '\u{0403}', '\u{201a}', '\u{0453}', '\u{201e}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{20ac}', '\u{2030}', '\u{0409}', '\u{2039}', '\u{040a}', '\u{040c}', '\u{040b}', '\u{040f}',
    '\u{0452}', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{0098}', '\u{2122}', '\u{0459}', '\u{203a}', '\u{045a}', '\u{045c}', '\u{045b}', '\u{045f}',
    '\u{00a0}', '\u{040e}', '\u{045e}', '\u{0408}', '\u{00a4}', '\u{0490}', '\u{00a6}', '\u{00a7}',
    '\u{0401}', '\u{00a9}', '\u{0404}', '\u{00ab}', '\u{00ac}', '\u{00ad}', '\u{00ae}', '\u{0407}',
    '\u{00b0}', '\u{00b1}', '\u{0406}', '\u{0456}', '\u{0491}', '\u{00b5}', '\u{00b6}', '\u{00b7}',
    '\u{0451}', '\u{2116}', '\u{0454}', '\u{00bb}', '\u{0458}', '\u{0405}', '\u{0455}', '\u{0457}',
    '\u{0410}', '\u{0411}', '\u{0412}', '\u{0413}', '\u{0414}', '\u{0415}', '\u{0416}', '\u{0417}',
    '\u{0418}', '\u{0419}', '\u{041a}', '\u{041b}', '\u{041c}', '\u{041d}', '\u{041e}', '\u{041f}',
    '\u{0420}', '\u{0421}', '\u{0422}', '\u{0423}', '\u{0424}', '\u{0425}', '\u{0426}', '\u{0427}',
    '\u{0428}', '\u{0429}', '\u{042a}', '\u{042b}', '\u{042c}', '\u{042d}', '\u{042e}', '\u{042f}',
    '\u{0430}', '\u{0431}', '\u{0432}', '\u{0433}', '\u{0434}', '\u{0435}', '\u{0436}', '\u{0437}',
    '\u{0438}', '\u{0439}', '\u{043a}', '\u{043b}', '\u{043c}', '\u{043d}', '\u{043e}', '\u{043f}',
    '\u{0440}', '\u{0441}', '\u{0442}', '\u{0443}', '\u{0444}', '\u{0445}', '\u{0446}', '\u{0447}',
    '\u{0448}', '\u{0449}', '\u{044a}', '\u{044b}', '\u{044c}', '\u{044d}', '\u{044e}', '\u{044f}',
];

const CP866: [char; 128] = [
    '\u{0410}', '\u{0411}', '\u{0412}', '\u{0413}', '\u{0414}', '\u{0415}', '\u{0416}', '\u{0417}',
    '\u{0418}', '\u{0419}', '\u{041a}', '\u{041b}', '\u{041c}', '\u{041d}', '\u{041e}', '\u{041f}',
    '\u{0420}', '\u{0421}', '\u{0422}', '\u{0423}', '\u{0424}', '\u{0425}', '\u{0426}', '\u{0427}',
    '\u{0428}', '\u{0429}', '\u{042a}', '\u{042b}', '\u{042c}', '\u{042d}', '\u{042e}', '\u{042f}',
    '\u{0430}', '\u{0431}', '\u{0432}', '\u{0433}', '\u{0434}', '\u{0435}', '\u{0436}', '\u{0437}',
    '\u{0438}', '\u{0439}', '\u{043a}', '\u{043b}', '\u{043c}', '\u{043d}', '\u{043e}', '\u{043f}',
    '\u{2591}', '\u{2592}', '\u{2593}', '\u{2502}', '\u{2524}', '\u{2561}', '\u{2562}', '\u{2556}',
    '\u{2555}', '\u{2563}', '\u{2551}', '\u{2557}', '\u{255d}', '\u{255c}', '\u{255b}', '\u{2510}',
    '\u{2514}', '\u{2534}', '\u{252c}', '\u{251c}', '\u{2500}', '\u{253c}', '\u{255e}', '\u{255f}',
    '\u{255a}', '\u{2554}', '\u{2569}', '\u{2566}', '\u{2560}', '\u{2550}', '\u{256c}', '\u{2567}',
    '\u{2568}', '\u{2564}', '\u{2565}', '\u{2559}', '\u{2558}', '\u{2552}', '\u{2553}', '\u{256b}',
    '\u{256a}', '\u{2518}', '\u{250c}', '\u{2588}', '\u{2584}', '\u{258c}', '\u{2590}', '\u{2580}',
    '\u{0440}', '\u{0441}', '\u{0442}', '\u{0443}', '\u{0444}', '\u{0445}', '\u{0446}', '\u{0447}',
    '\u{0448}', '\u{0449}', '\u{044a}', '\u{044b}', '\u{044c}', '\u{044d}', '\u{044e}', '\u{044f}',
    '\u{0401}', '\u{0451}', '\u{0404}', '\u{0454}', '\u{0407}', '\u{0457}', '\u{040e}', '\u{045e}',
    '\u{00b0}', '\u{2219}', '\u{00b7}', '\u{221a}', '\u{2116}', '\u{00a4}', '\u{25a0}', '\u{00a0}',
];

const CP1252: [char; 128] = [
    '\u{20ac}', '\u{0081}', '\u{201a}', '\u{0192}', '\u{201e}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02c6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008d}', '\u{017d}', '\u{008f}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02dc}', '\u{2122}', '\u{0161}', '\u{203a}', '\u{0153}', '\u{009d}', '\u{017e}', '\u{0178}',
    '\u{00a0}', '\u{00a1}', '\u{00a2}', '\u{00a3}', '\u{00a4}', '\u{00a5}', '\u{00a6}', '\u{00a7}',
    '\u{00a8}', '\u{00a9}', '\u{00aa}', '\u{00ab}', '\u{00ac}', '\u{00ad}', '\u{00ae}', '\u{00af}',
    '\u{00b0}', '\u{00b1}', '\u{00b2}', '\u{00b3}', '\u{00b4}', '\u{00b5}', '\u{00b6}', '\u{00b7}',
    '\u{00b8}', '\u{00b9}', '\u{00ba}', '\u{00bb}', '\u{00bc}', '\u{00bd}', '\u{00be}', '\u{00bf}',
    '\u{00c0}', '\u{00c1}', '\u{00c2}', '\u{00c3}', '\u{00c4}', '\u{00c5}', '\u{00c6}', '\u{00c7}',
    '\u{00c8}', '\u{00c9}', '\u{00ca}', '\u{00cb}', '\u{00cc}', '\u{00cd}', '\u{00ce}', '\u{00cf}',
    '\u{00d0}', '\u{00d1}', '\u{00d2}', '\u{00d3}', '\u{00d4}', '\u{00d5}', '\u{00d6}', '\u{00d7}',
    '\u{00d8}', '\u{00d9}', '\u{00da}', '\u{00db}', '\u{00dc}', '\u{00dd}', '\u{00de}', '\u{00df}',
    '\u{00e0}', '\u{00e1}', '\u{00e2}', '\u{00e3}', '\u{00e4}', '\u{00e5}', '\u{00e6}', '\u{00e7}',
    '\u{00e8}', '\u{00e9}', '\u{00ea}', '\u{00eb}', '\u{00ec}', '\u{00ed}', '\u{00ee}', '\u{00ef}',
    '\u{00f0}', '\u{00f1}', '\u{00f2}', '\u{00f3}', '\u{00f4}', '\u{00f5}', '\u{00f6}', '\u{00f7}',
    '\u{00f8}', '\u{00f9}', '\u{00fa}', '\u{00fb}', '\u{00fc}', '\u{00fd}', '\u{00fe}', '\u{00ff}',
];

/// Writes `n` in decimal, at least `width` digits (zeros in front), one
/// ASCII byte at a time to `push`: the numbers of PGN text and header
/// fields (move numbers, NAGs, Elo, dates, rounds, ECO codes) without the
/// formatting machinery, once a move or a game in an export.
pub(crate) fn decimal(n: u32, width: usize, mut push: impl FnMut(u8)) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for _ in digits.len() - i..width {
        push(b'0');
    }
    digits[i..].iter().for_each(|&d| push(d));
}

#[cfg(test)]
mod tests {

    #[test]
    fn decimal_writes_what_format_writes() {
        for n in (0..2_000u32).chain([9_999, 10_000, 65_535, 1 << 31, u32::MAX]) {
            for width in 0..12 {
                let mut s = String::new();
                super::decimal(n, width, |d| s.push(char::from(d)));
                assert_eq!(s, alloc::format!("{n:0width$}"), "{n} in {width}");
            }
        }
    }

    use super::TextEncoding;

    #[test]
    fn every_encoding_has_its_row_and_reads_back_by_name() {
        for (i, e) in TextEncoding::ALL.into_iter().enumerate() {
            assert_eq!(super::ENCODINGS[i].encoding, e);
            assert_eq!(e.name().parse::<TextEncoding>(), Ok(e));
            assert_eq!(e.name().to_uppercase().parse::<TextEncoding>(), Ok(e));
            assert!(!e.label().is_empty());
        }
        assert_eq!("DOS".parse::<TextEncoding>(), Ok(TextEncoding::Cp866));
        let e = "koi8".parse::<TextEncoding>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "argument: unknown encoding \"koi8\" (expected cp1251, cp866, latin1 or utf-8)"
        );
    }

    #[test]
    fn every_byte_decodes_and_encodes_as_encoding_rs_does() {
        for (ours, theirs) in [
            (TextEncoding::Cp1251, encoding_rs::WINDOWS_1251),
            (TextEncoding::Cp866, encoding_rs::IBM866),
            (TextEncoding::Latin1, encoding_rs::WINDOWS_1252),
        ] {
            let all: Vec<u8> = (0..=255).collect();
            let text = ours.decode(&all);
            assert_eq!(text, theirs.decode_without_bom_handling(&all).0, "{ours:?}");
            assert_eq!(ours.encode(&text), all, "{ours:?} round trip");
            for s in ["Петров", "Ülle €5", "日本", "a\u{1F600}b"] {
                assert_eq!(
                    ours.encode(s),
                    theirs.encode(s).0.into_owned(),
                    "{ours:?} {s}"
                );
            }
        }
        let bad = [b'a', 0xFF, b'b'];
        assert_eq!(
            TextEncoding::Utf8.decode(&bad),
            encoding_rs::UTF_8.decode_without_bom_handling(&bad).0
        );
    }
}
