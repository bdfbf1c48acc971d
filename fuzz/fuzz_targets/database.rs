#![no_main]
//! A whole database cut out of one input (`cadb_fuzz::split`), opened,
//! with every game read, exported and added to an opening tree straight
//! from the decoder. Inputs run to 1 MiB (scripts/fuzz.sh), so name tables
//! and chains can be large.
use cadb::ca::{Database, OpenOptions};
use cadb_fuzz::split;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(files) = split(data) else { return };
    let Ok(db) = Database::open(files, OpenOptions::default()) else {
        return;
    };
    let _ = db.info();
    let mut tree = cadb::stats::OpeningTree::new();
    for i in 0..db.count().min(256) {
        let _ = db.headers(i);
        let (pgn, _) = db.pgn_lenient(i);
        let _ = pgn.len();
        let _ = tree.add_ca_game(&db, i);
    }
    let _ = tree.query(&shakmaty::Chess::default());
});
