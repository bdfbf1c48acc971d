//! `maneuver`: one piece's route, square by square (`Nb1-d2-f1-g3`); see
//! docs/search.md.
//!
//! A route is followed by trackers: one starts whenever the piece stands
//! on the first square, and goes on while that piece's own moves go to
//! the next squares in order. A tracker is known by how far along the
//! route it is, so at most one a step lives (two at the same step stand
//! on the same square: the same piece), and a route of `n` squares costs
//! at most `n − 1` of them.
//!
//! ```
//! use cadb::find::Maneuver;
//! let m = Maneuver::parse("Nb1-d2-f1-g3").unwrap();
//! assert_eq!(m.squares.len(), 4);
//! assert!(Maneuver::parse("Nb1").is_err()); // a route of one square
//! ```

use alloc::vec::Vec;

use shakmaty::{Board, Move, Piece, Square};

use super::lex::Lexer;
use crate::error::Error;

const FIELD: &str = "maneuver";

/// A `maneuver` expression, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maneuver {
    pub piece: Piece,
    /// The route: two squares or more, none twice in a row.
    pub squares: Vec<Square>,
}

impl Maneuver {
    /// Parses an expression (the syntax: docs/search.md).
    pub fn parse(text: &str) -> Result<Maneuver, Error> {
        let mut lex = Lexer::new(FIELD, text)?;
        let t = lex.expect("a piece and its route (Nb1-d2-f1)")?;
        if let Some(extra) = lex.next_token() {
            return Err(extra.error(FIELD, "the end: a route is one word (Nb1-d2-f1)"));
        }
        let s = t.text;
        let piece = s
            .chars()
            .next()
            .and_then(Piece::from_char)
            .ok_or_else(|| t.error(FIELD, "a piece letter (K Q R B N P, k q r b n p)"))?;
        let mut squares: Vec<Square> = Vec::new();
        let mut at = 1;
        for (k, part) in s[1..].split('-').enumerate() {
            let sq: Square = part
                .parse()
                .map_err(|_| t.error_from(FIELD, at, "a square (b1)"))?;
            if squares.last() == Some(&sq) {
                return Err(t.error_from(FIELD, at, "another square than the one before"));
            }
            if k > 64 {
                return Err(t.error_from(FIELD, at, "a route of at most 64 squares"));
            }
            squares.push(sq);
            at += part.len() + 1;
        }
        if squares.len() < 2 {
            return Err(lex.at_end("`-` and the next square of the route"));
        }
        Ok(Maneuver { piece, squares })
    }
}

/// Following the route in one line of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tracker {
    /// The squares where a tracked piece stands, each with the index of
    /// the next square its route wants.
    at: Vec<(Square, u32)>,
}

impl Tracker {
    /// At a line's first position.
    pub fn start(&mut self, m: &Maneuver, board: &Board) {
        self.at.clear();
        self.arrive(m, board);
    }

    /// A piece on the route's first square starts a tracker there.
    fn arrive(&mut self, m: &Maneuver, board: &Board) {
        let first = m.squares[0];
        if board.piece_at(first) == Some(m.piece) && !self.at.contains(&(first, 1)) {
            self.at.push((first, 1));
        }
    }

    /// After move `mv` (to `board`): whether a tracked piece reached the
    /// route's end with it.
    pub fn step(&mut self, m: &Maneuver, mv: &Move, board: &Board) -> bool {
        // Each piece that moved, from and to (castling moves two).
        let (a, b) = match *mv {
            Move::Castle { king, rook } => {
                let side = if rook > king { 1 } else { -1i8 };
                let rank = king.rank();
                let file = |f: i8| Square::from_coords(shakmaty::File::new(f as u32), rank);
                let (kt, rt) = if side > 0 {
                    (file(6), file(5))
                } else {
                    (file(2), file(3))
                };
                ((king, kt), Some((rook, rt)))
            }
            _ => ((mv.from().unwrap_or(mv.to()), mv.to()), None),
        };
        // A capture ends the captured piece's route.
        let captured = match *mv {
            Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
            Move::Normal {
                capture: Some(_),
                to,
                ..
            } => Some(to),
            _ => None,
        };
        if let Some(c) = captured {
            self.at.retain(|&(s, _)| s != c);
        }
        let mut done = false;
        let last = m.squares.len() as u32;
        let moves = [Some(a), b];
        let mut next = Vec::new();
        self.at.retain(|&(s, k)| {
            let Some((_, to)) = moves.iter().flatten().find(|(from, _)| *from == s) else {
                return true;
            };
            if *to == m.squares[k as usize] {
                if k + 1 == last {
                    done = true;
                } else {
                    next.push((*to, k + 1));
                }
            }
            false
        });
        for t in next {
            if !self.at.iter().any(|&(_, k)| k == t.1) {
                self.at.push(t);
            }
        }
        self.arrive(m, board);
        done
    }
}
