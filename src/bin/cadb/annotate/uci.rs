//! One UCI engine as a child process: the handshake, a position, a search,
//! and the score of its last `info` line. Every read waits at most a
//! deadline, so an engine that hangs is an error, not a stuck run.

use std::{
    io::{BufRead, BufReader, Write},
    path::{Path, PathBuf},
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc::{Receiver, RecvTimeoutError, channel},
    time::{Duration, Instant},
};

use cadb::annotate::Score;
use shakmaty::Color;

/// How long a search may run.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// `go depth N`.
    Depth(u32),
    /// `go movetime MS`.
    MoveTime(u64),
}

/// What one search gave: the score (the side to move's view, as UCI
/// says it) and the engine's counters from its last `info` line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// `cp` or `mate`, and its value.
    pub score: Option<(Kind, i32)>,
    /// `nodes` and `time` (ms) of the last `info` that had them.
    pub nodes: u64,
    pub time_ms: u64,
}

/// A UCI score's unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Cp,
    Mate,
}

impl Search {
    /// The score from White's view (`None`: none given, or `mate 0`).
    pub fn white_view(&self, side_to_move: Color) -> Option<Score> {
        let (kind, v) = self.score?;
        let kind = match kind {
            Kind::Cp => "cp",
            Kind::Mate => "mate",
        };
        Score::from_uci(side_to_move, kind, v)
    }
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    path: PathBuf,
}

/// The handshake's deadline (an engine loading its network may be slow).
const HANDSHAKE: Duration = Duration::from_secs(30);

impl Engine {
    /// Starts the engine at `path`, waits for `uciok`, sets `Threads` to 1
    /// (the run's parallelism is one engine a game) and waits for `readyok`.
    pub fn start(path: &Path) -> Result<Engine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: cannot start the engine: {e}", path.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("{}: no pipes to the engine", path.display()));
        };
        // A reader thread turns the engine's output into lines we can wait
        // for with a deadline; it ends when the engine closes its output.
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            path: path.to_path_buf(),
        };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok", HANDSHAKE)?;
        engine.send("setoption name Threads value 1")?;
        engine.ready(HANDSHAKE)?;
        Ok(engine)
    }

    /// `ucinewgame`, then waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready(HANDSHAKE)
    }

    /// Searches the position `position` (a UCI `position` command's
    /// arguments: `startpos moves e2e4` or `fen ... moves ...`), waiting at
    /// most `timeout` for `bestmove`.
    pub fn search(
        &mut self,
        position: &str,
        limit: Limit,
        timeout: Duration,
    ) -> Result<Search, String> {
        self.send(&format!("position {position}"))?;
        self.send(&match limit {
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::MoveTime(ms) => format!("go movetime {ms}"),
        })?;
        let mut out = Search::default();
        let mut bound = None;
        self.wait_for(
            |l| {
                if l.starts_with("bestmove") {
                    return true;
                }
                read_info(l, &mut out, &mut bound);
                false
            },
            timeout,
        )?;
        // A search stopped on a bound only: better than nothing.
        out.score = out.score.or(bound);
        Ok(out)
    }

    fn ready(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", timeout)
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}: the engine stopped reading ({e})", self.path.display()))
    }

    /// Reads lines until `done` says so, or fails at the deadline or when
    /// the engine's output ends.
    fn wait_for(
        &mut self,
        mut done: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Result<(), String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(line.trim()) => return Ok(()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "{}: the engine did not answer within {} s",
                        self.path.display(),
                        timeout.as_secs_f64()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    let how = status.map_or(String::new(), |s| format!(" ({s})"));
                    return Err(format!("{}: the engine exited{how}", self.path.display()));
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Asked nicely first; an engine that hangs is not waited for.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads one `info` line into `out`: the first principal variation's
/// exact score (a `lowerbound`/`upperbound` one into `bound`), and the
/// node count and time.
pub fn read_info(line: &str, out: &mut Search, bound: &mut Option<(Kind, i32)>) {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return;
    }
    let (mut score, mut is_bound, mut multipv) = (None, false, 1);
    let (mut nodes, mut time) = (None, None);
    while let Some(w) = words.next() {
        match w {
            // `string` runs to the end of the line: free text.
            "string" => break,
            "multipv" => multipv = words.next().and_then(|v| v.parse().ok()).unwrap_or(1),
            "score" => {
                let kind = match words.next() {
                    Some("cp") => Kind::Cp,
                    Some("mate") => Kind::Mate,
                    _ => continue,
                };
                score = words.next().and_then(|v| v.parse().ok()).map(|v| (kind, v));
            }
            "lowerbound" | "upperbound" => is_bound = true,
            "nodes" => nodes = words.next().and_then(|v| v.parse().ok()),
            "time" => time = words.next().and_then(|v| v.parse().ok()),
            _ => {}
        }
    }
    if multipv != 1 {
        return;
    }
    if let Some(s) = score {
        if is_bound {
            *bound = Some(s);
        } else {
            out.score = Some(s);
        }
    }
    if let (Some(n), Some(t)) = (nodes, time) {
        (out.nodes, out.time_ms) = (n, t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(lines: &[&str]) -> (Search, Option<(Kind, i32)>) {
        let (mut out, mut bound) = (Search::default(), None);
        for l in lines {
            read_info(l, &mut out, &mut bound);
        }
        (out, bound)
    }

    /// Lines as Stockfish writes them: the last exact score of multipv 1
    /// wins; bounds, other lines and free text do not.
    #[test]
    fn the_last_exact_first_line_score_counts() {
        let (s, bound) = read(&[
            "info depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 10000 time 2 pv e2e4",
            "info depth 2 multipv 2 score cp -500 nodes 90 time 3 pv a2a3",
            "info depth 3 multipv 1 score mate -3 nodes 400 nps 200000 time 4 pv e2e4",
            "info depth 4 score cp 77 lowerbound nodes 500 time 5",
            "info string score cp 999",
            "info currmove e2e4 currmovenumber 1",
        ]);
        assert_eq!(s.score, Some((Kind::Mate, -3)));
        assert_eq!(bound, Some((Kind::Cp, 77)));
        assert_eq!((s.nodes, s.time_ms), (500, 5));
        assert_eq!(s.white_view(Color::Black), Some(Score::Mate(3)));
        let (s, _) = read(&["info depth 9 score cp x", "info score"]);
        assert_eq!(s.score, None);
    }
}
