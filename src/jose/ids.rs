//! Piece identities and the offset geometry of GameText move codes: which
//! piece a code names, and where its offset takes it (spec §3–§4).

use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use super::op;

/// No identity: a piece the encoding has no code for (a third knight, ...).
pub(super) const NONE: u8 = 0xff;
/// A queen's offsets along a line follow its 16 diagonal ones.
const QUEEN_LINE: u8 = 16;

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
pub(super) struct Ids(pub [u8; 64]);

impl Ids {
    /// Identities of a start position: per colour and type, in a8..h1 scan order.
    pub fn assign(pos: &Chess) -> Ids {
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
                    Role::Pawn => (0, 8, op::PAWN, 4),
                    Role::Knight => (1, 2, op::KNIGHT, 8),
                    Role::Bishop => (2, 2, op::BISHOP, 16),
                    Role::Rook => (3, 2, op::ROOK, 16),
                    Role::Queen => (4, 1, op::QUEEN, 0),
                    Role::King => (5, 1, op::KING, 0),
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

    pub fn get(&self, sq: Square) -> u8 {
        self.0[sq.to_usize()]
    }

    /// The square of `color`'s piece with identity `id`.
    pub fn find(&self, pos: &Chess, color: Color, id: u8) -> Option<Square> {
        (0..64u32)
            .map(Square::new)
            .find(|&sq| self.get(sq) == id && pos.board().color_at(sq) == Some(color))
    }

    /// Moves identities along with a move.
    pub fn apply(&mut self, m: &Move) {
        match *m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let id = core::mem::replace(&mut self.0[from.to_usize()], NONE);
                self.0[to.to_usize()] = if promotion.is_some() && id <= op::PAWN_LAST {
                    op::PROMOTED + (id >> 2)
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
pub(super) fn target(role: Role, color: Color, from: Square, off: u8) -> Option<Square> {
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
        Role::Queen if off < QUEEN_LINE => diagonal_target(from, off),
        Role::Queen if off < 2 * QUEEN_LINE => line_target(from, off - QUEEN_LINE),
        _ => None,
    }
}

/// The offset taking `role` of `color` from `from` to `to` (inverse of [`target`]).
pub(super) fn offset(role: Role, color: Color, from: Square, to: Square) -> Option<u8> {
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
        Role::Queen => diagonal().or_else(|| line().map(|o| QUEEN_LINE + o)),
    };
    found.filter(|&o| target(role, color, from, o) == Some(to))
}

/// Promotion piece index in the second byte: N=0, B=1, R=2, Q=3.
pub(super) fn promotion_index(role: Role) -> Option<u8> {
    match role {
        Role::Knight => Some(0),
        Role::Bishop => Some(1),
        Role::Rook => Some(2),
        Role::Queen => Some(3),
        _ => None,
    }
}
