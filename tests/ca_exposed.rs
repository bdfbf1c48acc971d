//! What the reader decodes and used to drop, now kept (issue 13): the
//! Players.d00 FIDE id and list rating, the annotator's title, and Chess
//! Assistant items with no meaning in the model (code 233, unknown comment
//! types) as `[%ca CODE HEX]` commands in PGN, which PGN import reads back.

#![cfg(not(target_arch = "wasm32"))]

use cadb::{
    ca::{Database, OpenOptions, format::d02::CommentKind, writer},
    game::{Codec, RawItem, import::read_pgn},
};
use proptest::prelude::*;

fn db_of(pgn: &str) -> Database<Vec<u8>> {
    let games = read_pgn(pgn).unwrap();
    let (files, _) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    Database::open(files, OpenOptions::default()).unwrap()
}

#[test]
fn fide_ids_list_ratings_and_the_annotators_title_become_tags() {
    let db = db_of(
        r#"[White "Karpov, Anatoly"] [WhiteElo "2700"] [WhiteFideId "4100018"] [WhiteTitle "GM"]
[Black "Kasparov, Garry"] [BlackElo "2800"] [Annotator "Kasparov, Garry"] [BlackTitle "GM"]
1. e4 e5 *

[White "Karpov, Anatoly"] [WhiteElo "2780"] [Black "Anand, Viswanathan"]
1. d4 d5 *
"#,
    );
    let first = db.pgn(0).unwrap();
    assert!(first.contains("[WhiteFideId \"4100018\"]"), "{first}");
    // Players.d00 keeps Karpov's highest Elo: not this game's, so it is told.
    assert!(first.contains("[WhiteCARating \"2780\"]"), "{first}");
    assert!(
        !first.contains("BlackCARating"),
        "the same as the game's Elo: {first}"
    );
    assert!(first.contains("[AnnotatorTitle \"GM\"]"), "{first}");
    let second = db.pgn(1).unwrap();
    assert!(second.contains("[WhiteFideId \"4100018\"]"), "{second}");
    assert!(!second.contains("CARating"), "{second}");
    // Back through the writer, the tags stay.
    let again = db_of(&first);
    assert!(again.pgn(0).unwrap().contains("[WhiteCARating \"2780\"]"));
    assert!(again.pgn(0).unwrap().contains("[WhiteFideId \"4100018\"]"));
}

#[test]
fn code_233_and_unknown_comment_types_survive_pgn() {
    let db = db_of("1. e4 {[%ca 233 42]} e5 {Good [%ca 235 1f414243]} 2. Nf3 *");
    let g = db.game(0).unwrap();
    let raw = |code: u8, bytes: &[u8]| RawItem {
        source: Codec::ChessAssistant,
        code,
        bytes: bytes.to_vec(),
    };
    assert_eq!(g.moves[0].raw, [raw(233, &[0x42])]);
    assert_eq!(g.moves[1].raw, [raw(235, &[0x1f, b'A', b'B', b'C'])]);
    assert_eq!(g.moves[1].comments_after, ["Good"]);
    let pgn = db.pgn(0).unwrap();
    assert!(
        pgn.contains("[%ca 233 42]") && pgn.contains("[%ca 235 1f414243]"),
        "{pgn}"
    );
    // The record holds them as stored: 233 0x42, and a 235 of type 0x1f.
    let (_, body) = db.record(0).unwrap();
    assert!(body.windows(2).any(|w| w == [233, 0x42]), "{body:?}");
    assert!(
        body.windows(5).any(|w| w == [235, 4, 0x1f, b'A', b'B']),
        "{body:?}"
    );
    // Malformed commands stay text.
    let db = db_of("1. e4 {[%ca 233 4] [%ca x 42] [%ca 233 zz]} *");
    assert!(db.game(0).unwrap().moves[0].raw.is_empty());
    assert_eq!(
        db.game(0).unwrap().moves[0].comments_after,
        ["[%ca 233 4] [%ca x 42] [%ca 233 zz]"]
    );
}

proptest! {
    #[test]
    fn raw_items_round_trip_through_pgn_and_the_writer(
        opaque in any::<u8>(),
        kind in any::<u8>().prop_filter("unknown type", |k| CommentKind::from_byte(*k).is_none()),
        text in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let hex: String = text.iter().map(|b| format!("{b:02x}")).collect();
        let pgn = format!("1. e4 {{[%ca 233 {opaque:02x}]}} e5 {{[%ca 235 {kind:02x}{hex}]}} *");
        let db = db_of(&pgn);
        let g = db.game(0).unwrap();
        prop_assert_eq!(&g.moves[0].raw[0].bytes, &vec![opaque]);
        let mut want = vec![kind];
        want.extend(&text);
        prop_assert_eq!(&g.moves[1].raw[0].bytes, &want);
        // PGN -> CA -> PGN -> CA: the same record.
        let again = db_of(&db.pgn(0).unwrap());
        prop_assert_eq!(again.record(0).unwrap().1, db.record(0).unwrap().1);
    }
}
