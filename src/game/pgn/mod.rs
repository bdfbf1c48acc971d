//! PGN export, as a [`GameVisitor`] so it streams from any decoder.
//!
//! Writes the Seven Tag Roster, the other known tags, `FEN`/`SetUp` for a
//! set-up start, then wrapped movetext with comments, NAGs, variations,
//! `[%eval]` for engine evaluations and `{[#]}` for diagrams. Each
//! token's own text (SAN, numbers, tag pairs) is in `tokens.rs`; here,
//! where the tokens go.
//!
//! ```
//! let game = &cadb::game::import::read_pgn("1. e4 {best} (1. d4 d5) e5 *").unwrap()[0];
//! let pgn = cadb::game::pgn::to_pgn(game).unwrap();
//! assert!(pgn.ends_with("1. e4 { best } ( 1. d4 d5 ) 1... e5 *\n\n"));
//! ```

use alloc::{string::String, vec::Vec};
use core::ops::ControlFlow;
use shakmaty::{Bitboard, Chess, Color, Position, san::San};

// Found here too: it is how the PGN writer keeps an item.
pub use super::ca_command;
use super::{Eval, Game, GameError, GameVisitor, Headers, Placement, Ply, RawItem, Skip};

mod tokens;

pub(crate) use tokens::{DIAGRAM_COMMENT, Pawns, eval_command, push_mark};
use tokens::{any_tag, plain_words, push_number, tag};
pub use tokens::{is_escaped_control, push_san, push_text};

/// Longest movetext line before wrapping.
const LINE: usize = 79;

/// Writes one game as PGN into a `String` sink.
///
/// Tags are written as the headers arrive, movetext token by token; a game
/// that stops inside a variation (a damaged record) still ends with its
/// variations closed. Nothing is allocated per move.
pub struct PgnWriter<'w> {
    out: &'w mut String,
    line_len: usize,
    result: &'static str,
    /// A move number is needed before the next Black move (after a comment or variation).
    need_number: bool,
    nags_before: Vec<u8>,
    /// Whether the tags have been written (`headers`), and the movetext begun.
    tags_written: bool,
    movetext: bool,
    /// The set-up position's FEN, written as a tag before the movetext.
    fen: Option<String>,
    /// Tags written after the headers' own, in order (at most three: the
    /// convention a game was read under, where it came from, and the
    /// copies it stands for in a merged export).
    extra: [Option<(&'w str, &'w str)>; 3],
    /// Variations begun and not ended; of those, the last `unopened` have
    /// no token yet, so their `(` is not written (an empty one never is).
    depth: u32,
    unopened: u32,
    /// Reused for a comment whose whitespace is not single spaces.
    scratch: String,
    /// A move token from `ply_san` waits at `move_start` for its check mark.
    mark_pending: bool,
    /// Where the move token being written begins (its space, if any).
    move_start: usize,
}

/// The whole game as PGN text (tags, blank line, movetext, blank line).
pub fn to_pgn(game: &Game) -> Result<String, GameError> {
    let mut out = String::new();
    game.visit(&mut PgnWriter::new(&mut out))?;
    Ok(out)
}

impl<'w> PgnWriter<'w> {
    /// A writer that appends to `out`.
    pub fn new(out: &'w mut String) -> PgnWriter<'w> {
        PgnWriter {
            out,
            line_len: 0,
            result: "*",
            need_number: true,
            nags_before: Vec::new(),
            tags_written: false,
            movetext: false,
            fen: None,
            extra: [None; 3],
            depth: 0,
            unopened: 0,
            scratch: String::new(),
            mark_pending: false,
            move_start: 0,
        }
    }

    /// The same writer with one more tag, written after the headers' own
    /// (three at most: a fourth replaces the third).
    ///
    /// ```
    /// let game = &cadb::game::import::read_pgn("1. e4 *").unwrap()[0];
    /// let mut out = String::new();
    /// let w = cadb::game::pgn::PgnWriter::new(&mut out).with_tag("Note", "x").with_tag("Also", "y");
    /// game.visit(&mut { w }).unwrap();
    /// assert!(out.contains("[Result \"*\"]\n[Note \"x\"]\n[Also \"y\"]\n\n1. e4 *"));
    /// ```
    pub fn with_tag(mut self, name: &'w str, value: &'w str) -> Self {
        let last = self.extra.len() - 1;
        let k = self.extra.iter().position(Option::is_none).unwrap_or(last);
        self.extra[k] = Some((name, value));
        self
    }

    fn write_tags(&mut self, h: &Headers) {
        self.tags_written = true;
        let out = &mut *self.out;
        fn q(v: &Option<String>) -> &str {
            v.as_deref().unwrap_or("?")
        }
        tag(out, "Event", q(&h.event));
        tag(out, "Site", q(&h.site));
        tag(out, "Date", h.date.pgn().as_str());
        tag(out, "Round", q(&h.round));
        tag(out, "White", q(&h.white));
        tag(out, "Black", q(&h.black));
        tag(out, "Result", h.result.as_pgn());
        let opt = [
            ("WhiteTitle", &h.white_title),
            ("BlackTitle", &h.black_title),
        ];
        for (k, v) in opt {
            if let Some(v) = v {
                tag(out, k, v);
            }
        }
        for (k, v) in [("WhiteElo", h.white_elo), ("BlackElo", h.black_elo)] {
            if let Some(v) = v {
                let mut digits = String::new();
                push_number(&mut digits, u32::from(v));
                tag(out, k, &digits);
            }
        }
        let opt = [
            ("ECO", &h.eco),
            ("Annotator", &h.annotator),
            ("Source", &h.source),
            ("GameType", &h.game_type),
        ];
        for (k, v) in opt {
            if let Some(v) = v {
                tag(out, k, v);
            }
        }
        if let Some(a) = h.assessment {
            tag(out, "Assessment", a.symbol());
        }
        for (k, v) in &h.other {
            any_tag(out, k, v);
        }
        for (k, v) in self.extra.into_iter().flatten() {
            any_tag(out, k, v);
        }
        self.result = h.result.as_pgn();
    }

    /// The end of the tag section, before the first token of movetext:
    /// the set-up position's tags, then a blank line.
    fn begin_movetext(&mut self) {
        self.movetext = true;
        if !self.tags_written {
            self.write_tags(&Headers::default());
        }
        if let Some(fen) = self.fen.take() {
            write_setup_tags(self.out, &fen);
        }
        self.out.push('\n');
    }

    fn token(&mut self, t: &str) {
        let width = if t.is_ascii() {
            t.len()
        } else {
            t.chars().count()
        };
        self.token_of_width(t, width);
    }

    fn token_of_width(&mut self, t: &str, width: usize) {
        self.open_pending();
        self.place(t, width);
    }

    /// What comes before any token: the movetext's start, and the `(` of
    /// variations begun with nothing in them yet.
    #[inline]
    fn open_pending(&mut self) {
        if !self.movetext {
            self.begin_movetext();
        }
        while self.unopened > 0 {
            self.unopened -= 1;
            self.place_narrow("(");
        }
    }

    /// [`place`](Self::place) for a one-column token, inline.
    #[inline(always)]
    fn place_narrow(&mut self, t: &'static str) {
        self.separate(1);
        self.out.push_str(t);
        self.line_len += 1;
    }

    /// A token on the current line, or on the next if it would pass [`LINE`].
    fn place(&mut self, t: &str, width: usize) {
        self.separate(width);
        self.out.push_str(t);
        self.line_len += width;
    }

    /// What goes before a token of `width` columns: a space, a line break
    /// when it would pass [`LINE`], or nothing at a line's start.
    #[inline]
    fn separate(&mut self, width: usize) {
        if self.line_len > 0 && self.line_len + 1 + width > LINE {
            self.out.push('\n');
            self.line_len = 0;
        } else if self.line_len > 0 {
            self.out.push(' ');
            self.line_len += 1;
        }
    }

    fn comment_text(&mut self, text: &str) {
        // The braces are placed here, not as tokens of any width: three
        // tokens a comment cost a fifth of an annotated game's export.
        self.open_pending();
        self.place_narrow("{");
        if plain_words(text.as_bytes()) {
            self.words(text, true);
        } else {
            // Whitespace runs become one space; PGN comments cannot
            // contain '}', and the closest safe character stands in;
            // control characters are escaped (`push_text`).
            let mut words = core::mem::take(&mut self.scratch);
            words.clear();
            for word in text.split_whitespace() {
                if !words.is_empty() {
                    words.push(' ');
                }
                for (i, part) in word.split('}').enumerate() {
                    if i > 0 {
                        words.push(')');
                    }
                    push_text(&mut words, part);
                }
            }
            self.words(&words, words.is_ascii());
            self.scratch = words;
        }
        self.place_narrow("}");
        self.need_number = true;
    }

    /// Words separated by single spaces, placed as [`place`](Self::place)
    /// would place them one by one, a line's worth at a time: the words
    /// of annotated games' comments were a quarter of their export.
    fn words(&mut self, text: &str, ascii: bool) {
        let width = |s: &str| if ascii { s.len() } else { s.chars().count() };
        let mut rest = text;
        while !rest.is_empty() {
            let room = match self.line_len {
                0 => LINE,
                n => LINE.saturating_sub(n + 1),
            };
            // The bytes of the first `room` columns.
            let cut = if ascii {
                room.min(rest.len())
            } else {
                rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i)
            };
            if cut == rest.len() {
                self.place(rest, width(rest));
                return;
            }
            // The whole words within them.
            // (A byte loop: words are short, and `rfind`'s searcher cost
            // more to set up than the search.)
            let fits = if rest.as_bytes()[cut] == b' ' {
                Some(cut)
            } else {
                rest.as_bytes()[..cut].iter().rposition(|&b| b == b' ')
            };
            match fits.filter(|&end| end > 0) {
                Some(end) => {
                    self.place(&rest[..end], width(&rest[..end]));
                    rest = &rest[end + 1..];
                }
                None if self.line_len > 0 => {
                    self.out.push('\n');
                    self.line_len = 0;
                }
                // A word longer than a line has one of its own.
                None => {
                    let end = rest.find(' ').unwrap_or(rest.len());
                    self.place(&rest[..end], width(&rest[..end]));
                    rest = rest.get(end + 1..).unwrap_or("");
                }
            }
        }
    }

    /// A move token: number, SAN (given, or from shakmaty), check mark.
    fn write_ply(&mut self, before: &Chess, ply: &Ply, san: Option<San>) -> ControlFlow<()> {
        self.begin_move(before, ply, san);
        if let Ply::Move(m) = ply {
            // SanPlus::from_move would list every legal move after each
            // move (for mate); only a check needs that.
            let mut after = before.clone();
            after.play_unchecked(*m);
            let checkers = after.checkers();
            push_mark(self.out, &after, checkers);
        }
        self.end_move();
        ControlFlow::Continue(())
    }

    /// Begins a move token straight in the output, after a space: the
    /// move number when one is due, and the SAN. The check mark may follow
    /// before [`end_move`](Self::end_move) places it (no copy of the token
    /// through a buffer: a move's text was a fifth of its export).
    fn begin_move(&mut self, before: &Chess, ply: &Ply, san: Option<San>) {
        self.open_pending();
        self.move_start = self.out.len();
        if self.line_len > 0 {
            self.out.push(' ');
        }
        let s = &mut *self.out;
        let n = before.fullmoves().get();
        if before.turn() == Color::White {
            push_number(s, n);
            s.push_str(". ");
        } else if self.need_number {
            push_number(s, n);
            s.push_str("... ");
        }
        match ply {
            Ply::Move(m) => push_san(s, san.unwrap_or_else(|| crate::legal::san(before, *m))),
            Ply::Null => s.push_str("--"),
        }
    }

    /// Places the move token begun at `move_start` as [`place`](Self::place)
    /// would: its space becomes a line break when it passes [`LINE`].
    fn end_move(&mut self) {
        let start = self.move_start;
        let spaced = self.line_len > 0;
        // Digits, dots, SAN and a mark: ASCII, one column a byte.
        let width = self.out.len() - start - usize::from(spaced);
        if spaced && self.line_len + 1 + width > LINE {
            self.out.replace_range(start..start + 1, "\n");
            self.line_len = width;
        } else {
            self.line_len += usize::from(spaced) + width;
        }
        self.need_number = false;
        self.flush_nags_before();
    }

    fn flush_nags_before(&mut self) {
        if self.nags_before.is_empty() {
            return;
        }
        for n in core::mem::take(&mut self.nags_before) {
            self.nag_token(n);
        }
    }

    /// `$` and the NAG's number, written in place (no buffer).
    fn nag_token(&mut self, nag: u8) {
        let width = match nag {
            0..=9 => 2,
            10..=99 => 3,
            _ => 4,
        };
        self.open_pending();
        self.separate(width);
        self.out.push('$');
        push_number(self.out, u32::from(nag));
        self.line_len += width;
    }

    /// Closes every variation still open (a game that stopped inside one).
    fn close_variations(&mut self) {
        while self.depth > 0 {
            self.end_variation();
        }
    }
}

/// The tags of a set-up start.
fn write_setup_tags(out: &mut String, fen: &str) {
    tag(out, "SetUp", "1");
    tag(out, "FEN", fen);
}

impl GameVisitor for PgnWriter<'_> {
    type Output = ();
    // A whole-database pass: its own copy of the replayer.
    const INLINE_IN_DECODER: bool = true;

    fn headers(&mut self, headers: &Headers) {
        if !self.movetext {
            self.write_tags(headers);
        }
    }

    fn setup(&mut self, fen: &str, _pos: &Chess) {
        if self.tags_written && !self.movetext {
            // After the headers (as every decoder sends them): written at once.
            write_setup_tags(self.out, fen);
        } else {
            self.fen = Some(String::from(fen));
        }
    }

    fn wants_san(&self) -> bool {
        true
    }

    // Out of line, in its own replayer copy too: the writer's work a move
    // dwarfs a call, and the copy stays small in the wasm module.
    #[inline(never)]
    fn ply_san(&mut self, before: &Chess, ply: &Ply, san: San) -> ControlFlow<()> {
        // The check mark comes from the position `after_ply` gives, which
        // follows every `ply_san`: no copy of the position, no replay.
        self.begin_move(before, ply, Some(san));
        self.mark_pending = true;
        ControlFlow::Continue(())
    }

    #[inline(never)]
    fn after_ply(&mut self, after: &Chess, checkers: Bitboard) {
        if core::mem::take(&mut self.mark_pending) {
            push_mark(self.out, after, checkers);
            self.end_move();
        }
    }

    fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
        self.write_ply(before, ply, None)
    }

    fn comment(&mut self, text: &str, _at: Placement) {
        self.flush_nags_before();
        self.comment_text(text);
    }

    fn nag(&mut self, nag: u8, at: Placement) {
        match at {
            // PGN has no glyph before a move: keep it for after the move.
            Placement::Before => self.nags_before.push(nag),
            Placement::After => self.nag_token(nag),
        }
    }

    fn eval(&mut self, eval: &Eval) {
        match eval {
            Eval::Engine { centipawns, cap } => {
                let c = eval_command(*centipawns, *cap);
                self.comment_text(&c);
            }
            Eval::Author { text } => self.comment_text(text),
        }
    }

    fn diagram(&mut self, _at: Placement) {
        self.comment_text(DIAGRAM_COMMENT);
    }

    fn raw(&mut self, item: &RawItem) {
        if let Some(c) = ca_command(item) {
            self.comment_text(&c);
        }
    }

    fn game_comment(&mut self, text: &str) {
        // A comment on the whole game follows the main line.
        self.close_variations();
        self.comment_text(text);
    }

    fn begin_variation(&mut self) -> Skip {
        self.flush_nags_before();
        self.depth += 1;
        self.unopened += 1;
        self.need_number = true;
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.depth == 0 {
            return;
        }
        self.flush_nags_before();
        self.depth -= 1;
        if self.unopened > 0 {
            // Nothing was written in it: no `( )`.
            self.unopened -= 1;
        } else {
            self.token(")");
        }
        self.need_number = true;
    }

    fn end_game(&mut self) {
        self.close_variations();
        self.flush_nags_before();
        let result = self.result;
        self.token(result);
        self.out.push_str("\n\n");
        self.line_len = 0;
    }
}

#[cfg(test)]
mod tests;
