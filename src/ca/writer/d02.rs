//! D02 game records (§8): the byte-code stream of one game.
//!
//! The encoder keeps, for each side, the square and type of every piece
//! number 0–17 (§8.2), exactly what a decoder keeps, so each move is written
//! as "piece *n* moves by offset (y, x) modulo 8" from that table.

use alloc::vec::Vec;

use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role, Square};

use super::{WriteReport, rng::Rng};
use crate::ca::annotation::{self, Comment};
use crate::ca::format::{
    Convention,
    d02::{
        CASTLING_BITS, CommentKind, EXTENDED_CONVENTION, FIXED_ROLES, MAX_RECORD, PIECE_NUMBERS,
        Promotion, SHORT_COMMENT_MAX, STANDARD_BACK_RANK, SetupRecord, SetupSlot, code,
        fixed_numbers, offset, piece_code, role_code, square_byte,
    },
};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Codec, Game, Node, Ply, play_ply},
    limits::{MAX_PLIES, MAX_VARIATION_DEPTH},
    text::TextEncoding,
};

/// Options of the record encoder (from `WriterOptions`).
pub(crate) struct RecordOptions {
    pub convention: Convention,
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
    pieces: [[Option<Slot>; N]; 2],
}

const N: usize = PIECE_NUMBERS as usize;

fn side(c: Color) -> usize {
    if c.is_white() { 0 } else { 1 }
}

impl State {
    /// The standard position's numbering (§8.2).
    fn standard() -> State {
        let mut pieces = [[None; N]; 2];
        for (s, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for (file, &back) in (0..8u32).zip(&STANDARD_BACK_RANK) {
                let file = shakmaty::File::new(file);
                pieces[s][file.to_usize()] = Some(slot(
                    file,
                    color.relative_rank(shakmaty::Rank::Second),
                    Role::Pawn,
                ));
                let role = FIXED_ROLES[usize::from(back)];
                pieces[s][usize::from(back)] = Some(slot(file, color.backrank(), role));
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

fn slot(file: shakmaty::File, rank: shakmaty::Rank, role: Role) -> Slot {
    Slot {
        sq: Square::from_coords(file, rank),
        role,
        extended: false,
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
        e.text_comment(CommentKind::TextAfter, c)?;
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
    let mut pieces = [[None; N]; 2];
    let mut list: Vec<(Square, shakmaty::Piece)> = pos.board().iter().collect();
    // Files first, so doubled pawns and same-half pieces are numbered left to right.
    list.sort_by_key(|(sq, _)| (sq.file(), sq.rank()));
    for (sq, piece) in list {
        let table: &mut [Option<Slot>; N] = &mut pieces[side(piece.color)];
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
        let slots = state.pieces.map(|table| {
            table.map(|p| match p {
                Some(s) => SetupSlot::Piece {
                    square: square_byte(s.sq),
                    type_code: role_code(s.role),
                },
                None => SetupSlot::Absent,
            })
        });
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
        let castling = CASTLING_BITS
            .iter()
            .filter(|&&(_, color, cs)| pos.castles().has(color, cs))
            .fold(0, |mask, &(bit, ..)| mask | bit);
        let record = SetupRecord {
            slots,
            plies,
            castling,
            ep: pos.ep_square(EnPassantMode::Legal).map_or(0, square_byte),
        };
        self.out.push(code::SETUP);
        self.out.extend_from_slice(&record.to_bytes());
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
                self.out.push(code::VARIATION_START);
                self.line(var, state.clone(), depth + 1)?;
                self.out.push(code::VARIATION_END);
                self.stats.variations += 1;
            }
            annotation::items_before(node, |c| self.annotation(c))?;
            let ply = self.ply;
            self.play(&mut state, &node.mv).map_err(|e| e.at_ply(ply))?;
            self.after_items(node)?;
            self.check_size()?;
        }
        Ok(())
    }

    fn after_items(&mut self, node: &Node) -> Result<(), Error> {
        annotation::items_after(node, |c| self.annotation(c))?;
        for item in &node.raw {
            // Items read from a Chess Assistant record go back as they came;
            // other codecs' have no Chess Assistant form.
            match (item.source, item.code, item.bytes.as_slice()) {
                (Codec::ChessAssistant, code::OPAQUE_233, &[b]) => {
                    self.out.extend_from_slice(&[code::OPAQUE_233, b]);
                    self.stats.raw_items += 1;
                }
                (Codec::ChessAssistant, code::SYMBOL..=code::LONG_COMMENT, [kind, text @ ..]) => {
                    self.comment(*kind, text)?;
                    self.stats.raw_items += 1;
                }
                _ => self.stats.dropped_items += 1,
            }
        }
        Ok(())
    }

    /// A node's annotation, as `ca::annotation` says to store it; counted
    /// for the report by its kind.
    fn annotation(&mut self, c: Comment<'_>) -> Result<(), Error> {
        use CommentKind as K;
        let kind = match c {
            Comment::Nag(kind, nag) => {
                self.symbol(kind, nag);
                return Ok(());
            }
            Comment::Text(kind, text) => {
                let bytes = self.opts.encoding.encode(text);
                self.comment(kind.byte(), &bytes)?;
                kind
            }
            Comment::Bytes(kind, bytes) => {
                self.comment(kind.byte(), &bytes)?;
                kind
            }
        };
        match kind {
            K::TextAfter | K::TextBefore => self.stats.text_comments += 1,
            K::EngineEval | K::AuthorEval => self.stats.evals += 1,
            K::DiagramAfter | K::DiagramBefore => self.stats.diagrams += 1,
            _ => {}
        }
        Ok(())
    }

    /// Code 234: a symbol type (after or before) and one NAG byte (Q25).
    fn symbol(&mut self, kind: CommentKind, nag: u8) {
        self.out
            .extend_from_slice(&[code::SYMBOL, kind.byte(), nag]);
        self.stats.symbols += 1;
    }

    fn text_comment(&mut self, kind: CommentKind, text: &str) -> Result<(), Error> {
        let bytes = self.opts.encoding.encode(text);
        self.stats.text_comments += 1;
        self.comment(kind.byte(), &bytes)
    }

    /// A comment string of `kind` (§8.14): 235 with a u8 length when it fits
    /// (type byte + at most 254 bytes, Q26), else 236 with a u32 length.
    fn comment(&mut self, kind: u8, text: &[u8]) -> Result<(), Error> {
        let len = text.len() + 1;
        if len > MAX_RECORD {
            return Err(record_too_large(len));
        }
        let long = len > SHORT_COMMENT_MAX || (self.opts.long_comments && self.rng.below(3) == 0);
        if long {
            self.out.push(code::LONG_COMMENT);
            self.out.extend_from_slice(&(len as u32).to_le_bytes());
            self.stats.long_comments += 1;
        } else {
            self.out
                .extend_from_slice(&[code::SHORT_COMMENT, len as u8]);
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
                self.out.push(code::NULL_MOVE);
                self.stats.null_moves += 1;
                return Ok(());
            }
            Ply::Move(m) => *m,
        };
        let us = before.turn();
        let (mine, theirs) = if us.is_white() { (0, 1) } else { (1, 0) };
        let conv = self.opts.convention;
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
                let off = offset(from, to, conv);
                match promotion {
                    Some(role) => {
                        // A pawn's move code 4·p + k is the promotion's first byte (§8.9).
                        let pawn_move = piece_code(n as u8, us, off)
                            .filter(|_| n < 8)
                            .ok_or_else(|| invalid("promotion by a piece that is not a pawn"))?;
                        state.pieces[mine][n] = None;
                        let number = self.promotion_number(&state.pieces[mine], role, n);
                        state.pieces[mine][number] = Some(Slot {
                            sq: to,
                            role,
                            extended: number < 8,
                        });
                        let bytes = Promotion {
                            pawn: n as u8,
                            k: pawn_move & 3,
                            type_code: role_code(role),
                            number: number as u8,
                        }
                        .to_bytes();
                        self.out.push(code::PROMOTION);
                        self.out.extend_from_slice(&bytes);
                        self.stats.promotions += 1;
                        self.stats.extended_promotions += usize::from(number < 8);
                    }
                    None if piece.extended => {
                        let right = offset(from, to, EXTENDED_CONVENTION);
                        self.out
                            .extend_from_slice(&[code::EXTENDED_FIRST + n as u8, right]);
                        self.stats.extended_moves += 1;
                        state.pieces[mine][n] = Some(Slot { sq: to, ..piece });
                    }
                    None => {
                        let code = piece_code(n as u8, us, off).ok_or_else(|| {
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
                let code = piece_code(n as u8, us, offset(from, to, conv))
                    .filter(|_| n < 8)
                    .ok_or_else(|| invalid("en passant by a piece that is not a pawn"))?;
                self.out.extend_from_slice(&[code::EN_PASSANT, code]);
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
                    code::CASTLE_LONG
                } else {
                    code::CASTLE_SHORT
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
    fn promotion_number(&mut self, table: &[Option<Slot>; N], role: Role, pawn: usize) -> usize {
        if self.opts.extended_promotions && self.stats.promotions % 3 == 2 {
            return pawn;
        }
        let extra = [16, 17];
        let free = |n: &usize| table[*n].is_none();
        let fixed = fixed_numbers(role).map(usize::from);
        let first = if self.opts.prefer_fixed {
            fixed.chain(extra).find(free)
        } else {
            extra.into_iter().chain(fixed).find(free)
        };
        first.unwrap_or(pawn)
    }
}
