//! Which names games use: the evidence for which records are real. Ids
//! and records no game uses are ignored (an unused id may hold 0, or point
//! at unused bytes or into another record, §4.7, Q6), so they never cost a
//! name, a warning or the code-page guess.

use alloc::{format, string::String, vec, vec::Vec};

use super::NameTable;
use crate::{
    bits::Bits,
    bytes::ReadAt,
    ca::{
        Database,
        diagnose::{Point, count},
        format::{
            d00::{NAME_FIELDS, RawHeader},
            emb::ListKind,
        },
    },
    error::{Error, ErrorKind, FileKind},
};

/// Which name records the games read so far use, and which ids they use
/// that have no record: the evidence for which records are real.
#[derive(Clone, Debug, Default)]
pub struct NameUse {
    /// Per list ([`ListKind::ALL`] order): the records used, ascending once
    /// [`finish`](Self::finish)ed.
    records: [Vec<u32>; 4],
    /// Per list: the ids in the table used without a record.
    unresolved: [Vec<u32>; 4],
}

impl NameUse {
    /// Adds the names one header uses.
    pub(crate) fn add(&mut self, lists: &[NameTable; 4], h: &RawHeader) {
        for ((_, kind), id) in NAME_FIELDS.iter().zip(h.name_ids()) {
            let k = *kind as usize;
            match lists[k].record_index(id) {
                Some(r) => self.records[k].push(r),
                None if id < lists[k].len() => self.unresolved[k].push(id),
                // Past the table: no id to blame in it (the doctor counts these).
                None => {}
            }
        }
    }

    /// Sorts each list and keeps one of each.
    pub(crate) fn finish(&mut self) {
        for v in self.records.iter_mut().chain(&mut self.unresolved) {
            v.sort_unstable();
            v.dedup();
        }
    }

    /// The records of `kind` used, ascending.
    pub fn records(&self, kind: ListKind) -> &[u32] {
        &self.records[kind as usize]
    }

    /// One warning per list and reason for the ids used that have no record.
    pub(crate) fn warnings(&self, lists: &[NameTable; 4]) -> Vec<Error> {
        let mut out = Vec::new();
        for kind in ListKind::ALL {
            let t = &lists[kind as usize];
            let mut reasons: Vec<(&'static str, u64)> = Vec::new();
            for &id in &self.unresolved[kind as usize] {
                let Some(reason) = t.unresolved_reason(id) else {
                    continue;
                };
                match reasons.iter_mut().find(|(r, _)| *r == reason) {
                    Some((_, n)) => *n += 1,
                    None => reasons.push((reason, 1)),
                }
            }
            for (reason, count) in reasons {
                let k = ErrorKind::BadNames {
                    list: kind.stem(),
                    count,
                    reason,
                };
                out.push(Error::new(k, FileKind::EmbInner));
            }
        }
        out
    }
}

impl<R: ReadAt> Database<R> {
    /// For each table whose records overlap past the bulk bound, reads
    /// every header to learn which records games use, and keeps those in
    /// bulk; a used record left out (only where records overlap many
    /// times over) is a warning. Other tables read no header here.
    pub(crate) fn bound_bulk_names(&mut self) {
        for kind in ListKind::ALL {
            let k = kind as usize;
            if !self.lists[k].needs_use() {
                continue;
            }
            let t = &self.lists[k];
            let mut used = Bits::new(t.records.len());
            let fields: Vec<usize> = NAME_FIELDS
                .iter()
                .enumerate()
                .filter(|(_, (_, of))| *of == kind)
                .map(|(f, _)| f)
                .collect();
            let _ = self.scan_raw_headers(0, self.count, |_, h| {
                let ids = h.name_ids();
                for &f in &fields {
                    if let Some(r) = t.record_index(ids[f]) {
                        used.insert(r as usize);
                    }
                }
            });
            let left_out = self.lists[k].keep_in_bulk(&used);
            if left_out > 0 {
                let k = ErrorKind::BadNames {
                    list: kind.stem(),
                    count: left_out,
                    reason: "their records overlap others past the memory bound for names: \
                             shown, but not searched or sorted by name",
                };
                self.warnings.push(Error::new(k, FileKind::EmbInner));
            }
        }
    }
}

/// Every id each list's games use, a bit an id: what the doctor counts
/// from its scan of every header.
#[derive(Clone, Debug, Default)]
pub struct UsedIds {
    bits: [Bits; 4],
}

impl UsedIds {
    /// Room for the ids of `lists`.
    pub(crate) fn new(lists: [&NameTable; 4]) -> UsedIds {
        UsedIds {
            bits: lists.map(|t| Bits::new(t.len() as usize)),
        }
    }

    /// Marks the ids one header uses (ids past a table are not marked).
    pub(crate) fn add(&mut self, h: &RawHeader) {
        for ((_, kind), id) in NAME_FIELDS.iter().zip(h.name_ids()) {
            self.bits[*kind as usize].insert(id as usize);
        }
    }

    fn has(&self, kind: ListKind, id: u32) -> bool {
        self.bits[kind as usize].get(id as usize)
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
