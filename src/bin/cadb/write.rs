//! `cadb write OUT_DIR/STEM < games.pgn`: PGN on stdin to a Chess Assistant
//! database (STEM.CDP, .EMB, .D00, .A02, .D02; uppercase, as on DOS).

use std::{ffi::OsString, path::PathBuf, process::ExitCode};

use cadb::{
    ca::{
        format::Convention,
        writer::{WriterOptions, write_database},
    },
    text::TextEncoding,
};

use crate::{stdin::stdin_text, values};

#[derive(clap::Args)]
pub struct WriteArgs {
    /// Where to write: the folder (created if missing) and the stem of the five files
    #[arg(value_name = "OUT_DIR/STEM")]
    out: PathBuf,
    /// Encoding of names and comments
    #[arg(long, value_name = "NAME", value_parser = values::encoding(),
          default_value = WriterOptions::default().encoding.name())]
    encoding: TextEncoding,
    /// Move offsets in the mirrored ("left") file direction of Q17
    #[arg(long)]
    left: bool,
    /// No writer tricks (A02 redirections and the like): the plainest layout
    #[arg(long, conflicts_with = "every_trick")]
    plain: bool,
    /// Every layout freedom the writer knows, on top of the default tricks:
    /// unused bytes that look like records, records in random order, long
    /// chains, ids no game uses, stale EMB fragments (a reader's test data)
    #[arg(long)]
    every_trick: bool,
    /// Seed of the random choices the tricks make [default: the writer's fixed seed]
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The database comment stored in the CDP file
    #[arg(long, value_name = "TEXT")]
    comment: Option<String>,
}

pub fn run(args: WriteArgs) -> Result<ExitCode, String> {
    let mut options = if args.plain {
        WriterOptions::plain()
    } else {
        WriterOptions::default()
    };
    if args.every_trick {
        options.tricks = cadb::ca::writer::Tricks::all();
    }
    if args.left {
        options.convention = Convention::Left;
    }
    options.encoding = args.encoding;
    if let Some(s) = args.seed {
        options.seed = s;
    }
    if let Some(c) = args.comment {
        options.comment = c;
    }

    let text = stdin_text()?;
    let mut games = Vec::new();
    let mut unreadable = 0;
    for g in cadb::game::import::read_pgn_lenient(&text) {
        match g {
            Ok(g) => games.push(g),
            Err(e) => {
                warn!("cadb: skipped: {e}");
                unreadable += 1;
            }
        }
    }
    let (files, report) = write_database(&games, &options).map_err(|e| e.to_string())?;
    for (index, e) in &report.skipped {
        warn!("cadb: skipped game {index}: {e}");
    }

    let out = args.out;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    for (ext, bytes) in files.named() {
        let mut path = OsString::from(&out);
        path.push(format!(".{ext}"));
        let path = PathBuf::from(path);
        std::fs::write(&path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))?;
    }
    say!(
        "{} games written to {}.CDP/.EMB/.D00/.A02/.D02, {} skipped ({} unreadable PGN, {} the format cannot hold)",
        report.games,
        out.display(),
        unreadable + report.skipped.len(),
        unreadable,
        report.skipped.len()
    );
    Ok(ExitCode::SUCCESS)
}
