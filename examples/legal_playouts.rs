//! `cadb::legal` against shakmaty over many millions of moves: random
//! playouts, and in each position every move shape a decoder could build
//! (`tests/support/legal_diff.rs`), each one's legality compared with
//! `Position::is_legal` and each legal one's SAN with `San::from_move`.
//! Panics on the first mismatch, naming the position and the move.
//!
//! `cargo run --release --example legal_playouts -- [MOVES] [SEED]`
//! (default 10,000,000 moves); `npm test` runs it with a smaller count.

#[path = "../tests/support/legal_diff.rs"]
mod legal_diff;

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let want: u64 = args
        .next()
        .map_or(10_000_000, |a| a.parse().expect("MOVES: a number"));
    let seed: u64 = args.next().map_or(0x2545_f491_4f6c_dd1d, |a| {
        a.parse().expect("SEED: a number")
    });
    let t0 = Instant::now();
    let mut c = legal_diff::Counts::default();
    legal_diff::playouts(seed, 240, |pos, rng| {
        legal_diff::check_position(pos, rng, &mut c);
        c.moves < want
    });
    println!(
        "cadb::legal agrees with shakmaty on {} moves ({} legal, SAN compared) in {} positions ({} in check, {} mates), seed {seed}, {:.1} s",
        c.moves,
        c.legal,
        c.positions,
        c.in_check,
        c.mates,
        t0.elapsed().as_secs_f64()
    );
}
