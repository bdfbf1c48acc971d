//! PGC and MGC: a move is its ordinal, its index in an agreed ordering of
//! the legal moves of its position.
//!
//! * [`pgc`]: one byte per ordinal (PGN standard §20). A sequence is just
//!   its bytes: the byte count is the move count.
//! * [`mgc`]: Mallett's nibble code (spec `mgc.md`): ordinals 0–14 in one
//!   4-bit nibble, each further 15 costs one `0xF` extension nibble, high
//!   half of a byte first, read with the spec's *corrected* decoder (§6.3).
//!   A big-endian `u16` move count comes first, and an odd number of
//!   nibbles is padded with a 0 nibble (ignored on reading).
//!
//! Both work with any [`Ordering`]: [`Ordering::San`] (PGC's own, SAN in
//! ASCII order), [`Ordering::Seed`] (Mallett's proposed heuristic, made
//! total) or [`Ordering::Best`] (this crate's, for the smallest MGC output).
//! The ordering is not stored: the decoder must be told the same one, and
//! the start position too.
//!
//! **Main line only**: these formats code one sequence of moves. The
//! `encode_game` helpers store a [`Game`]'s main line and drop its
//! variations, comments, glyphs and headers; null moves cannot be coded
//! (they are not in the list of legal moves) and give an error.
//!
//! ```
//! use cadb::game::import::read_pgn;
//! use cadb::ordinal::{mgc, pgc, Ordering};
//! let game = &read_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *").unwrap()[0];
//! let small = mgc::encode_game(game, Ordering::Best).unwrap();
//! let back = mgc::decode_game(&small, None, Ordering::Best).unwrap();
//! assert_eq!(back.main_line_sans().unwrap(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
//! assert_eq!(pgc::encode_game(game, Ordering::San).unwrap().len(), 6);
//! ```

pub mod mgc;
mod order;
pub mod pgc;

pub use order::{Ordering, best_score};

use alloc::vec::Vec;
use shakmaty::{Chess, Move, MoveList, Position};

use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{self, Game, Node, Ply};

/// The ordinal of every ply of `moves` played from `start`.
///
/// ```
/// use cadb::{game::Ply, ordinal::{ordinals, Ordering}};
/// use shakmaty::{Chess, uci::UciMove};
/// let pos = Chess::default();
/// let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
/// assert_eq!(ordinals(&pos, &[Ply::Move(e4)], Ordering::San).unwrap(), [13]);
/// ```
pub fn ordinals(start: &Chess, moves: &[Ply], ordering: Ordering) -> Result<Vec<usize>, Error> {
    ordinals_in(start, moves, ordering, FileKind::Mgc)
}

pub(crate) fn ordinals_in(
    start: &Chess,
    moves: &[Ply],
    ordering: Ordering,
    file: FileKind,
) -> Result<Vec<usize>, Error> {
    let mut replay = Replay::new(start, ordering);
    let mut out = Vec::with_capacity(moves.len());
    for (i, ply) in moves.iter().enumerate() {
        let at = |what| Error::new(ErrorKind::Invalid { what }, file).at_ply(i as u32);
        let Ply::Move(m) = ply else {
            return Err(at("null move: move ordinals cannot code one"));
        };
        let n = replay
            .moves()
            .iter()
            .position(|x| x == m)
            .ok_or_else(|| at("move is not legal in its position"))?;
        replay.play(*m);
        out.push(n);
    }
    Ok(out)
}

/// The position and previous move while a sequence is coded.
pub(crate) struct Replay {
    pos: Chess,
    last: Option<Move>,
    ordering: Ordering,
}

impl Replay {
    pub(crate) fn new(start: &Chess, ordering: Ordering) -> Replay {
        Replay {
            pos: start.clone(),
            last: None,
            ordering,
        }
    }

    pub(crate) fn moves(&self) -> MoveList {
        self.ordering.moves(&self.pos, self.last.as_ref())
    }

    /// `m` must come from [`Replay::moves`].
    pub(crate) fn play(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.last = Some(m);
    }
}

/// The two ordinal codes, for callers that choose one at run time (the
/// CLI, the JS API, the compactness report).
///
/// ```
/// use cadb::{game::import::read_pgn, ordinal::{Format, Ordering}};
/// let game = &read_pgn("1. e4 e5 *").unwrap()[0];
/// for f in Format::ALL {
///     let bytes = f.encode_game(game, Ordering::San).unwrap();
///     let back = f.decode_game(&bytes, None, Ordering::San).unwrap();
///     assert_eq!(back.main_line_sans().unwrap(), ["e4", "e5"]);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Pgc,
    Mgc,
}

impl Format {
    /// Both codes.
    pub const ALL: [Format; 2] = [Format::Pgc, Format::Mgc];

    /// `"PGC"` or `"MGC"`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgc => "PGC",
            Format::Mgc => "MGC",
        }
    }

    fn file(self) -> FileKind {
        match self {
            Format::Pgc => FileKind::Pgc,
            Format::Mgc => FileKind::Mgc,
        }
    }

    /// [`pgc::encode`] or [`mgc::encode`].
    pub fn encode(
        self,
        start: &Chess,
        moves: &[Ply],
        ordering: Ordering,
    ) -> Result<Vec<u8>, Error> {
        match self {
            Format::Pgc => pgc::encode(start, moves, ordering),
            Format::Mgc => mgc::encode(start, moves, ordering),
        }
    }

    /// [`pgc::decode`] or [`mgc::decode`].
    pub fn decode(
        self,
        bytes: &[u8],
        start: &Chess,
        ordering: Ordering,
    ) -> Result<Vec<Ply>, Error> {
        match self {
            Format::Pgc => pgc::decode(bytes, start, ordering),
            Format::Mgc => mgc::decode(bytes, start, ordering),
        }
    }

    /// Encodes a game's main line (see the [module docs](self) for what is dropped).
    pub fn encode_game(self, game: &Game, ordering: Ordering) -> Result<Vec<u8>, Error> {
        let start = game.start_position().map_err(|e| e.in_file(self.file()))?;
        let moves: Vec<Ply> = game.moves.iter().map(|n| n.mv.clone()).collect();
        self.encode(&start, &moves, ordering)
    }

    /// Decodes a main line from `start_fen` (`None` = the standard position).
    pub fn decode_game(
        self,
        bytes: &[u8],
        start_fen: Option<&str>,
        ordering: Ordering,
    ) -> Result<Game, Error> {
        let start = game::fen_argument(start_fen)?;
        Ok(Game {
            start_fen: start_fen.map(Into::into),
            moves: self
                .decode(bytes, &start, ordering)?
                .into_iter()
                .map(Node::from_ply)
                .collect(),
            ..Game::default()
        })
    }
}
