//! The `cadb` binary on Chess Assistant databases: `write` then `pgn`/`info`/
//! `json` end to end, and damaged databases, where `cadb pgn` prints every
//! good game, lists the broken ones on stderr, and never panics (exit 101).
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

#[path = "support/fixtures.rs"]
mod fixtures;

use std::path::{Path, PathBuf};

mod common;

use common::{run, text};

/// A fresh, empty scratch folder for one test.
fn scratch(name: &str) -> common::Scratch {
    common::scratch("cli", name)
}

/// Writes `pgn` as DIR/GAMES.* with `cadb write` (`--plain`: no A02
/// redirections or other writer tricks, so a test can find a record).
fn write_db(dir: &Path, pgn: &str) -> PathBuf {
    write_db_as(dir, "GAMES", pgn, &["--plain"])
}

/// Writes `pgn` as DIR/STEM.* with `cadb write OPTIONS`; the CDP's path.
fn write_db_as(dir: &Path, stem: &str, pgn: &str, options: &[&str]) -> PathBuf {
    common::write_db(dir, stem, pgn, options)
}

#[test]
fn write_then_pgn_keeps_every_fixture_game() {
    let dir = scratch("fixtures");
    let pgn = fixtures::pgn();
    let cdp = write_db(&dir, &pgn);
    let out = run(&["pgn", cdp.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let exported = text(&out.stdout);
    // Every game comes back: the same number of games, and the same moves as
    // pgn-reader-free SAN lists from the library's own PGN import.
    let want = cadb::game::import::read_pgn(&pgn).unwrap();
    let got = cadb::game::import::read_pgn(&exported).unwrap();
    assert_eq!(got.len(), 216);
    assert_eq!(got.len(), want.len());
    for (i, (a, b)) in want.iter().zip(&got).enumerate() {
        assert_eq!(
            a.main_line_sans().unwrap(),
            b.main_line_sans().unwrap(),
            "game {i}"
        );
    }
    // The folder works as well as the .CDP path, whatever the case of the names.
    let info = run(&["info", dir.to_str().unwrap()], b"");
    assert!(info.status.success());
    assert!(
        text(&info.stdout).contains("games:       216"),
        "{}",
        text(&info.stdout)
    );
    let json = run(&["json", cdp.to_str().unwrap(), "--game", "0"], b"");
    assert!(json.status.success());
    assert!(text(&json.stdout).contains("\"san\""));
    std::fs::remove_dir_all(dir).unwrap();
}

const THREE: &str = "[White \"A\"] [Black \"B\"] [Result \"1-0\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n\
[White \"C\"] [Black \"D\"] [Result \"0-1\"]\n1. d4 d5 2. c4 e6 0-1\n\n\
[White \"E\"] [Black \"F\"] [Result \"*\"]\n1. c4 c5 2. Nc3 Nc6 *\n";

#[test]
fn damaged_record_prints_the_good_games_and_names_the_bad_one() {
    let dir = scratch("damaged");
    let cdp = write_db(&dir, THREE);
    // Game 1's record: its first move byte becomes an unknown code (255).
    let d00 = std::fs::read(dir.join("GAMES.D00")).unwrap();
    let a02 = std::fs::read(dir.join("GAMES.A02")).unwrap();
    let id = u32::from_le_bytes(d00[38 + 24..38 + 28].try_into().unwrap()) as usize;
    let at = i32::from_le_bytes(a02[id * 4..id * 4 + 4].try_into().unwrap()) as usize;
    let mut d02 = std::fs::read(dir.join("GAMES.D02")).unwrap();
    d02[at + 1] = 255;
    std::fs::write(dir.join("GAMES.D02"), d02).unwrap();

    let out = run(&["pgn", cdp.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(
        stdout.contains("[White \"A\"]") && stdout.contains("[White \"E\"]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("3. Bb5") && stdout.contains("2. Nc3 Nc6"),
        "{stdout}"
    );
    assert!(stderr.contains("game 1:"), "{stderr}");
    assert!(
        stderr.contains("1 game(s) could not be fully decoded"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn missing_or_truncated_files_are_errors_not_panics() {
    let dir = scratch("truncated");
    let cdp = write_db(&dir, THREE);
    for ext in cadb::ca::DatabaseFiles::<()>::EXTENSIONS {
        let path = dir.join(format!("GAMES.{ext}"));
        let whole = std::fs::read(&path).unwrap();
        for cut in [0, 1, whole.len() / 2, whole.len().saturating_sub(1)] {
            std::fs::write(&path, &whole[..cut]).unwrap();
            for cmd in ["info", "pgn"] {
                let out = run(&[cmd, cdp.to_str().unwrap()], b"");
                if !out.status.success() {
                    assert!(
                        !out.stderr.is_empty(),
                        "cadb {cmd} with {ext} cut at {cut}: silent failure"
                    );
                }
            }
        }
        std::fs::write(&path, &whole).unwrap();
    }
    std::fs::remove_file(dir.join("GAMES.A02")).unwrap();
    let out = run(&["pgn", cdp.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("A02"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A folder named instead of a .CDP: its files grouped into databases by
/// stem, in any case (`cadb::archive::group`); one whole database opens,
/// with a note for each incomplete set; several, or none whole, say which.
#[test]
fn a_folder_opens_its_one_whole_database_and_names_what_the_others_lack() {
    let dir = scratch("folder");
    write_db_as(&dir, "Games", THREE, &["--plain"]);
    // Another set, with two of its parts: no database, but named.
    write_db_as(&dir, "ECO", THREE, &["--plain"]);
    for ext in ["D00", "A02", "D02"] {
        std::fs::remove_file(dir.join(format!("ECO.{ext}"))).unwrap();
    }
    // DOS-era names in another case.
    std::fs::rename(dir.join("Games.D02"), dir.join("games.d02")).unwrap();
    let folder = dir.to_str().unwrap();
    let out = run(&["pgn", folder], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).matches("[Event ").count(), 3);
    let err = text(&out.stderr);
    assert!(err.contains("ECO.D00, ECO.A02, ECO.D02 missing"), "{err}");

    // Two whole databases: `info` lists them, the others ask for one.
    write_db_as(&dir, "Lessons", THREE, &["--plain"]);
    let out = run(&["info", folder], b"");
    assert!(out.status.success());
    let info = text(&out.stdout);
    assert!(info.contains("2 of 2 databases opened, 6 games"), "{info}");
    assert!(text(&out.stderr).contains("ECO.D00, ECO.A02, ECO.D02 missing"));
    let out = run(&["json", folder, "--game", "0"], b"");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("several databases (Games, Lessons)"), "{err}");
    // Named by its .CDP, each opens.
    for stem in ["Games", "Lessons"] {
        let cdp = dir.join(format!("{stem}.CDP"));
        assert!(run(&["info", cdp.to_str().unwrap()], b"").status.success());
    }
    // The incomplete one, named, says what it lacks.
    let out = run(&["info", dir.join("ECO.CDP").to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("ECO.D00, ECO.A02, ECO.D02 missing"));

    // No whole database at all.
    for stem in ["Games", "Lessons"] {
        for ext in ["EMB", "emb"] {
            let _ = std::fs::remove_file(dir.join(format!("{stem}.{ext}")));
        }
    }
    let out = run(&["info", folder], b"");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("no whole database") && err.contains("Lessons.EMB missing"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 47: a comment stored as UTF-8 in a database otherwise in CP1251
/// (typed in a later program) reads as written, not "вќ¤пёЏ"; the
/// Cyrillic names and the comment beside it read in CP1251.
#[test]
fn a_utf8_comment_in_a_cp1251_database_reads_as_written() {
    let dir = scratch("utf8");
    let pgn = "[White \"Таль, Михаил\"] [Black \"Петросян\"]\n\
               1. e4 {HEART!} e5 {PLACEHOLDER-17-XY} 2. Nf3 {Браво} *\n";
    let cdp = write_db_as(&dir, "G", pgn, &["--plain", "--encoding", "cp1251"]);
    // Each placeholder's bytes become a UTF-8 string of as many bytes.
    let d02 = dir.join("G.D02");
    let mut bytes = std::fs::read(&d02).unwrap();
    for (from, to) in [("HEART!", "❤️"), ("PLACEHOLDER-17-XY", "Браво ❤️")] {
        assert_eq!(from.len(), to.len());
        let at = bytes
            .windows(from.len())
            .position(|w| w == from.as_bytes())
            .unwrap();
        bytes[at..at + from.len()].copy_from_slice(to.as_bytes());
    }
    std::fs::write(&d02, bytes).unwrap();
    let out = run(&["pgn", cdp.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(
        t.contains("1. e4 { ❤️ } 1... e5 { Браво ❤️ } 2. Nf3 { Браво }"),
        "{t}"
    );
    assert!(t.contains("[White \"Таль, Михаил\"]"), "{t}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn opening_tree_and_compactness_of_a_database() {
    let dir = scratch("tree");
    let cdp = write_db(
        &dir,
        "[Result \"1-0\"]\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n1. e4 c5 0-1\n\n[Result \"1/2-1/2\"]\n1. d4 d5 1/2-1/2\n",
    );
    let out = run(&["tree", cdp.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    let row = |san: &str| {
        table
            .lines()
            .find(|l| l.split_whitespace().next() == Some(san))
            .unwrap_or_else(|| panic!("no {san} row in\n{table}"))
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    // e4: two games, one won by each side; d4: one draw.
    assert_eq!(row("e4")[1..6], ["e2e4", "2", "50.0", "0.0", "50.0"]);
    assert_eq!(row("d4")[1..6], ["d2d4", "1", "0.0", "100.0", "0.0"]);
    // After 1. e4 the tree has both replies.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let out = run(&["tree", cdp.to_str().unwrap(), "--fen", fen], b"");
    let t = text(&out.stdout);
    assert!(
        t.contains("e5") && t.contains("c5") && !t.contains("d5"),
        "{t}"
    );

    let out = run(&["stats", cdp.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    // UCI16: 6 plies, 2 bytes each, and a 2-byte count per game.
    let uci = t.lines().find(|l| l.starts_with("UCI16")).unwrap();
    assert!(uci.split_whitespace().any(|w| w == "18"), "{uci}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_megabyte_of_nested_variations_is_an_error_not_an_abort() {
    // 1 MB of `( 1. d4 ( 1. d4 ...`: 130,000 levels, which a recursive
    // reader would overflow its stack on (an abort has no exit code).
    let dir = scratch("nested");
    // (A tag first: `mgc encode` reads tags as PGN, bare moves as tokens.)
    let mut pgn = String::from("[Event \"deep\"]\n1. e4 ");
    while pgn.len() < 1 << 20 {
        pgn.push_str("( 1. d4 ");
    }
    pgn.push_str("*\n");
    let file = dir.join("deep.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let stem = dir.join("DEEP");
    let f = file.to_str().unwrap();
    // (write and mgc read the PGN on stdin, tree and stats from the file.)
    for (args, stdin) in [
        (vec!["write", stem.to_str().unwrap()], pgn.as_bytes()),
        (vec!["tree", f], b"".as_slice()),
        (vec!["stats", f], b""),
        (vec!["mgc", "encode"], pgn.as_bytes()),
    ] {
        let out = run(&args, stdin);
        assert!(out.status.code().is_some(), "cadb {args:?} was killed");
        let all = text(&out.stderr) + &text(&out.stdout);
        assert!(
            text(&out.stderr).contains("variations nested deeper than 64"),
            "cadb {args:?}: {all}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn control_characters_from_the_file_reach_the_terminal_escaped() {
    // ESC sequences in a name and in the database comment: `info` and `pgn`
    // print them as \u001b text, never as the byte (which the terminal
    // would obey). Tab and newline stay.
    let dir = scratch("controls");
    let pgn =
        "[White \"Red\u{1b}[31mAlert\"] [Black \"B\u{7}ell\"]\n1. e4 {a\u{1b}]0;title\u{7}b} *\n";
    let options = ["--plain", "--comment", "tab\there\u{1b}[2J"];
    let cdp = write_db_as(&dir, "CTRL", pgn, &options);
    for args in [["info"], ["pgn"]] {
        let out = run(&[args[0], cdp.to_str().unwrap()], b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let t = text(&out.stdout);
        assert!(
            !t.chars().any(|c| c.is_control() && c != '\n' && c != '\t'),
            "cadb {args:?} printed a control character: {t:?}"
        );
        if args[0] == "info" {
            assert!(t.contains("tab\there\\u001b[2J"), "{t}");
        } else {
            assert!(t.contains("Red\\u001b[31mAlert"), "{t}");
            assert!(t.contains("B\\u0007ell"), "{t}");
            assert!(t.contains("a\\u001b]0;title\\u0007b"), "{t}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `cadb doctor`: every reading with its evidence, as text and JSON, and
/// nothing of the games themselves (a user pastes it into a report).
#[test]
fn doctor_reports_readings_and_counts_but_no_game_content() {
    let dir = scratch("doctor");
    let pgn = "[White \"Корчной, Виктор\"] [Black \"Zzyzx\"] [Event \"Secret Open\"] [ECO \"A00\"]\n\
               1. e4 {a private note} e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
               [White \"Zzyzx\"] [Black \"Корчной, Виктор\"] [ECO \"A00\"]\n1. d4 d5 *\n";
    let cdp = write_db(&dir, pgn);
    let out = run(&["doctor", cdp.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for point in [
        "(Q17)",
        "(Q33)",
        "(Q11)",
        "(Q6, Q36)",
        "(Q25)",
        "(Q9)",
        "(Q10)",
        "(Q14)",
    ] {
        assert!(report.contains(point), "{point} missing:\n{report}");
    }
    // Both ECO-0 games open with 1.e4 or 1.d4: 0 reads as none.
    assert!(report.contains("reading:   none"), "{report}");
    assert!(report.contains("      2  games storing 0"), "{report}");
    for private in ["Корчной", "Zzyzx", "Secret", "private", "Bb5", "a6"] {
        assert!(!report.contains(private), "{private} leaked:\n{report}");
    }
    let json = run(&["doctor", cdp.to_str().unwrap(), "--json"], b"");
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["games"], 2);
    assert_eq!(v["gamesScanned"], 2);
    let eco = v["points"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "eco-zero")
        .unwrap();
    assert_eq!(eco["reading"], "none");
    assert_eq!(eco["evidence"][0]["count"], 2);
}

#[test]
fn search_prints_each_game_reaching_a_position_with_its_ply() {
    let dir = scratch("search");
    // Game 1 reaches the position by transposition, game 2 only in a
    // variation, game 3 never.
    let pgn = "1. e4 e5 2. Nf3 *\n\n1. Nf3 e5 2. e4 Nc6 *\n\n1. d4 (1. e4 e5 2. Nf3) 1... d5 *\n\n1. c4 *\n";
    let cdp = write_db(&dir, pgn);
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let out = run(&["search", cdp.to_str().unwrap(), "--fen", fen], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "0\t3\n1\t3\n");
    let out = run(
        &[
            "search",
            cdp.to_str().unwrap(),
            "--fen",
            fen,
            "--variations",
            "--json",
        ],
        b"",
    );
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let hits: Vec<(u64, u64, bool, Option<&str>)> = json["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["game"].as_u64().unwrap(),
                h["ply"].as_u64().unwrap(),
                h["inVariation"].as_bool().unwrap(),
                h["next"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        hits,
        [
            (0, 3, false, None),
            (1, 3, false, Some("b8c6")),
            (2, 3, true, None)
        ]
    );
    assert_eq!(json["searched"], 4);
    // No match is a search that ran: exit 0, nothing printed.
    let out = run(
        &[
            "search",
            cdp.to_str().unwrap(),
            "--fen",
            "8/8/8/8/8/8/8/K6k w",
        ],
        b"",
    );
    assert!(out.status.success() && out.stdout.is_empty());
    let out = run(
        &["search", cdp.to_str().unwrap(), "--fen", "not a fen"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--fen"));
}

#[test]
fn player_card_and_find() {
    let dir = scratch("player");
    // Anna by hand: as White +1 (1995), as Black =1 (1996); Boris's game without her.
    let cdp = write_db(
        &dir,
        "[White \"Anna\"] [Black \"Boris\"] [Result \"1-0\"] [Date \"1995.01.01\"] [ECO \"B90\"]\n1. e4 c5 1-0\n\n\
         [White \"Boris\"] [Black \"Anna\"] [Result \"1/2-1/2\"] [Date \"1996.01.01\"]\n1. d4 {x} d5 1/2-1/2\n\n\
         [White \"Boris\"] [Black \"Cleo\"] [Result \"0-1\"]\n1. c4 0-1\n",
    );
    let db = cdp.to_str().unwrap();
    let out = run(&["player", db, "anna", "--json"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(v["name"], "Anna");
    assert_eq!(v["white"]["wins"], 1);
    assert_eq!(v["black"]["draws"], 1);
    assert_eq!(v["games"], serde_json::json!([0, 1]));
    assert_eq!(v["byYear"][1]["year"], 1996);
    assert_eq!(v["ecoWhite"][0]["eco"], "B90");
    let plain = run(&["player", db, "Anna"], b"");
    assert!(
        text(&plain.stdout).contains("as White:  1 games: +1 =0 -0"),
        "{}",
        text(&plain.stdout)
    );
    let none = run(&["player", db, "Nobody"], b"");
    assert_eq!(none.status.code(), Some(2));
    let find = |args: &[&str]| {
        let out = run(&[&["find", db][..], args].concat(), b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(find(&["--player", "boris", "--color", "white"]), "1\n2\n");
    assert_eq!(find(&["--annotated"]), "1\n");
    assert_eq!(find(&["--eco-from", "B00", "--eco-to", "B99"]), "0\n");
    assert_eq!(find(&["--plies-from", "2"]), "0\n1\n");
    assert_eq!(
        run(&["find", db, "--eco-from", "Z1"], b"").status.code(),
        Some(2)
    );
}

#[test]
fn every_trick_writes_a_database_that_reads_as_the_plain_one() {
    // The fixture games with Cyrillic names: every layout freedom at once
    // (issue 32) gives the same PGN and a doctor without warnings.
    let dir = scratch("every-trick");
    let pgn = fixtures::pgn().replacen("[White \"", "[White \"Таль, ", 50);
    let plain = write_db(&dir, &pgn);
    let tricky = write_db_as(&dir, "TRICKS", &pgn, &["--every-trick", "--seed", "9"]);
    let pgn_of = |cdp: &Path| text(&run(&["pgn", cdp.to_str().unwrap()], b"").stdout);
    let (want, got) = (pgn_of(&plain), pgn_of(&tricky));
    assert!(want.contains("[White \"Таль, "), "{}", &want[..400]);
    assert!(want == got, "the PGN differs");
    let doctor = text(&run(&["doctor", tricky.to_str().unwrap()], b"").stdout);
    assert!(doctor.contains("warnings: none"), "{doctor}");
    assert!(doctor.contains("(Q6)"), "the names point: {doctor}");
}
