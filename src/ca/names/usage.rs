//! Which names games use: the evidence for which records are real. Ids
//! and records no game uses are ignored (an unused id may hold 0, or point
//! at unused bytes or into another record, §4.7, Q6), so they never cost a
//! name, a warning or the code-page guess.

use alloc::vec::Vec;

use super::NameTable;
use crate::{
    bits::Bits,
    ca::format::{
        d00::{NAME_FIELDS, RawHeader},
        emb::ListKind,
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

    /// Whether a header uses id `id` of list `kind`.
    pub(crate) fn has(&self, kind: ListKind, id: u32) -> bool {
        self.bits[kind as usize].get(id as usize)
    }
}
