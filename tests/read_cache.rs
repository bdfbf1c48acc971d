//! The core's read-ahead (`bytes::ReadCache`): any sequence of reads gives
//! exactly what the bytes in memory give, errors included, and a pass in
//! file order makes one inner read a block.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/lazy.rs"]
mod lazy;

use std::cell::Cell;

use cadb::bytes::{RangeSource, ReadAt, ReadCache};
use proptest::prelude::*;

fn data(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7 + i / 251) as u8).collect()
}

/// The default read-ahead over `bytes`, counting its reads in `calls`.
fn counted<'a>(bytes: &'a [u8], calls: &'a Cell<u32>) -> ReadCache<impl ReadAt + 'a> {
    ReadCache::new(RangeSource::new(bytes.len() as u64, move |o, k| {
        calls.set(calls.get() + 1);
        Ok(bytes[o as usize..o as usize + k].to_vec())
    }))
}

proptest! {
    #[test]
    fn reads_equal_the_bytes_in_memory(
        n in 0usize..600_000,
        reads in prop::collection::vec((0u64..700_000, 0usize..300_000), 1..60),
        // The default block, and the shorter ones a file on disk reads in.
        max_ahead in prop_oneof![Just(ReadCache::<&[u8]>::MAX_AHEAD), 0usize..200_000],
    ) {
        let bytes = data(n);
        let longest = Cell::new(0usize);
        let src = ReadCache::with_max_ahead(RangeSource::new(n as u64, |o, k| {
            longest.set(longest.get().max(k));
            Ok(bytes[o as usize..o as usize + k].to_vec())
        }), max_ahead);
        for (k, (offset, len)) in reads.into_iter().enumerate() {
            longest.set(0);
            let want = bytes.as_slice().read_at(offset, len).map(|c| c.into_owned());
            // Copied out or lent from the block, alike.
            let got = if k % 2 == 0 {
                src.read_at(offset, len).map(|c| c.into_owned())
            } else {
                let mut lent = Vec::new();
                src.read_with(offset, len, &mut |b| lent = b.to_vec()).map(|()| lent)
            };
            prop_assert_eq!(got, want, "read of {} at {}", len, offset);
            // A block is at most the longest asked for (from a 4 KB
            // boundary, and at least 4 KB), or the read itself.
            let block = max_ahead.max(4096) + 4095;
            prop_assert!(longest.get() <= block.max(len), "{} read for {} at {}", longest.get(), len, offset);
        }
    }
}

proptest! {
    // The block is one buffer refilled in place (`ReadAt::read_into`): a
    // read that fails leaves nothing behind that a later read is served.
    #[test]
    fn reads_between_failures_equal_the_bytes_in_memory(
        n in 1usize..300_000,
        fail_every in 2u32..6,
        reads in prop::collection::vec((0u64..300_000, 0usize..100_000), 1..60),
    ) {
        let bytes = data(n);
        let calls = Cell::new(0u32);
        let src = ReadCache::new(RangeSource::new(n as u64, |o, k| {
            calls.set(calls.get() + 1);
            if calls.get().is_multiple_of(fail_every) {
                // What a failed fill leaves must not be served: other bytes.
                return Err("disk hiccup".to_string());
            }
            Ok(bytes[o as usize..o as usize + k].to_vec())
        }));
        for (offset, len) in reads {
            let want = bytes.as_slice().read_at(offset, len).map(|c| c.into_owned());
            match src.read_at(offset, len) {
                Ok(got) => prop_assert_eq!(Ok(got.into_owned()), want),
                Err(e) => prop_assert!(
                    matches!(e, cadb::ErrorKind::Io { .. }) || want.is_err(),
                    "{:?}", e
                ),
            }
        }
    }

    // A file on disk through the read-ahead: its block is read into the
    // same buffer each time.
    #[test]
    fn a_file_read_through_the_block_equals_its_bytes(
        n in 1usize..2_000_000,
        reads in prop::collection::vec((0u64..2_100_000, 0usize..400_000), 1..40),
    ) {
        use cadb::bytes::FileBytes;
        let bytes = data(n);
        let path = std::env::temp_dir().join(format!("cadb-read-into-{}", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let file = FileBytes::open(&path, 0).unwrap();
        for (offset, len) in reads {
            let want = bytes.as_slice().read_at(offset, len).map(|c| c.into_owned());
            let got = file.read_at(offset, len).map(|c| c.into_owned());
            prop_assert_eq!(got, want, "read of {} at {}", len, offset);
        }
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn a_pass_in_file_order_reads_a_block_at_a_time() {
    let bytes = data(4 << 20);
    let calls = Cell::new(0u32);
    let src = counted(&bytes, &calls);
    // Records of 40-ish bytes with small gaps, as D02 holds them.
    let mut at = 0u64;
    let mut reads = 0;
    while at + 60 < bytes.len() as u64 {
        assert_eq!(
            &*src.read_at(at, 41).unwrap(),
            &bytes[at as usize..at as usize + 41]
        );
        at += 41 + at % 5;
        reads += 1;
    }
    // 4 MB in blocks growing to 8 MB: a handful of calls, not one a record.
    assert!(calls.get() <= 8, "{} calls for {reads} reads", calls.get());
    // A jump starts small again: one 4 KB read.
    let before = calls.get();
    assert_eq!(src.read_at(100, 10).unwrap().len(), 10);
    assert_eq!(calls.get(), before + 1);
}

#[test]
fn records_read_at_random_cost_one_read_each() {
    // A shuffled D02 read in game order: each record's length prefix, then
    // its body, at a jump from the last. The block after a jump starts at
    // the prefix (not a 4 KB boundary before it), so a body that fits in
    // 4 KB is served from it wherever in a page the record starts.
    let bytes = data(1 << 20);
    let calls = Cell::new(0u32);
    let src = counted(&bytes, &calls);
    let records = [
        (900_000u64, 700usize),
        (4_000, 1_500),
        (500_000, 3_000),
        (8_190, 2_000),
    ];
    for (at, len) in records {
        let before = calls.get();
        assert_eq!(
            &*src.read_at(at, 2).unwrap(),
            &bytes[at as usize..at as usize + 2]
        );
        let body = &*src.read_at(at + 2, len).unwrap();
        assert_eq!(body, &bytes[at as usize + 2..at as usize + 2 + len]);
        assert_eq!(calls.get(), before + 1, "record of {len} bytes at {at}");
    }
}

#[test]
fn a_file_cut_short_after_opening_is_an_io_error() {
    // Its size is taken on opening; the reads that find it shorter later
    // (another program truncated it) say so, whether the read starts in
    // what is left or past it, and never panic.
    use cadb::bytes::FileBytes;
    let path = std::env::temp_dir().join(format!("cadb-cut-{}", std::process::id()));
    std::fs::write(&path, data(100_000)).unwrap();
    let file = FileBytes::open(&path, 0).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(50_000)
        .unwrap();
    for (offset, len) in [(49_000, 2_000), (60_000, 100), (0, 100_000)] {
        let e = file.read_at(offset, len).unwrap_err();
        assert!(
            matches!(&e, cadb::ErrorKind::Io { message } if message.contains("the file ended")),
            "{offset}+{len}: {e:?}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_file_changed_or_gone_since_opening_is_not_opened_again() {
    // Another thread's handle on a file read as needed (`FileBytes::again`)
    // reads the same bytes or none: a file whose size changed is refused,
    // one removed is an error; a file read whole is shared as it was read.
    use cadb::bytes::FileBytes;
    let path = std::env::temp_dir().join(format!("cadb-again-{}", std::process::id()));
    std::fs::write(&path, data(100_000)).unwrap();
    let lazy = FileBytes::open(&path, 0).unwrap();
    let whole = FileBytes::open(&path, u64::MAX).unwrap();
    assert_eq!(
        &*lazy.again().unwrap().read_at(99_990, 10).unwrap(),
        &data(100_000)[99_990..]
    );
    std::fs::write(&path, data(100_001)).unwrap();
    let e = lazy.again().err().expect("a changed file is refused");
    assert!(
        e.to_string()
            .contains("changed size (100000 bytes, then 100001)"),
        "{e}"
    );
    std::fs::remove_file(&path).unwrap();
    assert!(lazy.again().is_err());
    assert_eq!(
        &*whole.again().unwrap().read_at(0, 10).unwrap(),
        &data(10)[..]
    );
}

#[test]
fn a_failing_source_is_an_io_error_and_past_the_end_is_truncated() {
    let src = ReadCache::new(RangeSource::new(100, |_, _| Err("disk gone".to_string())));
    let e = src.read_at(10, 5).unwrap_err();
    assert!(
        matches!(e, cadb::ErrorKind::Io { ref message } if message == "disk gone"),
        "{e:?}"
    );
    assert!(matches!(
        src.read_at(98, 5).unwrap_err(),
        cadb::ErrorKind::Truncated {
            needed: 5,
            available: 2
        }
    ));
}

#[test]
fn a_database_read_lazily_from_disk_reads_as_in_memory() {
    use cadb::{
        bytes::FileBytes,
        ca::{Database, DatabaseFiles, OpenOptions, writer},
    };
    let games = cadb::game::import::read_pgn(&fixtures::pgn()).unwrap();
    // The tricky writer: records in another order than the headers, chains, junk.
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    let dir = std::env::temp_dir().join(format!("cadb-lazy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |ext: &str| dir.join(format!("DB.{ext}"));
    for (ext, bytes) in files.named() {
        std::fs::write(path(ext), bytes).unwrap();
    }
    // Threshold 0: every file is read piece by piece through the read-ahead.
    let lazy = |ext: &str| {
        let f = FileBytes::open(&path(ext), 0).unwrap();
        assert!(matches!(f, FileBytes::Lazy(_)));
        f
    };
    let on_disk = DatabaseFiles::try_from_fn(|ext| Ok::<_, ()>(lazy(ext))).unwrap();
    let disk = Database::open(on_disk, OpenOptions::default()).unwrap();
    let memory = Database::open(files, OpenOptions::default()).unwrap();
    assert_eq!(disk.count(), games.len() as u64);
    for i in 0..memory.count() {
        assert_eq!(disk.pgn_lenient(i), memory.pgn_lenient(i), "game {i}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The passes over every game whose result does not depend on the order
/// (the doctor's full check and its sample, the opening tree) read a database whose
/// records are shuffled against game order (the writer's default layout)
/// in record order: a few reads of D02 for 2,000 games, not one a game.
#[test]
fn whole_database_passes_read_a_shuffled_d02_front_to_back() {
    use std::rc::Rc;

    use cadb::ca::{Database, OpenOptions, diagnose::DiagnoseOptions, writer};

    let mut pgn = String::new();
    for i in 0..2000 {
        pgn += &format!(
            "[Round \"{i}\"]\n1. e4 {{a comment to make the record longer}} e5 2. Nf3 Nc6 *\n\n"
        );
    }
    let games = cadb::game::import::read_pgn(&pgn).unwrap();
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    let d02_reads = Rc::new(Cell::new(0u32));
    let counter = d02_reads.clone();
    let mut files = lazy::with_lazy_d02(files, move |_| counter.set(counter.get() + 1));
    // Read ahead, as the viewer reads a big D02: what is counted is the
    // reads the cache makes.
    files.d02 = Box::new(ReadCache::new(files.d02));
    let db = Database::open(files, OpenOptions::default()).unwrap();

    let before = d02_reads.get();
    let report = db.diagnose(DiagnoseOptions::default(), |_, _| {
        std::ops::ControlFlow::Continue(())
    });
    let check = d02_reads.get() - before;
    assert_eq!(report.games_scanned, 2000);
    // The viewer's check on opening: a sample, in runs of records.
    let before = d02_reads.get();
    let sample = db.diagnose(DiagnoseOptions { max_games: 512 }, |_, _| {
        std::ops::ControlFlow::Continue(())
    });
    let sampled = d02_reads.get() - before;
    assert_eq!(sample.games_scanned, 512);
    let before = d02_reads.get();
    let (tree, _) = cadb::stats::OpeningTree::of_database(&db, 40, &Default::default());
    let tree_reads = d02_reads.get() - before;
    assert_eq!(tree.games(), 2000);
    assert!(
        check <= 20,
        "{check} reads of D02 for the full check of 2,000 games"
    );
    assert!(
        sampled <= 10,
        "{sampled} reads of D02 for a sampled check of 512 games"
    );
    assert!(
        tree_reads <= 20,
        "{tree_reads} reads of D02 for the tree of 2,000 games"
    );
}

/// The opening tree built in steps that pause before a record not yet read
/// (as the viewer builds it, to read the next block meanwhile), over a
/// lazily read D02 with a stretch of damaged bytes: each step reads D02
/// once, at its start; the damaged games are skipped, not fatal; the tree
/// is the one built in one go over the same bytes in memory.
#[test]
fn a_tree_in_steps_over_a_damaged_lazy_d02_is_the_tree_in_one_go() {
    use std::rc::Rc;

    use cadb::{
        ca::{Database, OpenOptions, writer},
        limits::Limits,
        stats::{OpeningTree, TreeBuilder},
    };

    let mut pgn = String::new();
    for i in 0..3000 {
        let (w, b) = [("e4", "e5"), ("d4", "d5"), ("c4", "c5")][i % 3];
        pgn += &format!(
            "[Round \"{i}\"]\n1. {w} {{a comment to make the record longer}} {b} 2. Nf3 Nc6 *\n\n"
        );
    }
    let games = cadb::game::import::read_pgn(&pgn).unwrap();
    let (mut files, _) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    let n = files.d02.len();
    for b in &mut files.d02[n / 2..n / 2 + 2000] {
        *b ^= 0xa5;
    }
    let whole = Database::open(files.clone(), OpenOptions::default()).unwrap();
    let (want, want_build) = OpeningTree::of_database(&whole, 40, &Limits::default());
    assert!(want_build.skipped > 0, "the damage hits some games");

    let reads = Rc::new(Cell::new(0u32));
    let counter = reads.clone();
    let mut lazy_files = lazy::with_lazy_d02(files, move |_| counter.set(counter.get() + 1));
    lazy_files.d02 = Box::new(ReadCache::new(lazy_files.d02));
    let db = Database::open(lazy_files, OpenOptions::default()).unwrap();
    let mut builder = TreeBuilder::new(&db, 40, &Limits::default());
    let mut steps = 0;
    loop {
        let before = reads.get();
        let left = builder.step(&db, |i| !db.record_ready(i));
        assert!(
            reads.get() - before <= 1,
            "step {steps}: {} reads",
            reads.get() - before
        );
        steps += 1;
        if left == 0 {
            break;
        }
    }
    assert!(steps >= 3, "{steps} steps");
    let (got, build) = builder.finish();
    assert_eq!(build, want_build);
    let start = shakmaty::Chess::default();
    let rows = |t: &OpeningTree| {
        t.query(&start)
            .iter()
            .map(|m| (m.san.clone(), m.count))
            .collect::<Vec<_>>()
    };
    assert_eq!(rows(&got), rows(&want));
    assert_eq!(rows(&got).len(), 3);
}

/// A shuffled D02 read in game order a chunk at a time, as `cadb pgn`
/// reads one from disk (`FileBytes`: blocks of 512 KB, gaps of 8 KB read
/// through), each chunk's records held first with the spans found once
/// (`Database::in_game_order_with`): D02's bytes read about once in all
/// (with the gaps under 8 KB read through), a record a read; one by one,
/// a block from each record is read instead.
/// The PGN is what the games give one by one.
#[test]
fn a_shuffled_d02_in_game_order_is_read_a_record_at_a_time() {
    use std::rc::Rc;

    use cadb::ca::{Database, DatabaseFiles, OpenOptions, writer};

    // Records of about 1 KB, shuffled against game order (the default layout).
    let pgn: String = (0..2000)
        .map(|i| {
            format!(
                "[Round \"{i}\"]\n1. e4 {{{}}} e5 2. Nf3 Nc6 *\n\n",
                "words ".repeat(150 + i % 40)
            )
        })
        .collect();
    let games = cadb::game::import::read_pgn(&pgn).unwrap();
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    let d02_size = files.d02.len() as u64;
    let memory = Database::open(files.clone(), OpenOptions::default()).unwrap();
    let mut expected = String::new();
    for i in 0..memory.count() {
        memory.write_pgn(i, &mut expected);
    }

    let (bytes_read, reads) = (Rc::new(Cell::new(0u64)), Rc::new(Cell::new(0u64)));
    let (b, r, d02) = (bytes_read.clone(), reads.clone(), files.d02.clone());
    let source = RangeSource::new(d02_size, move |o, n| {
        b.set(b.get() + n as u64);
        r.set(r.get() + 1);
        Ok(d02[o as usize..o as usize + n].to_vec())
    });
    let lazy: Box<dyn ReadAt> =
        Box::new(ReadCache::with_max_ahead(source, 512 << 10).reading_through(8 << 10));
    let db = Database::open(
        DatabaseFiles {
            cdp: Box::new(files.cdp) as Box<dyn ReadAt>,
            emb: Box::new(files.emb),
            d00: Box::new(files.d00),
            a02: Box::new(files.a02),
            d02: lazy,
        },
        OpenOptions::default(),
    )
    .unwrap();

    let read = |chunked: bool| {
        let (before, reads_before) = (bytes_read.get(), reads.get());
        let mut out = String::new();
        let spans = db.record_spans();
        assert!(spans.is_some());
        for chunk in (0..2000u32).collect::<Vec<_>>().chunks(32) {
            if chunked {
                db.in_game_order_with::<()>(spans.as_ref(), Some(chunk), 4 << 20, |_, i| {
                    db.write_pgn(i, &mut out);
                    Ok(())
                })
                .unwrap();
            } else {
                for &i in chunk {
                    db.write_pgn(u64::from(i), &mut out);
                }
            }
        }
        assert!(out == expected, "chunked: {chunked}");
        (bytes_read.get() - before, reads.get() - reads_before)
    };
    let (one_by_one, _) = read(false);
    let (held, held_reads) = read(true);
    assert!(
        held <= d02_size * 3 / 2,
        "{held} bytes read of a D02 of {d02_size}"
    );
    assert!(held_reads <= 2000, "{held_reads} reads for 2,000 records");
    // Checks the test: one by one, a block is read from each record.
    assert!(
        one_by_one > 2 * held,
        "{one_by_one} bytes read one by one, {held} held"
    );
}
