//! The PGN writer streamed straight from the Chess Assistant replayer (SAN
//! from the replayer's candidate list, check marks from `after_ply`) writes
//! exactly what it writes from the decoded tree, for every fixture game and
//! for random legal games (many checks and mates).

#[path = "support/fixtures.rs"]
mod fixtures;

use cadb::{
    ca::{Database, OpenOptions, writer},
    game::{Game, import::read_pgn, pgn::PgnWriter},
};
use shakmaty::{Chess, Position};

fn fixture_games() -> Vec<Game> {
    fixtures::paths()
        .iter()
        .flat_map(|p| read_pgn(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect()
}

/// Random legal games that prefer checks, so mates and check marks abound.
fn random_games(n: usize) -> Vec<Game> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = |k: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % k as u64) as usize
    };
    (0..n)
        .map(|_| {
            let mut pos = Chess::default();
            let mut game = Game::default();
            for _ in 0..rnd(150) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let checks: Vec<_> = moves
                    .iter()
                    .filter(|m| pos.clone().play(**m).is_ok_and(|p| p.is_check()))
                    .collect();
                let m = if !checks.is_empty() && rnd(2) == 0 {
                    *checks[rnd(checks.len())]
                } else {
                    moves[rnd(moves.len())]
                };
                game.moves.push(cadb::game::Node::new(m));
                pos.play_unchecked(m);
            }
            game
        })
        .collect()
}

fn check(games: &[Game]) {
    let (files, report) = writer::write_database(games, &writer::WriterOptions::plain()).unwrap();
    assert!(report.skipped.is_empty());
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let mut marks = 0;
    for i in 0..db.count() {
        let mut streamed = String::new();
        let (_, err) = db.read_game(i, &mut PgnWriter::new(&mut streamed));
        assert!(err.is_none(), "game {i}: {err:?}");
        let from_tree = db.pgn(i).unwrap();
        assert_eq!(streamed, from_tree, "game {i}");
        marks += streamed.matches(['+', '#']).count();
    }
    assert!(marks > 100, "the games give few check marks: {marks}");
}

#[test]
fn fixture_games_stream_as_from_the_tree() {
    check(&fixture_games());
}

#[test]
fn random_games_stream_as_from_the_tree() {
    check(&random_games(300));
}
