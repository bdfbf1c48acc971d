//! Hex on the command line: printed lowercase without spaces, read in either
//! case with spaces ignored.

use std::str::FromStr;

/// Bytes given as a hex argument (`--bin HEX`, `decode HEX`).
#[derive(Clone, Debug, Default)]
pub struct Hex(pub Vec<u8>);

impl FromStr for Hex {
    type Err = String;

    fn from_str(s: &str) -> Result<Hex, String> {
        from_hex(s).map(Hex)
    }
}

/// Lowercase hex without spaces.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex to bytes (spaces ignored, either case).
pub fn from_hex(s: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !digits.len().is_multiple_of(2) {
        return Err("hex has an odd number of digits".into());
    }
    digits
        .chunks(2)
        .map(|p| {
            std::str::from_utf8(p)
                .ok()
                .and_then(|t| u8::from_str_radix(t, 16).ok())
                .ok_or_else(|| format!("bad hex digits {:?}", String::from_utf8_lossy(p)))
        })
        .collect()
}
