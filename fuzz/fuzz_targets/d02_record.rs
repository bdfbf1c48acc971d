#![no_main]
//! One D02 record body, decoded in both conventions: errors allowed, panics not.
use cadb::ca::{Convention, DatabaseFiles, OpenOptions, writer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Wrap the bytes as the only record of a database the writer made empty.
    let Ok((mut files, _)) = writer::write_database(&[], &writer::WriterOptions::default()) else {
        return;
    };
    let body = &data[..data.len().min(32767)];
    let prefix = cadb::ca::format::d02::length_prefix(body.len()).unwrap();
    let mut d02 = prefix.0[..prefix.1].to_vec();
    d02.extend_from_slice(body);
    files.d02 = d02;
    files.a02 = 0i32.to_le_bytes().to_vec();
    let mut d00 = vec![0u8; 38];
    d00[10] = 4;
    files.d00 = d00;
    files.cdp[104..108].copy_from_slice(&1u32.to_le_bytes());
    let files: DatabaseFiles<Vec<u8>> = files;
    let Ok(db) = cadb::ca::Database::open(files, OpenOptions::default()) else {
        return;
    };
    for conv in [Convention::Right, Convention::Left] {
        let (game, _) = db.read_game_with(0, conv, &mut cadb::game::TreeBuilder::new());
        // Whatever decoded must replay and export.
        cadb::game::pgn::to_pgn(&game).expect("decoded moves replay");
    }
});
