//! Fast paths for the two shakmaty calls that dominate a replay: the
//! legality check of a move we already know, and its SAN.
//!
//! shakmaty's `is_legal` and `San::from_move` both list every legal move of
//! the piece type to the target square (`san_candidates`, a 256-slot move
//! list copied by value); callgrind put that at two thirds of a replay.
//! Here a normal move is checked directly (the piece, its attack pattern,
//! and the king not attacked once it is played), and SAN looks for a second
//! piece of the same type attacking the target before asking shakmaty to
//! disambiguate. Castling and en passant go to shakmaty. Both functions
//! give exactly shakmaty's answers (tests compare them on every move of
//! many positions).
//!
//! ```
//! use cadb::fast;
//! use shakmaty::{Chess, Move, Role, Square, san::San};
//! let pos = Chess::default();
//! let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
//! assert!(fast::is_legal(&pos, m));
//! assert_eq!(fast::san(&pos, m).to_string(), "Nf3");
//! let bad = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::G3, promotion: None };
//! assert!(!fast::is_legal(&pos, bad));
//! ```

use shakmaty::{
    Bitboard, Chess, Color, Move, Piece, Position, Rank, Role, Square, attacks, san::San,
};

/// Whether `m` is legal in `pos`; the same answer as shakmaty's
/// `Position::is_legal`, without listing moves for normal moves.
pub fn is_legal(pos: &Chess, m: Move) -> bool {
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => normal_is_legal(pos, role, from, capture, to, promotion),
        _ => pos.is_legal(m),
    }
}

fn normal_is_legal(
    pos: &Chess,
    role: Role,
    from: Square,
    capture: Option<Role>,
    to: Square,
    promotion: Option<Role>,
) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let piece = Piece { color: us, role };
    let occupied = board.occupied();
    // Bitboard tests, not `piece_at`/`role_at`, which walk the six roles.
    let target_ok = match capture {
        None => !occupied.contains(to),
        Some(Role::King) => false,
        Some(r) => board
            .by_piece(Piece {
                color: !us,
                role: r,
            })
            .contains(to),
    };
    if !target_ok || !board.by_piece(piece).contains(from) {
        return false;
    }
    if role == Role::Pawn {
        let last = to.rank() == us.fold_wb(Rank::Eighth, Rank::First);
        if last != promotion.is_some() || matches!(promotion, Some(Role::Pawn | Role::King)) {
            return false;
        }
        if capture.is_some() {
            if !attacks::pawn_attacks(us, from).contains(to) {
                return false;
            }
        } else {
            let step = |s: Square| {
                let i = u32::from(s);
                match us {
                    Color::White => (i < 56).then(|| Square::new(i + 8)),
                    Color::Black => (i >= 8).then(|| Square::new(i - 8)),
                }
            };
            let Some(one) = step(from) else { return false };
            if occupied.contains(one) {
                return false;
            }
            if to != one {
                let second = us.fold_wb(Rank::Second, Rank::Seventh);
                if from.rank() != second || step(one) != Some(to) || occupied.contains(to) {
                    return false;
                }
            }
        }
    } else if promotion.is_some() || !attacks::attacks(from, piece, occupied).contains(to) {
        return false;
    }
    // The king must not be attacked once the move is played: `from` empties,
    // `to` fills, and a captured piece no longer attacks.
    let king = if role == Role::King {
        to
    } else {
        match board.king_of(us) {
            Some(k) => k,
            None => {
                return pos.is_legal(Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion,
                });
            }
        }
    };
    let after = (occupied & !Bitboard::from(from)) | Bitboard::from(to);
    (board.attacks_to(king, !us, after) & !Bitboard::from(to)).is_empty()
}

/// The SAN of `m` (legal in `pos`), without check mark; the same as
/// shakmaty's `San::from_move`, which only runs when another piece of the
/// same type attacks the target square.
pub fn san(pos: &Chess, m: Move) -> San {
    if let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    {
        let unique = role == Role::Pawn || role == Role::King || {
            let board = pos.board();
            let piece = Piece {
                color: pos.turn(),
                role,
            };
            (board.by_piece(piece)
                & attacks::attacks(to, piece, board.occupied())
                & !Bitboard::from(from))
            .is_empty()
        };
        if unique {
            return San::Normal {
                role,
                file: (role == Role::Pawn && capture.is_some()).then(|| from.file()),
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            };
        }
    }
    San::from_move(pos, m)
}

/// Whether the side to move is checkmated; shakmaty's answer, but a king
/// with a safe square is found before listing every legal move.
///
/// ```
/// use shakmaty::{Chess, Position, fen::Fen, CastlingMode};
/// let fen: Fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
/// let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
/// assert!(cadb::fast::is_checkmate(&pos));
/// assert!(!cadb::fast::is_checkmate(&Chess::default()));
/// ```
pub fn is_checkmate(pos: &Chess) -> bool {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return false;
    }
    let board = pos.board();
    let us = pos.turn();
    if let Some(king) = board.king_of(us) {
        let without_king = board.occupied() & !Bitboard::from(king);
        for to in attacks::king_attacks(king) & !board.by_color(us) {
            if (board.attacks_to(to, !us, without_king) & !Bitboard::from(to)).is_empty() {
                return false;
            }
        }
    }
    pos.legal_moves().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Every normal move shape from every square of the side to move, legal
    /// or not, in positions of pseudo-random games: both answers agree.
    #[test]
    fn agrees_with_shakmaty() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0u64;
        for _ in 0..60 {
            let mut pos = Chess::default();
            for _ in 0..120 {
                let board = pos.board().clone();
                for from in board.by_color(pos.turn()) {
                    let role = board.role_at(from).unwrap_or(Role::Pawn);
                    for to in Square::ALL {
                        for promotion in [
                            None,
                            Some(Role::Queen),
                            Some(Role::Knight),
                            Some(Role::King),
                        ] {
                            for role in [role, Role::Queen] {
                                let m = Move::Normal {
                                    role,
                                    from,
                                    capture: board.role_at(to),
                                    to,
                                    promotion,
                                };
                                assert_eq!(
                                    is_legal(&pos, m),
                                    pos.is_legal(m),
                                    "{m:?} in {:?}",
                                    shakmaty::fen::Fen::from_position(
                                        &pos,
                                        shakmaty::EnPassantMode::Legal
                                    )
                                    .to_string()
                                );
                                checked += 1;
                            }
                        }
                    }
                }
                assert_eq!(is_checkmate(&pos), pos.is_checkmate());
                let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
                for &m in &moves {
                    assert_eq!(san(&pos, m), San::from_move(&pos, m));
                }
                if moves.is_empty() {
                    break;
                }
                // Prefer captures now and then so games reach endings with promotions.
                let caps: Vec<&Move> = moves
                    .iter()
                    .filter(|m| m.is_capture() || m.is_promotion())
                    .collect();
                let m = if !caps.is_empty() && rnd(2) == 0 {
                    *caps[rnd(caps.len())]
                } else {
                    moves[rnd(moves.len())]
                };
                pos.play_unchecked(m);
            }
        }
        assert!(checked > 1_000_000);
    }
}
