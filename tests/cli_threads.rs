//! `--threads N` changes how fast, never what: `cadb pgn`, `cadb search`,
//! `cadb doctor` and `cadb tree` on several threads print the same bytes, the same warnings in
//! the same order and the same exit code as on one, over every layout the
//! writer makes and over damaged records.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

#[path = "support/fixtures.rs"]
mod fixtures;

mod common;

use std::path::{Path, PathBuf};

use common::{run, text};

fn scratch(name: &str) -> common::Scratch {
    common::scratch("threads", name)
}

/// The fixture games, with Cyrillic names (the text's decoding is part of
/// the output), written as DIR/STEM.* with `cadb write OPTIONS`.
fn write(dir: &Path, stem: &str, options: &[&str]) -> PathBuf {
    let pgn = fixtures::pgn().replacen("[White \"", "[White \"Таль, ", 50);
    common::write_db(dir, stem, &pgn, options)
}

/// `cadb pgn` on one thread, then on several with chunks of several
/// sizes: every output equal to the first. Returns the first.
fn same_on_every_thread_count(cdp: &Path) -> std::process::Output {
    same_output(&["pgn", cdp.to_str().unwrap()])
}

/// `cadb ARGS` on one thread, then on several with chunks (of games, or
/// of games to replay) of several sizes: every output equal to the first.
/// Returns the first.
fn same_output(args: &[&str]) -> std::process::Output {
    let one = run(&[args, &["--threads", "1"]].concat(), b"");
    assert!(!one.stdout.is_empty(), "{args:?}: {}", text(&one.stderr));
    for (threads, chunk) in [("2", "1"), ("3", "7"), ("4", "50"), ("3", "1000")] {
        let many = run(
            &[args, &["--threads", threads, "--chunk-games", chunk]].concat(),
            b"",
        );
        let what = format!("{args:?}: {threads} threads, chunks of {chunk}");
        assert!(one.stdout == many.stdout, "{what}: the output differs");
        assert_eq!(text(&one.stderr), text(&many.stderr), "{what}");
        assert_eq!(one.status.code(), many.status.code(), "{what}");
    }
    one
}

#[test]
fn every_layout_prints_the_same_pgn_on_any_number_of_threads() {
    let dir = scratch("layouts");
    let layouts: [(&str, &[&str]); 6] = [
        ("PLAIN", &["--plain"]),
        ("DEFAULT", &[]),
        ("LEFT", &["--left"]),
        ("TRICKS1", &["--every-trick", "--seed", "1"]),
        ("TRICKS2", &["--every-trick", "--seed", "2", "--left"]),
        ("DOS", &["--every-trick", "--encoding", "cp866"]),
    ];
    let mut first = None;
    for (stem, options) in layouts {
        let out = same_on_every_thread_count(&write(&dir, stem, options));
        assert!(out.status.success(), "{stem}: {}", text(&out.stderr));
        // And every layout the same games as the plain one.
        let pgn = text(&out.stdout);
        assert_eq!(pgn.matches("[Event ").count(), 216, "{stem}");
        let cdp = dir.join(format!("{stem}.CDP"));
        let cdp = cdp.to_str().unwrap();
        same_output(&["doctor", cdp]);
        same_output(&["doctor", cdp, "--duplicates"]);
        same_output(&["pgn", cdp, "--dedupe"]);
        // A code page the reader chose, not the one guessed: every
        // thread's database reads with it.
        same_output(&["pgn", cdp, "--encoding", "cp1251"]);
        same_output(&["tree", cdp, "--plies", "6"]);
        same_output(&[
            "tree",
            cdp,
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ]);
        assert_eq!(first.get_or_insert_with(|| pgn.clone()), &pgn, "{stem}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn damaged_records_are_named_in_the_same_order_on_any_number_of_threads() {
    let dir = scratch("damaged");
    let cdp = write(&dir, "TRICKS", &["--every-trick", "--seed", "3"]);
    // Every 997th byte of D02 becomes 255 (an unknown move code where it
    // lands in moves): several games fail, spread over the chunks.
    let d02 = dir.join("TRICKS.D02");
    let mut bytes = std::fs::read(&d02).unwrap();
    for at in (500..bytes.len()).step_by(997) {
        bytes[at] = 255;
    }
    std::fs::write(&d02, bytes).unwrap();
    let out = same_on_every_thread_count(&cdp);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.matches("game ").count() > 3, "{stderr}");
    // The doctor counts the same failures, of the same kinds in the same
    // order, whole or sampled.
    let cdp = cdp.to_str().unwrap();
    let report = text(&same_output(&["doctor", cdp]).stdout);
    assert!(report.contains("games stopping on"), "{report}");
    same_output(&["doctor", cdp, "--json", "--games", "100"]);
    same_output(&["doctor", cdp, "--json", "--duplicates"]);
    // The damaged games are written, and named, whatever their copies.
    let deduped = same_output(&["pgn", cdp, "--dedupe"]);
    let named = |s: &str| s.lines().filter(|l| l.starts_with("game ")).count();
    assert!(named(&stderr) > 3, "{stderr}");
    assert_eq!(named(&text(&deduped.stderr)), named(&stderr));
    // The opening tree skips the same games.
    let tree = text(&same_output(&["tree", cdp]).stdout);
    assert!(tree.contains("skipped"), "{tree}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_search_finds_the_same_games_on_any_number_of_threads() {
    let dir = scratch("search");
    for (stem, options) in [
        ("PLAIN", &["--plain"][..]),
        ("TRICKS", &["--every-trick", "--seed", "4"]),
    ] {
        let cdp = write(&dir, stem, options);
        let cdp = cdp.to_str().unwrap();
        let searches: [&[&str]; 8] = [
            &["--material", "diff points>=2"],
            &["--pattern", "Nd5"],
            &["--comment", "the"],
            &["--opening", "Gambit"],
            &["--nag", "1"],
            &["--maneuver", "Nb1-c3", "--result", "1-0"],
            &["--material", "Q vs R either", "--json"],
            &[
                "--comment",
                "the",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b",
            ],
        ];
        for search in searches {
            let out = same_output(&[&["search", cdp][..], search].concat());
            let hits = text(&out.stdout).lines().count();
            // Each search finds something and leaves something out.
            assert!(hits > 0, "{search:?}");
            assert!(hits < 216, "{search:?}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_bad_thread_count_is_a_usage_error() {
    let out = run(&["pgn", "x.CDP", "--threads", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--threads"),
        "{}",
        text(&out.stderr)
    );
}
