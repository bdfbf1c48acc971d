//! The hits of a search inside games, over the games of a PGN text written
//! as a Chess Assistant database: what the crafted tests and the opening
//! tests both ask.

use std::ops::ControlFlow;

use cadb::{
    ca::{
        Database, OpenOptions,
        search::{Expressions, HeaderIndex, Query},
        writer::write_database,
    },
    game::import::read_pgn,
    openings::Openings,
};

/// The hits (game, ply) of `e` over the games of `pgn`, the opening
/// condition named by `openings`; a refused query or search as its message.
/// None of the games is damaged.
pub fn search_hits(
    pgn: &str,
    e: &Expressions,
    openings: Option<&Openings>,
) -> Result<Vec<(u32, u32)>, String> {
    let games = read_pgn(pgn).unwrap();
    let (files, _) = write_database(&games, &Default::default()).unwrap();
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let mut q = Query::default();
    q.set_expressions(e).map_err(|e| e.to_string())?;
    let found = HeaderIndex::new(&db)
        .search_hits(&db, &q, openings, &mut |_, _| ControlFlow::Continue(()))
        .map_err(|e| e.to_string())?;
    assert_eq!(found.damaged, 0);
    Ok(found.hits.iter().map(|h| (h.game, h.ply)).collect())
}
