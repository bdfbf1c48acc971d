//! `cadb doctor DB [--json] [--games N]`: every reading the reader had to
//! make, with its evidence, how sure it is, every warning, and how many
//! games are copies of others. The report holds counts and offsets only,
//! so it can go into a problem report.

use std::{ops::ControlFlow, process::ExitCode};

use cadb::{archive::Duplicates, ca::diagnose::DiagnoseOptions};

use crate::{
    ca_cmds::DbArgs,
    dbfiles, pgn,
    threads::{self, ThreadsOption},
};

#[derive(clap::Args)]
pub struct DoctorArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The report as JSON
    #[arg(long)]
    json: bool,
    /// Scan the D02 records of at most N games, spread over the file [default: all]
    #[arg(long, value_name = "N", conflicts_with = "duplicates")]
    games: Option<u64>,
    /// Count the games that are copies of others (docs/cli.md,
    /// "Duplicates"): every game is read through, about 10 s a million games
    #[arg(long)]
    duplicates: bool,
    #[command(flatten)]
    threads: ThreadsOption,
}

/// `cadb doctor`: exit 0 when the report was made, whatever it says.
pub fn run(args: DoctorArgs) -> Result<ExitCode, String> {
    let open = || dbfiles::open(args.db.path(), args.db.encoding());
    let mut db = open()?;
    let options = DiagnoseOptions {
        max_games: args.games.unwrap_or(u64::MAX),
    };
    // The records' scans in parts on every core, joined in order.
    let plan = db.plan_diagnosis(options);
    let mut parts = Vec::new();
    threads::in_order(
        args.threads.threads(plan.len()),
        args.threads.chunks(plan.len()),
        &mut db,
        open,
        |db, part| plan.scan_part(db, part, |_, _| ControlFlow::Continue(())),
        |part| {
            parts.push(part);
            Ok(())
        },
    )?;
    let d = plan.finish(&db, parts);
    let copies = match args.duplicates {
        true => Some(Duplicates::find(&pgn::read_keys(
            &mut db,
            open,
            &args.threads,
        )?)),
        false => None,
    };
    if args.json {
        #[derive(serde::Serialize)]
        struct Report<'a> {
            #[serde(flatten)]
            diagnosis: &'a cadb::ca::diagnose::Diagnosis,
            /// Counted with `--duplicates`.
            #[serde(skip_serializing_if = "Option::is_none")]
            duplicates: Option<serde_json::Value>,
        }
        let duplicates = copies
            .as_ref()
            .map(|c| serde_json::json!({ "copies": c.dropped(), "groups": c.groups.len() }));
        let report = Report {
            diagnosis: &d,
            duplicates,
        };
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        say_raw!("{text}\n");
    } else {
        say_raw!("{d}\nDuplicate games (docs/cli.md, \"Duplicates\")\n");
        match &copies {
            Some(c) => say_raw!(
                "{:>11}  games that are copies of another (cadb pgn --dedupe leaves them out)\n{:>11}  groups of copies\n",
                c.dropped(),
                c.groups.len()
            ),
            None => say_raw!("  not counted: --duplicates reads every game through\n"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
