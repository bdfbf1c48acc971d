//! `cadb info` and `cadb json`: reading a Chess Assistant database (`cadb
//! pgn` is pgn.rs).

use std::{path::PathBuf, process::ExitCode};

use cadb::{ca::ListKind, game::view::GameView, text::TextEncoding};

use crate::dbfiles;

/// The database and how its text is encoded, as info, pgn and json take them.
#[derive(clap::Args)]
pub struct DbArgs {
    /// The database: a .CDP file, or a folder holding one
    #[arg(value_name = "DB")]
    path: PathBuf,
    #[command(flatten)]
    text: dbfiles::TextOption,
}

impl DbArgs {
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    pub fn encoding(&self) -> Option<cadb::text::TextEncoding> {
        self.text.encoding
    }
}

#[derive(clap::Args)]
pub struct InfoArgs {
    #[command(flatten)]
    db: DbArgs,
}

#[derive(clap::Args)]
pub struct JsonArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The game to show (counting from 0)
    #[arg(long, value_name = "N")]
    game: u64,
}

/// `cadb info`: one database in full, or a folder of several as a list.
pub fn info(args: InfoArgs) -> Result<ExitCode, String> {
    if let Some(members) = dbfiles::members(&args.db.path)? {
        return Ok(archive_info(&members, args.db.text.encoding));
    }
    let db = dbfiles::open(&args.db.path, args.db.text.encoding)?;
    let i = db.info();
    say!("signature:   {}", i.signature);
    say!("version:     {}", i.version.trim());
    say!(
        "volume:      {} / {}",
        i.emb_signature,
        i.emb_version.trim()
    );
    say!(
        "games:       {} (CDP says {}, D00 holds {})",
        i.count,
        i.cdp_count,
        i.d00_records
    );
    say!("comment:     {}", i.comment);
    for (kind, n) in ListKind::ALL.iter().zip(i.list_sizes) {
        let sorted = if db.list(*kind).has_sort_order() {
            ", sort order present"
        } else {
            ""
        };
        say!(
            "{:<12} {n} entries{sorted}",
            format!("{}:", kind.stem().to_lowercase())
        );
    }
    let d = i.detection;
    say!(
        "convention:  {} (x counts towards the {} file; {}: of {} sampled games {} replay under right only, {} under left only, {} under both)",
        i.convention.name(),
        if i.convention == cadb::ca::Convention::Right {
            "h"
        } else {
            "a"
        },
        d.certainty.name(),
        d.sampled,
        d.right_only,
        d.left_only,
        d.right_ok - d.right_only
    );
    if i.encoding_chosen {
        say!("encoding:    {} (chosen)", i.encoding.name());
    } else {
        say!(
            "encoding:    {} (guessed from the names; single UTF-8 strings read as UTF-8; `cadb doctor` shows the evidence)",
            i.encoding.name()
        );
    }
    say!(
        "eco 0:       {} ({} of {} sampled ECO-0 games cannot be A00)",
        i.eco_zero.reading.name(),
        i.eco_zero.setups + i.eco_zero.other_openings,
        i.eco_zero.sampled
    );
    for w in db.warnings() {
        say!("warning:     {w}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `cadb info FOLDER` of several databases: each one's games and readings,
/// in the archive's order; one that does not open is named, with why.
fn archive_info(members: &[dbfiles::Member], encoding: Option<TextEncoding>) -> ExitCode {
    let (mut games, mut opened) = (0u64, 0usize);
    let width = members
        .iter()
        .map(|m| m.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for m in members {
        match dbfiles::open_member(m, encoding) {
            Ok(db) => {
                let i = db.info();
                let (count, name) = (i.count, &m.name);
                games += count;
                opened += 1;
                lines.push(format!(
                    "  {name:<width$}  {count:>9} games  {}, {} convention",
                    i.encoding.name(),
                    i.convention.name()
                ));
            }
            Err(e) => lines.push(format!("  {:<width$}  not opened: {e}", m.name)),
        }
    }
    say!(
        "archive:     {opened} of {} databases opened, {games} games (in the archive's order: folder, then name)",
        members.len()
    );
    for l in lines {
        say!("{l}");
    }
    if opened == members.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `cadb json`.
pub fn json(args: JsonArgs) -> Result<ExitCode, String> {
    let db = dbfiles::open(&args.db.path, args.db.text.encoding)?;
    let n = args.game;
    let game = db.game(n).map_err(|e| e.to_string())?;
    let openings = cadb::openings::Openings::builtin();
    let view = GameView::with_openings(&game, &openings).map_err(|e| format!("game {n}: {e}"))?;
    let text = serde_json::to_string_pretty(&view).map_err(|e| e.to_string())?;
    say!("{text}");
    Ok(ExitCode::SUCCESS)
}
