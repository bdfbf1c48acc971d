//! MGC moves: ordinals as 4-bit nibbles with `0xF` extensions (mgc.md).
//!
//! Layout of a coded sequence:
//!
//! ```text
//! | move count: u16 big-endian | nibbles, high half of each byte first | pad |
//! ```
//!
//! An ordinal `n` is `⌊n/15⌋` nibbles `0xF` then the nibble `n mod 15`
//! (so 0–14 cost 4 bits, 15–29 cost 8, …). Reading follows the spec's
//! corrected decoder (§6.3): high half first, keep adding while the nibble is
//! `0xF`, stop after the first other nibble. The header is a move count, not
//! a byte count (§2.3, Q5: a byte count cannot tell a final ordinal 0 from
//! padding). If the nibble count is odd the low half of the last byte is
//! padding: written as 0, ignored when read (§2.2, Q4). Anything after that
//! is an error, as is an ordinal not below the number of legal moves.
//!
//! ```
//! use cadb::ordinal::mgc;
//! // The spec's example: ordinals 3, 20, 0 are the nibbles 3 F 5 0.
//! assert_eq!(mgc::pack(&[3, 20, 0]), [0x3f, 0x50]);
//! assert_eq!(mgc::unpack(&[0x3f, 0x50], 3).unwrap(), [3, 20, 0]);
//! ```

use alloc::vec::Vec;
use shakmaty::Chess;

use super::{Format, Ordering, Replay, ordinals_in};
use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{Game, Ply};

const FILE: FileKind = FileKind::Mgc;

/// Bits MGC spends on the ordinal `n`: `4·(⌊n/15⌋ + 1)`.
///
/// ```
/// assert_eq!(cadb::ordinal::mgc::bits(14), 4);
/// assert_eq!(cadb::ordinal::mgc::bits(15), 8);
/// assert_eq!(cadb::ordinal::mgc::bits(45), 16);
/// ```
pub fn bits(n: usize) -> usize {
    4 * (n / 15 + 1)
}

/// Appends nibbles, high half first.
struct Writer {
    out: Vec<u8>,
    half: bool,
}

impl Writer {
    fn nibble(&mut self, v: u8) {
        if self.half {
            *self.out.last_mut().expect("a half-filled byte") |= v;
        } else {
            self.out.push(v << 4);
        }
        self.half = !self.half;
    }

    fn ordinal(&mut self, n: usize) {
        for _ in 0..n / 15 {
            self.nibble(0xf);
        }
        self.nibble((n % 15) as u8);
    }
}

/// Packs ordinals into nibbles (no header), padding the last byte with 0.
///
/// The spec's traces (§6.3), phase B (after a nibble `3`):
///
/// ```
/// use cadb::ordinal::mgc::pack;
/// assert_eq!(pack(&[3, 15]), [0x3f, 0x00]);
/// assert_eq!(pack(&[3, 44]), [0x3f, 0xfe]);
/// assert_eq!(pack(&[30]), [0xff, 0x00]);
/// ```
pub fn pack(ordinals: &[usize]) -> Vec<u8> {
    let mut w = Writer {
        out: Vec::with_capacity(ordinals.len() / 2 + 1),
        half: false,
    };
    for &n in ordinals {
        w.ordinal(n);
    }
    w.out
}

/// Reads nibbles, high half first, never past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    /// Nibble index.
    at: usize,
    /// Offset of `bytes[0]` in the coded sequence (for errors).
    base: u64,
}

impl Reader<'_> {
    fn byte_offset(&self) -> u64 {
        self.base + (self.at / 2) as u64
    }

    /// The next ordinal (corrected decoder). Fails once the sum reaches
    /// `limit` (so a run of `0xF` stops early) or at the end of the data.
    fn ordinal(&mut self, limit: usize) -> Result<usize, ErrorKind> {
        let mut sum = 0usize;
        loop {
            let Some(&b) = self.bytes.get(self.at / 2) else {
                return Err(ErrorKind::Truncated {
                    needed: 1,
                    available: 0,
                });
            };
            let v = if self.at.is_multiple_of(2) {
                b >> 4
            } else {
                b & 0xf
            };
            self.at += 1;
            sum += usize::from(v);
            if sum >= limit {
                return Err(ErrorKind::Invalid {
                    what: "move ordinal is not below the number of legal moves",
                });
            }
            if v != 0xf {
                return Ok(sum);
            }
        }
    }

    /// After the last ordinal: skip the padding half, then expect the end.
    fn finish(&self) -> Result<(), Error> {
        let used = self.at.div_ceil(2);
        if used < self.bytes.len() {
            return Err(Error::new(
                ErrorKind::Invalid {
                    what: "bytes after the last move the count announces",
                },
                FILE,
            )
            .at(self.base + used as u64));
        }
        Ok(())
    }
}

/// Unpacks `count` ordinals (no header, no position: unbounded values).
/// Errors if the data ends inside an ordinal or has bytes after the last
/// one (beyond the padding half); `count` may not exceed what the data can
/// hold (two per byte), so it never drives a large allocation.
///
/// The corrected decoder on the spec's phase A traces:
///
/// ```
/// use cadb::ordinal::mgc::unpack;
/// assert_eq!(unpack(&[0x00], 1).unwrap(), [0]);
/// assert_eq!(unpack(&[0xfe], 1).unwrap(), [29]);
/// assert_eq!(unpack(&[0xff, 0xe0], 1).unwrap(), [44]);
/// assert_eq!(unpack(&[0xff, 0xf0], 1).unwrap(), [45]);
/// assert!(unpack(&[0xff], 1).is_err()); // extension runs off the end
/// ```
pub fn unpack(bytes: &[u8], count: usize) -> Result<Vec<usize>, Error> {
    check_count(bytes.len(), count, 0)?;
    let mut r = Reader {
        bytes,
        at: 0,
        base: 0,
    };
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let start = r.byte_offset();
        let n = r
            .ordinal(usize::MAX)
            .map_err(|k| Error::new(k, FILE).at(start).at_ply(i as u32))?;
        out.push(n);
    }
    r.finish()?;
    Ok(out)
}

fn check_count(len: usize, count: usize, base: u64) -> Result<(), Error> {
    if count > 2 * len {
        return Err(Error::new(
            ErrorKind::Truncated {
                needed: count.div_ceil(2) as u64,
                available: len as u64,
            },
            FILE,
        )
        .at(base));
    }
    Ok(())
}

/// Encodes `moves` from `start`: the `u16` count, then the packed ordinals.
/// Errors on null or illegal moves and on more than 65 535 moves.
///
/// ```
/// use cadb::{game::Ply, ordinal::{mgc, Ordering}};
/// use shakmaty::{Chess, uci::UciMove};
/// let pos = Chess::default();
/// let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
/// // Ordinal 13 in SAN order: one nibble `D`, then padding.
/// assert_eq!(mgc::encode(&pos, &[Ply::Move(e4)], Ordering::San).unwrap(), [0, 1, 0xd0]);
/// ```
pub fn encode(start: &Chess, moves: &[Ply], ordering: Ordering) -> Result<Vec<u8>, Error> {
    let count = u16::try_from(moves.len()).map_err(|_| {
        Error::new(
            ErrorKind::TooLarge {
                what: "MGC move count",
                size: moves.len() as u64,
                limit: u64::from(u16::MAX),
            },
            FILE,
        )
    })?;
    let ords = ordinals_in(start, moves, ordering, FILE)?;
    let mut out = Vec::with_capacity(2 + ords.len());
    out.extend_from_slice(&count.to_be_bytes());
    out.extend_from_slice(&pack(&ords));
    Ok(out)
}

/// Decodes a coded sequence from `start`. Errors (never panics) on fewer
/// than 2 bytes, a count the data cannot hold, an extension running off the
/// end, an ordinal not below the number of legal moves (including any move
/// after mate or stalemate) and bytes after the last move; they name the
/// byte offset of the move's first nibble and the ply.
///
/// ```
/// use cadb::ordinal::{mgc, Ordering};
/// use shakmaty::Chess;
/// let pos = Chess::default();
/// assert_eq!(mgc::decode(&[0, 1, 0xd0], &pos, Ordering::San).unwrap().len(), 1);
/// assert!(mgc::decode(&[0, 1, 0xf0], &pos, Ordering::San).is_ok()); // 15 of 20
/// assert!(mgc::decode(&[0, 1, 0xf5], &pos, Ordering::San).is_err()); // 20 of 20
/// assert!(mgc::decode(&[0, 3, 0xc0], &pos, Ordering::San).is_err()); // 3 moves in 1 byte
/// ```
pub fn decode(bytes: &[u8], start: &Chess, ordering: Ordering) -> Result<Vec<Ply>, Error> {
    if bytes.len() < 2 {
        return Err(Error::new(
            ErrorKind::Truncated {
                needed: 2,
                available: bytes.len() as u64,
            },
            FILE,
        )
        .at(0));
    }
    let count = usize::from(u16::from_be_bytes([bytes[0], bytes[1]]));
    let body = &bytes[2..];
    check_count(body.len(), count, 2)?;
    let mut r = Reader {
        bytes: body,
        at: 0,
        base: 2,
    };
    let mut replay = Replay::new(start, ordering);
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let at = r.byte_offset();
        let moves = replay.moves();
        let n = r
            .ordinal(moves.len())
            .map_err(|k| Error::new(k, FILE).at(at).at_ply(i as u32))?;
        replay.play(moves[n]);
        out.push(Ply::Move(moves[n]));
    }
    r.finish()?;
    Ok(out)
}

/// Encodes a game's main line (see the [module docs](super) for what is dropped).
///
/// ```
/// use cadb::{game::import::read_pgn, ordinal::{mgc, Ordering}};
/// let game = &read_pgn("1. e4 e5 *").unwrap()[0];
/// assert_eq!(mgc::encode_game(game, Ordering::San).unwrap(), [0, 2, 0xdc]);
/// ```
pub fn encode_game(game: &Game, ordering: Ordering) -> Result<Vec<u8>, Error> {
    Format::Mgc.encode_game(game, ordering)
}

/// Decodes a main line from `start_fen` (`None` = the standard position).
///
/// ```
/// use cadb::ordinal::{mgc, Ordering};
/// let game = mgc::decode_game(&[0, 2, 0xdc], None, Ordering::San).unwrap();
/// assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5"]);
/// ```
pub fn decode_game(
    bytes: &[u8],
    start_fen: Option<&str>,
    ordering: Ordering,
) -> Result<Game, Error> {
    Format::Mgc.decode_game(bytes, start_fen, ordering)
}
