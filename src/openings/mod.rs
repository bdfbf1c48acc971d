//! Opening names by position, from lichess's chess-openings (CC0, vendored
//! in `src/openings/data/`, its source in `SOURCE.txt`): "B90 Sicilian
//! Defense: Najdorf Variation" for a game whose stored ECO is 0, wrong, or
//! reached by another move order.
//!
//! The way from the data to a name:
//! 1. `build.rs` plays each TSV line with shakmaty and writes a compact
//!    table ([`table`] is its format), which the crate includes as
//!    [`TABLE`] (the native CLI uses it; the wasm module leaves it out and is
//!    handed the same bytes by the page: `loadOpenings`).
//! 2. [`Openings::from_table`] replays every line once more and keys its
//!    final position.
//! 3. A game is named by its main line ([`Classify`], a
//!    [`GameVisitor`](crate::game::GameVisitor)): the last named position
//!    it passes through, which is the deepest named one on its way.
//!
//! **Positions** are compared as lichess compares EPDs: piece placement,
//! side to move, castling rights, and an en-passant square only when a
//! capture there is legal (shakmaty's Zobrist64 with
//! [`EnPassantMode::Legal`]; lichess's lint forbids two lines ending in the
//! same EPD, and of such a pair the first would win here). Keys are 64-bit
//! hashes: two of the ~3,800 named positions and a game's position colliding
//! is as likely as about one game in 10^14.
//!
//! **How far a game is read**: a named position lies at the end of a line of
//! at most [`Openings::max_plies`] plies (the longest line in the table),
//! and a game's main line is read that far, no further. A game that reaches
//! a named position only later, by losing tempi (1.Nf3 Nf6 2.Ng1 Ng8 ...),
//! keeps the name it had by then.
//!
//! ```
//! use cadb::openings::Openings;
//! use shakmaty::{Chess, Position, san::San};
//! let openings = Openings::builtin();
//! let mut pos = Chess::default();
//! for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"] {
//!     let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
//!     pos.play_unchecked(m);
//! }
//! let o = openings.of_position(&pos).unwrap();
//! assert_eq!((o.eco.as_str(), o.name.as_str()), ("B90", "Sicilian Defense: Najdorf Variation"));
//! assert_eq!(o.to_string(), "B90 Sicilian Defense: Najdorf Variation");
//! ```

use alloc::{string::String, vec::Vec};
use core::fmt;

use shakmaty::{Chess, EnPassantMode, Position, Role, Square, uci::UciMove, zobrist::Zobrist64};

use crate::error::{Error, ErrorKind, FileKind};

mod classify;
pub mod table;

pub use classify::Classify;

/// The table `build.rs` wrote from the lichess TSVs (about 90 KB; see the
/// README's sizes).
pub const TABLE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/openings.bin"));

/// A named opening: its ECO code and its English name (lichess has no other
/// language).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Opening {
    /// `"B90"`.
    pub eco: String,
    /// `"Sicilian Defense: Najdorf Variation"`.
    pub name: String,
}

impl fmt::Display for Opening {
    /// `B90 Sicilian Defense: Najdorf Variation`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.eco, self.name)
    }
}

impl Opening {
    /// Whether `text` is a case-insensitive substring of the name or of the
    /// ECO code (the search's `opening` condition: "Najdorf", "b90").
    ///
    /// ```
    /// let o = cadb::openings::Opening { eco: "B90".into(), name: "Sicilian Defense: Najdorf Variation".into() };
    /// assert!(o.matches("najdorf") && o.matches("b9") && !o.matches("French"));
    /// ```
    pub fn matches(&self, text: &str) -> bool {
        let needle = text.to_lowercase();
        self.name.to_lowercase().contains(&needle) || self.eco.to_lowercase().contains(&needle)
    }
}

/// The named positions, ready to look up.
#[derive(Clone, Debug, Default)]
pub struct Openings {
    entries: Vec<Opening>,
    /// (position key, index into `entries`), sorted by key, keys distinct.
    by_key: Vec<(u64, u16)>,
    max_plies: u32,
}

/// A position's key, as the table's positions are keyed.
fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn bad(what: &'static str, offset: usize) -> Error {
    Error::new(ErrorKind::Invalid { what }, FileKind::Argument).at(offset as u64)
}

impl Openings {
    /// Reads a table (the bytes of [`TABLE`], or of `openings.bin` in the
    /// npm package) and plays each line. An error names what was expected
    /// and the byte offset: a table that is not one, cut short, with an
    /// unknown ECO code, a name not in UTF-8, or a move that is not legal
    /// where its line has it.
    ///
    /// ```
    /// let err = cadb::openings::Openings::from_table(b"CADBECO1\x01\x00B9").unwrap_err();
    /// assert_eq!(err.to_string(), "argument offset 10: an ECO code");
    /// ```
    pub fn from_table(bytes: &[u8]) -> Result<Openings, Error> {
        let mut it = table::entries(bytes).map_err(|e| bad(e.what, e.offset))?;
        let mut entries = Vec::new();
        let mut by_key = Vec::new();
        let mut max_plies = 0;
        let mut offset = table::MAGIC.len() + 2;
        for e in it.by_ref() {
            let e = e.map_err(|e| bad(e.what, e.offset))?;
            let mut pos = Chess::default();
            for pair in e.moves.chunks_exact(2) {
                let (from, to, promotion) =
                    table::unpack_move(u16::from_le_bytes([pair[0], pair[1]]));
                let promotion = match promotion {
                    0 => None,
                    2 => Some(Role::Knight),
                    3 => Some(Role::Bishop),
                    4 => Some(Role::Rook),
                    5 => Some(Role::Queen),
                    _ => {
                        return Err(bad(
                            "a promotion to a knight, bishop, rook or queen",
                            offset,
                        ));
                    }
                };
                let uci = UciMove::Normal {
                    from: Square::new(u32::from(from)),
                    to: Square::new(u32::from(to)),
                    promotion,
                };
                let m = uci
                    .to_move(&pos)
                    .map_err(|_| bad("a legal move in an opening's line", offset))?;
                pos.play_unchecked(m);
            }
            let plies = (e.moves.len() / 2) as u32;
            max_plies = max_plies.max(plies);
            by_key.push((key(&pos), entries.len() as u16));
            entries.push(Opening {
                eco: String::from_utf8_lossy(&e.eco).into_owned(),
                name: String::from(e.name),
            });
            offset += 3 + 1 + e.name.len() + 1 + e.moves.len();
        }
        if let Some(e) = it.trailing() {
            return Err(bad(e.what, e.offset));
        }
        // Stable: of two lines ending in the same position, the first stays.
        by_key.sort_by_key(|&(k, _)| k);
        by_key.dedup_by_key(|&mut (k, _)| k);
        Ok(Openings {
            entries,
            by_key,
            max_plies,
        })
    }

    /// The built-in table ([`TABLE`]), read.
    pub fn builtin() -> Openings {
        // build.rs wrote it from lines shakmaty played: it reads (a unit test
        // proves it).
        Openings::from_table(TABLE).unwrap_or_default()
    }

    /// The opening named at exactly this position, if any.
    pub fn of_position(&self, pos: &Chess) -> Option<&Opening> {
        self.of_key(key(pos))
    }

    fn of_key(&self, k: u64) -> Option<&Opening> {
        let i = self.by_key.binary_search_by_key(&k, |&(k, _)| k).ok()?;
        self.entries.get(usize::from(self.by_key[i].1))
    }

    /// The plies of the longest line: a game is read that far
    /// ([`Classify`]).
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// How many named positions the table holds.
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    /// Whether the table names no position (the default, empty table).
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}
