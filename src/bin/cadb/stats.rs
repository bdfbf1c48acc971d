//! `cadb stats DB|games.pgn [--markdown]`: the compactness table, every game
//! transcoded into every format (cadb::report).

use std::path::PathBuf;
use std::process::ExitCode;

use cadb::report::{Report, compactness_of_database, compactness_of_games};

use crate::dbfiles;

#[derive(clap::Args)]
pub struct StatsArgs {
    /// The games: a database (DB) or a PGN file
    #[arg(value_name = "DB|games.pgn")]
    input: PathBuf,
    /// A Markdown table instead of aligned text
    #[arg(long)]
    markdown: bool,
    #[command(flatten)]
    text: dbfiles::TextOption,
}

pub fn run(args: StatsArgs) -> Result<ExitCode, String> {
    let path = args.input.as_path();
    let report: Report = if dbfiles::is_database(path) {
        compactness_of_database(&dbfiles::open(path, args.text.encoding)?)
    } else {
        let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let mut games = Vec::new();
        let mut unreadable = 0u64;
        for g in cadb::game::import::read_pgn_bytes(&bytes) {
            match g {
                Ok(g) => games.push(g),
                Err(e) => {
                    warn!("cadb: skipped: {e}");
                    unreadable += 1;
                }
            }
        }
        Report {
            unreadable,
            ..compactness_of_games(&games)
        }
    };
    say_raw!(
        "{}",
        if args.markdown {
            report.to_markdown()
        } else {
            report.to_table()
        }
    );
    Ok(ExitCode::SUCCESS)
}
