//! `cadb pgn FOLDER`: every database of a folder as one PGN, each game
//! tagged with where it came from (issue 47); with `--dedupe`, each group
//! of copies once.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};

mod common;

use common::{run, text};

/// A fresh, empty scratch folder for one test.
fn scratch(name: &str) -> common::Scratch {
    common::scratch("archive", name)
}

/// The stdout of `cadb ARGS`, which must succeed.
fn ok(args: &[&str]) -> String {
    let out = run(args, b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The `CACopies` tags of `pgn`, in order.
fn copies(pgn: &str) -> Vec<&str> {
    pgn.lines()
        .filter(|l| l.starts_with("[CACopies "))
        .collect()
}

/// Writes `pgn` as DIR/STEM.* with `cadb write OPTIONS`; the CDP's path.
fn write_db_as(dir: &Path, stem: &str, pgn: &str, options: &[&str]) -> PathBuf {
    common::write_db(dir, stem, pgn, options)
}

/// `cadb pgn FOLDER` of several databases: each in the archive's order
/// (stem, case-folded), every game tagged with where it came from, the
/// same bytes on any number of threads; a database that does not open
/// costs only itself, and the summary says so.
#[test]
fn a_folder_of_several_databases_exports_each_with_its_source() {
    let dir = scratch("archive");
    let one = "[White \"A\"] [Black \"B\"]\n1. e4 e5 *\n\n[White \"C\"] [Black \"D\"]\n1. d4 *\n";
    let two = "[White \"E\"] [Black \"F\"]\n1. c4 *\n";
    write_db_as(&dir, "lessons", two, &["--plain"]);
    write_db_as(&dir, "Games", one, &[]);
    let folder = dir.to_str().unwrap();
    let mut outs = vec![];
    for threads in ["1", "2"] {
        let out = run(
            &["pgn", folder, "--threads", threads, "--chunk-games", "1"],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        outs.push(text(&out.stdout));
        assert!(
            text(&out.stderr)
                .contains("databases opened: 2 of 2; games: 3, written: 3, damaged: 0")
        );
    }
    assert_eq!(outs[0], outs[1], "threads changed the output");
    let pgn = &outs[0];
    let at = |s: &str| pgn.find(s).unwrap_or_else(|| panic!("{s} not in {pgn}"));
    assert!(at("[CASource \"Games game 0\"]") < at("[White \"C\"]"));
    assert!(at("[White \"C\"]") < at("[CASource \"Games game 1\"]"));
    assert!(at("[CASource \"Games game 1\"]") < at("[CASource \"lessons game 0\"]"));
    assert_eq!(pgn.matches("[CASource ").count(), 3);
    // Each game as its own database writes it, with the tag added.
    let alone = text(&run(&["pgn", dir.join("lessons.CDP").to_str().unwrap()], b"").stdout);
    assert_eq!(
        alone.replace(
            "[Result \"*\"]\n",
            "[Result \"*\"]\n[CASource \"lessons game 0\"]\n"
        ),
        pgn[at(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"E\"]"
        )..]
    );

    // `cadb info FOLDER` lists them, each with its games.
    let info = ok(&["info", folder]);
    assert!(
        info.starts_with("archive:     2 of 2 databases opened, 3 games"),
        "{info}"
    );
    assert!(
        info.contains("\n  Games            2 games  cp1251"),
        "{info}"
    );
    assert!(
        info.contains("\n  lessons          1 games  cp1251"),
        "{info}"
    );

    // A database that does not open costs only itself.
    std::fs::write(dir.join("Games.EMB"), b"xx").unwrap();
    let out = run(&["info", folder], b"");
    assert_eq!(out.status.code(), Some(1));
    let info = text(&out.stdout);
    assert!(
        info.contains("1 of 2 databases opened, 1 games")
            && info.contains("  Games    not opened: "),
        "{info}"
    );
    let out = run(&["pgn", folder], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("Games: not opened"), "{err}");
    assert!(
        err.contains("databases opened: 1 of 2; games: 1, written: 1, damaged: 0")
            && err.contains("not opened: Games"),
        "{err}"
    );
    assert_eq!(
        text(&out.stdout)
            .matches("[CASource \"lessons game 0\"]")
            .count(),
        1
    );
    std::fs::remove_dir_all(dir).unwrap();
}

const GAMES: &str = r#"[White "Anand"] [Black "Topalov"] [Date "2010.??.??"] [Result "1-0"]
1. e4 e5 2. Nf3 Nc6 1-0

[White "Short"] [Black "Timman"] [Result "1/2-1/2"]
1. d4 Nf6 2. c4 1/2-1/2

[White "?"] [Black "?"] [Event "A study"]
1. c4 { a study } *
"#;

/// The games of `pgn` (CASource values, in order) and the stderr.
fn sources(out: &std::process::Output) -> (Vec<String>, String) {
    let pgn = text(&out.stdout);
    let tags = pgn
        .lines()
        .filter_map(|l| l.strip_prefix("[CASource \"")?.strip_suffix("\"]"))
        .map(String::from)
        .collect();
    (tags, text(&out.stderr))
}

/// A folder with the same games in two databases (two layouts), and a
/// third with an annotated copy of one and a shorter copy of another:
/// `--dedupe` writes each game once, the annotated copy, on any number of
/// threads; without it every game is written.
#[test]
fn dedupe_writes_each_game_of_a_folder_once() {
    let dir = scratch("dedupe");
    write_db_as(&dir, "Base", GAMES, &[]);
    write_db_as(&dir, "copy", GAMES, &["--plain"]);
    let notes = r#"[White "Short"] [Black "Timman"] [Date "1990.??.??"] [Result "1/2-1/2"]
1. d4 Nf6 { the Indian } 2. c4 1/2-1/2

[White "anand"] [Black "TOPALOV"] [Result "*"]
1. e4 e5 *

[White "?"] [Black "?"] [Event "A study"]
1. c4 { another study } *
"#;
    write_db_as(&dir, "notes", notes, &["--plain"]);
    let folder = dir.to_str().unwrap();
    let mut outs = vec![];
    for threads in ["1", "2"] {
        let out = run(
            &[
                "pgn",
                folder,
                "--dedupe",
                "--threads",
                threads,
                "--chunk-games",
                "1",
            ],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        outs.push(sources(&out));
    }
    assert_eq!(outs[0], outs[1], "threads changed the output");
    let (kept, err) = &outs[0];
    // In the archive's order: Base, copy, notes; a game is written where
    // its kept copy lies.
    assert_eq!(
        kept,
        &["Base game 0", "Base game 2", "notes game 0", "notes game 2"],
        "{err}"
    );
    // Each kept copy names the copies it stands for.
    let pgn = text(&run(&["pgn", folder, "--dedupe"], b"").stdout);
    assert_eq!(
        copies(&pgn),
        [
            "[CACopies \"copy game 0, notes game 1\"]",
            "[CACopies \"copy game 2\"]",
            "[CACopies \"Base game 1, copy game 1\"]"
        ]
    );
    assert!(
        err.contains("databases opened: 3 of 3; games: 9, written: 4, damaged: 0"),
        "{err}"
    );
    assert!(
        err.contains("duplicates: 5 copies not written, of 3 groups"),
        "{err}"
    );
    // The doctor counts the same copies across the folder.
    let report = text(&run(&["doctor", folder, "--duplicates"], b"").stdout);
    assert!(
        report.contains("          5  games that are copies of another")
            && report.contains("          3  groups of copies"),
        "{report}"
    );
    // Without --dedupe, all nine.
    let (all, _) = sources(&run(&["pgn", folder], b""));
    assert_eq!(all.len(), 9);
    std::fs::remove_dir_all(dir).unwrap();
}

/// One database with a game twice: `--dedupe` writes it once, with no
/// source tag (a single database's output is its own), and says so.
#[test]
fn dedupe_of_one_database() {
    let dir = scratch("dedupe-one");
    let twice = format!("{GAMES}\n{GAMES}");
    let cdp = write_db_as(&dir, "TWICE", &twice, &[]);
    let out = run(&["pgn", cdp.to_str().unwrap(), "--dedupe"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pgn = text(&out.stdout);
    assert_eq!(pgn.matches("[Event ").count(), 3);
    assert!(!pgn.contains("[CASource"));
    let once = text(
        &run(
            &[
                "pgn",
                write_db_as(&dir, "ONCE", GAMES, &[]).to_str().unwrap(),
            ],
            b"",
        )
        .stdout,
    );
    // Each game as written alone, and a tag naming its copies.
    assert_eq!(
        copies(&pgn),
        [
            "[CACopies \"game 3\"]",
            "[CACopies \"game 4\"]",
            "[CACopies \"game 5\"]"
        ]
    );
    let untagged: String = pgn
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("[CACopies "))
        .collect();
    assert_eq!(untagged, once);
    let err = text(&out.stderr);
    assert!(err.contains("games: 6, written: 3, damaged: 0"), "{err}");
    assert!(
        err.contains("duplicates: 3 copies not written, of 3 groups"),
        "{err}"
    );
    // The doctor counts them when asked, as text and as JSON.
    let cdp = cdp.to_str().unwrap();
    let report = text(&run(&["doctor", cdp, "--duplicates"], b"").stdout);
    assert!(
        report.contains("          3  games that are copies of another")
            && report.contains("          3  groups of copies"),
        "{report}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&run(&["doctor", cdp, "--duplicates", "--json"], b"").stdout)
            .unwrap();
    assert_eq!(
        json["duplicates"],
        serde_json::json!({"copies": 3, "groups": 3})
    );
    assert_eq!(json["games"], 6);
    let plain = text(&run(&["doctor", cdp], b"").stdout);
    assert!(plain.contains("not counted: --duplicates"), "{plain}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A database that does not open costs only itself under `--dedupe` too.
#[test]
fn dedupe_past_a_database_that_does_not_open() {
    let dir = scratch("dedupe-damaged");
    write_db_as(&dir, "a", GAMES, &[]);
    write_db_as(&dir, "b", GAMES, &[]);
    write_db_as(&dir, "c", GAMES, &[]);
    std::fs::write(dir.join("b.EMB"), b"xx").unwrap();
    let out = run(&["pgn", dir.to_str().unwrap(), "--dedupe"], b"");
    assert_eq!(out.status.code(), Some(1));
    let (kept, err) = sources(&out);
    assert_eq!(kept, ["a game 0", "a game 1", "a game 2"], "{err}");
    assert_eq!(err.matches("b: not opened").count(), 1, "{err}");
    assert!(
        err.contains("databases opened: 2 of 3; games: 6, written: 3"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// `cadb search FOLDER` searches every database, each hit after its
/// database's name (a field `database` in JSON); `cadb tree FOLDER` is the
/// tree of one database holding all their games.
#[test]
fn search_and_tree_across_a_folder() {
    let dir = scratch("search-tree");
    let more = "[White \"X\"] [Black \"Y\"] [Result \"0-1\"]\n1. e4 c5 2. Nf3 0-1\n";
    write_db_as(&dir, "Base", GAMES, &[]);
    write_db_as(&dir, "more", more, &["--every-trick"]);
    let folder = dir.to_str().unwrap();
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let out = run(&["search", folder, "--fen", after_e4], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Base\t0\t1\nmore\t0\t1\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("2 of 4 games reach the position")
            && err.contains("databases searched: 2 of 2"),
        "{err}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&run(&["search", folder, "--pattern", "Nf3", "--json"], b"").stdout)
            .unwrap();
    let hits: Vec<(String, u64)> = json["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["database"].as_str().unwrap().to_string(),
                h["game"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(hits, [("Base".to_string(), 0), ("more".to_string(), 0)]);

    // The doctor: each database's report, and the duplicates of all.
    let report = ok(&["doctor", folder, "--duplicates"]);
    assert!(
        report.starts_with("=== Base ===\ncadb doctor report"),
        "{report}"
    );
    assert!(
        report.contains("\n=== more ===\ncadb doctor report"),
        "{report}"
    );
    assert!(
        report.contains("Duplicate games, across every database")
            && report.contains("          0  games that are copies of another"),
        "{report}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&run(&["doctor", folder, "--json"], b"").stdout).unwrap();
    let names: Vec<&str> = json["databases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["database"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Base", "more"]);
    assert_eq!(json["databases"][1]["games"], 1);

    // The header search too.
    assert_eq!(ok(&["find", folder, "--player", "x"]), "more\t0\n");
    assert_eq!(ok(&["find", folder, "--result", "1-0"]), "Base\t0\n");

    // The tree of both is the tree of one database of all their games.
    let whole = scratch("search-tree-whole");
    let cdp = write_db_as(&whole, "ALL", &format!("{GAMES}\n{more}"), &["--plain"]);
    let table = |path: &str| {
        let t = ok(&["tree", path, "--plies", "4"]);
        let (summary, rest) = t.split_once('\n').unwrap();
        (summary.to_string(), rest.to_string())
    };
    let (summary, archive) = table(folder);
    assert!(
        summary.starts_with("4 games (0 skipped) from 2 databases of "),
        "{summary}"
    );
    assert_eq!(archive, table(cdp.to_str().unwrap()).1);

    // A database that does not open costs only itself.
    std::fs::write(dir.join("more.EMB"), b"xx").unwrap();
    let out = run(&["search", folder, "--fen", after_e4], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "Base\t0\t1\n");
    assert!(text(&out.stderr).contains("databases searched: 1 of 2"));
    let out = run(&["tree", folder], b"");
    assert_eq!(out.status.code(), Some(1));
    let summary = text(&out.stdout);
    assert!(
        summary.starts_with("3 games (0 skipped) from 1 of 2 databases of "),
        "{summary}"
    );
    assert!(text(&out.stderr).contains("more: not opened"));
    let out = run(&["find", folder, "--result", "1-0"], b"");
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (Some(1), "Base\t0\n".into())
    );
}

/// `cadb player FOLDER NAME`: the player's games in every database that
/// has the name (case aside), opponents joined by name, each game named by
/// its database.
#[test]
fn a_players_card_across_a_folder() {
    let dir = scratch("player");
    write_db_as(&dir, "Base", GAMES, &[]);
    let more = "[White \"Topalov\"] [Black \"ANAND\"] [Result \"1/2-1/2\"]\n1. d4 d5 1/2-1/2\n\n\
                [White \"Short\"] [Black \"Timman\"] [Result \"0-1\"]\n1. e4 e5 0-1\n";
    write_db_as(&dir, "more", more, &["--every-trick"]);
    let folder = dir.to_str().unwrap();
    let card: serde_json::Value =
        serde_json::from_str(&ok(&["player", folder, "anand", "--json"])).unwrap();
    assert_eq!(card["white"]["wins"], 1);
    assert_eq!(card["black"]["draws"], 1);
    assert_eq!(card["opponents"].as_array().unwrap().len(), 1);
    assert_eq!(card["opponents"][0]["name"], "Topalov");
    assert_eq!(card["opponents"][0]["score"]["wins"], 1);
    assert_eq!(card["opponents"][0]["score"]["draws"], 1);
    assert_eq!(
        card["games"],
        serde_json::json!([{ "database": "Base", "game": 0 }, { "database": "more", "game": 0 }])
    );
    let text_card = ok(&["player", folder, "Timman"]);
    assert!(text_card.contains("in:        Base, more\n"), "{text_card}");
    assert!(
        text_card.contains("total:     2 games: +1 =1 -0"),
        "{text_card}"
    );
    // One database alone: its own numbers, as before.
    let one: serde_json::Value = serde_json::from_str(&ok(&[
        "player",
        dir.join("more.CDP").to_str().unwrap(),
        "timman",
        "--json",
    ]))
    .unwrap();
    assert_eq!(one["games"], serde_json::json!([1]));
    let out = run(&["player", folder, "Nobody"], b"");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no player named"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A game copied into 22 databases names 20 of its copies, then how many more.
#[test]
fn a_long_list_of_copies_is_cut() {
    let dir = scratch("many-copies");
    let cdp = write_db_as(&dir, "A00", "[White \"P\"] [Black \"Q\"]\n1. e4 *\n", &[]);
    for k in 1..22 {
        for ext in ["CDP", "EMB", "D00", "A02", "D02"] {
            let to = dir.join(format!("A{k:02}.{ext}"));
            std::fs::copy(cdp.with_extension(ext), to).unwrap();
        }
    }
    let out = run(&["pgn", dir.to_str().unwrap(), "--dedupe"], b"");
    let pgn = text(&out.stdout);
    let names: Vec<String> = (1..21).map(|k| format!("A{k:02} game 0")).collect();
    let tag = format!("[CACopies \"{}, and 1 more\"]", names.join(", "));
    assert!(pgn.contains(&tag), "{pgn}");
    assert_eq!(pgn.matches("[Event ").count(), 1);
}
