//! A header search's query, and the names of its choices in the
//! JavaScript API (`SearchQuery.color` and `.eloOf`). The TypeScript
//! `SearchQuery` lists the same fields and names: tests/ts_types.rs
//! checks them.

use alloc::string::String;

use crate::{
    ca::format::d00::encode_eco,
    error::Error,
    find::{CommentQuery, Conditions, Maneuver, Material, Pattern},
    game::headers::GameResult,
    openings::Openings,
};

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
    /// The conditions on the games' contents ([`crate::find`], the syntax
    /// in docs/search.md), parsed by [`Query::set_expressions`]. Each set
    /// one makes the search replay the games its header conditions leave.
    pub material: Option<Material>,
    pub pattern: Option<Pattern>,
    pub maneuver: Option<Maneuver>,
    pub comment: Option<CommentQuery>,
    /// A NAG, 1–255, on any move.
    pub nag: Option<u8>,
    /// Any evaluation.
    pub has_eval: bool,
    /// Two engine evaluations of consecutive main-line plies differing by
    /// at least this, in centipawns (given in pawns: `evalSwing`).
    pub eval_swing: Option<u32>,
    /// A part of the game's opening name or ECO code, as classified from
    /// its moves by the [`Openings`] the search is given (case-insensitive).
    pub opening: Option<String>,
}

/// The text of a query's conditions on the games' contents, as the CLI's
/// flags and the JavaScript `SearchQuery` give them: parsed in one place,
/// [`Query::set_expressions`]. An empty text is no condition.
#[derive(Clone, Copy, Debug, Default)]
pub struct Expressions<'a> {
    pub material: Option<&'a str>,
    pub pattern: Option<&'a str>,
    pub maneuver: Option<&'a str>,
    pub comment: Option<&'a str>,
    pub opening: Option<&'a str>,
    pub nag: Option<f64>,
    pub has_eval: bool,
    /// In pawns.
    pub eval_swing: Option<f64>,
}

impl Expressions<'_> {
    /// Whether any condition is given (an empty text is none).
    ///
    /// ```
    /// use cadb::ca::search::Expressions;
    /// assert!(!Expressions { material: Some(" "), ..Default::default() }.any());
    /// assert!(Expressions { has_eval: true, ..Default::default() }.any());
    /// ```
    pub fn any(&self) -> bool {
        let text = [
            self.material,
            self.pattern,
            self.maneuver,
            self.comment,
            self.opening,
        ];
        text.iter().flatten().any(|t| !t.trim().is_empty())
            || self.nag.is_some()
            || self.has_eval
            || self.eval_swing.is_some()
    }
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
    /// Parses `e` into the query's conditions on the games' contents; a
    /// malformed or impossible expression is an
    /// [`ErrorKind::Query`](crate::ErrorKind::Query) naming the field, the
    /// token and what was expected.
    ///
    /// ```
    /// use cadb::ca::search::{Expressions, Query};
    /// let mut q = Query::default();
    /// q.set_expressions(&Expressions { material: Some("RB vs RN either"), nag: Some(3.0), ..Default::default() }).unwrap();
    /// assert!(q.material.is_some() && q.nag == Some(3));
    /// let e = q.set_expressions(&Expressions { material: Some("RB vs X"), ..Default::default() }).unwrap_err();
    /// assert_eq!(e.code(), "query");
    /// assert!(e.to_string().contains("`X` at 6"), "{e}");
    /// ```
    pub fn set_expressions(&mut self, e: &Expressions) -> Result<(), Error> {
        fn parse<T>(
            text: Option<&str>,
            f: impl Fn(&str) -> Result<T, Error>,
        ) -> Result<Option<T>, Error> {
            text.filter(|t| !t.trim().is_empty()).map(f).transpose()
        }
        let number =
            |field: &'static str, expected: &str| crate::find::error(field, 0, "", expected);
        self.material = parse(e.material, Material::parse)?;
        self.pattern = parse(e.pattern, Pattern::parse)?;
        self.maneuver = parse(e.maneuver, Maneuver::parse)?;
        self.comment = parse(e.comment, CommentQuery::parse)?;
        self.opening = e
            .opening
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from);
        self.nag = match e.nag {
            None => None,
            Some(n) if (1.0..=255.0).contains(&n) && f64::from(n as u8) == n => Some(n as u8),
            Some(_) => return Err(number("nag", "a NAG, a whole number 1-255")),
        };
        self.has_eval = e.has_eval;
        self.eval_swing = match e.eval_swing {
            None => None,
            // Rounded to the nearest centipawn (2.01 pawns is 201, not 200.99...).
            Some(p) if p > 0.0 && p <= 300.0 => Some(((p * 100.0 + 0.5) as u32).max(1)),
            Some(_) => {
                return Err(number(
                    "evalSwing",
                    "a number of pawns above 0, at most 300",
                ));
            }
        };
        Ok(())
    }

    /// The conditions on the games' contents, with the opening names a
    /// query on `opening` needs (an error without them: in JS, before
    /// `loadOpenings`).
    pub fn conditions<'a>(
        &'a self,
        opening: Option<&'a Openings>,
    ) -> Result<Conditions<'a>, Error> {
        let opening = match (&self.opening, opening) {
            (None, _) => None,
            (Some(text), Some(names)) => Some((text.as_str(), names)),
            (Some(_), None) => {
                return Err(Error::argument(
                    "`opening`: no table of opening names is loaded (loadOpenings)",
                ));
            }
        };
        Ok(Conditions {
            material: self.material.as_ref(),
            pattern: self.pattern.as_ref(),
            maneuver: self.maneuver.as_ref(),
            comment: self.comment.as_ref(),
            nag: self.nag,
            has_eval: self.has_eval,
            eval_swing: self.eval_swing,
            opening,
        })
    }

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
