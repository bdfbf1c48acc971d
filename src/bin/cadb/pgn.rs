//! `cadb pgn`: a database, or every database of a folder, as PGN, on every
//! core; with `--dedupe`, each group of copies once.

use std::{
    io::{BufWriter, Write},
    ops::Range,
    process::ExitCode,
    sync::atomic::{AtomicUsize, Ordering},
};

use cadb::{
    archive::{Keys, Merge, merge},
    bytes::FileBytes,
    ca::Database,
};

use crate::{ca_cmds::DbArgs, dbfiles, reader::Reader, threads};

#[derive(clap::Args)]
pub struct PgnArgs {
    #[command(flatten)]
    db: DbArgs,
    /// Only game N (counting from 0)
    #[arg(long, value_name = "N")]
    game: Option<u64>,
    /// Write each group of duplicate games once: the same players, result,
    /// year and main line, or a shorter copy (docs/cli.md, "Duplicates")
    #[arg(long, conflicts_with = "game")]
    dedupe: bool,
    #[command(flatten)]
    threads: threads::ThreadsOption,
}

/// `cadb pgn`: the games in order, in chunks written in order (the same
/// bytes for any `--threads`). A folder of several databases writes each
/// in the archive's order, every game tagged with where it came from.
pub fn pgn(args: PgnArgs) -> Result<ExitCode, String> {
    let encoding = args.db.encoding();
    let members = dbfiles::archive(args.db.path())?;
    let one = members.len() == 1;
    if args.game.is_some() && !one {
        return Err("--game needs one database: name its .CDP".into());
    }
    let open = |m: &dbfiles::Member| dbfiles::open_member(m, encoding);
    let merged = if args.dedupe {
        Some(find_duplicates(&members, &open, &args.threads)?)
    } else {
        None
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 18, stdout.lock());
    let (mut games, mut written, mut failed, mut closed) = (0u64, 0u64, 0u64, Vec::new());
    for (k, m) in members.iter().enumerate() {
        let Some(db) = dbfiles::open_or_skip(m, members.len(), encoding)? else {
            closed.push(m.name.as_str());
            if merged.as_ref().is_some_and(|d| d.spans[k].is_some()) {
                // Its files changed since the keys' pass: the copies kept
                // in it may have been left out of the others.
                warn!(
                    "{}: it opened for the duplicates' pass, so copies of its games in other databases may be missing: run again",
                    m.name
                );
            }
            continue;
        };
        let range = match args.game {
            Some(n) if n >= db.count() => {
                return Err(format!("--game {n}: the database has {} games", db.count()));
            }
            Some(n) => n..n + 1,
            None => 0..db.count(),
        };
        games += db.count();
        let source = (!one).then_some(m.name.as_str());
        let dedupe = merged.as_ref().and_then(|d| {
            let base = d.base(k, db.count());
            if base.is_none() {
                warn!(
                    "{}: not in the duplicates' pass: every game written",
                    m.name
                );
            }
            Some((d, base?))
        });
        let part = Part {
            range,
            source,
            dedupe,
        };
        let (w, f) = pgn_games(db, part, &args.threads, &mut out)?;
        (written, failed) = (written + w, failed + f);
    }
    out.flush().map_err(|e| e.to_string())?;
    if one && merged.is_none() {
        if failed > 0 {
            warn!("{failed} game(s) could not be fully decoded");
        }
    } else {
        let opened = members.len() - closed.len();
        warn!(
            "databases opened: {opened} of {}; games: {games}, written: {written}, damaged: {failed}",
            members.len()
        );
        if let Some(Merge { duplicates: d, .. }) = &merged {
            warn!(
                "duplicates: {} copies not written, of {} groups (each written once: the longest, then the most annotated, with a CACopies tag naming the others)",
                d.dropped(),
                d.groups.len()
            );
        }
        if !closed.is_empty() {
            warn!("not opened: {}", closed.join(", "));
        }
    }
    let clean = failed == 0 && closed.is_empty();
    Ok(if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Every game's key, in the archive's order, and what `--dedupe` writes of
/// them (`archive::Merge`). A database that does not open has no keys (the
/// pass that writes says so).
fn find_duplicates(
    members: &[dbfiles::Member],
    open: &impl Fn(&dbfiles::Member) -> Result<Database<FileBytes>, String>,
    threads: &threads::ThreadsOption,
) -> Result<Merge, String> {
    let mut keys = Keys::new();
    let mut spans = Vec::with_capacity(members.len());
    for m in members {
        let Ok(db) = open(m) else {
            spans.push(None);
            continue;
        };
        spans.push(Some((keys.len(), db.count())));
        keys.append(read_keys(db, threads)?);
    }
    let names: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
    Ok(Merge::plan(keys, spans, &names))
}

/// The duplicate rule's key of every game of `db`, on every core. A
/// damaged game's key is not whole: it is nobody's copy; its error is told
/// by whoever reads it whole.
pub fn read_keys(
    db: Database<FileBytes>,
    threads: &threads::ThreadsOption,
) -> Result<Keys, String> {
    let n = db.count();
    let mut keys = Keys::new();
    threads::in_order(
        threads.threads(n),
        threads.chunks(n),
        &mut Reader::new(db, &(0..n), threads.chunk_games()),
        Reader::again,
        |r, games| {
            let mut chunk = Keys::new();
            r.each(games, |i| {
                let _ = chunk.read(&r.db, i);
            });
            chunk
        },
        |chunk| {
            keys.append(chunk);
            Ok(())
        },
    )?;
    Ok(keys)
}

/// Which games of a database `pgn_games` writes.
struct Part<'a> {
    range: Range<u64>,
    /// The database's name, for the `[CASource]` tag.
    source: Option<&'a str>,
    /// With `--dedupe`: what was decided, and the database's first game
    /// among its keys.
    dedupe: Option<(&'a Merge, usize)>,
}

/// Writes `part` of `db` to `out`, each game tagged `[CASource "SOURCE game N"]` with a `source`;
/// returns how many were written, and how many could not be fully decoded,
/// each named on stderr.
fn pgn_games(
    db: Database<FileBytes>,
    part: Part<'_>,
    threads: &threads::ThreadsOption,
    out: &mut impl Write,
) -> Result<(u64, u64), String> {
    let n = part.range.end - part.range.start;
    let threads_used = if n == 1 {
        1
    } else {
        threads.threads(db.count())
    };
    let (mut written, mut failed) = (0u64, 0u64);
    let first = part.range.start;
    let each = |i: u64| match part.source {
        Some(name) => format!("{name}: game {i}"),
        None => format!("game {i}"),
    };
    // The last chunk's length, to make the next one's room at once
    // rather than by doubling (a copy of every chunk and a half).
    let room = AtomicUsize::new(0);
    threads::in_order(
        threads_used,
        threads.chunks(n),
        &mut Reader::new(db, &part.range, threads.chunk_games()),
        Reader::again,
        |r, games| pgn_chunk(r, first + games.start..first + games.end, &part, &room),
        |chunk| {
            for (i, e) in &chunk.failed {
                warn!("{}: {e}", each(*i));
            }
            written += chunk.games;
            failed += chunk.failed.len() as u64;
            out.write_all(chunk.text.as_bytes())
                .map_err(|e| e.to_string())
        },
    )?;
    Ok((written, failed))
}

/// A chunk of `cadb pgn`: the games' PGN, safe for the terminal, how many,
/// and the games that could not be fully decoded.
struct PgnChunk {
    text: String,
    games: u64,
    failed: Vec<(u64, cadb::Error)>,
}

/// The chunk's games in order (`Reader::each`: a shuffled D02's records
/// read first, in file order).
fn pgn_chunk(r: &Reader, games: Range<u64>, part: &Part<'_>, room: &AtomicUsize) -> PgnChunk {
    let room_before = room.load(Ordering::Relaxed);
    let mut chunk = PgnChunk {
        text: String::with_capacity(room_before + room_before / 8),
        games: 0,
        failed: Vec::new(),
    };
    r.each(games, |i| {
        // Safe for the terminal as written: the PGN writer escapes every
        // control character but tab and newline (`pgn::is_escaped_control`),
        // so the text is not scanned again here.
        let Some(error) = merge::write_game(&r.db, i, part.source, part.dedupe, &mut chunk.text)
        else {
            return;
        };
        if let Some(e) = error {
            chunk.failed.push((i, e));
        }
        chunk.games += 1;
    });
    room.store(chunk.text.len(), Ordering::Relaxed);
    chunk
}
