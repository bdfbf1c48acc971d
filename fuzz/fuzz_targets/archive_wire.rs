#![no_main]
//! An archive's merge in pieces (`cadb::archive::wire`): arbitrary bytes
//! are refused or read, never a panic, and what is read is written back as
//! bytes that read the same.

use cadb::archive::wire;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(keys) = wire::keys_from_bytes(data) {
        let again = wire::keys_to_bytes(&keys);
        let back = wire::keys_from_bytes(&again).expect("written keys read back");
        assert_eq!(wire::keys_to_bytes(&back), again);
    }
    if let Ok(share) = wire::share_from_bytes(data) {
        let games = share.keep.len() as u64;
        let again = wire::share_to_bytes(&share, 0, games).expect("a share of its own games");
        let back = wire::share_from_bytes(&again).expect("a written share reads back");
        assert_eq!((back.keep, back.copies), (share.keep, share.copies));
    }
});
