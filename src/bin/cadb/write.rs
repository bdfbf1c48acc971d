//! `cadb write OUT_DIR/STEM < games.pgn`: PGN on stdin to a Chess Assistant
//! database (STEM.CDP, .EMB, .D00, .A02, .D02; uppercase, as on DOS).
//!
//! Options: `--encoding NAME` (names and comments), `--left` (the mirrored
//! file direction of Q17), `--plain` (no tricks), `--seed N`, `--comment TEXT`.

use std::{path::PathBuf, process::ExitCode};

use cadb::ca::writer::{FileDirection, WriterOptions, write_database};

use crate::{args::Args, stdin::stdin_text};

pub fn run(args: &mut Args) -> Result<ExitCode, String> {
    let mut options = if args.flag("plain") {
        WriterOptions::plain()
    } else {
        WriterOptions::default()
    };
    if args.flag("left") {
        options.file_direction = FileDirection::Left;
    }
    if let Some(e) = args.option("encoding")? {
        options.encoding = e.parse().map_err(|_| format!("unknown encoding {e:?}"))?;
    }
    if let Some(s) = args.option("seed")? {
        options.seed = s
            .parse()
            .map_err(|_| format!("--seed needs a number, not {s:?}"))?;
    }
    if let Some(c) = args.option("comment")? {
        options.comment = c;
    }
    let out = args
        .next_positional()
        .ok_or("usage: cadb write OUT_DIR/STEM [--encoding NAME] [--left] [--plain] < games.pgn")?;
    args.finish()?;

    let text = stdin_text()?;
    let mut games = Vec::new();
    let mut unreadable = 0;
    for g in cadb::game::import::read_pgn_lenient(&text) {
        match g {
            Ok(g) => games.push(g),
            Err(e) => {
                eprintln!("cadb: skipped: {e}");
                unreadable += 1;
            }
        }
    }
    let (files, report) = write_database(&games, &options).map_err(|e| e.to_string())?;
    for (index, e) in &report.skipped {
        eprintln!("cadb: skipped game {index}: {e}");
    }

    let stem = PathBuf::from(&out);
    if let Some(dir) = stem.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    for (ext, bytes) in [
        ("CDP", &files.cdp),
        ("EMB", &files.emb),
        ("D00", &files.d00),
        ("A02", &files.a02),
        ("D02", &files.d02),
    ] {
        let path = PathBuf::from(format!("{out}.{ext}"));
        std::fs::write(&path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))?;
    }
    println!(
        "{} games written to {out}.CDP/.EMB/.D00/.A02/.D02, {} skipped ({} unreadable PGN, {} the format cannot hold)",
        report.games,
        unreadable + report.skipped.len(),
        unreadable,
        report.skipped.len()
    );
    Ok(ExitCode::SUCCESS)
}
