//! Positions a game may still reach: the target of a position search, and
//! the test that lets a search stop a game early.
//!
//! Two positions are the same for a search when their piece placement and
//! side to move are: castling and en-passant rights are not compared.
//!
//! A game at position `P` can never reach a target `T` when
//! - `T` has a pawn on its home rank (rank 2 for White, 7 for Black) where
//!   `P` has none: a pawn never moves backwards or sideways onto its home
//!   rank, so a pawn that has left it never returns;
//! - `T` has more pawns of a side than `P`: pawns are never added;
//! - `T` has more pieces of a side than `P`'s pieces and promotions can
//!   give: a knight, bishop, rook or queen appears only by promoting a pawn,
//!   and each promotion removes that pawn, so for each side
//!   `Σ max(0, T[role] − P[role]) ≤ P[pawns] − T[pawns]`.
//!
//! These hold for every legal move of chess, so [`Target::reachable_from`]
//! never rules out a position that some line of moves leads to `T`; the
//! tests replay every game in full to prove the search that uses it finds
//! the same games (`tests/position_search.rs`, a proptest, and the
//! `position_search` fuzz target). Only bitboards of shakmaty's [`Board`]
//! are read.
//!
//! ```
//! use cadb::reach::Target;
//! use shakmaty::{Chess, Position, san::San};
//! let after_e4: Target = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b".parse().unwrap();
//! let mut pos = Chess::default();
//! assert!(after_e4.reachable_from(pos.board()));
//! pos.play_unchecked("d4".parse::<San>().unwrap().to_move(&pos).unwrap());
//! // The d-pawn has left d2, where the target still has it.
//! assert!(!after_e4.reachable_from(pos.board()));
//! ```

use core::str::FromStr;

use shakmaty::{Bitboard, Board, Chess, Color, Position, Rank};

use crate::error::Error;

/// The position a search looks for: a piece placement and a side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    board: Board,
    turn: Color,
    summary: Summary,
}

impl Target {
    /// The target of `board` with `turn` to move.
    ///
    /// ```
    /// use cadb::reach::Target;
    /// use shakmaty::{Board, Color};
    /// let start = Target::new(Board::new(), Color::White);
    /// assert!(start.matches(&shakmaty::Chess::default()));
    /// ```
    pub fn new(board: Board, turn: Color) -> Target {
        Target {
            summary: Summary::of(&board),
            board,
            turn,
        }
    }

    /// The piece placement looked for.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move looked for.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// What of the target the rule of the module docs reads.
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Whether `pos` is the target: the same placement and side to move.
    #[inline]
    pub fn matches(&self, pos: &Chess) -> bool {
        pos.turn() == self.turn && *pos.board() == self.board
    }

    /// Whether a game at `board` may still reach the target (see the module
    /// docs); `false` is certain, `true` only possible.
    #[inline]
    pub fn reachable_from(&self, board: &Board) -> bool {
        // The home-rank pawns first: the cheapest test, and the one that
        // ends most games early.
        let home = home_pawns(board);
        self.summary.home & !home == 0 && Summary::with_home(board, home).reaches(self.summary)
    }
}

/// Each side's pawns on their home rank, White's rank 2 in the low byte
/// (a2 = bit 0), Black's rank 7 in the high byte.
#[inline]
pub(crate) fn home_pawns(board: &Board) -> u16 {
    let white = board.pawns() & board.white() & Bitboard::from_rank(Rank::Second);
    let black = board.pawns() & board.black() & Bitboard::from_rank(Rank::Seventh);
    ((white.0 >> 8) as u16) | (((black.0 >> 48) as u16) << 8)
}

/// What the rule of the module docs reads of a position: the pawns on
/// their home ranks and each side's count of each role but the king. It
/// packs into 56 bits, so a search can keep one per game
/// ([`crate::ca::position::SearchMemo`]).
///
/// ```
/// use cadb::reach::Summary;
/// use shakmaty::Board;
/// let start = Summary::of(&Board::new());
/// assert_eq!(Summary::unpack(start.pack().unwrap()), start);
/// assert!(start.reaches(start));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// As [`home_pawns`] gives them: 16 squares, one bit each.
    pub home: u16,
    /// Per side (White first), pawns, knights, bishops, rooks, queens.
    pub counts: [[u8; 5]; 2],
}

impl Summary {
    /// The summary of `board`.
    pub fn of(board: &Board) -> Summary {
        Summary::with_home(board, home_pawns(board))
    }

    #[inline]
    fn with_home(board: &Board, home: u16) -> Summary {
        let count = |c: Color| {
            let m = board.material_side(c);
            [m.pawn, m.knight, m.bishop, m.rook, m.queen]
        };
        Summary {
            home,
            counts: [count(Color::White), count(Color::Black)],
        }
    }

    /// Whether a game at `self` may still reach a position of summary `to`:
    /// `false` is certain (the rule of the module docs).
    #[inline]
    pub fn reaches(self, to: Summary) -> bool {
        if to.home & !self.home != 0 {
            return false;
        }
        self.counts.iter().zip(&to.counts).all(|(have, want)| {
            let Some(spare) = have[0].checked_sub(want[0]) else {
                return false;
            };
            let needed: u8 = (1..5).map(|r| want[r].saturating_sub(have[r])).sum();
            needed <= spare
        })
    }

    /// The summary in 56 bits: `home`, then the ten counts, 4 bits each;
    /// `None` for a count above 15, which no position of chess has (each
    /// side has 16 men) but a set-up could.
    pub fn pack(self) -> Option<u64> {
        let mut bits = u64::from(self.home);
        for (k, &n) in self.counts.iter().flatten().enumerate() {
            if n > 15 {
                return None;
            }
            bits |= u64::from(n) << (16 + 4 * k);
        }
        Some(bits)
    }

    /// The summary [`pack`](Self::pack) gave `bits` for (bits 56–63 are
    /// ignored).
    pub fn unpack(bits: u64) -> Summary {
        let mut counts = [[0u8; 5]; 2];
        for (k, n) in counts.iter_mut().flatten().enumerate() {
            *n = (bits >> (16 + 4 * k)) as u8 & 15;
        }
        Summary {
            home: bits as u16,
            counts,
        }
    }
}

impl From<&Chess> for Target {
    fn from(pos: &Chess) -> Target {
        Target::new(pos.board().clone(), pos.turn())
    }
}

impl FromStr for Target {
    type Err = Error;

    /// A FEN, or its first two fields (placement and side to move; the
    /// side defaults to White). Castling, en passant and the move counters
    /// are not compared, so they are only checked for form.
    fn from_str(fen: &str) -> Result<Target, Error> {
        let bad = || Error::argument("the position is not a FEN (placement and side to move)");
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or_else(bad)?;
        let board = Board::from_ascii_board_fen(placement.as_bytes()).map_err(|_| bad())?;
        let turn = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(_) => return Err(bad()),
        };
        // The rest is not compared, but a typo in it is not ignored:
        // castling, en passant, two counters, each of its characters.
        let allowed: [&[u8]; 4] = [
            b"-KQkqABCDEFGHabcdefgh",
            b"-abcdefgh36",
            b"0123456789",
            b"0123456789",
        ];
        let mut rest = fields;
        for set in allowed {
            if rest
                .next()
                .is_some_and(|f| !f.bytes().all(|b| set.contains(&b)))
            {
                return Err(bad());
            }
        }
        if rest.next().is_some() {
            return Err(bad());
        }
        Ok(Target::new(board, turn))
    }
}
