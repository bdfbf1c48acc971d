//! D02 game records (§8): the length prefix, the codes, the piece numbers
//! and their move offsets, promotions, comment types and the set-up record.
//!
//! ```
//! use cadb::ca::format::{Convention, d02};
//! assert_eq!(d02::decode_piece_code(43), (9, 0x27, 0x27)); // Nf3 under the chosen reading
//! assert_eq!(d02::piece_code(9, shakmaty::Color::White, 0x27), Some(43));
//! let f3 = d02::apply_offset(shakmaty::Square::G1, 0x27, Convention::Right);
//! assert_eq!(f3, shakmaty::Square::F3);
//! assert_eq!(d02::offset(shakmaty::Square::G1, f3, Convention::Right), 0x27);
//! ```

use alloc::vec::Vec;

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use super::Convention;
use crate::error::ErrorKind;

/// Largest record body a length prefix can describe (Q15).
pub const MAX_RECORD: usize = 32767;

/// Decodes the length prefix at the start of `bytes` (§8.1): `(body length, prefix length)`.
///
/// ```
/// use cadb::ca::format::d02::read_length;
/// assert_eq!(read_length(&[0x2a]).unwrap(), (42, 1));
/// assert_eq!(read_length(&[0xac, 0x02]).unwrap(), (300, 2));
/// ```
pub fn read_length(bytes: &[u8]) -> Result<(usize, usize), ErrorKind> {
    match bytes {
        [b1, ..] if b1 & 0x80 == 0 => Ok((usize::from(*b1), 1)),
        [b1, b2, ..] => Ok((usize::from(b1 & 0x7f) + usize::from(*b2) * 128, 2)),
        _ => Err(ErrorKind::Truncated {
            needed: 2,
            available: bytes.len() as u64,
        }),
    }
}

/// The length prefix of a body (§8.1): one byte below 128, else
/// `(len & 127) | 0x80, len >> 7`; `None` over [`MAX_RECORD`].
///
/// ```
/// use cadb::ca::format::d02::length_prefix;
/// assert_eq!(length_prefix(127), Some(([127, 0], 1)));
/// assert_eq!(length_prefix(300), Some(([0xac, 0x02], 2)));
/// assert_eq!(length_prefix(32768), None);
/// ```
pub fn length_prefix(len: usize) -> Option<([u8; 2], usize)> {
    match len {
        0..=127 => Some(([len as u8, 0], 1)),
        128..=MAX_RECORD => Some(([(len & 0x7f) as u8 | 0x80, (len >> 7) as u8], 2)),
        _ => None,
    }
}

/// Code numbers (§8.5).
pub mod code {
    /// Codes 0 to this one move a numbered piece (§8.6).
    pub const LAST_PIECE_MOVE: u8 = 206;
    pub const CASTLE_LONG: u8 = 207;
    pub const CASTLE_SHORT: u8 = 208;
    pub const PROMOTION: u8 = 209;
    pub const EN_PASSANT: u8 = 210;
    pub const NULL_MOVE: u8 = 211;
    /// 212 + pawn number: the piece that replaced that pawn moves (§8.11).
    pub const EXTENDED_FIRST: u8 = 212;
    pub const EXTENDED_LAST: u8 = 219;
    pub const SETUP: u8 = 230;
    pub const VARIATION_START: u8 = 231;
    pub const VARIATION_END: u8 = 232;
    /// Meaning unknown; one byte follows (§8.15).
    pub const OPAQUE_233: u8 = 233;
    /// A comment string of implied length 2 (§8.14, Q25).
    pub const SYMBOL: u8 = 234;
    /// A comment string with a u8 length.
    pub const SHORT_COMMENT: u8 = 235;
    /// A comment string with a u32 length.
    pub const LONG_COMMENT: u8 = 236;
}

/// Longest comment string a 235 holds: its u8 length counts the type byte (Q26).
pub const SHORT_COMMENT_MAX: usize = 255;

// ------------------------------------------------------------ piece numbers

/// Piece numbers per side (§8.2): 0–7 pawns (by starting file), 8–15 the
/// fixed pieces, 16 and 17 promoted pieces of any type.
pub const PIECE_NUMBERS: u8 = 18;

/// The types of numbers 0–15, fixed for the whole game (§8.2, Q16).
pub const FIXED_ROLES: [Role; 16] = [
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Knight,
    Role::Knight,
    Role::Bishop,
    Role::Bishop,
    Role::Rook,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The numbers of the back-rank pieces of the standard position, by file a–h.
pub const STANDARD_BACK_RANK: [u8; 8] = [12, 8, 10, 14, 15, 11, 9, 13];

/// The fixed numbers 8–15 of a piece type (for a promotion's new number, §8.9).
pub fn fixed_numbers(role: Role) -> impl Iterator<Item = u8> {
    (8..16u8).filter(move |&n| FIXED_ROLES[usize::from(n)] == role)
}

/// The square coordinate byte (§8.3): rank in the upper nibble, file in the lower.
pub fn square_byte(sq: Square) -> u8 {
    ((sq.rank().to_u32() as u8) << 4) | sq.file().to_u32() as u8
}

/// The square of a coordinate byte; `None` when it is off the board (`& 0x88`).
pub fn byte_square(b: u8) -> Option<Square> {
    (b & 0x88 == 0).then(|| Square::new(u32::from((b >> 4) * 8 + (b & 7))))
}

/// The piece type codes of §8.12 and §8.9.
pub fn role_code(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight => 2,
        Role::Bishop => 3,
        Role::Rook => 4,
        Role::Queen => 5,
        Role::King => 6,
    }
}

/// The piece type of a code 1–6.
pub fn code_role(code: u8) -> Option<Role> {
    Some(match code {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    })
}

// ------------------------------------------------------------------ offsets

// The offset lists of §8.7, as `<y><x>` bytes.
const PAWN_W: [u8; 4] = [0x10, 0x17, 0x11, 0x20];
const PAWN_B: [u8; 4] = [0x70, 0x77, 0x71, 0x60];
const KNIGHT: [u8; 8] = [0x67, 0x76, 0x16, 0x27, 0x21, 0x12, 0x72, 0x61];
const DIAG: [u8; 13] = [
    0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x17, 0x26, 0x35, 0x53, 0x62, 0x71,
];
const ORTHO: [u8; 14] = [
    0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x70, 0x60, 0x50, 0x40, 0x30, 0x20, 0x10,
];
const KING: [u8; 8] = [0x11, 0x77, 0x17, 0x71, 0x07, 0x01, 0x70, 0x10];

/// The offset of pawn move `k` (0 step, 1 and 2 captures, 3 double step) for `color`.
pub fn pawn_offset(color: Color, k: usize) -> u8 {
    let list = if color.is_white() { &PAWN_W } else { &PAWN_B };
    list[k % 4]
}

/// `DIAG ++ ORTHO ++ KNIGHT` (pieces 16 and 17), or `DIAG ++ ORTHO` (queen) for the first 27.
const fn all35(i: usize) -> u8 {
    if i < 13 {
        DIAG[i]
    } else if i < 27 {
        ORTHO[i - 13]
    } else {
        KNIGHT[i - 27]
    }
}

/// `(piece number, White offset, Black offset)` of a move code 0–206 (§8.6, §8.7).
pub const fn decode_piece_code(c: u8) -> (u8, u8, u8) {
    // A table lookup: the arithmetic below costs a fifth of a replay's
    // own work (divisions by 13 and 14).
    if (c as usize) < PIECE_CODES.len() {
        return PIECE_CODES[c as usize];
    }
    compute_piece_code(c)
}

/// [`decode_piece_code`] for every code 0–206.
const PIECE_CODES: [(u8, u8, u8); 207] = {
    let mut t = [(0u8, 0u8, 0u8); 207];
    let mut c = 0;
    while c < 207 {
        t[c] = compute_piece_code(c as u8);
        c += 1;
    }
    t
};

const fn compute_piece_code(c: u8) -> (u8, u8, u8) {
    let c = c as usize;
    let (piece, off) = match c {
        0..=31 => return ((c / 4) as u8, PAWN_W[c % 4], PAWN_B[c % 4]),
        32..=47 => (8 + (c - 32) / 8, KNIGHT[(c - 32) % 8]),
        48..=73 => (10 + (c - 48) / 13, DIAG[(c - 48) % 13]),
        74..=101 => (12 + (c - 74) / 14, ORTHO[(c - 74) % 14]),
        102..=128 => (14, all35(c - 102)),
        129..=136 => (15, KING[c - 129]),
        137..=171 => (16, all35(c - 137)),
        _ => (17, all35((c - 172) % 35)),
    };
    (piece as u8, off, off)
}

fn index_in(list: &[u8], off: u8) -> Option<u8> {
    list.iter().position(|&o| o == off).map(|i| i as u8)
}

/// The code 0–206 for piece number `n` of `color` moving by `off`: the
/// inverse of [`decode_piece_code`]; `None` when the piece's list lacks the offset.
pub fn piece_code(n: u8, color: Color, off: u8) -> Option<u8> {
    let queen = |off| index_in(&DIAG, off).or_else(|| index_in(&ORTHO, off).map(|i| i + 13));
    let all35 = |off| queen(off).or_else(|| index_in(&KNIGHT, off).map(|i| i + 27));
    match n {
        0..=7 => {
            let list = if color.is_white() { &PAWN_W } else { &PAWN_B };
            index_in(list, off).map(|k| 4 * n + k)
        }
        8 | 9 => index_in(&KNIGHT, off).map(|i| 32 + (n - 8) * 8 + i),
        10 | 11 => index_in(&DIAG, off).map(|i| 48 + (n - 10) * 13 + i),
        12 | 13 => index_in(&ORTHO, off).map(|i| 74 + (n - 12) * 14 + i),
        14 => queen(off).map(|i| 102 + i),
        15 => index_in(&KING, off).map(|i| 129 + i),
        16 => all35(off).map(|i| 137 + i),
        17 => all35(off).map(|i| 172 + i),
        _ => None,
    }
}

/// The square `offset` (`<y><x>`) away from `from`, modulo 8 (§8.4).
pub fn apply_offset(from: Square, offset: u8, conv: Convention) -> Square {
    let y = u32::from(offset >> 4) % 8;
    let x = u32::from(offset & 15) % 8;
    let rank = (u32::from(from.rank()) + y) % 8;
    let file = match conv {
        Convention::Right => (u32::from(from.file()) + x) % 8,
        Convention::Left => (u32::from(from.file()) + 8 - x) % 8,
    };
    Square::from_coords(File::new(file), Rank::new(rank))
}

/// The offset `<y><x>` from `from` to `to` (the inverse of [`apply_offset`]).
pub fn offset(from: Square, to: Square, conv: Convention) -> u8 {
    let (fr, ff) = (from.rank().to_u32(), from.file().to_u32());
    let (tr, tf) = (to.rank().to_u32(), to.file().to_u32());
    let y = (tr + 8 - fr) % 8;
    let x = match conv {
        Convention::Right => (tf + 8 - ff) % 8,
        Convention::Left => (ff + 8 - tf) % 8,
    };
    ((y << 4) | x) as u8
}

/// The extended-move byte of §8.11 counts "up" and "right", whatever the
/// convention of §8.4.
pub const EXTENDED_CONVENTION: Convention = Convention::Right;

/// Promotion (209, §8.9): `byte1 = pawn << 2 | k`, `byte2 = type << 5 | number`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The pawn's number.
    pub pawn: u8,
    /// Its move, as in [`pawn_offset`].
    pub k: u8,
    /// The new piece's type code (2–5 are valid, §8.9).
    pub type_code: u8,
    /// The new piece's number.
    pub number: u8,
}

impl Promotion {
    /// The fields of the two bytes after 209.
    pub fn from_bytes(byte1: u8, byte2: u8) -> Promotion {
        Promotion {
            pawn: byte1 >> 2,
            k: byte1 & 3,
            type_code: byte2 >> 5,
            number: byte2 & 31,
        }
    }

    /// The two bytes after 209.
    pub fn to_bytes(self) -> [u8; 2] {
        [self.pawn << 2 | self.k, self.type_code << 5 | self.number]
    }

    /// The new piece's type, when it is one a pawn may become.
    pub fn role(self) -> Option<Role> {
        code_role(self.type_code).filter(|r| !matches!(r, Role::Pawn | Role::King))
    }
}

// ----------------------------------------------------------------- comments

/// The comment types of §8.14 that have a known meaning; others are kept raw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// A symbolic assessment after the move: one NAG byte, or text (type 2).
    SymbolAfter,
    /// The same, before the move (type 3).
    SymbolBefore,
    /// Text after the move (type 4).
    TextAfter,
    /// Text before the move (type 5).
    TextBefore,
    /// An evaluation with its author; the payload is undescribed (type 6).
    AuthorEval,
    /// A diagram after the move (type 8).
    DiagramAfter,
    /// A diagram before the move (type 9).
    DiagramBefore,
    /// A computer evaluation: i16 centipawns, `255 0`, optionally `CAP` (type 29).
    EngineEval,
}

impl CommentKind {
    /// Every known type.
    pub const ALL: [CommentKind; 8] = [
        CommentKind::SymbolAfter,
        CommentKind::SymbolBefore,
        CommentKind::TextAfter,
        CommentKind::TextBefore,
        CommentKind::AuthorEval,
        CommentKind::DiagramAfter,
        CommentKind::DiagramBefore,
        CommentKind::EngineEval,
    ];

    /// The type byte.
    pub fn byte(self) -> u8 {
        match self {
            CommentKind::SymbolAfter => 2,
            CommentKind::SymbolBefore => 3,
            CommentKind::TextAfter => 4,
            CommentKind::TextBefore => 5,
            CommentKind::AuthorEval => 6,
            CommentKind::DiagramAfter => 8,
            CommentKind::DiagramBefore => 9,
            CommentKind::EngineEval => 29,
        }
    }

    /// The kind of a type byte, if known.
    pub fn from_byte(b: u8) -> Option<CommentKind> {
        CommentKind::ALL.into_iter().find(|k| k.byte() == b)
    }

    /// Whether it belongs to the move that follows it (types 3, 5 and 9),
    /// not to the one before.
    pub fn precedes_move(self) -> bool {
        matches!(
            self,
            CommentKind::SymbolBefore | CommentKind::TextBefore | CommentKind::DiagramBefore
        )
    }
}

/// The payload of an engine evaluation (type 29): centipawns, `255 0`, and `CAP` when tagged.
pub fn engine_eval_bytes(centipawns: i16, cap: bool) -> Vec<u8> {
    let mut p = Vec::with_capacity(7);
    p.extend_from_slice(&centipawns.to_le_bytes());
    p.extend_from_slice(&[255, 0]);
    if cap {
        p.extend_from_slice(b"CAP");
    }
    p
}

/// `(centipawns, CAP-tagged)` of a type-29 payload; `None` when it is shorter than 2 bytes.
pub fn parse_engine_eval(text: &[u8]) -> Option<(i16, bool)> {
    let cp = i16::from_le_bytes([*text.first()?, *text.get(1)?]);
    Some((cp, text.get(4..7) == Some(b"CAP")))
}

// ------------------------------------------------------------------- set-up

/// Size of the set-up payload after code 230 (§8.12).
pub const SETUP_LEN: usize = 76;

/// The castling mask bits of §8.12 (bit values, Q21).
pub const CASTLING_BITS: [(u8, Color, CastlingSide); 4] = [
    (1, Color::White, CastlingSide::KingSide),
    (2, Color::White, CastlingSide::QueenSide),
    (4, Color::Black, CastlingSide::KingSide),
    (8, Color::Black, CastlingSide::QueenSide),
];

/// One piece-number slot of a set-up record, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupSlot {
    /// Written `8, 0` by the source; any slot with type 0 or square 8 reads as absent.
    Absent,
    /// A square byte (§8.3, may be off the board in damaged data) and a type code.
    Piece { square: u8, type_code: u8 },
}

/// Piece number `n` (0–17) of side `s` (0 White, 1 Black) in a set-up payload.
#[inline]
pub fn setup_slot(b: &[u8; SETUP_LEN], s: usize, n: usize) -> SetupSlot {
    let at = s * 36 + n * 2;
    match (b[at], b[at + 1]) {
        (8, _) | (_, 0) => SetupSlot::Absent,
        (square, type_code) => SetupSlot::Piece { square, type_code },
    }
}

/// The plies played before a set-up position: even means White to move.
pub fn setup_plies(b: &[u8; SETUP_LEN]) -> u16 {
    u16::from_le_bytes([b[72], b[73]])
}

/// The castling mask of a set-up position ([`CASTLING_BITS`]).
pub fn setup_castling(b: &[u8; SETUP_LEN]) -> u8 {
    b[74]
}

/// The en passant target of a set-up position as a square byte; 0 for none.
pub fn setup_ep(b: &[u8; SETUP_LEN]) -> u8 {
    b[75]
}

/// The 76 bytes after code 230 (§8.12), as the writer assembles them (the
/// reader reads a payload in place, with [`setup_slot`] and its neighbours).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupRecord {
    /// Piece numbers 0–17 of White, then of Black.
    pub slots: [[SetupSlot; 18]; 2],
    /// Plies played before the position: even means White to move.
    pub plies: u16,
    /// The castling mask ([`CASTLING_BITS`]).
    pub castling: u8,
    /// The en passant target as a square byte; 0 for none.
    pub ep: u8,
}

impl SetupRecord {
    /// Reads a payload.
    ///
    /// ```
    /// use cadb::ca::format::d02::{SETUP_LEN, SetupRecord};
    /// let mut b = [0u8; SETUP_LEN];
    /// for slot in b[..72].chunks_exact_mut(2) {
    ///     slot[0] = 8; // absent: `8, 0`
    /// }
    /// b[2..4].copy_from_slice(&[0x04, 6]); // White's number 1: a king on e1
    /// b[72] = 1; // Black to move
    /// let r = SetupRecord::parse(&b);
    /// assert_eq!((r.plies, r.to_bytes()), (1, b));
    /// ```
    pub fn parse(b: &[u8; SETUP_LEN]) -> SetupRecord {
        SetupRecord {
            slots: core::array::from_fn(|s| core::array::from_fn(|n| setup_slot(b, s, n))),
            plies: setup_plies(b),
            castling: setup_castling(b),
            ep: setup_ep(b),
        }
    }

    /// The payload's bytes.
    pub fn to_bytes(&self) -> [u8; SETUP_LEN] {
        let mut b = [0u8; SETUP_LEN];
        for (s, side) in self.slots.iter().enumerate() {
            for (n, slot) in side.iter().enumerate() {
                let at = s * 36 + n * 2;
                let pair = match *slot {
                    SetupSlot::Absent => [8, 0],
                    SetupSlot::Piece { square, type_code } => [square, type_code],
                };
                b[at..at + 2].copy_from_slice(&pair);
            }
        }
        b[72..74].copy_from_slice(&self.plies.to_le_bytes());
        b[74] = self.castling;
        b[75] = self.ep;
        b
    }
}
