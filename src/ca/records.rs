//! Where a game's D02 record lies: A02 resolved once on opening (§6), and
//! each record's span found through it (§8.1).

use alloc::{borrow::Cow, vec::Vec};

use super::{Database, RawHeader, emb, format::d02, position::InOrder};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
    limits::MAX_A02_BYTES,
};

impl<R: ReadAt> Database<R> {
    /// Offset in D02 of the record with `game_id`, through the A02 chain
    /// (resolved once, on opening).
    pub fn record_offset(&self, game_id: u32) -> Result<u64, Error> {
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

    /// The D02 record of game `index`: the body's offset in D02 and its bytes.
    pub fn record(&self, index: u64) -> Result<(u64, Cow<'_, [u8]>), Error> {
        self.record_in_order(InOrder::new(index, None))
    }

    /// [`record`](Self::record) for an entry of a pass in record order:
    /// from the offset the order found, when it did, without the game's
    /// D00 header or A02 entry.
    pub(crate) fn record_in_order(&self, entry: InOrder) -> Result<(u64, Cow<'_, [u8]>), Error> {
        let index = entry.index();
        let (base, len) = match entry.record() {
            Some(at) => self.record_span_at(index, at)?,
            None => self.record_span_at(index, self.record_of(index, &self.raw_header(index)?)?)?,
        };
        let err = |k| Error::new(k, FileKind::D02).at(base).in_game(index);
        let body = self.files.d02.read_at(base, len).map_err(err)?;
        Ok((base, body))
    }

    /// Where game `index`'s record starts in D02, from its header `raw`.
    pub(super) fn record_of(&self, index: u64, raw: &RawHeader) -> Result<u64, Error> {
        self.record_offset(raw.game_id)
            .map_err(|e| e.in_game(index))
    }

    /// The span of the record whose length prefix is at `at` in D02.
    pub(super) fn record_span_at(&self, index: u64, at: u64) -> Result<(u64, usize), Error> {
        let err = |k| Error::new(k, FileKind::D02).at(at).in_game(index);
        let head = self.files.d02.read_up_to(at, 2).map_err(err)?;
        let (len, prefix) = d02::read_length(&head).map_err(err)?;
        Ok((at + prefix as u64, len))
    }

    /// Whether game `index`'s record is in memory now, so reading it calls
    /// no source ([`ReadAt::ready`]): the opening tree built in steps stops
    /// before a game whose record is not, so its caller can fetch the block
    /// meanwhile. A record that cannot be located counts as ready (reading
    /// it reports the damage).
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
    /// let games = cadb::game::import::read_pgn("1. e4 e5 *\n").unwrap();
    /// let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// assert!(db.record_ready(0)); // in memory
    /// ```
    pub fn record_ready(&self, index: u64) -> bool {
        let Ok(raw) = self.raw_header(index) else {
            return true;
        };
        let Ok(at) = self.record_offset(raw.game_id) else {
            return true;
        };
        let src = &self.files.d02;
        // Its length prefix first: finding the span reads it.
        if !src.ready(at, src.size().saturating_sub(at).min(2) as usize) {
            return false;
        }
        match self.record_span_at(index, at) {
            Ok((base, len)) => src.ready(base, len),
            Err(_) => true,
        }
    }

    /// Calls `f` with game `index`'s record (body offset in D02, bytes; its
    /// D00 header `raw` read already),
    /// lent by the D02 source ([`ReadAt::read_with`]) rather than copied:
    /// the passes over every game (export, opening tree) read this way.
    pub(super) fn with_record<T>(
        &self,
        index: u64,
        raw: &RawHeader,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        self.with_record_at(index, self.record_of(index, raw)?, f)
    }

    /// [`with_record`](Self::with_record) for the record at `at` in D02.
    pub(super) fn with_record_at<T>(
        &self,
        index: u64,
        at: u64,
        f: impl FnOnce(u64, &[u8]) -> T,
    ) -> Result<T, Error> {
        let (base, len) = self.record_span_at(index, at)?;
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

/// Reads A02 whole and resolves its chains (§6), one step per game id;
/// also the ids of entries storing one address (`sharing_ids`).
pub(super) fn resolve_a02<R: ReadAt>(
    a02: &R,
    d02_size: u64,
) -> Result<(Vec<u32>, Vec<u32>), Error> {
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
    // (`detect_from_headers`).
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
