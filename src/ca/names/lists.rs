//! The names part of a database: the EMB volume and its four name tables,
//! each bounded in what it decodes in bulk by the records games use.

use alloc::vec::Vec;

use super::NameTable;
use crate::{
    bits::Bits,
    bytes::ReadAt,
    ca::{
        emb::Volume,
        format::{d00::NAME_FIELDS, emb::ListKind},
        header_table::HeaderTable,
    },
    error::{Error, ErrorKind, FileKind},
};

/// The EMB volume and the players, events, places and sources tables.
#[derive(Clone, Debug)]
pub(crate) struct Names {
    pub(crate) volume: Volume,
    /// In [`ListKind::ALL`] order.
    pub(crate) lists: [NameTable; 4],
    /// Per list: records games use that are left out of bulk decoding
    /// (only where records overlap many times over).
    left_out: [u64; 4],
}

/// Reads the four tables of `volume` (a damaged or missing one is empty,
/// with a warning).
pub(crate) fn read_tables<R: ReadAt>(
    volume: &Volume,
    emb: &R,
    warnings: &mut Vec<Error>,
) -> [NameTable; 4] {
    let mut lists: [NameTable; 4] = Default::default();
    let mut claims = volume.claims();
    for (slot, kind) in lists.iter_mut().zip(ListKind::ALL) {
        *slot = NameTable::read(volume, emb, kind, &mut claims, warnings);
    }
    lists
}

impl Names {
    /// The tables read by [`read_tables`], each whose records overlap past
    /// the bulk bound keeping in bulk the records games use: for those
    /// only, every header is read (`headers` from `d00`).
    pub(crate) fn new<R: ReadAt>(
        volume: Volume,
        mut lists: [NameTable; 4],
        headers: &HeaderTable,
        d00: &R,
    ) -> Names {
        let mut left_out = [0; 4];
        for kind in ListKind::ALL {
            let k = kind as usize;
            if !lists[k].needs_use() {
                continue;
            }
            let t = &lists[k];
            let mut used = Bits::new(t.records.len());
            let fields: Vec<usize> = NAME_FIELDS
                .iter()
                .enumerate()
                .filter(|(_, (_, of))| *of == kind)
                .map(|(f, _)| f)
                .collect();
            let _ = headers.scan(d00, 0, headers.count, |_, h| {
                let ids = h.name_ids();
                for &f in &fields {
                    if let Some(r) = t.record_index(ids[f]) {
                        used.insert(r as usize);
                    }
                }
            });
            left_out[k] = lists[k].keep_in_bulk(&used);
        }
        Names {
            volume,
            lists,
            left_out,
        }
    }

    /// A name table.
    pub(crate) fn list(&self, kind: ListKind) -> &NameTable {
        &self.lists[kind as usize]
    }

    /// One warning per list with used records left out of bulk decoding.
    pub(crate) fn bulk_warnings(&self) -> impl Iterator<Item = Error> + '_ {
        ListKind::ALL
            .into_iter()
            .filter(|&kind| self.left_out[kind as usize] > 0)
            .map(|kind| {
                let k = ErrorKind::BadNames {
                    list: kind.stem(),
                    count: self.left_out[kind as usize],
                    reason: "their records overlap others past the memory bound for names: \
                             shown, but not searched or sorted by name",
                };
                Error::new(k, FileKind::EmbInner)
            })
    }
}
