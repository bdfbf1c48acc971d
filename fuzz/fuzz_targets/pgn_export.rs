#![no_main]
//! PGN export of whatever decodes, from the game tree and streamed
//! (`Database::write_pgn`): both must read back (through our importer) to
//! the same main line.
use cadb::ca::{Database, DatabaseFiles, OpenOptions, writer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((mut files, _)) = writer::write_database(&[], &writer::WriterOptions::default()) else {
        return;
    };
    let body = &data[..data.len().min(32767)];
    let (p, n) = cadb::ca::format::d02::length_prefix(body.len()).unwrap();
    files.d02 = [&p[..n], body].concat();
    files.a02 = 0i32.to_le_bytes().to_vec();
    let mut d00 = vec![0u8; 38];
    d00[10] = 2;
    files.d00 = d00;
    files.cdp[104..108].copy_from_slice(&1u32.to_le_bytes());
    let files: DatabaseFiles<Vec<u8>> = files;
    let Ok(db) = Database::open(files, OpenOptions::default()) else {
        return;
    };
    let (game, _) = db.game_lenient(0);
    let pgn = cadb::game::pgn::to_pgn(&game).expect("decoded games replay");
    let back = cadb::game::import::read_pgn(&pgn).expect("our PGN reads back");
    assert_eq!(back.len(), 1);
    assert_eq!(
        back[0].main_line_sans().unwrap(),
        game.main_line_sans().unwrap()
    );
    // The export path streams from the replayer: it too reads back, to the
    // same main line, whatever the record (damage closes its variations
    // and ends in a comment).
    let mut streamed = String::new();
    let _ = db.write_pgn(0, &mut streamed);
    let back = cadb::game::import::read_pgn(&streamed).expect("the streamed export reads back");
    assert_eq!(back.len(), 1);
    assert_eq!(
        back[0].main_line_sans().unwrap(),
        game.main_line_sans().unwrap()
    );
});
