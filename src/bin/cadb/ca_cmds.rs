//! `cadb info`, `cadb pgn` and `cadb json`: reading a Chess Assistant database.

use std::{
    io::{BufWriter, Write},
    path::PathBuf,
    process::ExitCode,
};

use cadb::{ca::ListKind, game::view::GameView};

use crate::{dbfiles, terminal};

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
pub struct PgnArgs {
    #[command(flatten)]
    db: DbArgs,
    /// Only game N (counting from 0)
    #[arg(long, value_name = "N")]
    game: Option<u64>,
}

#[derive(clap::Args)]
pub struct JsonArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The game to show (counting from 0)
    #[arg(long, value_name = "N")]
    game: u64,
}

/// `cadb info`.
pub fn info(args: InfoArgs) -> Result<ExitCode, String> {
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

/// `cadb pgn`.
pub fn pgn(args: PgnArgs) -> Result<ExitCode, String> {
    let db = dbfiles::open(&args.db.path, args.db.text.encoding)?;
    let range = match args.game {
        Some(n) if n >= db.count() => {
            return Err(format!("--game {n}: the database has {} games", db.count()));
        }
        Some(n) => n..n + 1,
        None => 0..db.count(),
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 18, stdout.lock());
    let mut failed = 0u64;
    // One buffer for every game: the export streams, whatever the database's size.
    let mut text = String::new();
    for i in range {
        text.clear();
        if let Some(e) = db.write_pgn(i, &mut text) {
            failed += 1;
            warn!("game {i}: {e}");
        }
        out.write_all(terminal::safe(&text).as_bytes())
            .map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    if failed > 0 {
        warn!("{failed} game(s) could not be fully decoded");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
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
