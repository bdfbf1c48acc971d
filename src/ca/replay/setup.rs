//! The position of a set-up record (code 230, §8.12), with its piece numbers.

use alloc::string::String;

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, File, FromSetup, Piece, Role, Setup, Square,
};

use super::{State, numbers::Numbers};
use crate::{
    ca::format::d02::{
        CASTLING_BITS, FIXED_ROLES, PIECE_NUMBERS, SETUP_LEN, SetupSlot, byte_square, code_role,
        setup_castling, setup_ep, setup_plies, setup_slot,
    },
    error::ErrorKind,
};

/// Builds the position of a set-up payload, and its FEN when `with_fen`.
// shakmaty's PositionError, recovered from at once.
#[allow(clippy::result_large_err)]
// Errors built lazily: an eager one is built and dropped for every piece.
#[allow(clippy::unnecessary_lazy_evaluations)]
pub(super) fn setup_state(
    b: &[u8; SETUP_LEN],
    with_fen: bool,
) -> Result<(State, String), ErrorKind> {
    let bad = |reason| ErrorKind::BadSetup { reason };
    let mut numbers = Numbers::empty();
    let mut board = Board::empty();
    for (s, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for n in 0..PIECE_NUMBERS {
            let SetupSlot::Piece { square, type_code } = setup_slot(b, s, usize::from(n)) else {
                continue;
            };
            let square = byte_square(square).ok_or_else(|| bad("a piece stands off the board"))?;
            let role = code_role(type_code).ok_or_else(|| bad("unknown piece type"))?;
            let fixed_ok = match n {
                0..=7 => role != Role::King,
                8..=15 => role == FIXED_ROLES[usize::from(n)],
                _ => !matches!(role, Role::Pawn | Role::King),
            };
            if !fixed_ok {
                return Err(bad("a piece number has the wrong piece type"));
            }
            if board.occupied().contains(square) {
                return Err(bad("two pieces stand on one square"));
            }
            board.set_piece_at(square, Piece { color, role });
            numbers.role[s][usize::from(n)] = role;
            numbers.put(s, n, square as u8);
        }
    }
    let plies = u32::from(setup_plies(b));
    let mut castling = Bitboard::EMPTY;
    for (bit, color, side) in CASTLING_BITS {
        if setup_castling(b) & bit != 0 {
            let file = if side.is_king_side() {
                File::H
            } else {
                File::A
            };
            castling.add(Square::from_coords(file, color.backrank()));
        }
    }
    let ep = setup_ep(b);
    let ep_square = (ep != 0).then(|| byte_square(ep)).flatten();
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: if plies % 2 == 1 {
            Color::Black
        } else {
            Color::White
        },
        castling_rights: castling,
        ep_square,
        remaining_checks: None,
        halfmoves: 0,
        fullmoves: core::num::NonZeroU32::new(plies / 2 + 1).unwrap_or(core::num::NonZeroU32::MIN),
    };
    let pos = Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(|e| e.ignore_invalid_castling_rights())
        .or_else(|e| e.ignore_invalid_ep_square())
        .map_err(|e| {
            use shakmaty::PositionErrorKinds as K;
            let k = e.kinds();
            bad(if k.contains(K::MISSING_KING) {
                "a king is missing"
            } else if k.contains(K::TOO_MANY_KINGS) {
                "a side has two kings"
            } else if k.contains(K::PAWNS_ON_BACKRANK) {
                "a pawn stands on the first or last rank"
            } else if k.contains(K::OPPOSITE_CHECK) {
                "the side not to move is in check"
            } else {
                "not a legal chess position"
            })
        })?;
    let fen = if with_fen {
        crate::game::fen_of(&pos)
    } else {
        String::new()
    };
    let checkers = shakmaty::Position::checkers(&pos);
    Ok((
        State {
            pos,
            numbers,
            checkers,
        },
        fen,
    ))
}
