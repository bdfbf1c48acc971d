//! The EMB volume: a small file system of 28 inner files (§4), and the
//! name tables built from them (players, events, places, sources).
//!
//! Every inner file is a list of fragments. Reading one checks each
//! fragment against the volume, rejects overlapping fragments (so a file
//! can never be larger than the volume it comes from) and bounds the
//! number of descriptors.

use alloc::{
    borrow::Cow,
    string::{String, ToString},
    vec::Vec,
};

use super::format::{
    c_string,
    emb::{
        DIR_ENTRY_LEN, ENTRY_LENGTH, ENTRY_NAME, ENTRY_OFFSET, FOLDER_LENGTH, FOLDER_OFFSET,
        FRAGMENT_LEN, HEADER_LEN, HEADER_SIGNATURE, HEADER_VERSION, Link, ListKind,
        PLAYER_DATA_LEN, PlayerData, fragment,
    },
};
use crate::{
    bytes::{ReadAt, u32le},
    error::{Error, ErrorKind, FileKind},
    limits::{MAX_DIRECTORY_ENTRIES, MAX_FRAGMENTS, MAX_INNER_FILE_BYTES},
    text::Text,
};

/// The EMB header (§4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbHeader {
    /// Signature text (64 bytes, zero-filled).
    pub signature: String,
    /// Format version text.
    pub version: String,
    pub folder_length: u32,
    pub folder_offset: u32,
}

/// One root-directory entry (§4.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbEntry {
    pub name: String,
    pub length: u32,
    pub offset: u32,
}

fn emb_err(kind: ErrorKind, offset: u64) -> Error {
    Error::new(kind, FileKind::Emb).at(offset)
}

fn short_read(offset: u64) -> Error {
    emb_err(ErrorKind::Invalid { what: "short read" }, offset)
}

/// Reads a file out of the volume (`GetFile`, §4.4).
///
/// ```
/// // One file of 5 bytes in two fragments, stored out of order.
/// let mut emb = vec![0u8; 40];
/// emb[0..8].copy_from_slice(&[2, 0, 0, 0, 30, 0, 0, 0]); // 2 bytes at 30
/// emb[8..16].copy_from_slice(&[3, 0, 0, 0, 20, 0, 0, 0]); // 3 bytes at 20
/// emb[20..23].copy_from_slice(b"llo");
/// emb[30..32].copy_from_slice(b"he");
/// assert_eq!(cadb::ca::emb::read_inner(&emb[..], 5, 0).unwrap(), b"hello");
/// ```
pub fn read_inner<R: ReadAt + ?Sized>(emb: &R, length: u32, offset: u32) -> Result<Vec<u8>, Error> {
    read_inner_spans(emb, length, offset).map(|(bytes, _)| bytes)
}

/// A span of the volume: `(offset, length)`.
type Span = (u64, u64);

/// [`read_inner`], and the spans of the volume it read,
/// sorted, so a caller can check that files do not share bytes.
fn read_inner_spans<R: ReadAt + ?Sized>(
    emb: &R,
    length: u32,
    offset: u32,
) -> Result<(Vec<u8>, Vec<Span>), Error> {
    let size = emb.size();
    let length = u64::from(length);
    if length > size || length > MAX_INNER_FILE_BYTES {
        let k = ErrorKind::TooLarge {
            what: "inner file length",
            size: length,
            limit: size.min(MAX_INNER_FILE_BYTES),
        };
        return Err(emb_err(k, u64::from(offset)));
    }
    let mut out = Vec::with_capacity(length as usize);
    let mut spans: Vec<Span> = Vec::new();
    let mut desc = u64::from(offset);
    // Descriptors, not bytes, bound the loop: zero-length ones add none.
    let max_desc = (size / FRAGMENT_LEN as u64).min(MAX_FRAGMENTS);
    let mut read = 0u64;
    while (out.len() as u64) < length {
        if read >= max_desc {
            let k = ErrorKind::TooLarge {
                what: "fragment count",
                size: read + 1,
                limit: max_desc,
            };
            return Err(emb_err(k, desc));
        }
        read += 1;
        let d = emb
            .read_at(desc, FRAGMENT_LEN)
            .map_err(|k| emb_err(k, desc))?;
        let d: &[u8; FRAGMENT_LEN] = (&*d).try_into().map_err(|_| short_read(desc))?;
        let (len, at) = fragment(d);
        let (len, at) = (u64::from(len), u64::from(at));
        // The source's GetFile skips a fragment of length 0.
        if len == 0 {
            desc += FRAGMENT_LEN as u64;
            continue;
        }
        // The last fragment may overshoot; keep only what the file needs
        // (Q2), and check only those bytes against the volume, as GetFile
        // reads only them.
        let want = (length - out.len() as u64).min(len) as usize;
        if at.checked_add(want as u64).is_none_or(|end| end > size) {
            return Err(emb_err(
                ErrorKind::BadFragment {
                    reason: "a fragment lies outside the file",
                },
                desc,
            ));
        }
        spans.push((at, want as u64));
        let bytes = emb.read_at(at, want).map_err(|k| emb_err(k, at))?;
        out.extend_from_slice(&bytes);
        desc += FRAGMENT_LEN as u64;
    }
    spans.sort_unstable();
    if spans.windows(2).any(|w| w[0].0 + w[0].1 > w[1].0) {
        return Err(emb_err(
            ErrorKind::BadFragment {
                reason: "fragments of one file overlap",
            },
            u64::from(offset),
        ));
    }
    Ok((out, spans))
}

/// The volume: its header and directory. Inner files are read on request.
#[derive(Clone, Debug)]
pub struct Volume {
    pub header: EmbHeader,
    pub entries: Vec<EmbEntry>,
    /// The bytes the directory takes, where the inner files' claims start.
    directory: Claims,
}

impl Volume {
    /// Reads the header and the root directory.
    pub fn open<R: ReadAt + ?Sized>(emb: &R) -> Result<Volume, Error> {
        let h = emb.read_at(0, HEADER_LEN).map_err(|k| emb_err(k, 0))?;
        let header = EmbHeader {
            signature: c_string(&h[HEADER_SIGNATURE]),
            version: c_string(&h[HEADER_VERSION]),
            folder_length: u32le(&h, FOLDER_LENGTH),
            folder_offset: u32le(&h, FOLDER_OFFSET),
        };
        let count = u64::from(header.folder_length) / DIR_ENTRY_LEN as u64;
        if count > MAX_DIRECTORY_ENTRIES {
            let k = ErrorKind::TooLarge {
                what: "directory entries",
                size: count,
                limit: MAX_DIRECTORY_ENTRIES,
            };
            return Err(emb_err(k, FOLDER_LENGTH as u64));
        }
        let (dir, spans) = read_inner_spans(emb, header.folder_length, header.folder_offset)?;
        let directory = Claims { spans };
        let entries = dir
            .chunks_exact(DIR_ENTRY_LEN)
            .map(|e| EmbEntry {
                length: u32le(e, ENTRY_LENGTH),
                offset: u32le(e, ENTRY_OFFSET),
                name: c_string(&e[ENTRY_NAME..]),
            })
            .collect();
        Ok(Volume {
            header,
            entries,
            directory,
        })
    }

    /// The bytes taken so far: the directory's. Pass it to each
    /// [`Volume::file_claimed`] of one reading.
    pub fn claims(&self) -> Claims {
        self.directory.clone()
    }

    /// The entry named `name`, ignoring case.
    pub fn entry(&self, name: &str) -> Option<&EmbEntry> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// The contents of the inner file `name`, or `Ok(None)` if there is none.
    pub fn file<R: ReadAt + ?Sized>(&self, emb: &R, name: &str) -> Result<Option<Vec<u8>>, Error> {
        match self.entry(name) {
            None => Ok(None),
            Some(e) => read_inner(emb, e.length, e.offset).map(Some),
        }
    }

    /// [`Volume::file`], failing if the file shares bytes with one read
    /// before (other than identical fragments; see [`Claims`]).
    pub fn file_claimed<R: ReadAt + ?Sized>(
        &self,
        emb: &R,
        name: &str,
        claims: &mut Claims,
    ) -> Result<Option<Vec<u8>>, Error> {
        let Some(e) = self.entry(name) else {
            return Ok(None);
        };
        let (bytes, spans) = read_inner_spans(emb, e.length, e.offset)?;
        claims.claim(&spans).map_err(|at| {
            let k = ErrorKind::BadFragment {
                reason: "fragments of two inner files overlap",
            };
            emb_err(k, at)
        })?;
        Ok(Some(bytes))
    }
}

/// The volume's bytes already taken by the inner files read so far. Two
/// files may share a fragment only when it is the very same span, so the
/// files read can hold at most as many bytes as the volume times the number
/// of files: a hostile volume cannot make a few bytes into many large
/// tables.
#[derive(Clone, Debug, Default)]
pub struct Claims {
    spans: Vec<Span>,
}

impl Claims {
    /// Adds the sorted `spans` of one file; an error names the first one
    /// that overlaps a different span of an earlier file.
    fn claim(&mut self, spans: &[Span]) -> Result<(), u64> {
        let mut all: Vec<Span> = Vec::with_capacity(self.spans.len() + spans.len());
        let (mut a, mut b) = (self.spans.iter().peekable(), spans.iter().peekable());
        // Merge the two sorted lists, keeping one of each identical span.
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(&&x), Some(&&y)) if x <= y => {
                    a.next();
                    x
                }
                (_, Some(&&y)) => {
                    b.next();
                    y
                }
                (Some(&&x), None) => {
                    a.next();
                    x
                }
                (None, None) => break,
            };
            match all.last() {
                Some(&last) if last == next => {}
                Some(&(at, len)) if at + len > next.0 => return Err(next.0),
                _ => all.push(next),
            }
        }
        self.spans = all;
        Ok(())
    }
}

/// What an `.a01` or A02 entry resolved to: an address (below 2^31), or
/// why there is none (the high bit set). One `u32` per id keeps a resolved
/// array no larger than the file it comes from.
const UNRESOLVED: u32 = 1 << 31;
const OUT_OF_RANGE: u32 = UNRESOLVED;
const CYCLE: u32 = UNRESOLVED | 1;
/// `.a01` only: the record does not fit in `.d01`.
const TRUNCATED: u32 = UNRESOLVED | 2;
/// `.a01` only: the record starts inside another id's record.
const OVERLAPS: u32 = UNRESOLVED | 3;
/// While resolving: an id on the chain being walked. Like the codes above
/// it would read as a redirection to an id near 2^31, and those are
/// replaced first (no array here is that long).
const ON_PATH: u32 = UNRESOLVED | 4;

/// Resolves every entry of an `.a01` or A02 array (§4.6, Q6: a negative
/// value names another id to follow, any value ≥ 0 is the address) once,
/// remembering each chain's end, so the whole array costs one step per id
/// however long or tangled its chains are. `links` holds the raw values in
/// and the resolved ones out ([`Resolved`]), and nothing else is allocated
/// but the chain being walked. Arrays are shorter than 2^30 entries (A02
/// is at most 4 GiB, an inner file 1 GiB).
///
/// ```
/// use cadb::ca::emb::{Resolved, resolve_links};
/// let mut a = [-2i32, 100, -1, -3, -9].map(|v| v as u32);
/// resolve_links(&mut a);
/// assert_eq!(Resolved::of(a[0]), Resolved::Address(100)); // 0 -> 2 -> 1
/// assert_eq!(Resolved::of(a[3]), Resolved::Cycle); // 3 -> 3
/// assert_eq!(Resolved::of(a[4]), Resolved::OutOfRange); // 4 -> 9
/// ```
pub fn resolve_links(links: &mut [u32]) {
    let len = links.len();
    // Redirections out of the array fail here, so every value left above
    // ON_PATH is a redirection to an id in it.
    for v in links.iter_mut() {
        if let Link::Redirect(to) = Link::from_i32(*v as i32)
            && to as usize >= len
        {
            *v = OUT_OF_RANGE;
        }
    }
    let redirect = |v: u32| v > ON_PATH;
    let mut path: Vec<usize> = Vec::new();
    for start in 0..len {
        if !redirect(links[start]) {
            continue;
        }
        path.clear();
        let mut id = start;
        let end = loop {
            // In the array by the first pass; `get` keeps that unprovable claim panic-free.
            let Some(&v) = links.get(id) else {
                break OUT_OF_RANGE;
            };
            if v == ON_PATH {
                break CYCLE;
            }
            if !redirect(v) {
                break v;
            }
            links[id] = ON_PATH;
            path.push(id);
            match Link::from_i32(v as i32) {
                Link::Redirect(next) => id = next as usize,
                Link::Address(a) => break a,
            }
        };
        for &p in &path {
            links[p] = end;
        }
    }
}

/// One resolved entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Address(u32),
    /// The chain leaves the array.
    OutOfRange,
    /// The chain loops.
    Cycle,
    /// The name record does not fit in `.d01`.
    Truncated,
    /// The name record starts inside another id's record.
    Overlaps,
}

impl Resolved {
    /// Reads a value that [`resolve_links`] wrote.
    pub fn of(v: u32) -> Resolved {
        match v {
            OUT_OF_RANGE => Resolved::OutOfRange,
            CYCLE => Resolved::Cycle,
            TRUNCATED => Resolved::Truncated,
            OVERLAPS => Resolved::Overlaps,
            a => Resolved::Address(a),
        }
    }

    /// The error for id `id` of an array of `len`, or the address.
    pub fn address(self, id: u32, len: u32) -> Result<u32, ErrorKind> {
        match self {
            Resolved::Address(a) => Ok(a),
            Resolved::OutOfRange => Err(ErrorKind::ChainOutOfRange { id, len }),
            Resolved::Cycle => Err(ErrorKind::ChainCycle { id }),
            Resolved::Truncated => Err(ErrorKind::Invalid {
                what: "the name record runs past the end of its .d01 file",
            }),
            Resolved::Overlaps => Err(ErrorKind::Invalid {
                what: "the name record starts inside another name's record",
            }),
        }
    }

    fn reason(self) -> &'static str {
        match self {
            Resolved::Address(_) => "",
            Resolved::OutOfRange => "their redirection chain leaves the .a01 array",
            Resolved::Cycle => "their redirection chain loops",
            Resolved::Truncated => "their record runs past the end of .d01",
            Resolved::Overlaps => "their record starts inside another name's record",
        }
    }
}

/// The 32-bit values of a little-endian array (`.a01`, `.iii`, A02).
pub(crate) fn u32_values(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes.chunks_exact(4).map(|b| u32le(b, 0))
}

/// One list: each id resolved once through `.a01` to one of the distinct
/// `.d01` records, plus the `.iii` order and, for players, `Players.d00`.
///
/// Ids that redirect to one record share it: a name is decoded once per
/// record, never once per id, and records may not overlap, so the decoded
/// names of a table are never larger than its `.d01` (times three for
/// UTF-8).
#[derive(Clone, Debug, Default)]
pub struct NameTable {
    pub kind: Option<ListKind>,
    /// Per id: the index of its record in `records`, or an [`UNRESOLVED`] code.
    record_of: Vec<u32>,
    /// The address in `d01` of each distinct record, ascending.
    records: Vec<u32>,
    d01: Vec<u8>,
    iii: Vec<u8>,
    d00: Vec<u8>,
}

/// A resolved entry: name, and for players the title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameEntry<'a> {
    pub name: &'a [u8],
    pub title: &'a [u8],
}

impl NameTable {
    /// Reads `<stem>.a01`, `.d01`, `.iii` (and `Players.d00`). A file that
    /// is missing or damaged is read as empty, with a warning; ids without
    /// a readable name are counted in a warning with the reason.
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
        let records = distinct_records(kind, &d01, &mut links);
        let mut bad = [0u64; 4];
        for &v in &links {
            if v & UNRESOLVED != 0 {
                bad[(v & 3) as usize] += 1;
            }
        }
        for (code, count) in bad.into_iter().enumerate() {
            if count > 0 {
                let reason = Resolved::of(UNRESOLVED | code as u32).reason();
                let k = ErrorKind::BadNames {
                    list: kind.stem(),
                    count,
                    reason,
                };
                warnings.push(Error::new(k, FileKind::EmbInner));
            }
        }
        NameTable {
            kind: Some(kind),
            record_of: links,
            records,
            d01,
            iii,
            d00,
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

    /// Record `index` (`0..record_count()`).
    pub fn record(&self, index: u32) -> Option<NameEntry<'_>> {
        let addr = *self.records.get(index as usize)?;
        let kind = self.kind.unwrap_or(ListKind::Events);
        let (name, title) = kind.parse_name_record(&self.d01, addr as usize)?;
        Some(NameEntry { name, title })
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
        match self.record_of(id) {
            Ok(r) => self.record_name(r, enc),
            Err(_) if id == 0 => None,
            Err(_) => Some(alloc::format!("#{id}")),
        }
    }

    /// The title of player `id`, decoded.
    pub fn title(&self, id: u32, enc: Text) -> Option<String> {
        trimmed(enc.decode(self.entry(id).ok()?.title))
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

    /// Every name and title of the distinct records, as stored (the
    /// code-page guess reads them).
    pub fn strings(&self) -> impl Iterator<Item = &[u8]> + '_ {
        (0..self.record_count())
            .filter_map(|r| self.record(r))
            .flat_map(|e| [e.name, e.title])
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
    let mut seen = alloc::vec![0u64; len.div_ceil(64)];
    u32_values(iii).all(|id| {
        let id = id as usize;
        if id >= len {
            return false;
        }
        let (w, bit) = (id / 64, 1u64 << (id % 64));
        let fresh = seen[w] & bit == 0;
        seen[w] |= bit;
        fresh
    })
}

fn trimmed(s: Cow<'_, str>) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

/// The distinct records the resolved `links` point to, ascending; each
/// link becomes its record's index, or [`TRUNCATED`] / [`OVERLAPS`]. Of two
/// records that overlap, the first in the file is kept: a writer lays
/// records end to end, so a start inside a record is damage.
fn distinct_records(kind: ListKind, d01: &[u8], links: &mut [u32]) -> Vec<u32> {
    let mut addrs: Vec<u32> = links
        .iter()
        .copied()
        .filter(|v| v & UNRESOLVED == 0)
        .collect();
    addrs.sort_unstable();
    addrs.dedup();
    let mut end = 0u64;
    addrs.retain(|&a| match kind.parse_name_record(d01, a as usize) {
        Some((name, title)) if u64::from(a) >= end => {
            let head = 1 + usize::from(kind.has_titles());
            end = u64::from(a) + (head + name.len() + title.len()) as u64;
            true
        }
        _ => false,
    });
    for v in links.iter_mut().filter(|v| **v & UNRESOLVED == 0) {
        *v = match addrs.binary_search(v) {
            Ok(i) => i as u32,
            Err(_) if kind.parse_name_record(d01, *v as usize).is_none() => TRUNCATED,
            Err(_) => OVERLAPS,
        };
    }
    addrs.shrink_to_fit();
    addrs
}
