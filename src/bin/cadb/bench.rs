//! `cadb bench DB [--vs-pgn PGN] [--rounds N] [--json] [--only PASS]`:
//! decoding speed, measured side by side in one run against pgn-reader
//! reading the same games as PGN. Rounds interleave every measurement, and
//! the medians are compared, because these machines are noisy.

use std::{path::PathBuf, process::ExitCode, time::Instant};

use cadb::{
    bench::{MATERIAL, Pass, material_query, run, search},
    ca::search::HeaderIndex,
};
use clap::builder::PossibleValue;

use crate::{
    dbfiles,
    pgn_validate::{PgnPass, read_all},
    values::Named,
};

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The database
    #[arg(value_name = "DB")]
    db: PathBuf,
    /// The PGN pgn-reader reads [default: the database's games as cadb exports them]
    #[arg(long, value_name = "PGN")]
    vs_pgn: Option<PathBuf>,
    /// How many interleaved rounds (the medians are reported)
    #[arg(long, value_name = "N", default_value_t = 5)]
    rounds: usize,
    /// JSON instead of a table
    #[arg(long)]
    json: bool,
    /// Only one pass, for profiling
    #[arg(long, value_name = "PASS", value_parser = Named::new(Only::values, Only::from_key))]
    only: Option<Only>,
    #[command(flatten)]
    text: dbfiles::TextOption,
}

struct Measure {
    name: &'static str,
    times: Vec<f64>,
    games: u64,
    plies: u64,
    bytes: u64,
}

impl Measure {
    fn median(&self) -> f64 {
        let mut t = self.times.clone();
        t.sort_by(f64::total_cmp);
        t.get(t.len() / 2).copied().unwrap_or(f64::NAN)
    }
}

/// What `--only` keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    Pass(Pass),
    /// pgn-reader: all three of its passes (`None`), or one.
    PgnReader(Option<PgnPass>),
    /// The searches inside games beside decode + replay (no PGN is made).
    Search,
    /// No pass at all: startup only.
    Startup,
}

impl Only {
    /// Every choice, with its key and description.
    fn table() -> Vec<(Only, &'static str, &'static str)> {
        let pgn = |p: PgnPass| (Only::PgnReader(Some(p)), pgn_key(p), p.name());
        Pass::ALL
            .iter()
            .map(|&p| (Only::Pass(p), p.key(), p.name()))
            .chain([(
                Only::PgnReader(None),
                "pgn-reader",
                "pgn-reader, all three passes",
            )])
            .chain(PgnPass::ALL.map(pgn))
            .chain([
                (
                    Only::Search,
                    "search",
                    "the material searches beside decode + replay",
                ),
                (Only::Startup, "none", "no pass: startup only"),
            ])
            .collect()
    }

    fn values() -> Vec<PossibleValue> {
        let value = |(_, key, help)| PossibleValue::new(key).help(help);
        Only::table().into_iter().map(value).collect()
    }

    fn from_key(key: &str) -> Option<Only> {
        let found = Only::table().into_iter().find(|(_, k, _)| *k == key);
        found.map(|(only, _, _)| only)
    }

    fn runs(self, pass: Pass) -> bool {
        self == Only::Pass(pass) || (self == Only::Search && pass == Pass::Replay)
    }

    fn runs_pgn(self, pass: PgnPass) -> bool {
        matches!(self, Only::PgnReader(p) if p.is_none_or(|p| p == pass))
    }
}

pub fn run_bench(args: BenchArgs) -> Result<ExitCode, String> {
    let (rounds, json, only) = (args.rounds, args.json, args.only);
    let db = dbfiles::load(&args.db, args.text.encoding)?;
    let pgn: Vec<u8> = match &args.vs_pgn {
        // pgn-reader does not run: no PGN of every game is made.
        _ if only.is_some_and(|o| !matches!(o, Only::PgnReader(_))) => Vec::new(),
        Some(p) => std::fs::read(p).map_err(|e| format!("reading {}: {e}", p.display()))?,
        None => (0..db.count())
            .flat_map(|i| db.pgn_lenient(i).0.into_bytes())
            .collect(),
    };

    let mut ms: Vec<Measure> = Pass::ALL
        .iter()
        .map(|p| Measure {
            name: p.name(),
            times: vec![],
            games: 0,
            plies: 0,
            bytes: 0,
        })
        .chain(PgnPass::ALL.iter().map(|p| Measure {
            name: p.name(),
            times: vec![],
            games: 0,
            plies: 0,
            bytes: pgn.len() as u64,
        }))
        .collect();
    // The searches inside games, beside the replay of every game.
    let searches = [
        ("material search, all games", material_query(false)),
        ("material search, 1-0 games only", material_query(true)),
    ];
    let first_search = ms.len();
    for (name, _) in &searches {
        ms.push(Measure {
            name,
            times: vec![],
            games: 0,
            plies: 0,
            bytes: 0,
        });
    }
    let index = HeaderIndex::new(&db);
    for _ in 0..rounds.max(1) {
        for (k, (_, q)) in searches.iter().enumerate() {
            if only.is_some_and(|o| o != Only::Search) {
                continue;
            }
            let t0 = Instant::now();
            let t = search(&db, &index, q);
            let m = &mut ms[first_search + k];
            m.times.push(t0.elapsed().as_secs_f64());
            (m.games, m.plies) = (t.games, 0);
        }
        for (k, pass) in Pass::ALL.iter().enumerate() {
            if only.is_some_and(|o| !o.runs(*pass)) {
                continue;
            }
            let t0 = Instant::now();
            let t = run(&db, *pass);
            ms[k].times.push(t0.elapsed().as_secs_f64());
            (ms[k].games, ms[k].plies, ms[k].bytes) = (t.games, t.plies, t.bytes);
        }
        for (k, pass) in PgnPass::ALL.iter().enumerate() {
            if only.is_some_and(|o| !o.runs_pgn(*pass)) {
                continue;
            }
            let t0 = Instant::now();
            let t = read_all(&pgn, *pass);
            let m = &mut ms[Pass::ALL.len() + k];
            m.times.push(t0.elapsed().as_secs_f64());
            (m.games, m.plies) = (t.games, t.plies);
        }
    }

    if only.is_some() {
        ms.retain(|m| !m.times.is_empty());
    }
    let find = |name: &str| {
        ms.iter()
            .find(|m| m.name == name)
            .map_or(f64::NAN, Measure::median)
    };
    let ratio = |a: &str, b: &str| find(b) / find(a);
    let ratios = [
        (
            "decode + replay + SAN vs pgn-reader validating all (×, higher is faster)",
            ratio(Pass::ReplaySan.name(), PgnPass::ValidateAll.name()),
        ),
        (
            "decode + replay + SAN vs pgn-reader validating main line",
            ratio(Pass::ReplaySan.name(), PgnPass::ValidateMainLine.name()),
        ),
        (
            "decode + replay vs pgn-reader validating all",
            ratio(Pass::Replay.name(), PgnPass::ValidateAll.name()),
        ),
        (
            "PGN export time vs pgn-reader reading it, no validation",
            ratio(Pass::Pgn.name(), PgnPass::NoValidation.name()),
        ),
        (
            "opening tree from the decoder vs from game trees",
            ratio(Pass::OpeningTree.name(), Pass::OpeningTreeFromGames.name()),
        ),
        (
            "material search of all games vs decode + replay (time ×, target < 2)",
            1.0 / ratio("material search, all games", Pass::Replay.name()),
        ),
        (
            "1-0 + material search vs decode + replay (time ×, target < 1)",
            1.0 / ratio("material search, 1-0 games only", Pass::Replay.name()),
        ),
    ];
    if json {
        let rows: Vec<serde_json::Value> = ms
            .iter()
            .map(|m| {
                serde_json::json!({ "name": m.name, "medianSeconds": m.median(), "games": m.games,
                    "plies": m.plies, "bytes": m.bytes })
            })
            .collect();
        let r: Vec<serde_json::Value> = ratios
            .iter()
            .map(|(k, v)| serde_json::json!({ "name": k, "ratio": v }))
            .collect();
        say!(
            "{}",
            serde_json::json!({ "rounds": rounds, "measures": rows, "ratios": r })
        );
        return Ok(ExitCode::SUCCESS);
    }
    say!("the material searches: {MATERIAL:?}, alone and after a result of 1-0");
    say!(
        "{} games, {} plies replayed (variations included); PGN {:.1} MB; median of {rounds} interleaved rounds",
        db.count(),
        ms.iter().map(|m| m.plies).max().unwrap_or(0),
        pgn.len() as f64 / 1e6
    );
    say!(
        "{:<36} {:>9} {:>11} {:>12} {:>9}",
        "measure",
        "ms",
        "games/s",
        "plies/s",
        "MB/s"
    );
    for m in &ms {
        let t = m.median();
        say!(
            "{:<36} {:>9.1} {:>11.0} {:>12.0} {:>9}",
            m.name,
            t * 1e3,
            m.games as f64 / t,
            m.plies as f64 / t,
            if m.bytes > 0 {
                format!("{:.1}", m.bytes as f64 / 1e6 / t)
            } else {
                String::new()
            }
        );
    }
    say!();
    for (k, v) in ratios {
        say!("{k}: {v:.2}");
    }
    Ok(ExitCode::SUCCESS)
}

fn pgn_key(p: PgnPass) -> &'static str {
    match p {
        PgnPass::NoValidation => "pgn-reader-novalid",
        PgnPass::ValidateMainLine => "pgn-reader-main",
        PgnPass::ValidateAll => "pgn-reader-all",
    }
}
