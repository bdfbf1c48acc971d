#![no_main]
//! Differential: a database read through ranges fetched on demand (in pieces
//! of fuzzer-chosen sizes) gives the same games as reading it in memory.
use cadb::{
    bytes::RangeSource,
    ca::{Database, DatabaseFiles, OpenOptions, writer},
    game::import::read_pgn,
};
use libfuzzer_sys::fuzz_target;

const GAMES: &str = "1. e4 e5 2. Nf3 {c} (2. Nc3 Nf6) Nc6 3. Bb5 a6 *\n\n1. d4 d5 2. c4 $1 dxc4 1/2-1/2\n\n1. Nf3 *\n";

fuzz_target!(|data: &[u8]| {
    let Some((&seed, rest)) = data.split_first() else { return };
    let games = read_pgn(GAMES).unwrap();
    let options = writer::WriterOptions { seed: u64::from(seed), ..Default::default() };
    let Ok((mut files, _)) = writer::write_database(&games, &options) else { return };
    // Damage D02 with the input so that errors happen at many places.
    for (i, b) in rest.iter().enumerate().take(64) {
        if let Some(x) = files.d02.get_mut(*b as usize * 7 % files.d02.len().max(1)) {
            *x ^= (i as u8).wrapping_mul(31) | 1;
        }
    }
    let mem = Database::open(files.clone(), OpenOptions::default());
    let d02 = files.d02.clone();
    let fetch = move |o: u64, n: usize| Ok::<_, String>(d02[o as usize..o as usize + n].to_vec());
    let lazy_files = DatabaseFiles {
        cdp: Box::new(files.cdp) as Box<dyn cadb::bytes::ReadAt>,
        emb: Box::new(files.emb),
        d00: Box::new(files.d00),
        a02: Box::new(files.a02),
        d02: Box::new(RangeSource::new(files.d02.len() as u64, fetch)),
    };
    let lazy = Database::open(lazy_files, OpenOptions::default());
    match (mem, lazy) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.count(), b.count());
            for i in 0..a.count() {
                let (ga, ea) = a.game_lenient(i);
                let (gb, eb) = b.game_lenient(i);
                assert_eq!(ga, gb);
                assert_eq!(ea, eb);
            }
        }
        (a, b) => assert_eq!(a.is_ok(), b.is_ok()),
    }
});
