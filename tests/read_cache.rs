//! The core's read-ahead (`bytes::ReadCache`): any sequence of reads gives
//! exactly what the bytes in memory give, errors included, and a pass in
//! file order makes one inner read a block.

use std::cell::Cell;

use cadb::bytes::{RangeSource, ReadAt, ReadCache};
use proptest::prelude::*;

fn data(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7 + i / 251) as u8).collect()
}

proptest! {
    #[test]
    fn reads_equal_the_bytes_in_memory(
        n in 0usize..600_000,
        reads in prop::collection::vec((0u64..700_000, 0usize..300_000), 1..60),
    ) {
        let bytes = data(n);
        let src = ReadCache::new(RangeSource::new(n as u64, |o, k| {
            Ok(bytes[o as usize..o as usize + k].to_vec())
        }));
        for (offset, len) in reads {
            let want = bytes.as_slice().read_at(offset, len).map(|c| c.into_owned());
            let got = src.read_at(offset, len).map(|c| c.into_owned());
            prop_assert_eq!(got, want, "read of {} at {}", len, offset);
        }
    }
}

#[test]
fn a_pass_in_file_order_reads_a_block_at_a_time() {
    let bytes = data(4 << 20);
    let calls = Cell::new(0u32);
    let src = ReadCache::new(RangeSource::new(bytes.len() as u64, |o, k| {
        calls.set(calls.get() + 1);
        Ok(bytes[o as usize..o as usize + k].to_vec())
    }));
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
    // 4 MB in blocks growing to 256 KB: about 16 calls, not one a record.
    assert!(calls.get() <= 24, "{} calls for {reads} reads", calls.get());
    // A jump starts small again: one 4 KB read.
    let before = calls.get();
    assert_eq!(src.read_at(100, 10).unwrap().len(), 10);
    assert_eq!(calls.get(), before + 1);
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
