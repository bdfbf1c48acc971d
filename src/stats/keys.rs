//! What the opening tree stores per ply, packed small: a position's
//! Zobrist64 key (from a position, along a line, or from a FEN), a move in
//! 16 bits, a game's result and year in 16, and one observation of all of
//! them in 16 bytes.

use shakmaty::{Chess, EnPassantMode, Move, Position, Square, zobrist::Zobrist64};

use super::record::Promotion;
use crate::error::Error;
use crate::game::GameResult;

/// The Zobrist64 key of a position, as used by the tree and its file.
///
/// ```
/// let k = cadb::stats::position_key(&shakmaty::Chess::default());
/// assert_eq!(k, 0x463b96181691fc9c); // the Polyglot start-position key
/// ```
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// One observation: a move played in a game (16 bytes, no allocation).
#[derive(Clone, Copy, Debug)]
pub(super) struct Obs {
    pub key: u64,
    pub mv: u16,
    pub white_elo: u16,
    pub black_elo: u16,
    pub game: GameTag,
}

const _: () = assert!(core::mem::size_of::<Obs>() == 16);

/// A game's result and year in 16 bits, which keeps an [`Obs`] at 16
/// bytes (a million games' first 40 plies are 40 million of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GameTag(u16);

impl GameTag {
    /// The year is kept when it is 1..=16383 (else unknown, 0).
    pub fn new(result: GameResult, year: u32) -> GameTag {
        let r = match result {
            GameResult::WhiteWins => 0,
            GameResult::Draw => 1,
            GameResult::BlackWins => 2,
            GameResult::Unknown => 3,
        };
        let year = if year < 1 << 14 { year as u16 } else { 0 };
        GameTag(year << 2 | r)
    }

    pub fn result(self) -> GameResult {
        match self.0 & 3 {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            2 => GameResult::BlackWins,
            _ => GameResult::Unknown,
        }
    }

    /// 0: unknown.
    pub fn year(self) -> u16 {
        self.0 >> 2
    }
}

/// Position keys along a line of play: each from the one before through
/// shakmaty's incremental Zobrist update when it has one for the move (it
/// has none around en passant, castling rights and king moves), else from
/// scratch.
#[derive(Default)]
pub(super) struct LineKeys {
    /// The key of the position the next move is played from, when known.
    next: Option<Zobrist64>,
}

impl LineKeys {
    /// The key of `before`, the position `m` is played from.
    pub(super) fn key(&mut self, before: &Chess, m: Move) -> u64 {
        let key = self
            .next
            .unwrap_or_else(|| before.zobrist_hash(EnPassantMode::Legal));
        self.next = before.update_zobrist_hash(key, m, EnPassantMode::Legal);
        key.0
    }
}

/// An observation's move: from, to and promotion in 16 bits.
pub(super) fn pack_move(from: Square, to: Square, promo: Promotion) -> u16 {
    u16::from(from as u8) | u16::from(to as u8) << 6 | u16::from(promo.code()) << 12
}

/// A FEN argument as a position (standard chess).
pub(crate) fn parse_fen(fen: &str) -> Result<Chess, Error> {
    crate::game::fen_argument(Some(fen))
}
