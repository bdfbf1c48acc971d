//! The doctor's scans: every D00 header, and the D02 records of the games
//! sampled, counted into [`HeaderScan`] and [`RecordScan`].

use alloc::{vec, vec::Vec};

use super::FIELDS;
use crate::{
    ErrorKind,
    bits::Bits,
    bytes::ReadAt,
    ca::{
        Database, ListKind, PlyCount,
        format::d02::{CommentKind, code},
        names::UsedIds,
        position::InOrder,
        record::{Item, Items},
    },
};

/// What the scan of every D00 record counts.
#[derive(Default)]
pub(super) struct HeaderScan {
    pub(super) eco_zero: u64,
    pub(super) eco_none: u64,
    pub(super) type_zero: u64,
    pub(super) type_small: u64,
    pub(super) type_large: u64,
    pub(super) type_powers: u64,
    pub(super) round_zero: u64,
    pub(super) round_odd: u64,
    pub(super) round_max: u8,
    pub(super) outcome_undefined: u64,
    pub(super) unknown28: Vec<u64>,
    pub(super) game_id_out_of_range: u64,
    pub(super) game_id_last_plus_one: u64,
    pub(super) game_id_repeated: u64,
    /// Per list: header ids past the table, ids 0 used, ids without a name.
    pub(super) list_out_of_range: [u64; 4],
    pub(super) list_zero: [u64; 4],
    pub(super) list_unresolved: [u64; 4],
    /// Per header field ([`FIELDS`]): games storing 0.
    pub(super) field_zero: [u64; 6],
    /// The name ids games use.
    pub(super) names: UsedIds,
}

/// What the scan of the D02 records counts.
#[derive(Default)]
pub(super) struct RecordScan {
    pub(super) whole: u64,
    pub(super) rescued: u64,
    pub(super) failed: u64,
    pub(super) failures: Vec<(&'static str, u64)>,
    /// By code, and by comment type (histograms: read in order, never sorted).
    pub(super) unknown_codes: Vec<u64>,
    pub(super) unknown_comment_types: Vec<u64>,
    pub(super) opaque_233: u64,
    pub(super) symbols: u64,
    pub(super) symbols_nag_like: u64,
    pub(super) symbols_ascii: u64,
    pub(super) setups: u64,
}

/// A count written as a number: a whole one that a `u64` and an `f64`
/// both hold exactly.
pub(super) fn count(n: f64) -> Option<u64> {
    // (`as` truncates: a whole number comes back the same; `trunc` is std's.)
    ((0.0..=9.0e15).contains(&n) && (n as u64) as f64 == n).then_some(n as u64)
}

impl RecordScan {
    /// The counts as numbers, for a scan made in another Worker: the
    /// scalars, the failures (a code's place in [`ErrorKind::CODES`] and
    /// its count), then both histograms. [`from_counts`](Self::from_counts)
    /// reads them back.
    pub(super) fn push_counts(&self, out: &mut Vec<f64>) {
        // Every field named: a new count cannot be left out.
        let RecordScan {
            whole,
            rescued,
            failed,
            failures,
            unknown_codes,
            unknown_comment_types,
            opaque_233,
            symbols,
            symbols_nag_like,
            symbols_ascii,
            setups,
        } = self;
        let scalars = [
            whole,
            rescued,
            failed,
            opaque_233,
            symbols,
            symbols_nag_like,
            symbols_ascii,
            setups,
        ];
        out.extend(scalars.map(|&n| n as f64));
        out.push(failures.len() as f64);
        for (code, n) in failures {
            let at = ErrorKind::CODES.iter().position(|c| c == code);
            out.extend([at.map_or(-1.0, |k| k as f64), *n as f64]);
        }
        for histogram in [unknown_codes, unknown_comment_types] {
            out.extend(histogram.iter().map(|&n| n as f64));
        }
    }

    /// The scan [`push_counts`](Self::push_counts) wrote at the start of
    /// `counts`, and the numbers after it; `None` when they are not such
    /// a scan (a count that is not a whole number, a code not in the list,
    /// too few numbers).
    pub(super) fn from_counts(counts: &[f64]) -> Option<(RecordScan, &[f64])> {
        let mut rest = counts;
        let mut next = || {
            let (&n, after) = rest.split_first()?;
            rest = after;
            count(n)
        };
        let mut r = RecordScan::new();
        for n in [
            &mut r.whole,
            &mut r.rescued,
            &mut r.failed,
            &mut r.opaque_233,
            &mut r.symbols,
            &mut r.symbols_nag_like,
            &mut r.symbols_ascii,
            &mut r.setups,
        ] {
            *n = next()?;
        }
        // Each kind at most once, so no more kinds than codes.
        let kinds = next().filter(|&k| k <= ErrorKind::CODES.len() as u64)?;
        for _ in 0..kinds {
            let code = ErrorKind::CODES.get(usize::try_from(next()?).ok()?)?;
            r.failures.push((code, next()?));
        }
        for histogram in [&mut r.unknown_codes, &mut r.unknown_comment_types] {
            for n in histogram.iter_mut() {
                *n = next()?;
            }
        }
        Some((r, rest))
    }

    /// Nothing counted yet.
    pub(super) fn new() -> RecordScan {
        RecordScan {
            unknown_codes: vec![0; 256],
            unknown_comment_types: vec![0; 256],
            ..RecordScan::default()
        }
    }

    /// Adds the counts of a scan of the records after these.
    pub(super) fn add(&mut self, o: RecordScan) {
        // Every field named: a new count cannot be left out of the sum.
        let RecordScan {
            whole,
            rescued,
            failed,
            failures,
            unknown_codes,
            unknown_comment_types,
            opaque_233,
            symbols,
            symbols_nag_like,
            symbols_ascii,
            setups,
        } = o;
        self.whole += whole;
        self.rescued += rescued;
        self.failed += failed;
        for (kind, n) in failures {
            match self.failures.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, m)) => *m += n,
                None => self.failures.push((kind, n)),
            }
        }
        let sum = |a: &mut Vec<u64>, b: Vec<u64>| {
            a.resize(a.len().max(b.len()), 0);
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        };
        sum(&mut self.unknown_codes, unknown_codes);
        sum(&mut self.unknown_comment_types, unknown_comment_types);
        self.opaque_233 += opaque_233;
        self.symbols += symbols;
        self.symbols_nag_like += symbols_nag_like;
        self.symbols_ascii += symbols_ascii;
        self.setups += setups;
    }
}

pub(super) fn bump<K: PartialEq>(list: &mut Vec<(K, u64)>, key: K) {
    match list.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => list.push((key, 1)),
    }
}

impl<R: ReadAt> Database<R> {
    /// The counts of every D00 header, and every game in D02 record order
    /// (from the same read of D00).
    pub(super) fn scan_headers(&self) -> (HeaderScan, Vec<InOrder>) {
        let mut h = HeaderScan {
            unknown28: vec![0; 256],
            ..HeaderScan::default()
        };
        let a02_len = self.records.len();
        // A bit per A02 entry: which game ids were seen (1/32 of A02's own size).
        let mut seen = Bits::new(a02_len);
        let lists = ListKind::ALL.map(|k| self.list(k));
        h.names = UsedIds::new(lists);
        // The same read of D00 gives the games in record order.
        let order = self.records_in_order_with(|_, raw| {
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
        (h, order)
    }

    /// Scans one game's record: its codes, then a replay under the policy.
    pub(super) fn scan_record(&self, game: InOrder, r: &mut RecordScan) {
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
                            let [_, nag, ascii, _] = crate::ca::symbols::classify(*b);
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
}
