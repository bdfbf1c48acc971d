//! The PGN writer streamed straight from the Chess Assistant replayer (SAN
//! from the legality check, check marks from `after_ply`), which is the
//! export path (`Database::write_pgn`), writes exactly what it writes from
//! the decoded tree, for every fixture game and for random legal games
//! (many checks and mates).

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
#[path = "support/fixtures.rs"]
mod fixtures;

use cadb::{
    ca::{Database, OpenOptions, writer},
    game::{
        Game,
        import::read_pgn,
        pgn::{PgnWriter, to_pgn},
    },
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
        let from_tree = to_pgn(&db.game(i).unwrap()).unwrap();
        assert_eq!(streamed, from_tree, "game {i}");
        // The product's export path is the stream.
        assert_eq!(db.pgn(i).unwrap(), streamed, "game {i}");
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

/// The export streams: its heap does not grow with the number of games
/// (ten times the games, the same peak), as `cadb pgn` and `exportPgn`
/// write one game at a time into one reused buffer.
#[test]
fn export_memory_does_not_grow_with_the_database() {
    let games = random_games(100);
    let export_peak = |copies: usize| {
        let many: Vec<Game> = (0..copies).flat_map(|_| games.iter().cloned()).collect();
        let (files, _) = writer::write_database(&many, &writer::WriterOptions::plain()).unwrap();
        let db = Database::open(files, OpenOptions::default()).unwrap();
        let (bytes, peak) = counting_alloc::peak(|| {
            let mut text = String::new();
            let mut bytes = 0;
            for i in 0..db.count() {
                text.clear();
                assert!(db.write_pgn(i, &mut text).is_none());
                bytes += text.len();
            }
            bytes
        });
        (bytes, peak)
    };
    let (small_bytes, small) = export_peak(1);
    let (big_bytes, big) = export_peak(10);
    assert_eq!(big_bytes, 10 * small_bytes);
    assert!(
        big <= small + 1024,
        "peak heap {big} for 1,000 games, {small} for 100"
    );
    assert!(small < 64 << 10, "peak heap {small}");
}
