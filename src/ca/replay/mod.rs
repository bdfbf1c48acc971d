//! Replaying a D02 record on the board: piece numbers to squares, legal
//! moves through shakmaty, events to a [`GameVisitor`](crate::game::GameVisitor) in PGN order.
//!
//! - `numbers`: each side's pieces are numbered 0–17 (§8.2); a fixed array
//!   maps each number to its square and role, and a reverse array maps
//!   squares back, so a one-byte code becomes a candidate move in constant
//!   time.
//! - `setup`: the position of a set-up record (230).
//! - `resolve`: one move item to a move, judged legal by [`crate::legal`]
//!   (or shakmaty itself for castling and en passant), and the numbers
//!   after it is played. SAN is computed only if the visitor wants it.
//! - [`crate::ca::annotation`]: comments, symbols, evaluations to visitor events.
//! - This file: the driver. Variations are written before the move they
//!   replace (§8.13). PGN wants them after it, so on `231` the replayer
//!   skips to the matching `232`, plays the main move and its annotations,
//!   then decodes the skipped bytes from the saved position. No tree is
//!   needed for that. A one-byte piece code, most of a record, goes from
//!   its byte to the board without the item parser.

mod numbers;
mod resolve;
mod setup;

use alloc::vec::Vec;
use core::ops::ControlFlow;

use self::{resolve::State, setup::setup_state};
use super::{
    annotation::{annotate, is_after_annotation},
    format::{Convention, d02::code},
    infer::Decoding,
    record::{Item, Items, skip_variation},
};
use crate::{
    error::{Error, ErrorKind, FileKind},
    game::{Events, Ply},
    limits::{MAX_PLIES, MAX_VARIATION_DEPTH},
};

/// Replays one record body through a visitor. A concrete visitor type gets
/// its own copy of the replayer; `V = dyn Events` shares one among all (see
/// `Database::game_events`). What the visitor wants is asked once.
pub(crate) struct Replay<'a, V: Events + ?Sized> {
    pub body: &'a [u8],
    /// Offset of the body in D02, for error messages.
    pub base: u64,
    pub game: u64,
    pub convention: Convention,
    pub decoding: Decoding,
    pub visitor: &'a mut V,
    /// The visitor's `wants_san` and `wants_annotations`.
    want_san: bool,
    want_annotations: bool,
    plies: u32,
    /// Where the set-up (230) was, once applied.
    setup_at: Option<usize>,
    /// Starts of the variations skipped and not yet replayed, one stack
    /// for every line (each line's own above where it began): no
    /// allocation per line.
    pending: Vec<usize>,
}

impl<'a, V: Events + ?Sized> Replay<'a, V> {
    pub fn new(
        body: &'a [u8],
        base: u64,
        game: u64,
        convention: Convention,
        decoding: Decoding,
        visitor: &'a mut V,
    ) -> Self {
        Replay {
            want_san: visitor.wants_san(),
            want_annotations: visitor.wants_annotations(),
            body,
            base,
            game,
            convention,
            decoding,
            visitor,
            plies: 0,
            setup_at: None,
            pending: Vec::new(),
        }
    }

    #[cold]
    fn err(&self, kind: impl Into<ErrorKind>, at: usize, ply: Option<u32>) -> Error {
        let e = Error::new(kind.into(), FileKind::D02)
            .at(self.base + at as u64)
            .in_game(self.game);
        match ply {
            Some(p) => e.at_ply(p),
            None => e,
        }
    }

    /// Decodes the whole record. The visitor sees every event up to an error.
    // Not inlined into each visitor's reader: once a game, the call is nothing.
    #[inline(never)]
    pub fn run(&mut self) -> Result<(), Error> {
        let mut state = State::standard();
        // The source forbids 230 only after a move: comments and 233 may
        // come first. The set-up is applied before them, so the visitor
        // sees the position first; `line` then skips the 230 it meets.
        let mut scan = Items::new(self.body);
        while let Some(Ok((at, item))) = scan.next() {
            match item {
                Item::Setup(b) => {
                    let text = self.visitor.wants_text();
                    let (s, fen) = setup_state(b, text).map_err(|k| self.err(k, at, None))?;
                    self.visitor.setup(&fen, &s.pos);
                    state = s;
                    self.setup_at = Some(at);
                    break;
                }
                Item::Comment { .. } | Item::EmptyComment { .. } | Item::Opaque233(_) => {}
                _ => break,
            }
        }
        let _ = self.line(&mut Items::new(self.body), state, 0)?;
        Ok(())
    }

    /// Decodes a line until its end (a 232 when `depth > 0`, the end of the body at depth 0).
    fn line(
        &mut self,
        items: &mut Items<'a>,
        mut st: State,
        depth: u32,
    ) -> Result<ControlFlow<()>, Error> {
        let base = self.pending.len();
        let mut ep: Option<usize> = None;
        loop {
            // Most items are one-byte piece moves: straight from the byte,
            // without the item parser's enum.
            if ep.is_none()
                && let Some(code @ 0..=code::LAST_PIECE_MOVE) = items.next_code()
            {
                let at = items.offset();
                items.skip_byte();
                let it = Item::Piece { code };
                if self
                    .on_move(items, &mut st, it, at, None, base, depth)?
                    .is_break()
                {
                    return Ok(ControlFlow::Break(()));
                }
                continue;
            }
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
                if let Some(&at) = self.pending.get(base) {
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
                    if let Some(&p) = self.pending.get(base) {
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
                    self.pending.push(items.offset());
                    skip_variation(items).map_err(|(at, k)| self.err(k, at, Some(st.ply())))?;
                }
                Item::Setup(_) if depth == 0 && self.setup_at == Some(at) => {}
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
                ref it if it.is_move() => {
                    let marker = ep.take();
                    if self
                        .on_move(items, &mut st, *it, at, marker, base, depth)?
                        .is_break()
                    {
                        return Ok(ControlFlow::Break(()));
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
                    if self.want_annotations {
                        annotate(self.visitor.as_dyn(), self.decoding, it);
                    }
                }
            }
        }
    }

    /// A move item at `at` (after a 210 at `ep`): resolved, judged, sent to
    /// the visitor and played, with its annotations and then the
    /// variations that replace it. `Break` when the visitor stops.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn on_move(
        &mut self,
        items: &mut Items<'a>,
        st: &mut State,
        it: Item<'a>,
        at: usize,
        ep: Option<usize>,
        base: usize,
        depth: u32,
    ) -> Result<ControlFlow<()>, Error> {
        self.plies += 1;
        if self.plies > MAX_PLIES {
            let k = ErrorKind::TooLarge {
                what: "plies in one game",
                size: u64::from(self.plies),
                limit: u64::from(MAX_PLIES),
            };
            return Err(self.err(k, at, Some(st.ply())));
        }
        let want_san = self.want_san;
        let resolved = match it {
            // Most moves: inlined here.
            // (No closure here: LLVM kept one out of line, a call a ply.)
            Item::Piece { code } => match st.piece_move(code, ep.is_some(), self.convention) {
                Ok(m) => match st.judge(m, code, want_san) {
                    Ok(san) => Ok((Ply::Move(m), san)),
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            },
            _ => st.resolve(&it, ep.is_some(), self.convention, want_san),
        };
        let (ply, san) = resolved.map_err(|k| {
            let at = ep.unwrap_or(at);
            self.err(k, at, Some(st.ply()))
        })?;
        let before = (self.pending.len() > base).then(|| st.clone());
        let flow = match san {
            Some(san) => self.visitor.ply_san(&st.pos, &ply, san),
            None => self.visitor.ply(&st.pos, &ply),
        };
        if flow.is_break() {
            return Ok(ControlFlow::Break(()));
        }
        st.play(&it, &ply);
        self.visitor.after_ply(&st.pos, st.checkers);
        // Only codes 233-236 can be annotations after a move:
        // look at the byte before parsing, and parse on a copy
        // of the cursor that is kept when the item belongs here.
        while matches!(
            items.next_code(),
            Some(code::OPAQUE_233..=code::LONG_COMMENT)
        ) {
            let mut ahead = items.clone();
            match ahead.next() {
                Some(Ok((_, next))) if is_after_annotation(&next) => {
                    *items = ahead;
                    if self.want_annotations {
                        annotate(self.visitor.as_dyn(), self.decoding, &next);
                    }
                }
                _ => break,
            }
        }
        if let Some(before) = before {
            // A nested line pushes above `end` and pops back to it.
            let end = self.pending.len();
            for k in base..end {
                if self.visitor.begin_variation().0 {
                    continue;
                }
                let mut sub = Items::at(self.body, self.pending[k]);
                let flow = self.line(&mut sub, before.clone(), depth + 1)?;
                self.visitor.end_variation();
                if flow.is_break() {
                    return Ok(flow);
                }
            }
            self.pending.truncate(base);
        }
        Ok(ControlFlow::Continue(()))
    }
}
