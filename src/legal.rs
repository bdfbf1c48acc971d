//! Legality and SAN of a move a decoder has already resolved, without
//! listing moves.
//!
//! shakmaty decides legality by listing the legal moves of the piece type
//! to the target square (`san_candidates`: a 256-slot list, built and
//! copied out by value) and looking for the move in it. A decoder that
//! already knows the piece, its square and its target can ask a cheaper
//! question. The answer is built only from shakmaty's own primitives
//! (`attacks::*`, `between`, `ray`, `aligned`, `checkers`,
//! `Board::attacks_to`), in the order shakmaty's generator applies them:
//!
//! - a piece other than the king moves legally when it attacks the target
//!   (a pawn: pushes and captures by shakmaty's rules), the target holds no
//!   piece of ours, the piece is not pinned to its king or moves along the
//!   pin ray, and, in check, the move takes the only checker or steps
//!   between it and the king;
//! - the king moves legally to a square it attacks that no enemy piece
//!   attacks, nor a checking slider through the king (shakmaty's
//!   `gen_safe_king` and `evasions`);
//! - castling, en passant and drops are shakmaty's full path:
//!   [`Position::is_legal`].
//!
//! SAN needs the candidate list only when another piece of the same type
//! attacks the target square; otherwise shakmaty's [`San::disambiguate`]
//! gets an empty list.
//!
//! Both functions give exactly shakmaty's answer for every move in every
//! position shakmaty accepts; the proof is differential, not by reading
//! (`tests/legal.rs`, a proptest, `examples/legal_playouts.rs` over ten
//! million moves, the `legal_differential` fuzz target, and a debug
//! assertion in the Chess Assistant replayer on every move it resolves).
//! A mismatch is a bug here, never in the data.
//!
//! ```
//! use cadb::legal;
//! use shakmaty::{Chess, Move, Position, Role, Square};
//! let pos = Chess::default();
//! let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
//! assert!(legal::is_legal(&pos, nf3));
//! assert_eq!(legal::san(&pos, nf3).to_string(), "Nf3");
//! let ng3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::G3, promotion: None };
//! assert!(!legal::is_legal(&pos, ng3) && !pos.is_legal(ng3));
//! ```

use shakmaty::{
    Bitboard, Chess, Color, Move, MoveList, Position, Rank, Role, Square, attacks, san::San,
};

/// Whether `m` is legal in `pos`: always [`Position::is_legal`]'s answer.
///
/// ```
/// use shakmaty::{Chess, Move, Position, Role, Square};
/// let pos = Chess::default();
/// let e5 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// assert!(!cadb::legal::is_legal(&pos, e5));
/// ```
#[inline]
pub fn is_legal(pos: &Chess, m: Move) -> bool {
    match fast(pos, m) {
        Some(legal) => legal,
        None => pos.is_legal(m),
    }
}

/// The fast path: `Some(answer)` for a normal move (every piece, the king
/// included, in check or not), `None` where shakmaty's full path decides
/// (castling, en passant, a drop, a position without its king).
///
/// ```
/// use shakmaty::{Chess, Move, Role, Square};
/// let pos = Chess::default();
/// let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(cadb::legal::fast(&pos, nf3), Some(true));
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(cadb::legal::fast(&pos, castle), None);
/// ```
#[inline]
pub fn fast(pos: &Chess, m: Move) -> Option<bool> {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let king = board.king_of(us)?;
    // The move names our piece of `role` on `from`, a target without a
    // piece of ours, and what the target holds (shakmaty compares whole
    // moves, the `capture` field included).
    if !board.by_piece(role.of(us)).contains(from)
        || board.by_color(us).contains(to)
        || board.role_at(to) != capture
    {
        return Some(false);
    }
    let occupied = board.occupied();
    let checkers = board.attacks_to(king, !us, occupied);
    if role == Role::King {
        // shakmaty's gen_safe_king (its evasions first take away the
        // squares behind the king on a checking slider's ray).
        let mut behind = Bitboard::EMPTY;
        for checker in checkers & board.sliders() {
            behind |= attacks::ray(checker, king) ^ checker;
        }
        return Some(
            promotion.is_none()
                && attacks::king_attacks(from).contains(to)
                && !behind.contains(to)
                && board.attacks_to(to, !us, occupied).is_empty(),
        );
    }
    // In check, another piece must take the only checker or step between
    // it and the king (shakmaty's evasions); from a double check only the
    // king moves.
    let evades = match checkers.single_square() {
        _ if checkers.is_empty() => true,
        Some(checker) => attacks::between(king, checker).with(checker).contains(to),
        None => false,
    };
    let reaches = match role {
        Role::Pawn => pawn_reaches(us, from, to, capture.is_some(), promotion, occupied),
        _ => promotion.is_none() && attacks::attacks(from, role.of(us), occupied).contains(to),
    };
    Some(evades && reaches && (!pinned(pos, king, from) || attacks::aligned(from, to, king)))
}

/// A pawn's move by shakmaty's `gen_pawn_moves`: a capture on an attacked
/// square, a push to an empty square, a double push from the second rank
/// over an empty one; a promotion (to a queen, rook, bishop or knight)
/// exactly on the last rank.
fn pawn_reaches(
    us: Color,
    from: Square,
    to: Square,
    capture: bool,
    promotion: Option<Role>,
    occupied: Bitboard,
) -> bool {
    let promotes = match promotion {
        None => false,
        Some(Role::Pawn | Role::King) => return false,
        Some(_) => true,
    };
    if promotes != Bitboard::BACKRANKS.contains(to) {
        return false;
    }
    if capture {
        return attacks::pawn_attacks(us, from).contains(to);
    }
    let (step, double_rank): (i32, Rank) = us.fold_wb((8, Rank::Fourth), (-8, Rank::Fifth));
    let Some(one) = from.offset(step) else {
        return false;
    };
    if occupied.contains(one) {
        return false;
    }
    to == one
        || (to.rank() == double_rank && one.offset(step) == Some(to) && !occupied.contains(to))
}

/// Whether the piece on `from` is the only piece between our king and an
/// enemy slider on their line (shakmaty's `slider_blockers`, for one square).
fn pinned(pos: &Chess, king: Square, from: Square) -> bool {
    let board = pos.board();
    let line = attacks::ray(king, from);
    if line.is_empty() {
        return false;
    }
    let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & board.by_color(!pos.turn())
        & line;
    let only_from = Bitboard::from_square(from);
    snipers
        .into_iter()
        .any(|s| attacks::between(king, s) & board.occupied() == only_from)
}

/// The SAN of a legal move `m` (no check mark): always
/// [`San::from_move`]'s answer. shakmaty's candidate list is built only
/// when another piece of the same type attacks the target square.
///
/// ```
/// use shakmaty::{Chess, Move, Role, Square};
/// let pos = Chess::default();
/// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
/// assert_eq!(cadb::legal::san(&pos, e4).to_string(), "e4");
/// ```
#[inline]
pub fn san(pos: &Chess, m: Move) -> San {
    match m {
        Move::Normal { role, from, to, .. } if role != Role::Pawn => {
            let board = pos.board();
            let piece = role.of(pos.turn());
            let others = board.by_piece(piece)
                & attacks::attacks(to, piece, board.occupied())
                & !Bitboard::from_square(from);
            if others.is_empty() {
                San::disambiguate(m, &MoveList::new())
            } else {
                San::disambiguate(m, &pos.san_candidates(role, to))
            }
        }
        // Pawns, castling, en passant: shakmaty lists nothing for them either.
        _ => San::from_move(pos, m),
    }
}
