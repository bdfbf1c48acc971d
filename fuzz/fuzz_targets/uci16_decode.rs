#![no_main]
//! UCI16: decoding arbitrary bytes never panics, and what decodes re-encodes
//! to the same bytes (the format is canonical).

use cadb::uci16::{Uci16Options, decode_moves, encode_moves_with};
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the null-move option; the rest is the move list.
    let Some((&flags, bytes)) = data.split_first() else {
        return;
    };
    let opts = Uci16Options {
        allow_null: flags & 1 == 1,
    };
    let start = Chess::default();
    if let Ok(plies) = decode_moves(bytes, &start, opts) {
        let again = encode_moves_with(&start, &plies, opts).expect("decoded moves re-encode");
        assert_eq!(again, bytes);
    }
});
