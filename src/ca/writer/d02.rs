//! D02 game records (§8): the byte-code stream of one game.
//!
//! The encoder keeps, for each side, the square and type of every piece
//! number 0–17 (§8.2), exactly what a decoder keeps, so each move is written
//! as "piece *n* moves by offset (y, x) modulo 8" from that table.

use alloc::vec::Vec;

use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use super::{FileDirection, WriteReport, rng::Rng};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Eval, Game, Node, Ply, RawItem, play_ply},
    limits::{MAX_PLIES, MAX_VARIATION_DEPTH},
    text::TextEncoding,
};

/// Largest record body a length prefix can describe (Q15).
pub const MAX_RECORD: usize = 32767;

/// The length prefix of §8.1: one byte below 128, else `(len & 127) | 0x80, len >> 7`.
///
/// ```
/// use cadb::ca::writer::encode_length;
/// assert_eq!(encode_length(127).unwrap().as_slice(), [127]);
/// assert_eq!(encode_length(300).unwrap().as_slice(), [0xAC, 0x02]);
/// assert!(encode_length(32768).is_none());
/// ```
pub fn encode_length(len: usize) -> Option<Vec<u8>> {
    match len {
        0..=127 => Some(alloc::vec![len as u8]),
        128..=MAX_RECORD => Some(alloc::vec![0x80 | (len & 127) as u8, (len >> 7) as u8]),
        _ => None,
    }
}

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

const CODE_LONG_CASTLE: u8 = 207;
const CODE_SHORT_CASTLE: u8 = 208;
const CODE_PROMOTION: u8 = 209;
const CODE_EN_PASSANT: u8 = 210;
const CODE_NULL: u8 = 211;
const CODE_EXTENDED: u8 = 212;
const CODE_SETUP: u8 = 230;
const CODE_VAR_START: u8 = 231;
const CODE_VAR_END: u8 = 232;
const CODE_233: u8 = 233;
const CODE_SYMBOL: u8 = 234;
const CODE_SHORT_COMMENT: u8 = 235;
const CODE_LONG_COMMENT: u8 = 236;

/// Options of the record encoder (from `WriterOptions`).
pub(crate) struct RecordOptions {
    pub direction: FileDirection,
    pub encoding: TextEncoding,
    pub long_comments: bool,
    pub prefer_fixed: bool,
    pub extended_promotions: bool,
}

/// What one record exercises; added to the report only if the game is written.
#[derive(Default)]
pub(crate) struct Stats {
    plies: usize,
    setups: usize,
    castles: usize,
    promotions: usize,
    extended_promotions: usize,
    extended_moves: usize,
    en_passant: usize,
    null_moves: usize,
    variations: usize,
    text_comments: usize,
    long_comments: usize,
    symbols: usize,
    evals: usize,
    diagrams: usize,
    raw_items: usize,
    dropped_items: usize,
}

impl Stats {
    pub(crate) fn add_to(&self, r: &mut WriteReport) {
        r.plies += self.plies;
        r.setups += self.setups;
        r.castles += self.castles;
        r.promotions += self.promotions;
        r.extended_promotions += self.extended_promotions;
        r.extended_moves += self.extended_moves;
        r.en_passant += self.en_passant;
        r.null_moves += self.null_moves;
        r.variations += self.variations;
        r.text_comments += self.text_comments;
        r.long_comments += self.long_comments;
        r.symbols += self.symbols;
        r.evals += self.evals;
        r.diagrams += self.diagrams;
        r.raw_items += self.raw_items;
        r.dropped_items += self.dropped_items;
    }
}

/// A numbered piece: where it stands, its type, and whether it is a promoted
/// piece holding a pawn's number (moved with codes 212–219).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    sq: Square,
    role: Role,
    extended: bool,
}

/// The position and both sides' piece-number tables.
#[derive(Clone)]
struct State {
    pos: Chess,
    pieces: [[Option<Slot>; 18]; 2],
}

fn side(c: Color) -> usize {
    if c.is_white() { 0 } else { 1 }
}

impl State {
    fn standard() -> State {
        let mut pieces = [[None; 18]; 2];
        for (s, rank) in [(0, 0u32), (1, 7)] {
            let pawn_rank = if s == 0 { 1 } else { 6 };
            for f in 0..8u32 {
                pieces[s][f as usize] = Some(slot(f, pawn_rank, Role::Pawn));
            }
            let back = [
                (8, 1, Role::Knight),
                (9, 6, Role::Knight),
                (10, 2, Role::Bishop),
                (11, 5, Role::Bishop),
                (12, 0, Role::Rook),
                (13, 7, Role::Rook),
                (14, 3, Role::Queen),
                (15, 4, Role::King),
            ];
            for (n, f, role) in back {
                pieces[s][n] = Some(slot(f, rank, role));
            }
        }
        State {
            pos: Chess::default(),
            pieces,
        }
    }

    fn find(&self, color: Color, sq: Square) -> Option<usize> {
        self.pieces[side(color)]
            .iter()
            .position(|p| p.is_some_and(|p| p.sq == sq))
    }
}

fn slot(file: u32, rank: u32, role: Role) -> Slot {
    Slot {
        sq: Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank)),
        role,
        extended: false,
    }
}

/// The coordinate byte of §8.3: rank in the upper nibble, file in the lower.
fn square_byte(sq: Square) -> u8 {
    ((sq.rank().to_u32() as u8) << 4) | sq.file().to_u32() as u8
}

/// The piece type codes of §8.12.
fn role_code(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight => 2,
        Role::Bishop => 3,
        Role::Rook => 4,
        Role::Queen => 5,
        Role::King => 6,
    }
}

/// `(y << 4) | x` for a move, with x counted as the convention says (§8.4).
fn offset(from: Square, to: Square, dir: FileDirection) -> u8 {
    let (fr, ff) = (from.rank().to_u32() as i32, from.file().to_u32() as i32);
    let (tr, tf) = (to.rank().to_u32() as i32, to.file().to_u32() as i32);
    let y = (tr - fr).rem_euclid(8) as u8;
    let x = match dir {
        FileDirection::Right => (tf - ff).rem_euclid(8),
        FileDirection::Left => (ff - tf).rem_euclid(8),
    } as u8;
    (y << 4) | x
}

fn index_in(list: &[u8], off: u8) -> Option<u8> {
    list.iter().position(|&o| o == off).map(|i| i as u8)
}

/// The code 0–206 for piece number `n` of `color` moving by `off` (§8.6, §8.7).
fn move_code(n: usize, color: Color, off: u8) -> Option<u8> {
    let queen = |off| index_in(&DIAG, off).or_else(|| index_in(&ORTHO, off).map(|i| i + 13));
    let all35 = |off| queen(off).or_else(|| index_in(&KNIGHT, off).map(|i| i + 27));
    let n8 = n as u8;
    match n {
        0..=7 => {
            let list = if color.is_white() { &PAWN_W } else { &PAWN_B };
            index_in(list, off).map(|k| 4 * n8 + k)
        }
        8 | 9 => index_in(&KNIGHT, off).map(|i| 32 + (n8 - 8) * 8 + i),
        10 | 11 => index_in(&DIAG, off).map(|i| 48 + (n8 - 10) * 13 + i),
        12 | 13 => index_in(&ORTHO, off).map(|i| 74 + (n8 - 12) * 14 + i),
        14 => queen(off).map(|i| 102 + i),
        15 => index_in(&KING, off).map(|i| 129 + i),
        16 => all35(off).map(|i| 137 + i),
        17 => all35(off).map(|i| 172 + i),
        _ => None,
    }
}

/// Fixed numbers of a promoted piece's type (§8.9).
fn fixed_slots(role: Role) -> &'static [usize] {
    match role {
        Role::Knight => &[8, 9],
        Role::Bishop => &[10, 11],
        Role::Rook => &[12, 13],
        Role::Queen => &[14],
        Role::Pawn | Role::King => &[],
    }
}

struct Encoder<'a> {
    out: Vec<u8>,
    opts: &'a RecordOptions,
    rng: &'a mut Rng,
    stats: &'a mut Stats,
    /// Plies encoded so far (all lines), for error locations and the ply limit.
    ply: u32,
}

fn invalid(what: &'static str) -> Error {
    Error::new(ErrorKind::Invalid { what }, FileKind::D02)
}

/// Encodes the body of a game's record (without the length prefix).
pub(crate) fn encode_record(
    game: &Game,
    opts: &RecordOptions,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Result<Vec<u8>, Error> {
    let mut e = Encoder {
        out: Vec::new(),
        opts,
        rng,
        stats,
        ply: 0,
    };
    let state = match &game.start_fen {
        None => State::standard(),
        Some(_) => {
            let pos = game.start_position().map_err(|_| {
                Error::new(
                    ErrorKind::BadSetup {
                        reason: "the start FEN is not a legal position",
                    },
                    FileKind::D02,
                )
            })?;
            let state = setup_state(pos)?;
            e.setup(&state)?;
            state
        }
    };
    for c in &game.comments {
        e.text_comment(4, c)?;
    }
    e.line(&game.moves, state, 0)?;
    if e.out.len() > MAX_RECORD {
        return Err(record_too_large(e.out.len()));
    }
    Ok(e.out)
}

fn record_too_large(size: usize) -> Error {
    Error::new(
        ErrorKind::TooLarge {
            what: "game record",
            size: size as u64,
            limit: MAX_RECORD as u64,
        },
        FileKind::D02,
    )
}

/// Numbers the pieces of a setup position (§8.12). Pawns take the number of
/// their file (or the first free pawn number); knights and rooks on files a–d
/// take the queen's-side number (8, 12), on e–h the king's-side one (9, 13);
/// bishops take 10 or 11 by square colour, as in the standard position (a
/// White bishop on a dark square is 10, a Black one on a light square is
/// 10); the queen 14, the king 15. A piece whose numbers are taken goes to
/// the other fixed number of its type, then to 16 and 17.
fn setup_state(pos: Chess) -> Result<State, Error> {
    let mut pieces = [[None; 18]; 2];
    let mut list: Vec<(Square, shakmaty::Piece)> = pos.board().iter().collect();
    // Files first, so doubled pawns and same-half pieces are numbered left to right.
    list.sort_by_key(|(sq, _)| (sq.file(), sq.rank()));
    for (sq, piece) in list {
        let table: &mut [Option<Slot>; 18] = &mut pieces[side(piece.color)];
        let file = sq.file().to_usize();
        let queen_side = file < 4;
        let preferred: [usize; 2] = match piece.role {
            Role::Pawn => [file, file],
            Role::Knight => {
                if queen_side {
                    [8, 9]
                } else {
                    [9, 8]
                }
            }
            Role::Bishop => {
                let first = if sq.is_dark() == piece.color.is_white() {
                    10
                } else {
                    11
                };
                [first, 21 - first]
            }
            Role::Rook => {
                if queen_side {
                    [12, 13]
                } else {
                    [13, 12]
                }
            }
            Role::Queen => [14, 14],
            Role::King => [15, 15],
        };
        let candidates: Vec<usize> = match piece.role {
            Role::Pawn => core::iter::once(file).chain(0..8).collect(),
            Role::King => alloc::vec![15],
            _ => preferred.iter().copied().chain([16, 17]).collect(),
        };
        let n = candidates
            .into_iter()
            .find(|&n| table[n].is_none())
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::BadSetup {
                        reason: "more pieces of one type than the 18 piece numbers can describe",
                    },
                    FileKind::D02,
                )
            })?;
        table[n] = Some(Slot {
            sq,
            role: piece.role,
            extended: false,
        });
    }
    Ok(State { pos, pieces })
}

impl Encoder<'_> {
    fn check_size(&self) -> Result<(), Error> {
        if self.out.len() > MAX_RECORD {
            Err(record_too_large(self.out.len()))
        } else {
            Ok(())
        }
    }

    /// Code 230 and its 76 bytes (§8.12).
    fn setup(&mut self, state: &State) -> Result<(), Error> {
        self.out.push(CODE_SETUP);
        for table in &state.pieces {
            for p in table {
                match p {
                    Some(s) => self
                        .out
                        .extend_from_slice(&[square_byte(s.sq), role_code(s.role)]),
                    None => self.out.extend_from_slice(&[8, 0]),
                }
            }
        }
        let pos = &state.pos;
        let plies = (u64::from(pos.fullmoves().get()) - 1) * 2 + u64::from(pos.turn().is_black());
        let plies = u16::try_from(plies).map_err(|_| {
            Error::new(
                ErrorKind::BadSetup {
                    reason: "the FEN move number does not fit the 16-bit ply count",
                },
                FileKind::D02,
            )
        })?;
        self.out.extend_from_slice(&plies.to_le_bytes());
        let c = pos.castles();
        let mask = u8::from(c.has(Color::White, CastlingSide::KingSide))
            | u8::from(c.has(Color::White, CastlingSide::QueenSide)) << 1
            | u8::from(c.has(Color::Black, CastlingSide::KingSide)) << 2
            | u8::from(c.has(Color::Black, CastlingSide::QueenSide)) << 3;
        self.out.push(mask);
        self.out
            .push(pos.ep_square(EnPassantMode::Legal).map_or(0, square_byte));
        self.stats.setups += 1;
        Ok(())
    }

    /// A line of nodes from `state`; each node's variations come before its move (§8.13).
    fn line(&mut self, nodes: &[Node], mut state: State, depth: u32) -> Result<(), Error> {
        for node in nodes {
            for var in node.variations.iter().filter(|v| !v.is_empty()) {
                if depth >= MAX_VARIATION_DEPTH {
                    return Err(Error::new(
                        ErrorKind::TooDeep {
                            limit: MAX_VARIATION_DEPTH,
                        },
                        FileKind::D02,
                    )
                    .at_ply(self.ply));
                }
                self.out.push(CODE_VAR_START);
                self.line(var, state.clone(), depth + 1)?;
                self.out.push(CODE_VAR_END);
                self.stats.variations += 1;
            }
            for c in &node.comments_before {
                self.text_comment(5, c)?;
            }
            for &nag in &node.nags_before {
                self.symbol(3, nag);
            }
            if node.diagram_before {
                self.comment(9, &[])?;
                self.stats.diagrams += 1;
            }
            let ply = self.ply;
            self.play(&mut state, &node.mv).map_err(|e| e.at_ply(ply))?;
            self.after_items(node)?;
            self.check_size()?;
        }
        Ok(())
    }

    fn after_items(&mut self, node: &Node) -> Result<(), Error> {
        for &nag in &node.nags {
            self.symbol(2, nag);
        }
        for c in &node.comments_after {
            self.text_comment(4, c)?;
        }
        for ev in &node.evals {
            match ev {
                Eval::Engine { centipawns, cap } => {
                    let mut p = Vec::with_capacity(7);
                    p.extend_from_slice(&centipawns.to_le_bytes());
                    p.extend_from_slice(&[255, 0]);
                    if *cap {
                        p.extend_from_slice(b"CAP");
                    }
                    self.comment(29, &p)?;
                }
                Eval::Author { text } => {
                    let bytes = self.opts.encoding.encode(text);
                    self.comment(6, &bytes)?;
                }
            }
            self.stats.evals += 1;
        }
        if node.diagram_after {
            self.comment(8, &[])?;
            self.stats.diagrams += 1;
        }
        for item in &node.raw {
            match item {
                RawItem::Ca233(b) => {
                    self.out.extend_from_slice(&[CODE_233, *b]);
                    self.stats.raw_items += 1;
                }
                RawItem::CaComment { kind, bytes } => {
                    self.comment(*kind, bytes)?;
                    self.stats.raw_items += 1;
                }
                RawItem::JoseError { .. } => self.stats.dropped_items += 1,
            }
        }
        Ok(())
    }

    /// Code 234: type 2 (after) or 3 (before) and one NAG byte (Q25).
    fn symbol(&mut self, kind: u8, nag: u8) {
        self.out.extend_from_slice(&[CODE_SYMBOL, kind, nag]);
        self.stats.symbols += 1;
    }

    fn text_comment(&mut self, kind: u8, text: &str) -> Result<(), Error> {
        let bytes = self.opts.encoding.encode(text);
        self.stats.text_comments += 1;
        self.comment(kind, &bytes)
    }

    /// A comment string of `kind` (§8.14): 235 with a u8 length when it fits
    /// (type byte + at most 254 bytes, Q26), else 236 with a u32 length.
    fn comment(&mut self, kind: u8, text: &[u8]) -> Result<(), Error> {
        let len = text.len() + 1;
        if len > MAX_RECORD {
            return Err(record_too_large(len));
        }
        let long = len > 255 || (self.opts.long_comments && self.rng.below(3) == 0);
        if long {
            self.out.push(CODE_LONG_COMMENT);
            self.out.extend_from_slice(&(len as u32).to_le_bytes());
            self.stats.long_comments += 1;
        } else {
            self.out.extend_from_slice(&[CODE_SHORT_COMMENT, len as u8]);
        }
        self.out.push(kind);
        self.out.extend_from_slice(text);
        Ok(())
    }

    fn play(&mut self, state: &mut State, ply: &Ply) -> Result<(), Error> {
        self.ply += 1;
        if self.ply > MAX_PLIES {
            return Err(Error::new(
                ErrorKind::TooLarge {
                    what: "plies in a game",
                    size: u64::from(self.ply),
                    limit: u64::from(MAX_PLIES),
                },
                FileKind::D02,
            ));
        }
        self.stats.plies += 1;
        let before = state.pos.clone();
        if play_ply(&mut state.pos, ply).is_err() {
            return Err(invalid(match ply {
                Ply::Move(_) => "a move is not legal in its position",
                Ply::Null => "a null move is played in check",
            }));
        }
        let m = match ply {
            Ply::Null => {
                self.out.push(CODE_NULL);
                self.stats.null_moves += 1;
                return Ok(());
            }
            Ply::Move(m) => *m,
        };
        let us = before.turn();
        let (mine, theirs) = if us.is_white() { (0, 1) } else { (1, 0) };
        let dir = self.opts.direction;
        match m {
            Move::Normal {
                from,
                to,
                capture,
                promotion,
                ..
            } => {
                let n = state
                    .find(us, from)
                    .ok_or_else(|| invalid("no numbered piece on the move's square"))?;
                if capture.is_some() {
                    let victim = state
                        .find(!us, to)
                        .ok_or_else(|| invalid("no numbered piece on the captured square"))?;
                    state.pieces[theirs][victim] = None;
                }
                let piece =
                    state.pieces[mine][n].ok_or_else(|| invalid("piece table out of step"))?;
                let off = offset(from, to, dir);
                match promotion {
                    Some(role) => {
                        let byte1 = move_code(n, us, off)
                            .filter(|_| n < 8)
                            .ok_or_else(|| invalid("promotion by a piece that is not a pawn"))?;
                        state.pieces[mine][n] = None;
                        let number = self.promotion_number(&state.pieces[mine], role, n);
                        state.pieces[mine][number] = Some(Slot {
                            sq: to,
                            role,
                            extended: number < 8,
                        });
                        let byte2 = (role_code(role) << 5) | number as u8;
                        self.out.extend_from_slice(&[CODE_PROMOTION, byte1, byte2]);
                        self.stats.promotions += 1;
                        self.stats.extended_promotions += usize::from(number < 8);
                    }
                    None if piece.extended => {
                        // §8.11: "up" and "right", whatever the convention of §8.4.
                        let right = offset(from, to, FileDirection::Right);
                        self.out
                            .extend_from_slice(&[CODE_EXTENDED + n as u8, right]);
                        self.stats.extended_moves += 1;
                        state.pieces[mine][n] = Some(Slot { sq: to, ..piece });
                    }
                    None => {
                        let code = move_code(n, us, off).ok_or_else(|| {
                            invalid("a move the piece number's offsets cannot express")
                        })?;
                        self.out.push(code);
                        state.pieces[mine][n] = Some(Slot { sq: to, ..piece });
                    }
                }
            }
            Move::EnPassant { from, to } => {
                let n = state
                    .find(us, from)
                    .ok_or_else(|| invalid("no numbered piece on the move's square"))?;
                let taken = Square::from_coords(to.file(), from.rank());
                let victim = state
                    .find(!us, taken)
                    .ok_or_else(|| invalid("no numbered pawn to take en passant"))?;
                state.pieces[theirs][victim] = None;
                let code = move_code(n, us, offset(from, to, dir))
                    .filter(|_| n < 8)
                    .ok_or_else(|| invalid("en passant by a piece that is not a pawn"))?;
                self.out.extend_from_slice(&[CODE_EN_PASSANT, code]);
                self.stats.en_passant += 1;
                if let Some(p) = state.pieces[mine][n].as_mut() {
                    p.sq = to;
                }
            }
            Move::Castle { king, rook } => {
                let long = rook.file() < king.file();
                let rank = king.rank();
                let (kf, rf) = if long { (2, 3) } else { (6, 5) };
                let k = state
                    .find(us, king)
                    .ok_or_else(|| invalid("no numbered king"))?;
                let r = state
                    .find(us, rook)
                    .ok_or_else(|| invalid("no numbered castling rook"))?;
                let at = |f| Square::from_coords(shakmaty::File::new(f), rank);
                if let Some(p) = state.pieces[mine][k].as_mut() {
                    p.sq = at(kf);
                }
                if let Some(p) = state.pieces[mine][r].as_mut() {
                    p.sq = at(rf);
                }
                self.out.push(if long {
                    CODE_LONG_CASTLE
                } else {
                    CODE_SHORT_CASTLE
                });
                self.stats.castles += 1;
            }
            Move::Put { .. } => return Err(invalid("a piece drop has no Chess Assistant code")),
        }
        Ok(())
    }

    /// The number a promoted piece takes (§8.9, Q19): 16/17 or a free fixed
    /// number of its type (which first depends on the options), else the
    /// pawn's own number, moved from then on with codes 212–219. With the
    /// extended-promotion trick every third promotion keeps the pawn's number.
    fn promotion_number(&mut self, table: &[Option<Slot>; 18], role: Role, pawn: usize) -> usize {
        if self.opts.extended_promotions && self.stats.promotions % 3 == 2 {
            return pawn;
        }
        let extra = [16, 17];
        let fixed = fixed_slots(role);
        let order: Vec<usize> = if self.opts.prefer_fixed {
            fixed.iter().chain(&extra).copied().collect()
        } else {
            extra.iter().chain(fixed).copied().collect()
        };
        order
            .into_iter()
            .find(|&n| table[n].is_none())
            .unwrap_or(pawn)
    }
}
