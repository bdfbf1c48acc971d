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

use shakmaty::{Bitboard, Board, ByColor, ByRole, Chess, Color, Position, Rank, Role};

use crate::error::Error;

/// The position a search looks for: a piece placement and a side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    board: Board,
    turn: Color,
    /// Each side's pawns on their home rank, which `P` must have too.
    home_pawns: ByColor<Bitboard>,
    material: ByColor<ByRole<u8>>,
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
        let home_pawns = ByColor::new_with(|c| {
            let home = match c {
                Color::White => Rank::Second,
                Color::Black => Rank::Seventh,
            };
            board.pawns() & board.by_color(c) & Bitboard::from_rank(home)
        });
        Target {
            material: board.material(),
            home_pawns,
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
        let home_left = (self.home_pawns.white & !(board.pawns() & board.white()))
            | (self.home_pawns.black & !(board.pawns() & board.black()));
        if home_left.any() {
            return false;
        }
        Color::ALL.into_iter().all(|c| {
            let want = self.material[c];
            let have = board.material_side(c);
            let Some(spare) = have.pawn.checked_sub(want.pawn) else {
                return false;
            };
            let needed = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                .into_iter()
                .map(|r| want[r].saturating_sub(have[r]))
                .sum::<u8>();
            needed <= spare
        })
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
