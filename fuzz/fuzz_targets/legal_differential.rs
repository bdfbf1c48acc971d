#![no_main]
//! `cadb::legal` against shakmaty on fuzzer-built positions and moves: the
//! fast path's legality must be `Position::is_legal`'s answer for every
//! move, its SAN `San::from_move`'s for every legal one, and its check mark
//! `Suffix::from_position`'s after every move played.
//!
//! Input: a mode byte. Mode even: the position is reached from the start
//! by playing, for each following byte up to a 0xff, the legal move with
//! that index (mod their count). Mode odd: pieces placed by byte pairs
//! (square, piece) up to a 0xff, then a flags byte (side to move, castling
//! rights) and an en passant byte, kept if shakmaty accepts the position.
//! The rest: moves of 4 bytes (from, to, type and promotion, shape); a
//! legal one with its shape's top bit set is played, so sequences go on.
use cadb::legal;
use libfuzzer_sys::fuzz_target;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Piece, Position,
    Role, Setup, Square,
    san::{San, Suffix},
};

fn placed(data: &mut &[u8]) -> Option<Chess> {
    let mut board = Board::empty();
    while let &[sq, piece, ref rest @ ..] = *data {
        *data = rest;
        if sq == 0xff {
            break;
        }
        let color = Color::from_white(piece & 8 == 0);
        let role = Role::ALL[usize::from(piece & 7) % 6];
        board.set_piece_at(Square::new(u32::from(sq & 63)), Piece { color, role });
    }
    let &[flags, ep, ref rest @ ..] = *data else {
        return None;
    };
    *data = rest;
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = Color::from_white(flags & 1 == 0);
    // Castling rights on the corner rooks the flags name.
    let corners = [Square::A1, Square::H1, Square::A8, Square::H8];
    setup.castling_rights = corners
        .iter()
        .enumerate()
        .filter(|(i, _)| flags & (2 << i) != 0)
        .fold(Bitboard::EMPTY, |b, (_, &sq)| b.with(sq));
    setup.ep_square = (ep < 64).then(|| Square::new(u32::from(ep)));
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(|e| e.ignore_invalid_castling_rights())
        .or_else(|e| e.ignore_invalid_ep_square())
        .ok()
}

fn played(data: &mut &[u8]) -> Chess {
    let mut pos = Chess::default();
    while let &[b, ref rest @ ..] = *data {
        *data = rest;
        if b == 0xff {
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(b) % moves.len()]);
    }
    pos
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, mut data)) = data.split_first() else {
        return;
    };
    let mut pos = if mode & 1 == 0 {
        played(&mut data)
    } else {
        match placed(&mut data) {
            Some(p) => p,
            None => return,
        }
    };
    for chunk in data.chunks_exact(4) {
        let (from, to) = (
            Square::new(u32::from(chunk[0] & 63)),
            Square::new(u32::from(chunk[1] & 63)),
        );
        let role = Role::ALL[usize::from(chunk[2] & 7) % 6];
        let promotion = Role::ALL.get(usize::from(chunk[2] >> 3 & 7)).copied();
        let capture = match chunk[3] >> 4 & 3 {
            0 | 1 => pos.board().role_at(to),
            2 => None,
            _ => Some(Role::ALL[usize::from(chunk[2] >> 6) % 6]),
        };
        let m = match chunk[3] & 3 {
            // The move a decoder builds: the piece on `from`, the capture the board implies.
            0 => Move::Normal {
                role: pos.board().role_at(from).unwrap_or(role),
                from,
                capture: pos.board().role_at(to),
                to,
                promotion,
            },
            1 => Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            },
            2 => Move::EnPassant { from, to },
            _ => Move::Castle {
                king: from,
                rook: to,
            },
        };
        let legal = pos.is_legal(m);
        assert_eq!(
            legal::is_legal(&pos, m),
            legal,
            "{m:?} in {}",
            shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal)
        );
        if legal {
            assert_eq!(legal::san(&pos, m), San::from_move(&pos, m));
            if chunk[3] & 0x80 != 0 {
                pos.play_unchecked(m);
                assert_eq!(
                    legal::suffix(&pos, pos.checkers()),
                    Suffix::from_position(&pos)
                );
            }
        }
    }
});
