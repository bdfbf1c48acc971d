//! The EMB volume: a small file system of 28 inner files (§4), and the
//! `.a01` / A02 links that the name tables ([`super::names`]) and the
//! games resolve through.
//!
//! Every inner file is a list of fragments. Reading one checks each
//! fragment against the volume, rejects overlapping fragments (so a file
//! can never be larger than the volume it comes from) and bounds the
//! number of descriptors.

use alloc::{string::String, vec::Vec};

use super::format::{
    c_string,
    emb::{
        DIR_ENTRY_LEN, ENTRY_LENGTH, ENTRY_NAME, ENTRY_OFFSET, FOLDER_LENGTH, FOLDER_OFFSET,
        FRAGMENT_LEN, HEADER_LEN, HEADER_SIGNATURE, HEADER_VERSION, Link, fragment,
    },
};
use crate::{
    bytes::{ReadAt, u32le},
    error::{Error, ErrorKind, FileKind},
    limits::{MAX_DIRECTORY_ENTRIES, MAX_FRAGMENTS, MAX_INNER_FILE_BYTES},
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
pub(super) const UNRESOLVED: u32 = 1 << 31;
const OUT_OF_RANGE: u32 = UNRESOLVED;
const CYCLE: u32 = UNRESOLVED | 1;
/// `.a01` only: the record does not fit in `.d01`.
pub(super) const TRUNCATED: u32 = UNRESOLVED | 2;
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
}

impl Resolved {
    /// Reads a value that [`resolve_links`] wrote.
    pub fn of(v: u32) -> Resolved {
        match v {
            OUT_OF_RANGE => Resolved::OutOfRange,
            CYCLE => Resolved::Cycle,
            TRUNCATED => Resolved::Truncated,
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
        }
    }

    /// Why an id resolves to no record, as a warning says it.
    pub(super) fn reason(self) -> &'static str {
        match self {
            Resolved::Address(_) => "",
            Resolved::OutOfRange => "their redirection chain leaves the .a01 array",
            Resolved::Cycle => "their redirection chain loops",
            Resolved::Truncated => "their record runs past the end of .d01",
        }
    }
}

/// The 32-bit values of a little-endian array (`.a01`, `.iii`, A02).
pub(crate) fn u32_values(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes.chunks_exact(4).map(|b| u32le(b, 0))
}
