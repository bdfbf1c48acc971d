//! D00 (§5): one fixed 38-byte header per game, and the coding of its
//! fields both ways: ECO (§5.3), round (Q10), outcome (§5.1) and
//! game type (§5.2). Its date (§7) is `date.rs`, shared with Players.d00.
//!
//! Readings where the spec is silent (Q9–Q11): ECO 0..499 are `A00`..`E99`
//! and the writer stores a missing ECO as [`ECO_UNKNOWN`]; a round is stored
//! doubled, odd for a half round; a game type over 30 reads as a bit set.

use alloc::string::String;

// The dates of §7, shared with Players.d00; found here too.
pub use super::date::{date_year, decode_date, encode_date};
use super::emb::ListKind;
use crate::{
    bytes::{u16le, u24le, u32le},
    game::{Assessment, GameResult},
    text,
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
    /// Offset 28: not described (Q14).
    pub unknown: u8,
    pub round2: u8,
    pub eco: u16,
    pub annotator_id: u32,
    pub source_id: u32,
}

/// The header fields that name a list entry, in the order
/// [`RawHeader::name_ids`] gives them, with their PGN tag names.
pub const NAME_FIELDS: [(&str, ListKind); 6] = [
    ("White", ListKind::Players),
    ("Black", ListKind::Players),
    ("Annotator", ListKind::Players),
    ("Event", ListKind::Events),
    ("Site", ListKind::Places),
    ("Source", ListKind::Sources),
];

impl RawHeader {
    /// The name ids the header stores, in [`NAME_FIELDS`] order.
    ///
    /// ```
    /// use cadb::ca::format::d00::{NAME_FIELDS, RawHeader};
    /// let mut b = [0u8; 38];
    /// b[14] = 7; // the event id
    /// let ids = RawHeader::parse(&b).name_ids();
    /// assert_eq!((NAME_FIELDS[3].0, ids[3]), ("Event", 7));
    /// ```
    pub fn name_ids(&self) -> [u32; 6] {
        [
            self.white_id,
            self.black_id,
            self.annotator_id,
            self.event_id,
            self.site_id,
            self.source_id,
        ]
    }

    /// Parses a 38-byte record.
    ///
    /// ```
    /// use cadb::ca::format::d00::{RawHeader, decode_date, decode_eco};
    /// let mut b = [0u8; 38];
    /// b[10] = 2; // White won
    /// b[11..14].copy_from_slice(&[0x8f, 0xad, 0x0c]); // 15 March 1997
    /// b[30..32].copy_from_slice(&242u16.to_le_bytes()); // C42
    /// let h = RawHeader::parse(&b);
    /// assert_eq!(decode_date(h.date).to_string(), "1997.03.15");
    /// assert_eq!(decode_eco(h.eco).as_deref(), Some("C42"));
    /// assert_eq!(h.to_bytes(), b);
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

    /// The record's bytes; 3-byte fields keep their low 24 bits.
    pub fn to_bytes(&self) -> [u8; RECORD_LEN] {
        let mut b = [0u8; RECORD_LEN];
        let mut put = |at: usize, bytes: &[u8]| b[at..at + bytes.len()].copy_from_slice(bytes);
        put(0, &self.white_id.to_le_bytes()[..3]);
        put(3, &self.black_id.to_le_bytes()[..3]);
        put(6, &self.white_elo.to_le_bytes());
        put(8, &self.black_elo.to_le_bytes());
        put(10, &[self.outcome]);
        put(11, &self.date.to_le_bytes()[..3]);
        put(14, &self.event_id.to_le_bytes()[..3]);
        put(17, &self.site_id.to_le_bytes()[..3]);
        put(20, &self.game_type.to_le_bytes());
        put(24, &self.game_id.to_le_bytes());
        put(28, &[self.unknown, self.round2]);
        put(30, &self.eco.to_le_bytes());
        put(32, &self.annotator_id.to_le_bytes()[..3]);
        put(35, &self.source_id.to_le_bytes()[..3]);
        b
    }
}

/// Largest name id a 3-byte field holds, plus one.
pub const NAME_IDS: u32 = 1 << 24;

/// ECO stored when a game has none or it is not `A00`..`E99` (Q11).
pub const ECO_UNKNOWN: u16 = 0xFFFF;

/// ECO value 0..499 to `A00`..`E99`; other values mean none (Q11).
pub fn decode_eco(v: u16) -> Option<String> {
    // Without the formatting machinery: once a game in an export.
    (v < 500).then(|| {
        let mut s = String::from(char::from(b'A' + (v / 100) as u8));
        text::decimal(u32::from(v % 100), 2, |d| s.push(char::from(d)));
        s
    })
}

/// The ECO field of §5.3: `"C42"` → 242, a sub-code dropped (`"C42a"` →
/// 242); `None` if unreadable.
///
/// ```
/// use cadb::ca::format::d00::encode_eco;
/// assert_eq!(encode_eco("C42"), Some(242));
/// assert_eq!(encode_eco("e99"), Some(499));
/// assert_eq!(encode_eco("Z00"), None);
/// ```
pub fn encode_eco(eco: &str) -> Option<u16> {
    let b = eco.trim().as_bytes();
    let letter = match b.first()?.to_ascii_uppercase() {
        c @ b'A'..=b'E' => u16::from(c - b'A'),
        _ => return None,
    };
    let (d1, d2) = (*b.get(1)?, *b.get(2)?);
    if !d1.is_ascii_digit() || !d2.is_ascii_digit() {
        return None;
    }
    Some(letter * 100 + u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'))
}

/// Round × 2 to the round text: 0 is none, an odd value a half round (`3.5`) (Q10).
pub fn decode_round(v: u8) -> Option<String> {
    if v == 0 {
        return None;
    }
    let mut s = String::new();
    text::decimal(u32::from(v / 2), 1, |d| s.push(char::from(d)));
    if v % 2 == 1 {
        s.push_str(".5");
    }
    Some(s)
}

/// The round × 2 byte (Q10): `"3"` → 6, `"3.5"` → 7 (any suffix makes a
/// half round); `None` if not a number up to 127.
///
/// ```
/// use cadb::ca::format::d00::encode_round;
/// assert_eq!(encode_round("3"), Some(6));
/// assert_eq!(encode_round("3.5"), Some(7));
/// assert_eq!(encode_round("?"), None);
/// ```
pub fn encode_round(round: &str) -> Option<u8> {
    let r = round.trim();
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let n: u8 = r[..digits].parse().ok().filter(|&n| n <= 127)?;
    Some(n * 2 + u8::from(digits < r.len()))
}

/// Outcome code (§5.1) to a PGN result and, for codes 5–16, an assessment.
/// Undefined codes (0, > 16) give `*` with no assessment.
pub fn decode_outcome(code: u8) -> (GameResult, Option<Assessment>) {
    (outcome_result(code), Assessment::from_code(code))
}

/// The PGN result of an outcome code: 1 draw, 2 White won, 3 Black won, any other `*`.
pub fn outcome_result(code: u8) -> GameResult {
    match code {
        1 => GameResult::Draw,
        2 => GameResult::WhiteWins,
        3 => GameResult::BlackWins,
        _ => GameResult::Unknown,
    }
}

/// The outcome byte (§5.1): 1 draw, 2 White, 3 Black, 4 unknown, 5–16 an assessment with `*`.
///
/// ```
/// use cadb::{ca::format::d00::encode_outcome, game::{Assessment, GameResult}};
/// assert_eq!(encode_outcome(GameResult::WhiteWins, None), 2);
/// assert_eq!(encode_outcome(GameResult::Unknown, Assessment::from_code(12)), 12);
/// ```
pub fn encode_outcome(result: GameResult, assessment: Option<Assessment>) -> u8 {
    match result {
        GameResult::Draw => 1,
        GameResult::WhiteWins => 2,
        GameResult::BlackWins => 3,
        GameResult::Unknown => assessment.map_or(4, |a| a.code()),
    }
}

/// English labels of the game types 1–30 (§5.2), as given in the source.
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

/// The game type from its English label (case-insensitive) or number; 0 if none or unknown.
///
/// ```
/// use cadb::ca::format::d00::encode_game_type;
/// assert_eq!(encode_game_type("Endgames"), 8);
/// assert_eq!(encode_game_type("27"), 27);
/// ```
pub fn encode_game_type(name: &str) -> u32 {
    let name = name.trim();
    if let Ok(n) = name.parse::<u32>() {
        return if (1..=30).contains(&n) { n } else { 0 };
    }
    GAME_TYPES
        .iter()
        .position(|t| t.eq_ignore_ascii_case(name))
        .map_or(0, |i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-built texts are what `format!` writes, for every stored value.
    #[test]
    fn round_and_eco_texts_match_format() {
        for v in 0..=u8::MAX {
            let want = match v {
                0 => None,
                v if v % 2 == 0 => Some(format!("{}", v / 2)),
                v => Some(format!("{}.5", v / 2)),
            };
            assert_eq!(decode_round(v), want, "round byte {v}");
        }
        for v in 0..=u16::MAX {
            let want =
                (v < 500).then(|| format!("{}{:02}", char::from(b'A' + (v / 100) as u8), v % 100));
            assert_eq!(decode_eco(v), want, "ECO {v}");
        }
    }
}
