//! GameText to visitor events: [`decode_with`], and [`decode`] for a tree.

use alloc::{string::String, vec::Vec};
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use super::{
    ids::{Ids, target},
    op,
};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Codec, Game, GameResult, GameVisitor, Headers, Placement, Ply, RawItem, TreeBuilder},
    limits::MAX_VARIATION_DEPTH,
};

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
        if c == op::END {
            break;
        }
        if let Some(r) = op::code_result(c) {
            result = Some(r);
        }
        i += 1 + usize::from(op::has_second_byte(c));
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
    let start = crate::game::fen_argument(start_fen)?;
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
            op::PAWN..=op::NULL_MOVE | op::PROMOTION..=op::PROMOTED_LAST => {
                let byte2 = if c >= op::PROMOTION {
                    Some(second(at)?)
                } else {
                    None
                };
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
            op::NAG..=op::NAG_LAST => {
                let nag = if c == op::NAG {
                    i += 1;
                    second(at)?
                } else {
                    c - op::NAG
                };
                if !quiet {
                    v.nag(nag, placement);
                }
            }
            op::RESULT_BLACK..=op::RESULT_UNKNOWN => {}
            op::COMMENT..=op::ERROR_LAST => {
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
                    if c == op::COMMENT {
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
            op::VARIATION_START => {
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
            op::VARIATION_END => {
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
            op::END => break,
            _ => return Err(err(ErrorKind::UnknownCode { code: c }, at)),
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
        op::NULL_MOVE => return Ok((Ply::Null, None)),
        op::CASTLE_SHORT | op::CASTLE_LONG => {
            let side = CastlingSide::from_king_side(c == op::CASTLE_SHORT);
            return pos
                .legal_moves()
                .into_iter()
                .find(|m| m.castling_side() == Some(side))
                .map(|m| (Ply::Move(m), None))
                .ok_or(illegal);
        }
        op::PAWN..=op::PAWN_LAST => (c & !3, c & 3, None),
        op::KNIGHT..=op::KNIGHT_LAST => (c & !7, c & 7, None),
        op::BISHOP..=op::ROOK_LAST => (c & 0xf0, c & 0x0f, None),
        op::QUEEN..=op::QUEEN_LAST => (op::QUEEN, c - op::QUEEN, None),
        op::KING..=op::KING_LAST => (op::KING, c & 7, None),
        op::PROMOTION..=op::PROMOTION_LAST => {
            let b = byte2.unwrap_or(0);
            let role = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][usize::from(b & 3)];
            ((c - op::PROMOTION) << 2, (b >> 2) & 3, Some(role))
        }
        op::PROMOTED..=op::PROMOTED_LAST => (c, byte2.unwrap_or(0) & 0x1f, None),
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
        op::KNIGHT..=op::KNIGHT_LAST => Role::Knight,
        op::BISHOP..=op::BISHOP_LAST => Role::Bishop,
        op::ROOK..=op::ROOK_LAST => Role::Rook,
        op::QUEEN..=op::QUEEN_LAST => Role::Queen,
        _ => return Err(no_piece),
    };
    (0..64u32)
        .map(Square::new)
        .filter(|&sq| {
            (op::PROMOTED..=op::PROMOTED_LAST).contains(&ids.get(sq))
                && pos.board().piece_at(sq) == Some(role.of(turn))
        })
        .find_map(find)
        .map(|m| (Ply::Move(m), Some(id)))
        .ok_or(no_piece)
}
