//! The differential check of `cadb::legal` against shakmaty: random
//! playouts, and in each position every move shape a decoder could build
//! (each of our pieces to each square, under its own type and another,
//! with and without promotions, the true capture and a wrong one, en
//! passant and castling), each compared with `Position::is_legal`, and the
//! SAN of every legal move with `San::from_move`. Used by `tests/legal.rs`
//! (a few hundred thousand moves in a debug build) and
//! `examples/legal_playouts.rs` (ten million and more, in release).
//! Include with `#[path = "support/legal_diff.rs"] mod legal_diff;`.

#![allow(dead_code)]

use shakmaty::{
    CastlingSide, Chess, EnPassantMode, Move, Position, Role, Square,
    fen::Fen,
    san::{San, Suffix},
};

/// What was compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Moves whose legality was compared.
    pub moves: u64,
    /// Of those, legal ones (each one's SAN compared too).
    pub legal: u64,
    /// Positions visited (each one's check mark compared), and of those in check.
    pub positions: u64,
    pub in_check: u64,
    /// Of those, checkmates.
    pub mates: u64,
}

/// xorshift64: the same playouts on every run and machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Compares one move; panics naming the position and the move on a mismatch.
pub fn check_move(pos: &Chess, m: Move, counts: &mut Counts) {
    let legal = pos.is_legal(m);
    let fast = cadb::legal::is_legal(pos, m);
    assert_eq!(
        fast,
        legal,
        "cadb::legal::is_legal on {m:?} in {}",
        fen(pos)
    );
    counts.moves += 1;
    if legal {
        counts.legal += 1;
        let san = cadb::legal::san(pos, m);
        assert_eq!(
            san,
            San::from_move(pos, m),
            "cadb::legal::san of {m:?} in {}",
            fen(pos)
        );
        // And its text, as the PGN writer spells it.
        let mut text = String::new();
        cadb::game::pgn::push_san(&mut text, san);
        assert_eq!(text, san.to_string());
    }
}

pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Every move shape from every piece of the side to move (see the module).
pub fn check_position(pos: &Chess, rng: &mut Rng, counts: &mut Counts) {
    counts.positions += 1;
    counts.in_check += u64::from(pos.is_check());
    counts.mates += u64::from(pos.is_checkmate());
    assert_eq!(
        cadb::legal::suffix(pos, pos.checkers()),
        Suffix::from_position(pos),
        "cadb::legal::suffix in {}",
        fen(pos)
    );
    let board = pos.board().clone();
    let us = pos.turn();
    for from in board.by_color(us) {
        let role = board.role_at(from).expect("a piece");
        for to in Square::ALL {
            // The move a decoder builds: the piece's own type, the capture
            // the board implies, every promotion onto a last rank.
            let capture = board.role_at(to);
            let last = to.rank() == shakmaty::Rank::First || to.rank() == shakmaty::Rank::Eighth;
            let promotions: &[Option<Role>] = if role == Role::Pawn && last {
                &[
                    Some(Role::Queen),
                    Some(Role::Rook),
                    Some(Role::Bishop),
                    Some(Role::Knight),
                    Some(Role::King),
                    None,
                ]
            } else {
                &[None]
            };
            for &promotion in promotions {
                let m = Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion,
                };
                check_move(pos, m, counts);
            }
            // And one that a damaged record could make: another type, a
            // wrong capture or a stray promotion.
            let (mut r, mut c, mut p) = (role, capture, None);
            match rng.below(3) {
                0 => r = Role::ALL[rng.below(6)],
                1 => c = [None, Some(Role::ALL[rng.below(6)])][rng.below(2)],
                _ => p = Some(Role::ALL[rng.below(6)]),
            }
            let m = Move::Normal {
                role: r,
                from,
                capture: c,
                to,
                promotion: p,
            };
            check_move(pos, m, counts);
            if role == Role::Pawn && from.file() != to.file() {
                check_move(pos, Move::EnPassant { from, to }, counts);
            }
        }
        if role == Role::King {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let rook = pos
                    .castles()
                    .rook(us, side)
                    .unwrap_or(Square::ALL[rng.below(64)]);
                check_move(pos, Move::Castle { king: from, rook }, counts);
            }
        }
    }
    for m in pos.legal_moves() {
        check_move(pos, m, counts);
    }
}

/// The next move of a playout: mostly uniform, often a check or a mate (so many
/// positions are in check, double checks among them) or a capture or
/// promotion (so games reach endings). `None` when the game is over.
pub fn pick(pos: &Chess, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let roll = rng.next();
    // One draw picks the kind of move and, within it, which one.
    let prefer = |keep: &dyn Fn(&Move) -> bool| {
        let some: Vec<Move> = moves.iter().copied().filter(|m| keep(m)).collect();
        (!some.is_empty()).then(|| some[(roll >> 8) as usize % some.len()])
    };
    let after = |m: &Move| {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        after
    };
    let chosen = match roll % 4 {
        // A check, and a mate when there is one, so games end in mate.
        0 => prefer(&|m: &Move| after(m).is_checkmate())
            .or_else(|| prefer(&|m: &Move| after(m).is_check())),
        1 => prefer(&|m: &Move| m.is_capture() || m.is_promotion()),
        _ => None,
    };
    Some(chosen.unwrap_or_else(|| moves[rng.below(moves.len())]))
}

/// Plays random games from the start, up to `max_plies` each, calling
/// `visit` on every position until it returns `false`.
pub fn playouts(seed: u64, max_plies: u32, mut visit: impl FnMut(&Chess, &mut Rng) -> bool) {
    let mut rng = Rng(seed | 1);
    loop {
        let mut pos = Chess::default();
        for _ in 0..max_plies {
            if !visit(&pos, &mut rng) {
                return;
            }
            match pick(&pos, &mut rng) {
                Some(m) => pos.play_unchecked(m),
                None => break,
            }
        }
    }
}
