//! `cadb doctor DB [--json] [--games N]`: every reading the reader had to
//! make, with its evidence, how sure it is, every warning, and how many
//! games are copies of others. The report holds counts and offsets only,
//! so it can go into a problem report.

use std::{ops::ControlFlow, process::ExitCode};

use cadb::{
    archive::{Duplicates, Keys},
    bytes::FileBytes,
    ca::{
        Database,
        diagnose::{DiagnoseOptions, Diagnosis},
    },
};

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

/// `cadb doctor`: exit 0 when the report was made, whatever it says. A
/// folder of several databases: each one's report in turn, and the
/// duplicates counted across all of them.
pub fn run(args: DoctorArgs) -> Result<ExitCode, String> {
    let members = dbfiles::archive(args.db.path())?;
    if let [one] = members.as_slice() {
        let mut db = dbfiles::open_member(one, args.db.encoding())?;
        let d = diagnose(&mut db, &args)?;
        let copies = match args.duplicates {
            true => Some(Duplicates::find(&pgn::read_keys(db, &args.threads)?)),
            false => None,
        };
        if args.json {
            let report = Report {
                database: None,
                diagnosis: &d,
                duplicates: copies.as_ref().map(counts),
            };
            let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
            say_raw!("{text}\n");
        } else {
            say_raw!("{d}");
            say_duplicates(copies.as_ref(), "");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (mut reports, mut keys, mut closed) = (Vec::new(), Keys::new(), 0);
    for m in &members {
        let Some(mut db) = dbfiles::open_or_skip(m, members.len(), args.db.encoding())? else {
            closed += 1;
            continue;
        };
        reports.push((m.name.as_str(), diagnose(&mut db, &args)?));
        if args.duplicates {
            keys.append(pgn::read_keys(db, &args.threads)?);
        }
    }
    let copies = args.duplicates.then(|| Duplicates::find(&keys));
    if args.json {
        let databases: Vec<Report<'_>> = reports
            .iter()
            .map(|(name, d)| Report {
                database: Some(name),
                diagnosis: d,
                duplicates: None,
            })
            .collect();
        #[derive(serde::Serialize)]
        struct Reports<'a> {
            databases: Vec<Report<'a>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            duplicates: Option<serde_json::Value>,
        }
        let all = Reports {
            databases,
            duplicates: copies.as_ref().map(counts),
        };
        let text = serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?;
        say_raw!("{text}\n");
    } else {
        for (name, d) in &reports {
            say_raw!("=== {name} ===\n{d}\n");
        }
        say_duplicates(copies.as_ref(), ", across every database");
    }
    Ok(if closed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One database's report, its records' scans in parts on every core,
/// joined in order.
fn diagnose(db: &mut Database<FileBytes>, args: &DoctorArgs) -> Result<Diagnosis, String> {
    let options = DiagnoseOptions {
        max_games: args.games.unwrap_or(u64::MAX),
    };
    let plan = db.plan_diagnosis(options);
    let mut parts = Vec::new();
    threads::in_order(
        args.threads.threads(plan.len()),
        args.threads.chunks(plan.len()),
        db,
        dbfiles::again,
        |db, part| plan.scan_part(db, part, |_, _| ControlFlow::Continue(())),
        |part| {
            parts.push(part);
            Ok(())
        },
    )?;
    Ok(plan.finish(db, parts))
}

/// A report as JSON: the database's name in a folder of several, and the
/// duplicates when counted (`--duplicates`).
#[derive(serde::Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    database: Option<&'a str>,
    #[serde(flatten)]
    diagnosis: &'a Diagnosis,
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicates: Option<serde_json::Value>,
}

fn counts(c: &Duplicates) -> serde_json::Value {
    serde_json::json!({ "copies": c.dropped(), "groups": c.groups.len() })
}

/// The report's last section: the duplicates, or how to count them.
fn say_duplicates(copies: Option<&Duplicates>, scope: &str) {
    say_raw!("\nDuplicate games{scope} (docs/cli.md, \"Duplicates\")\n");
    match copies {
        Some(c) => say_raw!(
            "{:>11}  games that are copies of another (cadb pgn --dedupe leaves them out)\n{:>11}  groups of copies\n",
            c.dropped(),
            c.groups.len()
        ),
        None => say_raw!("  not counted: --duplicates reads every game through\n"),
    }
}
