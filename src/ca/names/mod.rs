//! The name tables (players, events, places, sources): each id resolved
//! through `.a01` to a `.d01` record (§4.6–§4.10).
//!
//! Everything a writer may do is read as it stands (§4.7, §4.8, Q6):
//! records in any order, unused bytes before and between them, ids no game
//! uses holding 0 or any address, and so records that overlap. None of it
//! is refused: each id's name is the record its chain ends at, and each
//! distinct record is decoded once. What is bounded is memory: the records
//! decoded in bulk ([`NameTable::in_bulk`]) hold at most
//! [`NAME_BULK_MULTIPLE`] times the `.d01` plus [`NAME_BULK_CONSTANT`]
//! raw bytes, the records games use first.
//!
//! This file is one table; `lists.rs` the four of a database (its names
//! part, bounded in bulk on opening); `usage.rs` which names games use.

use alloc::{borrow::Cow, string::String, string::ToString, vec::Vec};

mod lists;
mod usage;

pub(crate) use lists::{Names, read_tables};
pub use usage::{NameUse, UsedIds};

use super::{
    emb::{Claims, Resolved, TRUNCATED, UNRESOLVED, Volume, resolve_links, u32_values},
    format::emb::{ListKind, PLAYER_DATA_LEN, PlayerData},
};
use crate::{
    bits::Bits,
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
    limits::{NAME_BULK_CONSTANT, NAME_BULK_MULTIPLE},
    text::Text,
};

/// One list: each id resolved once through `.a01` to one of the distinct
/// `.d01` records, plus the `.iii` order and, for players, `Players.d00`.
///
/// Ids that redirect to one record share it: a name is decoded once per
/// record, never once per id.
#[derive(Clone, Debug, Default)]
pub struct NameTable {
    pub kind: Option<ListKind>,
    /// Per id: the index of its record in `records`, or an [`UNRESOLVED`] code.
    record_of: Vec<u32>,
    /// The address in `d01` of each distinct record, ascending.
    records: Vec<u32>,
    /// The raw bytes of all of them (overlapping ones count each time).
    record_bytes: u64,
    /// The records decoded in bulk; `None`: every one.
    bulk: Option<Bits>,
    d01: Vec<u8>,
    iii: Vec<u8>,
    d00: Vec<u8>,
    memo: Memo,
}

/// The names of games' headers decoded last, one slot a record index
/// modulo the slots: a pass over every game decodes the same players and
/// events again and again (600,000 names for 100,000 games, decoded in 4%
/// of `cadb pgn`'s instructions on FIXP100K; remembered, 2.2% fewer in
/// all). Behind a lock that is never waited for: a thread that finds it
/// taken decodes the name itself, and a `Database` shared between threads
/// stays `Sync`. Without `std`, nothing is remembered.
#[derive(Debug, Default)]
struct Memo {
    #[cfg(feature = "std")]
    slots: std::sync::Mutex<Vec<(u32, Text, Option<String>)>>,
}

impl Clone for Memo {
    /// A copy remembers nothing yet.
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl Memo {
    #[cfg(feature = "std")]
    const SLOTS: usize = 256;

    /// Record `index`'s name in `enc`: remembered, or `decode`d.
    #[cfg_attr(not(feature = "std"), allow(unused_variables))]
    fn name(
        &self,
        index: u32,
        enc: Text,
        decode: impl FnOnce() -> Option<String>,
    ) -> Option<String> {
        #[cfg(feature = "std")]
        if let Ok(mut slots) = self.slots.try_lock() {
            if slots.is_empty() {
                *slots = alloc::vec![(u32::MAX, enc, None); Self::SLOTS];
            }
            let slot = &mut slots[index as usize % Self::SLOTS];
            if slot.0 != index || slot.1 != enc {
                *slot = (index, enc, decode());
            }
            return slot.2.clone();
        }
        decode()
    }
}

/// A resolved entry: name, and for players the title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameEntry<'a> {
    pub name: &'a [u8],
    pub title: &'a [u8],
}

impl NameTable {
    /// Reads `<stem>.a01`, `.d01`, `.iii` (and `Players.d00`). A file that
    /// is missing or damaged is read as empty, with a warning. Ids without
    /// a record are not warned of here: only those games use matter
    /// ([`Database::open`](super::Database::open) counts them).
    pub fn read<R: ReadAt + ?Sized>(
        vol: &Volume,
        emb: &R,
        kind: ListKind,
        claims: &mut Claims,
        warnings: &mut Vec<Error>,
    ) -> NameTable {
        // A name file holds no game: damage to it costs names, never games.
        let mut get = |ext: &str| -> Vec<u8> {
            let name = kind.inner_name(ext);
            match vol.file_claimed(emb, &name, claims) {
                Ok(Some(b)) => b,
                Ok(None) => {
                    if ext != "d00" || kind == ListKind::Players {
                        warnings.push(Error::new(
                            ErrorKind::MissingInnerFile { name },
                            FileKind::Emb,
                        ));
                    }
                    Vec::new()
                }
                Err(e) => {
                    warnings.push(damaged(name, e));
                    Vec::new()
                }
            }
        };
        let mut links: Vec<u32> = u32_values(&get("a01")).collect();
        let d01 = get("d01");
        let mut iii = get("iii");
        let d00 = if kind == ListKind::Players {
            get("d00")
        } else {
            Vec::new()
        };
        if !links.is_empty() && !iii.is_empty() && !is_order_of(&iii, links.len()) {
            let k = ErrorKind::Invalid {
                what: "the sort order names an id past the list, or one id twice",
            };
            let e = Error::new(k, FileKind::EmbInner);
            warnings.push(damaged(kind.inner_name("iii"), e));
            iii.clear();
        } else if links.is_empty() {
            // No ids to order (the .a01 is missing or damaged, and said so).
            iii.clear();
        }
        resolve_links(&mut links);
        let (records, record_bytes) = distinct_records(kind, &d01, &mut links);
        NameTable {
            kind: Some(kind),
            record_of: links,
            records,
            record_bytes,
            bulk: None,
            d01,
            iii,
            d00,
            memo: Memo::default(),
        }
    }

    /// Number of ids in the `.a01` array.
    pub fn len(&self) -> u32 {
        self.record_of.len() as u32
    }

    /// Whether the table has no ids.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of distinct name records the ids resolve to.
    pub fn record_count(&self) -> u32 {
        self.records.len() as u32
    }

    /// The index of the record that `id` resolves to (`0..record_count()`),
    /// or why it resolves to none.
    pub fn record_of(&self, id: u32) -> Result<u32, ErrorKind> {
        let v = *self
            .record_of
            .get(id as usize)
            .ok_or(ErrorKind::ChainOutOfRange {
                id,
                len: self.len(),
            })?;
        // A record index reads as an address: it is below 2^31 too.
        Resolved::of(v).address(id, self.len())
    }

    /// [`record_of`](Self::record_of) without the reason: what header
    /// columns and search ask for every game.
    pub fn record_index(&self, id: u32) -> Option<u32> {
        let v = *self.record_of.get(id as usize)?;
        (v & UNRESOLVED == 0).then_some(v)
    }

    /// Why id `id` (in the table) resolves to no record, as a warning
    /// says it; `None` when it has one or is past the table.
    pub fn unresolved_reason(&self, id: u32) -> Option<&'static str> {
        let v = *self.record_of.get(id as usize)?;
        (v & UNRESOLVED != 0).then(|| Resolved::of(v).reason())
    }

    /// Record `index` (`0..record_count()`).
    pub fn record(&self, index: u32) -> Option<NameEntry<'_>> {
        let addr = *self.records.get(index as usize)?;
        let kind = self.kind.unwrap_or(ListKind::Events);
        let (name, title) = kind.parse_name_record(&self.d01, addr as usize)?;
        Some(NameEntry { name, title })
    }

    /// The address of record `index` in `.d01`.
    pub fn record_address(&self, index: u32) -> Option<u32> {
        self.records.get(index as usize).copied()
    }

    /// The record of `id`, following redirections.
    pub fn entry(&self, id: u32) -> Result<NameEntry<'_>, ErrorKind> {
        let r = self.record_of(id)?;
        // Every kept record parsed when the table was read.
        self.record(r).ok_or(ErrorKind::Invalid {
            what: "the name record runs past the end of its .d01 file",
        })
    }

    /// The name of record `index`, decoded; `None` when empty.
    pub fn record_name(&self, index: u32, enc: Text) -> Option<String> {
        trimmed(enc.decode(self.record(index)?.name))
    }

    /// [`record_name`](Self::record_name), remembered: what a game's
    /// headers ask for ([`display_name`](Self::display_name)).
    fn remembered_name(&self, index: u32, enc: Text) -> Option<String> {
        self.memo.name(index, enc, || self.record_name(index, enc))
    }

    /// Whether record `index` is decoded in bulk: by search, sort and the
    /// JS `names()`. Every record is, unless the table's records overlap
    /// past the bound [`crate::limits`] states: then the records games
    /// use, in address order, up to it ([`NameTable::keep_in_bulk`]).
    ///
    /// ```
    /// # use cadb::ca::{Database, ListKind, OpenOptions, writer};
    /// # let games = cadb::game::import::read_pgn("[White \"Tal\"] 1. e4 *").unwrap();
    /// # let (files, _) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let players = db.list(ListKind::Players);
    /// assert!((0..players.record_count()).all(|r| players.in_bulk(r)));
    /// ```
    pub fn in_bulk(&self, index: u32) -> bool {
        match &self.bulk {
            None => index < self.record_count(),
            Some(bits) => bits.get(index as usize),
        }
    }

    /// [`record_name`](Self::record_name) of a record decoded in bulk;
    /// `None` for the others.
    pub fn bulk_name(&self, index: u32, enc: Text) -> Option<String> {
        self.in_bulk(index)
            .then(|| self.record_name(index, enc))
            .flatten()
    }

    /// The raw bytes of the records decoded in bulk, at most.
    fn bulk_budget(&self) -> u64 {
        NAME_BULK_MULTIPLE
            .saturating_mul(self.d01.len() as u64)
            .saturating_add(NAME_BULK_CONSTANT)
    }

    /// Whether the records overlap past the bulk bound, so that which of
    /// them games use decides the ones decoded in bulk.
    pub fn needs_use(&self) -> bool {
        self.record_bytes > self.bulk_budget()
    }

    /// Keeps in bulk the records `used` marks, in address order while
    /// their raw bytes fit the bound; returns how many used records are
    /// left out (0 but for records that overlap many times).
    pub fn keep_in_bulk(&mut self, used: &Bits) -> u64 {
        let budget = self.bulk_budget();
        let mut bulk = Bits::new(self.records.len());
        let (mut bytes, mut left_out) = (0u64, 0u64);
        for r in (0..self.record_count()).filter(|&r| used.get(r as usize)) {
            let len = self.raw_len(r);
            if bytes + len > budget {
                left_out += 1;
                continue;
            }
            bytes += len;
            bulk.insert(r as usize);
        }
        self.bulk = Some(bulk);
        left_out
    }

    /// The raw bytes of record `index` (0 past the records).
    pub(crate) fn raw_len(&self, index: u32) -> u64 {
        let kind = self.kind.unwrap_or(ListKind::Events);
        self.record(index)
            .map_or(0, |e| kind.name_record_len(e.name, e.title) as u64)
    }

    /// The name of `id`, decoded; `None` when it cannot be resolved or is empty.
    pub fn name(&self, id: u32, enc: Text) -> Option<String> {
        trimmed(enc.decode(self.entry(id).ok()?.name))
    }

    /// The name of `id` as a list shows it: its name (`None` when empty),
    /// or `#id` when the id resolves to no record (a damaged list, a
    /// broken chain); id 0 without a record is no name (0 may mean none).
    ///
    /// ```
    /// # use cadb::ca::{Database, ListKind, OpenOptions, writer};
    /// # let games = cadb::game::import::read_pgn("[White \"Tal\"] 1. e4 *").unwrap();
    /// # let (files, _) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let players = db.list(ListKind::Players);
    /// assert_eq!(players.display_name(1_000_000, db.text()).as_deref(), Some("#1000000"));
    /// ```
    pub fn display_name(&self, id: u32, enc: Text) -> Option<String> {
        // `record_index`, not `record_of`: no error built and dropped
        // for each game's header.
        match self.record_index(id) {
            Some(r) => self.remembered_name(r, enc),
            None if id == 0 => None,
            None => Some(alloc::format!("#{id}")),
        }
    }

    /// The title of player `id`, decoded.
    pub fn title(&self, id: u32, enc: Text) -> Option<String> {
        trimmed(enc.decode(self.record(self.record_index(id)?)?.title))
    }

    /// Extra data of player `id` (Players.d00; block `id` at `10 * id`).
    pub fn player_data(&self, id: u32) -> Option<PlayerData> {
        let at = usize::try_from(id).ok()?.checked_mul(PLAYER_DATA_LEN)?;
        let b = self.d00.get(at..at.checked_add(PLAYER_DATA_LEN)?)?;
        Some(PlayerData::parse(b.try_into().ok()?))
    }

    /// The sorted order of ids (`.iii`), as stored.
    pub fn sort_order(&self) -> impl Iterator<Item = u32> + '_ {
        u32_values(&self.iii)
    }

    /// The name and title of record `index`, as stored (what the code-page
    /// guess reads); nothing past the records.
    pub fn strings_of(&self, index: u32) -> impl Iterator<Item = &[u8]> + '_ {
        self.record(index)
            .into_iter()
            .flat_map(|e| [e.name, e.title])
    }

    /// Every name and title of the records decoded in bulk, as stored.
    pub fn strings(&self) -> impl Iterator<Item = &[u8]> + '_ {
        (0..self.record_count())
            .filter(|&r| self.in_bulk(r))
            .flat_map(|r| self.strings_of(r))
    }

    /// Whether the table has a `.iii` order.
    pub fn has_sort_order(&self) -> bool {
        self.iii.len() >= 4
    }
}

/// A damaged inner file's error as the warning that names it.
fn damaged(name: String, e: Error) -> Error {
    let offset = e.offset;
    let mut w = Error::new(
        ErrorKind::DamagedInnerFile {
            name,
            cause: alloc::boxed::Box::new(e.kind),
        },
        e.file,
    );
    w.offset = offset;
    w
}

/// Whether `iii` holds ids of `0..len`, each at most once. It may leave
/// ids out (redirected ones need no place; sorting puts any it misses
/// last), but an id out of range or twice is damage.
fn is_order_of(iii: &[u8], len: usize) -> bool {
    if iii.len() > len * 4 {
        return false;
    }
    let mut seen = Bits::new(len);
    u32_values(iii).all(|id| seen.insert(id as usize))
}

fn trimmed(s: Cow<'_, str>) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

/// The distinct records the resolved `links` point to, ascending, and
/// their raw bytes in all; each link becomes its record's index, or
/// [`TRUNCATED`] when no record fits at its address. Records may overlap:
/// a start inside another record is as good a record as any (an unused id
/// may point into a used record, or at unused bytes before it).
fn distinct_records(kind: ListKind, d01: &[u8], links: &mut [u32]) -> (Vec<u32>, u64) {
    let mut addrs: Vec<u32> = links
        .iter()
        .copied()
        .filter(|v| v & UNRESOLVED == 0)
        .collect();
    addrs.sort_unstable();
    addrs.dedup();
    let mut bytes = 0u64;
    addrs.retain(|&a| match kind.parse_name_record(d01, a as usize) {
        Some((name, title)) => {
            bytes += kind.name_record_len(name, title) as u64;
            true
        }
        None => false,
    });
    for v in links.iter_mut().filter(|v| **v & UNRESOLVED == 0) {
        *v = match addrs.binary_search(v) {
            Ok(i) => i as u32,
            Err(_) => TRUNCATED,
        };
    }
    addrs.shrink_to_fit();
    (addrs, bytes)
}
