//! Where a game's D02 record lies: A02 resolved once on opening (§6)
//! into a [`RecordIndex`], and each record's span and bytes found through
//! it (§8.1) by a [`RecordReader`].

use alloc::{borrow::Cow, vec::Vec};

use super::{DatabaseFiles, emb, format::d00::RawHeader, format::d02, header_table::HeaderTable};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
    limits::MAX_A02_BYTES,
};

/// A02 resolved: per game id, its record's address in D02 (or why none).
#[derive(Clone, Debug)]
pub(crate) struct RecordIndex {
    a02: Vec<u32>,
}

/// The ids (sorted) of the A02 entries that store one address another
/// entry stores too ([`sharing_ids`]): what opening checks the sampled
/// games against.
pub(crate) type SharingIds = Vec<u32>;

impl RecordIndex {
    /// Reads A02 whole and resolves its chains ([`resolve_a02`]).
    pub(crate) fn read<R: ReadAt>(
        a02: &R,
        d02_size: u64,
    ) -> Result<(RecordIndex, SharingIds), Error> {
        let (a02, sharing) = resolve_a02(a02, d02_size)?;
        Ok((RecordIndex { a02 }, sharing))
    }

    /// Entries in A02.
    pub(crate) fn len(&self) -> usize {
        self.a02.len()
    }

    /// Game id `game_id`'s entry as resolved (an address, or why none):
    /// what tells games sharing a record apart.
    pub(crate) fn resolved(&self, game_id: u32) -> Option<u32> {
        self.a02.get(game_id as usize).copied()
    }

    /// Offset in D02 of the record with `game_id`, through the A02 chain.
    pub(crate) fn offset(&self, game_id: u32) -> Result<u64, Error> {
        let len = self.a02.len() as u32;
        let err = |k| Error::new(k, FileKind::A02).at(u64::from(game_id) * 4);
        let v = *self
            .a02
            .get(game_id as usize)
            .ok_or_else(|| err(ErrorKind::ChainOutOfRange { id: game_id, len }))?;
        emb::Resolved::of(v)
            .address(game_id, len)
            .map(u64::from)
            .map_err(err)
    }
}

/// What reading a game's record needs (D00 for its GameID, the index, D02),
/// borrowed, so opening can read records before the database is built.
pub(crate) struct RecordReader<'a, R> {
    pub(crate) files: &'a DatabaseFiles<R>,
    pub(crate) headers: &'a HeaderTable,
    pub(crate) index: &'a RecordIndex,
}

impl<'a, R: ReadAt> RecordReader<'a, R> {
    /// The D02 record of game `index`: the body's offset in D02 and its bytes.
    pub(crate) fn record(&self, index: u64) -> Result<(u64, Cow<'a, [u8]>), Error> {
        self.record_in_order(InOrder::new(index, None))
    }

    /// [`record`](Self::record) for an entry of a pass in record order:
    /// from the offset the order found, when it did, without the game's
    /// D00 header or A02 entry.
    pub(crate) fn record_in_order(&self, entry: InOrder) -> Result<(u64, Cow<'a, [u8]>), Error> {
        let index = entry.index();
        let (base, len) = match entry.record() {
            Some(at) => self.span_at(index, at)?,
            None => {
                let raw = self.headers.raw_header(&self.files.d00, index)?;
                self.span_at(index, self.record_of(index, &raw)?)?
            }
        };
        let err = |k| Error::new(k, FileKind::D02).at(base).in_game(index);
        let files: &'a DatabaseFiles<R> = self.files;
        let body = files.d02.read_at(base, len).map_err(err)?;
        Ok((base, body))
    }

    /// Where game `index`'s record starts in D02, from its header `raw`.
    pub(crate) fn record_of(&self, index: u64, raw: &RawHeader) -> Result<u64, Error> {
        self.index.offset(raw.game_id).map_err(|e| e.in_game(index))
    }

    /// The span of the record whose length prefix is at `at` in D02.
    pub(crate) fn span_at(&self, index: u64, at: u64) -> Result<(u64, usize), Error> {
        let err = |k| Error::new(k, FileKind::D02).at(at).in_game(index);
        let head = self.files.d02.read_up_to(at, 2).map_err(err)?;
        let (len, prefix) = d02::read_length(&head).map_err(err)?;
        Ok((at + prefix as u64, len))
    }

    /// Whether game `index`'s record is in memory now ([`ReadAt::ready`]);
    /// a record that cannot be located counts as ready (reading it
    /// reports the damage).
    pub(crate) fn ready(&self, index: u64) -> bool {
        let Ok(raw) = self.headers.raw_header(&self.files.d00, index) else {
            return true;
        };
        let Ok(at) = self.index.offset(raw.game_id) else {
            return true;
        };
        let src = &self.files.d02;
        // Its length prefix first: finding the span reads it.
        if !src.ready(at, src.size().saturating_sub(at).min(2) as usize) {
            return false;
        }
        match self.span_at(index, at) {
            Ok((base, len)) => src.ready(base, len),
            Err(_) => true,
        }
    }

    /// Calls `f` with the record at `at` in D02 (body offset, bytes), lent
    /// by the D02 source ([`ReadAt::read_with`]) rather than copied.
    pub(crate) fn with_record_at<T>(
        &self,
        index: u64,
        at: u64,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        let (base, len) = self.span_at(index, at)?;
        let mut f = Some(f);
        let mut out = None;
        self.files
            .d02
            .read_with(base, len, &mut |body| {
                out = f.take().map(|f| f(base, body));
            })
            .map_err(|k| Error::new(k, FileKind::D02).at(base).in_game(index))?;
        out.ok_or_else(|| {
            let k = ErrorKind::Invalid {
                what: "a D02 source did not lend the bytes it read",
            };
            Error::new(k, FileKind::D02).at(base).in_game(index)
        })
    }
}

/// The `part`-th of `parts` equal stretches of `0..len`: a pass in
/// record order split between Workers or threads, each given a part
/// number. A part past the last is empty, however far past (the sums are
/// wide enough that no part number wraps into another's stretch); no
/// parts is one.
///
/// ```ignore
/// assert_eq!((stretch(10, 1, 3), stretch(10, 2, 3), stretch(10, 9, 3)), (3..6, 6..10, 10..10));
/// ```
pub(crate) fn stretch(len: u64, part: u64, parts: u64) -> core::ops::Range<u64> {
    let (len, parts) = (u128::from(len), u128::from(parts.max(1)));
    let at = |k: u128| (len * k.min(parts) / parts) as u64;
    at(u128::from(part))..at(u128::from(part) + 1)
}

/// A game in a pass in record order: its index, and its record's offset
/// in D02 when the order's scan found it (the scan resolves every GameID,
/// so a reader need not do it again). Ordered by offset, then index; the
/// games not located last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct InOrder(u64);

impl InOrder {
    /// Not located. A02 holds 32-bit offsets; this one is read the long way.
    const NOWHERE: u64 = u32::MAX as u64;

    /// Game `index`, its record at `record` in D02 if located.
    pub fn new(index: u64, record: Option<u64>) -> InOrder {
        let at = record
            .filter(|&a| a < Self::NOWHERE)
            .unwrap_or(Self::NOWHERE);
        InOrder(at << 32 | (index & u64::from(u32::MAX)))
    }

    /// The game's index.
    pub fn index(self) -> u64 {
        self.0 & u64::from(u32::MAX)
    }

    /// Where the record's length prefix is in D02, if found.
    pub fn record(self) -> Option<u64> {
        let at = self.0 >> 32;
        (at != Self::NOWHERE).then_some(at)
    }
}

/// Reads A02 whole and resolves its chains (§6), one step per game id;
/// also the ids of entries storing one address (`sharing_ids`).
fn resolve_a02<R: ReadAt>(a02: &R, d02_size: u64) -> Result<(Vec<u32>, Vec<u32>), Error> {
    // At most 2^30 entries, as resolve_links needs (a game id is 32-bit,
    // but no database has a billion games).
    let size = a02.size() - a02.size() % 4;
    let limit = MAX_A02_BYTES.min(usize::MAX as u64);
    let len = usize::try_from(size)
        .ok()
        .filter(|_| size <= limit)
        .ok_or_else(|| {
            let k = ErrorKind::TooLarge {
                what: "A02 size",
                size,
                limit,
            };
            Error::new(k, FileKind::A02)
        })?;
    // In blocks: the raw bytes are never held whole beside the values.
    const BLOCK: usize = 1 << 16;
    let mut links = Vec::with_capacity(len / 4);
    for at in (0..len).step_by(BLOCK) {
        let n = BLOCK.min(len - at);
        let bytes = a02
            .read_at(at as u64, n)
            .map_err(|k| Error::new(k, FileKind::A02).at(at as u64))?;
        links.extend(emb::u32_values(&bytes));
    }
    // Entries no game uses may share an address (a writer may zero them):
    // only games that share one are damage, counted on the D00 headers
    // (`infer::sample_headers`).
    let shared = sharing_ids(&links, d02_size);
    emb::resolve_links(&mut links);
    Ok((links, shared))
}

/// At most this many A02 entries are kept as sharing an address (a zeroed
/// A02 has as many as it has entries): 256 KiB.
const MAX_SHARING_IDS: usize = 1 << 16;

/// The ids (sorted) of the A02 entries that store, directly, an address
/// another entry stores too; at most `MAX_SHARING_IDS`. Entries that
/// redirect share their target's record by design, and an address past
/// D02 is no record (its game fails on reading).
fn sharing_ids(links: &[u32], d02_size: u64) -> Vec<u32> {
    let direct = |v: u32| (v as i32) >= 0 && u64::from(v) < d02_size;
    let mut sorted: Vec<u32> = links.iter().copied().filter(|&v| direct(v)).collect();
    sorted.sort_unstable();
    let mut twice: Vec<u32> = sorted
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    if twice.is_empty() {
        return twice;
    }
    twice.dedup();
    (0..links.len() as u32)
        .filter(|&id| {
            direct(links[id as usize]) && twice.binary_search(&links[id as usize]).is_ok()
        })
        .take(MAX_SHARING_IDS)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn sharing_ids_are_the_entries_storing_one_address() {
        // 0 and 10 stored twice; -3 redirects (shares by design); 500 lies
        // past a D02 of 100 bytes.
        let links = [0u32, 10, 10, (-3i32) as u32, 20, 0, 500, 500];
        assert_eq!(super::sharing_ids(&links, 100), [0, 1, 2, 5]);
        assert_eq!(super::sharing_ids(&links, 1000), [0, 1, 2, 5, 6, 7]);
        assert!(super::sharing_ids(&links[..2], 100).is_empty());
    }
}
