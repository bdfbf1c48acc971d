//! `pattern`: pieces required on squares or files, or forbidden there
//! (`Nd5 !pc`), or a whole board compared in one of four ways
//! (`board pawns FEN`); see docs/search.md.
//!
//! A game stops being replayed once no later position can match (the
//! rule of [`crate::reach`]): a pawn required on its home rank (rank 2 for
//! White, 7 for Black) where none stands now, since pawns never move
//! onto their home rank; a pawn of a side that has none left (pawns are
//! never added); a knight, bishop, rook or queen a side has neither on the
//! board nor a pawn to promote into it; and for `board exact`, a board
//! whose [`Summary`] the position's cannot reach. Forbidden pieces never
//! rule a game out (a piece can always leave or be taken).
//!
//! ```
//! use cadb::find::Pattern;
//! use shakmaty::Board;
//! let p = Pattern::parse("Pe2 !pe").unwrap();
//! assert!(!p.holds(&Board::new())); // Black has an e-pawn
//! assert!(Pattern::parse("Pe2 !Pe").is_err()); // e2 both required and forbidden
//! ```

use alloc::{vec, vec::Vec};

use shakmaty::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

use super::{
    lex::{Lexer, Token},
    run::Run,
};
use crate::{error::Error, reach::Summary};

const FIELD: &str = "pattern";

/// A piece required on one of `squares`, or (`forbid`) on none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub piece: Piece,
    pub squares: Bitboard,
    pub forbid: bool,
}

/// How a `board` pattern compares a position with its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The same placement.
    Exact,
    /// The same pawns on the same squares.
    Pawns,
    /// The same number of pawns of each colour on each file.
    Files,
    /// The same count of each piece of each side.
    Material,
}

impl Mode {
    const ALL: [(Mode, &'static str); 4] = [
        (Mode::Exact, "exact"),
        (Mode::Pawns, "pawns"),
        (Mode::Files, "files"),
        (Mode::Material, "material"),
    ];
}

/// A `pattern` expression, parsed: each variant the options ask for (the
/// pattern itself, with colours swapped, mirrored) is kept whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Terms(Vec<Vec<Term>>),
    Board(Mode, Vec<Board>),
}

/// A `pattern` expression, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub shape: Shape,
    pub run: Run,
}

fn piece(c: char) -> Option<Piece> {
    Piece::from_char(c)
}

impl Pattern {
    /// Parses an expression (the syntax: docs/search.md).
    pub fn parse(text: &str) -> Result<Pattern, Error> {
        let mut lex = Lexer::new(FIELD, text)?;
        let mut run = Run::default();
        let (mut either, mut mirror) = (false, false);
        let mut terms = Vec::new();
        let mut board = None;
        if lex.eat("board") {
            let t = lex.expect("a mode (exact, pawns, files, material)")?;
            let mode = Mode::ALL
                .iter()
                .find(|(_, n)| t.text.eq_ignore_ascii_case(n))
                .map(|&(m, _)| m)
                .ok_or_else(|| t.error(FIELD, "a mode (exact, pawns, files, material)"))?;
            let f = lex.expect("a FEN")?;
            let b = Board::from_ascii_board_fen(f.text.as_bytes())
                .map_err(|_| f.error(FIELD, "a FEN (its placement field at least)"))?;
            // The FEN's other fields are not compared.
            while lex.peek().is_some_and(|t| fen_field(t.text)) {
                lex.next_token();
            }
            board = Some((mode, b));
        } else {
            while let Some(t) = lex.peek() {
                if is_option(t.text) {
                    break;
                }
                lex.next_token();
                terms.push((term(t)?, t));
            }
            if terms.is_empty() {
                return Err(lex.unexpected("a piece and a square or file (Nd5, !pc)"));
            }
        }
        while lex.peek().is_some() {
            if lex.eat("either") {
                either = true;
            } else if lex.eat("mirror") {
                mirror = true;
            } else if !run.option(&mut lex)? {
                return Err(lex.unexpected("an option (either, mirror, for N, plies A-B)"));
            }
        }
        let shape = match board {
            Some((mode, b)) => Shape::Board(
                mode,
                variants(b, either, mirror, Board::into_mirrored, |mut b| {
                    b.flip_horizontal();
                    b
                }),
            ),
            None => {
                clash(&terms)?;
                let terms: Vec<Term> = terms.into_iter().map(|(t, _)| t).collect();
                let each = |terms: Vec<Term>, f: &dyn Fn(Term) -> Term| {
                    terms.into_iter().map(f).collect::<Vec<Term>>()
                };
                let turn = |t: Term| Term {
                    piece: Piece {
                        color: !t.piece.color,
                        role: t.piece.role,
                    },
                    squares: t.squares.flip_vertical(),
                    ..t
                };
                let flip = |t: Term| Term {
                    squares: t.squares.flip_horizontal(),
                    ..t
                };
                Shape::Terms(variants(
                    terms,
                    either,
                    mirror,
                    |t| each(t, &turn),
                    |t| each(t, &flip),
                ))
            }
        };
        Ok(Pattern { shape, run })
    }

    /// Whether `board` matches the pattern or one of its variants.
    #[inline]
    pub fn holds(&self, board: &Board) -> bool {
        match &self.shape {
            Shape::Terms(all) => all.iter().any(|terms| {
                terms.iter().all(|t| {
                    let on = board.by_piece(t.piece) & t.squares;
                    on.is_empty() == t.forbid
                })
            }),
            Shape::Board(mode, all) => all.iter().any(|b| match mode {
                Mode::Exact => board == b,
                Mode::Pawns => {
                    let pawns = |x: &Board, c: Color| x.pawns() & x.by_color(c);
                    pawns(board, Color::White) == pawns(b, Color::White)
                        && pawns(board, Color::Black) == pawns(b, Color::Black)
                }
                Mode::Files => files(board) == files(b),
                Mode::Material => board.material() == b.material(),
            }),
        }
    }
}

/// `base`, and with `either` it turned, with `mirror` each of those flipped.
fn variants<T: Clone>(
    base: T,
    either: bool,
    mirror: bool,
    turn: impl Fn(T) -> T,
    flip: impl Fn(T) -> T,
) -> Vec<T> {
    let mut all = vec![base];
    if either {
        all.push(turn(all[0].clone()));
    }
    if mirror {
        for k in 0..all.len() {
            all.push(flip(all[k].clone()));
        }
    }
    all
}

impl Pattern {
    /// Whether a game at `board` may still match (the rule in the module
    /// docs of `pattern.rs`); `false` is certain.
    #[inline]
    pub fn reachable_from(&self, board: &Board) -> bool {
        match &self.shape {
            Shape::Terms(all) => all
                .iter()
                .any(|terms| terms.iter().all(|t| t.forbid || may_appear(board, t))),
            Shape::Board(Mode::Exact, all) => {
                let now = Summary::of(board);
                all.iter().any(|b| now.reaches(Summary::of(b)))
            }
            Shape::Board(..) => true,
        }
    }
}

/// Whether the piece of a required term may stand on one of its squares
/// in some later position.
fn may_appear(board: &Board, t: &Term) -> bool {
    let pawns = board.pawns() & board.by_color(t.piece.color);
    match t.piece.role {
        Role::King => true,
        Role::Pawn => {
            let home = Bitboard::from_rank(match t.piece.color {
                Color::White => Rank::Second,
                Color::Black => Rank::Seventh,
            });
            if t.squares & !home == Bitboard::EMPTY {
                (pawns & t.squares).any()
            } else {
                pawns.any()
            }
        }
        _ => board.by_piece(t.piece).any() || pawns.any(),
    }
}

/// Pawns per file, White's then Black's.
fn files(b: &Board) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (k, c) in [Color::White, Color::Black].into_iter().enumerate() {
        for f in File::ALL {
            out[8 * k + f as usize] =
                (b.pawns() & b.by_color(c) & Bitboard::from_file(f)).count() as u8;
        }
    }
    out
}

fn is_option(word: &str) -> bool {
    ["either", "mirror", "for", "plies"]
        .iter()
        .any(|o| word.eq_ignore_ascii_case(o))
}

/// A FEN's field after the placement: side, castling, en passant, counters.
fn fen_field(word: &str) -> bool {
    !is_option(word)
        && word
            .bytes()
            .all(|b| b"-wbKQkqABCDEFGHabcdefgh0123456789".contains(&b))
}

/// `Nd5`, `!pc`.
fn term(t: Token) -> Result<Term, Error> {
    let s = t.text;
    let (forbid, from) = match s.strip_prefix('!') {
        Some(_) => (true, 1),
        None => (false, 0),
    };
    let mut chars = s[from..].chars();
    let p = chars
        .next()
        .and_then(piece)
        .ok_or_else(|| t.error_from(FIELD, from, "a piece letter (K Q R B N P, k q r b n p)"))?;
    let at = from + 1;
    let rest = &s[at..];
    let squares = if rest.len() == 1 {
        File::from_char(rest.chars().next().unwrap_or(' ')).map(Bitboard::from_file)
    } else {
        rest.parse::<Square>().ok().map(Bitboard::from_square)
    };
    let squares = squares.ok_or_else(|| t.error_from(FIELD, at, "a square (d5) or a file (c)"))?;
    Ok(Term {
        piece: p,
        squares,
        forbid,
    })
}

/// An error (at the forbidding term) when a piece is both required and
/// forbidden on a square.
fn clash(terms: &[(Term, Token)]) -> Result<(), Error> {
    for (a, _) in terms.iter().filter(|(t, _)| !t.forbid) {
        for (b, at) in terms.iter().filter(|(t, _)| t.forbid && t.piece == a.piece) {
            if (a.squares & b.squares).any() {
                return Err(at.error(
                    FIELD,
                    "a term that does not forbid a square another requires for the same piece",
                ));
            }
        }
    }
    Ok(())
}
