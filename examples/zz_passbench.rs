//! Temporary harness (not committed): one library pass over a database in memory.
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let stem = &a[1];
    let read = |ext: &str| std::fs::read(format!("{stem}.{ext}")).unwrap();
    let files = cadb::ca::DatabaseFiles {
        cdp: read("CDP"),
        emb: read("EMB"),
        d00: read("D00"),
        a02: read("A02"),
        d02: read("D02"),
    };
    let db = cadb::ca::Database::open(files, cadb::ca::OpenOptions::default()).unwrap();
    let pass = cadb::bench::Pass::from_key(&a[2]).unwrap();
    let t = cadb::bench::run(&db, pass);
    println!("{} games {} plies {} errors", t.games, t.plies, t.errors);
}
