//! `cadb annotate`: every game of a database analysed by a UCI engine, as
//! PGN with `[%eval]` and the mistake marks (the rule is the library's,
//! `cadb::annotate`). The protocol is in [`uci`], the engines at work in
//! [`pool`]; this file runs the command: the engines started before the
//! output is touched, the games handed out and written back in database
//! order, one write each, and a stopped run resumed from its output.

mod pool;
mod uci;

use std::{
    collections::BTreeMap,
    fs::{File, OpenOptions},
    io::{IsTerminal, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    process::ExitCode,
    sync::{Mutex, mpsc::channel},
    time::{Duration, Instant},
};

use pool::{Done, Job, Settings};
use uci::{Engine, Limit};

use cadb::{bytes::FileBytes, ca::Database};

use crate::{ca_cmds::DbArgs, dbfiles, terminal};

/// The depth searched when neither --depth nor --movetime is given:
/// 30-55 ms a position for Stockfish 15.1 on one core (BENCHMARKS.md),
/// deep enough to see the blunders a mark is about.
pub const DEFAULT_DEPTH: u32 = 12;

#[derive(clap::Args)]
pub struct AnnotateArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The UCI engine to run, e.g. /usr/games/stockfish
    #[arg(long, value_name = "PATH")]
    engine: PathBuf,
    /// Search each position to depth N [default: 12]
    #[arg(long, value_name = "N", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search each position for MS milliseconds instead of to a depth
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    /// Engines run at once, a game each, each with one thread [default: the available cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Seconds a position's search may take before the engine counts as hung
    #[arg(long, value_name = "SECS", default_value_t = 120,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,
    /// Write the PGN to OUT instead of standard output; if OUT exists, its
    /// complete games are kept and the run goes on from the next game
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
}

/// Counts of the run, for the summary.
#[derive(Default)]
struct Tally {
    written: u64,
    analysed: u64,
    damaged: u64,
    engine_failures: u64,
    positions: u64,
    nodes: u64,
    time_ms: u64,
}

/// `cadb annotate`.
pub fn run(args: AnnotateArgs) -> Result<ExitCode, String> {
    if !args.engine.is_file() {
        return Err(format!(
            "--engine {}: no such file (expected a UCI engine, e.g. /usr/games/stockfish)",
            args.engine.display()
        ));
    }
    let db = dbfiles::open(args.db.path(), args.db.encoding())?;
    let settings = Settings {
        engine: args.engine.clone(),
        limit: match args.movetime {
            Some(ms) => Limit::MoveTime(ms),
            None => Limit::Depth(args.depth.unwrap_or(DEFAULT_DEPTH)),
        },
        timeout: Duration::from_secs(args.timeout)
            + Duration::from_millis(args.movetime.unwrap_or(0)),
    };
    // One engine now: a file that is no engine fails before any output.
    let first = Engine::start(&settings.engine)?;

    let (mut out, start): (Box<dyn Write>, u64) = match &args.output {
        Some(path) => {
            let (file, kept) = resume(path, &db)?;
            (Box::new(file), kept)
        }
        None => (Box::new(std::io::stdout()), 0),
    };
    let total = db.count();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get() as u64),
        u64::from,
    );
    let threads = threads.min(total - start).max(1);
    let mut engines = vec![Some(first)];
    for _ in 1..threads {
        engines.push(Some(Engine::start(&settings.engine)?));
    }

    let began = Instant::now();
    let progress = std::io::stderr().is_terminal();
    let mut tally = Tally::default();
    let (job_tx, job_rx) = channel::<Job>();
    let (done_tx, done_rx) = channel::<Done>();
    let jobs = Mutex::new(job_rx);
    std::thread::scope(|scope| -> Result<(), String> {
        for engine in engines {
            let (settings, jobs, done_tx) = (&settings, &jobs, done_tx.clone());
            scope.spawn(move || pool::work(settings, engine, jobs, &done_tx));
        }
        drop(done_tx);
        // Games handed out, at most `window` ahead of the next to write,
        // so out-of-order results wait in a bounded buffer.
        let window = threads * 4;
        let (mut next_job, mut next_write) = (start, start);
        let mut ready: BTreeMap<u64, String> = BTreeMap::new();
        let mut in_flight = 0u64;
        while next_write < total {
            while next_job < total && next_job < next_write + window {
                let (game, err) = db.game_lenient(next_job);
                match err {
                    None => {
                        job_tx
                            .send(Job {
                                index: next_job,
                                game,
                            })
                            .map_err(|_| "the engines' threads stopped".to_string())?;
                        in_flight += 1;
                    }
                    Some(e) => {
                        // Written as `cadb pgn` writes it, unanalysed.
                        warn!("game {next_job}: {e}");
                        tally.damaged += 1;
                        let mut text = String::new();
                        db.write_pgn(next_job, &mut text);
                        ready.insert(next_job, text);
                    }
                }
                next_job += 1;
            }
            if !ready.contains_key(&next_write) {
                if in_flight == 0 {
                    return Err("internal: no game in flight".into());
                }
                let d = done_rx
                    .recv()
                    .map_err(|_| "the engines' threads stopped".to_string())?;
                in_flight -= 1;
                if let Some(e) = &d.engine_error {
                    warn!(
                        "game {}: {e}; written without the rest of its analysis",
                        d.index
                    );
                    tally.engine_failures += 1;
                }
                tally.analysed += 1;
                tally.positions += d.searched;
                tally.nodes += d.nodes;
                tally.time_ms += d.time_ms;
                ready.insert(d.index, d.pgn);
            }
            while let Some(text) = ready.remove(&next_write) {
                // One write and a flush a game: a killed run leaves at most
                // one partial game, which a resumed run cuts off.
                out.write_all(terminal::safe(&text).as_bytes())
                    .and_then(|()| out.flush())
                    .map_err(|e| format!("writing the PGN: {e}"))?;
                next_write += 1;
                tally.written += 1;
                if progress {
                    show_progress(next_write - start, total - start, began);
                }
            }
        }
        drop(job_tx);
        Ok(())
    })?;
    if progress {
        eprintln!();
    }
    summary(&tally, start, began.elapsed());
    Ok(match tally.damaged + tally.engine_failures {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}

fn show_progress(done: u64, total: u64, began: Instant) {
    let per = began.elapsed().as_secs_f64() / done as f64;
    let eta = (per * (total - done) as f64) as u64;
    eprint!(
        "\rannotate: {done}/{total} games, {per:.2} s/game, ETA {}:{:02}:{:02}   ",
        eta / 3600,
        eta / 60 % 60,
        eta % 60
    );
}

fn summary(t: &Tally, kept: u64, took: Duration) {
    let secs = took.as_secs_f64();
    let per = if t.analysed > 0 {
        secs / t.analysed as f64
    } else {
        0.0
    };
    let nps = (t.nodes * 1000).checked_div(t.time_ms).unwrap_or(0);
    warn!(
        "annotate: {} games written ({kept} kept from before), {} analysed in {secs:.1} s ({per:.3} s/game), {} positions searched, {nps} nodes/s per engine; {} damaged, {} engine failures",
        t.written, t.analysed, t.positions, t.damaged, t.engine_failures
    );
}

/// Opens `path` for the run: a new file, or an existing one with its
/// complete games kept (a partial last game is cut off). Returns the file,
/// positioned at its end, and how many games it keeps.
fn resume(path: &Path, db: &Database<FileBytes>) -> Result<(File, u64), String> {
    let (name, count) = (path.display(), db.count());
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| format!("{name}: {e}"))?;
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .map_err(|e| format!("{name}: {e}"))?;
    let (len, games) = complete_games(&text);
    if games > count {
        return Err(format!(
            "{name} holds {games} games, more than the database's {count}: not this database's output?"
        ));
    }
    // Before anything is cut: a file of the user's named by mistake stays whole.
    if let Some(why) = foreign(&text[..len], &text[len..], games, db) {
        return Err(format!(
            "{name}: {why}, so it is not this database's `cadb annotate` output; nothing was changed (name another file, or remove this one to start afresh)"
        ));
    }
    file.set_len(len as u64)
        .and_then(|()| file.seek(SeekFrom::End(0)).map(drop))
        .map_err(|e| format!("{name}: {e}"))?;
    if games > 0 || len < text.len() {
        warn!(
            "annotate: {name}: {games} complete games kept{}, going on from game {games}",
            if len < text.len() {
                ", a partial one cut off"
            } else {
                ""
            }
        );
    }
    Ok((file, games))
}

/// The length of the complete games at the start of `text`, and their
/// number. A game is complete once its movetext line ending in a result
/// token is followed by a blank line (as the PGN writer ends every game);
/// the blank line after the tags ends in `"]`, never a result.
fn complete_games(text: &[u8]) -> (usize, u64) {
    let (mut end, mut games) = (0, 0);
    let mut from = 0;
    while let Some(at) = find(&text[from..], b"\n\n").map(|i| from + i) {
        let line_start = text[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let last = text[line_start..at]
            .split(|b| b.is_ascii_whitespace())
            .rfind(|w| !w.is_empty());
        if matches!(last, Some(b"1-0" | b"0-1" | b"1/2-1/2" | b"*")) {
            end = at + 2;
            games += 1;
        }
        from = at + 2;
    }
    (end, games)
}

/// Why `kept` (its `games` complete games) and `tail` (what follows them)
/// cannot be what `cadb annotate` wrote for `db`, cut anywhere: each game
/// begins with the `[Event` tag the PGN writer writes first, and the last
/// kept game's tags are the database's game's, as `cadb pgn` writes them
/// (annotating changes the movetext only).
fn foreign(kept: &[u8], tail: &[u8], games: u64, db: &Database<FileBytes>) -> Option<String> {
    const START: &[u8] = b"[Event ";
    const NEXT: &[u8] = b"\n\n[Event ";
    // A cut may fall inside the tag itself.
    if !(tail.starts_with(START) || START.starts_with(tail)) {
        return Some("what follows its complete games is not the start of a game".into());
    }
    if games == 0 {
        return None;
    }
    let starts = 1 + kept.windows(NEXT.len()).filter(|w| *w == NEXT).count() as u64;
    if !kept.starts_with(START) || starts != games {
        return Some("its games do not each begin with an [Event] tag".into());
    }
    let last = kept[..kept.len() - 2]
        .windows(NEXT.len())
        .rposition(|w| w == NEXT)
        .map_or(0, |i| i + 2);
    let tags = |t: &[u8]| t[..find(t, b"\n\n").unwrap_or(t.len())].to_vec();
    let want = terminal::safe(&db.pgn_lenient(games - 1).0).into_owned();
    (tags(&kept[last..]) != tags(want.as_bytes()))
        .then(|| format!("its game {games}'s tags are not the database's game {games}'s"))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::complete_games;

    #[test]
    fn complete_games_end_in_a_result_and_a_blank_line() {
        let one = "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 { [%eval\n0.30] } 1-0\n\n";
        let two = "[Event \"?\"]\n[Result \"*\"]\n\n*\n\n";
        let all = format!("{one}{two}");
        assert_eq!(complete_games(all.as_bytes()), (all.len(), 2));
        for cut in 0..two.len() - 1 {
            let text = format!("{one}{}", &two[..cut]);
            assert_eq!(complete_games(text.as_bytes()), (one.len(), 1), "{cut}");
        }
        assert_eq!(complete_games(b""), (0, 0));
        assert_eq!(complete_games(b"[Result \"1-0\"]\n\n"), (0, 0));
    }
}
