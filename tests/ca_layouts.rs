//! Every layout the spec allows reads the same (issue 32): names, games,
//! readings, and no warning. Each case here is one freedom of the format
//! made by hand on a plain database, with what today's reader must read;
//! `layout_invariance` (below) writes the same games under random mixes of
//! the writer's tricks.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/volume.rs"]
mod volume;

use cadb::{
    ca::{
        Database, DatabaseFiles, ListKind, OpenOptions, diagnose::DiagnoseOptions, emb::Volume,
        writer,
    },
    game::{Headers, import::read_pgn},
    text::TextEncoding,
};

/// Games with Cyrillic names, events and comments (CP1251 by the writer).
const PGN: &str = r#"
[Event "Чемпионат СССР"] [Site "Москва"] [White "Таль, Михаил"] [Black "Ботвинник, Михаил"] [Annotator "Ботвинник, Михаил"] [Result "1-0"]
1. e4 {Комментарий по-русски: блестяще} e5 2. Nf3 {Сильный ход, белые готовят атаку} Nc6 3. Bb5 a6 1-0

[Event "Мемориал Алехина"] [Site "Ленинград"] [White "Петросян, Тигран"] [Black "Таль, Михаил"] [Result "1/2-1/2"]
1. d4 {Спокойное начало} d5 2. c4 e6 3. Nc3 {Защита ферзевого гамбита} Nf6 1/2-1/2

[Event "Чемпионат СССР"] [Site "Москва"] [White "Ботвинник, Михаил"] [Black "Петросян, Тигран"] [Source "Шахматы в СССР"] [Result "0-1"]
1. c4 e5 {Черные выбирают острую игру} 2. Nc3 Nf6 0-1
"#;

fn plain() -> DatabaseFiles<Vec<u8>> {
    let games = read_pgn(PGN).unwrap();
    writer::write_database(&games, &writer::WriterOptions::plain())
        .unwrap()
        .0
}

fn open(f: DatabaseFiles<Vec<u8>>) -> Database<Vec<u8>> {
    Database::open(f, OpenOptions::default()).unwrap()
}

fn headers(db: &Database<Vec<u8>>) -> Vec<Headers> {
    (0..db.count()).map(|i| db.headers(i).unwrap()).collect()
}

fn warnings(db: &Database<Vec<u8>>) -> Vec<String> {
    db.warnings().iter().map(|w| w.to_string()).collect()
}

/// The warnings of the plain database (three short games leave the file
/// direction weak): a layout adds none to them.
fn plain_warnings() -> Vec<String> {
    let w = warnings(&open(plain()));
    assert!(w.iter().all(|w| w.contains("(Q17)")), "{w:?}");
    w
}

/// The inner files of an EMB volume, in directory order.
fn inner_files(emb: &[u8]) -> Vec<(String, Vec<u8>)> {
    let vol = Volume::open(emb).unwrap();
    vol.entries
        .iter()
        .map(|e| (e.name.clone(), vol.file(emb, &e.name).unwrap().unwrap()))
        .collect()
}

/// The volume again, after `edit` changed its inner files.
fn edit_emb(emb: &[u8], edit: impl FnOnce(&mut Vec<(String, Vec<u8>)>)) -> Vec<u8> {
    let mut files = inner_files(emb);
    edit(&mut files);
    let borrowed: Vec<(String, &[u8])> = files.iter().map(|(n, b)| (n.clone(), &b[..])).collect();
    volume::volume(&borrowed)
}

fn file<'a>(files: &'a mut [(String, Vec<u8>)], name: &str) -> &'a mut Vec<u8> {
    &mut files.iter_mut().find(|(n, _)| n == name).unwrap().1
}

fn values(a01: &[u8]) -> Vec<i32> {
    a01.chunks(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

fn bytes(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// Puts `junk` before the first record of `kind`'s `.d01` (moving every
/// address), and appends ids no game uses holding `unused`.
fn junk_first(files: &mut [(String, Vec<u8>)], kind: ListKind, junk: &[u8], unused: &[i32]) {
    let d01 = file(files, &kind.inner_name("d01"));
    d01.splice(0..0, junk.iter().copied());
    let a01 = file(files, &kind.inner_name("a01"));
    let mut v: Vec<i32> = values(a01)
        .into_iter()
        .map(|x| if x >= 0 { x + junk.len() as i32 } else { x })
        .collect();
    v.extend_from_slice(unused);
    *a01 = bytes(&v);
}

#[test]
fn an_unused_id_at_unused_bytes_that_cover_the_records_costs_no_name() {
    let base = plain();
    let want = headers(&open(base.clone()));
    for kind in ListKind::ALL {
        let mut f = base.clone();
        // Two unused bytes before the first record, read as a record whose
        // length covers the real ones that follow; an id no game uses
        // holds 0 (an address, Q6), so it points there.
        let junk: &[u8] = if kind.has_titles() {
            &[40, 0]
        } else {
            &[40, 0x20]
        };
        f.emb = edit_emb(&f.emb, |files| junk_first(files, kind, junk, &[0]));
        let db = open(f);
        assert_eq!(headers(&db), want, "{kind:?}");
        assert_eq!(warnings(&db), plain_warnings(), "{kind:?}");
    }
}

#[test]
fn an_unused_id_inside_a_used_record_costs_no_name() {
    let base = plain();
    let want = headers(&open(base.clone()));
    let mut f = base;
    f.emb = edit_emb(&f.emb, |files| {
        for kind in ListKind::ALL {
            let a01 = file(files, &kind.inner_name("a01"));
            let mut v = values(a01);
            // One byte into the record of id 1 (a used name).
            v.push(v[1] + 1);
            *a01 = bytes(&v);
        }
    });
    let db = open(f);
    assert_eq!(headers(&db), want);
    assert_eq!(warnings(&db), plain_warnings());
}

#[test]
fn a_broken_chain_warns_only_when_a_game_uses_it() {
    let base = plain();
    let want = headers(&open(base.clone()));
    let mut f = base.clone();
    let n = values(file(&mut inner_files(&f.emb), "Players.a01")).len() as i32;
    let looped = |files: &mut Vec<(String, Vec<u8>)>| {
        let a01 = file(files, "Players.a01");
        let mut v = values(a01);
        let n = v.len() as i32;
        // Ids n and n+1 redirect to each other; an id past the .d01.
        v.extend_from_slice(&[-(n + 1), -n, 1 << 30]);
        *a01 = bytes(&v);
    };
    f.emb = edit_emb(&f.emb, looped);
    let db = open(f.clone());
    assert_eq!(headers(&db), want);
    assert_eq!(warnings(&db), plain_warnings(), "no game uses them");
    let doctor = db.diagnose(DiagnoseOptions::default(), |_, _| {
        core::ops::ControlFlow::Continue(())
    });
    let doctor_warnings: Vec<&str> = doctor.warnings.iter().map(|w| w.code).collect();
    assert_eq!(
        doctor_warnings,
        ["uncertain-reading"],
        "{:?}",
        doctor.warnings
    );
    let names = doctor.points.iter().find(|p| p.id == "names").unwrap();
    let count = |what: &str| {
        names
            .evidence
            .iter()
            .find(|c| c.what == what)
            .unwrap()
            .count
    };
    assert_eq!(
        count("Players other ids (chain links, or unused: ignored)"),
        3
    );
    assert_eq!(names.certainty, "strong");

    // The first game's White now uses the loop, its Black the bad address.
    f.d00[0..3].copy_from_slice(&n.to_le_bytes()[..3]);
    f.d00[3..6].copy_from_slice(&(n + 2).to_le_bytes()[..3]);
    let db = open(f);
    let h = db.headers(0).unwrap();
    assert_eq!(h.white, Some(format!("#{n}")));
    assert_eq!(h.black, Some(format!("#{}", n + 2)));
    let mut w = warnings(&db);
    w.retain(|w| !w.contains("(Q17)"));
    w.sort();
    assert_eq!(
        w,
        [
            "EMB inner file: 1 ids of the Players list have no name: their record runs past the end of .d01",
            "EMB inner file: 1 ids of the Players list have no name: their redirection chain loops",
        ]
    );
}

#[test]
fn cyrillic_comments_decide_the_code_page_over_names_no_game_uses() {
    // Names in plain ASCII, comments in CP1251 Cyrillic, and an unused id
    // pointing at unused bytes that read as a Latin-1 name ("Müller").
    let pgn = PGN
        .replace("Таль, Михаил", "Tal, Mikhail")
        .replace("Ботвинник, Михаил", "Botvinnik, Mikhail")
        .replace("Петросян, Тигран", "Petrosian, Tigran")
        .replace("Чемпионат СССР", "USSR ch")
        .replace("Мемориал Алехина", "Alekhine mem")
        .replace("Москва", "Moscow")
        .replace("Ленинград", "Leningrad")
        .replace("Шахматы в СССР", "Shakhmaty");
    let games = read_pgn(&pgn).unwrap();
    let (mut f, _) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    let mut stale = Vec::new();
    for name in ["Müller", "Gödel", "Löwe", "Järvenpää", "Señor"] {
        let b = TextEncoding::Latin1.encode(name);
        stale.push(b.len() as u8);
        stale.extend_from_slice(&b);
    }
    f.emb = edit_emb(&f.emb, |files| {
        let d01 = file(files, "Events.d01");
        let at = d01.len() as i32;
        let mut unused = Vec::new();
        let mut k = at;
        // Each stale record is an id no game uses.
        let mut pos = 0usize;
        while pos < stale.len() {
            unused.push(k);
            let l = 1 + stale[pos] as usize;
            pos += l;
            k += l as i32;
        }
        d01.extend_from_slice(&stale);
        let a01 = file(files, "Events.a01");
        let mut v = values(a01);
        v.extend_from_slice(&unused);
        *a01 = bytes(&v);
    });
    let db = open(f);
    assert_eq!(db.encoding(), TextEncoding::Cp1251);
    let pgn = db.pgn(0).unwrap();
    assert!(pgn.contains("Комментарий по-русски"), "{pgn}");
    assert_eq!(warnings(&db), plain_warnings());
}

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/tricks.rs"]
mod tricks;

use cadb::{
    ca::{
        columns::Column,
        search::{HeaderIndex, Query},
        writer::{Tricks, WriterOptions},
    },
    game::Game,
    stats::OpeningTree,
};
use proptest::prelude::*;
use tricks::{TRICK_BITS, tricks};

/// The games every layout writes: the fixture games (comments, NAGs,
/// evaluations, variations, promotions, set-ups) and the Cyrillic ones.
fn layout_games() -> &'static [Game] {
    static GAMES: std::sync::OnceLock<Vec<Game>> = std::sync::OnceLock::new();
    GAMES.get_or_init(|| {
        let mut g = fixtures::games();
        g.extend(read_pgn(PGN).unwrap());
        g
    })
}

/// All a reader gives of a database that a layout must not change.
#[derive(Debug, PartialEq)]
struct Reading {
    count: u64,
    headers: Vec<Headers>,
    games: Vec<String>,
    convention: cadb::ca::Convention,
    encoding: TextEncoding,
    guess: cadb::text::EncodingGuess,
    eco_zero: cadb::ca::EcoZero,
    game_types: cadb::ca::GameTypes,
    symbols: cadb::ca::Symbols,
    warnings: Vec<String>,
    doctor_warnings: Vec<String>,
    /// The whole opening tree (read in D02 record order), as a file.
    tree: Vec<u8>,
    /// The games sorted by each name column, and found by a name.
    sorts: Vec<Vec<u32>>,
    found: Vec<u32>,
    /// A player's card, without its record numbers (a layout's own).
    card: String,
    /// The games reaching the position after 1.e4 e5, in variations too.
    reaching: cadb::ca::position::PositionSearch,
}

fn reading(f: DatabaseFiles<Vec<u8>>) -> Reading {
    let db = open(f);
    let info = db.info();
    let doctor = db.diagnose(DiagnoseOptions::default(), |_, _| {
        core::ops::ControlFlow::Continue(())
    });
    let tree = OpeningTree::of_database(&db, 40, &cadb::limits::Limits::default());
    let index = HeaderIndex::new(&db);
    let sorts = [
        Column::White,
        Column::Black,
        Column::Event,
        Column::Site,
        Column::Annotator,
        Column::Source,
    ]
    .map(|c| index.sort(&db, c, false, None).unwrap())
    .to_vec();
    let query = Query {
        text: Some("таль".into()),
        ..Query::default()
    };
    let found = index.search(&db, &query).unwrap();
    let tal = index.player_record("таль, михаил").unwrap();
    let mut card = cadb::ca::player::PlayerCard::of(&db, tal, 5).unwrap();
    card.record = 0;
    for o in &mut card.opponents {
        o.record = 0;
    }
    let card = format!("{card:?}");
    let mut after = shakmaty::Chess::default();
    for uci in ["e2e4", "e7e5"] {
        let m = uci.parse::<shakmaty::uci::UciMove>().unwrap();
        let mv = m.to_move(&after).unwrap();
        after = shakmaty::Position::play(after, mv).unwrap();
    }
    let target = cadb::reach::Target::new(
        shakmaty::Position::board(&after).clone(),
        shakmaty::Position::turn(&after),
    );
    let options = cadb::ca::position::SearchOptions { variations: true };
    let reaching = db
        .position_search(&target, &options, |_, _| {
            core::ops::ControlFlow::Continue(())
        })
        .unwrap();
    Reading {
        count: db.count(),
        headers: headers(&db),
        games: (0..db.count()).map(|i| db.pgn(i).unwrap()).collect(),
        convention: db.convention(),
        encoding: db.encoding(),
        guess: info.encoding_guess,
        eco_zero: info.eco_zero.reading,
        game_types: db.game_types().reading,
        symbols: db.symbols().reading,
        warnings: warnings(&db),
        doctor_warnings: doctor.warnings.iter().map(|w| w.message.clone()).collect(),
        tree: tree.0.to_bytes(),
        sorts,
        found,
        card,
        reaching,
    }
}

/// The first part in which two readings differ, shortly: the field, and
/// for a list the first element that differs.
fn difference(got: &Reading, want: &Reading) -> Option<String> {
    fn first<T: PartialEq + std::fmt::Debug>(name: &str, a: &[T], b: &[T]) -> Option<String> {
        if a == b {
            return None;
        }
        let i = a
            .iter()
            .zip(b)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len()));
        Some(format!(
            "{name}[{i}] of {}/{}: {:?} != {:?}",
            a.len(),
            b.len(),
            a.get(i),
            b.get(i)
        ))
    }
    let whole = |name: &str, same: bool, a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
        (!same).then(|| format!("{name}: {a:?} != {b:?}"))
    };
    first("headers", &got.headers, &want.headers)
        .or_else(|| first("games", &got.games, &want.games))
        .or_else(|| first("warnings", &got.warnings, &want.warnings))
        .or_else(|| {
            first(
                "doctor warnings",
                &got.doctor_warnings,
                &want.doctor_warnings,
            )
        })
        .or_else(|| first("tree bytes", &got.tree, &want.tree))
        .or_else(|| first("sorts by name", &got.sorts, &want.sorts))
        .or_else(|| first("found", &got.found, &want.found))
        .or_else(|| whole("card", got.card == want.card, &got.card, &want.card))
        .or_else(|| first("reaching", &got.reaching.hits, &want.reaching.hits))
        .or_else(|| whole("count", got.count == want.count, &got.count, &want.count))
        .or_else(|| whole("guess", got.guess == want.guess, &got.guess, &want.guess))
        .or_else(|| (got != want).then(|| format!("readings: {got:?}")))
}

fn written(tricks: Tricks, seed: u64) -> DatabaseFiles<Vec<u8>> {
    written_in(TextEncoding::Cp1251, tricks, seed)
}

fn written_in(encoding: TextEncoding, tricks: Tricks, seed: u64) -> DatabaseFiles<Vec<u8>> {
    let o = WriterOptions {
        encoding,
        tricks,
        seed,
        ..WriterOptions::plain()
    };
    let (f, report) = writer::write_database(layout_games(), &o).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    f
}

/// The code pages the proptest writes in: both Cyrillic ones, and UTF-8
/// (each name a single UTF-8 string, Q33).
const ENCODINGS: [TextEncoding; 3] = [
    TextEncoding::Cp1251,
    TextEncoding::Cp866,
    TextEncoding::Utf8,
];

/// The plain database's reading in each of [`ENCODINGS`]: its names as
/// written, and the code page guessed right.
fn plain_reading_in(e: usize) -> &'static Reading {
    static PLAIN: [std::sync::OnceLock<Reading>; 3] = [const { std::sync::OnceLock::new() }; 3];
    PLAIN[e].get_or_init(|| {
        let r = reading(written_in(ENCODINGS[e], Tricks::none(), 0));
        // The Cyrillic games, last, read the same in every code page (CP1251
        // writes an emoji of the fixtures as `&#NNN;`, UTF-8 keeps it).
        let tail = |r: &Reading| r.headers[r.headers.len() - 3..].to_vec();
        assert_eq!(tail(&r), tail(plain_reading()), "{:?}", ENCODINGS[e]);
        if ENCODINGS[e] != TextEncoding::Utf8 {
            assert_eq!(r.encoding, ENCODINGS[e]);
        }
        r
    })
}

fn plain_reading() -> &'static Reading {
    static PLAIN: std::sync::OnceLock<Reading> = std::sync::OnceLock::new();
    PLAIN.get_or_init(|| {
        let r = reading(written(Tricks::none(), 0));
        // Each part has something to compare.
        assert!(r.headers.len() > 200 && r.found.len() == 2, "{:?}", r.found);
        assert!(!r.reaching.hits.is_empty() && r.tree.len() > 1000);
        assert!(r.card.contains("Петросян") && r.card.contains("Ботвинник"));
        r
    })
}

#[test]
fn each_trick_alone_reads_the_same() {
    let mut failed = Vec::new();
    for bit in 0..TRICK_BITS {
        for seed in [1, 2, 3] {
            if let Some(d) = difference(&reading(written(tricks(1 << bit), seed)), plain_reading())
            {
                failed.push(format!("{:?} seed {seed}: {d}", tricks(1 << bit)));
            }
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn every_trick_at_once_reads_the_same() {
    let got = reading(written(Tricks::all(), 7));
    assert_eq!(difference(&got, plain_reading()), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// The same games under a random mix of the writer's tricks and seed,
    /// in a random code page, read exactly as the plain database does.
    #[test]
    fn layout_invariance(mask in 0u32..1 << TRICK_BITS, seed in any::<u64>(), e in 0..ENCODINGS.len()) {
        let got = reading(written_in(ENCODINGS[e], tricks(mask), seed));
        let d = difference(&got, plain_reading_in(e));
        prop_assert!(d.is_none(), "{:?} {:?}: {}", ENCODINGS[e], tricks(mask), d.unwrap_or_default());
    }
}

#[test]
fn names_read_in_any_order_and_after_a_change_of_code_page() {
    // More players than the headers' name memo has slots, so that names
    // share slots; each game's names are its own whatever was read before.
    let pgn: String = (0..1_500)
        .map(|n| {
            format!(
                "[White \"Player {n}\"] [Black \"Игрок {}\"] 1. e4 *\n\n",
                n * 7 % 1_500
            )
        })
        .collect();
    let games = read_pgn(&pgn).unwrap();
    let db = open(
        writer::write_database(&games, &writer::WriterOptions::plain())
            .unwrap()
            .0,
    );
    let want = |i: u64| (format!("Player {i}"), format!("Игрок {}", i * 7 % 1_500));
    let order = (0..1_500)
        .chain((0..1_500).rev())
        .chain((0..3_000).map(|k| k * 613 % 1_500));
    for i in order {
        let h = db.headers(i).unwrap();
        assert_eq!((h.white.unwrap(), h.black.unwrap()), want(i), "game {i}");
    }
    // Shared between threads (a `Database` in memory is `Sync`): a thread
    // that finds the memo taken decodes the names itself.
    std::thread::scope(|s| {
        for t in 0..4u64 {
            let (db, want) = (&db, &want);
            s.spawn(move || {
                for k in 0..3_000 {
                    let i = (k * 7 + t * 11) % 1_500;
                    let h = db.headers(i).unwrap();
                    assert_eq!((h.white.unwrap(), h.black.unwrap()), want(i), "game {i}");
                }
            });
        }
    });
    // Read in one code page, then another: the names are decoded again.
    let mut db = open(plain());
    assert_eq!(
        db.headers(0).unwrap().white.as_deref(),
        Some("Таль, Михаил")
    );
    db.set_encoding(Some(TextEncoding::Cp866));
    let other = db.headers(0).unwrap().white.unwrap();
    assert_ne!(other, "Таль, Михаил");
    assert_eq!(
        other,
        TextEncoding::Cp866.decode(&TextEncoding::Cp1251.encode("Таль, Михаил"))
    );
    db.set_encoding(None);
    assert_eq!(
        db.headers(0).unwrap().white.as_deref(),
        Some("Таль, Михаил")
    );
}
