#![no_main]
//! The openings table parser: arbitrary bytes never panic, hang or allocate
//! without bound (each entry is at most 255 bytes of name and 255 moves); a
//! table that reads names its lines' ends, and its entries, written again,
//! read back the same.

use cadb::openings::{Openings, table};
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

fuzz_target!(|data: &[u8]| {
    let Ok(openings) = Openings::from_table(data) else {
        return;
    };
    let _ = openings.of_position(&Chess::default());
    let entries: Vec<table::Entry> = table::entries(data)
        .expect("the header read")
        .collect::<Result<_, _>>()
        .expect("every entry read");
    assert!(openings.len() <= entries.len());
    let mut w = table::TableWriter::new(entries.len() as u16);
    for e in &entries {
        w.entry(e.eco, &e.name, &e.moves).expect("a read entry writes");
    }
    let again: Vec<table::Entry> = table::entries(&w.finish())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(again, entries);
});
