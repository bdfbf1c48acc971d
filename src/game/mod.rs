//! The game model every codec shares: headers plus a move tree.
//!
//! A [`Game`] is what a decoder produces and an encoder consumes. Moves are
//! stored as legal [`shakmaty::Move`]s in the context of their position, so
//! SAN, UCI and FEN are derived on demand by replaying ([`Game::replay`]).
//! Variations follow the PGN convention: `node.variations` are alternatives
//! to `node`'s own move (the Chess Assistant reader moves them there from the
//! D02 order, where they come first).
//!
//! ```
//! use cadb::game::{Game, Node};
//! use shakmaty::{Chess, Position, uci::UciMove};
//! let pos = Chess::default();
//! let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
//! let mut game = Game::default();
//! game.moves.push(Node::new(e4));
//! assert_eq!(game.main_line_sans().unwrap(), ["e4"]);
//! ```

pub mod headers;
#[cfg(feature = "pgn")]
pub mod import;
pub mod pgn;
pub mod view;
pub mod visitor;

use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use shakmaty::{CastlingMode, Chess, Move, Position, fen::Fen, san::SanPlus};

pub use headers::{Assessment, Date, GameResult, Headers};
pub(crate) use visitor::Events;
pub use visitor::{GameVisitor, Placement, Skip, TreeBuilder};

/// One game: headers, an optional start position, and the main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tags (players, event, result, ...).
    pub headers: Headers,
    /// FEN of the start position when it is not the standard one.
    pub start_fen: Option<String>,
    /// Comments that belong to no move (a game without moves, or text after the last move).
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<Node>,
}

/// A played move (or null move) and everything attached to it. In JSON,
/// its annotations (the move and its variations are the view's to write,
/// with SAN, UCI and FEN: [`view::MoveView`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Node {
    /// The move; legal in the position before it.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub mv: Ply,
    /// Comments shown before the move.
    pub comments_before: Vec<String>,
    /// Comments shown after the move.
    pub comments_after: Vec<String>,
    /// Numeric annotation glyphs, after the move (`$1` = `!`).
    pub nags: Vec<u8>,
    /// Glyphs a source placed before the move (Chess Assistant comment type 3).
    pub nags_before: Vec<u8>,
    /// Evaluations of the position after the move.
    pub evals: Vec<Eval>,
    /// A diagram is shown before the move (CA type 9).
    pub diagram_before: bool,
    /// A diagram is shown after the move (CA types 8).
    pub diagram_after: bool,
    /// Items kept as they were read, with no known meaning.
    pub raw: Vec<RawItem>,
    /// Alternatives to this move, each a line starting in the position before it.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub variations: Vec<Vec<Node>>,
}

/// What was played at one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ply {
    /// A legal move.
    Move(Move),
    /// A null move: the side to move passes.
    Null,
}

/// An evaluation attached to a position. In JSON, `{ kind: "engine", centipawns, cap }`
/// or `{ kind: "author", text }`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "camelCase")
)]
pub enum Eval {
    /// A computer evaluation in centipawns from White's view; `cap` marks a CAP-tagged engine value.
    Engine { centipawns: i16, cap: bool },
    /// An evaluation with its author (CA comment type 6): the payload is undocumented, kept as text.
    Author { text: String },
}

/// An item kept as it was read, because the shared model has no meaning
/// for it: the codec it came from, its code there, and its payload. The
/// codec that made it can write it back; the others leave it out.
///
/// ```
/// use cadb::game::{Codec, RawItem};
/// let item = RawItem { source: Codec::ChessAssistant, code: 233, bytes: vec![0x42] };
/// assert_eq!(item.source.name(), "ca");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RawItem {
    pub source: Codec,
    /// The item's code in its codec (a Chess Assistant code 233–236, a Jose code 0xe1–0xe5).
    pub code: u8,
    /// What followed the code, as stored (for a Chess Assistant comment
    /// string: its type byte, then its text).
    pub bytes: Vec<u8>,
}

/// A Chess Assistant item with no meaning in the model (code 233, an
/// unknown comment type, a symbol kept raw) as a comment command,
/// `[%ca 233 42]`: the code, then its bytes in hex, so nothing is lost on
/// export and PGN import gives the item back.
///
/// ```
/// use cadb::game::{Codec, RawItem, pgn::ca_command};
/// let item = RawItem { source: Codec::ChessAssistant, code: 235, bytes: vec![0x1f, b'h', b'i'] };
/// assert_eq!(ca_command(&item).as_deref(), Some("[%ca 235 1f6869]"));
/// ```
pub fn ca_command(item: &RawItem) -> Option<String> {
    if item.source != Codec::ChessAssistant {
        return None;
    }
    let mut s = alloc::format!("[%ca {} ", item.code);
    for b in &item.bytes {
        s.push_str(&alloc::format!("{b:02x}"));
    }
    s.push(']');
    Some(s)
}

/// Where a [`RawItem`] came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Codec {
    /// A Chess Assistant D02 record.
    ChessAssistant,
    /// Jose GameText.
    Jose,
}

/// In JSON, its [`name`](Codec::name).
#[cfg(feature = "serde")]
impl serde::Serialize for Codec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Codec {
    /// `"ca"` or `"jose"`, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Codec::ChessAssistant => "ca",
            Codec::Jose => "jose",
        }
    }
}

impl Node {
    /// A node for `mv` with nothing attached.
    pub fn new(mv: Move) -> Node {
        Node::from_ply(Ply::Move(mv))
    }

    /// A node for a null move.
    pub fn null() -> Node {
        Node::from_ply(Ply::Null)
    }

    /// A node for any ply with nothing attached.
    pub fn from_ply(mv: Ply) -> Node {
        Node {
            mv,
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            nags: Vec::new(),
            nags_before: Vec::new(),
            evals: Vec::new(),
            diagram_before: false,
            diagram_after: false,
            raw: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// The move, unless this is a null move.
    pub fn as_move(&self) -> Option<&Move> {
        match &self.mv {
            Ply::Move(m) => Some(m),
            Ply::Null => None,
        }
    }
}

/// Plays `ply` on `pos`. A null move passes the turn (and fails in check).
pub fn play_ply(pos: &mut Chess, ply: &Ply) -> Result<(), GameError> {
    match ply {
        Ply::Move(m) => {
            if !pos.is_legal(*m) {
                return Err(GameError::IllegalMove);
            }
            pos.play_unchecked(*m);
            Ok(())
        }
        Ply::Null => {
            *pos = pass(pos).ok_or(GameError::IllegalNullMove)?;
            Ok(())
        }
    }
}

/// The position after a null move, or `None` when the side to move is in
/// check. The turn passes and en passant rights go, and the clocks advance
/// as after any quiet move: shakmaty's `swap_turn` keeps the move number,
/// so after Black passed, White's next move would be numbered as Black's.
///
/// ```
/// use shakmaty::{Chess, Position};
/// let after = cadb::game::pass(&Chess::default()).unwrap();
/// let after = cadb::game::pass(&after).unwrap();
/// assert_eq!(after.fullmoves().get(), 2);
/// assert_eq!(after.halfmoves(), 2);
/// ```
pub fn pass(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mode = pos.castles().mode();
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Always);
    if setup.turn == shakmaty::Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    setup.swap_turn();
    shakmaty::FromSetup::from_setup(setup, mode).ok()
}

/// SAN of a ply in `pos` (null moves are `--`, as in many PGN tools).
pub fn ply_san(pos: &Chess, ply: &Ply) -> String {
    match ply {
        Ply::Move(m) => SanPlus::from_move(pos.clone(), *m).to_string(),
        Ply::Null => String::from("--"),
    }
}

/// Why a game tree does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The start FEN does not parse or is not a legal position.
    BadStartFen,
    /// A move is not legal in its position.
    IllegalMove,
    /// A null move was made while in check.
    IllegalNullMove,
}

impl GameError {
    /// As a crate [`Error`](crate::Error) about `file`: a bad start FEN is
    /// `bad-setup`, a move that does not replay `illegal-move`.
    pub fn in_file(self, file: crate::FileKind) -> crate::Error {
        let kind = match self {
            GameError::BadStartFen => crate::ErrorKind::BadSetup {
                reason: "the start FEN is not a legal position",
            },
            GameError::IllegalMove | GameError::IllegalNullMove => {
                crate::ErrorKind::IllegalMove { code: 0 }
            }
        };
        crate::Error::new(kind, file)
    }
}

impl core::fmt::Display for GameError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            GameError::BadStartFen => "the start FEN is not a legal position",
            GameError::IllegalMove => "a move is not legal in its position",
            GameError::IllegalNullMove => "a null move was played in check",
        })
    }
}

impl Game {
    /// The start position: `start_fen`, or the standard one.
    pub fn start_position(&self) -> Result<Chess, GameError> {
        start_position(self.start_fen.as_deref())
    }

    /// Replays the main line from the start, calling `f(position_before, node, ply_index)` for each node.
    pub fn replay(&self, mut f: impl FnMut(&Chess, &Node, usize)) -> Result<Chess, GameError> {
        let mut pos = self.start_position()?;
        for (i, node) in self.moves.iter().enumerate() {
            f(&pos, node, i);
            play_ply(&mut pos, &node.mv)?;
        }
        Ok(pos)
    }

    /// The SAN of every main-line move.
    pub fn main_line_sans(&self) -> Result<Vec<String>, GameError> {
        let mut out = Vec::with_capacity(self.moves.len());
        self.replay(|pos, node, _| out.push(ply_san(pos, &node.mv)))?;
        Ok(out)
    }

    /// Number of plies in the main line.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// Parses an optional FEN into a position (standard chess, standard castling).
#[allow(clippy::result_large_err)] // shakmaty's PositionError, recovered from at once
pub fn start_position(fen: Option<&str>) -> Result<Chess, GameError> {
    match fen {
        None => Ok(Chess::default()),
        Some(f) => {
            let fen = Fen::from_ascii(f.as_bytes()).map_err(|_| GameError::BadStartFen)?;
            fen.into_position(CastlingMode::Standard)
                .or_else(|e| e.ignore_invalid_castling_rights())
                .or_else(|e| e.ignore_invalid_ep_square())
                .map_err(|_| GameError::BadStartFen)
        }
    }
}

/// [`start_position`] for a FEN a caller passes in: one that does not
/// parse, or is not a legal position, is the caller's error
/// ([`Fault::Parameter`](crate::Fault::Parameter)).
///
/// ```
/// let e = cadb::game::fen_argument(Some("8/8/8/8/8/8/8/8 w - - 0 1")).unwrap_err();
/// assert_eq!((e.code(), e.fault()), ("bad-setup", cadb::Fault::Parameter));
/// ```
pub fn fen_argument(fen: Option<&str>) -> Result<Chess, crate::Error> {
    start_position(fen.map(str::trim)).map_err(|_| {
        let reason = "the FEN does not parse or is not a legal position";
        crate::Error::new(
            crate::ErrorKind::BadSetup { reason },
            crate::FileKind::Argument,
        )
    })
}

/// The FEN of a position (legal en passant squares only).
pub fn fen_of(pos: &Chess) -> String {
    // Not `to_string`: the formatter's machinery was 3% of exporting a
    // database of set-up positions.
    let mut s = String::with_capacity(90);
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).append_to_string(&mut s);
    s
}
