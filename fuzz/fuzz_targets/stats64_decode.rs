#![no_main]
//! 64-bit move-statistics records and the CADBTREE file: decode, re-encode, compare.
use cadb::stats::{MoveStats, TreeFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Every 8-byte chunk as a record: what decodes re-encodes to the same bits.
    for chunk in data.chunks_exact(8) {
        let bytes: [u8; 8] = chunk.try_into().unwrap_or([0; 8]);
        if let Ok(r) = MoveStats::from_bytes(bytes) {
            assert_eq!(r.to_bytes(), bytes);
            assert_eq!(MoveStats::decode(r.encode()), Ok(r));
            let _ = r.to_move(&shakmaty::Chess::default());
        }
    }
    // The whole input as a tree file, raw and behind a valid header.
    let mut framed = b"CADBTREE\x01\0\0\0\0\0\0\0".to_vec();
    framed.extend_from_slice(&((data.len() / 18) as u64).to_le_bytes());
    framed.extend_from_slice(data);
    for bytes in [data, &framed[..]] {
        if let Ok(file) = TreeFile::from_bytes(bytes) {
            assert_eq!(file.to_bytes(), bytes);
            let _ = file.query(&shakmaty::Chess::default());
        }
    }
});
