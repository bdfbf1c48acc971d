//! pgn-reader reading a PGN file and playing every move legally through
//! shakmaty, variations included (the visitor `cadb bench` compares with):
//! the whole-process anchor for `cadb pgn DB`, timed side by side with it
//! (BENCHMARKS.md, `scripts/bench.sh`).
//!
//! `cargo run --release --example pgn_reader_validate -- FILE.pgn`

#[allow(dead_code)] // the bench's other passes
#[path = "../src/bin/cadb/pgn_validate.rs"]
mod pgn_validate;

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: pgn_reader_validate FILE.pgn");
    let pgn = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let t = pgn_validate::read_all(&pgn, pgn_validate::PgnPass::ValidateAll);
    println!(
        "{} games, {} plies, {} with an illegal move",
        t.games, t.plies, t.errors
    );
}
