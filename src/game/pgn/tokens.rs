//! The text of the PGN writer's tokens, each pushed into its buffer
//! without the formatting machinery: SAN, check marks, numbers, tag pairs,
//! `[%eval]`, and whether a comment can be written as it is.

use alloc::string::String;

use shakmaty::{Bitboard, Chess, san::San};

/// Whether `text` is ASCII words separated by single spaces, with no
/// `}` and no control character: a comment written as it is. Each byte
/// is checked beside the one before, with no early exit, so the compiler
/// vectorises it.
pub(super) fn plain_words(text: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (text.first(), text.last()) else {
        return false;
    };
    let bad = |b: u8| !b.is_ascii() | (b == b'}') | (b < b' ') | (b == 0x7f);
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
    // Most moves give no check: no call.
    if checkers.is_empty() {
        return;
    }
    if let Some(mark) = crate::legal::suffix(after, checkers) {
        s.push(mark.char());
    }
}

/// Decimal digits of `n`, without the formatting machinery (once a move).
pub(super) fn push_number(out: &mut String, n: u32) {
    // Move numbers: most have one or two digits.
    let digit = |d: u32| char::from(b'0' + d as u8);
    match n {
        0..=9 => out.push(digit(n)),
        10..=99 => {
            out.push(digit(n / 10));
            out.push(digit(n % 10));
        }
        _ => crate::text::decimal(n, 1, |d| out.push(char::from(d))),
    }
}

/// The bytes that send a tag value through the slow path: `"`, `\\`,
/// C0 controls, DEL and 0xC2 (which leads every C1 control).
const TAG_ESCAPES: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[0x7f] = true;
    t[0xc2] = true;
    t
};

/// [`tag`] with a name read from elsewhere (a PGN's own tags, a caller's):
/// its control characters escaped too.
pub(super) fn any_tag(out: &mut String, name: &str, value: &str) {
    if name.contains(is_escaped_control) {
        let mut escaped = String::new();
        push_text(&mut escaped, name);
        tag(out, &escaped, value);
    } else {
        tag(out, name, value);
    }
}

/// A tag pair's line, its value escaped as PGN asks: `"` and `\\` after a
/// `\\`, line breaks dropped, and other control characters as
/// [`push_text`] writes them. The name is the writer's own ([`any_tag`]
/// for others).
pub(super) fn tag(out: &mut String, name: &str, value: &str) {
    out.reserve(name.len() + value.len() + 6);
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    // A table and a fold with no exit inside: values are short, and a
    // byte costs a load and an `or`.
    let escapes = (value.bytes()).fold(false, |acc, b| acc | TAG_ESCAPES[usize::from(b)]);
    if !escapes {
        // Nothing to escape or drop (the usual case): one copy.
        out.push_str(value);
        out.push_str("\"]\n");
        return;
    }
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => {}
            _ => push_char(out, c),
        }
    }
    out.push_str("\"]\n");
}

/// Whether `c` is a control character the PGN writer escapes: any but tab
/// and newline (C0, DEL and C1). PGN allows none, and one in a name or a
/// comment could drive the terminal `cadb pgn` prints to (an ESC sequence).
pub fn is_escaped_control(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

/// Appends `text`, each control character [`is_escaped_control`] names
/// written as a `\u00XX` escape (as JSON writes it).
///
/// ```
/// let mut out = String::new();
/// cadb::game::pgn::push_text(&mut out, "a\u{1b}[2Jb\tc\u{9b}");
/// assert_eq!(out, "a\\u001b[2Jb\tc\\u009b");
/// ```
pub fn push_text(out: &mut String, text: &str) {
    if !text.contains(is_escaped_control) {
        out.push_str(text);
        return;
    }
    for c in text.chars() {
        push_char(out, c);
    }
}

/// One character of [`push_text`].
fn push_char(out: &mut String, c: char) {
    if !is_escaped_control(c) {
        out.push(c);
        return;
    }
    // Every control is below U+00A0: two hex digits.
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let n = u32::from(c) as usize;
    out.push_str("\\u00");
    out.push(char::from(HEX[n >> 4 & 15]));
    out.push(char::from(HEX[n & 15]));
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
