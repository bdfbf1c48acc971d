//! A flat, serialisable view of a game for JSON and JavaScript: every node
//! carries its SAN, UCI and the FEN after it, computed once by replaying.
//!
//! ```
//! let game = &cadb::game::import::read_pgn("1. e4 {good} (1. d4) e5 *").unwrap()[0];
//! let view = cadb::game::view::GameView::new(game).unwrap();
//! assert_eq!(view.moves[0].san, "e4");
//! assert_eq!(view.moves[0].uci, "e2e4");
//! assert_eq!(view.moves[0].variations[0][0].san, "d4");
//! assert_eq!(view.moves[1].fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
//! ```

use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use shakmaty::{CastlingMode, Chess, uci::UciMove};

use super::{Game, GameError, Headers, Node, Ply, fen_of, play_ply, ply_san};
use crate::openings::{Classify, Opening, Openings};

/// Headers in the JSON/JS shape: [`Headers`] as they serialise, plus the year.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HeadersView<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub headers: &'a Headers,
    /// The date's year, for sorting and display without parsing the date.
    pub year: Option<u16>,
}

/// One move: its SAN, UCI and the FEN after it, the node's annotations as
/// [`Node`] serialises them, and its variations' views.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct MoveView<'a> {
    /// Ply number in the game (0 = White's first move).
    pub ply: u32,
    pub san: String,
    /// UCI (`e1g1` for castling), `0000` for a null move.
    pub uci: String,
    /// The position after the move.
    pub fen: String,
    /// Comments, NAGs, evaluations, diagrams and raw items.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub node: &'a Node,
    pub variations: Vec<Vec<MoveView<'a>>>,
    /// The opening named at the position after the move, if one is (and
    /// names were asked for: [`GameView::with_openings`]).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub opening: Option<&'a Opening>,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct GameView<'a> {
    pub headers: HeadersView<'a>,
    /// The start position (the standard one when the game has no setup).
    pub start_fen: String,
    /// Whether the game starts from a set-up position.
    pub setup: bool,
    pub comments: &'a [String],
    pub moves: Vec<MoveView<'a>>,
    /// Plies in the main line.
    pub plies: u32,
    /// The game's opening by position ([`Classify`]), if names were asked
    /// for and it reaches a named position.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub opening: Option<&'a Opening>,
}

impl HeadersView<'_> {
    /// The view of headers.
    pub fn new(h: &Headers) -> HeadersView<'_> {
        HeadersView {
            headers: h,
            year: h.date.year,
        }
    }
}

fn ply_number(pos: &Chess) -> u32 {
    use shakmaty::Position;
    (pos.fullmoves().get() - 1) * 2 + u32::from(pos.turn().is_black())
}

fn line<'a>(
    nodes: &'a [Node],
    mut pos: Chess,
    openings: Option<&'a Openings>,
) -> Result<Vec<MoveView<'a>>, GameError> {
    let mut out = Vec::with_capacity(nodes.len());
    for node in nodes {
        let before = pos.clone();
        let san = ply_san(&pos, &node.mv);
        let uci = match &node.mv {
            Ply::Move(m) => UciMove::from_move(*m, CastlingMode::Standard).to_string(),
            Ply::Null => String::from("0000"),
        };
        play_ply(&mut pos, &node.mv)?;
        let variations = node
            .variations
            .iter()
            .map(|v| line(v, before.clone(), openings))
            .collect::<Result<_, _>>()?;
        out.push(MoveView {
            ply: ply_number(&before),
            san,
            uci,
            fen: fen_of(&pos),
            node,
            variations,
            opening: openings.and_then(|o| o.of_position(&pos)),
        });
    }
    Ok(out)
}

impl<'a> GameView<'a> {
    /// Replays `game` to build its view, without opening names.
    pub fn new(game: &'a Game) -> Result<GameView<'a>, GameError> {
        GameView::build(game, None)
    }

    /// [`new`](Self::new), with the game's opening and each named position's.
    ///
    /// ```
    /// let game = &cadb::game::import::read_pgn("1. e4 e5 2. Qh5 *").unwrap()[0];
    /// let openings = cadb::openings::Openings::builtin();
    /// let view = cadb::game::view::GameView::with_openings(game, &openings).unwrap();
    /// // c.tsv: 1.e4 e5 is "C20 King's Pawn Game", 2.Qh5 its Wayward Queen Attack.
    /// assert_eq!(view.moves[1].opening.unwrap().name, "King's Pawn Game");
    /// assert_eq!(view.opening.unwrap().name, "King's Pawn Game: Wayward Queen Attack");
    /// ```
    pub fn with_openings(
        game: &'a Game,
        openings: &'a Openings,
    ) -> Result<GameView<'a>, GameError> {
        GameView::build(game, Some(openings))
    }

    fn build(game: &'a Game, openings: Option<&'a Openings>) -> Result<GameView<'a>, GameError> {
        let start = game.start_position()?;
        let opening = match openings {
            Some(o) => game.visit(&mut Classify::new(o))?,
            None => None,
        };
        Ok(GameView {
            headers: HeadersView::new(&game.headers),
            start_fen: fen_of(&start),
            setup: game.start_fen.is_some(),
            comments: &game.comments,
            moves: line(&game.moves, start, openings)?,
            plies: game.moves.len() as u32,
            opening,
        })
    }
}
