#![no_main]
//! PGN export of whatever decodes, from the game tree and streamed
//! (`Database::write_pgn`): both must read back (through our importer) to
//! the same main line.
use cadb::ca::{Database, OpenOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(files) = cadb_fuzz::one_record(data, 2) else {
        return;
    };
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
