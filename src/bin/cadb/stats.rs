//! `cadb stats DB|games.pgn [--markdown]`: the compactness table, every game
//! transcoded into every format (cadb::report).

use std::path::Path;
use std::process::ExitCode;

use cadb::report::{Report, compactness_of_database, compactness_of_games};

use crate::{args::Args, dbfiles};

pub fn run(args: &mut Args) -> Result<ExitCode, String> {
    let input = args
        .next_positional()
        .ok_or("usage: cadb stats DB|games.pgn [--markdown] [--encoding NAME]")?;
    let markdown = args.flag("markdown");
    let encoding = dbfiles::encoding(args)?;
    args.finish()?;
    let path = Path::new(&input);
    let report: Report = if dbfiles::is_database(path) {
        compactness_of_database(&dbfiles::open(path, encoding)?)
    } else {
        let bytes = std::fs::read(path).map_err(|e| format!("reading {input}: {e}"))?;
        let mut games = Vec::new();
        let mut unreadable = 0u64;
        for g in cadb::game::import::read_pgn_bytes(&bytes) {
            match g {
                Ok(g) => games.push(g),
                Err(_) => unreadable += 1,
            }
        }
        Report {
            unreadable,
            ..compactness_of_games(&games)
        }
    };
    print!(
        "{}",
        if markdown {
            report.to_markdown()
        } else {
            report.to_table()
        }
    );
    Ok(ExitCode::SUCCESS)
}
