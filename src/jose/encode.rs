//! GameText from a game: the [`Encoder`] visitor, and [`encode`] for a tree.

use alloc::vec::Vec;
use core::ops::ControlFlow;
use shakmaty::{Chess, Move, Position};

use super::{
    game_error,
    ids::{Ids, NONE, offset, promotion_index},
    op,
};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{
        Codec, Eval, Game, GameResult, GameVisitor, Headers, Placement, Ply, RawItem,
        pgn::{DIAGRAM_COMMENT, eval_command},
    },
    limits::MAX_VARIATION_DEPTH,
};

/// The one or two bytes of a ply.
pub(super) fn encode_ply(pos: &Chess, ids: &Ids, ply: &Ply) -> Result<([u8; 2], usize), ErrorKind> {
    let m = match ply {
        Ply::Null => return Ok(([op::NULL_MOVE, 0], 1)),
        Ply::Move(m) => m,
    };
    if let Move::Castle { king, rook } = *m {
        let code = if rook.file() > king.file() {
            op::CASTLE_SHORT
        } else {
            op::CASTLE_LONG
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
        Some(role) if id <= op::PAWN_LAST => {
            let piece = promotion_index(role).ok_or(unencodable)?;
            Ok((
                [
                    op::PROMOTION + (id >> 2),
                    op::SECOND_BYTE | off << 2 | piece,
                ],
                2,
            ))
        }
        Some(_) => Err(unencodable),
        None if id >= op::PROMOTED => Ok(([id, op::SECOND_BYTE | off], 2)),
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
    pub(super) write_result: bool,
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
        self.text(op::COMMENT, text);
    }

    fn nag(&mut self, nag: u8, _at: Placement) {
        match nag {
            1..=31 => self.bin.push(op::NAG + nag),
            // Jose itself writes a bare 0xb0 for NAG 0, which its reader misreads.
            _ => self.bin.extend_from_slice(&[op::NAG, nag]),
        }
    }

    fn eval(&mut self, eval: &Eval) {
        // Jose has no evaluations: they become the PGN comment commands.
        match eval {
            Eval::Engine { centipawns, cap } => {
                self.text(op::COMMENT, &eval_command(*centipawns, *cap));
            }
            Eval::Author { text } => self.text(op::COMMENT, text),
        }
    }

    fn diagram(&mut self, _at: Placement) {
        self.text(op::COMMENT, DIAGRAM_COMMENT);
    }

    fn raw(&mut self, item: &RawItem) {
        // Other formats' opaque items have no Jose code and are left out.
        if item.source == Codec::Jose {
            if (op::ERROR_FIRST..=op::ERROR_LAST).contains(&item.code) {
                self.text_bytes(item.code, &item.bytes);
            } else {
                self.fail(ErrorKind::UnknownCode { code: item.code });
            }
        }
    }

    fn game_comment(&mut self, text: &str) {
        self.text(op::COMMENT, text);
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
        self.bin.push(op::VARIATION_START);
        crate::game::Skip(false)
    }

    fn end_variation(&mut self) {
        if let Some((ids, before)) = self.stack.pop() {
            self.ids = ids;
            self.before = before;
            self.bin.push(op::VARIATION_END);
        }
    }

    fn end_game(&mut self) -> Self::Output {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.write_result {
            self.bin.push(op::result_code(self.result));
        }
        self.bin.push(op::END);
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
