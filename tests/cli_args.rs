//! The `cadb` binary's argument parsing (clap): help for every command,
//! usage errors in clap's form with exit 2, value lists taken from the
//! library's tables, and runtime failures still as `cadb: MESSAGE`, exit 2.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};

use cadb::{bench::Pass, ordinal::Ordering, text::TextEncoding};

mod common;

use common::{run, text};

/// A usage error: exit 2, nothing on stdout, and clap's `error:` on stderr.
fn usage_error(args: &[&str]) -> String {
    let out = run(args, b"");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "cadb {args:?}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "cadb {args:?}: {}",
        text(&out.stdout)
    );
    assert!(stderr.starts_with("error: "), "cadb {args:?}: {stderr}");
    stderr
}

/// A small database (three games) in a fresh scratch folder.
fn small_db(name: &str) -> (common::Scratch, PathBuf) {
    let dir = common::scratch("args", name);
    let pgn = "[White \"Иванов\"] [Result \"1-0\"]\n1. e4 e5 2. Nf3 1-0\n\n\
               [Result \"0-1\"]\n1. d4 d5 0-1\n\n[Result \"*\"]\n1. c4 *\n";
    let stem = dir.join("GAMES");
    let out = run(&["write", stem.to_str().unwrap()], pgn.as_bytes());
    assert!(out.status.success(), "cadb write: {}", text(&out.stderr));
    let cdp = dir.join("GAMES.CDP");
    (dir, cdp)
}

#[test]
fn top_level_help_names_every_command_and_the_conventions() {
    for flag in ["--help", "-h", "help"] {
        let out = run(&[flag], b"");
        assert_eq!(out.status.code(), Some(0), "cadb {flag}");
        let help = text(&out.stdout);
        for cmd in [
            "info", "pgn", "json", "write", "jose", "uci16", "mgc", "pgc", "tree", "stats", "bench",
        ] {
            assert!(
                help.lines().any(|l| l.trim_start().starts_with(cmd)),
                "cadb {flag}: no {cmd} line in\n{help}"
            );
        }
        assert!(help.contains("DB is a .CDP path or a folder"), "{help}");
        assert!(help.contains("found by stem, ignoring case"), "{help}");
        assert!(help.contains("Hex is printed lowercase"), "{help}");
    }
    // Without a command: the help, on stderr, as a usage error.
    let out = run(&[], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("Usage: cadb <COMMAND>"));
}

#[test]
fn every_command_help_lists_its_options() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["info"], &["<DB>", "--encoding <NAME>"]),
        (&["pgn"], &["<DB>", "--game <N>", "--encoding <NAME>"]),
        (&["json"], &["<DB>", "--game <N>", "--encoding <NAME>"]),
        (
            &["write"],
            &[
                "<OUT_DIR/STEM>",
                "--encoding <NAME>",
                "--left",
                "--plain",
                "--seed <N>",
                "--comment <TEXT>",
            ],
        ),
        (&["jose"], &["decode", "encode", "--fen <FEN>"]),
        (
            &["jose", "decode"],
            &["--bin <HEX>", "--comments <HEX>", "--fen <FEN>"],
        ),
        (&["jose", "encode"], &["--fen <FEN>"]),
        (
            &["uci16", "decode"],
            &["<HEX>", "--fen <FEN>", "--allow-null"],
        ),
        (&["uci16", "encode"], &["--fen <FEN>", "--allow-null"]),
        (
            &["mgc", "decode"],
            &["<HEX>", "--ordering <NAME>", "--fen <FEN>"],
        ),
        (&["mgc", "encode"], &["--ordering <NAME>", "--fen <FEN>"]),
        (
            &["pgc", "decode"],
            &["<HEX>", "--ordering <NAME>", "--fen <FEN>"],
        ),
        (&["pgc", "encode"], &["--ordering <NAME>", "--fen <FEN>"]),
        (
            &["tree"],
            &[
                "<DB|games.pgn|tree.cadbtree>",
                "--fen <FEN>",
                "--plies <N>",
                "--out <FILE>",
                "--encoding <NAME>",
            ],
        ),
        (
            &["stats"],
            &["<DB|games.pgn>", "--markdown", "--encoding <NAME>"],
        ),
        (
            &["bench"],
            &[
                "<DB>",
                "--vs-pgn <PGN>",
                "--rounds <N>",
                "--json",
                "--only <PASS>",
                "--encoding <NAME>",
            ],
        ),
    ];
    for (cmd, options) in cases {
        let args: Vec<&str> = cmd.iter().copied().chain(["--help"]).collect();
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(0), "cadb {args:?}");
        let help = text(&out.stdout);
        assert!(
            help.contains(&format!("Usage: cadb {}", cmd.join(" "))),
            "{help}"
        );
        for option in *options {
            assert!(
                help.contains(option),
                "cadb {args:?} lacks {option}:\n{help}"
            );
        }
        // `cadb help CMD` says the same.
        let args: Vec<&str> = ["help"].into_iter().chain(cmd.iter().copied()).collect();
        assert_eq!(text(&run(&args, b"").stdout), help, "cadb {args:?}");
    }
}

#[test]
fn value_lists_come_from_the_library() {
    let help = text(&run(&["info", "--help"], b"").stdout);
    let names: Vec<&str> = TextEncoding::ALL.iter().map(|e| e.name()).collect();
    assert!(
        help.contains(&format!("[possible values: {}]", names.join(", "))),
        "{help}"
    );
    let help = text(&run(&["mgc", "decode", "--help"], b"").stdout);
    let names: Vec<&str> = Ordering::ALL.iter().map(|o| o.name()).collect();
    assert!(
        help.contains(&format!("[possible values: {}]", names.join(", "))),
        "{help}"
    );
    let help = text(&run(&["bench", "--help"], b"").stdout);
    for pass in Pass::ALL {
        let line = format!("- {}:", pass.key());
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&line) && l.trim_end().ends_with(pass.name())),
            "no {line} {} in\n{help}",
            pass.name()
        );
    }
}

#[test]
fn unknown_option_is_clap_usage_error() {
    let err = usage_error(&["info", "some.CDP", "--bogus"]);
    assert!(err.contains("unexpected argument '--bogus' found"), "{err}");
    assert!(err.contains("Usage: cadb info"), "{err}");
    let err = usage_error(&["jose", "encode", "--bin", "00"]);
    assert!(err.contains("unexpected argument '--bin' found"), "{err}");
    let err = usage_error(&["frobnicate"]);
    assert!(
        err.contains("unrecognized subcommand 'frobnicate'"),
        "{err}"
    );
}

#[test]
fn unknown_values_name_the_valid_ones() {
    let err = usage_error(&["info", "some.CDP", "--encoding", "koi8-r"]);
    assert!(
        err.contains("invalid value 'koi8-r' for '--encoding <NAME>'"),
        "{err}"
    );
    for e in TextEncoding::ALL {
        assert!(err.contains(e.name()), "{err}");
    }
    let err = usage_error(&["mgc", "decode", "00", "--ordering", "worst"]);
    assert!(err.contains("invalid value 'worst'"), "{err}");
    for o in Ordering::ALL {
        assert!(err.contains(o.name()), "{err}");
    }
    let err = usage_error(&["bench", "some.CDP", "--only", "fastest"]);
    assert!(err.contains("invalid value 'fastest'"), "{err}");
    for p in Pass::ALL {
        assert!(err.contains(p.key()), "{err}");
    }
    let err = usage_error(&["pgn", "some.CDP", "--game", "first"]);
    assert!(
        err.contains("invalid value 'first' for '--game <N>'"),
        "{err}"
    );
    let err = usage_error(&["uci16", "decode", "abc"]);
    assert!(err.contains("odd number of digits"), "{err}");
}

#[test]
fn missing_values_are_usage_errors() {
    let err = usage_error(&["json", "some.CDP"]);
    assert!(
        err.contains("required arguments were not provided") && err.contains("--game <N>"),
        "{err}"
    );
    let err = usage_error(&["pgn", "some.CDP", "--game"]);
    assert!(
        err.contains("a value is required for '--game <N>'"),
        "{err}"
    );
    let err = usage_error(&["jose", "decode"]);
    assert!(err.contains("--bin <HEX>"), "{err}");
    let err = usage_error(&["tree"]);
    assert!(err.contains("<DB|games.pgn|tree.cadbtree>"), "{err}");
    // A family without its subcommand shows its help as the error.
    let out = run(&["uci16"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("decode"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn runtime_failures_keep_the_cadb_prefix() {
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("no-such-dir/NONE.CDP");
    let out = run(&["info", missing.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("cadb: "), "{stderr}");
}

#[test]
fn encoding_aliases_and_options_in_any_order() {
    let (dir, cdp) = small_db("aliases");
    let cdp = cdp.to_str().unwrap();
    // The aliases TextEncoding's FromStr takes, in any case.
    for (alias, name) in [
        ("windows-1251", "cp1251"),
        ("DOS", "cp866"),
        ("utf8", "utf-8"),
    ] {
        let out = run(&["info", "--encoding", alias, cdp], b"");
        assert!(out.status.success(), "{alias}: {}", text(&out.stderr));
        let info = text(&out.stdout);
        assert!(
            info.contains(&format!("encoding:    {name}")),
            "{alias}: {info}"
        );
    }
    // The default is the library's.
    let info = text(&run(&["info", cdp], b"").stdout);
    let default = TextEncoding::default().name();
    assert!(info.contains(&format!("encoding:    {default}")), "{info}");
    // Options of a codec family before or after its subcommand.
    let a = run(&["mgc", "--ordering", "best", "encode"], b"e4 e5 Nf3");
    let b = run(&["mgc", "encode", "--ordering", "best"], b"e4 e5 Nf3");
    let c = run(&["mgc", "encode"], b"e4 e5 Nf3");
    assert!(a.status.success() && b.status.success() && c.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout, "--ordering best changed nothing");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bench_only_runs_the_chosen_passes() {
    let (dir, cdp) = small_db("bench");
    let cdp = cdp.to_str().unwrap();
    let measures = |only: &str| -> Vec<String> {
        let out = run(
            &["bench", cdp, "--rounds", "1", "--json", "--only", only],
            b"",
        );
        assert!(out.status.success(), "--only {only}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["measures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap().to_string())
            .collect()
    };
    for pass in Pass::ALL {
        assert_eq!(measures(pass.key()), [pass.name()]);
    }
    assert_eq!(measures("pgn-reader").len(), 3);
    assert_eq!(
        measures("pgn-reader-main"),
        ["pgn-reader, validating main line"]
    );
    assert!(measures("none").is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

/// A reader that goes away (`cadb find DB | head -1`) ends the process
/// quietly, exit 0, as a pipe's writer does; `println!` panicked (exit 101).
/// The output (30,000 lines) is larger than a pipe holds, so the write
/// after the reader left fails.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    let dir = common::scratch("args", "pipe");
    let pgn = "1. e4 *\n\n".repeat(30_000);
    let cdp = common::write_db(&dir, "MANY", &pgn, &["--plain"]);
    let args = ["find", cdp.to_str().unwrap()];
    let mut child = std::process::Command::new(common::EXE)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 2];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe's read end is closed here.
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(dir).unwrap();
}
