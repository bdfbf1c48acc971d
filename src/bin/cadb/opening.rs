//! `cadb opening DB [--game N]`: each game's opening by position (lichess's
//! chess-openings names), beside the ECO its header stores; and `cadb
//! opening --table FILE`: the built-in table as a file, for the viewer and
//! the npm package (scripts/build.sh writes pkg/openings.bin with it).

use std::{path::PathBuf, process::ExitCode};

use cadb::openings::{Openings, TABLE};

use crate::{dbfiles, terminal};

#[derive(clap::Args)]
pub struct OpeningArgs {
    /// The database: a .CDP file, or a folder holding one
    #[arg(value_name = "DB", required_unless_present = "table")]
    path: Option<PathBuf>,
    #[command(flatten)]
    text: dbfiles::TextOption,
    /// Only game N (counting from 0)
    #[arg(long, value_name = "N")]
    game: Option<u64>,
    /// Write the openings table (openings.bin, for `loadOpenings` in JS) to FILE instead
    #[arg(long, value_name = "FILE", conflicts_with_all = ["path", "game"])]
    table: Option<PathBuf>,
}

/// `cadb opening`: one line a game, `N<TAB>stored ECO<TAB>ECO name` (empty
/// fields where there is none).
pub fn run(args: OpeningArgs) -> Result<ExitCode, String> {
    if let Some(out) = args.table {
        std::fs::write(&out, TABLE).map_err(|e| format!("{}: {e}", out.display()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let path = args.path.ok_or("a database (DB) or --table FILE")?;
    let db = dbfiles::open(&path, args.text.encoding)?;
    let range = match args.game {
        Some(n) if n >= db.count() => {
            return Err(format!("--game {n}: the database has {} games", db.count()));
        }
        Some(n) => n..n + 1,
        None => 0..db.count(),
    };
    let openings = Openings::builtin();
    for i in range {
        let stored = db
            .raw_header(i)
            .ok()
            .and_then(|h| db.eco_of(i, &h))
            .and_then(cadb::ca::format::d00::decode_eco)
            .unwrap_or_default();
        let name = db
            .opening_name(i, &openings)
            .map(ToString::to_string)
            .unwrap_or_default();
        say!("{i}\t{stored}\t{}", terminal::safe(&name));
    }
    Ok(ExitCode::SUCCESS)
}
