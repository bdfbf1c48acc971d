//! Header search and sort, on small databases written by the writer.

use super::*;
use crate::ca::{OpenOptions, writer};

/// 130 games whose Elo, year and players repeat, so sorts have ties.
fn db() -> Database<Vec<u8>> {
    let mut pgn = String::new();
    for i in 0..130 {
        pgn += &alloc::format!(
            "[White \"P{}\"] [Black \"Q{}\"] [WhiteElo \"{}\"] [Date \"{}.01.01\"] [Result \"1-0\"]\n1. e4 1-0\n\n",
            i % 3,
            i % 4,
            2000 + (i % 2) * 100,
            1990 + i % 5
        );
    }
    let games = crate::game::import::read_pgn(&pgn).unwrap();
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    Database::open(files, OpenOptions::default()).unwrap()
}

/// Five games for the fields added in issue 16 (plies and annotations
/// counted by hand from the moves).
fn db16() -> Database<Vec<u8>> {
    let pgn = "\
[White \"Карпов, Анатолий\"] [Black \"Tal\"] [Source \"Informant 12\"] [WhiteElo \"2700\"] [BlackElo \"2300\"]\n1. e4 e5 2. Nf3 *\n\n\
[White \"Tal\"] [Black \"Karpova\"] [Source \"Book\"] [WhiteElo \"2500\"] [BlackElo \"2450\"]\n1. d4 {good} d5 *\n\n\
[White \"Anna\"] [Black \"Tal\"] [WhiteElo \"2100\"]\n1. c4 (1. d4) e5 2. g3 *\n\n\
[White \"Anna\"] [Black \"Boris\"]\n1. e4 $1 *\n\n\
[White \"Boris\"] [Black \"Tal\"] [WhiteElo \"2450\"] [BlackElo \"2000\"]\n*\n";
    let mut games = crate::game::import::read_pgn(pgn).unwrap();
    // The PGN reader keeps a GameType tag among the others.
    games[0].headers.game_type = Some(String::from("model games"));
    games[2].headers.game_type = Some(String::from("2"));
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    Database::open(files, OpenOptions::default()).unwrap()
}

#[test]
fn each_issue_16_field_filters() {
    let db = db16();
    let index = HeaderIndex::new(&db);
    let find = |q: Query| index.search(&db, &q).unwrap();
    let q = Query::default;
    let some = |s: &str| Some(String::from(s));
    assert_eq!(find(q()), [0, 1, 2, 3, 4]);
    assert_eq!(
        find(Query {
            source: some("INFORM"),
            ..q()
        }),
        [0]
    );
    assert_eq!(
        find(Query {
            game_type: Some(3),
            ..q()
        }),
        [0]
    );
    assert_eq!(
        find(Query {
            game_type: Some(2),
            ..q()
        }),
        [2]
    );
    // Latin finds Cyrillic; Cyrillic does not find Latin.
    assert_eq!(
        find(Query {
            text: some("karpov"),
            ..q()
        }),
        [0, 1]
    );
    assert_eq!(
        find(Query {
            player: some("Карпов"),
            ..q()
        }),
        [0]
    );
    assert_eq!(
        find(Query {
            player: some("ann"),
            ..q()
        }),
        [2, 3]
    );
    let exact = |p: &str| Query {
        player: some(p),
        player_exact: true,
        ..q()
    };
    assert_eq!(find(exact("ann")), [0u32; 0]);
    assert_eq!(find(exact(" ANNA ")), [2, 3]);
    assert_eq!(find(exact("karpov, anatoliy")), [0]);
    assert_eq!(find(exact("tal")), [0, 1, 2, 4]);
    let elo = |m, elo_of| Query {
        min_elo: Some(m),
        elo_of,
        ..q()
    };
    assert_eq!(find(elo(2400, EloOf::Both)), [1]);
    assert_eq!(find(elo(2480, EloOf::Either)), [0, 1]);
    assert_eq!(
        find(elo(2480, EloOf::Opponent)),
        [0, 1],
        "no player: either"
    );
    let tal = |m, color| Query {
        player: some("tal"),
        color,
        ..elo(m, EloOf::Opponent)
    };
    assert_eq!(find(tal(2480, Side::Either)), [0]);
    assert_eq!(find(tal(2400, Side::Either)), [0, 1, 4]);
    assert_eq!(find(tal(2400, Side::White)), [1]);
    let plies = |f, t| Query {
        plies_from: f,
        plies_to: t,
        ..q()
    };
    assert_eq!(find(plies(Some(2), Some(2))), [1]);
    assert_eq!(find(plies(Some(3), None)), [0, 2]);
    assert_eq!(find(plies(None, Some(0))), [4]);
    assert_eq!(
        find(Query {
            annotated: true,
            ..q()
        }),
        [1, 2, 3]
    );
    assert_eq!(
        find(Query {
            annotated: true,
            ..plies(Some(2), None)
        }),
        [1, 2]
    );
}

/// The item count of every undamaged game of the fixtures equals its
/// replayed main line, and "annotated" is what the imported game holds.
#[test]
fn summaries_agree_with_the_replay_on_the_fixtures() {
    let mut pgn = String::new();
    for f in [
        include_str!("../../../tests/data/pgn/scalachess-comments-variations-nags.pgn"),
        include_str!("../../../tests/data/pgn/scalachess-fen-setup.pgn"),
        include_str!("../../../tests/data/pgn/scalachess-variations-glyphs.pgn"),
        include_str!(
            "../../../tests/data/pgn/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn"
        ),
    ] {
        pgn += f;
        pgn += "\n\n";
    }
    let games = crate::game::import::read_pgn(&pgn).unwrap();
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let index = HeaderIndex::new(&db);
    let mut calls = 0;
    let s = index.summaries(&db, &mut |_, _| calls += 1).unwrap();
    assert!(calls > 0);
    let (mut annotated, mut plain) = (0, 0);
    for (i, g) in games.iter().enumerate() {
        let i = i as u64;
        if db.game(i).is_err() {
            continue;
        }
        assert_eq!(s.plies(i), Some(db.main_line_plies(i)), "game {i}");
        let want = !g.comments.is_empty()
            || g.moves.iter().any(|n| {
                !(n.comments_before.is_empty()
                    && n.comments_after.is_empty()
                    && n.nags.is_empty()
                    && n.nags_before.is_empty()
                    && n.evals.is_empty()
                    && n.variations.is_empty())
                    || n.diagram_before
                    || n.diagram_after
            });
        assert_eq!(s.annotated(i), want, "game {i}");
        if want { annotated += 1 } else { plain += 1 }
    }
    assert!(
        annotated > 0 && plain > 0,
        "{annotated} annotated, {plain} plain"
    );
    assert_eq!(s.plies(u64::MAX), None);
}

#[test]
fn a_damaged_record_counts_the_moves_before_the_damage() {
    assert_eq!(summarize(&[]), (0, false));
    assert_eq!(
        summarize(&[19, 60, 231, 20]),
        (2, true),
        "a variation without end"
    );
    assert_eq!(
        summarize(&[19, 236, 200, 0, 0, 0, 4]),
        (1, false),
        "a comment past the end"
    );
    assert_eq!(
        summarize(&[19, 235, 0, 19]),
        (2, false),
        "an empty comment is no annotation"
    );
}

#[test]
fn game_types_match_one_type_or_a_set() {
    assert!(game_type_ok(3, 3));
    assert!(!game_type_ok(3, 2));
    assert!(game_type_ok(0b101 << 1 | 1 << 30, 2));
    assert!(game_type_ok(0b101 << 1 | 1 << 30, 4));
    assert!(!game_type_ok(0b101 << 1 | 1 << 30, 3));
    assert!(!game_type_ok(u32::MAX, 31));
}

#[test]
fn lower_names_match_within_one_name_only() {
    let mut t = LowerNames::default();
    for n in ["", "anna", "boris", "x\0y", "ännä"] {
        t.push(n);
    }
    assert_eq!(t.len(), 5);
    assert_eq!(
        (t.name(0), t.name(1), t.name(2), t.name(4), t.name(9)),
        ("", "anna", "boris", "ännä", "")
    );
    assert_eq!(t.matching("a"), [false, true, false, false, false]);
    assert_eq!(t.matching("ab"), [false; 5]);
    assert_eq!(t.matching("ä"), [false, false, false, false, true]);
    assert_eq!(t.matching("x"), [false, false, false, true, false]);
    assert_eq!(t.matching("\0"), [false; 5]);
    assert_eq!(t.matching(""), [true; 5]);
    assert_eq!(t.matching("anna"), [false, true, false, false, false]);
}

#[test]
fn sorts_match_a_stable_sort_with_ties_in_game_order() {
    let db = db();
    let index = HeaderIndex::new(&db);
    let key = |i: u32, k: Column| {
        let h = db.raw_header(u64::from(i)).unwrap();
        match k {
            Column::WhiteElo => u64::from(h.white_elo),
            Column::Date => u64::from(h.date),
            Column::White => u64::from(index.ranks(&db)[0][h.white_id as usize]),
            _ => u64::from(i),
        }
    };
    for k in [Column::WhiteElo, Column::Date, Column::White, Column::Index] {
        for desc in [false, true] {
            // A big subset and all games scan D00; one game reads its record.
            for subset in [
                None,
                Some(&[9u32, 2, 5, 7, 0, 4, 999][..]),
                Some(&[7u32][..]),
            ] {
                let mut want: Vec<u32> = subset.map_or((0..130).collect(), |s| {
                    s.iter().copied().filter(|&i| i < 130).collect()
                });
                want.sort_by(|&a, &b| {
                    let o = key(a, k).cmp(&key(b, k));
                    if desc { o.reverse() } else { o }.then(a.cmp(&b))
                });
                assert_eq!(
                    index.sort(&db, k, desc, subset).unwrap(),
                    want,
                    "{k:?} desc={desc}"
                );
            }
        }
    }
    let by_elo = index.sort(&db, Column::WhiteElo, true, None).unwrap();
    assert_eq!(by_elo[..4], [1, 3, 5, 7]);
    assert_eq!(by_elo[65..69], [0, 2, 4, 6]);
}
