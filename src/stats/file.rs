//! The opening tree's file: 64-bit records per position (`CADBTREE`).
//!
//! # File format (`CADBTREE`, version 1), all integers little-endian
//!
//! | Bytes | Content |
//! |---|---|
//! | 8 | magic `CADBTREE` |
//! | 4 | version, `1` |
//! | 4 | reserved, `0` |
//! | 8 | number of positions *N* |
//! | *N* × | position entries, keys strictly increasing: |
//! | 8 | Zobrist64 key of the position |
//! | 2 | number of moves *M*, 1–255 |
//! | *M* × 8 | 64-bit records (see [`super::record`]), most played first |
//!
//! Nothing may follow the last entry. What the records lose against the
//! in-memory tree: exact W/D/L (only the most frequent outcome and its
//! percentage, Q5), counts over 4095 (saturated), average Elo below 1000
//! or unknown (both store 0), differences over 255 (clamped), and games
//! with an unknown result are counted but not in %WDL.
//!
//!
//! ```
//! use cadb::stats::{OpeningTree, TreeFile};
//! let mut tree = OpeningTree::new();
//! tree.add_game(&cadb::game::import::read_pgn("1. e4 *").unwrap()[0]).unwrap();
//! let file = TreeFile::from_bytes(&tree.to_bytes()).unwrap();
//! assert_eq!(file.query(&shakmaty::Chess::default()).unwrap()[0].uci, "e2e4");
//! ```

use alloc::{string::ToString, vec::Vec};
use shakmaty::{Chess, san::SanPlus};

use super::{
    entry::{MoveEntry, sort_entries},
    keys::{parse_fen, position_key},
    record::{self, MoveStats, fields_to_move},
};
use crate::{
    bytes::{array_at, u16le, u32le, u64le},
    error::{Error, ErrorKind, FileKind},
};

/// File magic.
pub const TREE_MAGIC: &[u8; 8] = b"CADBTREE";
/// File format version written and read.
pub const TREE_VERSION: u32 = 1;
/// Most moves one position may list in a file (a legal position has at most 218).
pub const MAX_MOVES_PER_POSITION: u16 = 255;

const HEADER_LEN: usize = 24;

/// One position's records: its key and its moves.
///
/// ```
/// use cadb::stats::{OpeningTree, position_key};
/// let mut tree = OpeningTree::new();
/// tree.add_game(&cadb::game::import::read_pgn("1. e4 *").unwrap()[0]).unwrap();
/// let recs = tree.records();
/// assert_eq!(recs[0].key, position_key(&shakmaty::Chess::default()));
/// assert_eq!(recs[0].moves[0].count, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecords {
    /// Zobrist64 key of the position ([`position_key`]).
    pub key: u64,
    /// Its moves, at most [`MAX_MOVES_PER_POSITION`].
    pub moves: Vec<MoveStats>,
}

/// Serialises position records in the `CADBTREE` format. Positions must be
/// sorted by key and unique, as [`OpeningTree::records`](super::OpeningTree::records) gives them; moves
/// past [`MAX_MOVES_PER_POSITION`] and positions without moves are left out.
///
/// ```
/// use cadb::stats::{write_records, TreeFile};
/// let bytes = write_records(&[]);
/// assert_eq!(bytes.len(), 24);
/// assert_eq!(TreeFile::from_bytes(&bytes).unwrap().positions(), 0);
/// ```
pub fn write_records(positions: &[PositionRecords]) -> Vec<u8> {
    let kept = positions.iter().filter(|p| !p.moves.is_empty());
    let total: usize = kept.clone().map(|p| 10 + 8 * p.moves.len().min(255)).sum();
    let mut out = Vec::with_capacity(HEADER_LEN + total);
    out.extend_from_slice(TREE_MAGIC);
    out.extend_from_slice(&TREE_VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&(kept.clone().count() as u64).to_le_bytes());
    for p in kept {
        let moves = &p.moves[..p.moves.len().min(usize::from(MAX_MOVES_PER_POSITION))];
        out.extend_from_slice(&p.key.to_le_bytes());
        out.extend_from_slice(&(moves.len() as u16).to_le_bytes());
        for r in moves {
            out.extend_from_slice(&r.to_bytes());
        }
    }
    out
}

/// A `CADBTREE` file, loaded and checked: query it like the tree.
///
/// ```
/// use cadb::stats::TreeFile;
/// assert!(TreeFile::from_bytes(b"CADBTREE").is_err()); // truncated
/// assert!(TreeFile::from_bytes(b"not a tree file at all..").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeFile {
    /// (key, index of its first record); a sentinel-free list, ends from the next entry.
    index: Vec<(u64, usize)>,
    records: Vec<MoveStats>,
}

impl TreeFile {
    /// Reads and validates a file: magic, version, sorted unique keys,
    /// 1–255 distinct moves per position, defined field values, no trailing
    /// bytes. Allocation is bounded by the input length.
    pub fn from_bytes(bytes: &[u8]) -> Result<TreeFile, Error> {
        let err = |kind: ErrorKind, at: usize| Error::new(kind, FileKind::Stats64).at(at as u64);
        let truncated = |needed: usize, at: usize| {
            err(
                ErrorKind::Truncated {
                    needed: needed as u64,
                    available: bytes.len().saturating_sub(at) as u64,
                },
                at,
            )
        };
        let invalid = |what, at| err(ErrorKind::Invalid { what }, at);
        if bytes.len() < HEADER_LEN {
            return Err(truncated(HEADER_LEN, 0));
        }
        if &bytes[..8] != TREE_MAGIC {
            return Err(err(
                ErrorKind::BadSignature {
                    expected: "CADBTREE",
                },
                0,
            ));
        }
        if u32le(bytes, 8) != TREE_VERSION {
            return Err(invalid("unsupported CADBTREE version", 8));
        }
        if u32le(bytes, 12) != 0 {
            return Err(invalid("reserved header field is not 0", 12));
        }
        let n = u64le(bytes, 16);
        // Every position takes at least 18 bytes: a larger count cannot be true.
        let room = (bytes.len() - HEADER_LEN) / 18;
        if n > room as u64 {
            return Err(err(
                ErrorKind::TooLarge {
                    what: "position count",
                    size: n,
                    limit: room as u64,
                },
                16,
            ));
        }
        let n = n as usize;
        let mut index = Vec::with_capacity(n);
        let mut records = Vec::with_capacity((bytes.len() - HEADER_LEN) / 8);
        let mut at = HEADER_LEN;
        let mut codes: Vec<u16> = Vec::with_capacity(usize::from(MAX_MOVES_PER_POSITION));
        for _ in 0..n {
            if bytes.len() - at < 10 {
                return Err(truncated(10, at));
            }
            let key = u64le(bytes, at);
            if index.last().is_some_and(|&(k, _)| k >= key) {
                return Err(invalid("position keys are not strictly increasing", at));
            }
            let m = u16le(bytes, at + 8);
            if m == 0 || m > MAX_MOVES_PER_POSITION {
                return Err(err(
                    ErrorKind::TooLarge {
                        what: "moves in a position (1-255 allowed)",
                        size: u64::from(m),
                        limit: u64::from(MAX_MOVES_PER_POSITION),
                    },
                    at + 8,
                ));
            }
            at += 10;
            let need = 8 * usize::from(m);
            if bytes.len() - at < need {
                return Err(truncated(need, at));
            }
            index.push((key, records.len()));
            codes.clear();
            for _ in 0..m {
                let r = MoveStats::from_bytes(array_at(bytes, at)).map_err(|e| e.at(at as u64))?;
                if codes.contains(&r.move_code()) {
                    return Err(invalid("a move is listed twice in a position", at));
                }
                codes.push(r.move_code());
                records.push(r);
                at += 8;
            }
        }
        if at != bytes.len() {
            return Err(invalid("bytes after the last position", at));
        }
        Ok(TreeFile { index, records })
    }

    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.index.len()
    }

    /// The records of a position key, if listed.
    pub fn records_for(&self, key: u64) -> Option<&[MoveStats]> {
        let i = self.index.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        let start = self.index[i].1;
        let end = self
            .index
            .get(i + 1)
            .map_or(self.records.len(), |&(_, s)| s);
        self.records.get(start..end)
    }

    /// Every position's records, keys ascending.
    pub fn records(&self) -> Vec<PositionRecords> {
        self.index
            .iter()
            .map(|&(key, _)| PositionRecords {
                key,
                moves: self.records_for(key).unwrap_or(&[]).to_vec(),
            })
            .collect()
    }

    /// Writes the file back (byte-identical to a valid input).
    pub fn to_bytes(&self) -> Vec<u8> {
        write_records(&self.records())
    }

    /// The moves stored for `pos`, most played first. A record naming a
    /// move that is not legal there is an error (a damaged file).
    pub fn query(&self, pos: &Chess) -> Result<Vec<MoveEntry>, Error> {
        let Some(recs) = self.records_for(position_key(pos)) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::with_capacity(recs.len());
        for rec in recs {
            let m = fields_to_move(pos, rec.from, rec.to, rec.promotion)?;
            let known = rec.white_elo != 0;
            out.push(MoveEntry {
                mv: m,
                san: SanPlus::from_move(pos.clone(), m).to_string(),
                uci: record::uci_of(&m),
                count: u64::from(rec.count),
                results: None,
                wdl: rec.wdl,
                white_elo: known.then(|| rec.white_elo_rating()),
                black_elo: known.then(|| rec.black_elo_rating()),
                elo_diff: known.then(|| i32::from(rec.elo_difference())),
                weight: rec.weight,
                years: None,
                record: *rec,
            });
        }
        sort_entries(&mut out);
        Ok(out)
    }

    /// [`TreeFile::query`] for a FEN (standard chess).
    pub fn query_fen(&self, fen: &str) -> Result<Vec<MoveEntry>, Error> {
        self.query(&parse_fen(fen)?)
    }
}
