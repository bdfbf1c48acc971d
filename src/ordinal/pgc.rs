//! PGC moves: one byte per move, the move's ordinal (PGN standard §20).
//!
//! No header: the byte count is the move count, so the container gives the
//! length. Decoding checks every ordinal against the number of legal moves
//! (so nothing can follow a mate or a stalemate).
//!
//! ```
//! use cadb::ordinal::{pgc, Ordering};
//! use cadb::game::Ply;
//! use shakmaty::{Chess, uci::UciMove};
//! let pos = Chess::default();
//! let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
//! // 1. e4 is the 14th of the 20 moves in SAN order.
//! assert_eq!(pgc::encode(&pos, &[Ply::Move(e4)], Ordering::San).unwrap(), [13]);
//! assert_eq!(pgc::decode(&[13], &pos, Ordering::San).unwrap(), [Ply::Move(e4)]);
//! ```

use alloc::vec::Vec;
use shakmaty::Chess;

use super::{Format, Ordering, Replay, ordinals_in};
use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{Game, Ply};

const FILE: FileKind = FileKind::Pgc;

/// Encodes `moves` from `start`, one ordinal byte each. Errors on null or
/// illegal moves and on ordinals over 255 (impossible in legal chess,
/// which has at most 218 moves in a position).
///
/// ```
/// use cadb::ordinal::{pgc, Ordering};
/// assert_eq!(pgc::encode(&shakmaty::Chess::default(), &[], Ordering::Best).unwrap(), []);
/// ```
pub fn encode(start: &Chess, moves: &[Ply], ordering: Ordering) -> Result<Vec<u8>, Error> {
    ordinals_in(start, moves, ordering, FILE)?
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            u8::try_from(n).map_err(|_| {
                Error::new(
                    ErrorKind::TooLarge {
                        what: "PGC move ordinal",
                        size: n as u64,
                        limit: 255,
                    },
                    FILE,
                )
                .at(i as u64)
                .at_ply(i as u32)
            })
        })
        .collect()
}

/// Decodes one move per byte from `start`. An ordinal at or past the
/// number of legal moves is an error naming its offset and ply.
///
/// ```
/// use cadb::ordinal::{pgc, Ordering};
/// let e = pgc::decode(&[12, 200], &shakmaty::Chess::default(), Ordering::San).unwrap_err();
/// assert_eq!((e.offset, e.ply), (Some(1), Some(1)));
/// ```
pub fn decode(bytes: &[u8], start: &Chess, ordering: Ordering) -> Result<Vec<Ply>, Error> {
    let mut replay = Replay::new(start, ordering);
    let mut out = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        let moves = replay.moves();
        let m = *moves.get(usize::from(b)).ok_or_else(|| {
            Error::new(
                ErrorKind::Invalid {
                    what: "move ordinal is not below the number of legal moves",
                },
                FILE,
            )
            .at(i as u64)
            .at_ply(i as u32)
        })?;
        replay.play(m);
        out.push(Ply::Move(m));
    }
    Ok(out)
}

/// Encodes a game's main line (see the [module docs](super) for what is dropped).
///
/// ```
/// use cadb::{game::import::read_pgn, ordinal::{pgc, Ordering}};
/// let game = &read_pgn("1. e4 e5 *").unwrap()[0];
/// assert_eq!(pgc::encode_game(game, Ordering::San).unwrap(), [13, 12]);
/// ```
pub fn encode_game(game: &Game, ordering: Ordering) -> Result<Vec<u8>, Error> {
    Format::Pgc.encode_game(game, ordering)
}

/// Decodes a main line from `start_fen` (`None` = the standard position).
///
/// ```
/// use cadb::ordinal::{pgc, Ordering};
/// let game = pgc::decode_game(&[13, 12], None, Ordering::San).unwrap();
/// assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5"]);
/// ```
pub fn decode_game(
    bytes: &[u8],
    start_fen: Option<&str>,
    ordering: Ordering,
) -> Result<Game, Error> {
    Format::Pgc.decode_game(bytes, start_fen, ordering)
}
