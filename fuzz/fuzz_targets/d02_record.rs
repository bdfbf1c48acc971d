#![no_main]
//! One D02 record body, decoded in both conventions: errors allowed, panics not.
use cadb::ca::{Convention, OpenOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Wrap the bytes as the only record of a database the writer made empty.
    let Some(files) = cadb_fuzz::one_record(data, 4) else {
        return;
    };
    let Ok(db) = cadb::ca::Database::open(files, OpenOptions::default()) else {
        return;
    };
    for conv in [Convention::Right, Convention::Left] {
        let (game, _) = db.read_game_with(0, conv, &mut cadb::game::TreeBuilder::new());
        // Whatever decoded must replay and export.
        cadb::game::pgn::to_pgn(&game).expect("decoded moves replay");
    }
});
