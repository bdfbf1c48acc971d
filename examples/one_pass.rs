//! One whole-database pass of the library (`cadb::bench::run`), on a
//! database read into memory: the harness for comparing two builds side by
//! side (instruction counts under `valgrind --tool=callgrind`, or wall time),
//! without the CLI around it. docs/history/benchmarks.md §7 copies it into the older tree
//! to measure both with the same code.
//!
//! `cargo run --profile bench --example one_pass -- DB_STEM PASS`, where
//! `DB_STEM` is the path of the five files without the extension and `PASS`
//! one of `cadb::bench::Pass`'s keys (`replay`, `san`, `tree`, `pgn`,
//! `opening-tree`, `opening-tree-games`).

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, stem, pass] = &args[..] else {
        eprintln!("usage: one_pass DB_STEM PASS");
        std::process::exit(2);
    };
    let read = |ext: &str| {
        let path = format!("{stem}.{ext}");
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let files = cadb::ca::DatabaseFiles::try_from_fn(|ext| Ok::<_, ()>(read(ext))).unwrap();
    let db = cadb::ca::Database::open(files, cadb::ca::OpenOptions::default())
        .unwrap_or_else(|e| panic!("{stem}: {e}"));
    let pass = cadb::bench::Pass::from_key(pass).unwrap_or_else(|| panic!("no pass {pass:?}"));
    let t = cadb::bench::run(&db, pass);
    println!("{} games, {} plies, {} errors", t.games, t.plies, t.errors);
}
