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

use alloc::{
    format,
    string::{String, ToString},
    vec,
    vec::Vec,
};
use core::{fmt, ops::ControlFlow};

use super::{
    Database, EcoZero, GameTypes, ListKind, PlyCount, Symbols,
    format::{
        Convention,
        // The header fields that name a list entry, as the doctor names them.
        d00::NAME_FIELDS as FIELDS,
        d02::{CommentKind, code},
    },
    names::UsedIds,
    position::InOrder,
    record::{Item, Items},
};
use crate::{bits::Bits, bytes::ReadAt};

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

/// One reading: what was chosen, on what evidence, how sure.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Point {
    /// A stable key (`"file-direction"`).
    pub id: &'static str,
    /// The open question of the spec's §10 (`"Q17"`), or `""`.
    pub question: &'static str,
    pub title: &'static str,
    /// The reading in use.
    pub reading: String,
    /// `"strong"`, `"weak"`, `"undecided"`, `"chosen"` (by the caller) or
    /// `"n/a"` (nothing in this database depends on it).
    pub certainty: &'static str,
    /// The counts the reading rests on.
    pub evidence: Vec<Count>,
}

/// One count of the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Count {
    pub what: String,
    pub count: u64,
}

/// A warning: its stable code and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    pub code: &'static str,
    pub message: String,
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

fn count(what: impl Into<String>, count: u64) -> Count {
    Count {
        what: what.into(),
        count,
    }
}

/// What the scan of every D00 record counts.
#[derive(Default)]
struct HeaderScan {
    eco_zero: u64,
    eco_none: u64,
    type_zero: u64,
    type_small: u64,
    type_large: u64,
    type_powers: u64,
    round_zero: u64,
    round_odd: u64,
    round_max: u8,
    outcome_undefined: u64,
    unknown28: Vec<u64>,
    game_id_out_of_range: u64,
    game_id_last_plus_one: u64,
    game_id_repeated: u64,
    /// Per list: header ids past the table, ids 0 used, ids without a name.
    list_out_of_range: [u64; 4],
    list_zero: [u64; 4],
    list_unresolved: [u64; 4],
    /// Per header field ([`FIELDS`]): games storing 0.
    field_zero: [u64; 6],
    /// The name ids games use.
    names: UsedIds,
}

/// What the scan of the D02 records counts.
#[derive(Default)]
struct RecordScan {
    whole: u64,
    rescued: u64,
    failed: u64,
    failures: Vec<(&'static str, u64)>,
    /// By code, and by comment type (histograms: read in order, never sorted).
    unknown_codes: Vec<u64>,
    unknown_comment_types: Vec<u64>,
    opaque_233: u64,
    symbols: u64,
    symbols_nag_like: u64,
    symbols_ascii: u64,
    setups: u64,
}

/// The `k` commonest values of a histogram, commonest first (the smaller
/// value first among equals), with their counts; values never seen are
/// left out. A selection, not a sort: `k` is small, and each sort instance
/// is kilobytes of wasm.
pub(crate) fn commonest(hist: &[u64], k: usize) -> Vec<(usize, u64)> {
    let mut out: Vec<(usize, u64)> = Vec::with_capacity(k);
    for _ in 0..k {
        let next = hist
            .iter()
            .enumerate()
            .filter(|(v, n)| **n > 0 && !out.iter().any(|(w, _)| w == v))
            .fold(None, |best: Option<(usize, u64)>, (v, &n)| match best {
                Some((_, m)) if m >= n => best,
                _ => Some((v, n)),
            });
        match next {
            Some(x) => out.push(x),
            None => break,
        }
    }
    out
}

fn bump<K: PartialEq>(list: &mut Vec<(K, u64)>, key: K) {
    match list.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => list.push((key, 1)),
    }
}

/// Consecutive games in a run of the sample.
const SAMPLE_RUN: u64 = 256;

/// The `k`-th of `total` games sampled from `count`: every game when
/// `total` is `count`, else runs of [`SAMPLE_RUN`] consecutive games spread
/// over the file. A lazily read D02 is read in blocks that grow while reads
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
        mut progress: impl FnMut(u64, u64) -> ControlFlow<()>,
    ) -> Diagnosis {
        let h = self.scan_headers();
        let total = self.count.min(options.max_games);
        let mut r = RecordScan {
            unknown_codes: vec![0; 256],
            unknown_comment_types: vec![0; 256],
            ..RecordScan::default()
        };
        let mut stopped = false;
        let mut scanned = 0;
        // Every game: in D02 record order, as the opening tree reads, so a
        // lazily read D02 whose records are out of game order is read
        // front to back rather than a jump a game. A sample: in runs.
        let order = if total == self.count {
            self.records_in_order()
        } else {
            Vec::new()
        };
        for k in 0..total {
            if k % 1024 == 0 && progress(k, total).is_break() {
                stopped = true;
                break;
            }
            let game = order
                .get(k as usize)
                .copied()
                .unwrap_or_else(|| InOrder::new(sample_index(k, total, self.count), None));
            self.scan_record(game, &mut r);
            scanned += 1;
        }
        let _ = progress(scanned, total);
        let info = self.info();
        let mut points = vec![
            self.direction_point(&r),
            self.encoding_point(),
            self.eco_point(&h),
            self.ids_point(&h),
            self.names_point(&h.names),
            self.symbols_point(&r, scanned),
            self.game_type_point(&h),
            self.round_point(&h),
            codes_point(&r, &h, scanned),
            unknown28_point(&h),
        ];
        if let Some(p) = self.players_point() {
            points.push(p);
        }
        let warnings = self
            .warnings()
            .iter()
            .map(|w| Warning {
                code: w.code(),
                message: w.to_string(),
            })
            .chain(self.scan_warnings(&h, &r))
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

    fn scan_headers(&self) -> HeaderScan {
        let mut h = HeaderScan {
            unknown28: vec![0; 256],
            ..HeaderScan::default()
        };
        let a02_len = self.a02.len();
        // A bit per A02 entry: which game ids were seen (1/32 of A02's own size).
        let mut seen = Bits::new(a02_len);
        let lists = ListKind::ALL.map(|k| self.list(k));
        h.names = UsedIds::new(lists);
        let _ = self.scan_raw_headers(0, self.count, |_, raw| {
            h.names.add(raw);
            h.eco_zero += u64::from(raw.eco == 0);
            h.eco_none += u64::from(raw.eco >= 500);
            match raw.game_type {
                0 => h.type_zero += 1,
                1..=30 => h.type_small += 1,
                _ => h.type_large += 1,
            }
            h.type_powers += u64::from(raw.game_type.is_power_of_two());
            h.round_zero += u64::from(raw.round2 == 0);
            h.round_odd += u64::from(raw.round2 % 2 == 1);
            h.round_max = h.round_max.max(raw.round2);
            h.outcome_undefined += u64::from(raw.outcome == 0 || raw.outcome > 16);
            h.unknown28[usize::from(raw.unknown)] += 1;
            let id = raw.game_id as usize;
            if id < a02_len {
                h.game_id_repeated += u64::from(!seen.insert(id));
            } else {
                h.game_id_out_of_range += 1;
                h.game_id_last_plus_one += u64::from(id == a02_len);
            }
            for (f, ((_, kind), id)) in FIELDS.iter().zip(raw.name_ids()).enumerate() {
                let k = *kind as usize;
                let t = lists[k];
                if id == 0 {
                    h.list_zero[k] += 1;
                    h.field_zero[f] += 1;
                } else if id >= t.len() {
                    h.list_out_of_range[k] += 1;
                } else if t.record_index(id).is_none() {
                    h.list_unresolved[k] += 1;
                }
            }
        });
        h
    }

    /// Scans one game's record: its codes, then a replay under the policy.
    fn scan_record(&self, game: InOrder, r: &mut RecordScan) {
        if let Ok((_, body)) = self.record_in_order(game) {
            let mut items = Items::new(&body);
            while let Some(item) = items.next_cold() {
                match item {
                    Ok((_, Item::Opaque233(_))) => r.opaque_233 += 1,
                    Ok((_, Item::Setup(_))) => r.setups += 1,
                    Ok((_, Item::Comment { code, kind, text })) => {
                        if CommentKind::from_byte(kind).is_none() {
                            r.unknown_comment_types[usize::from(kind)] += 1;
                        }
                        if code == code::SYMBOL
                            && let [b] = text
                        {
                            r.symbols += 1;
                            let [_, nag, ascii, _] = super::infer::classify(*b);
                            r.symbols_nag_like += u64::from(nag);
                            r.symbols_ascii += u64::from(ascii);
                        }
                    }
                    Ok(_) => {}
                    Err((_, crate::ca::record::RecordError::UnknownCode { code })) => {
                        r.unknown_codes[usize::from(code)] += 1;
                        break;
                    }
                    Err(_) => break,
                }
            }
        }
        let reading =
            self.read_retrying(|c| self.read_game_in_order(game, c, &mut PlyCount::main_line()));
        match &reading.error {
            None if reading.rescued(self) => r.rescued += 1,
            None => r.whole += 1,
            Some(e) => {
                r.failed += 1;
                bump(&mut r.failures, e.code());
            }
        }
    }

    fn direction_point(&self, r: &RecordScan) -> Point {
        let d = self.detection;
        let toward = match self.convention {
            Convention::Right => "h",
            Convention::Left => "a",
        };
        Point {
            id: "file-direction",
            question: "Q17",
            title: "File direction of move offsets",
            reading: format!(
                "{} (x counts towards the {toward} file)",
                self.convention.name()
            ),
            certainty: d.certainty.name(),
            evidence: vec![
                count("games sampled on opening", d.sampled.into()),
                count("plies in them", d.plies),
                count("legal under right only", d.right_only.into()),
                count("legal under left only", d.left_only.into()),
                count("legal under both", (d.right_ok - d.right_only).into()),
                count("legal under neither", d.neither.into()),
                count("games scanned that read whole", r.whole),
                count("... only under the other direction (rescued)", r.rescued),
                count("... under neither (damaged)", r.failed),
            ],
        }
    }

    fn encoding_point(&self) -> Point {
        let g = &self.encoding_guess;
        let mut evidence = vec![
            count("name and comment strings", g.strings),
            count("with bytes above 127", g.high_strings),
            count("valid multi-byte UTF-8 (read as UTF-8)", g.utf8_strings),
        ];
        for (e, score) in &g.scores {
            // Scores as integers, so the report is the same everywhere.
            evidence.push(count(
                format!("score ×1000 of {}", e.name()),
                (*score * 1000.0).max(0.0) as u64,
            ));
        }
        let certainty = if self.encoding_chosen {
            "chosen"
        } else if g.high_strings == g.utf8_strings {
            "n/a"
        } else if g.confidence >= 0.5 {
            "strong"
        } else if g.confidence > 0.0 {
            "weak"
        } else {
            "undecided"
        };
        let reading = if self.encoding_chosen {
            format!("{} (chosen)", self.text.encoding.name())
        } else {
            format!(
                "{}, single UTF-8 strings as UTF-8 (guessed: {})",
                self.text.encoding.name(),
                g.encoding.name()
            )
        };
        Point {
            id: "encoding",
            question: "Q33",
            title: "Code page of names and comments",
            reading,
            certainty,
            evidence,
        }
    }

    fn eco_point(&self, h: &HeaderScan) -> Point {
        let z = self.eco_zero;
        // Few samples decide little only when they disagree: games that
        // cannot be A00 show no ECO under either reading.
        let not_a00 = z.setups + z.other_openings;
        let certainty = if h.eco_zero == 0 {
            "n/a"
        } else if z.sampled >= 8 || not_a00 == 0 || not_a00 == z.sampled {
            "strong"
        } else {
            "weak"
        };
        Point {
            id: "eco-zero",
            question: "Q11",
            title: "ECO 0: A00 or none",
            reading: match z.reading {
                EcoZero::A00 => String::from("A00, except games that cannot be A00"),
                EcoZero::None => String::from("none"),
            },
            certainty,
            evidence: vec![
                count("games storing 0", h.eco_zero),
                count("games storing 500 or more (none)", h.eco_none),
                count("ECO-0 games sampled on opening", z.sampled.into()),
                count("... from a set-up position", z.setups.into()),
                count(
                    "... opening 1.e4, 1.d4, 1.c4, 1.Nf3, 1.f4 or 1.b3",
                    z.other_openings.into(),
                ),
            ],
        }
    }

    fn ids_point(&self, h: &HeaderScan) -> Point {
        let mut evidence = vec![
            count("A02 entries", self.a02.len() as u64),
            count("GameIDs outside A02", h.game_id_out_of_range),
            count(
                "... equal to the A02 length (as if 1-based)",
                h.game_id_last_plus_one,
            ),
            count("GameIDs used by more than one game", h.game_id_repeated),
        ];
        for kind in ListKind::ALL {
            let k = kind as usize;
            let t = self.list(kind);
            let zero = match t.record_of(0) {
                Ok(r) if t.record_name(r, self.text).is_some() => "a name",
                Ok(_) => "an empty name",
                Err(_) => "no name",
            };
            evidence.push(count(
                format!(
                    "{} ids in headers that are 0 (id 0 has {zero})",
                    kind.stem()
                ),
                h.list_zero[k],
            ));
            evidence.push(count(
                format!("{} ids past the table", kind.stem()),
                h.list_out_of_range[k],
            ));
            evidence.push(count(
                format!("{} ids without a readable name", kind.stem()),
                h.list_unresolved[k],
            ));
        }
        let contradicted = h.game_id_out_of_range + h.game_id_repeated > 0;
        Point {
            id: "ids",
            question: "Q6, Q36",
            title: "GameIDs index A02; name ids index .a01 from 0",
            reading: String::from(
                "element k of A02 and of each .a01 is id k; id 0 is an ordinary id",
            ),
            certainty: if contradicted { "weak" } else { "strong" },
            evidence,
        }
    }

    fn symbols_point(&self, r: &RecordScan, scanned: u64) -> Point {
        let s = &self.symbols;
        let [seen, nag, ascii, other] = s.counts();
        let certainty = match (r.symbols, seen) {
            (0, 0) => "n/a",
            (_, 0..8) => "weak",
            _ => "strong",
        };
        let _ = scanned;
        Point {
            id: "symbols",
            question: "Q25",
            title: "Symbol comments (234): NAG numbers or characters",
            reading: String::from(match s.reading {
                Symbols::Nag => "NAG numbers",
                Symbols::Ascii => "ASCII marks (! is $1, ? is $2)",
                Symbols::Raw => "kept as stored ([%ca 234 …])",
            }),
            certainty,
            evidence: vec![
                count(
                    "one-byte symbols in the games sampled on opening",
                    seen.into(),
                ),
                count("... NAG-like (1–146)", nag.into()),
                count("... ASCII marks (! ? + - =)", ascii.into()),
                count("... other values", other.into()),
                count("one-byte symbols in the games scanned", r.symbols),
                count("... NAG-like", r.symbols_nag_like),
                count("... ASCII marks", r.symbols_ascii),
            ],
        }
    }

    fn game_type_point(&self, h: &HeaderScan) -> Point {
        let t = self.game_types;
        let certainty = if h.type_small + h.type_large == 0 {
            "n/a"
        } else if h.type_large > 0 && h.type_small > 0 {
            "weak"
        } else {
            "strong"
        };
        Point {
            id: "game-type",
            question: "Q9",
            title: "Game type: one type or a bit set",
            reading: String::from(match t.reading {
                GameTypes::Enum => "one type (1–30); a larger value as a bit set",
                GameTypes::BitSet => "a bit set (bit k−1 = type k)",
            }),
            certainty,
            evidence: vec![
                count("games with 0 (none)", h.type_zero),
                count("with 1–30", h.type_small),
                count("with more than 30", h.type_large),
                count(
                    "with a power of two (one type under either reading)",
                    h.type_powers,
                ),
                count("D00 records sampled on opening", self.eco_zero.scanned),
                count("... with more than 30", t.large),
            ],
        }
    }

    fn round_point(&self, h: &HeaderScan) -> Point {
        Point {
            id: "round",
            question: "Q10",
            title: "Round × 2",
            reading: String::from("value / 2; an odd value is a half round (3.5); 0 none"),
            certainty: if h.round_odd > 0 { "weak" } else { "strong" },
            evidence: vec![
                count("games with 0", h.round_zero),
                count("with an odd value", h.round_odd),
                count("largest value", h.round_max.into()),
            ],
        }
    }

    fn players_point(&self) -> Option<Point> {
        let t = self.list(ListKind::Players);
        let (mut blocks, mut rated, mut fide, mut born) = (0u64, 0u64, 0u64, 0u64);
        for id in 0..t.len() {
            if let Some(p) = t.player_data(id) {
                blocks += 1;
                rated += u64::from(p.rating != 0);
                fide += u64::from(p.fide_id != 0);
                born += u64::from(p.birthday.year.is_some());
            }
        }
        (blocks > 0).then(|| Point {
            id: "players-d00",
            question: "Q35",
            title: "Players.d00: ratings, FIDE ids, birth dates",
            reading: String::from("block k belongs to player id k; 0 means unknown"),
            certainty: "strong",
            evidence: vec![
                count("blocks", blocks),
                count("with a rating", rated),
                count("with a FIDE id", fide),
                count("with a birth year", born),
            ],
        })
    }

    /// Warnings only the scan can give.
    fn scan_warnings(&self, h: &HeaderScan, r: &RecordScan) -> Vec<Warning> {
        let mut w = Vec::new();
        let mut uncertain = |point: &str, message: String| {
            w.push(Warning {
                code: "uncertain-reading",
                message: format!("{point}: {message}"),
            })
        };
        if h.game_id_out_of_range + h.game_id_repeated > 0 {
            uncertain(
                "GameIDs (Q36)",
                format!(
                    "{} games have a GameID outside A02 ({} of them equal to its length), {} share one with another game",
                    h.game_id_out_of_range, h.game_id_last_plus_one, h.game_id_repeated
                ),
            );
        }
        // Id 0 is an ordinary id (Q6); but a field that is 0 in most games
        // while id 0 holds a name may be using 0 for "none".
        for (f, (field, kind)) in FIELDS.iter().enumerate() {
            let t = self.list(*kind);
            let named = t
                .record_of(0)
                .is_ok_and(|r| t.record_name(r, self.text).is_some());
            if named && self.count > 0 && h.field_zero[f] * 2 >= self.count {
                uncertain(
                    "name id 0 (Q6)",
                    format!(
                        "{} of {} games store 0 as {field}, and {} id 0 has a name: shown as that name, though 0 may mean none here",
                        h.field_zero[f],
                        self.count,
                        kind.stem()
                    ),
                );
            }
        }
        if h.type_large > 0 && h.type_small > 0 && self.game_types.reading == GameTypes::BitSet {
            uncertain(
                "game type (Q9)",
                format!(
                    "{} games store more than 30, so the field is read as a bit set, and the {} games storing 1–30 as sets of types 1–5",
                    h.type_large, h.type_small
                ),
            );
        } else if h.type_large > 0 {
            uncertain(
                "game type (Q9)",
                format!(
                    "{} games store more than 30 (read as bit sets), though the sample read on opening had none: values 1–30 are read as one type each",
                    h.type_large
                ),
            );
        }
        if r.rescued > 0 {
            uncertain(
                "file direction (Q17)",
                format!(
                    "{} games read whole only under the other direction; they are shown so, marked CAConvention",
                    r.rescued
                ),
            );
        }
        w
    }
}

fn codes_point(r: &RecordScan, h: &HeaderScan, scanned: u64) -> Point {
    let mut evidence = vec![
        count("games scanned", scanned),
        count("code 233 (opaque, kept as [%ca 233 …])", r.opaque_233),
        count("set-up positions (230)", r.setups),
        count("outcome codes 0 or above 16", h.outcome_undefined),
    ];
    for (c, &n) in r.unknown_codes.iter().enumerate().filter(|(_, n)| **n > 0) {
        evidence.push(count(format!("unknown code {c} (ends the record)"), n));
    }
    for (t, &n) in r
        .unknown_comment_types
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
    {
        evidence.push(count(format!("comment type {t} (kept as [%ca …])"), n));
    }
    for (code, n) in &r.failures {
        evidence.push(count(format!("games stopping on {code}"), *n));
    }
    Point {
        id: "codes",
        question: "Q28, Q30",
        title: "Unknown codes, comment types and code 233",
        reading: String::from(
            "233 and unknown comment types kept as stored; unknown codes end the game with an error",
        ),
        certainty: if r
            .unknown_codes
            .iter()
            .chain(&r.unknown_comment_types)
            .all(|&n| n == 0)
            && r.opaque_233 == 0
        {
            "n/a"
        } else {
            "strong"
        },
        evidence,
    }
}

fn unknown28_point(h: &HeaderScan) -> Point {
    let distinct = h.unknown28.iter().filter(|&&n| n > 0).count() as u64;
    let mut evidence = vec![count("distinct values", distinct)];
    for (b, n) in commonest(&h.unknown28, 8) {
        evidence.push(count(format!("value {b}"), n));
    }
    Point {
        id: "d00-offset-28",
        question: "Q14",
        title: "D00 byte 28 (not described)",
        reading: String::from("not read"),
        certainty: "n/a",
        evidence,
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

    #[test]
    fn commonest_values_come_first_smaller_first_among_equals() {
        let mut hist = alloc::vec![0u64; 256];
        hist[7] = 3;
        hist[200] = 9;
        hist[5] = 3;
        hist[1] = 1;
        assert_eq!(super::commonest(&hist, 3), [(200, 9), (5, 3), (7, 3)]);
        assert_eq!(super::commonest(&hist, 10).len(), 4);
        assert!(super::commonest(&[0; 4], 2).is_empty());
    }
}
