//! The text of the PGN writer's tokens, each pushed into its buffer
//! without the formatting machinery: SAN, check marks, numbers, tag pairs,
//! `[%eval]`, and whether a comment can be written as it is.

use alloc::string::String;

use shakmaty::{Bitboard, Chess, san::San};

/// Whether `text` is ASCII words separated by single spaces, with no
/// `}`: a comment written as it is. Each byte is checked beside the one
/// before, with no early exit, so the compiler vectorises it.
pub(super) fn plain_words(text: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (text.first(), text.last()) else {
        return false;
    };
    let bad = |b: u8| !b.is_ascii() | (b == b'}') | (b'\t'..=b'\r').contains(&b);
    let any_bad = text[1..]
        .iter()
        .zip(text)
        .fold(bad(first), |acc, (&b, &before)| {
            acc | bad(b) | ((b == b' ') & (before == b' '))
        });
    !any_bad && first != b' ' && last != b' '
}

/// Appends a SAN (no check mark) to `out`: the text of shakmaty's
/// `Display`, pushed byte by byte into reserved space (shakmaty's own goes
/// through a writer trait a character at a time).
///
/// ```
/// use shakmaty::{Role, Square, san::San};
/// let mut out = String::new();
/// let san = San::Normal { role: Role::Knight, file: Some(shakmaty::File::B), rank: None, capture: true, to: Square::D7, promotion: None };
/// cadb::game::pgn::push_san(&mut out, san);
/// assert_eq!(out, san.to_string());
/// ```
pub fn push_san(out: &mut String, san: San) {
    // Piece letters by `Role as usize` (Pawn = 1 .. King = 6).
    const LETTER: [char; 7] = ['?', 'P', 'N', 'B', 'R', 'Q', 'K'];
    let file = |f: shakmaty::File| char::from(b'a' + f as u8);
    let rank = |r: shakmaty::Rank| char::from(b'1' + r as u8);
    out.reserve(8);
    match san {
        San::Normal {
            role,
            file: from_file,
            rank: from_rank,
            capture,
            to,
            promotion,
        } => {
            if role != shakmaty::Role::Pawn {
                out.push(LETTER[role as usize]);
            }
            if let Some(f) = from_file {
                out.push(file(f));
            }
            if let Some(r) = from_rank {
                out.push(rank(r));
            }
            if capture {
                out.push('x');
            }
            out.push(file(to.file()));
            out.push(rank(to.rank()));
            if let Some(p) = promotion {
                out.push('=');
                out.push(LETTER[p as usize]);
            }
        }
        San::Castle(shakmaty::CastlingSide::KingSide) => out.push_str("O-O"),
        San::Castle(shakmaty::CastlingSide::QueenSide) => out.push_str("O-O-O"),
        San::Put { role, to } => {
            if role != shakmaty::Role::Pawn {
                out.push(LETTER[role as usize]);
            }
            out.push('@');
            out.push(file(to.file()));
            out.push(rank(to.rank()));
        }
        San::Null => out.push_str("--"),
    }
}

/// `+` or `#` when the side to move in `after` is in check (`checkers`).
pub(crate) fn push_mark(s: &mut String, after: &Chess, checkers: Bitboard) {
    if let Some(mark) = crate::legal::suffix(after, checkers) {
        s.push(mark.char());
    }
}

/// Decimal digits of `n`, without the formatting machinery (once a move).
pub(super) fn push_number(out: &mut String, n: u32) {
    crate::text::decimal(n, 1, |d| out.push(char::from(d)));
}

/// A tag pair's line, its value escaped as PGN asks.
pub(super) fn tag(out: &mut String, name: &str, value: &str) {
    out.reserve(name.len() + value.len() + 6);
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    // A fold, not `any`: no exit inside, so the compiler vectorises it.
    let escapes = (value.bytes()).fold(false, |acc, b| {
        acc | matches!(b, b'"' | b'\\' | b'\n' | b'\r')
    });
    if !escapes {
        // Nothing to escape or drop (the usual case): one copy.
        out.push_str(value);
        out.push_str("\"]\n");
        return;
    }
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        if c != '\n' && c != '\r' {
            out.push(c);
        }
    }
    out.push_str("\"]\n");
}

/// The comment that marks a diagram (`{[#]}`, as ChessBase and Scid write it).
pub(crate) const DIAGRAM_COMMENT: &str = "[#]";

/// `[%eval 0.35]` text for centipawns (`CAP` appended for a CAP-tagged value).
pub(crate) fn eval_command(centipawns: i16, cap: bool) -> String {
    let cap = if cap { " CAP" } else { "" };
    alloc::format!("[%eval {}{cap}]", Pawns(centipawns.into()))
}

/// Centipawns as the pawns an `[%eval]` gives: `0.35`, `-1.20`, `0.00`.
pub(crate) struct Pawns(pub i32);

impl core::fmt::Display for Pawns {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}
