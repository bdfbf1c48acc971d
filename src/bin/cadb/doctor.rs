//! `cadb doctor DB [--json] [--games N]`: every reading the reader had to
//! make, with its evidence, how sure it is, and every warning. The report
//! holds counts and offsets only, so it can go into a problem report.

use std::{ops::ControlFlow, process::ExitCode};

use cadb::ca::diagnose::DiagnoseOptions;

use crate::{
    ca_cmds::DbArgs,
    dbfiles,
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
    #[arg(long, value_name = "N")]
    games: Option<u64>,
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
    if args.json {
        let text = serde_json::to_string_pretty(&d).map_err(|e| e.to_string())?;
        say_raw!("{text}\n");
    } else {
        say_raw!("{d}");
    }
    Ok(ExitCode::SUCCESS)
}
