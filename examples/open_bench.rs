//! Times `Database::open` on a database, from memory: the cost at open of
//! the readings decided there (issue 32's name evidence and code-page
//! guess among them). Run two builds alternately to compare them.
//!
//! `cargo run --release --example open_bench -- STEM ROUNDS`

use std::time::Instant;

use cadb::ca::{Database, DatabaseFiles, OpenOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, stem, rounds] = &args[..] else {
        eprintln!("usage: open_bench STEM ROUNDS");
        std::process::exit(2);
    };
    let rounds: usize = rounds.parse().expect("ROUNDS is a number");
    let files = DatabaseFiles::try_from_fn(|ext| std::fs::read(format!("{stem}.{ext}"))).unwrap();
    let mut ms = Vec::new();
    for _ in 0..rounds {
        let f = files.clone();
        let t = Instant::now();
        let db = Database::open(f, OpenOptions::default()).unwrap();
        ms.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(db.count());
    }
    ms.sort_by(f64::total_cmp);
    println!(
        "open: median {:.1} ms, min {:.1} ms over {rounds}",
        ms[rounds / 2],
        ms[0]
    );
}
