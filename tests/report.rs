//! The compactness report: its figures checked against each format's own
//! definition, not against numbers the code produced.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;

use cadb::{
    ca::{Database, OpenOptions, writer},
    game::import::read_pgn,
    report::{Report, compactness_of_database, compactness_of_games},
};

fn row<'a>(r: &'a Report, format: &str, keeps_prefix: &str) -> &'a cadb::report::Row {
    r.rows
        .iter()
        .find(|x| x.format == format && x.keeps.starts_with(keeps_prefix))
        .unwrap_or_else(|| panic!("no row {format} / {keeps_prefix}"))
}

#[test]
fn figures_follow_each_format_definition() {
    let games = read_pgn(&fixtures::pgn()).unwrap();
    let plies: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
    let r = compactness_of_games(&games);
    let n = games.len() as u64;
    // UCI16: a 2-byte count, then 2 bytes a move (uci16.md §0).
    let u = row(&r, "UCI16", "main");
    assert_eq!((u.games, u.moves, u.bytes), (n, plies, 2 * n + 2 * plies));
    // PGC: one byte a move, no header.
    for ord in ["SAN", "seed", "best"] {
        let p = row(&r, &format!("PGC, {ord} order"), "main");
        assert_eq!(p.bytes, plies);
        // MGC: a 2-byte count, then 4 bits for most moves, so under PGC + header.
        let m = row(&r, &format!("MGC, {ord} order"), "main");
        assert!(
            m.bytes < p.bytes + 2 * n && m.bytes >= 2 * n + plies / 2,
            "{m:?}"
        );
    }
    // The best ordering is the smallest MGC, as the ordinal tests show.
    assert!(row(&r, "MGC, best order", "main").bytes < row(&r, "MGC, SAN order", "main").bytes);
    // PGN is the text that `to_pgn` writes.
    let pgn: usize = games
        .iter()
        .map(|g| cadb::game::pgn::to_pgn(g).unwrap().len())
        .sum();
    assert_eq!(row(&r, "PGN", "var").bytes, pgn as u64);
    // Stripping variations and comments never grows a record.
    assert!(row(&r, "CA D02", "main").bytes < row(&r, "CA D02", "all").bytes);
    assert!(
        row(&r, "Jose (bin + comments)", "main").bytes
            < row(&r, "Jose (bin + comments)", "var").bytes
    );
    for x in &r.rows {
        assert_eq!(x.skipped, 0, "{x:?}");
    }
    assert!(r.to_table().lines().count() == r.rows.len() + 1);
}

#[test]
fn database_rows_are_the_stored_records() {
    let games = read_pgn(&fixtures::pgn()).unwrap();
    let (files, _) = writer::write_database(&games, &writer::WriterOptions::default()).unwrap();
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let r = compactness_of_database(&db);
    // CA D02 as stored: each record's body plus its 1- or 2-byte length.
    let stored: u64 = (0..db.count())
        .map(|i| {
            let body = db.record(i).unwrap().1.len() as u64;
            body + if body < 128 { 1 } else { 2 }
        })
        .sum();
    assert_eq!(row(&r, "CA D02", "all").bytes, stored);
    assert_eq!(r.unreadable, 0);
    // The codecs see the same games as from PGN.
    let from_pgn = compactness_of_games(&games);
    for f in ["UCI16", "PGC, best order", "MGC, seed order"] {
        assert_eq!(row(&r, f, "main"), row(&from_pgn, f, "main"));
    }
}
