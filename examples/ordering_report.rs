//! Average MGC bits per move under each move ordering (and PGC, always 8),
//! over the PGN games in `tests/data/pgn` (main lines).
//!
//! `cargo run --release --example ordering_report [PGN files...]`

use cadb::game::import::read_pgn_lenient;
use cadb::ordinal::{Ordering, mgc, ordinals};

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
        let mut found: Vec<String> = std::fs::read_dir(dir)
            .expect("tests/data/pgn")
            .filter_map(|e| e.ok().map(|e| e.path().display().to_string()))
            .filter(|p| p.ends_with(".pgn"))
            .collect();
        found.sort();
        paths = found;
    }
    let mut games = Vec::new();
    for p in &paths {
        let text = std::fs::read_to_string(p).expect("readable PGN");
        games.extend(read_pgn_lenient(&text).into_iter().filter_map(Result::ok));
    }
    let mut plies = 0usize;
    let mut bits = [0usize; 3];
    let mut under15 = [0usize; 3];
    for g in &games {
        let start = g.start_position().expect("start position");
        let line: Vec<_> = g.moves.iter().map(|n| n.mv.clone()).collect();
        if line.iter().any(|p| matches!(p, cadb::game::Ply::Null)) {
            continue;
        }
        plies += line.len();
        for (i, o) in Ordering::ALL.iter().enumerate() {
            let ords = ordinals(&start, &line, *o).expect("legal main line");
            bits[i] += ords.iter().map(|&n| mgc::bits(n)).sum::<usize>();
            under15[i] += ords.iter().filter(|&&n| n < 15).count();
        }
    }
    println!("{} games, {plies} plies (main lines)", games.len());
    println!("| coding | ordering | bits/move | ordinals < 15 |");
    println!("|---|---|---:|---:|");
    println!("| PGC | any | 8.000 | - |");
    for (i, o) in Ordering::ALL.iter().enumerate() {
        println!(
            "| MGC | {} | {:.3} | {:.1} % |",
            o.name(),
            bits[i] as f64 / plies as f64,
            100.0 * under15[i] as f64 / plies as f64
        );
    }
}
