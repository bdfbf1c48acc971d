#![no_main]
//! What the JS API asks of an open database, on the host: the name tables
//! (each record, each id), search, sort by every column, a page of rows,
//! the compactness report, an opening tree under a small entry limit
//! (so the limit is reached), the doctor's report, and the duplicate
//! rule's keys of every game (twice over: each game has a copy). The
//! database is cut like `database`'s.
use cadb::{
    archive::{Duplicates, Keys, Merge, merge},
    ca::{
        Database, ListKind, OpenOptions,
        columns::{self, Column},
        diagnose::DiagnoseOptions,
        search::{HeaderIndex, Query, Side},
    },
    limits::Limits,
    report::compactness_of_database,
    stats::OpeningTree,
};
use cadb_fuzz::split;

/// The built-in opening names, read once (the rows name each game).
static OPENINGS: std::sync::LazyLock<cadb::openings::Openings> =
    std::sync::LazyLock::new(cadb::openings::Openings::builtin);
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(files) = split(data) else { return };
    let Ok(db) = Database::open(files, OpenOptions::default()) else {
        return;
    };
    let enc = db.text();
    for kind in ListKind::ALL {
        let t = db.list(kind);
        for r in 0..t.record_count() {
            let _ = t.record_name(r, enc);
        }
        for id in (0..t.len().min(4096)).chain([u32::MAX]) {
            let _ = (t.record_of(id), t.title(id, enc), t.player_data(id));
        }
    }
    let index = HeaderIndex::new(&db);
    let query = Query {
        text: Some("a".into()),
        player: Some("e".into()),
        color: Side::White,
        year_from: Some(1900),
        eco_to: Some("C99".into()),
        ..Query::default()
    };
    let hits = index.search(&db, &query).unwrap_or_default();
    for column in Column::ALL {
        let _ = index.sort(&db, column, true, Some(&hits));
        let _ = index.sort(&db, column, false, None);
    }
    let _ = columns::rows(&db, &[0, 1, 2, u32::MAX], Some(&OPENINGS));
    if db.count() <= 64 {
        let _ = compactness_of_database(&db);
    }
    let limits = Limits {
        max_tree_entries: 64,
        ..Limits::default()
    };
    let (tree, build) = OpeningTree::of_database(&db, 40, &limits);
    assert!(build.left_out == 0 || tree.len() < 64 + (1 << 16) + 40);
    let d = db.diagnose(DiagnoseOptions { max_games: 256 }, |_, _| {
        core::ops::ControlFlow::Continue(())
    });
    assert!(d.games_scanned <= 256 && !d.to_string().is_empty());
    let mut keys = Keys::new();
    let n = db.count().min(256);
    for i in (0..n).chain(0..n) {
        let _ = keys.read(&db, i);
    }
    let dups = Duplicates::find(&keys);
    // Each whole game read twice is at least a copy of itself.
    let whole = (0..n as usize).filter(|&i| keys.get(i).whole).count();
    assert!(dups.dropped() >= whole, "{} < {whole}", dups.dropped());
    // The merged export of the database twice ("A", then "B"): what is
    // written is what the plan keeps, and at most one copy of each group.
    let n_keys = keys.len();
    let plan = Merge::plan(keys, vec![Some((0, n)), Some((n as usize, n))], &["A", "B"]);
    assert_eq!(plan.keep.len(), n_keys);
    let mut out = String::new();
    let mut written = 0;
    for (name, base) in [("A", 0), ("B", n as usize)] {
        for i in 0..n {
            written += usize::from(
                merge::write_game(&db, i, Some(name), Some((&plan, base)), &mut out).is_some(),
            );
        }
    }
    assert_eq!(written, plan.keep.iter().filter(|&&k| k).count());
    assert_eq!(written, n_keys - plan.duplicates.dropped());
});
