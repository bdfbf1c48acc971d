//! The doctor's check split into parts (a pool's helpers in the viewer,
//! `cadb doctor --threads`): parts scanned apart, handed over as numbers
//! (`ScannedPart::counts`) and joined, give the report of one whole scan,
//! on databases whose records are damaged at random; and numbers that are
//! not a part's are refused, never a panic.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;

use core::ops::ControlFlow;

use cadb::ca::{
    Database, DatabaseFiles, OpenOptions,
    diagnose::{DiagnoseOptions, ScannedPart},
    writer,
};
use proptest::prelude::*;

fn go(_: u64, _: u64) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// The fixture games in the writer's default layout (its tricks on).
fn fixture_files() -> DatabaseFiles<Vec<u8>> {
    writer::write_database(&fixtures::games(), &writer::WriterOptions::default())
        .unwrap()
        .0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn parts_through_numbers_give_the_whole_report(
        damage in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..40),
        parts in 1usize..6,
        max_games in prop_oneof![Just(u64::MAX), 1u64..300],
    ) {
        let mut files = fixture_files();
        // Bytes of records changed at random: failures and unknown codes
        // to count, in every part.
        for (at, byte) in damage {
            let k = at.index(files.d02.len());
            files.d02[k] = byte;
        }
        let Ok(db) = Database::open(files, OpenOptions::default()) else {
            return Ok(());
        };
        let options = DiagnoseOptions { max_games };
        let whole = db.diagnose(options, go);
        let plan = db.plan_diagnosis(options);
        let n = plan.len();
        let cut = |k: usize| n * k as u64 / parts as u64;
        let scanned: Vec<ScannedPart> = (0..parts)
            .map(|k| plan.scan_part(&db, cut(k)..cut(k + 1), go))
            .map(|part| ScannedPart::from_counts(&part.counts()).expect("a part's own numbers"))
            .collect();
        prop_assert_eq!(plan.finish(&db, scanned), whole);
    }

    #[test]
    fn numbers_that_are_not_a_part_are_refused(
        counts in prop::collection::vec(prop_oneof![Just(0.0), Just(1.0), Just(-1.0), Just(0.5), Just(f64::NAN), Just(1e300), 0.0..30.0], 0..600),
    ) {
        // Whatever they are: a part or `None`, and a part's numbers again.
        if let Some(part) = ScannedPart::from_counts(&counts) {
            prop_assert_eq!(part.counts(), counts);
        }
    }
}

#[test]
fn a_part_with_a_failure_kind_is_read_back() {
    // A database whose first game's record is cut short: a failure kind to
    // hand over, by its place in `ErrorKind::CODES`.
    let mut files = fixture_files();
    let len = files.d02.len();
    files.d02[len / 2..].fill(0xff);
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let plan = db.plan_diagnosis(DiagnoseOptions::default());
    let part = plan.scan_part(&db, 0..plan.len(), go);
    let counts = part.counts();
    let whole = db.diagnose(DiagnoseOptions::default(), go);
    // The scan's count of failed games (after `scanned` and `stopped`,
    // `whole` and `rescued`), and of failure kinds (after 8 counts).
    assert!(counts[4] > 0.0 && counts[10] > 0.0, "{whole}");
    let again = ScannedPart::from_counts(&counts).unwrap();
    assert_eq!(plan.finish(&db, [again]), whole);
    // One number more, or one less: not a part.
    assert!(ScannedPart::from_counts(&[&counts[..], &[0.0]].concat()).is_none());
    assert!(ScannedPart::from_counts(&counts[..counts.len() - 1]).is_none());
}
