//! Readings the spec leaves open, inferred from the data (issue 13): the
//! file direction (Q17), what ECO 0 means (Q11). Each database differs
//! from the writer's usual output in the one point under test.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;

use cadb::{
    ca::{
        Certainty, Convention, Database, DatabaseFiles, EcoZero, OpenOptions,
        writer::{self, WriterOptions},
    },
    game::{Game, import::read_pgn},
};

fn write(games: &[Game], options: &WriterOptions) -> DatabaseFiles<Vec<u8>> {
    writer::write_database(games, options).unwrap().0
}

fn open(files: DatabaseFiles<Vec<u8>>) -> Database<Vec<u8>> {
    Database::open(files, OpenOptions::default()).unwrap()
}

fn mirrored() -> WriterOptions {
    WriterOptions {
        convention: Convention::Left,
        ..WriterOptions::plain()
    }
}

fn uncertain(db: &Database<Vec<u8>>) -> Vec<String> {
    db.warnings()
        .iter()
        .filter(|w| w.code() == "uncertain-reading")
        .map(|w| w.to_string())
        .collect()
}

fn sans(db: &Database<Vec<u8>>) -> Vec<Vec<String>> {
    (0..db.count())
        .map(|i| db.game(i).unwrap().main_line_sans().unwrap())
        .collect()
}

/// A game whose moves stop being legal under the mirrored reading (short
/// knight games stay legal: Nf3 becomes Nh3).
const RUY: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
    8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 *";

/// Long games, promotions and under-promotions, set-ups.
const PROMOTIONS: &str = r#"
[FEN "7k/1P6/8/8/8/8/6p1/K7 w - - 0 1"] 1. b8=N g1=Q+ 2. Ka2 Qg8+ 3. Ka3 Qxb8 *

[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"] 1. a8=R Kg6 2. Ra6+ Kf5 3. Rb6 Ke4 *

1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q Nb6 6. Qxa7 Nfd7 7. Nf3 Nc4 8. Bxc4 Qc7 9. Qxc7 *
"#;

#[test]
fn mirrored_direction_is_detected_on_long_games_promotions_and_setups() {
    let mut games = read_pgn(&fixtures::pgn()).unwrap();
    games.extend(read_pgn(PROMOTIONS).unwrap());
    let right = open(write(&games, &WriterOptions::plain()));
    let left = open(write(&games, &mirrored()));
    assert_eq!(right.convention(), Convention::Right);
    assert_eq!(left.convention(), Convention::Left);
    for db in [&right, &left] {
        let d = db.info().detection;
        assert_eq!(d.certainty, Certainty::Strong, "{d:?}");
        assert!(
            d.only(db.convention()) >= 4 && d.only(db.convention().other()) == 0,
            "{d:?}"
        );
        assert!(uncertain(db).is_empty(), "{:?}", uncertain(db));
    }
    // Every game reads the same, and none needed the other direction.
    assert_eq!(sans(&left), sans(&right));
    for i in 0..left.count() {
        let g = left.game(i).unwrap();
        assert!(
            !g.headers.other.iter().any(|(k, _)| k == "CAConvention"),
            "game {i}"
        );
    }
}

/// 700 games of pawn pushes (the same under both readings), then 300 games
/// with knight moves, written mirrored: the first games say nothing.
#[test]
fn detection_samples_across_the_file() {
    let pushes = read_pgn("1. e4 e5 2. d4 d5 3. c3 c6 *").unwrap();
    let knights = read_pgn(RUY).unwrap();
    let mut games = vec![pushes[0].clone(); 700];
    games.extend(vec![knights[0].clone(); 300]);
    let db = open(write(&games, &mirrored()));
    let d = db.info().detection;
    assert_eq!(db.convention(), Convention::Left, "{d:?}");
    assert_eq!(d.certainty, Certainty::Strong, "{d:?}");
    assert_eq!(d.right_only, 0);
    assert!(
        d.left_only >= 32,
        "sampling stops once 32 games decide: {d:?}"
    );
    assert!(d.sampled < 512, "{d:?}");
    assert_eq!(db.game(999).unwrap(), knights[0]);
}

#[test]
fn weak_and_undecided_evidence_is_a_warning() {
    let one = read_pgn(RUY).unwrap();
    let db = open(write(&one, &mirrored()));
    let d = db.info().detection;
    assert_eq!(
        (db.convention(), d.certainty),
        (Convention::Left, Certainty::Weak)
    );
    let w = uncertain(&db);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("Q17") && w[0].contains("1 of 1 sampled games"),
        "{}",
        w[0]
    );

    let pushes = read_pgn("1. e4 e5 2. d4 d5 *").unwrap();
    let db = open(write(&pushes, &mirrored()));
    assert_eq!(db.info().detection.certainty, Certainty::Undecided);
    assert_eq!(db.convention(), Convention::Right);
    assert_eq!(uncertain(&db).len(), 1);
    // Undecided, but these moves read the same either way.
    assert_eq!(sans(&db), [["e4", "e5", "d4", "d5"]]);

    let knights = read_pgn(RUY).unwrap();
    let db = open(write(&vec![knights[0].clone(); 4], &mirrored()));
    assert_eq!(db.info().detection.certainty, Certainty::Strong);
    assert!(uncertain(&db).is_empty());
}

/// A game that replays whole under the other direction only is read that
/// way even when the database's direction is sure: a damaged byte fails
/// under both readings, so a whole replay is the game's own evidence. It
/// is marked (`CAConvention`).
#[test]
fn a_game_in_the_other_direction_is_rescued_and_marked() {
    let game = read_pgn(RUY).unwrap();
    let games = vec![game[0].clone(); 40];
    let right = write(&games, &WriterOptions::plain());
    let left = write(&games, &mirrored());
    assert_eq!(right.d02.len(), left.d02.len());
    // Game 5's record from the mirrored database: the records line up.
    let db = open(right.clone());
    let (base, body) = db.record(5).unwrap();
    let range = base as usize..base as usize + body.len();
    let mut spliced = right;
    spliced.d02[range.clone()].copy_from_slice(&left.d02[range]);
    let db = open(spliced);
    assert_eq!(db.convention(), Convention::Right);
    assert_eq!(db.info().detection.certainty, Certainty::Strong);
    let g = db.game(5).unwrap();
    assert_eq!(g.main_line_sans(), game[0].main_line_sans());
    assert!(
        g.headers
            .other
            .contains(&("CAConvention".into(), "left".into()))
    );
    assert!(
        !db.game(4)
            .unwrap()
            .headers
            .other
            .iter()
            .any(|(k, _)| k == "CAConvention")
    );
}

fn eco(db: &Database<Vec<u8>>, i: u64) -> Option<String> {
    db.headers(i).unwrap().eco
}

#[test]
fn eco_zero_on_setups_and_other_openings_reads_as_none() {
    let games = read_pgn(
        r#"
[ECO "A00"] 1. e4 e5 *

[ECO "A00"] 1. d4 d5 *

[ECO "A00"] [FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"] 1. O-O *

[ECO "A00"] 1. g4 d5 *

[ECO "A00"] 1. Nf3 d5 *

[ECO "C42"] 1. e4 e5 2. Nf3 Nf6 *
"#,
    )
    .unwrap();
    // The first move is read from the codes under the database's direction
    // (four long games settle it: these short ones are legal either way).
    let mut with_long = games.clone();
    with_long.extend(vec![read_pgn(RUY).unwrap().remove(0); 4]);
    let left = open(write(&with_long, &mirrored())).info().eco_zero;
    assert_eq!((left.setups, left.other_openings), (1, 3));
    let db = open(write(&games, &WriterOptions::plain()));
    let z = db.info().eco_zero;
    assert_eq!(
        (z.sampled, z.setups, z.other_openings, z.reading),
        (5, 1, 3, EcoZero::None)
    );
    // 0 means "none" in this database: no game shows A00.
    for i in 0..5 {
        assert_eq!(eco(&db, i), None, "game {i}");
        assert!(!db.pgn(i).unwrap().contains("[ECO"), "game {i}");
    }
    assert_eq!(eco(&db, 5).as_deref(), Some("C42"));
}

#[test]
fn eco_zero_is_a00_except_where_the_game_rules_it_out() {
    let mut pgn = String::new();
    for m in ["g4", "a3", "Nc3", "b4", "h4", "e3", "Na3", "g3", "c3", "d3"] {
        for _ in 0..2 {
            pgn += &format!("[ECO \"A00\"] 1. {m} *\n\n");
        }
    }
    pgn += "[ECO \"A00\"] [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"] 1. O-O *\n";
    let games = read_pgn(&pgn).unwrap();
    let db = open(write(&games, &WriterOptions::plain()));
    let z = db.info().eco_zero;
    assert_eq!((z.sampled, z.setups, z.reading), (21, 1, EcoZero::A00));
    assert_eq!(eco(&db, 0).as_deref(), Some("A00"));
    // The set-up cannot be A00 whatever the database does.
    assert_eq!(eco(&db, 20), None);
    assert!(!db.pgn(20).unwrap().contains("[ECO"));
    let rows = cadb::ca::columns::rows(&db, &[0, 20], None).unwrap();
    let col = cadb::ca::columns::Column::ALL
        .iter()
        .position(|c| *c == cadb::ca::columns::Column::Eco)
        .unwrap();
    assert_eq!(rows.text[col], ["A00", ""]);
}

/// Q33: a database written on Windows (CP1251), in DOS (CP866) or with
/// Western names (Latin-1) reads right with no option.
#[test]
fn the_code_page_is_guessed_from_the_names() {
    use cadb::text::TextEncoding;
    let russian = r#"
[White "Ботвинник, Михаил"] [Black "Смыслов, Василий"] [Event "Матч на первенство мира"] [Site "Москва"] [Annotator "Бронштейн"]
1. d4 Nf6 {Защита Нимцовича} 2. c4 e6 *

[White "Таль, Михаил"] [Black "Петросян, Тигран"] [Event "Чемпионат СССР"] [Site "Рига"]
1. e4 c5 *
"#;
    let western = r#"
[White "Hübner, Robert"] [Black "Åkesson, Ralf"] [Event "Bundesliga"] [Site "München"]
1. e4 e5 *

[White "Müller, Karsten"] [Black "Sánchez, Luis"] [Site "Köln"]
1. d4 d5 *
"#;
    for (pgn, encoding) in [
        (russian, TextEncoding::Cp866),
        (russian, TextEncoding::Cp1251),
        (western, TextEncoding::Latin1),
    ] {
        let games = read_pgn(pgn).unwrap();
        let options = WriterOptions {
            encoding,
            ..WriterOptions::plain()
        };
        let db = open(write(&games, &options));
        let info = db.info();
        assert_eq!(info.encoding, encoding, "{:?}", info.encoding_guess);
        assert!(!info.encoding_chosen);
        assert!(info.encoding_guess.high_strings > 0);
        for (i, g) in games.iter().enumerate() {
            let h = db.headers(i as u64).unwrap();
            assert_eq!(
                (h.white, h.black, h.site),
                (
                    g.headers.white.clone(),
                    g.headers.black.clone(),
                    g.headers.site.clone()
                ),
                "{encoding:?}"
            );
        }
    }
}
