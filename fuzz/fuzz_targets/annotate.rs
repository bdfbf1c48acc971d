#![no_main]
//! `annotate` on whatever a record decodes to, with scores from the
//! remaining bytes (as a caller such as the viewer passes them, mates and
//! extreme centipawns included): it never panics, and the annotated game's
//! PGN reads back to the same main line.
use cadb::{
    annotate::{Score, annotate},
    ca::{Database, OpenOptions},
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&split, data)) = data.split_first() else {
        return;
    };
    let (record, scores) = data.split_at(usize::from(split).min(data.len()));
    let Some(files) = cadb_fuzz::one_record(record, 2) else {
        return;
    };
    let Ok(db) = Database::open(files, OpenOptions::default()) else {
        return;
    };
    let (mut game, _) = db.game_lenient(0);
    let computed: Vec<Option<Score>> = scores
        .chunks_exact(5)
        .map(|c| {
            let v = i32::from_le_bytes([c[1], c[2], c[3], c[4]]);
            match c[0] % 3 {
                0 => None,
                1 => Some(Score::Cp(v)),
                _ => (v != 0).then_some(Score::Mate(v)),
            }
        })
        .collect();
    let sans = game.main_line_sans().expect("decoded games replay");
    annotate(&mut game, &computed).expect("decoded games replay");
    let pgn = cadb::game::pgn::to_pgn(&game).expect("annotated games replay");
    let back = cadb::game::import::read_pgn(&pgn).expect("our PGN reads back");
    assert_eq!(back[0].main_line_sans().unwrap(), sans);
});
