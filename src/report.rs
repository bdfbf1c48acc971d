//! The compactness report: every game transcoded into every format, and the
//! bytes each takes, per move and per game.
//!
//! Formats differ in what they keep, so the table says it: CA D02, Jose and
//! PGN keep variations, comments and NAGs; UCI16, PGC and MGC hold the main
//! line only. The "main line" rows of CA and Jose encode the same games with
//! everything but the main line removed, for a like-for-like comparison.
//! Bytes per move always divide by the main-line plies.
//!
//! ```
//! use cadb::{game::import::read_pgn, report::compactness_of_games};
//! let games = read_pgn("1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 d5 *\n").unwrap();
//! let report = compactness_of_games(&games);
//! let uci16 = report.rows.iter().find(|r| r.format == "UCI16").unwrap();
//! // A 2-byte move count, then 2 bytes a move.
//! assert_eq!((uci16.games, uci16.moves, uci16.bytes), (2, 6, 2 * 2 + 2 * 6));
//! ```

use alloc::{format, string::String, vec, vec::Vec};
use core::fmt::Write;

use crate::{
    bytes::ReadAt,
    ca::{self, writer},
    error::{Error, ErrorKind, FileKind},
    game::{Game, Node, pgn::to_pgn},
    ordinal::{Format, Ordering},
};

/// One format's totals.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Row {
    pub format: &'static str,
    /// What the format keeps of a game.
    pub keeps: &'static str,
    /// Total bytes over the games it could hold.
    pub bytes: u64,
    /// Games it could hold.
    pub games: u64,
    /// Main-line plies of those games.
    pub moves: u64,
    /// Games it could not hold (null moves in UCI16, say).
    pub skipped: u64,
}

impl Row {
    fn new(format: &'static str, keeps: &'static str) -> Row {
        Row {
            format,
            keeps,
            bytes: 0,
            games: 0,
            moves: 0,
            skipped: 0,
        }
    }

    fn add(&mut self, bytes: Result<usize, Error>, moves: usize) {
        match bytes {
            Ok(b) => {
                self.bytes += b as u64;
                self.games += 1;
                self.moves += moves as u64;
            }
            Err(_) => self.skipped += 1,
        }
    }

    /// Bytes per main-line move (0 with no moves).
    pub fn bytes_per_move(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.bytes as f64 / self.moves as f64
        }
    }

    /// Bytes per game (0 with no games).
    pub fn bytes_per_game(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.bytes as f64 / self.games as f64
        }
    }
}

/// The table: one row per format.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Report {
    pub rows: Vec<Row>,
    /// Games of the database that could not be decoded at all.
    pub unreadable: u64,
}

const ALL: &str = "variations, comments, NAGs";
const MAIN: &str = "main line";
/// A CA record also holds the start position of a game from a setup (about
/// 70 bytes); the other formats take the FEN from outside.
const CA_ALL: &str = "all, + setup position";
const CA_MAIN: &str = "main line + setup position";

/// The same game with only its main line.
fn main_line(game: &Game) -> Game {
    Game {
        headers: game.headers.clone(),
        start_fen: game.start_fen.clone(),
        comments: Vec::new(),
        moves: game
            .moves
            .iter()
            .map(|n| Node::from_ply(n.mv.clone()))
            .collect(),
    }
}

/// The table built one game at a time: only the game being measured is
/// held, so a database of any size costs one game's memory.
struct Tally {
    rows: Vec<Row>,
}

/// Rows in table order: PGN, CA all, CA main, Jose all, Jose main, UCI16,
/// then each ordering's PGC and MGC.
const FIXED_ROWS: usize = 6;

impl Tally {
    fn new() -> Tally {
        let mut rows = vec![
            Row::new("PGN", ALL),
            Row::new("CA D02", CA_ALL),
            Row::new("CA D02", CA_MAIN),
            Row::new("Jose (bin + comments)", ALL),
            Row::new("Jose (bin + comments)", MAIN),
            Row::new("UCI16", MAIN),
        ];
        for ordering in Ordering::ALL {
            for format in Format::ALL {
                rows.push(Row::new(ordinal_label(format, ordering), MAIN));
            }
        }
        Tally { rows }
    }

    /// Adds one game; `ca_stored` is its CA D02 size as stored (None: write
    /// it with the writer).
    fn add(&mut self, g: &Game, ca_stored: Option<Result<usize, Error>>) {
        let n = g.moves.len();
        let main = main_line(g);
        let unreplayable = |_| {
            let what = "a game that does not replay";
            Error::new(ErrorKind::Invalid { what }, FileKind::Pgn)
        };
        let jose = |g: &Game| crate::jose::encode(g).map(|(b, c)| b.len() + c.len());
        let fixed: [Result<usize, Error>; FIXED_ROWS] = [
            to_pgn(g).map(|s| s.len()).map_err(unreplayable),
            ca_stored.unwrap_or_else(|| writer::record_size(g)),
            writer::record_size(&main),
            jose(g),
            jose(&main),
            crate::uci16::encode_game(g).map(|b| b.len()),
        ];
        let (head, ordinal) = self.rows.split_at_mut(FIXED_ROWS);
        for (row, size) in head.iter_mut().zip(fixed) {
            row.add(size, n);
        }
        let codes = Ordering::ALL
            .into_iter()
            .flat_map(|o| Format::ALL.into_iter().map(move |f| (f, o)));
        for (row, (format, ordering)) in ordinal.iter_mut().zip(codes) {
            row.add(format.encode_game(g, ordering).map(|b| b.len()), n);
        }
    }

    fn finish(self, unreadable: u64) -> Report {
        Report {
            rows: self.rows,
            unreadable,
        }
    }
}

/// The row name of an ordinal code in an ordering.
fn ordinal_label(format: Format, ordering: Ordering) -> &'static str {
    match (format, ordering) {
        (Format::Pgc, Ordering::San) => "PGC, SAN order",
        (Format::Mgc, Ordering::San) => "MGC, SAN order",
        (Format::Pgc, Ordering::Seed) => "PGC, seed order",
        (Format::Mgc, Ordering::Seed) => "MGC, seed order",
        (Format::Pgc, Ordering::Best) => "PGC, best order",
        (Format::Mgc, Ordering::Best) => "MGC, best order",
    }
}

/// The report for a set of games (CA sizes from the writer).
pub fn compactness_of_games(games: &[Game]) -> Report {
    let mut t = Tally::new();
    for g in games {
        t.add(g, None);
    }
    t.finish(0)
}

/// The report for every game of a database: CA D02 is the records as
/// stored; games that cannot be decoded are counted as unreadable. Games
/// are decoded and measured one at a time.
pub fn compactness_of_database<R: ReadAt>(db: &ca::Database<R>) -> Report {
    let mut t = Tally::new();
    let mut unreadable = 0;
    for i in 0..db.count() {
        match (db.game(i), db.record(i)) {
            (Ok(g), Ok((_, body))) => {
                let prefix = ca::format::d02::length_prefix(body.len()).map_or(2, |(_, n)| n);
                t.add(&g, Some(Ok(prefix + body.len())));
            }
            _ => unreadable += 1,
        }
    }
    t.finish(unreadable)
}

impl Report {
    /// The report as an aligned text table.
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let line = |out: &mut String, cells: &[&str]| {
            for (i, (c, w)) in cells.iter().zip(WIDTHS).enumerate() {
                let sep = if i == 0 { "" } else { " " };
                // The two text columns align left, the numbers right.
                let _ = if i < 2 {
                    write!(out, "{sep}{c:<w$}")
                } else {
                    write!(out, "{sep}{c:>w$}")
                };
            }
            out.push('\n');
        };
        line(&mut out, &HEADS);
        for r in &self.rows {
            let cells = r.cells();
            line(&mut out, &cells.each_ref().map(String::as_str));
        }
        if self.unreadable > 0 {
            let _ = writeln!(
                out,
                "{} game(s) could not be decoded and are left out",
                self.unreadable
            );
        }
        out
    }

    /// The report as a Markdown table (for docs/development.md).
    pub fn to_markdown(&self) -> String {
        let mut out = format!(
            "| {} |\n|---|---|--:|--:|--:|--:|--:|--:|\n",
            HEADS.join(" | ")
        );
        for r in &self.rows {
            out += &format!("| {} |\n", r.cells().join(" | "));
        }
        out
    }
}

/// The columns of the table.
const HEADS: [&str; 8] = [
    "format",
    "keeps",
    "bytes",
    "games",
    "moves",
    "bytes/move",
    "bytes/game",
    "skipped",
];
/// Their widths in the text table.
const WIDTHS: [usize; 8] = [24, 27, 10, 7, 8, 10, 10, 7];

impl Row {
    /// The row's cells, as both tables print them.
    fn cells(&self) -> [String; 8] {
        [
            String::from(self.format),
            String::from(self.keeps),
            format!("{}", self.bytes),
            format!("{}", self.games),
            format!("{}", self.moves),
            format!("{:.3}", self.bytes_per_move()),
            format!("{:.1}", self.bytes_per_game()),
            format!("{}", self.skipped),
        ]
    }
}
