//! `cadb search` with the searches inside games: each flag on a crafted
//! database whose answers are known by hand, the header filters, `--json`,
//! and a bad expression's message and exit code.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};

mod common;

use common::{run, text};

const PGN: &str = "[White \"Anna\"]\n[Black \"Boris\"]\n[Date \"1990.01.01\"]\n[Result \"1-0\"]\n\n\
1. e4 d5 2. exd5 Qxd5 {Блестяще, a queen sortie} 3. Nc3 Qa5 $3 4. d4 {[%eval 0.20]} 4... Nf6 \
{[%eval 2.40]} 5. Nf3 Bf5 6. Bc4 e6 7. O-O c6 1-0\n\n\
[White \"Cleo\"]\n[Black \"Anna\"]\n[Date \"2001.01.01\"]\n[Result \"0-1\"]\n\n\
1. Nf3 d5 2. g3 Nf6 3. Bg2 e6 4. O-O Be7 5. d3 O-O 6. Nbd2 c5 7. e4 Nc6 8. Re1 b5 9. Nf1 0-1\n";

/// The database and its scratch folder (removed when that is dropped).
fn db(name: &str) -> (common::Scratch, PathBuf) {
    let dir = common::scratch("find-cli", name);
    let path = dir.join("T");
    let out = run(&["write", path.to_str().unwrap()], PGN.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let cdp = dir.join("T.CDP");
    (dir, cdp)
}

/// stdout of `cadb search DB ARGS`, which must succeed.
fn search(cdp: &Path, args: &[&str]) -> String {
    let mut all = vec!["search", cdp.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all, b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn each_flag_finds_its_games_and_plies() {
    let (_dir, cdp) = db("flags");
    // 2. exd5 (ply 3): White is a pawn up.
    assert_eq!(search(&cdp, &["--material", "diff P=1"]), "0\t3\n");
    assert_eq!(search(&cdp, &["--material", "diff P=1 either"]), "0\t3\n");
    // A white pawn on e4 and no black c7 pawn: game 1 after 7. e4 (ply 13).
    assert_eq!(search(&cdp, &["--pattern", "Pe4 !pc7"]), "1\t13\n");
    assert_eq!(search(&cdp, &["--maneuver", "Nb1-d2-f1"]), "1\t17\n");
    assert_eq!(search(&cdp, &["--maneuver", "Ke1-g1"]), "0\t13\n1\t7\n");
    assert_eq!(search(&cdp, &["--comment", "блестяще"]), "0\t4\n");
    assert_eq!(search(&cdp, &["--nag", "3"]), "0\t6\n");
    assert_eq!(search(&cdp, &["--has-eval"]), "0\t7\n");
    assert_eq!(search(&cdp, &["--eval-swing", "2.2"]), "0\t8\n");
    assert_eq!(search(&cdp, &["--eval-swing", "2.21"]), "");
    // b.tsv's deepest line of game 0: "B01 Scandinavian Defense: Classical
    // Variation" (5. ... Bf5, ply 10). Game 1 follows "A07 King's Indian
    // Attack" (1. Nf3 d5 2. g3) and, after 8. Re1 (ply 15), reaches by
    // transposition the position of a.tsv's "A08 King's Indian Attack:
    // Sicilian Variation 1. e4 e6 2. d3 d5 3. Nd2 Nf6 4. Ngf3 c5 5. g3 Nc6
    // 6. Bg2 Be7 7. O-O O-O 8. Re1" (the same pieces on the same squares).
    assert_eq!(search(&cdp, &["--opening", "scandinavian"]), "0\t10\n");
    assert_eq!(
        search(&cdp, &["--opening", "Classical Variation"]),
        "0\t10\n"
    );
    assert_eq!(search(&cdp, &["--opening", "a08"]), "1\t15\n");
    assert_eq!(search(&cdp, &["--opening", "a07"]), "");
    assert_eq!(search(&cdp, &["--opening", "king's indian"]), "1\t15\n");
    assert_eq!(search(&cdp, &["--opening", "Najdorf"]), "");
    // Header filters, alone and with a condition.
    assert_eq!(search(&cdp, &["--player", "cleo"]), "1\t0\n");
    assert_eq!(
        search(&cdp, &["--year-from", "2000", "--maneuver", "Ke1-g1"]),
        "1\t7\n"
    );
    assert_eq!(
        search(&cdp, &["--result", "1-0", "--maneuver", "Ke1-g1"]),
        "0\t13\n"
    );
    // --fen keeps its meaning, and narrows the other conditions.
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b";
    assert_eq!(search(&cdp, &["--fen", e4]), "0\t1\n");
    assert_eq!(
        search(&cdp, &["--fen", e4, "--maneuver", "Ke1-g1"]),
        "0\t13\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&search(&cdp, &["--nag", "3", "--json"])).unwrap();
    assert_eq!(json["hits"][0]["ply"], 6);
    assert_eq!(json["searched"], 2);
}

#[test]
fn a_bad_expression_exits_2_naming_the_token() {
    let (_dir, cdp) = db("bad");
    let out = run(
        &["search", cdp.to_str().unwrap(), "--material", "RB vs X"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("material: unexpected `X` at 6: expected a piece letter"),
        "{err}"
    );
    for (flag, bad) in [
        ("--pattern", "Zd5"),
        ("--maneuver", "Nb1"),
        ("--comment", "\"\""),
        ("--nag", "300"),
        ("--eval-swing", "0"),
    ] {
        let out = run(&["search", cdp.to_str().unwrap(), flag, bad], b"");
        assert_eq!(out.status.code(), Some(2), "{flag} {bad}");
    }
    // Each new flag's help shows its syntax with an example.
    let help = text(&run(&["search", "--help"], b"").stdout);
    for example in [
        "RB vs RN",
        "Nd5 !pc",
        "Nb1-d2-f1-g3",
        "--nag 3",
        "--eval-swing 2.5",
        "Najdorf",
    ] {
        assert!(help.contains(example), "--help shows {example}");
    }
}

#[test]
fn search_takes_every_header_filter_of_find() {
    let (_dir, cdp) = db("filters");
    // Game 0 is Anna-Boris (1990), game 1 Cleo-Anna (2001): the same
    // flags as `cadb find`, beyond the ones `search` had before.
    assert_eq!(search(&cdp, &["--text", "boris", "--nag", "3"]), "0\t6\n");
    assert_eq!(
        search(
            &cdp,
            &[
                "--player",
                "anna",
                "--color",
                "black",
                "--exact",
                "--maneuver",
                "Ke1-g1"
            ]
        ),
        "1\t7\n"
    );
    let out = run(
        &["search", cdp.to_str().unwrap(), "--game-type", "nonsense"],
        b"",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("unknown game type"),
        "{}",
        text(&out.stderr)
    );
}
