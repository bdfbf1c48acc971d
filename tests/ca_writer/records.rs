//! Variations and comments in a record; records too large or illegal are skipped.

use super::*;

#[test]
fn variations_come_before_their_move() {
    assert_eq!(
        body("1. e4 (1. d4 d5) 1... e5 *"),
        [231, 15, 15, 232, 19, 19]
    );
    // Several in a row.
    assert_eq!(
        body("1. e4 (1. d4) (1. c4) 1... e5 *"),
        [231, 15, 232, 231, 11, 232, 19, 19]
    );
    // Nested: 1...c5 2.Nf3 with 2.Nc3 as its alternative.
    assert_eq!(
        body("1. e4 e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *"),
        [19, 231, 11, 231, 36, 232, 43, 232, 19, 43]
    );
}

#[test]
fn comments_symbols_evals_diagrams() {
    assert_eq!(
        body("1. e4 $1 {hi} *"),
        [19, 234, 2, 1, 235, 3, 4, b'h', b'i']
    );
    // Engine evaluation: type 29, i16 35, bytes 255 0; with CAP the length is 8.
    assert_eq!(
        body("1. e4 { [%eval 0.35] } *"),
        [19, 235, 5, 29, 35, 0, 255, 0]
    );
    assert_eq!(
        body("1. e4 { [%eval -1.00 CAP] } *"),
        [19, 235, 8, 29, 0x9C, 0xFF, 255, 0, b'C', b'A', b'P']
    );
    assert_eq!(body("1. e4 { [#] } *"), [19, 235, 1, 8]);
    // Cyrillic in Windows-1251.
    assert_eq!(body("1. e4 {Да} *"), [19, 235, 3, 4, 0xC4, 0xE0]);
}

#[test]
fn long_comment_and_two_byte_length() {
    let text = "x".repeat(300);
    let games = read_pgn(&format!("1. e4 {{{text}}} *")).unwrap();
    let (files, report) = write_database(&games, &WriterOptions::plain()).unwrap();
    // Body: 19, 236, u32 301, type 4, 300 bytes = 307 → prefix (307 & 127) | 0x80, 307 >> 7.
    assert_eq!(&files.d02[..2], [0x80 | (307 & 127) as u8, 2]);
    assert_eq!(&files.d02[2..8], [19, 236, 0x2D, 0x01, 0, 0]);
    assert_eq!(files.d02[8], 4);
    assert_eq!(files.d02.len(), 2 + 307);
    assert_eq!((report.two_byte_lengths, report.long_comments), (1, 1));
    // 254 bytes of text still fit a short comment (Q26); 255 do not.
    let b = body(&format!("1. e4 {{{}}} *", "y".repeat(254)));
    assert_eq!(&b[..3], [19, 235, 255]);
    let b = body(&format!("1. e4 {{{}}} *", "y".repeat(255)));
    assert_eq!(&b[..2], [19, 236]);
}

#[test]
fn oversized_record_is_skipped() {
    let big = "z".repeat(20000);
    let pgn = format!("1. e4 {{{big}}} {{{big}}} *\n\n1. d4 *");
    let games = read_pgn(&pgn).unwrap();
    let (files, report) = write_database(&games, &WriterOptions::default()).unwrap();
    assert_eq!(report.games, 1);
    assert_eq!(report.skipped.len(), 1);
    assert_eq!(report.skipped[0].0, 0);
    assert_eq!(report.skipped[0].1.code(), "too-large");
    assert_eq!(files.d00.len(), 38);
}

#[test]
fn illegal_hand_built_game_is_skipped() {
    let mut game = read_pgn("1. e4 e5 *").unwrap().remove(0);
    game.moves.swap(0, 1);
    let setup = Game {
        start_fen: Some("QQQQ4/8/8/8/8/8/8/K5k1 w - - 0 1".into()),
        ..Game::default()
    };
    let (_, report) = write_database(&[game, setup], &WriterOptions::default()).unwrap();
    assert_eq!(report.games, 0);
    assert_eq!(report.skipped[0].1.code(), "invalid");
    assert_eq!(report.skipped[1].1.code(), "bad-setup");
}
