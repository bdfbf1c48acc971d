//! Text encodings of names and comments, decoded with encoding_rs.
//!
//! Chess Assistant is Russian software of the 1990s: Windows-1251 is the
//! default; CP866, Latin-1 and UTF-8 can be chosen per database.
//!
//! ```
//! use cadb::text::TextEncoding;
//! assert_eq!(TextEncoding::Cp1251.decode(&[0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2]), "Петров");
//! assert_eq!(TextEncoding::Cp866.decode(&[0x8f, 0xa5, 0xe2]), "Пет");
//! assert_eq!("cp866".parse::<TextEncoding>(), Ok(TextEncoding::Cp866));
//! ```

use alloc::{borrow::Cow, vec::Vec};

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

impl TextEncoding {
    /// Every encoding, for selectors.
    pub const ALL: [TextEncoding; 4] = [
        TextEncoding::Cp1251,
        TextEncoding::Cp866,
        TextEncoding::Latin1,
        TextEncoding::Utf8,
    ];

    fn codec(self) -> &'static encoding_rs::Encoding {
        match self {
            TextEncoding::Cp1251 => encoding_rs::WINDOWS_1251,
            TextEncoding::Cp866 => encoding_rs::IBM866,
            TextEncoding::Latin1 => encoding_rs::WINDOWS_1252,
            TextEncoding::Utf8 => encoding_rs::UTF_8,
        }
    }

    /// The name used in the CLI and JS API.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Cp1251 => "cp1251",
            TextEncoding::Cp866 => "cp866",
            TextEncoding::Latin1 => "latin1",
            TextEncoding::Utf8 => "utf-8",
        }
    }

    /// Decodes bytes; malformed input becomes U+FFFD, never an error.
    pub fn decode(self, bytes: &[u8]) -> Cow<'_, str> {
        self.codec().decode_without_bom_handling(bytes).0
    }

    /// Encodes text; characters the encoding lacks become numeric references (`&#1234;`).
    pub fn encode(self, text: &str) -> Vec<u8> {
        self.codec().encode(text).0.into_owned()
    }
}

impl core::str::FromStr for TextEncoding {
    type Err = ();

    fn from_str(s: &str) -> Result<TextEncoding, ()> {
        let s = s.to_ascii_lowercase();
        Ok(match s.as_str() {
            "cp1251" | "windows-1251" | "1251" => TextEncoding::Cp1251,
            "cp866" | "ibm866" | "866" | "dos" => TextEncoding::Cp866,
            "latin1" | "latin-1" | "iso-8859-1" | "cp1252" | "windows-1252" => TextEncoding::Latin1,
            "utf8" | "utf-8" => TextEncoding::Utf8,
            _ => return Err(()),
        })
    }
}
