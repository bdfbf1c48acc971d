#![no_main]
//! Position search against the brute-force reference
//! (tests/support/position_ref.rs: every game read whole, every position
//! replayed by shakmaty, nothing pruned): one record body from the input,
//! as in `pgn_export`, searched for positions the game itself reaches
//! (chosen by the input's first bytes) and for the start position, with
//! and without variations: the same hits and damaged count for a record
//! that reads whole, and only real occurrences for a damaged one (whether
//! damage counts depends on where it lies beside where the search stops,
//! which tests/position_search.rs checks on damaged databases).
//! A memo kept through all the searches changes nothing they find.
//! `OpeningTree::next_moves` over the hits gives only moves legal in the
//! position, each counted once for each hit that plays it next.
use std::ops::ControlFlow;

use cadb::{
    ca::{
        Database, OpenOptions,
        position::{SearchMemo, SearchOptions},
    },
    reach::Target,
    stats::OpeningTree,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

#[path = "../../tests/support/position_ref.rs"]
mod position_ref;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let Some(files) = cadb_fuzz::one_record(body, 2) else {
        return;
    };
    let Ok(db) = Database::open(files, OpenOptions::default()) else {
        return;
    };
    // One memo through every search: what earlier searches learnt never
    // changes what a later one finds.
    let mut memo = SearchMemo::default();
    for variations in [false, true] {
        let reference = position_ref::Reference::new(&db, variations);
        let mut targets = vec![shakmaty::Chess::default()];
        let positions = reference.positions(0);
        if !positions.is_empty() {
            targets.push(positions[usize::from(pick) % positions.len()].clone());
        }
        for pos in &targets {
            let t = &Target::from(pos);
            let found = db
                .position_search(t, &SearchOptions { variations }, |_, _| {
                    ControlFlow::Continue(())
                })
                .unwrap();
            let remembered = db
                .position_search_with(t, &SearchOptions { variations }, None, &mut memo, |_, _| {
                    ControlFlow::Continue(())
                })
                .unwrap();
            assert_eq!(
                (&remembered.hits, remembered.damaged),
                (&found.hits, found.damaged)
            );
            // The tree rows of the next moves: only moves legal here, each
            // counted once per hit that plays it.
            let rows = OpeningTree::next_moves(&db, pos, &found.hits);
            for row in &rows {
                assert!(pos.is_legal(row.mv), "{row:?}");
                let plays = found.hits.iter().filter(|h| h.next == Some(row.mv)).count();
                assert_eq!(row.count, plays as u64, "{row:?}");
            }
            let legal_next = found
                .hits
                .iter()
                .filter(|h| h.next.is_some_and(|m| pos.is_legal(m)));
            assert_eq!(
                rows.iter().map(|r| r.count).sum::<u64>(),
                legal_next.count() as u64
            );
            if reference.clean(0) {
                assert_eq!(
                    (found.hits, found.damaged),
                    reference.search(t),
                    "{t:?} variations={variations}"
                );
            } else {
                // Damaged: whatever it finds is a real occurrence.
                for h in &found.hits {
                    assert!(
                        reference.occurs(0, t, h),
                        "{h:?} is no occurrence of {t:?}: {:?}",
                        reference.describe(0)
                    );
                }
            }
        }
    }
});
