//! `cadb annotate` with Debian's Stockfish (scripts/setup.sh installs it;
//! `$CADB_STOCKFISH` names another): a mate in one found, scores from
//! White's view whoever is to move, a blunder marked, a missing engine, an
//! engine that crashes or hangs (no game lost), and a resumed run equal to
//! a whole one. Depth 8 and a few games keep it quick.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::path::Path;

mod common;

use common::{run, text};

const GAMES: &str = "\
[White \"Mate in one\"]\n[Result \"1-0\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1\"]\n[SetUp \"1\"]\n\n\
1... Kh8 2. Ra8# 1-0\n\n\
[White \"Black a queen up\"]\n[Result \"0-1\"]\n[FEN \"3qk3/8/8/8/8/8/8/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n\
1... Kf7 2. Ke2 0-1\n\n\
[White \"Fool\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[White \"Quiet\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n";

/// The engine the tests drive: it must be there (setup installs it).
fn stockfish() -> String {
    let path = std::env::var("CADB_STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
    assert!(
        Path::new(&path).is_file(),
        "{path} is missing: scripts/setup.sh installs Debian's stockfish (or set CADB_STOCKFISH)"
    );
    path
}

fn dir(name: &str) -> common::Scratch {
    common::scratch("annotate", name)
}

/// A database of `pgn` in `dir` (the plain layout, whose records a test
/// can find by hand): its .CDP path.
fn db(dir: &Path, pgn: &str) -> String {
    let out = run(
        &["write", dir.join("T").to_str().unwrap(), "--plain"],
        pgn.as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    dir.join("T.CDP").to_str().unwrap().to_string()
}

/// `cadb annotate CDP --engine ENGINE ARGS`: exit code, stdout, stderr.
fn annotate(cdp: &str, engine: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["annotate", cdp, "--engine", engine];
    all.extend_from_slice(args);
    let out = run(&all, b"");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The games of a PGN text, split at their `[Event` tags.
fn games(pgn: &str) -> Vec<String> {
    pgn.split("[Event ")
        .skip(1)
        .map(|g| format!("[Event {g}"))
        .collect()
}

#[test]
fn mates_signs_and_blunders() {
    let d = dir("found");
    let cdp = db(&d, GAMES);
    let (code, out, err) = annotate(&cdp, &stockfish(), &["--depth", "8", "--threads", "2"]);
    assert_eq!(code, Some(0), "{err}");
    let g = games(&out);
    assert_eq!(g.len(), 4, "{out}");
    // After 1... Kh8 White mates at once: #1, White's view.
    assert!(g[0].contains("{ [%eval #1] } 2. Ra8# 1-0"), "{}", g[0]);
    // Black a queen up: negative after Black's move (White to move) and
    // after White's (Black to move).
    let evals: Vec<&str> = g[1].split("[%eval ").skip(1).collect();
    assert_eq!(evals.len(), 2, "{}", g[1]);
    assert!(
        evals
            .iter()
            .all(|e| e.starts_with('-') || e.starts_with("#-")),
        "{}",
        g[1]
    );
    // 2. g4 walks into mate in one; the mate itself carries no score.
    assert!(g[2].contains("2. g4 $4 { [%eval #-1] }"), "{}", g[2]);
    assert!(g[2].contains("Qh4# 0-1"), "{}", g[2]);
    assert_eq!(g[3].matches("[%eval ").count(), 6, "{}", g[3]);
    assert!(err.contains("annotate: 4 games written"), "{err}");
    assert!(err.contains("nodes/s"), "{err}");
}

#[test]
fn a_missing_engine_is_named_and_nothing_is_written() {
    let d = dir("missing");
    let cdp = db(&d, GAMES);
    let out = d.join("out.pgn");
    let (code, _, err) = annotate(&cdp, "/nonexistent/engine", &["-o", out.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/nonexistent/engine"), "{err}");
    assert!(!out.exists());
}

/// A shell script that speaks UCI until `go`, then does `on_go`.
fn fake_engine(dir: &Path, on_go: &str) -> String {
    let path = dir.join("engine.sh");
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

/// An engine that dies, or stops answering, on every search: each game is
/// still written, in order, unanalysed, with a warning naming it.
#[test]
fn a_failing_engine_loses_no_game() {
    for (name, on_go, timeout) in [("crash", "exit 3", "120"), ("hang", "exec sleep 60", "1")] {
        let d = dir(name);
        let cdp = db(&d, GAMES);
        let engine = fake_engine(&d, on_go);
        let (code, out, err) = annotate(&cdp, &engine, &["--threads", "2", "--timeout", timeout]);
        assert_eq!(code, Some(1), "{name}: {err}");
        let g = games(&out);
        let whites: Vec<bool> = ["Mate in one", "Black a queen up", "Fool", "Quiet"]
            .iter()
            .zip(&g)
            .map(|(w, g)| g.contains(&format!("[White \"{w}\"]")))
            .collect();
        assert_eq!(whites, [true; 4], "{name}: {out}");
        assert!(!out.contains("%eval"), "{name}: {out}");
        for i in 0..4 {
            assert!(err.contains(&format!("game {i}: ")), "{name}: {err}");
        }
        assert!(err.contains("4 engine failures"), "{name}: {err}");
    }
}

/// A run cut off mid-game, run again on its output, ends equal to one
/// whole run (Stockfish is deterministic at a fixed depth on one thread).
#[test]
fn a_stopped_run_resumes() {
    let d = dir("resume");
    let cdp = db(&d, GAMES);
    let sf = stockfish();
    let whole = d.join("whole.pgn");
    let args = |out: &Path| {
        vec![
            "--depth".to_string(),
            "8".into(),
            "-o".into(),
            out.to_str().unwrap().into(),
        ]
    };
    let run_to = |out: &Path| {
        let a = args(out);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        annotate(&cdp, &sf, &a)
    };
    let (code, stdout, err) = run_to(&whole);
    assert_eq!((code, stdout.as_str()), (Some(0), ""), "{err}");
    let full = std::fs::read_to_string(&whole).unwrap();
    // Twice from scratch: the same text.
    let again = d.join("again.pgn");
    run_to(&again);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), full);

    let g = games(&full);
    for cut in [
        0,
        g[0].len() + g[1].len() / 2,
        g[0].len() + g[1].len(),
        full.len() - 3,
    ] {
        let part = d.join(format!("part{cut}.pgn"));
        std::fs::write(&part, &full[..cut]).unwrap();
        let (code, _, err) = run_to(&part);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(
            std::fs::read_to_string(&part).unwrap(),
            full,
            "cut at {cut}: {err}"
        );
    }
    // Complete: nothing more to do, nothing changed.
    let (code, _, err) = run_to(&whole);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("4 complete games kept"), "{err}");
    assert_eq!(std::fs::read_to_string(&whole).unwrap(), full);
}

/// A file that is not this database's output, named by mistake, is
/// refused and left whole: a text, another database's annotated games, and
/// this one's games in another order. Nothing is cut or appended.
#[test]
fn another_file_named_as_output_is_left_whole() {
    let d = dir("foreign");
    let cdp = db(&d, GAMES);
    let sf = stockfish();
    let whole = d.join("whole.pgn");
    let (code, _, err) = annotate(&cdp, &sf, &["--depth", "6", "-o", whole.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let full = std::fs::read_to_string(&whole).unwrap();
    let g = games(&full);
    let other_db = dir("foreign-other");
    let other = db(
        &other_db,
        "[White \"Someone else\"]\n[Result \"*\"]\n\n1. e4 *\n",
    );
    let other_out = other_db.join("out.pgn");
    let (code, _, err) = annotate(
        &other,
        &sf,
        &["--depth", "6", "-o", other_out.to_str().unwrap()],
    );
    assert_eq!(code, Some(0), "{err}");
    let swapped = format!("{}{}", g[1], g[0]);
    for (what, text) in [
        (
            "a text",
            "My notes on the 1998 club championship.\n\nKeep this.\n".to_string(),
        ),
        (
            "another database's output",
            std::fs::read_to_string(&other_out).unwrap(),
        ),
        ("this database's games in another order", swapped),
    ] {
        let f = d.join("mine.txt");
        std::fs::write(&f, &text).unwrap();
        let (code, _, err) = annotate(&cdp, &sf, &["--depth", "6", "-o", f.to_str().unwrap()]);
        assert_eq!(code, Some(2), "{what}: {err}");
        assert!(
            err.contains("not this database's `cadb annotate` output"),
            "{what}: {err}"
        );
        assert_eq!(
            std::fs::read_to_string(&f).unwrap(),
            text,
            "{what}: changed"
        );
    }
}

/// An engine that dies on its first search only (a script that becomes
/// Stockfish once a marker file exists): the game it died on is written
/// unanalysed, and the engine started afresh analyses the rest.
#[test]
fn a_crashed_engine_is_restarted_for_the_next_game() {
    let d = dir("restart");
    let cdp = db(&d, GAMES);
    let marker = d.join("crashed");
    let path = d.join("once.sh");
    let script = format!(
        "#!/bin/sh\n[ -e '{m}' ] && exec '{sf}'\nwhile read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    isready) echo readyok;;\n    go*) touch '{m}'; exit 3;;\n  esac\ndone\n",
        m = marker.display(),
        sf = stockfish()
    );
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (code, out, err) = annotate(
        &cdp,
        path.to_str().unwrap(),
        &["--depth", "8", "--threads", "1"],
    );
    assert_eq!(code, Some(1), "{err}");
    let g = games(&out);
    let evals: Vec<usize> = g.iter().map(|g| g.matches("[%eval").count()).collect();
    assert_eq!(evals, [0, 2, 3, 6], "{out}");
    assert!(
        err.contains("game 0: ply 0: ") && err.contains("1 engine failures"),
        "{err}"
    );
}

/// A game whose record is damaged is written as `cadb pgn` writes it,
/// unanalysed, with the same warning; the others are analysed.
#[test]
fn a_damaged_game_is_written_as_cadb_pgn_writes_it() {
    let d = dir("damaged");
    let cdp = db(&d, GAMES);
    // Game 1's record: its first move byte becomes an unknown code (255),
    // as tests/ca_cli.rs damages one.
    let d00 = std::fs::read(d.join("T.D00")).unwrap();
    let a02 = std::fs::read(d.join("T.A02")).unwrap();
    let id = u32::from_le_bytes(d00[38 + 24..38 + 28].try_into().unwrap()) as usize;
    let at = i32::from_le_bytes(a02[id * 4..id * 4 + 4].try_into().unwrap()) as usize;
    let mut d02 = std::fs::read(d.join("T.D02")).unwrap();
    d02[at + 1] = 255;
    std::fs::write(d.join("T.D02"), d02).unwrap();

    let pgn = run(&["pgn", &cdp], b"");
    assert_eq!(pgn.status.code(), Some(1));
    let (want, warning) = (games(&text(&pgn.stdout)), text(&pgn.stderr));
    let warning = warning.lines().find(|l| l.starts_with("game 1:")).unwrap();
    let (code, out, err) = annotate(&cdp, &stockfish(), &["--depth", "8"]);
    assert_eq!(code, Some(1), "{err}");
    let got = games(&out);
    assert_eq!(got[1], want[1]);
    assert!(err.lines().any(|l| l == warning), "{err}");
    assert!(got[3].contains("[%eval"), "{out}");
    assert!(err.contains("1 damaged"), "{err}");
}
