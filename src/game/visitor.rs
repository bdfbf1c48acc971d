//! A streaming view of a game, in the way of pgn-reader's `Visitor`.
//!
//! Decoders call a [`GameVisitor`] in PGN order: for each ply, the items
//! placed before it, the ply, the items after it, then its variations
//! (alternatives to that ply). No tree is built unless the visitor builds one
//! ([`TreeBuilder`]); [`crate::game::Game::visit`] replays a built tree
//! through any visitor, so one PGN writer serves both.

use alloc::{string::String, vec::Vec};
use core::ops::ControlFlow;
use shakmaty::{Bitboard, Chess, Position, san::San};

use super::{Eval, Game, Headers, Node, Ply, RawItem};

/// Whether a visitor wants the variation that is about to start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip(pub bool);

/// Where an annotation sits relative to its ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    Before,
    After,
}

/// Receives a game as a stream of events.
///
/// ```
/// use core::ops::ControlFlow;
/// use cadb::game::{GameVisitor, Ply, Game, Node};
/// use shakmaty::{Chess, Position, uci::UciMove};
/// struct CountPlies(usize);
/// impl GameVisitor for CountPlies {
///     type Output = usize;
///     fn ply(&mut self, _: &Chess, _: &Ply) -> ControlFlow<()> { self.0 += 1; ControlFlow::Continue(()) }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
/// let pos = Chess::default();
/// let mut g = Game::default();
/// g.moves.push(Node::new("e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap()));
/// assert_eq!(g.visit(&mut CountPlies(0)).unwrap(), 1);
/// ```
pub trait GameVisitor {
    type Output;

    /// Whether a decoder is compiled once more for this visitor, with the
    /// visitor's events inlined into it. A visitor that runs over whole
    /// databases (the PGN export, the opening tree, the benchmark's
    /// passes) is 4-7% faster so; each such copy of the Chess Assistant
    /// replayer adds about 3 KB gzipped to the wasm module. By default
    /// one shared copy serves every visitor through dynamic dispatch.
    const INLINE_IN_DECODER: bool = false;

    /// Whether the visitor reads text: header names, comments, evaluations
    /// by an author, the setup FEN. When `false`, a decoder may skip decoding
    /// text (the Chess Assistant reader does): `headers`, `comment` and
    /// author `eval` events are then not sent, and `setup` gets an empty FEN
    /// (the position is still given). For bulk passes over moves.
    fn wants_text(&self) -> bool {
        true
    }

    /// Whether the visitor reads annotations at all: comments, NAGs,
    /// evaluations, diagrams, raw items. When `false` (a pass over moves
    /// only: the opening tree, counting plies), a decoder may skip them
    /// unread, and no annotation event is sent.
    fn wants_annotations(&self) -> bool {
        true
    }

    /// The headers, before anything else.
    fn headers(&mut self, _headers: &Headers) {}
    /// The start position, when it is not the standard one (`fen` as given by the source).
    fn setup(&mut self, _fen: &str, _pos: &Chess) {}
    /// A ply, with the position before it. `Break` stops the game (remaining events are skipped).
    fn ply(&mut self, _before: &Chess, _ply: &Ply) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// Whether `ply_san` should get each move's SAN. A decoder that checks
    /// legality by listing shakmaty's candidate moves for the target square
    /// (the Chess Assistant reader) derives the SAN from that same list, so
    /// the moves are not generated a second time for it.
    fn wants_san(&self) -> bool {
        false
    }
    /// A ply with its SAN (no check mark), sent instead of `ply` when
    /// `wants_san` is true and the decoder has it; unless it returns
    /// `Break`, `after_ply` always follows. Forwards to `ply` by default.
    fn ply_san(&mut self, before: &Chess, ply: &Ply, _san: San) -> ControlFlow<()> {
        self.ply(before, ply)
    }
    /// The position after the ply just sent, and the pieces giving check
    /// in it (`after.checkers()`, which the decoder computed anyway): a check
    /// mark without replaying the move ([`crate::legal::suffix`]). Not
    /// called after `ply` returned `Break`.
    fn after_ply(&mut self, _after: &Chess, _checkers: Bitboard) {}
    /// A text comment.
    fn comment(&mut self, _text: &str, _at: Placement) {}
    /// A NAG.
    fn nag(&mut self, _nag: u8, _at: Placement) {}
    /// An evaluation of the position after the last ply.
    fn eval(&mut self, _eval: &Eval) {}
    /// A diagram marker.
    fn diagram(&mut self, _at: Placement) {}
    /// An item kept opaque.
    fn raw(&mut self, _item: &RawItem) {}
    /// A comment that belongs to no ply (a game without moves).
    fn game_comment(&mut self, _text: &str) {}
    /// A variation starts: an alternative to the last ply, from the position before it.
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }
    /// The variation ends.
    fn end_variation(&mut self) {}
    /// The game ends; produce the result.
    fn end_game(&mut self) -> Self::Output;
}

/// A [`GameVisitor`] as the replayer sees it: the events of a record,
/// without the output. Object-safe, so a decoder takes `&mut dyn Events` and is
/// compiled once, not once a visitor type (the Chess Assistant replayer was
/// five copies of itself in the wasm module). Implemented for every
/// visitor; the crate's decoders call it, nobody implements it.
pub(crate) trait Events {
    /// The same visitor as a trait object (annotations are sent through it:
    /// one copy of their code for every visitor).
    fn as_dyn(&mut self) -> &mut dyn Events;
    fn wants_text(&self) -> bool;
    fn wants_annotations(&self) -> bool;
    fn wants_san(&self) -> bool;
    fn setup(&mut self, fen: &str, pos: &Chess);
    fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()>;
    fn ply_san(&mut self, before: &Chess, ply: &Ply, san: San) -> ControlFlow<()>;
    fn after_ply(&mut self, after: &Chess, checkers: Bitboard);
    fn comment(&mut self, text: &str, at: Placement);
    fn nag(&mut self, nag: u8, at: Placement);
    fn eval(&mut self, eval: &Eval);
    fn diagram(&mut self, at: Placement);
    fn raw(&mut self, item: &RawItem);
    fn begin_variation(&mut self) -> Skip;
    fn end_variation(&mut self);
}

impl<V: GameVisitor> Events for V {
    fn as_dyn(&mut self) -> &mut dyn Events {
        self
    }
    fn wants_text(&self) -> bool {
        GameVisitor::wants_text(self)
    }
    fn wants_annotations(&self) -> bool {
        GameVisitor::wants_annotations(self)
    }
    fn wants_san(&self) -> bool {
        GameVisitor::wants_san(self)
    }
    fn setup(&mut self, fen: &str, pos: &Chess) {
        GameVisitor::setup(self, fen, pos)
    }
    fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
        GameVisitor::ply(self, before, ply)
    }
    fn ply_san(&mut self, before: &Chess, ply: &Ply, san: San) -> ControlFlow<()> {
        GameVisitor::ply_san(self, before, ply, san)
    }
    fn after_ply(&mut self, after: &Chess, checkers: Bitboard) {
        GameVisitor::after_ply(self, after, checkers)
    }
    fn comment(&mut self, text: &str, at: Placement) {
        GameVisitor::comment(self, text, at)
    }
    fn nag(&mut self, nag: u8, at: Placement) {
        GameVisitor::nag(self, nag, at)
    }
    fn eval(&mut self, eval: &Eval) {
        GameVisitor::eval(self, eval)
    }
    fn diagram(&mut self, at: Placement) {
        GameVisitor::diagram(self, at)
    }
    fn raw(&mut self, item: &RawItem) {
        GameVisitor::raw(self, item)
    }
    fn begin_variation(&mut self) -> Skip {
        GameVisitor::begin_variation(self)
    }
    fn end_variation(&mut self) {
        GameVisitor::end_variation(self)
    }
}

/// Builds a [`Game`] tree from visitor events.
#[derive(Debug, Default)]
pub struct TreeBuilder {
    game: Game,
    /// Open variations: the line being built and where it goes when it closes.
    stack: Vec<Vec<Node>>,
    before_comments: Vec<String>,
    before_nags: Vec<u8>,
    diagram_before: bool,
}

impl TreeBuilder {
    /// A builder for one game.
    pub fn new() -> TreeBuilder {
        TreeBuilder::default()
    }

    fn line(&mut self) -> &mut Vec<Node> {
        self.stack.last_mut().unwrap_or(&mut self.game.moves)
    }

    /// The node that after-items attach to: the last ply of the current line.
    fn last(&mut self) -> Option<&mut Node> {
        self.line().last_mut()
    }
}

impl GameVisitor for TreeBuilder {
    type Output = Game;

    fn headers(&mut self, headers: &Headers) {
        self.game.headers = headers.clone();
    }

    fn setup(&mut self, fen: &str, _pos: &Chess) {
        self.game.start_fen = Some(String::from(fen));
    }

    fn ply(&mut self, _before: &Chess, ply: &Ply) -> ControlFlow<()> {
        let mut node = Node::from_ply(ply.clone());
        node.comments_before = core::mem::take(&mut self.before_comments);
        node.nags_before = core::mem::take(&mut self.before_nags);
        node.diagram_before = core::mem::take(&mut self.diagram_before);
        self.line().push(node);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &str, at: Placement) {
        match (at, self.last()) {
            (Placement::After, Some(node)) => node.comments_after.push(String::from(text)),
            _ => self.before_comments.push(String::from(text)),
        }
    }

    fn nag(&mut self, nag: u8, at: Placement) {
        match (at, self.last()) {
            (Placement::After, Some(node)) => node.nags.push(nag),
            _ => self.before_nags.push(nag),
        }
    }

    fn eval(&mut self, eval: &Eval) {
        match self.last() {
            Some(node) => node.evals.push(eval.clone()),
            None => {
                if let Eval::Author { text } = eval {
                    self.before_comments.push(text.clone());
                }
            }
        }
    }

    fn diagram(&mut self, at: Placement) {
        match (at, self.last()) {
            (Placement::After, Some(node)) => node.diagram_after = true,
            _ => self.diagram_before = true,
        }
    }

    fn raw(&mut self, item: &RawItem) {
        match self.last() {
            Some(node) => node.raw.push(item.clone()),
            // Before any move a node has no place for it: kept as its
            // command in the comment before the next move, not lost.
            None => {
                if let Some(c) = super::ca_command(item) {
                    self.before_comments.push(c);
                }
            }
        }
    }

    fn game_comment(&mut self, text: &str) {
        self.game.comments.push(String::from(text));
    }

    fn begin_variation(&mut self) -> Skip {
        self.flush_before();
        self.stack.push(Vec::new());
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.flush_before();
        if let Some(line) = self.stack.pop() {
            match self.last() {
                Some(node) if !line.is_empty() => node.variations.push(line),
                _ => {}
            }
        }
    }

    fn end_game(&mut self) -> Game {
        while !self.stack.is_empty() {
            GameVisitor::end_variation(self);
        }
        self.flush_before();
        core::mem::take(&mut self.game)
    }
}

impl TreeBuilder {
    /// Before-items with no ply to attach to stay as text: comments become game
    /// comments (or after-comments of the last ply), so nothing is lost.
    fn flush_before(&mut self) {
        let comments = core::mem::take(&mut self.before_comments);
        let nags = core::mem::take(&mut self.before_nags);
        let diagram = core::mem::take(&mut self.diagram_before);
        let top_level = self.stack.is_empty();
        match self.last() {
            Some(node) => {
                node.comments_after.extend(comments);
                node.nags.extend(nags);
                node.diagram_after |= diagram;
            }
            None if top_level => self.game.comments.extend(comments),
            None => {}
        }
    }
}

impl Game {
    /// Streams this game through a visitor, replaying the moves for the positions.
    pub fn visit<V: GameVisitor>(&self, v: &mut V) -> Result<V::Output, super::GameError> {
        v.headers(&self.headers);
        let pos = self.start_position()?;
        if let Some(fen) = &self.start_fen {
            v.setup(fen, &pos);
        }
        let _ = visit_line(&self.moves, pos, v.as_dyn())?;
        for c in &self.comments {
            v.game_comment(c);
        }
        Ok(v.end_game())
    }
}

/// One line of a tree and its variations, through the shared view of the
/// visitor (one copy for every visitor type).
fn visit_line(
    line: &[Node],
    mut pos: Chess,
    v: &mut dyn Events,
) -> Result<ControlFlow<()>, super::GameError> {
    for node in line {
        for c in &node.comments_before {
            v.comment(c, Placement::Before);
        }
        for &n in &node.nags_before {
            v.nag(n, Placement::Before);
        }
        if node.diagram_before {
            v.diagram(Placement::Before);
        }
        if v.ply(&pos, &node.mv).is_break() {
            return Ok(ControlFlow::Break(()));
        }
        let before = pos.clone();
        super::play_ply(&mut pos, &node.mv)?;
        // As the decoders do: every ply not stopped is followed by its position.
        v.after_ply(&pos, pos.checkers());
        for &n in &node.nags {
            v.nag(n, Placement::After);
        }
        for c in &node.comments_after {
            v.comment(c, Placement::After);
        }
        for e in &node.evals {
            v.eval(e);
        }
        if node.diagram_after {
            v.diagram(Placement::After);
        }
        for r in &node.raw {
            v.raw(r);
        }
        for var in &node.variations {
            if !v.begin_variation().0 {
                let flow = visit_line(var, before.clone(), v)?;
                v.end_variation();
                if flow.is_break() {
                    return Ok(flow);
                }
            }
        }
    }
    Ok(ControlFlow::Continue(()))
}
