//! Writer → reader round trip on every fixture game, in both file-direction
//! conventions and with every writer trick, checked two ways:
//! 1. the decoded tree equals the imported source tree (moves, variations,
//!    comments, NAGs, evaluations, diagrams, headers the format holds);
//! 2. the exported PGN, reparsed by pgn-reader (an independent parser),
//!    gives the same token stream as the source PGN reparsed by pgn-reader.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;

use std::{fs, ops::ControlFlow};

use cadb::{
    ca::{Convention, Database, OpenOptions, writer},
    game::{Game, Node, import::read_pgn_lenient, pgn::to_pgn},
    text::TextEncoding,
};
use pgn_reader::{Nag, RawComment, Reader, SanPlus, Skip, Visitor};

fn fixture_games() -> Vec<(String, Game)> {
    let mut out = vec![];
    for p in fixtures::paths() {
        let text = fs::read_to_string(&p).unwrap();
        for (i, g) in read_pgn_lenient(&text).into_iter().enumerate() {
            let name = format!("{}#{i}", p.file_name().unwrap().to_string_lossy());
            out.push((
                name,
                g.unwrap_or_else(|e| panic!("fixture {p:?} game {i}: {e}")),
            ));
        }
    }
    out
}

/// What the CA format keeps of a game: everything but tags it has no field for.
/// A setup has a ply count but no halfmove clock, and keeps only castling rights that are valid.
fn comparable(g: &Game) -> Game {
    let mut g = g.clone();
    g.headers.other.clear();
    if g.start_fen.is_some() {
        let fen = cadb::game::fen_of(&g.start_position().unwrap());
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[4] = "0";
        g.start_fen = Some(fields.join(" "));
    }
    g
}

/// Text as it comes back from a database in `enc` (characters it lacks become `&#N;`).
fn through(enc: TextEncoding, t: &Option<String>) -> Option<String> {
    t.as_ref()
        .map(|t| enc.decode(&enc.encode(t)).trim().to_string())
}

fn headers_equal(src: &Game, got: &Game, enc: TextEncoding) {
    let (a, b) = (&src.headers, &got.headers);
    assert_eq!(through(enc, &a.white), b.white);
    assert_eq!(through(enc, &a.black), b.black);
    assert_eq!(through(enc, &a.event), b.event);
    assert_eq!(through(enc, &a.site), b.site);
    assert_eq!(a.date, b.date);
    assert_eq!(a.result, b.result);
    assert_eq!(a.white_elo, b.white_elo);
    assert_eq!(a.black_elo, b.black_elo);
    assert_eq!(a.eco, b.eco);
    assert_eq!(through(enc, &a.annotator), b.annotator);
}

fn count_nodes(line: &[Node]) -> (usize, usize, usize) {
    let (mut plies, mut vars, mut comments) = (0, 0, 0);
    for n in line {
        plies += 1;
        comments += n.comments_before.len() + n.comments_after.len();
        for v in &n.variations {
            vars += 1;
            let (p, va, c) = count_nodes(v);
            plies += p;
            vars += va;
            comments += c;
        }
    }
    (plies, vars, comments)
}

#[test]
fn every_fixture_game_round_trips_through_the_writer() {
    let games = fixture_games();
    let sources: Vec<Game> = games.iter().map(|(_, g)| g.clone()).collect();
    let total = count_nodes(
        &sources
            .iter()
            .flat_map(|g| g.moves.clone())
            .collect::<Vec<_>>(),
    );
    for (enc, dir) in [
        (TextEncoding::Utf8, Convention::Right),
        (TextEncoding::Utf8, Convention::Left),
        (TextEncoding::Cp1251, Convention::Right),
    ] {
        let options = writer::WriterOptions {
            encoding: enc,
            convention: dir,
            ..Default::default()
        };
        let (files, report) = writer::write_database(&sources, &options).unwrap();
        assert!(report.skipped.is_empty(), "skipped: {:?}", report.skipped);
        let db = Database::open(
            files,
            OpenOptions {
                encoding: Some(enc),
            },
        )
        .unwrap();
        assert_eq!(db.convention(), dir);
        assert_eq!(db.count(), sources.len() as u64);
        for (i, (name, src)) in games.iter().enumerate() {
            let got = db.game(i as u64).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                !got.headers.other.iter().any(|(k, _)| k == "CAConvention"),
                "{name} needed the other convention"
            );
            headers_equal(src, &got, enc);
            if enc == TextEncoding::Utf8 {
                assert_eq!(comparable(&got), comparable(src), "{name}");
            } else {
                assert_eq!(
                    got.main_line_sans().unwrap(),
                    src.main_line_sans().unwrap(),
                    "{name}"
                );
            }
        }
        println!(
            "{enc:?}/{dir:?}: {} games, {} plies, {} variations, {} comments; report {report:?}",
            sources.len(),
            total.0,
            total.1,
            total.2
        );
    }
}

/// A token stream of a PGN game as pgn-reader sees it.
struct Tokens;

fn comment_tokens(raw: &[u8], out: &mut Vec<String>) {
    let text = String::from_utf8_lossy(raw);
    let mut rest = String::new();
    let mut s = text.as_ref();
    while let Some(start) = s.find('[') {
        let Some(len) = s[start..].find(']') else {
            break;
        };
        let cmd = &s[start + 1..start + len];
        rest.push_str(&s[..start]);
        if cmd == "#" {
            out.push("diagram".into());
        } else if let Some(v) = cmd
            .strip_prefix("%eval ")
            .and_then(|v| v.trim().parse::<f64>().ok())
        {
            out.push(format!("eval {}", (v * 100.0).round()));
        } else {
            rest.push_str(&s[start..=start + len]);
        }
        s = &s[start + len + 1..];
    }
    rest.push_str(s);
    let words: Vec<&str> = rest.split_whitespace().collect();
    if !words.is_empty() {
        out.push(format!("{{{}}}", words.join(" ")));
    }
}

impl Visitor for Tokens {
    type Tags = ();
    type Movetext = Vec<String>;
    type Output = Vec<String>;
    fn begin_tags(&mut self) -> ControlFlow<Self::Output, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Vec<String>> {
        ControlFlow::Continue(vec![])
    }
    fn san(&mut self, m: &mut Vec<String>, san: SanPlus) -> ControlFlow<Self::Output> {
        m.push(san.san.to_string());
        ControlFlow::Continue(())
    }
    fn nag(&mut self, m: &mut Vec<String>, nag: Nag) -> ControlFlow<Self::Output> {
        m.push(format!("${}", nag.0));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, m: &mut Vec<String>, c: RawComment<'_>) -> ControlFlow<Self::Output> {
        comment_tokens(c.as_bytes(), m);
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, m: &mut Vec<String>) -> ControlFlow<Self::Output, Skip> {
        m.push("(".into());
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, m: &mut Vec<String>) -> ControlFlow<Self::Output> {
        m.push(")".into());
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, m: Vec<String>) -> Vec<String> {
        m
    }
}

fn tokens(pgn: &str) -> Vec<Vec<String>> {
    let mut r = Reader::new(std::io::Cursor::new(pgn.as_bytes()));
    let mut out = vec![];
    while let Some(t) = r.read_game(&mut Tokens).unwrap() {
        out.push(t);
    }
    out
}

/// NAGs and comments directly after a move may come in any order in PGN: sort each such run.
fn canonical(mut t: Vec<String>) -> Vec<String> {
    let mut i = 0;
    while i < t.len() {
        let j = (i..t.len())
            .find(|&k| {
                !(t[k].starts_with('$')
                    || t[k].starts_with('{')
                    || t[k].starts_with("eval")
                    || t[k] == "diagram")
            })
            .unwrap_or(t.len());
        t[i..j].sort();
        i = j.max(i + 1);
    }
    t
}

#[test]
fn exported_pgn_matches_the_source_under_pgn_reader() {
    let mut checked = 0;
    for p in fixtures::paths() {
        let text = fs::read_to_string(&p).unwrap();
        let games: Vec<Game> = read_pgn_lenient(&text)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let options = writer::WriterOptions {
            encoding: TextEncoding::Utf8,
            ..Default::default()
        };
        let (files, _) = writer::write_database(&games, &options).unwrap();
        let db = Database::open(
            files,
            OpenOptions {
                encoding: Some(TextEncoding::Utf8),
            },
        )
        .unwrap();
        let exported: String = (0..db.count()).map(|i| db.pgn(i).unwrap()).collect();
        // The source, normalised by our own exporter only for what PGN leaves free (move numbers,
        // spacing), is compared with the database's export, both read by pgn-reader.
        let source: String = games.iter().map(|g| to_pgn(g).unwrap()).collect();
        let (a, b) = (tokens(&source), tokens(&exported));
        assert_eq!(a.len(), b.len(), "{p:?}");
        for (i, (x, y)) in a.into_iter().zip(b).enumerate() {
            assert_eq!(canonical(x), canonical(y), "{p:?} game {i}");
            checked += 1;
        }
        // And the raw source file, read by pgn-reader, has the same moves and variations.
        let raw = tokens(&text);
        let ours = tokens(&exported);
        for (i, (x, y)) in raw.iter().zip(&ours).enumerate() {
            let moves = |t: &Vec<String>| {
                t.iter()
                    .filter(|s| {
                        !s.starts_with('{')
                            && !s.starts_with('$')
                            && !s.starts_with("eval")
                            && *s != "diagram"
                    })
                    .cloned()
                    .collect::<Vec<_>>()
            };
            assert_eq!(moves(x), moves(y), "{p:?} game {i}: moves and variations");
            let nags = |t: &Vec<String>| t.iter().filter(|s| s.starts_with('$')).count();
            assert_eq!(nags(x), nags(y), "{p:?} game {i}: NAG count");
        }
    }
    println!("{checked} games compared through pgn-reader");
    assert!(checked >= 200);
}
