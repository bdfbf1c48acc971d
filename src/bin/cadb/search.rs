//! `cadb search`: the games that reach a position.

use std::{
    io::{BufWriter, Write},
    ops::ControlFlow,
    process::ExitCode,
};

use cadb::{ca::position::SearchOptions, reach::Target};

use crate::{ca_cmds::DbArgs, dbfiles};

#[derive(clap::Args)]
pub struct SearchArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The position: a FEN, or only its placement and side to move
    /// (castling and en passant are not compared)
    #[arg(long, value_name = "FEN")]
    fen: String,
    /// Look inside variations too
    #[arg(long)]
    variations: bool,
    /// One JSON object: the hits (game, ply, inVariation, next move in UCI)
    /// and the counts
    #[arg(long)]
    json: bool,
}

/// `cadb search`: one line a game that reaches the position, its 0-based
/// index in D00 order, a tab, and the ply of the first occurrence; the
/// counts on stderr. Exit 0 when the search ran, whatever it found.
pub fn run(args: SearchArgs) -> Result<ExitCode, String> {
    let target: Target = args.fen.parse().map_err(|e| format!("--fen: {e}"))?;
    let db = dbfiles::open(args.db.path(), args.db.encoding())?;
    let options = SearchOptions {
        variations: args.variations,
    };
    let found = db
        .position_search(&target, &options, |_, _| ControlFlow::Continue(()))
        .map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = if args.json {
        let hits: Vec<_> = found
            .hits
            .iter()
            .map(|h| {
                serde_json::json!({
                    "game": h.game,
                    "ply": h.ply,
                    "inVariation": h.in_variation,
                    "next": h.next.map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
                })
            })
            .collect();
        let doc = serde_json::json!({
            "hits": hits,
            "searched": found.searched,
            "damaged": found.damaged,
        });
        writeln!(out, "{doc}")
    } else {
        found
            .hits
            .iter()
            .try_for_each(|h| writeln!(out, "{}\t{}", h.game, h.ply))
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing the results: {e}"))?;
    warn!(
        "{} of {} games reach the position ({} damaged before reaching it)",
        found.hits.len(),
        found.searched,
        found.damaged
    );
    Ok(ExitCode::SUCCESS)
}
