#![no_main]
//! Jose GameText decoding on hostile bytes: never panics, and whatever
//! decodes re-encodes to bytes that decode to the same game.
use libfuzzer_sys::fuzz_target;

const FENS: [Option<&str>; 3] = [
    None,
    Some("8/PPPP1PPP/2k5/8/8/2K5/pppp1ppp/8 w - - 0 1"),
    Some("r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PpP/R3K2R w KQkq e6 0 1"),
];

fuzz_target!(|data: &[u8]| {
    // First byte: FEN choice and where the comments array starts.
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let fen = FENS[usize::from(head % 3)];
    let split = (usize::from(head / 3) * rest.len() / 86).min(rest.len());
    let (bin, comments) = rest.split_at(split);
    if let Ok(game) = cadb::jose::decode(bin, comments, fen) {
        let (bin2, comments2) = cadb::jose::encode(&game).expect("a decoded game encodes");
        let again = cadb::jose::decode(&bin2, &comments2, fen).expect("re-encoded bytes decode");
        assert_eq!(again, game);
    }
});
