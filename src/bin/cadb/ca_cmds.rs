//! `cadb info`, `cadb pgn` and `cadb json`: reading a Chess Assistant database.

use std::{
    borrow::Cow,
    io::{BufWriter, Write},
    ops::Range,
    path::PathBuf,
    process::ExitCode,
};

use cadb::{
    bytes::FileBytes,
    ca::{Database, ListKind},
    game::view::GameView,
};

use crate::{dbfiles, terminal, threads};

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
    #[command(flatten)]
    threads: threads::ThreadsOption,
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

/// `cadb pgn`: the games in order, on every core (chunks of games
/// written in order: the same bytes for any `--threads`). A folder of
/// several databases writes each in the archive's order, every game
/// tagged with where it came from.
pub fn pgn(args: PgnArgs) -> Result<ExitCode, String> {
    let encoding = args.db.text.encoding;
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 18, stdout.lock());
    if let Some(members) = dbfiles::members(&args.db.path)? {
        if args.game.is_some() {
            return Err("--game needs one database: name its .CDP".into());
        }
        let (mut games, mut failed, mut closed) = (0u64, 0u64, Vec::new());
        for m in &members {
            let open = || dbfiles::open_member(m, encoding);
            let db = match open() {
                Ok(db) => db,
                Err(e) => {
                    // A database that does not open costs only itself.
                    warn!("{}: not opened: {e}", m.name);
                    closed.push(m.name.as_str());
                    continue;
                }
            };
            let all = 0..db.count();
            games += db.count();
            failed += pgn_games(db, open, all, Some(&m.name), &args.threads, &mut out)?;
        }
        out.flush().map_err(|e| e.to_string())?;
        let opened = members.len() - closed.len();
        warn!(
            "databases opened: {opened} of {}; games written: {games}, damaged: {failed}",
            members.len()
        );
        if !closed.is_empty() {
            warn!("not opened: {}", closed.join(", "));
        }
        let clean = failed == 0 && closed.is_empty();
        return Ok(if clean {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let open = || dbfiles::open(&args.db.path, encoding);
    let db = open()?;
    let range = match args.game {
        Some(n) if n >= db.count() => {
            return Err(format!("--game {n}: the database has {} games", db.count()));
        }
        Some(n) => n..n + 1,
        None => 0..db.count(),
    };
    let failed = pgn_games(db, open, range, None, &args.threads, &mut out)?;
    out.flush().map_err(|e| e.to_string())?;
    if failed > 0 {
        warn!("{failed} game(s) could not be fully decoded");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes games `range` of `db` (opened again by `open` for each other
/// thread) to `out`, each tagged `[CASource "SOURCE game N"]` with a
/// `source`; returns how many could not be fully decoded, each named on
/// stderr.
fn pgn_games(
    mut db: Database<FileBytes>,
    open: impl Fn() -> Result<Database<FileBytes>, String> + Sync,
    range: Range<u64>,
    source: Option<&str>,
    threads: &threads::ThreadsOption,
    out: &mut impl Write,
) -> Result<u64, String> {
    let n = range.end - range.start;
    let threads_used = if n == 1 {
        1
    } else {
        threads.threads(db.count())
    };
    let mut failed = 0u64;
    let first = range.start;
    let each = |i: u64| match source {
        Some(name) => format!("{name}: game {i}"),
        None => format!("game {i}"),
    };
    threads::in_order(
        threads_used,
        threads.chunks(n),
        &mut db,
        open,
        |db, games| pgn_chunk(db, first + games.start..first + games.end, source),
        |chunk| {
            for (i, e) in &chunk.failed {
                warn!("{}: {e}", each(*i));
            }
            failed += chunk.failed.len() as u64;
            out.write_all(chunk.text.as_bytes())
                .map_err(|e| e.to_string())
        },
    )?;
    Ok(failed)
}

/// A chunk of `cadb pgn`: the games' PGN, safe for the terminal, and the
/// games that could not be fully decoded.
struct PgnChunk {
    text: String,
    failed: Vec<(u64, cadb::Error)>,
}

fn pgn_chunk(db: &Database<FileBytes>, games: Range<u64>, source: Option<&str>) -> PgnChunk {
    let mut chunk = PgnChunk {
        text: String::new(),
        failed: Vec::new(),
    };
    for i in games {
        // Written in place; only a game with a control character in its
        // text is written again, escaped (no copy of every game).
        let start = chunk.text.len();
        let from = source.map(|name| format!("{name} game {i}"));
        let tag = from.as_deref().map(|v| ("CASource", v));
        if let Some(e) = db.write_pgn_tagged(i, &mut chunk.text, tag) {
            chunk.failed.push((i, e));
        }
        if let Cow::Owned(escaped) = terminal::safe(&chunk.text[start..]) {
            chunk.text.truncate(start);
            chunk.text.push_str(&escaped);
        }
    }
    chunk
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
