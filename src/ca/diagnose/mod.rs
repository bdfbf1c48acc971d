//! The doctor: every reading the reader had to make about a database, the
//! evidence for it as counts, how sure it is, and every warning. It holds
//! no game content (no names, no moves), so a user can paste it into a
//! problem report.
//!
//! The readings decided on opening (file direction, code page, ECO 0,
//! symbols, game types) are reported with the evidence they were decided
//! on; a scan of every D00 record and of the D02 records of up to
//! [`DiagnoseOptions::max_games`] games (spread over the file) adds the
//! counts that need every game.
//!
//! `scan.rs` holds the scans, `points.rs` turns their counts into points
//! (`point.rs`: a point, its counts, a warning) and warnings.

use alloc::{
    format,
    string::{String, ToString},
    vec,
    vec::Vec,
};
use core::{
    fmt,
    ops::{ControlFlow, Range},
};

use super::{Database, position::InOrder};
use crate::bytes::ReadAt;

mod point;
mod points;
mod scan;

pub use point::{Count, Point, Warning};

// The header fields that name a list entry, as the doctor names them.
use super::format::d00::NAME_FIELDS as FIELDS;
use points::{codes_point, unknown28_point};
use scan::RecordScan;

/// What to scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagnoseOptions {
    /// Most games whose D02 record is scanned (spread over the file);
    /// every D00 record is scanned whatever this is.
    pub max_games: u64,
}

impl Default for DiagnoseOptions {
    /// Every game.
    fn default() -> Self {
        DiagnoseOptions {
            max_games: u64::MAX,
        }
    }
}

/// The doctor's report on a database.
///
/// ```
/// use cadb::ca::{Database, OpenOptions, writer, diagnose::DiagnoseOptions};
/// let games = cadb::game::import::read_pgn("1. e4 e5 2. Nf3 Nc6 *").unwrap();
/// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
/// let db = Database::open(files, OpenOptions::default()).unwrap();
/// let d = db.diagnose(DiagnoseOptions::default(), |_, _| core::ops::ControlFlow::Continue(()));
/// assert_eq!(d.games_scanned, 1);
/// assert!(d.points.iter().any(|p| p.id == "file-direction"));
/// assert!(d.to_string().contains("Q17"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Diagnosis {
    pub signature: String,
    pub version: String,
    /// Games the CDP announces, D00 records, and games readable.
    pub cdp_count: u32,
    pub d00_records: u64,
    pub games: u64,
    /// Games whose D02 record was scanned.
    pub games_scanned: u64,
    /// Whether the caller stopped the scan early.
    pub stopped: bool,
    pub points: Vec<Point>,
    pub warnings: Vec<Warning>,
}

impl Diagnosis {
    /// Whether a reading was weak or undecided, or a part is damaged: what
    /// the viewer shows a notice for.
    pub fn needs_attention(&self) -> bool {
        !self.warnings.is_empty()
            || self
                .points
                .iter()
                .any(|p| matches!(p.certainty, "weak" | "undecided"))
    }
}

/// Consecutive records in a run of the sample.
const SAMPLE_RUN: u64 = 256;

/// The `k`-th of `total` records sampled from `count`, in D02 order: every
/// record when `total` is `count`, else runs of [`SAMPLE_RUN`] consecutive
/// records spread over the file. A lazily read D02 is read in blocks that grow while reads
/// follow on (`bytes::ReadCache`); games sampled one by one, each a jump,
/// made the 20,000-game check of a million-game database in the viewer
/// cost one read a game (20 s), runs of 256 cost a few reads a run.
fn sample_index(k: u64, total: u64, count: u64) -> u64 {
    let runs = total.div_ceil(SAMPLE_RUN);
    if count / runs.max(1) < SAMPLE_RUN {
        // Nearly every game: spread evenly, the gaps are small enough to
        // read on (and all of them when `total` is `count`).
        return (u128::from(k) * u128::from(count) / u128::from(total)) as u64;
    }
    let start = (u128::from(k / SAMPLE_RUN) * u128::from(count) / u128::from(runs)) as u64;
    start + k % SAMPLE_RUN
}

impl<R: ReadAt> Database<R> {
    /// Every reading with its evidence, the counts that need every game,
    /// and every warning. `progress(done, total)` is called every 1024
    /// games of the D02 scan; `Break` stops it (the report then says so).
    pub fn diagnose(
        &self,
        options: DiagnoseOptions,
        progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Diagnosis {
        let plan = self.plan_diagnosis(options);
        let part = plan.scan_part(self, 0..plan.len(), progress);
        plan.report(self, part)
    }

    /// The first step of [`diagnose`](Self::diagnose): every D00 header
    /// scanned, and the games whose records are to be scanned. Those
    /// scans can then run in parts ([`DiagnosisPlan::scan_part`]), each
    /// on a thread of its own with its own [`Database`] over the same
    /// files (`cadb doctor --threads`); [`DiagnosisPlan::finish`] joins
    /// them into the report.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, diagnose::DiagnoseOptions};
    /// let games = cadb::game::import::read_pgn("1. e4 *\n\n1. d4 *\n\n1. c4 *\n").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let plan = db.plan_diagnosis(DiagnoseOptions::default());
    /// let go = |_, _| core::ops::ControlFlow::Continue(());
    /// let parts = [0..1, 1..plan.len()].map(|r| plan.scan_part(&db, r, go));
    /// let report = plan.finish(&db, parts);
    /// assert_eq!(report, db.diagnose(DiagnoseOptions::default(), go));
    /// assert_eq!(report.games_scanned, 3);
    /// ```
    pub fn plan_diagnosis(&self, options: DiagnoseOptions) -> DiagnosisPlan {
        let (headers, order) = self.scan_headers();
        DiagnosisPlan {
            headers,
            order,
            total: self.headers.count.min(options.max_games),
        }
    }
}

/// A doctor's check planned ([`Database::plan_diagnosis`]): the headers'
/// counts, and the records to scan.
pub struct DiagnosisPlan {
    headers: scan::HeaderScan,
    order: Vec<InOrder>,
    total: u64,
}

/// What the scan of a part of the records counted
/// ([`DiagnosisPlan::scan_part`]).
pub struct ScannedPart {
    records: RecordScan,
    scanned: u64,
    stopped: bool,
}

impl ScannedPart {
    /// The part's counts as numbers, to hand to another Worker (a pool's
    /// helper scans a part, the Worker that asked joins them:
    /// [`DiagnosisPlan::finish`]); [`from_counts`](Self::from_counts)
    /// reads them back.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, diagnose::{DiagnoseOptions, ScannedPart}};
    /// let games = cadb::game::import::read_pgn("1. e4 *\n\n1. d4 *\n").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let plan = db.plan_diagnosis(DiagnoseOptions::default());
    /// let part = plan.scan_part(&db, 0..plan.len(), |_, _| core::ops::ControlFlow::Continue(()));
    /// let again = ScannedPart::from_counts(&part.counts()).unwrap();
    /// assert_eq!(again.counts(), part.counts());
    /// assert!(ScannedPart::from_counts(&[1.5]).is_none());
    /// ```
    pub fn counts(&self) -> Vec<f64> {
        let mut out = vec![self.scanned as f64, f64::from(u8::from(self.stopped))];
        self.records.push_counts(&mut out);
        out
    }

    /// The part [`counts`](Self::counts) gave; `None` for numbers that are
    /// not such a part.
    pub fn from_counts(counts: &[f64]) -> Option<ScannedPart> {
        Self::read(counts).and_then(|(part, rest)| rest.is_empty().then_some(part))
    }

    /// Parts' [`counts`](Self::counts) one after another, read back in
    /// their order; `None` when the numbers are not such parts.
    ///
    /// ```
    /// # use cadb::ca::{Database, OpenOptions, writer, diagnose::{DiagnoseOptions, ScannedPart}};
    /// # let games = cadb::game::import::read_pgn("1. e4 *\n\n1. d4 *\n").unwrap();
    /// # let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let plan = db.plan_diagnosis(DiagnoseOptions::default());
    /// let go = |_, _| core::ops::ControlFlow::Continue(());
    /// let numbers = [0..1, 1..2].map(|r| plan.scan_part(&db, r, go).counts()).concat();
    /// let parts = ScannedPart::parts_from_counts(&numbers).unwrap();
    /// assert_eq!(plan.finish(&db, parts), db.diagnose(DiagnoseOptions::default(), go));
    /// ```
    pub fn parts_from_counts(mut counts: &[f64]) -> Option<Vec<ScannedPart>> {
        let mut parts = Vec::new();
        while !counts.is_empty() {
            let (part, rest) = Self::read(counts)?;
            parts.push(part);
            counts = rest;
        }
        Some(parts)
    }

    /// The part at the start of `counts`, and the numbers after it.
    fn read(counts: &[f64]) -> Option<(ScannedPart, &[f64])> {
        let (&[scanned, stopped], rest) = counts.split_first_chunk()?;
        let (records, rest) = RecordScan::from_counts(rest)?;
        let stopped = match scan::count(stopped)? {
            0 => false,
            1 => true,
            _ => return None,
        };
        let scanned = scan::count(scanned)?;
        Some((
            ScannedPart {
                records,
                scanned,
                stopped,
            },
            rest,
        ))
    }
}

impl DiagnosisPlan {
    /// The records to scan.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether there is no record to scan.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Scans the records `part` of `0..len()`. `progress(done, total)`
    /// counts within the part, every 1024 games; `Break` stops it.
    pub fn scan_part<R: ReadAt>(
        &self,
        db: &Database<R>,
        part: Range<u64>,
        mut progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> ScannedPart {
        let mut out = ScannedPart {
            records: RecordScan::new(),
            scanned: 0,
            stopped: false,
        };
        let part = part.start.min(self.total)..part.end.min(self.total);
        let len = part.end - part.start;
        // In D02 record order, as the opening tree reads, so a lazily read
        // D02 whose records are out of game order is read front to back
        // rather than a jump a game; a sample takes runs of consecutive
        // records. Runs of consecutive games were a jump a game in a
        // shuffled D02: 20,000 reads, 13.6 s in the viewer for 200,000
        // games against 0.4 s natively (docs/history/benchmarks.md §16).
        for k in part.clone() {
            let done = k - part.start;
            if done % 1024 == 0 && progress(done, len).is_break() {
                out.stopped = true;
                break;
            }
            let at = sample_index(k, self.total, db.headers.count);
            let game = self
                .order
                .get(at as usize)
                .copied()
                .unwrap_or_else(|| InOrder::new(at, None));
            db.scan_record(game, &mut out.records);
            out.scanned += 1;
        }
        let _ = progress(out.scanned, len);
        out
    }

    /// The report, from the parts scanned (in the order of their ranges:
    /// the kinds of failure are listed as first met).
    pub fn finish<R: ReadAt>(
        self,
        db: &Database<R>,
        parts: impl IntoIterator<Item = ScannedPart>,
    ) -> Diagnosis {
        let mut all = ScannedPart {
            records: RecordScan::new(),
            scanned: 0,
            stopped: false,
        };
        for part in parts {
            all.records.add(part.records);
            all.scanned += part.scanned;
            all.stopped |= part.stopped;
        }
        self.report(db, all)
    }

    /// The report from every record's counts.
    fn report<R: ReadAt>(self, db: &Database<R>, all: ScannedPart) -> Diagnosis {
        let h = self.headers;
        let ScannedPart {
            records: r,
            scanned,
            stopped,
        } = all;
        let info = db.info();
        let mut points = vec![
            db.direction_point(&r),
            db.encoding_point(),
            db.eco_point(&h),
            db.ids_point(&h),
            db.names_point(&h.names),
            db.symbols_point(&r, scanned),
            db.game_type_point(&h),
            db.round_point(&h),
            codes_point(&r, &h, scanned),
            unknown28_point(&h),
        ];
        if let Some(p) = db.players_point() {
            points.push(p);
        }
        let warnings = db
            .warnings()
            .iter()
            .map(|w| Warning {
                code: w.code(),
                message: w.to_string(),
            })
            .chain(db.scan_warnings(&h, &r))
            .collect();
        Diagnosis {
            signature: info.signature,
            version: info.version.trim().to_string(),
            cdp_count: info.cdp_count,
            d00_records: info.d00_records,
            games: info.count,
            games_scanned: scanned,
            stopped,
            points,
            warnings,
        }
    }
}

impl fmt::Display for Diagnosis {
    /// The plain-text report (`cadb doctor`, the viewer's "copy report").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "cadb doctor report (counts and offsets only, no game content)"
        )?;
        writeln!(f, "database: {} {}", self.signature, self.version)?;
        writeln!(
            f,
            "games: {} readable (CDP {}, D00 {}); D02 records scanned: {}{}",
            self.games,
            self.cdp_count,
            self.d00_records,
            self.games_scanned,
            if self.stopped { " (stopped early)" } else { "" }
        )?;
        for p in &self.points {
            writeln!(f)?;
            let q = if p.question.is_empty() {
                String::new()
            } else {
                format!(" ({})", p.question)
            };
            writeln!(f, "{}{q}", p.title)?;
            writeln!(f, "  reading:   {}", p.reading)?;
            writeln!(f, "  certainty: {}", p.certainty)?;
            for c in &p.evidence {
                writeln!(f, "  {:>9}  {}", c.count, c.what)?;
            }
        }
        writeln!(f)?;
        if self.warnings.is_empty() {
            writeln!(f, "warnings: none")?;
        } else {
            writeln!(f, "warnings:")?;
            for w in &self.warnings {
                writeln!(f, "  [{}] {}", w.code, w.message)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {

    /// The sample covers the file in runs, each game once, within bounds.
    #[test]
    fn samples_are_runs_spread_over_the_file() {
        use super::{SAMPLE_RUN, sample_index};
        for (total, count) in [
            (20_000u64, 1_000_000u64),
            (20_000, 20_001),
            (300, 1000),
            (5, 5),
        ] {
            let picked: Vec<u64> = (0..total).map(|k| sample_index(k, total, count)).collect();
            assert!(picked.iter().all(|&i| i < count));
            assert!(picked.windows(2).all(|w| w[0] < w[1]), "{total} of {count}");
            // The last run reaches the last part of the file.
            let gap = count / total.div_ceil(SAMPLE_RUN);
            assert!(
                *picked.last().unwrap() + gap + 1 >= count,
                "{total} of {count}"
            );
        }
    }
}
