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
    limits::{MAX_CHAIN_STEPS, MAX_DIRECTORY_ENTRIES, MAX_FRAGMENTS, MAX_INNER_FILE_BYTES},
    text::TextEncoding,
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
    let mut spans: Vec<(u64, u64)> = Vec::new();
    let mut desc = u64::from(offset);
    let max_desc = (size / FRAGMENT_LEN as u64).min(MAX_FRAGMENTS);
    while (out.len() as u64) < length {
        if spans.len() as u64 >= max_desc {
            let k = ErrorKind::TooLarge {
                what: "fragment count",
                size: spans.len() as u64 + 1,
                limit: max_desc,
            };
            return Err(emb_err(k, desc));
        }
        let d = emb
            .read_at(desc, FRAGMENT_LEN)
            .map_err(|k| emb_err(k, desc))?;
        let d: &[u8; FRAGMENT_LEN] = (&*d).try_into().map_err(|_| short_read(desc))?;
        let (len, at) = fragment(d);
        let (len, at) = (u64::from(len), u64::from(at));
        if len == 0 {
            return Err(emb_err(
                ErrorKind::BadFragment {
                    reason: "a fragment of length 0",
                },
                desc,
            ));
        }
        if at.checked_add(len).is_none_or(|end| end > size) {
            return Err(emb_err(
                ErrorKind::BadFragment {
                    reason: "a fragment lies outside the file",
                },
                desc,
            ));
        }
        spans.push((at, len));
        // The last fragment may overshoot; keep only what the file needs (Q2).
        let want = (length - out.len() as u64).min(len) as usize;
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
    Ok(out)
}

/// The volume: its header and directory. Inner files are read on request.
#[derive(Clone, Debug)]
pub struct Volume {
    pub header: EmbHeader,
    pub entries: Vec<EmbEntry>,
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
        let dir = read_inner(emb, header.folder_length, header.folder_offset)?;
        let entries = dir
            .chunks_exact(DIR_ENTRY_LEN)
            .map(|e| EmbEntry {
                length: u32le(e, ENTRY_LENGTH),
                offset: u32le(e, ENTRY_OFFSET),
                name: c_string(&e[ENTRY_NAME..]),
            })
            .collect();
        Ok(Volume { header, entries })
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
}

/// Follows an a01/A02 redirection chain (§4.6, Q6): negative values name
/// another id, any value ≥ 0 is the address.
///
/// ```
/// use cadb::ca::emb::follow_chain;
/// let a = [-2i32, 100, -1, -3];
/// assert_eq!(follow_chain(|i| a.get(i as usize).copied(), 4, 0), Ok(100));
/// assert!(follow_chain(|i| a.get(i as usize).copied(), 4, 3).is_err()); // 3 -> 3 loops
/// ```
pub fn follow_chain(
    get: impl Fn(u32) -> Option<i32>,
    len: u32,
    start: u32,
) -> Result<u32, ErrorKind> {
    let mut id = start;
    let steps = MAX_CHAIN_STEPS.min(len.saturating_add(1));
    for _ in 0..=steps {
        match Link::from_i32(get(id).ok_or(ErrorKind::ChainOutOfRange { id, len })?) {
            Link::Address(a) => return Ok(a),
            Link::Redirect(next) => id = next,
        }
    }
    Err(if steps == MAX_CHAIN_STEPS {
        ErrorKind::TooLarge {
            what: "redirection chain steps",
            size: u64::from(steps) + 1,
            limit: u64::from(MAX_CHAIN_STEPS),
        }
    } else {
        ErrorKind::ChainCycle { id: start }
    })
}

/// One list: ids resolved through `.a01` into `.d01` records, plus the `.iii` order.
#[derive(Clone, Debug, Default)]
pub struct NameTable {
    pub kind: Option<ListKind>,
    a01: Vec<u8>,
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
    /// Reads `<stem>.a01`, `.d01`, `.iii` (and `Players.d00`). Missing files give an empty table and a warning.
    pub fn read<R: ReadAt + ?Sized>(
        vol: &Volume,
        emb: &R,
        kind: ListKind,
        warnings: &mut Vec<Error>,
    ) -> Result<NameTable, Error> {
        let mut get = |ext: &str| -> Result<Vec<u8>, Error> {
            let name = kind.inner_name(ext);
            match vol.file(emb, &name)? {
                Some(b) => Ok(b),
                None => {
                    if ext != "d00" || kind == ListKind::Players {
                        warnings.push(Error::new(
                            ErrorKind::MissingInnerFile { name },
                            FileKind::Emb,
                        ));
                    }
                    Ok(Vec::new())
                }
            }
        };
        let a01 = get("a01")?;
        let d01 = get("d01")?;
        let iii = get("iii")?;
        let d00 = if kind == ListKind::Players {
            get("d00")?
        } else {
            Vec::new()
        };
        Ok(NameTable {
            kind: Some(kind),
            a01,
            d01,
            iii,
            d00,
        })
    }

    /// Number of ids in the `.a01` array.
    pub fn len(&self) -> u32 {
        (self.a01.len() / 4) as u32
    }

    /// Whether the table has no ids.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn a01(&self, id: u32) -> Option<i32> {
        let at = usize::try_from(id).ok()?.checked_mul(4)?;
        self.a01
            .get(at..at.checked_add(4)?)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// The record of `id`, following redirections.
    pub fn entry(&self, id: u32) -> Result<NameEntry<'_>, ErrorKind> {
        let addr = follow_chain(|i| self.a01(i), self.len(), id)? as usize;
        let kind = self.kind.unwrap_or(ListKind::Events);
        let (name, title) =
            kind.parse_name_record(&self.d01, addr)
                .ok_or_else(|| ErrorKind::Truncated {
                    needed: 2,
                    available: self.d01.len().saturating_sub(addr) as u64,
                })?;
        Ok(NameEntry { name, title })
    }

    /// The name of `id`, decoded; `None` when it cannot be resolved or is empty.
    pub fn name(&self, id: u32, enc: TextEncoding) -> Option<String> {
        let e = self.entry(id).ok()?;
        let s = enc.decode(e.name);
        let s = s.trim();
        (!s.is_empty()).then(|| s.to_string())
    }

    /// The title of player `id`, decoded.
    pub fn title(&self, id: u32, enc: TextEncoding) -> Option<String> {
        let e = self.entry(id).ok()?;
        let s: Cow<'_, str> = enc.decode(e.title);
        let s = s.trim();
        (!s.is_empty()).then(|| s.to_string())
    }

    /// Extra data of player `id` (Players.d00; block `id` at `10 * id`).
    pub fn player_data(&self, id: u32) -> Option<PlayerData> {
        let at = usize::try_from(id).ok()?.checked_mul(PLAYER_DATA_LEN)?;
        let b = self.d00.get(at..at.checked_add(PLAYER_DATA_LEN)?)?;
        Some(PlayerData::parse(b.try_into().ok()?))
    }

    /// The sorted order of ids (`.iii`), as stored.
    pub fn sort_order(&self) -> impl Iterator<Item = u32> + '_ {
        self.iii.chunks_exact(4).map(|b| u32le(b, 0))
    }

    /// Whether the table has a `.iii` order.
    pub fn has_sort_order(&self) -> bool {
        self.iii.len() >= 4
    }
}
