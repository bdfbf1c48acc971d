//! The fixture games: `tests/data/pgn/*.pgn` (sources and licences in
//! `tests/data`). Include with `#[path = "support/fixtures.rs"] mod fixtures;`.

// Each test binary uses a part of this.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The fixture PGN files, sorted by name.
pub fn paths() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    paths
}

/// Their text in that order, each file followed by a blank line.
pub fn pgn() -> String {
    paths()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap() + "\n\n")
        .collect()
}

/// Every game of the fixture files that reads (leniently: a game that does
/// not is left out), in file order.
pub fn games() -> Vec<cadb::game::Game> {
    paths()
        .iter()
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            cadb::game::import::read_pgn_lenient(&text)
                .into_iter()
                .flatten()
        })
        .collect()
}
