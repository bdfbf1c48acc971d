//! D00: fixed 38-byte game headers (§5), and the decoding of their fields.

use alloc::{format, string::String};

use crate::{
    bytes::{u16le, u24le, u32le},
    game::{Assessment, Date, GameResult},
};

/// Size of one D00 record.
pub const RECORD_LEN: usize = 38;

/// One D00 record with every field as stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawHeader {
    pub white_id: u32,
    pub black_id: u32,
    pub white_elo: u16,
    pub black_elo: u16,
    pub outcome: u8,
    pub date: u32,
    pub event_id: u32,
    pub site_id: u32,
    pub game_type: u32,
    pub game_id: u32,
    pub unknown: u8,
    pub round2: u8,
    pub eco: u16,
    pub annotator_id: u32,
    pub source_id: u32,
}

impl RawHeader {
    /// Parses a 38-byte record.
    ///
    /// ```
    /// let mut b = [0u8; 38];
    /// b[10] = 2; // White won
    /// b[11..14].copy_from_slice(&[0x8f, 0xad, 0x0c]); // 15 March 1997
    /// b[30..32].copy_from_slice(&242u16.to_le_bytes()); // C42
    /// let h = cadb::ca::d00::RawHeader::parse(&b);
    /// assert_eq!(cadb::ca::d00::decode_date(h.date).to_string(), "1997.03.15");
    /// assert_eq!(cadb::ca::d00::decode_eco(h.eco).as_deref(), Some("C42"));
    /// ```
    pub fn parse(b: &[u8; RECORD_LEN]) -> RawHeader {
        RawHeader {
            white_id: u24le(b, 0),
            black_id: u24le(b, 3),
            white_elo: u16le(b, 6),
            black_elo: u16le(b, 8),
            outcome: b[10],
            date: u24le(b, 11),
            event_id: u24le(b, 14),
            site_id: u24le(b, 17),
            game_type: u32le(b, 20),
            game_id: u32le(b, 24),
            unknown: b[28],
            round2: b[29],
            eco: u16le(b, 30),
            annotator_id: u24le(b, 32),
            source_id: u24le(b, 35),
        }
    }
}

/// `DateID` to a date; zero parts are unknown (§7).
pub fn decode_date(id: u32) -> Date {
    let day = (id % 32) as u8;
    let month = ((id / 32) % 13) as u8;
    let year = id / 416;
    Date {
        year: (year != 0).then_some(year as u16),
        month: (month != 0).then_some(month),
        day: (day != 0).then_some(day),
    }
}

/// ECO value 0..499 to `A00`..`E99`; other values mean none (Q11).
pub fn decode_eco(v: u16) -> Option<String> {
    (v < 500).then(|| format!("{}{:02}", char::from(b'A' + (v / 100) as u8), v % 100))
}

/// Round × 2 to the round text: 0 is none, an odd value a half round (`3.5`) (Q10).
pub fn decode_round(v: u8) -> Option<String> {
    match v {
        0 => None,
        v if v % 2 == 0 => Some(format!("{}", v / 2)),
        v => Some(format!("{}.5", v / 2)),
    }
}

/// Outcome code (§5.1) to a PGN result and, for codes 5–16, an assessment.
/// Undefined codes (0, > 16) give `*` with no assessment.
pub fn decode_outcome(code: u8) -> (GameResult, Option<Assessment>) {
    match code {
        1 => (GameResult::Draw, None),
        2 => (GameResult::WhiteWins, None),
        3 => (GameResult::BlackWins, None),
        _ => (GameResult::Unknown, Assessment::from_code(code)),
    }
}

/// English labels of the game types 1–30 (§5.2).
pub const GAME_TYPES: [&str; 30] = [
    "my own games",
    "historic games",
    "model games",
    "annotated games from books",
    "computer games",
    "opening theory/plans",
    "middlegames",
    "endgames",
    "strategy",
    "tactics",
    "tests",
    "blunders",
    "kingside attack",
    "queenside attack",
    "counter attack",
    "typical pawn structure",
    "piece play",
    "positional sacrifice",
    "material imbalance",
    "endgame transition",
    "opposite coloured bishops",
    "space",
    "defence",
    "prophylaxis",
    "drawing methods",
    "my analysis",
    "computer analysis",
    "tablebase analysis",
    "psychology",
    "miscellaneous",
];

/// Game type to its name: 1–30 one type; larger values read as a bit set
/// (bit k−1 = type k, Q9), names joined by ", "; 0 none.
pub fn decode_game_type(v: u32) -> Option<String> {
    match v {
        0 => None,
        1..=30 => Some(String::from(GAME_TYPES[v as usize - 1])),
        _ => {
            let names: alloc::vec::Vec<&str> = (0..30)
                .filter(|k| v & (1 << k) != 0)
                .map(|k| GAME_TYPES[k])
                .collect();
            (!names.is_empty()).then(|| names.join(", "))
        }
    }
}
