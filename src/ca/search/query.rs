//! A header search's query, and the names of its choices in the
//! JavaScript API (`SearchQuery.color` and `.eloOf`). The TypeScript
//! `SearchQuery` lists the same fields and names: tests/ts_types.rs
//! checks them.

use alloc::string::String;

use crate::{ca::format::d00::encode_eco, game::headers::GameResult};

/// Which player a player query matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// White or Black.
    #[default]
    Either,
    White,
    Black,
}

impl Side {
    /// Every side, the default first.
    pub const ALL: [Side; 3] = [Side::Either, Side::White, Side::Black];

    /// Its name in the JavaScript API: `"either"`, `"white"` or `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Either => "either",
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The side of that name.
    pub fn from_name(name: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A header search. Every field that is set must match; text matches are
/// case-insensitive substrings of the decoded names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// Matches either player, the event or the site; a 4-digit number also
    /// matches the year.
    pub text: Option<String>,
    pub player: Option<String>,
    /// [`Query::player`] is a whole name (case-insensitive), not a part of
    /// one: the games of one player, as a [player card](crate::ca::player) lists them.
    pub player_exact: bool,
    /// Which side [`Query::player`] must be.
    pub color: Side,
    pub event: Option<String>,
    pub site: Option<String>,
    pub annotator: Option<String>,
    pub year_from: Option<u16>,
    pub year_to: Option<u16>,
    /// ECO range, inclusive, as `A00`..`E99`.
    pub eco_from: Option<String>,
    pub eco_to: Option<String>,
    pub result: Option<GameResult>,
    /// The players of [`Query::elo_of`] rated at least this (an unrated
    /// player does not reach it).
    pub min_elo: Option<u16>,
    /// Whose rating [`Query::min_elo`] bounds.
    pub elo_of: EloOf,
    pub source: Option<String>,
    /// A game type, 1–30 ([`encode_game_type`](crate::ca::format::d00::encode_game_type)); a game stored with a set
    /// of types (a value over 30) matches each of them.
    pub game_type: Option<u32>,
    /// Main-line plies, inclusive. These two and [`Query::annotated`] read
    /// the D02 records (see [`GameSummaries`](super::GameSummaries)); the others read D00 only.
    pub plies_from: Option<u32>,
    pub plies_to: Option<u32>,
    /// Only games with a comment, a symbol (NAG) or a variation.
    pub annotated: bool,
}

/// Which players a [`Query::min_elo`] bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EloOf {
    /// Both players.
    #[default]
    Both,
    /// At least one of them.
    Either,
    /// The opponent of the [`Query::player`] (of each side it matched):
    /// "my games against 2400+". With no player asked for, as `Either`.
    Opponent,
}

impl EloOf {
    /// Every choice, the default first.
    pub const ALL: [EloOf; 3] = [EloOf::Both, EloOf::Either, EloOf::Opponent];

    /// Its name in the JavaScript API: `"both"`, `"either"` or `"opponent"`.
    pub fn name(self) -> &'static str {
        match self {
            EloOf::Both => "both",
            EloOf::Either => "either",
            EloOf::Opponent => "opponent",
        }
    }

    /// The choice of that name.
    pub fn from_name(name: &str) -> Option<EloOf> {
        EloOf::ALL.into_iter().find(|e| e.name() == name)
    }
}

impl Query {
    /// Whether the query needs the D02 records ([`GameSummaries`](super::GameSummaries)).
    pub fn reads_records(&self) -> bool {
        self.plies_from.is_some() || self.plies_to.is_some() || self.annotated
    }
}

/// ECO text of exactly three characters to its D00 value (`A00` = 0 ..
/// `E99` = 499): a query bound, so no sub-code.
pub fn eco_value(eco: &str) -> Option<u16> {
    encode_eco(eco).filter(|_| eco.trim().len() == 3)
}
