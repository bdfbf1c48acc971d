//! Jose's own PGN movetext import, so that encoding text gives Jose's bytes.
//!
//! The general PGN importer ([`crate::game::import`]) normalises comment
//! whitespace and reads `[%eval]` commands; Jose keeps comment text verbatim,
//! writes a result code only when the text has a result token, writes no
//! `0xf1` for a parenthesis left open, reads `;` comments to the end of the
//! line (dropping the last character when the text ends first, as Jose
//! does), and turns input it cannot read into error records (`0xe1`–`0xe4`)
//! instead of failing. This module does the same.

use alloc::vec::Vec;
use shakmaty::{
    Chess,
    san::{San, SanError, SanPlus},
};

use super::Encoder;
use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{
    Codec, Game, GameResult, GameVisitor, Headers, Placement, Ply, RawItem, TreeBuilder,
};
use crate::limits::MAX_VARIATION_DEPTH;

/// One movetext token.
enum Tok<'a> {
    Move {
        san: SanPlus,
        word: &'a str,
        nag: Option<u8>,
    },
    Null,
    Nag(u8),
    Comment(&'a str),
    Open,
    Close,
    Result(GameResult),
    /// An error record: code and the offending text.
    Error(u8, &'a str),
}

const ERR_UNREADABLE: u8 = 0xe1;
const ERR_ILLEGAL: u8 = 0xe2;
const ERR_AMBIGUOUS: u8 = 0xe3;
const ERR_UNRECOGNISED: u8 = 0xe4;

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-=+#!?./:_".contains(c)
}

/// `!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5, `?!` = 6.
fn suffix_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

fn word_token(word: &str) -> Option<Tok<'_>> {
    match word {
        "1-0" => return Some(Tok::Result(GameResult::WhiteWins)),
        "0-1" => return Some(Tok::Result(GameResult::BlackWins)),
        "1/2-1/2" => return Some(Tok::Result(GameResult::Draw)),
        _ => {}
    }
    let mut rest = word;
    // A move number ("12." or "12...") may be glued to the move ("1.e4").
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && rest[digits..].starts_with('.') {
        rest = rest[digits..].trim_start_matches('.');
    }
    if rest.is_empty() {
        return None;
    }
    if rest == "--" {
        return Some(Tok::Null);
    }
    let body = rest.trim_end_matches(['!', '?']);
    let nag = match &rest[body.len()..] {
        "" => None,
        s => match suffix_nag(s) {
            Some(n) => Some(n),
            None => return Some(Tok::Error(ERR_UNRECOGNISED, word)),
        },
    };
    let castles = body.replace('0', "O");
    let ascii = if body.starts_with("0-0") {
        castles.as_bytes()
    } else {
        body.as_bytes()
    };
    Some(match SanPlus::from_ascii(ascii) {
        Ok(san) => Tok::Move { san, word, nag },
        Err(_) => Tok::Error(ERR_UNREADABLE, word),
    })
}

/// Splits movetext into tokens (no allocation beyond the token list).
fn tokenize(text: &str) -> Vec<Tok<'_>> {
    let mut toks = Vec::new();
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        let next = i + c.len_utf8();
        match c {
            _ if c.is_whitespace() => i = next,
            '{' => {
                let end = text[next..].find('}').map_or(text.len(), |e| next + e);
                toks.push(Tok::Comment(&text[next..end]));
                i = (end + 1).min(text.len());
            }
            ';' => match text[next..].find('\n') {
                Some(e) => {
                    toks.push(Tok::Comment(&text[next..next + e]));
                    i = next + e + 1;
                }
                None => {
                    // Jose loses the last character of a `;` comment that ends the text.
                    let rest = &text[next..];
                    let cut = rest.char_indices().last().map_or(0, |(k, _)| k);
                    toks.push(Tok::Comment(&rest[..cut]));
                    i = text.len();
                }
            },
            '(' => {
                toks.push(Tok::Open);
                i = next;
            }
            ')' => {
                toks.push(Tok::Close);
                i = next;
            }
            '*' => {
                toks.push(Tok::Result(GameResult::Unknown));
                i = next;
            }
            '$' => {
                let len = text[next..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(text.len() - next);
                let word = &text[i..next + len];
                toks.push(match text[next..next + len].parse::<u8>() {
                    Ok(n) => Tok::Nag(n),
                    Err(_) => Tok::Error(ERR_UNRECOGNISED, word),
                });
                i = next + len;
            }
            _ if is_word_char(c) => {
                let len = text[i..]
                    .find(|c: char| !is_word_char(c))
                    .unwrap_or(text.len() - i);
                if let Some(t) = word_token(&text[i..i + len]) {
                    toks.push(t);
                }
                i += len;
            }
            // Anything else is one unrecognised character, as in Jose.
            _ => {
                toks.push(Tok::Error(ERR_UNRECOGNISED, &text[i..next]));
                i = next;
            }
        }
    }
    toks
}

/// The result token, if any (the last one wins).
fn result_of(toks: &[Tok<'_>]) -> Option<GameResult> {
    toks.iter().rev().find_map(|t| match t {
        Tok::Result(r) => Some(*r),
        _ => None,
    })
}

/// Plays the tokens into a visitor. Parentheses left open stay open (no
/// `end_variation`), as Jose writes no `0xf1` for them.
fn drive<V: GameVisitor>(
    toks: &[Tok<'_>],
    start_fen: Option<&str>,
    v: &mut V,
) -> Result<V::Output, Error> {
    let err = |kind: ErrorKind| Error::new(kind, FileKind::Pgn);
    let start = crate::game::fen_argument(start_fen)?;
    v.headers(&Headers {
        result: result_of(toks).unwrap_or_default(),
        ..Headers::default()
    });
    if let Some(fen) = start_fen {
        v.setup(fen, &start);
    }
    // Position after the last ply of each line, and before it.
    let mut line: (Chess, Option<Chess>) = (start, None);
    let mut stack: Vec<(Chess, Option<Chess>)> = Vec::new();
    let mut after_variation = false;
    let mut plies = 0u32;
    let record = |v: &mut V, code: u8, text: &str| {
        v.raw(&RawItem {
            source: Codec::Jose,
            code,
            bytes: text.as_bytes().to_vec(),
        });
    };
    for tok in toks {
        let placement = if after_variation {
            Placement::Before
        } else {
            Placement::After
        };
        match tok {
            Tok::Move { san, word, nag } => {
                let ply = if san.san == San::Null {
                    Ok(Ply::Null)
                } else {
                    san.san.to_move(&line.0).map(Ply::Move)
                };
                match ply {
                    Ok(ply) => {
                        let before = line.0.clone();
                        if crate::game::play_ply(&mut line.0, &ply).is_err() {
                            record(v, ERR_ILLEGAL, word);
                            continue;
                        }
                        if v.ply(&before, &ply).is_break() {
                            break;
                        }
                        line.1 = Some(before);
                        plies += 1;
                        after_variation = false;
                        if let Some(n) = nag {
                            v.nag(*n, Placement::After);
                        }
                    }
                    Err(SanError::AmbiguousSan) => record(v, ERR_AMBIGUOUS, word),
                    Err(_) => record(v, ERR_ILLEGAL, word),
                }
            }
            Tok::Null => {
                let before = line.0.clone();
                if crate::game::play_ply(&mut line.0, &Ply::Null).is_err() {
                    record(v, ERR_ILLEGAL, "--");
                    continue;
                }
                if v.ply(&before, &Ply::Null).is_break() {
                    break;
                }
                line.1 = Some(before);
                plies += 1;
                after_variation = false;
            }
            Tok::Nag(n) => v.nag(*n, placement),
            Tok::Comment(t) => v.comment(t, placement),
            Tok::Open => {
                let Some(before) = line.1.clone() else {
                    return Err(err(ErrorKind::Invalid {
                        what: "a variation starts where there is no move to replace",
                    })
                    .at_ply(plies));
                };
                if stack.len() >= MAX_VARIATION_DEPTH as usize {
                    return Err(err(ErrorKind::TooDeep {
                        limit: MAX_VARIATION_DEPTH,
                    })
                    .at_ply(plies));
                }
                stack.push(core::mem::replace(&mut line, (before, None)));
                let _ = v.begin_variation();
                after_variation = false;
            }
            Tok::Close => match stack.pop() {
                Some(outer) => {
                    line = outer;
                    v.end_variation();
                    after_variation = true;
                }
                None => record(v, ERR_UNRECOGNISED, ")"),
            },
            Tok::Result(_) => {}
            Tok::Error(code, text) => record(v, *code, text),
        }
    }
    Ok(v.end_game())
}

/// Jose's PGN import: movetext (no tags) to (GameText bytes, comment bytes),
/// byte for byte as Jose writes them.
///
/// Unreadable, illegal or ambiguous moves become error records, as in Jose;
/// only a start FEN that is not a legal position, a variation with no move to
/// replace, or nesting deeper than [`MAX_VARIATION_DEPTH`] is an error.
///
/// ```
/// let (bin, comments) = cadb::jose::import_pgn("{Intro} 1. e4 (1. d4) 1... e5 0-1", None).unwrap();
/// assert_eq!(bin, [0xe0, 0x13, 0xf0, 0x0f, 0xf1, 0x13, 0xd0, 0xff]);
/// assert_eq!(comments, b"Intro\0");
/// // No result token, no result code:
/// assert_eq!(cadb::jose::import_pgn("1. e4", None).unwrap().0, [0x13, 0xff]);
/// ```
pub fn import_pgn(text: &str, start_fen: Option<&str>) -> Result<(Vec<u8>, Vec<u8>), Error> {
    let toks = tokenize(text);
    let mut enc = Encoder::new();
    enc.write_result = result_of(&toks).is_some();
    drive(&toks, start_fen, &mut enc)?
}

/// Reads movetext the way Jose does, into the shared game model
/// (comment text verbatim, error records as Jose [`RawItem`]s).
///
/// ```
/// let game = cadb::jose::read_movetext("1. e4 { best } e5 $1 1/2-1/2", None).unwrap();
/// assert_eq!(game.moves[0].comments_after, [" best "]);
/// assert_eq!(game.moves[1].nags, [1]);
/// assert_eq!(game.headers.result, cadb::game::GameResult::Draw);
/// ```
pub fn read_movetext(text: &str, start_fen: Option<&str>) -> Result<Game, Error> {
    drive(&tokenize(text), start_fen, &mut TreeBuilder::new())
}
