//! Decoding speed side by side in one run: Chess Assistant records (decode,
//! legal replay, with and without SAN, with a tree built, PGN export)
//! against pgn-reader 0.29 reading the same games as PGN text (validating
//! every move with shakmaty, and not validating).
//!
//! Two databases, both made by the CA writer in memory: random legal games
//! of typical length (20 to 139 plies, no annotations), and the 216 fixture
//! games (annotated puzzles with variations) repeated. `CADB_BENCH_GAMES`
//! sets the games per database (default 10,000). After criterion's own
//! report, a table prints games/s, plies/s and the ratios from medians of
//! interleaved rounds.
//!
//! `cargo bench --bench decode` (criterion is a host-only dev-dependency).

use std::{hint::black_box, time::Instant};

use cadb::{
    bench::{Pass, run},
    ca::{Database, OpenOptions, writer},
    game::{Game, import::read_pgn},
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{Chess, Position, san::SanPlus};

#[path = "../src/bin/cadb/pgn_validate.rs"]
#[allow(dead_code)]
mod pgn_validate;
use pgn_validate::{PgnPass, read_all};

type Db = Database<Vec<u8>>;

fn games_wanted() -> usize {
    std::env::var("CADB_BENCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}

/// Random legal games as PGN (the generator of examples/random_pgn.rs).
fn random_pgn(games: usize) -> String {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut out = String::new();
    for g in 0..games {
        let target = 20 + rnd(120);
        let mut pos = Chess::default();
        let mut text = String::new();
        for ply in 0..target {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut m = moves[rnd(moves.len())];
            if !m.is_capture()
                && rnd(3) == 0
                && let Some(c) = moves.iter().find(|m| m.is_capture())
            {
                m = *c;
            }
            if ply % 2 == 0 {
                text += &format!("{}. ", ply / 2 + 1);
            }
            text += &SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
            text.push(' ');
        }
        out += &format!(
            "[Event \"Random\"]\n[White \"W{}\"]\n[Black \"B{}\"]\n[Result \"*\"]\n\n{text}*\n\n",
            g % 97,
            g % 89
        );
    }
    out
}

fn fixture_games() -> Vec<Game> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data/pgn")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    paths
        .iter()
        .flat_map(|p| {
            read_pgn(&std::fs::read_to_string(p).expect("fixture PGN")).expect("fixture parses")
        })
        .collect()
}

/// The database and the same games exported as PGN.
fn database(games: &[Game]) -> (Db, Vec<u8>) {
    let (files, report) =
        writer::write_database(games, &writer::WriterOptions::plain()).expect("writer");
    assert!(report.skipped.is_empty(), "the writer skipped games");
    let db = Database::open(files, OpenOptions::default()).expect("open");
    let pgn: Vec<u8> = (0..db.count())
        .flat_map(|i| db.pgn_lenient(i).0.into_bytes())
        .collect();
    (db, pgn)
}

fn sets() -> Vec<(&'static str, Db, Vec<u8>)> {
    let n = games_wanted();
    let random = read_pgn(&random_pgn(n)).expect("random games parse");
    let fixtures = fixture_games();
    let repeated: Vec<Game> = fixtures.iter().cycle().take(n).cloned().collect();
    let (a, pa) = database(&random);
    let (b, pb) = database(&repeated);
    vec![("random", a, pa), ("fixtures", b, pb)]
}

fn pass_key(p: Pass) -> &'static str {
    match p {
        Pass::Replay => "ca_replay",
        Pass::ReplaySan => "ca_replay_san",
        Pass::Tree => "ca_tree",
        Pass::Pgn => "ca_pgn_export",
        Pass::OpeningTree => "ca_opening_tree",
        Pass::OpeningTreeFromGames => "ca_opening_tree_from_games",
    }
}

fn pgn_key(p: PgnPass) -> &'static str {
    match p {
        PgnPass::NoValidation => "pgn_reader_no_validation",
        PgnPass::ValidateMainLine => "pgn_reader_validate_main_line",
        PgnPass::ValidateAll => "pgn_reader_validate_all",
    }
}

fn bench(c: &mut Criterion) {
    for (name, db, pgn) in sets() {
        let games = db.count();
        let mut g = c.benchmark_group(name);
        g.sample_size(10)
            .warm_up_time(std::time::Duration::from_millis(500))
            .measurement_time(std::time::Duration::from_secs(2))
            .throughput(Throughput::Elements(games));
        for pass in Pass::ALL {
            g.bench_function(pass_key(pass), |b| b.iter(|| black_box(run(&db, pass))));
        }
        for pass in PgnPass::ALL {
            g.bench_function(pgn_key(pass), |b| {
                b.iter(|| black_box(read_all(&pgn, pass)))
            });
        }
        g.finish();
        side_by_side(name, &db, &pgn);
    }
}

/// Medians of interleaved rounds, and the ratios, in one table.
fn side_by_side(name: &str, db: &Db, pgn: &[u8]) {
    const ROUNDS: usize = 7;
    let mut rows: Vec<(&str, Vec<f64>, u64, u64)> = Vec::new();
    for _ in 0..ROUNDS {
        for (k, pass) in Pass::ALL.into_iter().enumerate() {
            let t0 = Instant::now();
            let t = black_box(run(db, pass));
            let s = t0.elapsed().as_secs_f64();
            let units = if pass == Pass::Pgn { t.bytes } else { t.plies };
            if rows.len() <= k {
                rows.push((pass.name(), vec![], t.games, units));
            }
            rows[k].1.push(s);
        }
        for (k, pass) in PgnPass::ALL.into_iter().enumerate() {
            let t0 = Instant::now();
            let t = black_box(read_all(pgn, pass));
            let s = t0.elapsed().as_secs_f64();
            let k = Pass::ALL.len() + k;
            if rows.len() <= k {
                rows.push((pass.name(), vec![], t.games, t.plies));
            }
            rows[k].1.push(s);
        }
    }
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let plies = rows[0].3;
    println!(
        "\n{name}: {} games, {plies} plies, PGN {:.1} MB; median of {ROUNDS} interleaved rounds",
        db.count(),
        pgn.len() as f64 / 1e6
    );
    println!(
        "{:<36} {:>9} {:>11} {:>12}",
        "measure", "ms", "games/s", "plies/s or MB/s"
    );
    let mut med = Vec::new();
    for (label, times, games, units) in &rows {
        let t = median(times);
        med.push(t);
        let rate = if *label == Pass::Pgn.name() {
            format!("{:.1} MB/s", *units as f64 / 1e6 / t)
        } else {
            format!("{:.0}", *units as f64 / t)
        };
        println!(
            "{label:<36} {:>9.1} {:>11.0} {rate:>12}",
            t * 1e3,
            *games as f64 / t
        );
    }
    let at = |p: Pass| med[Pass::ALL.iter().position(|&q| q == p).unwrap_or(0)];
    let pr =
        |p: PgnPass| med[Pass::ALL.len() + PgnPass::ALL.iter().position(|&q| q == p).unwrap_or(0)];
    println!(
        "ratios (× faster than pgn-reader validating main line / all): replay+SAN {:.2} / {:.2}, replay {:.2} / {:.2}, tree {:.2} / {:.2}",
        pr(PgnPass::ValidateMainLine) / at(Pass::ReplaySan),
        pr(PgnPass::ValidateAll) / at(Pass::ReplaySan),
        pr(PgnPass::ValidateMainLine) / at(Pass::Replay),
        pr(PgnPass::ValidateAll) / at(Pass::Replay),
        pr(PgnPass::ValidateMainLine) / at(Pass::Tree),
        pr(PgnPass::ValidateAll) / at(Pass::Tree),
    );
    println!(
        "PGN export: {:.1} MB/s, {:.2}× pgn-reader's no-validation read time of the same text",
        pgn.len() as f64 / 1e6 / at(Pass::Pgn),
        at(Pass::Pgn) / pr(PgnPass::NoValidation),
    );
    println!(
        "opening tree: {:.2}× faster straight from the decoder than from game trees",
        at(Pass::OpeningTreeFromGames) / at(Pass::OpeningTree),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
