//! Times building an opening tree from 100,000 games.
//!
//! The fixture games (tests/data/pgn, main lines) are replicated to 100,000,
//! each copy with its own synthetic ratings, so the Elo sums and weight are
//! exercised. Run with `cargo run --release --example tree_bench [GAMES]`.

use std::time::Instant;

use cadb::game::import::read_pgn_lenient;
use cadb::stats::{OpeningTree, TreeFile};
use shakmaty::Position;

fn main() {
    let target: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut base = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data/pgn")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    for p in paths {
        let text = std::fs::read_to_string(&p).expect("read PGN");
        for mut g in read_pgn_lenient(&text).into_iter().flatten() {
            // Main lines only: the tree never looks at variations.
            for n in &mut g.moves {
                n.variations.clear();
            }
            base.push(g);
        }
    }
    let plies: usize = base.iter().map(|g| g.moves.len().min(40)).sum();
    println!(
        "{} fixture games, {} plies (first 40 each)",
        base.len(),
        plies
    );

    let games: Vec<_> = (0..target)
        .map(|i| {
            let mut g = base[i % base.len()].clone();
            g.headers.white_elo = Some(1800 + (i * 37 % 800) as u16);
            g.headers.black_elo = Some(1800 + (i * 53 % 800) as u16);
            g
        })
        .collect();

    // Baseline: replaying the same plies legally, without the tree.
    let t = Instant::now();
    let mut replayed = 0usize;
    for g in &games {
        let mut pos = g.start_position().expect("fixture replays");
        for n in g.moves.iter().take(40) {
            if cadb::game::play_ply(&mut pos, &n.mv).is_err() {
                break;
            }
            replayed += 1;
        }
    }
    println!(
        "baseline legal replay of {replayed} plies: {:.3} s",
        t.elapsed().as_secs_f64()
    );

    let t = Instant::now();
    let mut tree = OpeningTree::new();
    let mut added = 0;
    for g in &games {
        added += tree.add_game(g).unwrap_or(0);
    }
    tree.compact();
    let build = t.elapsed();
    println!(
        "built {} games ({} plies, {} position-move pairs) in {:.3} s",
        tree.games(),
        added,
        tree.len(),
        build.as_secs_f64()
    );

    let t = Instant::now();
    let bytes = tree.to_bytes();
    let file = TreeFile::from_bytes(&bytes).expect("own output reads back");
    println!(
        "serialised {} positions, {} bytes, and read back in {:.3} s",
        file.positions(),
        bytes.len(),
        t.elapsed().as_secs_f64()
    );
    // Worst case for sharing: pseudo-random legal games, 40 plies each.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let random: Vec<_> = (0..target)
        .map(|i| {
            let mut g = cadb::game::Game::default();
            let mut pos = shakmaty::Chess::default();
            for _ in 0..40 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                // Skewed towards the first few moves, as real openings are.
                let r = (seed >> 33) as usize;
                let k = if r.is_multiple_of(4) {
                    r % moves.len()
                } else {
                    r % moves.len().min(3)
                };
                let m = moves[k];
                g.moves.push(cadb::game::Node::new(m));
                pos.play_unchecked(m);
            }
            g.headers.white_elo = Some(1800 + (i * 37 % 800) as u16);
            g.headers.black_elo = Some(1800 + (i * 53 % 800) as u16);
            g.headers.result = [
                cadb::game::GameResult::WhiteWins,
                cadb::game::GameResult::Draw,
                cadb::game::GameResult::BlackWins,
            ][i % 3];
            g
        })
        .collect();
    let t = Instant::now();
    let mut tree2 = OpeningTree::new();
    let mut added = 0;
    for g in &random {
        added += tree2.add_game(g).unwrap_or(0);
    }
    tree2.compact();
    println!(
        "random 40-ply games: built {} games ({} plies, {} position-move pairs) in {:.3} s",
        tree2.games(),
        added,
        tree2.len(),
        t.elapsed().as_secs_f64()
    );

    let start = tree.query(&shakmaty::Chess::default());
    if let Some(top) = start.first() {
        println!(
            "start position: {} moves, top {} x{}",
            start.len(),
            top.san,
            top.count
        );
    }
}
