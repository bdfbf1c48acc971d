//! The tokenizer every search expression shares: words split at white
//! space (a `"quoted phrase"` is one word), each with its place, and the
//! error that names the field, the place, the token and what was expected.

use alloc::{string::String, vec::Vec};

use crate::error::{Error, ErrorKind, FileKind};

/// A word of an expression: its text and the character offset (0-based)
/// where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub text: &'a str,
    pub at: u32,
}

impl<'a> Token<'a> {
    /// The error "unexpected (this token's part from byte `from`) at its
    /// place: expected `expected`".
    pub fn error_from(&self, field: &'static str, from: usize, expected: &str) -> Error {
        let rest = self.text.get(from..).unwrap_or("");
        let at = self.at + self.text[..from.min(self.text.len())].chars().count() as u32;
        error(field, at, rest, expected)
    }

    /// The error "unexpected (this token) at its place: expected `expected`".
    pub fn error(&self, field: &'static str, expected: &str) -> Error {
        self.error_from(field, 0, expected)
    }
}

/// The error of an expression: see [`ErrorKind::Query`].
pub(crate) fn error(field: &'static str, at: u32, token: &str, expected: &str) -> Error {
    Error::new(
        ErrorKind::Query {
            field,
            at,
            token: token.chars().take(40).collect(),
            expected: String::from(expected),
        },
        FileKind::Argument,
    )
}

/// The words of one expression, read front to back.
pub(crate) struct Lexer<'a> {
    pub field: &'static str,
    tokens: Vec<Token<'a>>,
    next: usize,
    /// The character offset of the expression's end.
    end: u32,
}

/// The longest expression read: a query is typed by a person.
pub const MAX_LEN: usize = 4096;

impl<'a> Lexer<'a> {
    /// Splits `text` at white space; a word that starts with `"` runs to
    /// the next `"` (which must come).
    pub fn new(field: &'static str, text: &'a str) -> Result<Lexer<'a>, Error> {
        if text.len() > MAX_LEN {
            let at = text
                .char_indices()
                .take_while(|&(b, _)| b < MAX_LEN)
                .count() as u32;
            return Err(error(field, at, "", "an expression of at most 4096 bytes"));
        }
        let mut tokens = Vec::new();
        let mut chars = text.char_indices().enumerate().peekable();
        while let Some((k, (b, c))) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            let quoted = c == '"';
            let mut end = b + c.len_utf8();
            let mut closed = !quoted;
            while let Some(&(_, (b2, c2))) = chars.peek() {
                if quoted && c2 == '"' {
                    chars.next();
                    end = b2 + 1;
                    closed = true;
                    break;
                }
                if !quoted && c2.is_whitespace() {
                    break;
                }
                end = b2 + c2.len_utf8();
                chars.next();
            }
            let token = Token {
                text: &text[b..end],
                at: k as u32,
            };
            if !closed {
                return Err(token.error(field, "a closing `\"`"));
            }
            tokens.push(token);
        }
        Ok(Lexer {
            field,
            tokens,
            next: 0,
            end: text.chars().count() as u32,
        })
    }

    /// The next word, not taken.
    pub fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    /// The next word, taken.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let t = self.peek();
        self.next += usize::from(t.is_some());
        t
    }

    /// Takes the next word if it is `word` (ASCII case-insensitive).
    pub fn eat(&mut self, word: &str) -> bool {
        let yes = self
            .peek()
            .is_some_and(|t| t.text.eq_ignore_ascii_case(word));
        self.next += usize::from(yes);
        yes
    }

    /// The next word, or an error naming the end.
    pub fn expect(&mut self, expected: &str) -> Result<Token<'a>, Error> {
        self.next_token().ok_or_else(|| self.at_end(expected))
    }

    /// The error "unexpected end: expected `expected`".
    pub fn at_end(&self, expected: &str) -> Error {
        error(self.field, self.end, "", expected)
    }

    /// The error at the next word (or the end).
    pub fn unexpected(&self, expected: &str) -> Error {
        match self.peek() {
            Some(t) => t.error(self.field, expected),
            None => self.at_end(expected),
        }
    }
}

/// A number of plies or pieces: ASCII digits, at most 9 of them.
pub(crate) fn number(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// The length of the run of ASCII digits at the front of `s`.
pub(crate) fn digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}
