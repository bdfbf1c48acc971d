//! PGN import (feature `std`): text to [`Game`] trees, through pgn-reader.
//!
//! Used by the Chess Assistant writer, the codec CLIs and the tests. Comments
//! carrying `[%eval x]` become [`Eval::Engine`] and `[#]` a diagram marker, so
//! the PGN written by [`super::pgn`] reads back into the same tree.
//!
//! ```
//! let games = cadb::game::import::read_pgn("1. e4 {best} (1. d4) e5 $1 *").unwrap();
//! assert_eq!(games[0].main_line_sans().unwrap(), ["e4", "e5"]);
//! assert_eq!(games[0].moves[0].variations.len(), 1);
//! ```

use std::{io, ops::ControlFlow, string::String, vec::Vec};

use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, san::San};

use super::{
    Codec, Date, Eval, Game, GameResult, GameVisitor, Headers, Placement, Ply, RawItem, TreeBuilder,
};
use crate::{
    error::ErrorKind,
    game::visitor::Skip as OurSkip,
    limits::{Limits, MAX_COMMENT_BYTES, MAX_PLIES, MAX_VARIATION_DEPTH},
};

/// Why a PGN game could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// Index of the game in the input (0-based).
    pub game: usize,
    /// What went wrong, with the move text.
    pub message: String,
}

impl core::fmt::Display for ImportError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PGN game {}: {}", self.game, self.message)
    }
}

impl std::error::Error for ImportError {}

/// Reads every game of a PGN text; the first illegal or unreadable game is an error.
pub fn read_pgn(text: &str) -> Result<Vec<Game>, ImportError> {
    read_pgn_lenient(text).into_iter().collect()
}

/// Reads every game of a PGN text, keeping going after bad games.
pub fn read_pgn_lenient(text: &str) -> Vec<Result<Game, ImportError>> {
    read_pgn_bytes(text.as_bytes())
}

/// As [`read_pgn_lenient`], from bytes (read as UTF-8, invalid sequences replaced).
pub fn read_pgn_bytes(bytes: &[u8]) -> Vec<Result<Game, ImportError>> {
    read_pgn_bytes_with(bytes, &Limits::default())
}

/// As [`read_pgn_bytes`], under `limits`: past [`Limits::max_pgn_games`]
/// games, one error says so and reading stops. Each game is bounded too:
/// variations nest at most [`MAX_VARIATION_DEPTH`] deep, a comment holds
/// at most [`MAX_COMMENT_BYTES`] and a game at most [`MAX_PLIES`] plies;
/// past them the game is an error.
///
/// ```
/// use cadb::{game::import::read_pgn_bytes_with, limits::Limits};
/// let two = read_pgn_bytes_with(b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n", &Limits { max_pgn_games: 2, ..Limits::default() });
/// assert_eq!(two.len(), 3);
/// assert!(two[2].as_ref().unwrap_err().message.contains("limit of 2"));
/// let deep = format!("1. e4 {}e5{} *", "(1. d4 ".repeat(100), ")".repeat(100));
/// assert!(cadb::game::import::read_pgn(&deep).unwrap_err().message.contains("deeper than 64"));
/// ```
pub fn read_pgn_bytes_with(bytes: &[u8], limits: &Limits) -> Vec<Result<Game, ImportError>> {
    let mut reader = Reader::new(io::Cursor::new(bytes));
    let mut out = Vec::new();
    let mut importer = Importer;
    while let Ok(Some(result)) = reader.read_game(&mut importer) {
        let index = out.len();
        if index as u64 >= limits.max_pgn_games {
            let k = ErrorKind::TooLarge {
                what: "games in one PGN import",
                size: index as u64 + 1,
                limit: limits.max_pgn_games,
            };
            out.push(Err(ImportError {
                game: index,
                message: k.to_string(),
            }));
            break;
        }
        out.push(result.map_err(|message| ImportError {
            game: index,
            message,
        }));
    }
    out
}

struct Importer;

/// Movetext state: the tree under construction and the positions of open lines.
struct Movetext {
    tree: TreeBuilder,
    /// Position after the last ply of each open line, and before it (for a variation).
    stack: Vec<(Chess, Chess)>,
    error: Option<String>,
    result: GameResult,
    /// Plies read so far, variations included.
    plies: u32,
}

impl Movetext {
    fn top(&mut self) -> &mut (Chess, Chess) {
        self.stack.last_mut().expect("the main line is always open")
    }
}

fn too_large(what: &'static str, size: u64, limit: u64) -> String {
    ErrorKind::TooLarge { what, size, limit }.to_string()
}

fn text(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

fn set_tag(h: &mut Headers, name: &str, value: String) {
    let opt = |v: String| (!v.is_empty() && v != "?").then_some(v);
    match name {
        "Event" => h.event = opt(value),
        "Site" => h.site = opt(value),
        "Date" => h.date = Date::from_pgn(&value),
        "Round" => h.round = opt(value),
        "White" => h.white = opt(value),
        "Black" => h.black = opt(value),
        "Result" => h.result = GameResult::from_pgn(&value).unwrap_or_default(),
        "WhiteElo" => h.white_elo = value.parse().ok().filter(|&e| e > 0),
        "BlackElo" => h.black_elo = value.parse().ok().filter(|&e| e > 0),
        "WhiteTitle" => h.white_title = opt(value),
        "BlackTitle" => h.black_title = opt(value),
        "ECO" => h.eco = opt(value),
        "Annotator" => h.annotator = opt(value),
        "Source" => h.source = opt(value),
        _ => h.other.push((String::from(name), value)),
    }
}

impl Visitor for Importer {
    type Tags = Headers;
    type Movetext = Movetext;
    type Output = Result<Game, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Headers> {
        ControlFlow::Continue(Headers::default())
    }

    fn tag(
        &mut self,
        tags: &mut Headers,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let name = String::from_utf8_lossy(name);
        set_tag(tags, &name, value.decode_utf8_lossy().into_owned());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, mut tags: Headers) -> ControlFlow<Self::Output, Movetext> {
        let fen = tags
            .other
            .iter()
            .position(|(k, _)| k == "FEN")
            .map(|i| tags.other.remove(i).1);
        tags.other.retain(|(k, _)| k != "SetUp");
        let mut tree = TreeBuilder::new();
        tree.headers(&tags);
        let pos = match super::start_position(fen.as_deref()) {
            Ok(p) => p,
            Err(e) => return ControlFlow::Break(Err(format!("FEN {fen:?}: {e}"))),
        };
        if let Some(f) = &fen {
            tree.setup(f, &pos);
        }
        ControlFlow::Continue(Movetext {
            tree,
            stack: vec![(pos.clone(), pos)],
            error: None,
            result: tags.result,
            plies: 0,
        })
    }

    fn san(&mut self, m: &mut Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if m.error.is_some() {
            return ControlFlow::Continue(());
        }
        m.plies += 1;
        if m.plies > MAX_PLIES {
            m.error = Some(too_large(
                "plies in one game",
                m.plies.into(),
                MAX_PLIES.into(),
            ));
            return ControlFlow::Continue(());
        }
        let (pos, before) = m.top();
        let ply = if san_plus.san == San::Null {
            Ply::Null
        } else {
            match san_plus.san.to_move(pos) {
                Ok(mv) => Ply::Move(mv),
                Err(_) => {
                    let fen = super::fen_of(pos);
                    m.error = Some(format!("illegal move {san_plus} in {fen}"));
                    return ControlFlow::Continue(());
                }
            }
        };
        let old = pos.clone();
        if super::play_ply(pos, &ply).is_err() {
            m.error = Some(format!("illegal null move in {}", super::fen_of(pos)));
            return ControlFlow::Continue(());
        }
        *before = old.clone();
        let _ = m.tree.ply(&old, &ply);
        ControlFlow::Continue(())
    }

    fn nag(&mut self, m: &mut Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        m.tree.nag(nag.0, Placement::After);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, m: &mut Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        let len = comment.as_bytes().len() as u64;
        if len > MAX_COMMENT_BYTES {
            m.error = Some(too_large("comment bytes", len, MAX_COMMENT_BYTES));
            return ControlFlow::Continue(());
        }
        let (rest, evals, diagram, raws) = split_commands(&text(comment.as_bytes()));
        if !rest.is_empty() {
            m.tree.comment(&rest, Placement::After);
        }
        for e in evals {
            m.tree.eval(&e);
        }
        for r in raws {
            m.tree.raw(&r);
        }
        if diagram {
            m.tree.diagram(Placement::After);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, m: &mut Movetext) -> ControlFlow<Self::Output, Skip> {
        if m.error.is_some() {
            return ControlFlow::Continue(Skip(true));
        }
        // The main line is the first entry: the stack holds depth + 1.
        if m.stack.len() > MAX_VARIATION_DEPTH as usize {
            let k = ErrorKind::TooDeep {
                limit: MAX_VARIATION_DEPTH,
            };
            m.error = Some(k.to_string());
            return ControlFlow::Continue(Skip(true));
        }
        let before = m.top().1.clone();
        let OurSkip(skip) = m.tree.begin_variation();
        m.stack.push((before.clone(), before));
        ControlFlow::Continue(Skip(skip))
    }

    fn end_variation(&mut self, m: &mut Movetext) -> ControlFlow<Self::Output> {
        if m.stack.len() > 1 {
            m.stack.pop();
            m.tree.end_variation();
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, m: &mut Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        m.result = match outcome {
            Outcome::Known(shakmaty::KnownOutcome::Decisive { winner }) if winner.is_white() => {
                GameResult::WhiteWins
            }
            Outcome::Known(shakmaty::KnownOutcome::Decisive { .. }) => GameResult::BlackWins,
            Outcome::Known(shakmaty::KnownOutcome::Draw) => GameResult::Draw,
            Outcome::Unknown => GameResult::Unknown,
        };
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut m: Movetext) -> Self::Output {
        if let Some(e) = m.error {
            return Err(e);
        }
        let mut game = m.tree.end_game();
        if game.headers.result == GameResult::Unknown {
            game.headers.result = m.result;
        }
        Ok(game)
    }
}

/// Splits `[%eval x]`, `[%ca CODE HEX]` and `[#]` commands out of a comment's text.
/// The value of `[%name value]`: after any whitespace, a line break too
/// (a PGN writer may wrap a long comment there, cadb's own included).
fn command_value<'a>(cmd: &'a str, name: &str) -> Option<&'a str> {
    let v = cmd.strip_prefix(name)?;
    v.starts_with(|c: char| c.is_ascii_whitespace())
        .then_some(v)
}

fn split_commands(comment: &str) -> (String, Vec<Eval>, bool, Vec<RawItem>) {
    let mut rest = String::new();
    let mut evals = Vec::new();
    let mut raws = Vec::new();
    let mut diagram = false;
    let mut s = comment;
    while let Some(start) = s.find('[') {
        let Some(len) = s[start..].find(']') else {
            break;
        };
        let cmd = &s[start + 1..start + len];
        let consumed = if cmd == "#" {
            diagram = true;
            true
        } else if let Some(v) = command_value(cmd, "%eval") {
            match parse_eval(v.trim()) {
                Some(e) => {
                    evals.push(e);
                    true
                }
                None => false,
            }
        } else if let Some(v) = command_value(cmd, "%ca") {
            match parse_ca(v.trim()) {
                Some(r) => {
                    raws.push(r);
                    true
                }
                None => false,
            }
        } else {
            false
        };
        rest.push_str(&s[..start]);
        if !consumed {
            rest.push_str(&s[start..=start + len]);
        }
        s = &s[start + len + 1..];
    }
    rest.push_str(s);
    (
        rest.split_whitespace().collect::<Vec<_>>().join(" "),
        evals,
        diagram,
        raws,
    )
}

/// `233 42` (a code, then its bytes in hex, as [`super::pgn::ca_command`]
/// writes them) to a Chess Assistant raw item; `None` when malformed.
fn parse_ca(v: &str) -> Option<RawItem> {
    // Any whitespace apart: a long command may be wrapped at its space.
    let mut parts = v.split_whitespace();
    let (code, hex) = (parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let code: u8 = code.parse().ok()?;
    let hex = hex.as_bytes();
    if hex.len() % 2 != 0 || hex.len() > 2 * MAX_COMMENT_BYTES as usize {
        return None;
    }
    let digit = |c: u8| char::from(c).to_digit(16).map(|d| d as u8);
    let bytes = hex
        .chunks_exact(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect::<Option<Vec<u8>>>()?;
    Some(RawItem {
        source: Codec::ChessAssistant,
        code,
        bytes,
    })
}

/// `0.35`, `-1.20` (pawns) to centipawns; `CAP` suffix kept as a flag.
fn parse_eval(v: &str) -> Option<Eval> {
    // Any whitespace before CAP: the writer may wrap the line there.
    let (v, cap) = match v.strip_suffix("CAP") {
        Some(rest) if rest.ends_with(|c: char| c.is_ascii_whitespace()) => (rest.trim(), true),
        _ => (v, false),
    };
    let pawns: f64 = v.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp >= f64::from(i16::MIN) && cp <= f64::from(i16::MAX)).then_some(Eval::Engine {
        centipawns: cp as i16,
        cap,
    })
}
