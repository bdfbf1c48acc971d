//! The EMB volume (§4): its header, root directory, fragment descriptors,
//! the four name lists with their inner files, and the records in them.
//!
//! ```
//! use cadb::ca::format::emb::{Link, ListKind};
//! assert_eq!(Link::from_i32(-3), Link::Redirect(3));
//! assert_eq!(Link::Address(100).to_i32(), 100);
//! assert_eq!(ListKind::Players.inner_name("a01"), "Players.a01");
//! ```

use alloc::{string::String, vec::Vec};
use core::ops::Range;

use super::{EMB_VERSION, SIGNATURE, date::decode_date, put_text};
use crate::{
    bytes::{u16le, u24le, u32le},
    game::Date,
};

/// Size of the EMB header (§4.3).
pub const HEADER_LEN: usize = 144;
/// The signature text, zero-filled.
pub const HEADER_SIGNATURE: Range<usize> = 0..64;
/// The version text, zero-filled.
pub const HEADER_VERSION: Range<usize> = 64..128;
/// u32: length of the root directory, in bytes.
pub const FOLDER_LENGTH: usize = 136;
/// u32: offset of the root directory's fragment-descriptor list.
pub const FOLDER_OFFSET: usize = 140;

/// The header as this crate writes it (bytes 128..136 are not described; written 0).
pub fn header(folder_length: u32, folder_offset: u32) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    put_text(&mut h[HEADER_SIGNATURE], SIGNATURE.as_bytes());
    put_text(&mut h[HEADER_VERSION], EMB_VERSION.as_bytes());
    h[FOLDER_LENGTH..FOLDER_LENGTH + 4].copy_from_slice(&folder_length.to_le_bytes());
    h[FOLDER_OFFSET..FOLDER_OFFSET + 4].copy_from_slice(&folder_offset.to_le_bytes());
    h
}

/// Size of one root-directory entry (§4.5).
pub const DIR_ENTRY_LEN: usize = 256;
/// u32: the inner file's length.
pub const ENTRY_LENGTH: usize = 8;
/// u32: the offset of its fragment-descriptor list.
pub const ENTRY_OFFSET: usize = 12;
/// Where its zero-filled name starts (to the end of the entry).
pub const ENTRY_NAME: usize = 28;

/// One directory entry as this crate writes it. The first two u32 fields
/// are not described; the writer stores 0 and 2, as seen in the source.
pub fn dir_entry(name: &str, length: u32, offset: u32) -> [u8; DIR_ENTRY_LEN] {
    let mut e = [0u8; DIR_ENTRY_LEN];
    e[4..8].copy_from_slice(&2u32.to_le_bytes());
    e[ENTRY_LENGTH..ENTRY_LENGTH + 4].copy_from_slice(&length.to_le_bytes());
    e[ENTRY_OFFSET..ENTRY_OFFSET + 4].copy_from_slice(&offset.to_le_bytes());
    put_text(&mut e[ENTRY_NAME..], name.as_bytes());
    e
}

/// Size of a fragment descriptor (§4.4): u32 length, then u32 offset.
pub const FRAGMENT_LEN: usize = 8;

/// A fragment descriptor's `(length, offset)`.
pub fn fragment(d: &[u8; FRAGMENT_LEN]) -> (u32, u32) {
    (u32le(d, 0), u32le(d, 4))
}

/// A fragment descriptor's bytes.
pub fn fragment_bytes(length: u32, offset: u32) -> [u8; FRAGMENT_LEN] {
    let mut d = [0u8; FRAGMENT_LEN];
    d[..4].copy_from_slice(&length.to_le_bytes());
    d[4..].copy_from_slice(&offset.to_le_bytes());
    d
}

/// An entry of an `.a01` array (§4.6) or of A02 (§6): an i32 that is an
/// address when it is 0 or more, and otherwise names another id to follow
/// (Q6: `-id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Address(u32),
    Redirect(u32),
}

impl Link {
    /// Reads a stored value.
    pub fn from_i32(v: i32) -> Link {
        if v >= 0 {
            Link::Address(v as u32)
        } else {
            Link::Redirect(v.unsigned_abs())
        }
    }

    /// The stored value (an address must be at most `i32::MAX`).
    pub fn to_i32(self) -> i32 {
        match self {
            Link::Address(a) => a as i32,
            Link::Redirect(id) => (id as i32).wrapping_neg(),
        }
    }
}

/// Which list a name table holds (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListKind {
    Players = 0,
    Events = 1,
    Places = 2,
    Sources = 3,
}

/// The inner files of each list, in the directory order the writer uses (§4.1, Q5).
pub const INNER_FILES: [&str; 7] = ["cdp", "iii", "axx", "dxx", "d00", "a01", "d01"];

impl ListKind {
    /// The four lists, in EMB order.
    pub const ALL: [ListKind; 4] = [
        ListKind::Players,
        ListKind::Events,
        ListKind::Places,
        ListKind::Sources,
    ];

    /// The inner files' base name.
    pub fn stem(self) -> &'static str {
        match self {
            ListKind::Players => "Players",
            ListKind::Events => "Events",
            ListKind::Places => "Places",
            ListKind::Sources => "Sources",
        }
    }

    /// The name of one of its inner files, `Players.a01`.
    pub fn inner_name(self, ext: &str) -> String {
        alloc::format!("{}.{ext}", self.stem())
    }

    /// Whether its `.d01` records carry a title after the name (§4.7, §4.8).
    pub fn has_titles(self) -> bool {
        self == ListKind::Players
    }

    /// The bytes of a `.d01` record: name length, (title length), name, (title).
    /// Each text is at most 255 bytes; the writer cuts them before.
    pub fn name_record(self, name: &[u8], title: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.name_record_len(name, title));
        out.push(name.len() as u8);
        if self.has_titles() {
            out.push(title.len() as u8);
        }
        out.extend_from_slice(name);
        if self.has_titles() {
            out.extend_from_slice(title);
        }
        out
    }

    /// The length of the `.d01` record of `name` and `title`.
    ///
    /// ```
    /// use cadb::ca::ListKind;
    /// assert_eq!(ListKind::Players.name_record_len(b"Tal", b"GM"), 7);
    /// assert_eq!(ListKind::Events.name_record_len(b"Riga", b""), 5);
    /// ```
    pub fn name_record_len(self, name: &[u8], title: &[u8]) -> usize {
        1 + usize::from(self.has_titles()) + name.len() + title.len()
    }

    /// The `(name, title)` of the `.d01` record at `addr`, or `None` when
    /// it does not fit in `d01`.
    pub fn parse_name_record(self, d01: &[u8], addr: usize) -> Option<(&[u8], &[u8])> {
        let head_len = 1 + usize::from(self.has_titles());
        let head = d01.get(addr..addr.checked_add(head_len)?)?;
        let (nl, tl) = (
            usize::from(head[0]),
            head.get(1).map_or(0, |&t| usize::from(t)),
        );
        let start = addr + head_len;
        let name = d01.get(start..start + nl)?;
        let title = d01.get(start + nl..start + nl + tl)?;
        Some((name, title))
    }
}

/// A player's extra data from Players.d00 (§4.10): one 10-byte block per id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerData {
    pub rating: u16,
    pub fide_id: u32,
    pub birthday: Date,
    /// 0 = unknown, 1 = male, 2 = female.
    pub gender: u8,
}

/// Size of one Players.d00 block.
pub const PLAYER_DATA_LEN: usize = 10;

impl PlayerData {
    /// Reads a block.
    pub fn parse(b: &[u8; PLAYER_DATA_LEN]) -> PlayerData {
        PlayerData {
            rating: u16le(b, 0),
            fide_id: u32le(b, 2),
            birthday: decode_date(u24le(b, 6)),
            gender: b[9],
        }
    }

    /// A block from stored values (`birthday` already coded, §7).
    pub fn to_bytes(rating: u16, fide_id: u32, birthday: u32, gender: u8) -> [u8; PLAYER_DATA_LEN] {
        let mut b = [0u8; PLAYER_DATA_LEN];
        b[0..2].copy_from_slice(&rating.to_le_bytes());
        b[2..6].copy_from_slice(&fide_id.to_le_bytes());
        b[6..9].copy_from_slice(&birthday.to_le_bytes()[..3]);
        b[9] = gender;
        b
    }
}
