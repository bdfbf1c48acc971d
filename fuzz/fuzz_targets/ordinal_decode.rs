#![no_main]
//! PGC and MGC: decoding arbitrary bytes never panics, and what decodes
//! re-encodes to the same bytes (for MGC, but for the ignored padding half).

use cadb::ordinal::{Ordering, mgc, pgc};
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the ordering; the rest is the coded sequence.
    let Some((&sel, bytes)) = data.split_first() else {
        return;
    };
    let ordering = Ordering::ALL[usize::from(sel) % 3];
    let start = Chess::default();
    if let Ok(plies) = pgc::decode(bytes, &start, ordering) {
        let again = pgc::encode(&start, &plies, ordering).expect("decoded moves re-encode");
        assert_eq!(again, bytes);
    }
    if let Ok(plies) = mgc::decode(bytes, &start, ordering) {
        let again = mgc::encode(&start, &plies, ordering).expect("decoded moves re-encode");
        assert_eq!(again.len(), bytes.len());
        let n = bytes.len();
        assert_eq!(again[..n - 1], bytes[..n - 1]);
        assert_eq!(again[n - 1] >> 4, bytes[n - 1] >> 4);
    }
});
