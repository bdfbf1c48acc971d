//! Replaying a D02 record on the board: piece numbers to squares, legal
//! moves through shakmaty, events to a [`GameVisitor`] in PGN order.
//!
//! Each side's pieces are numbered 0–17 (§8.2). A fixed array maps each
//! number to its square and role, and a reverse array maps squares back, so
//! a one-byte code becomes a candidate move in constant time; shakmaty then
//! checks it is legal. SAN is left to the visitor, computed only if wanted.
//!
//! Variations are written before the move they replace (§8.13). PGN wants
//! them after it, so on `231` the replayer skips to the matching `232`,
//! plays the main move and its annotations, then decodes the skipped bytes
//! from the saved position. No tree is needed for that.

use alloc::{string::String, vec::Vec};
use core::ops::ControlFlow;

use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move,
    Piece, Position, Role, Setup, Square, fen::Fen, san::San,
};

use super::record::{Item, Items, code, skip_variation};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Eval, GameVisitor, Placement, Ply, RawItem},
    limits::{MAX_PLIES, MAX_VARIATION_DEPTH},
    text::TextEncoding,
};

/// Which way `x` in an offset `<y><x>` turns (§0, Q17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// New file = (file + x) mod 8: the reading the spec chose.
    #[default]
    Right,
    /// New file = (file − x) mod 8: the literal "left" of the source.
    Left,
}

impl Convention {
    /// The other reading.
    pub fn other(self) -> Convention {
        match self {
            Convention::Right => Convention::Left,
            Convention::Left => Convention::Right,
        }
    }

    /// `"right"` or `"left"`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Right => "right",
            Convention::Left => "left",
        }
    }
}

// Offset lists of §8.7, as `<y><x>` bytes.
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

/// `(piece number, White offset, Black offset)` of a move code 0–206 (§8.7).
///
/// ```
/// use cadb::ca::replay::decode_piece_code;
/// assert_eq!(decode_piece_code(43), (9, 0x27, 0x27)); // king's knight, Nf3 under the chosen reading
/// assert_eq!(decode_piece_code(19), (4, 0x20, 0x60)); // e-pawn double step
/// ```
pub const fn decode_piece_code(c: u8) -> (u8, u8, u8) {
    // A table lookup: the arithmetic below costs a fifth of a replay's
    // own work (divisions by 13 and 14).
    if (c as usize) < PIECE_CODES.len() {
        return PIECE_CODES[c as usize];
    }
    compute_piece_code(c)
}

/// [`decode_piece_code`] for every code 0-206.
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

/// The square `offset` (`<y><x>`) away from `from`, modulo 8 (§8.4).
pub fn apply_offset(from: Square, offset: u8, conv: Convention) -> Square {
    let y = u32::from(offset >> 4) % 8;
    let x = u32::from(offset & 15) % 8;
    let rank = (u32::from(from.rank()) + y) % 8;
    let file = match conv {
        Convention::Right => (u32::from(from.file()) + x) % 8,
        Convention::Left => (u32::from(from.file()) + 8 - x) % 8,
    };
    Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank))
}

const NONE: u8 = 0xff;
const FIXED_ROLES: [Role; 16] = [
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

/// Piece numbers of both sides: number → (square, role), square → number.
#[derive(Clone, Debug)]
struct Numbers {
    square: [[u8; 18]; 2],
    role: [[Role; 18]; 2],
    /// The number of the piece on each square (its colour is the board's).
    at: [u8; 64],
}

fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Numbers {
    fn empty() -> Numbers {
        let mut role = [[Role::Queen; 18]; 2];
        for r in &mut role {
            r[..16].copy_from_slice(&FIXED_ROLES);
        }
        Numbers {
            square: [[NONE; 18]; 2],
            role,
            at: [NONE; 64],
        }
    }

    /// The standard position's numbering (§8.2).
    fn standard() -> Numbers {
        let mut n = Numbers::empty();
        let back = [12u8, 8, 10, 14, 15, 11, 9, 13]; // a..h files of the back rank
        for file in 0..8u8 {
            n.put(0, file, 8 + file); // a2..h2
            n.put(0, back[usize::from(file)], file);
            n.put(1, file, 48 + file); // a7..h7
            n.put(1, back[usize::from(file)], 56 + file);
        }
        n
    }

    fn put(&mut self, s: usize, number: u8, sq: u8) {
        self.square[s][usize::from(number)] = sq;
        self.at[usize::from(sq)] = number;
    }

    fn square_of(&self, s: usize, number: u8) -> Option<Square> {
        let sq = *self.square[s].get(usize::from(number))?;
        (sq != NONE).then(|| Square::new(u32::from(sq)))
    }

    /// Moves the piece on `from` to `to`, removing whatever `captured` held.
    fn relocate(&mut self, s: usize, from: Square, to: Square, captured: Option<Square>) {
        if let Some(c) = captured {
            let victim = self.at[c as usize];
            if victim != NONE {
                self.square[1 - s][usize::from(victim)] = NONE;
            }
            self.at[c as usize] = NONE;
        }
        let n = self.at[from as usize];
        self.at[from as usize] = NONE;
        if n != NONE {
            self.square[s][usize::from(n)] = to as u8;
            self.at[to as usize] = n;
        }
    }
}

/// The position and the piece numbers, saved and restored around variations.
#[derive(Clone, Debug)]
struct State {
    pos: Chess,
    numbers: Numbers,
}

impl State {
    fn standard() -> State {
        State {
            pos: Chess::default(),
            numbers: Numbers::standard(),
        }
    }

    /// Ply number in the game: 0 before White's first move.
    fn ply(&self) -> u32 {
        (self.pos.fullmoves().get() - 1) * 2 + u32::from(self.pos.turn() == Color::Black)
    }
}

fn role_of_type(t: u8) -> Option<Role> {
    Some(match t {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    })
}

/// Builds the position of a setup record (code 230, §8.12).
#[allow(clippy::result_large_err)] // shakmaty's PositionError, recovered from at once
fn setup_state(b: &[u8; 76], with_fen: bool) -> Result<(State, String), ErrorKind> {
    let bad = |reason| ErrorKind::BadSetup { reason };
    let mut numbers = Numbers::empty();
    let mut board = Board::empty();
    for (s, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for n in 0..18u8 {
            let at = s * 36 + usize::from(n) * 2;
            let (sq, ty) = (b[at], b[at + 1]);
            if sq == 8 || ty == 0 {
                continue; // absent (the source writes 8, 0)
            }
            if sq & 0x88 != 0 {
                return Err(bad("a piece stands off the board"));
            }
            let role = role_of_type(ty).ok_or(bad("unknown piece type"))?;
            let fixed_ok = match n {
                0..=7 => role != Role::King,
                8..=15 => role == FIXED_ROLES[usize::from(n)],
                _ => !matches!(role, Role::Pawn | Role::King),
            };
            if !fixed_ok {
                return Err(bad("a piece number has the wrong piece type"));
            }
            let square = Square::new(u32::from((sq >> 4) * 8 + (sq & 7)));
            if board.piece_at(square).is_some() {
                return Err(bad("two pieces stand on one square"));
            }
            board.set_piece_at(square, Piece { color, role });
            numbers.role[s][usize::from(n)] = role;
            numbers.put(s, n, square as u8);
        }
    }
    let plies = u32::from(u16::from_le_bytes([b[72], b[73]]));
    let mask = b[74];
    let mut castling = Bitboard::EMPTY;
    for (bit, sq) in [
        (1, Square::H1),
        (2, Square::A1),
        (4, Square::H8),
        (8, Square::A8),
    ] {
        if mask & bit != 0 {
            castling.add(sq);
        }
    }
    let ep = b[75];
    let ep_square =
        (ep != 0 && ep & 0x88 == 0).then(|| Square::new(u32::from((ep >> 4) * 8 + (ep & 7))));
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: if plies % 2 == 1 {
            Color::Black
        } else {
            Color::White
        },
        castling_rights: castling,
        ep_square,
        remaining_checks: None,
        halfmoves: 0,
        fullmoves: core::num::NonZeroU32::new(plies / 2 + 1).unwrap_or(core::num::NonZeroU32::MIN),
    };
    let pos = Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(|e| e.ignore_invalid_castling_rights())
        .or_else(|e| e.ignore_invalid_ep_square())
        .map_err(|e| {
            use shakmaty::PositionErrorKinds as K;
            let k = e.kinds();
            bad(if k.contains(K::MISSING_KING) {
                "a king is missing"
            } else if k.contains(K::TOO_MANY_KINGS) {
                "a side has two kings"
            } else if k.contains(K::PAWNS_ON_BACKRANK) {
                "a pawn stands on the first or last rank"
            } else if k.contains(K::OPPOSITE_CHECK) {
                "the side not to move is in check"
            } else {
                "not a legal chess position"
            })
        })?;
    let fen = if with_fen {
        alloc::string::ToString::to_string(&Fen::from_position(&pos, EnPassantMode::Legal))
    } else {
        String::new()
    };
    Ok((State { pos, numbers }, fen))
}

/// Why a move item failed, before the location is added.
type MoveResult<T> = Result<T, ErrorKind>;

impl State {
    /// The move an item describes, checked for legality; `ep` says a 210 came before it.
    /// With `want_san`, also the move's SAN (no check mark).
    // Inlined into `line` with `play`: once a ply, the call and its large
    // return value cost 4% of a replay's instructions.
    #[inline(always)]
    fn resolve(
        &self,
        item: &Item<'_>,
        ep: bool,
        conv: Convention,
        want_san: bool,
    ) -> MoveResult<(Ply, Option<San>)> {
        let turn = self.pos.turn();
        let s = side(turn);
        let illegal = |code| ErrorKind::IllegalMove { code };
        let m = match *item {
            Item::Piece { code } => {
                let (n, ow, ob) = decode_piece_code(code);
                let off = if turn == Color::White { ow } else { ob };
                let from = self
                    .numbers
                    .square_of(s, n)
                    .ok_or(ErrorKind::NoSuchPiece { code, piece: n })?;
                let role = self.numbers.role[s][usize::from(n)];
                let to = apply_offset(from, off, conv);
                if role == Role::Pawn {
                    if to.rank() == turn.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First) {
                        return Err(illegal(code)); // a promotion must be code 209
                    }
                    let diagonal = from.file() != to.file();
                    if ep {
                        if !diagonal {
                            return Err(illegal(code));
                        }
                        Move::EnPassant { from, to }
                    } else if diagonal
                        && self.pos.board().piece_at(to).is_none()
                        && self.pos.ep_square(EnPassantMode::Legal) == Some(to)
                    {
                        // An en passant capture written without its 210 marker is still unambiguous.
                        Move::EnPassant { from, to }
                    } else {
                        self.normal(role, from, to, None)
                    }
                } else {
                    if ep {
                        return Err(illegal(code));
                    }
                    self.normal(role, from, to, None)
                }
            }
            Item::Castle { long } => {
                let code = if long {
                    code::CASTLE_LONG
                } else {
                    code::CASTLE_SHORT
                };
                let cs = if long {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                let king = self.pos.board().king_of(turn).ok_or(illegal(code))?;
                let rook = self.pos.castles().rook(turn, cs).ok_or(illegal(code))?;
                Move::Castle { king, rook }
            }
            Item::Promotion { byte1, byte2 } => {
                let (pawn, k) = (byte1 >> 2, usize::from(byte1 & 3));
                let code = code::PROMOTION;
                if pawn > 7 {
                    return Err(ErrorKind::Invalid {
                        what: "promotion names a pawn number over 7",
                    });
                }
                let role = match byte2 >> 5 {
                    2 => Role::Knight,
                    3 => Role::Bishop,
                    4 => Role::Rook,
                    5 => Role::Queen,
                    _ => {
                        return Err(ErrorKind::Invalid {
                            what: "promotion to an unknown piece type",
                        });
                    }
                };
                let number = byte2 & 31;
                self.check_promotion_number(s, pawn, number, role)?;
                let from = self
                    .numbers
                    .square_of(s, pawn)
                    .ok_or(ErrorKind::NoSuchPiece { code, piece: pawn })?;
                if self.numbers.role[s][usize::from(pawn)] != Role::Pawn {
                    return Err(illegal(code));
                }
                let off = if turn == Color::White {
                    PAWN_W[k]
                } else {
                    PAWN_B[k]
                };
                let to = apply_offset(from, off, conv);
                self.normal(Role::Pawn, from, to, Some(role))
            }
            Item::Extended { pawn, offset } => {
                let code = code::EXTENDED_FIRST + pawn;
                let from = self
                    .numbers
                    .square_of(s, pawn)
                    .ok_or(ErrorKind::NoSuchPiece { code, piece: pawn })?;
                let role = self.numbers.role[s][usize::from(pawn)];
                if role == Role::Pawn {
                    return Err(ErrorKind::Invalid {
                        what: "an extended move names a pawn that has not promoted",
                    });
                }
                // §8.11 defines this byte as "up" and "right" explicitly, whatever the convention.
                let to = apply_offset(from, offset, Convention::Right);
                self.normal(role, from, to, None)
            }
            Item::NullMove => {
                if self.pos.is_check() {
                    return Err(illegal(code::NULL_MOVE));
                }
                return Ok((Ply::Null, None));
            }
            _ => return Err(ErrorKind::Invalid { what: "not a move" }),
        };
        // Shakmaty decides legality: for a normal or en passant move, its
        // `is_legal` is exactly this (the legal moves of the piece type to
        // the target square, `san_candidates`, contain the move). SAN
        // (`San::from_move`) disambiguates against the same list, so listing
        // it here once serves both: a SAN pass generates moves once, not twice.
        let listed = match m {
            Move::Normal { role, to, .. } => Some((role, to)),
            Move::EnPassant { to, .. } => Some((Role::Pawn, to)),
            _ => None,
        };
        let (legal, san) = match listed {
            Some((role, to)) => {
                let candidates = self.pos.san_candidates(role, to);
                let legal = candidates.contains(&m);
                (
                    legal,
                    (want_san && legal).then(|| San::disambiguate(m, &candidates)),
                )
            }
            _ => {
                let legal = self.pos.is_legal(m);
                (
                    legal,
                    (want_san && legal).then(|| San::from_move(&self.pos, m)),
                )
            }
        };
        if !legal {
            let code = item_code(item);
            return Err(illegal(code));
        }
        Ok((Ply::Move(m), san))
    }

    fn normal(&self, role: Role, from: Square, to: Square, promotion: Option<Role>) -> Move {
        let capture = self.pos.board().role_at(to);
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        }
    }

    /// A promoted piece's number must be free and fit its type (§8.9, Q19).
    fn check_promotion_number(&self, s: usize, pawn: u8, number: u8, role: Role) -> MoveResult<()> {
        let ok = match number {
            n if n == pawn => true,
            0..=7 => self.numbers.square[s][usize::from(number)] == NONE,
            8..=14 => {
                FIXED_ROLES[usize::from(number)] == role
                    && self.numbers.square[s][usize::from(number)] == NONE
            }
            16 | 17 => self.numbers.square[s][usize::from(number)] == NONE,
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(ErrorKind::Invalid {
                what: "promotion gives the new piece a number that is taken or of another type",
            })
        }
    }

    /// Plays a resolved ply and updates the numbers.
    #[inline(always)]
    fn play(&mut self, item: &Item<'_>, ply: &Ply) {
        let s = side(self.pos.turn());
        match ply {
            Ply::Null => {
                if let Ok(p) = core::mem::take(&mut self.pos).swap_turn() {
                    self.pos = p;
                }
            }
            Ply::Move(m) => {
                match *m {
                    Move::Normal {
                        from, to, capture, ..
                    } => {
                        self.numbers.relocate(s, from, to, capture.map(|_| to));
                    }
                    Move::EnPassant { from, to } => {
                        let victim = Square::from_coords(to.file(), from.rank());
                        self.numbers.relocate(s, from, to, Some(victim));
                    }
                    Move::Castle { king, rook } => {
                        let cs = if rook < king {
                            CastlingSide::QueenSide
                        } else {
                            CastlingSide::KingSide
                        };
                        let turn = self.pos.turn();
                        let (kn, rn) = (
                            self.numbers.at[king as usize],
                            self.numbers.at[rook as usize],
                        );
                        self.numbers.at[king as usize] = NONE;
                        self.numbers.at[rook as usize] = NONE;
                        for (n, sq) in [(kn, cs.king_to(turn)), (rn, cs.rook_to(turn))] {
                            if n != NONE {
                                self.numbers.put(s, n, sq as u8);
                            }
                        }
                    }
                    Move::Put { .. } => {}
                }
                if let Item::Promotion { byte1, byte2 } = *item {
                    let (pawn, number) = (byte1 >> 2, byte2 & 31);
                    let to = m.to();
                    self.numbers.square[s][usize::from(pawn)] = NONE;
                    if let Some(role) = m.promotion() {
                        self.numbers.role[s][usize::from(number)] = role;
                    }
                    self.numbers.put(s, number, to as u8);
                }
                self.pos.play_unchecked(*m);
            }
        }
    }
}

fn item_code(item: &Item<'_>) -> u8 {
    match *item {
        Item::Piece { code } => code,
        Item::Castle { long: true } => code::CASTLE_LONG,
        Item::Castle { long: false } => code::CASTLE_SHORT,
        Item::Promotion { .. } => code::PROMOTION,
        Item::EnPassant => code::EN_PASSANT,
        Item::NullMove => code::NULL_MOVE,
        Item::Extended { pawn, .. } => code::EXTENDED_FIRST + pawn,
        Item::Setup(_) => code::SETUP,
        Item::VariationStart => code::VARIATION_START,
        Item::VariationEnd => code::VARIATION_END,
        Item::Opaque233(_) => code::OPAQUE_233,
        Item::Comment { code, .. } | Item::EmptyComment { code } => code,
    }
}

fn is_move(item: &Item<'_>) -> bool {
    matches!(
        item,
        Item::Piece { .. }
            | Item::Castle { .. }
            | Item::Promotion { .. }
            | Item::NullMove
            | Item::Extended { .. }
    )
}

/// Annotations that follow the move they belong to (types 3, 5 and 9 precede theirs).
fn is_after_annotation(item: &Item<'_>) -> bool {
    match item {
        Item::Comment { kind, .. } => !matches!(kind, 3 | 5 | 9),
        Item::Opaque233(_) | Item::EmptyComment { .. } => true,
        _ => false,
    }
}

/// Replays one record body through a visitor.
pub(crate) struct Replay<'a, V> {
    pub body: &'a [u8],
    /// Offset of the body in D02, for error messages.
    pub base: u64,
    pub game: u64,
    pub convention: Convention,
    pub encoding: TextEncoding,
    pub visitor: &'a mut V,
    plies: u32,
}

impl<'a, V: GameVisitor> Replay<'a, V> {
    pub fn new(
        body: &'a [u8],
        base: u64,
        game: u64,
        convention: Convention,
        encoding: TextEncoding,
        visitor: &'a mut V,
    ) -> Self {
        Replay {
            body,
            base,
            game,
            convention,
            encoding,
            visitor,
            plies: 0,
        }
    }

    fn err(&self, kind: ErrorKind, at: usize, ply: Option<u32>) -> Error {
        let e = Error::new(kind, FileKind::D02)
            .at(self.base + at as u64)
            .in_game(self.game);
        match ply {
            Some(p) => e.at_ply(p),
            None => e,
        }
    }

    /// Decodes the whole record. The visitor sees every event up to an error.
    pub fn run(&mut self) -> Result<(), Error> {
        let mut items = Items::new(self.body);
        let mut state = State::standard();
        if let Some(Ok((at, Item::Setup(b)))) = items.peek() {
            items.next();
            let text = self.visitor.wants_text();
            let (s, fen) = setup_state(b, text).map_err(|k| self.err(k, at, None))?;
            self.visitor.setup(&fen, &s.pos);
            state = s;
        }
        let _ = self.line(&mut items, state, 0)?;
        Ok(())
    }

    /// Decodes a line until its end (a 232 when `depth > 0`, the end of the body at depth 0).
    fn line(
        &mut self,
        items: &mut Items<'a>,
        mut st: State,
        depth: u32,
    ) -> Result<ControlFlow<()>, Error> {
        let mut pending: Vec<usize> = Vec::new();
        let mut ep: Option<usize> = None;
        loop {
            let Some(next) = items.next() else {
                if depth > 0 {
                    return Err(self.err(
                        ErrorKind::Invalid {
                            what: "a variation (231) has no end (232)",
                        },
                        self.body.len(),
                        None,
                    ));
                }
                if let Some(&at) = pending.first() {
                    return Err(self.err(
                        ErrorKind::Invalid {
                            what: "a variation is not followed by the move it replaces",
                        },
                        at,
                        None,
                    ));
                }
                return Ok(ControlFlow::Continue(()));
            };
            let (at, item) = next.map_err(|(at, k)| self.err(k, at, Some(st.ply())))?;
            match item {
                Item::VariationEnd => {
                    if depth == 0 {
                        return Err(self.err(
                            ErrorKind::Invalid {
                                what: "a variation end (232) without a start",
                            },
                            at,
                            None,
                        ));
                    }
                    if let Some(&p) = pending.first() {
                        return Err(self.err(
                            ErrorKind::Invalid {
                                what: "a variation is not followed by the move it replaces",
                            },
                            p,
                            None,
                        ));
                    }
                    return Ok(ControlFlow::Continue(()));
                }
                Item::VariationStart => {
                    if depth + 1 > MAX_VARIATION_DEPTH {
                        return Err(self.err(
                            ErrorKind::TooDeep {
                                limit: MAX_VARIATION_DEPTH,
                            },
                            at,
                            Some(st.ply()),
                        ));
                    }
                    pending.push(items.offset());
                    skip_variation(items).map_err(|(at, k)| self.err(k, at, Some(st.ply())))?;
                }
                Item::Setup(_) => {
                    return Err(self.err(
                        ErrorKind::Invalid {
                            what: "a setup position (230) after the start",
                        },
                        at,
                        None,
                    ));
                }
                Item::EnPassant => {
                    if ep.is_some() {
                        return Err(self.err(
                            ErrorKind::Invalid {
                                what: "two en passant markers (210) in a row",
                            },
                            at,
                            Some(st.ply()),
                        ));
                    }
                    ep = Some(at);
                }
                ref it if is_move(it) => {
                    self.plies += 1;
                    if self.plies > MAX_PLIES {
                        let k = ErrorKind::TooLarge {
                            what: "plies in one game",
                            size: u64::from(self.plies),
                            limit: u64::from(MAX_PLIES),
                        };
                        return Err(self.err(k, at, Some(st.ply())));
                    }
                    let want_san = self.visitor.wants_san();
                    let (ply, san) = st
                        .resolve(it, ep.is_some(), self.convention, want_san)
                        .map_err(|k| {
                            let at = ep.unwrap_or(at);
                            self.err(k, at, Some(st.ply()))
                        })?;
                    ep = None;
                    let before = (!pending.is_empty()).then(|| st.clone());
                    let flow = match san {
                        Some(san) => self.visitor.ply_san(&st.pos, &ply, san),
                        None => self.visitor.ply(&st.pos, &ply),
                    };
                    if flow.is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                    st.play(it, &ply);
                    self.visitor.after_ply(&st.pos);
                    // Only codes 233-236 can be annotations after a move:
                    // look at the byte before parsing the item twice.
                    while matches!(
                        items.next_code(),
                        Some(code::OPAQUE_233..=code::LONG_COMMENT)
                    ) && let Some(Ok((_, next))) = items.peek()
                    {
                        if !is_after_annotation(&next) {
                            break;
                        }
                        items.next();
                        self.annotation(&next);
                    }
                    if let Some(before) = before {
                        for start in core::mem::take(&mut pending) {
                            if self.visitor.begin_variation().0 {
                                continue;
                            }
                            let mut sub = Items::at(self.body, start);
                            let flow = self.line(&mut sub, before.clone(), depth + 1)?;
                            self.visitor.end_variation();
                            if flow.is_break() {
                                return Ok(flow);
                            }
                        }
                    }
                }
                ref it => {
                    if let Some(at) = ep {
                        return Err(self.err(
                            ErrorKind::Invalid {
                                what: "an en passant marker (210) not followed by a pawn move",
                            },
                            at,
                            Some(st.ply()),
                        ));
                    }
                    self.annotation(it);
                }
            }
        }
    }

    /// Sends a comment-like item to the visitor (§8.14).
    fn annotation(&mut self, item: &Item<'_>) {
        let v = &mut *self.visitor;
        let text_item = match *item {
            Item::Comment {
                kind: 2 | 3, text, ..
            } => text.len() != 1,
            Item::Comment { kind: 4..=6, .. } => true,
            _ => false,
        };
        if text_item && !v.wants_text() {
            return;
        }
        match *item {
            Item::Opaque233(b) => v.raw(&RawItem::Ca233(b)),
            Item::EmptyComment { .. } => {}
            Item::Comment {
                kind: kind @ (2 | 3),
                text: &[nag],
                ..
            } => v.nag(
                nag,
                if kind == 2 {
                    Placement::After
                } else {
                    Placement::Before
                },
            ),
            Item::Comment {
                kind: kind @ 2..=5,
                text,
                ..
            } => {
                let at = if kind % 2 == 0 {
                    Placement::After
                } else {
                    Placement::Before
                };
                v.comment(&self.encoding.decode(text), at);
            }
            Item::Comment { kind: 6, text, .. } => v.eval(&Eval::Author {
                text: String::from(self.encoding.decode(text)),
            }),
            Item::Comment { kind: 8, .. } => v.diagram(Placement::After),
            Item::Comment { kind: 9, .. } => v.diagram(Placement::Before),
            Item::Comment { kind: 29, text, .. } if text.len() >= 2 => {
                let centipawns = i16::from_le_bytes([text[0], text[1]]);
                let cap = text.get(4..7) == Some(b"CAP");
                v.eval(&Eval::Engine { centipawns, cap });
            }
            Item::Comment { kind, text, .. } => v.raw(&RawItem::CaComment {
                kind,
                bytes: text.to_vec(),
            }),
            _ => {}
        }
    }
}
