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
    Bitboard, Chess, Color, Move, Position, Rank, Role, Square, attacks,
    san::{San, Suffix},
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
    fast_with(pos, m, pos.checkers())
}

/// [`fast`], with `checkers` (which must be `pos.checkers()`) already
/// known: a replayer computes them once a position, for this and for the
/// check mark of the move that led there ([`suffix`]).
///
/// ```
/// use shakmaty::{Chess, Move, Position, Role, Square};
/// let pos = Chess::default();
/// let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(cadb::legal::fast_with(&pos, nf3, pos.checkers()), Some(true));
/// ```
// Inlined into the replayer's loop: the call's prologue and epilogue were
// a quarter of its cost.
#[inline(always)]
pub fn fast_with(pos: &Chess, m: Move, checkers: Bitboard) -> Option<bool> {
    debug_assert_eq!(checkers, pos.checkers());
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
    let ours = board.by_color(us);
    let king = (board.kings() & ours).single_square()?;
    // The move names our piece of `role` on `from`, a target without a
    // piece of ours, and what the target holds (shakmaty compares whole
    // moves, the `capture` field included).
    let occupied = board.occupied();
    // `capture == board.role_at(to)`, without walking the roles: a board
    // holds one role on each occupied square.
    let holds = match capture {
        None => !occupied.contains(to),
        Some(r) => board.by_role(r).contains(to),
    };
    if !holds || !(board.by_role(role) & ours).contains(from) || ours.contains(to) {
        return Some(false);
    }
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
    let reaches = if role == Role::Pawn {
        pawn_reaches(us, from, to, capture.is_some(), promotion, occupied)
    } else {
        piece_reaches(role, from, to, occupied)
    };
    // In check, another piece must take the only checker or step between
    // it and the king (shakmaty's evasions); from a double check only the
    // king moves.
    let evades = checkers.is_empty()
        || checkers
            .single_square()
            .is_some_and(|checker| attacks::between(king, checker).with(checker).contains(to));
    Some(
        reaches
            && (role == Role::Pawn || promotion.is_none())
            && evades
            && (!pinned(board, us, king, from) || attacks::aligned(from, to, king)),
    )
}

/// Whether a knight, bishop, rook or queen on `from` attacks `to` through
/// `occupied`: shakmaty's `attacks(from, piece, occupied).contains(to)`,
/// with no branch on the role. A slider attacks the squares of its lines
/// (`ray`) with nothing `between`; each role's answer is one bit, and the
/// role picks its bit.
// The role changes from move to move: a `match` on it was a jump whose
// target the branch predictor could not guess (replay 6-7% faster
// without it, docs/history/benchmarks.md §14).
#[inline(always)]
fn piece_reaches(role: Role, from: Square, to: Square, occupied: Bitboard) -> bool {
    let slides = attacks::ray(from, to).any() & (attacks::between(from, to) & occupied).is_empty();
    let straight = (from.rank() == to.rank()) | (from.file() == to.file());
    let bit = |yes: bool, role: Role| u8::from(yes) << (role as u8);
    let answers = bit(attacks::knight_attacks(from).contains(to), Role::Knight)
        | bit(slides & !straight, Role::Bishop)
        | bit(slides & straight, Role::Rook)
        | bit(slides, Role::Queen);
    answers >> (role as u8) & 1 != 0
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
/// enemy slider on their line (shakmaty's `slider_blockers`, for one
/// square: a sniper elsewhere cannot pin it).
#[inline(always)]
fn pinned(board: &shakmaty::Board, us: Color, king: Square, from: Square) -> bool {
    // No early return for a piece off the king's lines: `line` is empty,
    // and so are the snipers (a branch that goes either way, move by move).
    let line = attacks::ray(king, from);
    let straight = (king.rank() == from.rank()) | (king.file() == from.file());
    let sliders = if straight {
        board.rooks_and_queens()
    } else {
        board.bishops_and_queens()
    };
    let only_from = Bitboard::from_square(from);
    (sliders & board.by_color(!us) & line)
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
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        // Castling and en passant: shakmaty lists nothing for them either.
        return San::from_move(pos, m);
    };
    let unique = role == Role::Pawn || {
        let board = pos.board();
        // A piece alone of its type (most queens and every king) needs no
        // attack lookup: SAN passes 3% faster.
        let piece = role.of(pos.turn());
        let rivals = board.by_piece(piece).without(from);
        rivals.is_empty() || (rivals & attacks::attacks(to, piece, board.occupied())).is_empty()
    };
    if !unique {
        return San::disambiguate(m, &pos.san_candidates(role, to));
    }
    // What `San::disambiguate` gives for a move with no rival: a pawn's
    // capture names its file, nothing else is qualified.
    San::Normal {
        role,
        file: (role == Role::Pawn && capture.is_some()).then(|| from.file()),
        rank: None,
        capture: capture.is_some(),
        to,
        promotion,
    }
}

/// The check mark of the position after a move: always shakmaty's
/// [`Suffix::from_position`], given `checkers` (which must be
/// `after.checkers()`). Checkmate needs every legal move listed only when
/// the king has no legal step ([`fast_with`] on each).
///
/// ```
/// use shakmaty::{Chess, Position, fen::Fen, CastlingMode, san::Suffix};
/// let fen: Fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
/// let mated: Chess = fen.into_position(CastlingMode::Standard).unwrap();
/// assert_eq!(cadb::legal::suffix(&mated, mated.checkers()), Some(Suffix::Checkmate));
/// assert_eq!(cadb::legal::suffix(&Chess::default(), shakmaty::Bitboard::EMPTY), None);
/// ```
pub fn suffix(after: &Chess, checkers: Bitboard) -> Option<Suffix> {
    debug_assert_eq!(checkers, after.checkers());
    if checkers.is_empty() {
        return None;
    }
    let board = after.board();
    let us = after.turn();
    // A square next to the king that none of theirs attacks once the king
    // has left (a checking slider's ray goes on through it): shakmaty's
    // gen_safe_king, without a whole move's checks for each square.
    let escapes = board.king_of(us).is_some_and(|king| {
        let occupied = board.occupied().without(king);
        (attacks::king_attacks(king) & !board.by_color(us))
            .into_iter()
            .any(|to| board.attacks_to(to, !us, occupied).is_empty())
    });
    // shakmaty's `Suffix::from_position` asks its outcome, which in
    // standard chess is decisive exactly when checkmated.
    let mark = if escapes || !after.legal_moves().is_empty() {
        Suffix::Check
    } else {
        Suffix::Checkmate
    };
    debug_assert_eq!(Some(mark), Suffix::from_position(after));
    Some(mark)
}
