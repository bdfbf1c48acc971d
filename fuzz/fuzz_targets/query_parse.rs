#![no_main]
//! The search expressions (`cadb::find`): arbitrary text to every parser
//! (material, pattern, maneuver, comment, and `Query::set_expressions`
//! with numbers from the input), which must give a value or a `query`
//! error naming a place inside the text, never panic; then a query that
//! parses runs over a small database, whose hits must be games of it at
//! plies their main lines have.
use std::ops::ControlFlow;

use cadb::{
    ca::{
        Database, OpenOptions,
        search::{Expressions, HeaderIndex, Query},
        writer::write_database,
    },
    find::{CommentQuery, Maneuver, Material, Pattern},
};
use libfuzzer_sys::fuzz_target;

const PGN: &str = "1. e4 d5 2. exd5 Qxd5 {Блестяще} 3. Nc3 Qa5 $3 4. d4 {[%eval 0.2]} Nf6 {[%eval 2.4]} \
5. Nf3 Bf5 6. Bc4 e6 7. O-O c6 *\n\n\
1. Nf3 d5 2. g3 Nf6 3. Bg2 e6 4. O-O Be7 5. d3 O-O 6. Nbd2 c5 (6... b6 {idea}) 7. e4 Nc6 8. Re1 b5 9. Nf1 *\n\n\
[FEN \"4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1\"]\n\n1. Rh8+ Kd7 2. Rh2 g1=N 3. Rh1 Nf3+ 4. Ke2 Nh4 5. b8=Q *\n";

type Db = Database<Vec<u8>>;

thread_local! {
    /// The database, built once (libFuzzer runs inputs on one thread).
    static DB: &'static (Db, HeaderIndex, Vec<u32>) = {
        let games = cadb::game::import::read_pgn(PGN).unwrap();
        let plies = games.iter().map(|g| g.moves.len() as u32).collect();
        let (files, _) = write_database(&games, &Default::default()).unwrap();
        let db = Database::open(files, OpenOptions::default()).unwrap();
        let index = HeaderIndex::new(&db);
        Box::leak(Box::new((db, index, plies)))
    };
}

/// An error must be a query error whose place lies within the text.
fn check<T>(text: &str, r: Result<T, cadb::Error>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            assert_eq!(e.code(), "query", "{e}");
            if let cadb::ErrorKind::Query { at, .. } = e.kind {
                assert!(at as usize <= text.chars().count(), "{e}");
            }
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    check(text, Material::parse(text));
    check(text, Pattern::parse(text));
    check(text, Maneuver::parse(text));
    check(text, CommentQuery::parse(text));
    // One field of a query from the text, the numbers from the first byte.
    let mut e = Expressions::default();
    match pick % 4 {
        0 => e.material = Some(text),
        1 => e.pattern = Some(text),
        2 => e.maneuver = Some(text),
        _ => e.comment = Some(text),
    }
    if pick & 16 != 0 {
        e.nag = Some(f64::from(pick >> 5));
    }
    e.has_eval = pick & 8 != 0;
    let mut q = Query::default();
    if check(text, q.set_expressions(&e)).is_none() {
        return;
    }
    let (db, index, plies) = DB.with(|d| *d);
    let found = index
        .search_hits(db, &q, None, &mut |_, _| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(found.damaged, 0);
    for h in &found.hits {
        assert!(h.ply <= plies[h.game as usize], "{h:?}");
    }
});
