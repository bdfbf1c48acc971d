//! `cadb::legal` against shakmaty: the fast path's legality and SAN must be
//! shakmaty's own answers, on every move shape in random playouts, on
//! random moves in random positions (a proptest), and on every move the
//! Chess Assistant replayer resolves in every test database, under both
//! file conventions (the replayer compares each one in a debug build).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/legal_diff.rs"]
mod legal_diff;

use std::ops::ControlFlow;

use cadb::{
    ErrorKind,
    ca::{
        Convention, Database, OpenOptions,
        writer::{WriterOptions, write_database},
    },
    game::{Game, GameVisitor, Node, Ply, import::read_pgn},
};
use legal_diff::{Counts, Rng, check_move, check_position, pick, playouts};
use proptest::prelude::*;
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

/// Every move shape in the positions of random playouts (checks, double
/// checks, pins, promotions, en passant and castling among them).
#[test]
fn every_move_shape_in_random_playouts_agrees() {
    let mut c = Counts::default();
    playouts(0x2545_f491_4f6c_dd1d, 160, |pos, rng| {
        check_position(pos, rng, &mut c);
        c.moves < 1_000_000
    });
    assert!(c.moves >= 1_000_000, "{c:?}");
    // The playouts reach what the fast path must get right: many positions
    // in check, and every legal move of each.
    assert!(c.positions > 400 && c.in_check * 10 > c.positions, "{c:?}");
    assert!(c.legal > 10_000 && c.mates > 0, "{c:?}");
}

/// A position `plies` moves into the playout of `seed`.
fn position(seed: u64, plies: u32) -> Chess {
    let mut rng = Rng(seed | 1);
    let mut pos = Chess::default();
    for _ in 0..plies {
        match pick(&pos, &mut rng) {
            Some(m) => pos.play_unchecked(m),
            None => break,
        }
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// A random move in a random position: mostly one of our pieces to a
    /// square it attacks (where pins and checks decide), sometimes any
    /// move at all.
    #[test]
    fn a_random_move_in_a_random_position(
        seed in any::<u64>(),
        plies in 0u32..200,
        piece in any::<prop::sample::Index>(),
        target in any::<prop::sample::Index>(),
        any_to in 0u32..64,
        role in 0usize..6,
        capture in 0usize..8,
        promotion in 0usize..8,
        shape in 0u8..8,
    ) {
        let pos = position(seed, plies);
        let board = pos.board();
        let ours: Vec<Square> = board.by_color(pos.turn()).into_iter().collect();
        let from = *piece.get(&ours);
        let own = board.role_at(from).unwrap();
        let reach: Vec<Square> = shakmaty::attacks::attacks(from, own.of(pos.turn()), board.occupied())
            .into_iter()
            .chain((own == Role::Pawn).then(|| from.offset(pos.turn().fold_wb(8, -8))).flatten())
            .chain((own == Role::Pawn).then(|| from.offset(pos.turn().fold_wb(16, -16))).flatten())
            .collect();
        let to = if shape < 5 && !reach.is_empty() { *target.get(&reach) } else { Square::new(any_to) };
        let capture = match capture {
            0..=5 => board.role_at(to),
            6 => None,
            _ => Some(Role::ALL[role]),
        };
        let last = to.rank() == shakmaty::Rank::First || to.rank() == shakmaty::Rank::Eighth;
        let promotion = if own == Role::Pawn && last { Role::ALL.get(promotion % 6).copied() } else { Role::ALL.get(promotion).copied() };
        let m = match shape {
            0..=3 => Move::Normal { role: own, from, capture: board.role_at(to), to, promotion: if own == Role::Pawn && last { promotion } else { None } },
            4 | 5 => Move::Normal { role: Role::ALL[role], from, capture, to, promotion },
            6 => Move::EnPassant { from, to },
            _ => Move::Castle { king: from, rook: to },
        };
        let mut c = Counts::default();
        check_move(&pos, m, &mut c);
    }
}

/// Counts the plies a replay delivers.
#[derive(Default)]
struct Plies(u64);

impl GameVisitor for Plies {
    type Output = u64;
    fn wants_text(&self) -> bool {
        false
    }
    fn ply(&mut self, _: &Chess, _: &Ply) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) -> u64 {
        std::mem::take(&mut self.0)
    }
}

/// Random legal games, as game trees, for the writer.
fn random_games(n: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let mut game = Game::default();
            let mut pos = Chess::default();
            for _ in 0..20 + rng.below(180) {
                let Some(m) = pick(&pos, &mut rng) else { break };
                game.moves.push(Node::new(m));
                pos.play_unchecked(m);
            }
            game
        })
        .collect()
}

/// Every move of every game of the test databases, under both file
/// conventions: under the one the database was written in, each game
/// replays whole; under the other most stop on a move that is illegal or
/// names an empty square. Every move resolved either way went through the
/// fast path and, in this debug build, through shakmaty's answer beside it.
#[test]
#[cfg_attr(
    not(debug_assertions),
    ignore = "the replayer compares with shakmaty only in debug builds"
)]
fn every_move_of_every_test_database_under_both_conventions() {
    let fixtures = read_pgn(&fixtures::pgn()).unwrap();
    let random = random_games(300, 0x00CA_DB00_2026_1124);
    let left = WriterOptions {
        convention: Convention::Left,
        ..WriterOptions::default()
    };
    let databases = [
        (&fixtures, WriterOptions::default()),
        (&fixtures, WriterOptions::plain()),
        (&fixtures, left.clone()),
        (&random, WriterOptions::plain()),
        (&random, left),
    ];
    let (mut resolved, mut rejected) = (0u64, 0u64);
    for (games, options) in databases {
        let (files, _) = write_database(games, &options).unwrap();
        let db = Database::open(files, OpenOptions::default()).unwrap();
        assert_eq!(db.convention(), options.convention);
        for i in 0..db.count() {
            for conv in Convention::ALL {
                let (plies, err) = db.read_game_with(i, conv, &mut Plies::default());
                resolved += plies;
                if conv == options.convention {
                    assert!(err.is_none(), "game {i}: {err:?}");
                } else if let Some(e) = err
                    && matches!(e.kind, ErrorKind::IllegalMove { .. })
                {
                    rejected += 1;
                }
            }
        }
    }
    assert!(resolved > 60_000, "{resolved} plies");
    assert!(
        rejected > 300,
        "{rejected} games stopped on an illegal move"
    );
}

/// Positions a playout reaches rarely, each move compared: pins along and
/// across their rays, a double check, evasions by a block and by a capture,
/// en passant that would expose the king, promotions with capture, castling
/// through an attacked square, mates that another piece seems to stop.
#[test]
fn hand_made_positions_agree() {
    let fens = [
        "4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1",
        "4k3/8/8/1b6/8/3N4/8/5K2 w - - 0 1",
        "4k3/8/8/8/8/8/3q4/r3K3 w - - 0 1",
        "4k3/8/8/8/1b6/8/3P4/4K2r w - - 0 1",
        "4k3/8/4r3/8/8/8/4R3/4K3 w - - 0 1",
        "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
        "3qk3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 1",
        "4k3/8/8/8/8/5n2/8/4K2R w K - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
        "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/r1b1K2R w K - 0 1",
        // Mates where a piece attacks a square between the checker and
        // the king but cannot move there: a pawn's capture onto an empty
        // square, a pinned rook.
        "r6k/8/8/8/4b3/8/1P6/K7 w - - 0 1",
        "7k/8/8/8/4b3/4nR2/7P/3r3K w - - 0 1",
    ];
    let mut c = Counts::default();
    let mut rng = Rng(7);
    for fen in fens {
        let pos: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        check_position(&pos, &mut rng, &mut c);
        // The castling moves by their rooks, whatever the rights say.
        let king = pos.board().king_of(pos.turn()).unwrap();
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let file = match side {
                CastlingSide::KingSide => shakmaty::File::H,
                CastlingSide::QueenSide => shakmaty::File::A,
            };
            let rook = Square::from_coords(file, king.rank());
            check_move(&pos, Move::Castle { king, rook }, &mut c);
        }
    }
    assert!(c.in_check >= 5 && c.mates >= 2, "{c:?}");
}
