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

use shakmaty::{Chess, EnPassantMode, File, Move, Position, Role, Square, zobrist::Zobrist64};

use crate::error::{Error, ErrorKind, FileKind};
use crate::legal;
use crate::text::lower;

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
        // The crate's own case folding (no Unicode tables in the wasm).
        let needle = lower(text);
        lower(&self.name).contains(&needle) || lower(&self.eco).contains(&needle)
    }
}

/// The named positions, ready to look up.
#[derive(Clone, Debug, Default)]
pub struct Openings {
    entries: Vec<Opening>,
    /// An open-addressing hash table (linear probing, a power of two at
    /// least twice the entries): (position key, index into `entries`),
    /// [`EMPTY`] where no key is. A sort would bring a sorting routine
    /// into the wasm; this is a few instructions.
    slots: Vec<(u64, u16)>,
    /// Distinct positions named.
    named: usize,
    max_plies: u32,
}

/// A position's key, as the table's positions are keyed.
fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The move from `from` to `to` in `pos`, if it is legal: a king's
/// two-square move is castling (with the rook of that side's corner: the
/// lines are of standard chess), a pawn's diagonal step to an empty square
/// en passant. Judged by [`legal`], which the replayer uses anyway
/// (shakmaty's UCI parser would bring its move generator into the wasm).
fn to_move(pos: &Chess, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    let board = pos.board();
    let piece = board.piece_at(from).filter(|p| p.color == pos.turn())?;
    let m = if piece.role == Role::King && from.rank() == to.rank() && from.distance(to) == 2 {
        let corner = if to.file() > from.file() {
            File::H
        } else {
            File::A
        };
        Move::Castle {
            king: from,
            rook: Square::from_coords(corner, from.rank()),
        }
    } else if piece.role == Role::Pawn && from.file() != to.file() && board.piece_at(to).is_none() {
        Move::EnPassant { from, to }
    } else {
        Move::Normal {
            role: piece.role,
            from,
            capture: board.role_at(to),
            to,
            promotion,
        }
    };
    legal::is_legal(pos, m).then_some(m)
}

/// A free slot of [`Openings`]' table (a table holds at most 65,535 entries,
/// numbered to 65,534).
const EMPTY: u16 = u16::MAX;

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
    /// let err = cadb::openings::Openings::from_table(b"CADBECO2\x01\x00B9").unwrap_err();
    /// assert_eq!(err.to_string(), "argument offset 10: an ECO code");
    /// ```
    pub fn from_table(bytes: &[u8]) -> Result<Openings, Error> {
        let mut it = table::entries(bytes).map_err(|e| bad(e.what, e.offset))?;
        let mut entries = Vec::new();
        let mut keys = Vec::new();
        let mut max_plies = 0;
        loop {
            let offset = it.offset();
            let Some(e) = it.next() else { break };
            let e = e.map_err(|e| bad(e.what, e.offset))?;
            let mut pos = Chess::default();
            for &m in &e.moves {
                let (from, to, promotion) = table::unpack_move(m);
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
                let m = to_move(
                    &pos,
                    Square::new(u32::from(from)),
                    Square::new(u32::from(to)),
                    promotion,
                )
                .ok_or_else(|| bad("a legal move in an opening's line", offset))?;
                pos.play_unchecked(m);
            }
            let plies = e.moves.len() as u32;
            max_plies = max_plies.max(plies);
            keys.push(key(&pos));
            entries.push(Opening {
                eco: String::from_utf8_lossy(&e.eco).into_owned(),
                name: e.name,
            });
        }
        if let Some(e) = it.trailing() {
            return Err(bad(e.what, e.offset));
        }
        let mut slots = alloc::vec![(0, EMPTY); (keys.len() * 2).next_power_of_two()];
        let mut named = 0;
        for (i, &k) in keys.iter().enumerate() {
            let mask = slots.len() - 1;
            let mut at = k as usize & mask;
            // Of two lines ending in the same position, the first stays.
            while slots[at].1 != EMPTY && slots[at].0 != k {
                at = (at + 1) & mask;
            }
            if slots[at].1 == EMPTY {
                slots[at] = (k, i as u16);
                named += 1;
            }
        }
        Ok(Openings {
            entries,
            slots,
            named,
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
        let mask = self.slots.len().checked_sub(1)?;
        let mut at = k as usize & mask;
        loop {
            match self.slots[at] {
                (_, EMPTY) => return None,
                (key, i) if key == k => return self.entries.get(usize::from(i)),
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// The plies of the longest line: a game is read that far
    /// ([`Classify`]).
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// How many named positions the table holds.
    pub fn len(&self) -> usize {
        self.named
    }

    /// Whether the table names no position (the default, empty table).
    pub fn is_empty(&self) -> bool {
        self.named == 0
    }
}
