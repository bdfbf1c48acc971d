//! Game headers (PGN tags) in typed form.

use alloc::{string::String, vec::Vec};
use core::fmt;

/// The tags of a game. Missing values are `None`; PGN export writes `?` for them.
///
/// ```
/// use cadb::game::{Date, Headers};
/// let mut h = Headers::default();
/// h.date = Date { year: Some(1997), month: Some(3), day: None };
/// assert_eq!(h.date.to_string(), "1997.03.??");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Headers {
    pub event: Option<String>,
    pub site: Option<String>,
    /// In JSON, the PGN form (`1998.??.??`).
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub date: Date,
    /// The round as written in PGN (`"3"`, `"3.5"`).
    pub round: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    /// In JSON, the PGN token (`1-0`).
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub result: GameResult,
    pub white_elo: Option<u16>,
    pub black_elo: Option<u16>,
    pub white_title: Option<String>,
    pub black_title: Option<String>,
    pub eco: Option<String>,
    pub annotator: Option<String>,
    pub source: Option<String>,
    /// A category such as "endgames" (Chess Assistant's game type).
    pub game_type: Option<String>,
    /// An assessment instead of a result, for an unfinished game.
    pub assessment: Option<Assessment>,
    /// Any other tag, in the order read.
    pub other: Vec<(String, String)>,
}

/// A value in JSON as its text (`Display`).
#[cfg(feature = "serde")]
fn as_text<T: fmt::Display, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// The outcome of a game as PGN knows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: unknown or unfinished.
    #[default]
    Unknown,
}

impl GameResult {
    /// Every result, in the order of [`index`](Self::index).
    pub const ALL: [GameResult; 4] = [
        GameResult::Unknown,
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ];

    /// The result as a small number (the JS API's result column): 0 `*`,
    /// 1 `1-0`, 2 `0-1`, 3 `1/2-1/2`.
    ///
    /// ```
    /// use cadb::game::GameResult;
    /// assert_eq!(GameResult::Draw.index(), 3);
    /// assert_eq!(GameResult::ALL[usize::from(GameResult::Draw.index())], GameResult::Draw);
    /// ```
    pub fn index(self) -> u8 {
        match self {
            GameResult::Unknown => 0,
            GameResult::WhiteWins => 1,
            GameResult::BlackWins => 2,
            GameResult::Draw => 3,
        }
    }

    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Parses a PGN result token.
    pub fn from_pgn(s: &str) -> Option<GameResult> {
        Some(match s {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_pgn())
    }
}

/// A date whose parts may each be unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    pub year: Option<u16>,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

impl fmt::Display for Date {
    /// PGN form `YYYY.MM.DD`, with `?` for unknown parts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn().as_str())
    }
}

/// A date's PGN text, without an allocation ([`Date::pgn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgnDate {
    bytes: [u8; 16],
    len: u8,
}

impl PgnDate {
    /// The text, `YYYY.MM.DD` with `?` for unknown parts.
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("????.??.??")
    }

    fn push(&mut self, b: u8) {
        self.bytes[usize::from(self.len)] = b;
        self.len += 1;
    }

    /// `n` in at least `width` digits, or `width` question marks.
    fn part(&mut self, n: Option<u16>, width: usize) {
        match n {
            Some(n) => crate::text::decimal(u32::from(n), width, |d| self.push(d)),
            None => (0..width).for_each(|_| self.push(b'?')),
        }
    }
}

impl Date {
    /// The PGN form, `YYYY.MM.DD` with `?` for unknown parts.
    ///
    /// ```
    /// use cadb::game::Date;
    /// let d = Date { year: Some(1998), month: Some(3), day: None };
    /// assert_eq!(d.pgn().as_str(), "1998.03.??");
    /// assert_eq!(d.to_string(), "1998.03.??");
    /// ```
    pub fn pgn(&self) -> PgnDate {
        let mut t = PgnDate {
            bytes: [0; 16],
            len: 0,
        };
        t.part(self.year, 4);
        t.push(b'.');
        t.part(self.month.map(u16::from), 2);
        t.push(b'.');
        t.part(self.day.map(u16::from), 2);
        t
    }

    /// Parses PGN `YYYY.MM.DD` with `?` for unknown parts; anything unreadable becomes unknown.
    pub fn from_pgn(s: &str) -> Date {
        let mut parts = s.split('.');
        let mut next = || parts.next().and_then(|p| p.parse::<u16>().ok());
        let year = next().filter(|&y| y > 0);
        let month = next().filter(|&m| (1..=12).contains(&m)).map(|m| m as u8);
        let day = next().filter(|&d| (1..=31).contains(&d)).map(|d| d as u8);
        Date { year, month, day }
    }
}

/// An assessment of an unfinished game (Chess Assistant outcome codes 5–16).
///
/// ```
/// use cadb::game::Assessment;
/// let a = Assessment::from_code(12).unwrap();
/// assert_eq!((a.symbol(), a.nag()), ("∞", 13));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Assessment(u8);

/// (code, symbol, PGN NAG, English meaning) for codes 5–16.
const ASSESSMENTS: [(u8, &str, u8, &str); 12] = [
    (5, "+/−", 16, "White is clearly better"),
    (6, "−/+", 17, "Black is clearly better"),
    (7, "+/=", 14, "White is slightly better"),
    (8, "=/+", 15, "Black is slightly better"),
    (9, "+−", 18, "White has a decisive advantage"),
    (10, "−+", 19, "Black has a decisive advantage"),
    (11, "=", 10, "equal position"),
    (12, "∞", 13, "unclear position"),
    (13, "=/∞", 44, "compensation for the material"),
    (14, "→", 40, "with an attack"),
    (15, "↑", 36, "with the initiative"),
    (16, "⇆", 132, "with counterplay"),
];

/// In JSON, `{ code, symbol, nag, meaning }`.
#[cfg(feature = "serde")]
impl serde::Serialize for Assessment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Assessment", 4)?;
        st.serialize_field("code", &self.code())?;
        st.serialize_field("symbol", self.symbol())?;
        st.serialize_field("nag", &self.nag())?;
        st.serialize_field("meaning", self.meaning())?;
        st.end()
    }
}

impl Assessment {
    /// The assessment for a Chess Assistant outcome code 5–16.
    pub fn from_code(code: u8) -> Option<Assessment> {
        (5..=16).contains(&code).then_some(Assessment(code))
    }

    /// The assessment whose PGN NAG is `nag`.
    pub fn from_nag(nag: u8) -> Option<Assessment> {
        ASSESSMENTS
            .iter()
            .find(|a| a.2 == nag)
            .map(|a| Assessment(a.0))
    }

    /// The Chess Assistant outcome code (5–16).
    pub fn code(self) -> u8 {
        self.0
    }

    fn row(self) -> &'static (u8, &'static str, u8, &'static str) {
        &ASSESSMENTS[usize::from(self.0 - 5)]
    }

    /// The informant symbol, e.g. `+/−`.
    pub fn symbol(self) -> &'static str {
        self.row().1
    }

    /// The PGN NAG number, e.g. 16 for `+/−`.
    pub fn nag(self) -> u8 {
        self.row().2
    }

    /// What the symbol means, in English.
    pub fn meaning(self) -> &'static str {
        self.row().3
    }
}
