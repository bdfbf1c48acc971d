//! Times building an opening tree from 100,000 games.
//!
//! The fixture games (tests/data/pgn, main lines) are replicated to 100,000,
//! each copy with its own synthetic ratings, so the Elo sums and weight are
//! exercised. Run with `cargo run --release --example tree_bench [GAMES]`.

use std::time::Instant;

use cadb::game::import::read_pgn_lenient;
use cadb::stats::{OpeningTree, TreeFile};

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
