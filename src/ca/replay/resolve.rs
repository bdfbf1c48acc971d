//! Resolving one move item on the board: the piece number's square, the
//! offset's target, legality ([`crate::legal`], built from shakmaty's
//! primitives), and the numbers after the move is played (§8.6–§8.11).
//!
//! Everything is inlined into each copy of the replay loop, the rare paths
//! (castling, en passant, promotions, SAN, shakmaty's full check) too: out
//! of line they cost 10-15% natively and 5-9% in wasm, for 3 KB gzipped.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square, san::San,
};

use super::numbers::{NONE, Numbers, side};
use crate::{
    ca::{
        format::{
            Convention,
            d02::{
                EXTENDED_CONVENTION, FIXED_ROLES, Promotion, apply_offset, code, decode_piece_code,
                pawn_offset,
            },
        },
        record::Item,
    },
    error::ErrorKind,
    game::Ply,
    legal,
};

/// What a debug build says when the fast path and shakmaty disagree: a bug
/// in `crate::legal`, with the position and the move to reproduce it.
#[cfg(debug_assertions)]
fn mismatch(pos: &Chess, m: Move) -> alloc::string::String {
    let fen = shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal);
    alloc::format!("crate::legal disagrees with shakmaty on {m:?} in {fen}")
}
#[cfg(not(debug_assertions))]
fn mismatch(_: &Chess, _: Move) -> &'static str {
    ""
}

/// The position and the piece numbers, saved and restored around variations.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub pos: Chess,
    pub numbers: Numbers,
    /// `pos.checkers()`, computed once a position: for the legality of the
    /// next move and for the check mark of the last.
    pub checkers: Bitboard,
}

impl State {
    pub fn standard() -> State {
        State {
            pos: Chess::default(),
            numbers: Numbers::standard(),
            checkers: Bitboard::EMPTY,
        }
    }

    /// Ply number in the game: 0 before White's first move.
    pub fn ply(&self) -> u32 {
        (self.pos.fullmoves().get() - 1) * 2 + u32::from(self.pos.turn() == Color::Black)
    }
}

/// Why a move item failed, before the location is added: small and
/// `Copy` for the replay loop, an [`ErrorKind`] where it is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveError {
    IllegalMove { code: u8 },
    NoSuchPiece { code: u8, piece: u8 },
    Invalid { what: &'static str },
}

impl From<MoveError> for ErrorKind {
    fn from(e: MoveError) -> ErrorKind {
        match e {
            MoveError::IllegalMove { code } => ErrorKind::IllegalMove { code },
            MoveError::NoSuchPiece { code, piece } => ErrorKind::NoSuchPiece { code, piece },
            MoveError::Invalid { what } => ErrorKind::Invalid { what },
        }
    }
}

type MoveResult<T> = Result<T, MoveError>;

impl State {
    /// The move an item describes, checked for legality; `ep` says a 210 came before it.
    /// With `want_san`, also the move's SAN (no check mark).
    // Piece codes, most moves, go through `piece_move` and `judge`; this
    // serves the rest. Inlined too: out of line, the split measured 10-15%
    // slower natively and 5-9% in wasm (docs/history/benchmarks.md §10).
    #[inline(always)]
    pub fn resolve(
        &self,
        item: &Item<'_>,
        ep: bool,
        conv: Convention,
        want_san: bool,
    ) -> MoveResult<(Ply, Option<San>)> {
        let turn = self.pos.turn();
        let s = side(turn);
        let illegal = |code| MoveError::IllegalMove { code };
        let m = match *item {
            Item::Piece { code } => {
                let m = self.piece_move(code, ep, conv)?;
                return Ok((Ply::Move(m), self.judge(m, code, want_san)?));
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
                let p = Promotion::from_bytes(byte1, byte2);
                let (pawn, code) = (p.pawn, code::PROMOTION);
                if pawn > 7 {
                    return Err(MoveError::Invalid {
                        what: "promotion names a pawn number over 7",
                    });
                }
                let role = p.role().ok_or(MoveError::Invalid {
                    what: "promotion to an unknown piece type",
                })?;
                self.check_promotion_number(s, pawn, p.number, role)?;
                let from = self
                    .numbers
                    .square_of(s, pawn)
                    .ok_or(MoveError::NoSuchPiece { code, piece: pawn })?;
                if self.numbers.role[s][usize::from(pawn)] != Role::Pawn {
                    return Err(illegal(code));
                }
                let to = apply_offset(from, pawn_offset(turn, usize::from(p.k)), conv);
                self.normal(Role::Pawn, from, to, Some(role))
            }
            Item::Extended { pawn, offset } => {
                let code = code::EXTENDED_FIRST + pawn;
                let from = self
                    .numbers
                    .square_of(s, pawn)
                    .ok_or(MoveError::NoSuchPiece { code, piece: pawn })?;
                let role = self.numbers.role[s][usize::from(pawn)];
                if role == Role::Pawn {
                    return Err(MoveError::Invalid {
                        what: "an extended move names a pawn that has not promoted",
                    });
                }
                let to = apply_offset(from, offset, EXTENDED_CONVENTION);
                self.normal(role, from, to, None)
            }
            Item::NullMove => {
                if self.checkers.any() {
                    return Err(illegal(code::NULL_MOVE));
                }
                return Ok((Ply::Null, None));
            }
            _ => return Err(MoveError::Invalid { what: "not a move" }),
        };
        Ok((Ply::Move(m), self.judge(m, item.code(), want_san)?))
    }

    /// The move a one-byte piece code (0-206) describes, before its
    /// legality is judged: the piece's square and type from its number,
    /// the target from the offset (§8.6-§8.8).
    #[inline(always)]
    pub fn piece_move(&self, code: u8, ep: bool, conv: Convention) -> MoveResult<Move> {
        let turn = self.pos.turn();
        let s = side(turn);
        let illegal = |code| MoveError::IllegalMove { code };
        let (n, ow, ob) = decode_piece_code(code);
        let off = if turn == Color::White { ow } else { ob };
        let from = self
            .numbers
            .square_of(s, n)
            .ok_or(MoveError::NoSuchPiece { code, piece: n })?;
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
                Ok(Move::EnPassant { from, to })
            } else if diagonal
                && self.pos.board().piece_at(to).is_none()
                && self.pos.ep_square(EnPassantMode::Legal) == Some(to)
            {
                // An en passant capture written without its 210 marker is still unambiguous.
                Ok(Move::EnPassant { from, to })
            } else {
                Ok(self.normal(role, from, to, None))
            }
        } else {
            if ep {
                return Err(illegal(code));
            }
            Ok(self.normal(role, from, to, None))
        }
    }

    /// Whether `m` (resolved from `code`) is legal, and with `want_san` its
    /// SAN (no check mark).
    #[inline(always)]
    pub fn judge(&self, m: Move, code: u8, want_san: bool) -> MoveResult<Option<San>> {
        // A normal move: legality from attack bitboards (`crate::legal`),
        // inlined, the SAN and shakmaty's full path too.
        match legal::fast_with(&self.pos, m, self.checkers) {
            Some(true) => {
                debug_assert!(self.pos.is_legal(m), "{}", mismatch(&self.pos, m));
                Ok(want_san.then(|| self.san(m)))
            }
            Some(false) => {
                debug_assert!(!self.pos.is_legal(m), "{}", mismatch(&self.pos, m));
                Err(MoveError::IllegalMove { code })
            }
            None => self.judge_by_shakmaty(m, code, want_san),
        }
    }

    /// The SAN of a legal move (no check mark), listing shakmaty's
    /// candidates only when another piece of the type attacks the target.
    // Inlined: out of line, the split measured 10-15% slower natively and
    // 5-9% in wasm (docs/history/benchmarks.md §10).
    #[inline(always)]
    fn san(&self, m: Move) -> San {
        let san = legal::san(&self.pos, m);
        debug_assert!(
            san == San::from_move(&self.pos, m),
            "{}",
            mismatch(&self.pos, m)
        );
        san
    }

    /// Castling, en passant, a position without its king: shakmaty decides.
    /// For en passant its `is_legal` is exactly "the candidates for the
    /// target contain the move", and `San::disambiguate` takes the same
    /// list, so one listing serves both.
    // Inlined: out of line, the split measured 10-15% slower natively and
    // 5-9% in wasm (docs/history/benchmarks.md §10).
    #[inline(always)]
    fn judge_by_shakmaty(&self, m: Move, code: u8, want_san: bool) -> MoveResult<Option<San>> {
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
            return Err(MoveError::IllegalMove { code });
        }
        Ok(san)
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
            0..=7 | 16 | 17 => self.numbers.is_free(s, number),
            8..=14 => FIXED_ROLES[usize::from(number)] == role && self.numbers.is_free(s, number),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(MoveError::Invalid {
                what: "promotion gives the new piece a number that is taken or of another type",
            })
        }
    }

    /// Plays a resolved ply and updates the numbers.
    #[inline(always)]
    pub fn play(&mut self, item: &Item<'_>, ply: &Ply) {
        // A piece code's normal move, most plies; the rest in `play_other`.
        if let (
            Item::Piece { .. },
            Ply::Move(
                m @ Move::Normal {
                    from, to, capture, ..
                },
            ),
        ) = (item, ply)
        {
            let s = side(self.pos.turn());
            self.numbers.relocate(s, *from, *to, capture.map(|_| *to));
            self.pos.play_unchecked(*m);
            self.checkers = self.pos.checkers();
            return;
        }
        self.play_other(item, ply);
    }

    /// [`play`](Self::play) for castling, en passant, promotions and null moves.
    // Inlined: out of line, the split measured 10-15% slower natively and
    // 5-9% in wasm (docs/history/benchmarks.md §10).
    #[inline(always)]
    fn play_other(&mut self, item: &Item<'_>, ply: &Ply) {
        let s = side(self.pos.turn());
        match ply {
            Ply::Null => {
                // `resolve` refused a null move in check, the one case `pass` refuses.
                if let Some(p) = crate::game::pass(&self.pos) {
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
                    let Promotion { pawn, number, .. } = Promotion::from_bytes(byte1, byte2);
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
        self.checkers = self.pos.checkers();
    }
}
