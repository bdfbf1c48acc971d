//! Jose GameText byte code, both ways (spec: `gametext-bytecode.md`, §0 decisions).
//!
//! A move is named by *which piece* moves plus a small offset, so most moves
//! take one byte. Pieces get their identity (a-pawn … h-pawn, queen's and
//! king's knight, …) once, in the start position, scanning the board from
//! a8 to h1; the identity then follows the piece, and a promoted piece is
//! named after its pawn (`0xa8 + pawn`). Comment and error texts do not sit
//! in the move bytes: they live in a second byte array (Jose's `Comments`
//! column), NUL-terminated, in the order of their `0xe0`–`0xe5` codes.
//!
//! Every decoded move is checked against shakmaty's legal moves; a move that
//! does not exist is an [`Error`] with its byte offset and ply.
//!
//! ```
//! let (bin, comments) = cadb::jose::import_pgn("1. e4 {best} e5 2. Nf3 $1 *", None).unwrap();
//! assert_eq!(bin, [0x13, 0xe0, 0x13, 0x2e, 0xb1, 0xd3, 0xff]);
//! assert_eq!(comments, b"best\0");
//! let game = cadb::jose::decode(&bin, &comments, None).unwrap();
//! assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5", "Nf3"]);
//! assert_eq!(cadb::jose::encode(&game).unwrap(), (bin, comments));
//! ```

mod movetext;

pub use movetext::{import_pgn, read_movetext};

use alloc::{string::String, vec::Vec};
use core::ops::ControlFlow;
use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{
    Codec, Eval, Game, GameError, GameResult, GameVisitor, Headers, Placement, Ply, RawItem,
    TreeBuilder,
};
use crate::limits::MAX_VARIATION_DEPTH;

/// No identity: a piece the encoding has no code for (a third knight, ...).
const NONE: u8 = 0xff;

/// Knight offsets as (Δrank, Δfile), Jose's table (not the spec diagram's).
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
    (2, 1),
];
/// King offsets as (Δrank, Δfile), Jose's table.
const KING: [(i32, i32); 8] = [
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
];

/// The identity of the piece on each square, as the base of its move codes:
/// pawn `4·p`, knights `0x20`/`0x28`, bishops `0x30`/`0x40`, rooks
/// `0x50`/`0x60`, queen `0x70`, king `0x90`, promoted piece `0xa8 + p`.
#[derive(Clone, Debug)]
struct Ids([u8; 64]);

impl Ids {
    /// Identities of a start position: per colour and type, in a8..h1 scan order.
    fn assign(pos: &Chess) -> Ids {
        let board = pos.board();
        let mut ids = [NONE; 64];
        let mut counts = [[0u8; 6]; 2];
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(File::new(file), Rank::new(rank));
                let Some(piece) = board.piece_at(sq) else {
                    continue;
                };
                let (slot, limit, base, step) = match piece.role {
                    Role::Pawn => (0, 8, 0x00, 4),
                    Role::Knight => (1, 2, 0x20, 8),
                    Role::Bishop => (2, 2, 0x30, 16),
                    Role::Rook => (3, 2, 0x50, 16),
                    Role::Queen => (4, 1, 0x70, 0),
                    Role::King => (5, 1, 0x90, 0),
                };
                let n = &mut counts[usize::from(piece.color.is_black())][slot];
                if *n < limit {
                    ids[sq.to_usize()] = base + step * *n;
                }
                *n = n.saturating_add(1);
            }
        }
        Ids(ids)
    }

    fn get(&self, sq: Square) -> u8 {
        self.0[sq.to_usize()]
    }

    /// The square of `color`'s piece with identity `id`.
    fn find(&self, pos: &Chess, color: Color, id: u8) -> Option<Square> {
        (0..64u32)
            .map(Square::new)
            .find(|&sq| self.get(sq) == id && pos.board().color_at(sq) == Some(color))
    }

    /// Moves identities along with a move.
    fn apply(&mut self, m: &Move) {
        match *m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let id = core::mem::replace(&mut self.0[from.to_usize()], NONE);
                self.0[to.to_usize()] = if promotion.is_some() && id < 0x20 {
                    0xa8 + (id >> 2)
                } else {
                    id
                };
            }
            Move::EnPassant { from, to } => {
                let id = core::mem::replace(&mut self.0[from.to_usize()], NONE);
                self.0[to.to_usize()] = id;
                self.0[Square::from_coords(to.file(), from.rank()).to_usize()] = NONE;
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(rook.file() > king.file());
                let k = core::mem::replace(&mut self.0[king.to_usize()], NONE);
                let r = core::mem::replace(&mut self.0[rook.to_usize()], NONE);
                self.0[Square::from_coords(side.king_to_file(), king.rank()).to_usize()] = k;
                self.0[Square::from_coords(side.rook_to_file(), king.rank()).to_usize()] = r;
            }
            Move::Put { .. } => {}
        }
    }
}

fn step(from: Square, drank: i32, dfile: i32) -> Option<Square> {
    let file = from.file().offset(dfile)?;
    let rank = from.rank().offset(drank)?;
    Some(Square::from_coords(file, rank))
}

/// Bishop-style offset `8·D + destination rank` (D = 1 for the "\" diagonal).
fn diagonal_target(from: Square, off: u8) -> Option<Square> {
    let drank = i32::from(off & 7) - from.rank().to_u32() as i32;
    let dfile = if off & 8 == 0 { drank } else { -drank };
    if drank == 0 {
        return None;
    }
    step(from, drank, dfile)
}

/// Rook-style offset: destination rank (0..7) or `8 + destination file`.
fn line_target(from: Square, off: u8) -> Option<Square> {
    let (file, rank) = (from.file().to_u32(), from.rank().to_u32());
    let v = u32::from(off & 7);
    match off {
        0..=7 if v != rank => Some(Square::from_coords(from.file(), Rank::new(v))),
        8..=15 if v != file => Some(Square::from_coords(File::new(v), from.rank())),
        _ => None,
    }
}

/// Where offset `off` takes a `role` of `color` standing on `from`.
fn target(role: Role, color: Color, from: Square, off: u8) -> Option<Square> {
    let fwd = if color.is_white() { 1 } else { -1 };
    match role {
        Role::Pawn => match off {
            0 => step(from, fwd, 0),
            1 => step(from, fwd, fwd),
            2 => step(from, fwd, -fwd),
            3 => step(from, 2 * fwd, 0),
            _ => None,
        },
        Role::Knight => KNIGHT
            .get(usize::from(off))
            .and_then(|&(r, f)| step(from, r, f)),
        Role::King => KING
            .get(usize::from(off))
            .and_then(|&(r, f)| step(from, r, f)),
        Role::Bishop if off < 16 => diagonal_target(from, off),
        Role::Rook if off < 16 => line_target(from, off),
        Role::Queen if off < 16 => diagonal_target(from, off),
        Role::Queen if off < 32 => line_target(from, off - 16),
        _ => None,
    }
}

/// The offset taking `role` of `color` from `from` to `to` (inverse of [`target`]).
fn offset(role: Role, color: Color, from: Square, to: Square) -> Option<u8> {
    let drank = to.rank().to_u32() as i32 - from.rank().to_u32() as i32;
    let dfile = to.file().to_u32() as i32 - from.file().to_u32() as i32;
    let rank = to.rank().to_u32() as u8;
    let file = to.file().to_u32() as u8;
    let diagonal = || match () {
        _ if drank == dfile && drank != 0 => Some(rank),
        _ if drank == -dfile && drank != 0 => Some(8 + rank),
        _ => None,
    };
    let line = || match () {
        _ if dfile == 0 && drank != 0 => Some(rank),
        _ if drank == 0 && dfile != 0 => Some(8 + file),
        _ => None,
    };
    let found = match role {
        Role::Pawn => (0..4).find(|&o| target(role, color, from, o) == Some(to)),
        Role::Knight => KNIGHT
            .iter()
            .position(|&d| d == (drank, dfile))
            .map(|o| o as u8),
        Role::King => KING
            .iter()
            .position(|&d| d == (drank, dfile))
            .map(|o| o as u8),
        Role::Bishop => diagonal(),
        Role::Rook => line(),
        Role::Queen => diagonal().or_else(|| line().map(|o| 0x10 + o)),
    };
    found.filter(|&o| target(role, color, from, o) == Some(to))
}

/// Promotion piece index in the second byte: N=0, B=1, R=2, Q=3.
fn promotion_index(role: Role) -> Option<u8> {
    match role {
        Role::Knight => Some(0),
        Role::Bishop => Some(1),
        Role::Rook => Some(2),
        Role::Queen => Some(3),
        _ => None,
    }
}

/// The one or two bytes of a ply.
fn encode_ply(pos: &Chess, ids: &Ids, ply: &Ply) -> Result<([u8; 2], usize), ErrorKind> {
    let m = match ply {
        Ply::Null => return Ok(([0x9a, 0], 1)),
        Ply::Move(m) => m,
    };
    if let Move::Castle { king, rook } = *m {
        let code = if rook.file() > king.file() {
            0x98
        } else {
            0x99
        };
        return Ok(([code, 0], 1));
    }
    let unencodable = ErrorKind::Invalid {
        what: "the move has no Jose code",
    };
    let from = m.from().ok_or(unencodable.clone())?;
    let id = ids.get(from);
    if id == NONE {
        return Err(ErrorKind::Invalid {
            what: "the moving piece has no Jose identity (a third knight, bishop or rook, or a second queen, in the start position)",
        });
    }
    let off = offset(m.role(), pos.turn(), from, m.to()).ok_or(unencodable.clone())?;
    match m.promotion() {
        Some(role) if id < 0x20 => {
            let piece = promotion_index(role).ok_or(unencodable)?;
            Ok(([0xa0 + (id >> 2), 0x20 | off << 2 | piece], 2))
        }
        Some(_) => Err(unencodable),
        None if id >= 0xa8 => Ok(([id, 0x20 | off], 2)),
        None => Ok(([id + off, 0], 1)),
    }
}

/// Writes GameText and comment bytes from visitor events, in the order they come.
///
/// [`encode`] drives it from a [`Game`]; any decoder can drive it too. The
/// result code comes from the `headers` event (`*` if there is none).
///
/// ```
/// use cadb::jose::{decode_with, Encoder};
/// let bin = [0x13, 0x13, 0xf0, 0x0b, 0xf1, 0xd3, 0xff];
/// let (again, comments) = decode_with(&bin, &[], None, &mut Encoder::new()).unwrap().unwrap();
/// assert_eq!(again, bin);
/// assert!(comments.is_empty());
/// ```
#[derive(Debug)]
pub struct Encoder {
    bin: Vec<u8>,
    comments: Vec<u8>,
    /// Identities after the last ply of the current line, and before it.
    ids: Option<Ids>,
    before: Option<Ids>,
    stack: Vec<(Option<Ids>, Option<Ids>)>,
    result: GameResult,
    /// Jose writes a result code only when the movetext had a result token.
    write_result: bool,
    plies: u32,
    error: Option<Error>,
}

impl Default for Encoder {
    fn default() -> Encoder {
        Encoder::new()
    }
}

impl Encoder {
    /// An encoder for one game.
    ///
    /// ```
    /// let enc = cadb::jose::Encoder::new();
    /// # let _ = enc;
    /// ```
    pub fn new() -> Encoder {
        Encoder {
            bin: Vec::new(),
            comments: Vec::new(),
            ids: None,
            before: None,
            stack: Vec::new(),
            result: GameResult::Unknown,
            write_result: true,
            plies: 0,
            error: None,
        }
    }

    fn fail(&mut self, kind: ErrorKind) {
        if self.error.is_none() {
            let offset = self.bin.len() as u64;
            self.error = Some(
                Error::new(kind, FileKind::Jose)
                    .at(offset)
                    .at_ply(self.plies),
            );
        }
    }

    fn text(&mut self, code: u8, text: &str) {
        self.text_bytes(code, text.as_bytes());
    }

    fn text_bytes(&mut self, code: u8, text: &[u8]) {
        if text.contains(&0) {
            self.fail(ErrorKind::Invalid {
                what: "a comment contains a NUL character",
            });
            return;
        }
        self.bin.push(code);
        self.comments.extend_from_slice(text);
        self.comments.push(0);
    }
}

impl GameVisitor for Encoder {
    type Output = Result<(Vec<u8>, Vec<u8>), Error>;

    fn headers(&mut self, headers: &Headers) {
        self.result = headers.result;
    }

    fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        // The first ply's position is the start position: identities come from it.
        let ids = self.ids.get_or_insert_with(|| Ids::assign(before));
        match encode_ply(before, ids, ply) {
            Ok((bytes, n)) => {
                let prev = ids.clone();
                if let Ply::Move(m) = ply {
                    ids.apply(m);
                }
                self.before = Some(prev);
                self.bin.extend_from_slice(&bytes[..n]);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(kind) => {
                self.fail(kind);
                ControlFlow::Break(())
            }
        }
    }

    fn comment(&mut self, text: &str, _at: Placement) {
        self.text(0xe0, text);
    }

    fn nag(&mut self, nag: u8, _at: Placement) {
        match nag {
            1..=31 => self.bin.push(0xb0 + nag),
            // Jose itself writes a bare 0xb0 for NAG 0, which its reader misreads.
            _ => self.bin.extend_from_slice(&[0xb0, nag]),
        }
    }

    fn eval(&mut self, eval: &Eval) {
        // Jose has no evaluations: they become the PGN comment commands.
        match eval {
            Eval::Engine { centipawns, cap } => {
                let sign = if *centipawns < 0 { "-" } else { "" };
                let abs = i32::from(*centipawns).unsigned_abs();
                let cap = if *cap { " CAP" } else { "" };
                let t = alloc::format!("[%eval {sign}{}.{:02}{cap}]", abs / 100, abs % 100);
                self.text(0xe0, &t);
            }
            Eval::Author { text } => self.text(0xe0, text),
        }
    }

    fn diagram(&mut self, _at: Placement) {
        self.text(0xe0, "[#]");
    }

    fn raw(&mut self, item: &RawItem) {
        // Other formats' opaque items have no Jose code and are left out.
        if item.source == Codec::Jose {
            if (0xe1..=0xe5).contains(&item.code) {
                self.text_bytes(item.code, &item.bytes);
            } else {
                self.fail(ErrorKind::UnknownCode { code: item.code });
            }
        }
    }

    fn game_comment(&mut self, text: &str) {
        self.text(0xe0, text);
    }

    fn begin_variation(&mut self) -> crate::game::Skip {
        if self.stack.len() >= MAX_VARIATION_DEPTH as usize {
            self.fail(ErrorKind::TooDeep {
                limit: MAX_VARIATION_DEPTH,
            });
            return crate::game::Skip(true);
        }
        let before = self.before.clone();
        self.stack.push((
            core::mem::replace(&mut self.ids, before),
            self.before.take(),
        ));
        self.bin.push(0xf0);
        crate::game::Skip(false)
    }

    fn end_variation(&mut self) {
        if let Some((ids, before)) = self.stack.pop() {
            self.ids = ids;
            self.before = before;
            self.bin.push(0xf1);
        }
    }

    fn end_game(&mut self) -> Self::Output {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.write_result {
            self.bin.push(match self.result {
                GameResult::BlackWins => 0xd0,
                GameResult::Draw => 0xd1,
                GameResult::WhiteWins => 0xd2,
                GameResult::Unknown => 0xd3,
            });
        }
        self.bin.push(0xff);
        Ok((
            core::mem::take(&mut self.bin),
            core::mem::take(&mut self.comments),
        ))
    }
}

/// Encodes a game as (GameText bytes ending in `0xff`, comment bytes).
///
/// Layout follows Jose's writer: the comments and glyphs before a move, the
/// move, its NAGs, its comments, then its variations, and the result code
/// last. Evaluations and diagrams become `[%eval …]` / `[#]` comments;
/// Chess Assistant raw items have no Jose code and are left out.
///
/// ```
/// let game = &cadb::game::import::read_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O 1-0").unwrap()[0];
/// let (bin, comments) = cadb::jose::encode(game).unwrap();
/// assert_eq!(bin, [0x13, 0x13, 0x2e, 0x22, 0x4c, 0x00, 0x98, 0xd2, 0xff]);
/// assert!(comments.is_empty());
/// ```
pub fn encode(game: &Game) -> Result<(Vec<u8>, Vec<u8>), Error> {
    let mut enc = Encoder::new();
    match game.visit(&mut enc) {
        Ok(out) => out,
        Err(e) => Err(game_error(e).at(enc.bin.len() as u64).at_ply(enc.plies)),
    }
}

fn game_error(e: GameError) -> Error {
    let kind = match e {
        GameError::BadStartFen => ErrorKind::BadSetup {
            reason: "the start FEN is not a legal position",
        },
        GameError::IllegalMove | GameError::IllegalNullMove => ErrorKind::IllegalMove { code: 0 },
    };
    Error::new(kind, FileKind::Jose)
}

/// Decodes GameText (`bin`, ending in `0xff`) and its comment bytes into a game tree.
///
/// `start_fen` is the set-up position (`None` = standard); it is not part of
/// GameText. The result code sets `game.headers.result`.
///
/// ```
/// let bin = [0x13, 0xe0, 0x13, 0xf0, 0x0b, 0xf1, 0xb1, 0xd2, 0xff];
/// let game = cadb::jose::decode(&bin, b"best\0", None).unwrap();
/// assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5"]);
/// assert_eq!(game.moves[0].comments_after, ["best"]);
/// assert_eq!(game.moves[1].variations.len(), 1);
/// assert_eq!(game.headers.result, cadb::game::GameResult::WhiteWins);
/// ```
pub fn decode(bin: &[u8], comments: &[u8], start_fen: Option<&str>) -> Result<Game, Error> {
    decode_with(bin, comments, start_fen, &mut TreeBuilder::new())
}

/// The result code of a GameText stream, if it has one (the last one wins).
fn scan_result(bin: &[u8]) -> Option<GameResult> {
    let mut result = None;
    let mut i = 0;
    while let Some(&c) = bin.get(i) {
        match c {
            0xa0..=0xb0 => i += 1,
            0xd0 => result = Some(GameResult::BlackWins),
            0xd1 => result = Some(GameResult::Draw),
            0xd2 => result = Some(GameResult::WhiteWins),
            0xd3 => result = Some(GameResult::Unknown),
            0xff => break,
            _ => {}
        }
        i += 1;
    }
    result
}

/// One line being decoded: its position and identities, and those before its last ply.
#[derive(Clone)]
struct Line {
    pos: Chess,
    ids: Ids,
    before: Option<(Chess, Ids)>,
}

/// Decodes GameText into any [`GameVisitor`] (a [`TreeBuilder`], the PGN writer, …).
///
/// Comments and NAGs right after a variation's end are reported as
/// [`Placement::Before`] the next move; all others as [`Placement::After`].
/// Variations still open at `0xff` (Jose writes them for unclosed PGN
/// parentheses) are closed.
///
/// ```
/// let mut out = String::new();
/// let bin = [0x13, 0x13, 0x2e, 0xd3, 0xff];
/// cadb::jose::decode_with(&bin, &[], None, &mut cadb::game::pgn::PgnWriter::new(&mut out)).unwrap();
/// assert!(out.ends_with("1. e4 e5 2. Nf3 *\n\n"));
/// ```
pub fn decode_with<V: GameVisitor>(
    bin: &[u8],
    comments: &[u8],
    start_fen: Option<&str>,
    v: &mut V,
) -> Result<V::Output, Error> {
    let err = |kind: ErrorKind, at: usize| Error::new(kind, FileKind::Jose).at(at as u64);
    let start = crate::game::start_position(start_fen).map_err(|e| game_error(e).at(0))?;
    let headers = Headers {
        result: scan_result(bin).unwrap_or_default(),
        ..Headers::default()
    };
    v.headers(&headers);
    if let Some(fen) = start_fen {
        v.setup(fen, &start);
    }
    let mut line = Line {
        ids: Ids::assign(&start),
        pos: start,
        before: None,
    };
    let mut stack: Vec<Line> = Vec::new();
    // Depth from which the visitor asked to skip (events muted, decoding goes on).
    let mut muted: Option<usize> = None;
    let mut texts = comments;
    let mut plies: u32 = 0;
    let mut after_variation = false;
    let mut i = 0;
    loop {
        let Some(&c) = bin.get(i) else {
            return Err(err(
                ErrorKind::Truncated {
                    needed: 1,
                    available: 0,
                },
                i,
            ));
        };
        let at = i;
        let second = |i: usize| {
            bin.get(i + 1).copied().ok_or_else(|| {
                err(
                    ErrorKind::Truncated {
                        needed: 2,
                        available: 1,
                    },
                    i,
                )
            })
        };
        let quiet = muted.is_some();
        let placement = if after_variation {
            Placement::Before
        } else {
            Placement::After
        };
        i += 1;
        match c {
            0x00..=0x9a | 0xa0..=0xaf => {
                let byte2 = if c >= 0xa0 { Some(second(at)?) } else { None };
                i += usize::from(byte2.is_some());
                let (ply, relabel) = decode_ply(&line.pos, &line.ids, c, byte2)
                    .map_err(|k| err(k, at).at_ply(plies))?;
                let before = (line.pos.clone(), line.ids.clone());
                if !quiet && v.ply(&line.pos, &ply).is_break() {
                    return Ok(v.end_game());
                }
                crate::game::play_ply(&mut line.pos, &ply)
                    .map_err(|_| err(ErrorKind::IllegalMove { code: c }, at).at_ply(plies))?;
                if let Ply::Move(m) = &ply {
                    line.ids.apply(m);
                    if let Some(id) = relabel {
                        line.ids.0[m.to().to_usize()] = id;
                    }
                }
                line.before = Some(before);
                plies += 1;
                after_variation = false;
            }
            0x9b..=0x9f | 0xd4..=0xdf | 0xe6..=0xef | 0xf2..=0xfe => {
                return Err(err(ErrorKind::UnknownCode { code: c }, at));
            }
            0xb0..=0xcf => {
                let nag = if c == 0xb0 {
                    i += 1;
                    second(at)?
                } else {
                    c - 0xb0
                };
                if !quiet {
                    v.nag(nag, placement);
                }
            }
            0xd0..=0xd3 => {}
            0xe0..=0xe5 => {
                if texts.is_empty() {
                    return Err(err(
                        ErrorKind::Invalid {
                            what: "no text left in the comments array for a comment code",
                        },
                        at,
                    ));
                }
                let end = texts.iter().position(|&b| b == 0).unwrap_or(texts.len());
                let text = &texts[..end];
                texts = texts.get(end + 1..).unwrap_or(&[]);
                if !quiet {
                    if c == 0xe0 {
                        v.comment(&String::from_utf8_lossy(text), placement);
                    } else {
                        v.raw(&RawItem {
                            source: Codec::Jose,
                            code: c,
                            bytes: text.to_vec(),
                        });
                    }
                }
            }
            0xf0 => {
                let Some((pos, ids)) = line.before.clone() else {
                    return Err(err(
                        ErrorKind::Invalid {
                            what: "a variation starts where there is no move to replace",
                        },
                        at,
                    ));
                };
                if stack.len() >= MAX_VARIATION_DEPTH as usize {
                    return Err(err(
                        ErrorKind::TooDeep {
                            limit: MAX_VARIATION_DEPTH,
                        },
                        at,
                    ));
                }
                let inner = Line {
                    pos,
                    ids,
                    before: None,
                };
                stack.push(core::mem::replace(&mut line, inner));
                if !quiet && v.begin_variation().0 {
                    muted = Some(stack.len());
                }
                after_variation = false;
            }
            0xf1 => {
                let Some(outer) = stack.pop() else {
                    return Err(err(
                        ErrorKind::Invalid {
                            what: "a variation ends that was not started",
                        },
                        at,
                    ));
                };
                line = outer;
                if muted == Some(stack.len() + 1) {
                    muted = None;
                } else if !quiet {
                    v.end_variation();
                }
                after_variation = true;
            }
            0xff => break,
        }
    }
    for depth in (1..=stack.len()).rev() {
        if muted == Some(depth) {
            muted = None;
        } else if muted.is_none() {
            v.end_variation();
        }
    }
    Ok(v.end_game())
}

/// The ply a move code names in `pos` (and the moved piece's new identity, if it changes).
fn decode_ply(
    pos: &Chess,
    ids: &Ids,
    c: u8,
    byte2: Option<u8>,
) -> Result<(Ply, Option<u8>), ErrorKind> {
    let turn = pos.turn();
    let illegal = ErrorKind::IllegalMove { code: c };
    let (id, off, promotion) = match c {
        0x9a => return Ok((Ply::Null, None)),
        0x98 | 0x99 => {
            let side = CastlingSide::from_king_side(c == 0x98);
            return pos
                .legal_moves()
                .into_iter()
                .find(|m| m.castling_side() == Some(side))
                .map(|m| (Ply::Move(m), None))
                .ok_or(illegal);
        }
        0x00..=0x1f => (c & !3, c & 3, None),
        0x20..=0x2f => (c & !7, c & 7, None),
        0x30..=0x6f => (c & 0xf0, c & 0x0f, None),
        0x70..=0x8f => (0x70, c - 0x70, None),
        0x90..=0x97 => (0x90, c & 7, None),
        0xa0..=0xa7 => {
            let b = byte2.unwrap_or(0);
            let role = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][usize::from(b & 3)];
            ((c - 0xa0) << 2, (b >> 2) & 3, Some(role))
        }
        0xa8..=0xaf => (c, byte2.unwrap_or(0) & 0x1f, None),
        _ => return Err(ErrorKind::UnknownCode { code: c }),
    };
    let find = |from: Square| {
        let role = pos.board().role_at(from)?;
        let to = target(role, turn, from, off)?;
        pos.legal_moves().into_iter().find(|m| {
            !matches!(m, Move::Castle { .. })
                && m.from() == Some(from)
                && m.to() == to
                && m.promotion() == promotion
        })
    };
    if let Some(from) = ids.find(pos, turn, id) {
        return find(from).map(|m| (Ply::Move(m), None)).ok_or(illegal);
    }
    // Jose sometimes demotes a promoted piece to the ordinary code of its type
    // (seen after a variation that took back a second promotion reusing its
    // slot): accept an ordinary code for a promoted piece of that type, which
    // from then on carries the ordinary identity.
    let no_piece = ErrorKind::NoSuchPiece { code: c, piece: id };
    let role = match id {
        0x20..=0x2f => Role::Knight,
        0x30..=0x4f => Role::Bishop,
        0x50..=0x6f => Role::Rook,
        0x70..=0x8f => Role::Queen,
        _ => return Err(no_piece),
    };
    (0..64u32)
        .map(Square::new)
        .filter(|&sq| {
            (0xa8..=0xaf).contains(&ids.get(sq)) && pos.board().piece_at(sq) == Some(role.of(turn))
        })
        .find_map(find)
        .map(|m| (Ply::Move(m), Some(id)))
        .ok_or(no_piece)
}
