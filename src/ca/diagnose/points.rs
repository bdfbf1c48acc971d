//! The doctor's points, one a reading, each with the counts it rests on,
//! and the warnings its scans give.

use alloc::{format, string::String, vec, vec::Vec};

use super::{
    FIELDS,
    point::{Point, Warning, count},
    scan::{HeaderScan, RecordScan},
};
use crate::{
    bytes::ReadAt,
    ca::{
        Database, EcoZero, GameTypes, ListKind, Symbols, format::Convention, histogram::commonest,
        names::UsedIds,
    },
};

impl<R: ReadAt> Database<R> {
    pub(super) fn direction_point(&self, r: &RecordScan) -> Point {
        let d = self.readings.detection;
        let toward = match self.readings.convention {
            Convention::Right => "h",
            Convention::Left => "a",
        };
        Point {
            id: "file-direction",
            question: "Q17",
            title: "File direction of move offsets",
            reading: format!(
                "{} (x counts towards the {toward} file)",
                self.readings.convention.name()
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

    pub(super) fn encoding_point(&self) -> Point {
        let g = &self.readings.encoding;
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
        let certainty = if self.chosen.is_some() {
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
        let reading = if self.chosen.is_some() {
            format!("{} (chosen)", self.encoding().name())
        } else {
            format!(
                "{}, single UTF-8 strings as UTF-8 (guessed: {})",
                self.encoding().name(),
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

    pub(super) fn eco_point(&self, h: &HeaderScan) -> Point {
        let z = self.readings.eco_zero;
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

    pub(super) fn ids_point(&self, h: &HeaderScan) -> Point {
        let mut evidence = vec![
            count("A02 entries", self.records.len() as u64),
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
                Ok(r) if t.record_name(r, self.text()).is_some() => "a name",
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

    pub(super) fn symbols_point(&self, r: &RecordScan, scanned: u64) -> Point {
        let s = &self.readings.symbols;
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

    pub(super) fn game_type_point(&self, h: &HeaderScan) -> Point {
        let t = self.readings.game_types;
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
                count(
                    "D00 records sampled on opening",
                    self.readings.eco_zero.scanned,
                ),
                count("... with more than 30", t.large),
            ],
        }
    }

    pub(super) fn round_point(&self, h: &HeaderScan) -> Point {
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

    pub(super) fn players_point(&self) -> Option<Point> {
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
    pub(super) fn scan_warnings(&self, h: &HeaderScan, r: &RecordScan) -> Vec<Warning> {
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
                .is_ok_and(|r| t.record_name(r, self.text()).is_some());
            if named && self.headers.count > 0 && h.field_zero[f] * 2 >= self.headers.count {
                uncertain(
                    "name id 0 (Q6)",
                    format!(
                        "{} of {} games store 0 as {field}, and {} id 0 has a name: shown as that name, though 0 may mean none here",
                        h.field_zero[f],
                        self.headers.count,
                        kind.stem()
                    ),
                );
            }
        }
        if h.type_large > 0
            && h.type_small > 0
            && self.readings.game_types.reading == GameTypes::BitSet
        {
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

pub(super) fn codes_point(r: &RecordScan, h: &HeaderScan, scanned: u64) -> Point {
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

pub(super) fn unknown28_point(h: &HeaderScan) -> Point {
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

impl<R: ReadAt> Database<R> {
    /// The doctor's point on which name records are real, from `used`
    /// (every header's ids): per list, the ids headers store and the
    /// records they reach, the used records that overlap one another, and
    /// the other ids (links of chains, or unused) and records, which cost
    /// nothing when broken.
    pub(crate) fn names_point(&self, used: &UsedIds) -> Point {
        let mut evidence = Vec::new();
        let mut unnamed = 0;
        for kind in ListKind::ALL {
            let t = self.list(kind);
            let stem = kind.stem();
            let mut ids = [0u64; 4]; // used, used without a record, unused, unused without one
            let mut records = vec![false; t.record_count() as usize];
            for id in 0..t.len() {
                let on = used.has(kind, id);
                let r = t.record_index(id);
                ids[usize::from(!on) * 2] += 1;
                ids[usize::from(!on) * 2 + 1] += u64::from(r.is_none());
                if let (true, Some(r)) = (on, r) {
                    records[r as usize] = true;
                }
            }
            unnamed += ids[1];
            // Records games use that start inside another one games use.
            let (mut used_records, mut overlapping, mut end) = (0u64, 0u64, 0u64);
            for (r, _) in records.iter().enumerate().filter(|(_, on)| **on) {
                let r = r as u32;
                let Some(at) = t.record_address(r).map(u64::from) else {
                    continue;
                };
                used_records += 1;
                overlapping += u64::from(at < end);
                end = end.max(at + t.raw_len(r));
            }
            let bulk = (0..t.record_count()).filter(|&r| t.in_bulk(r)).count();
            evidence.extend([
                count(format!("{stem} ids headers store"), ids[0]),
                count("... without a record", ids[1]),
                count(format!("{stem} records games use"), used_records),
                count(
                    String::from("... starting inside another of them"),
                    overlapping,
                ),
                count(
                    format!("{stem} other ids (chain links, or unused: ignored)"),
                    ids[2],
                ),
                count("... without a record", ids[3]),
                count(
                    format!("{stem} records no game uses (ignored)"),
                    t.record_count() as u64 - used_records,
                ),
                count(format!("{stem} records decoded in bulk"), bulk as u64),
            ]);
        }
        Point {
            id: "names",
            question: "Q6",
            title: "A name is the .d01 record its id's chain ends at",
            reading: String::from(
                "records in any order, with unused bytes between them, may overlap; \
                 ids and records no game uses are ignored",
            ),
            certainty: if unnamed == 0 { "strong" } else { "weak" },
            evidence,
        }
    }
}
