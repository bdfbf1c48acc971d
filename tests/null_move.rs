//! A null move advances the move number and the halfmove clock like any
//! quiet move, in PGN import and export, in the game's positions, and in a
//! Chess Assistant database's own replay (shakmaty's `swap_turn` alone
//! keeps the move number, so White's move after Black passed came out as
//! `1. d4` after `1. e4 --`).

#![cfg(not(target_arch = "wasm32"))]

use cadb::{
    ca::{Database, OpenOptions, writer},
    game::{fen_of, import::read_pgn, pgn::to_pgn},
};

const GAME: &str = "1. e4 -- 2. d4 d5 3. -- Nf6 4. c4 *";
const MOVETEXT: &str = "1. e4 -- 2. d4 d5 3. -- Nf6 4. c4 *";

#[test]
fn pgn_round_trip_numbers_the_moves_after_a_pass() {
    let game = &read_pgn(GAME).unwrap()[0];
    let pgn = to_pgn(game).unwrap();
    assert!(pgn.contains(MOVETEXT), "{pgn}");
}

#[test]
fn the_position_after_black_passes_is_whites_second_move() {
    let game = &read_pgn(GAME).unwrap()[0];
    let mut fens = Vec::new();
    let mut pos = game.start_position().unwrap();
    for node in &game.moves {
        cadb::game::play_ply(&mut pos, &node.mv).unwrap();
        fens.push(fen_of(&pos));
    }
    // After 1. e4 --: White to move at move 2, one quiet ply on the clock.
    assert_eq!(
        fens[1],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
    // After 3. --: Black to move, still move 3.
    assert_eq!(
        fens[4],
        "rnbqkbnr/ppp1pppp/8/3p4/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 1 3"
    );
}

#[test]
fn a_chess_assistant_database_exports_the_same_numbers() {
    let games = read_pgn(GAME).unwrap();
    let (files, _) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let pgn = db.pgn(0).unwrap();
    assert!(pgn.contains(MOVETEXT), "{pgn}");
}
