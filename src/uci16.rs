//! 16-bit UCI move lists: two bytes a move.
//!
//! The format (spec `uci16.md`, §0 Decisions, checked against the origin
//! project's own encoder): a big-endian `u16` move count, then one big-endian
//! `u16` word per move, `from << 10 | to << 4 | promo`, with squares
//! a1 = 0 … h8 = 63 and promotion codes n = 2, b = 3, r = 4, q = 5. Castling is
//! the king's two-square move (`e1g1`). No start position is stored: the
//! caller supplies it. Null moves are an error unless the caller opts in to
//! the word `0x0000` ([`Uci16Options::allow_null`]).
//!
//! Decoding is strict: the length must be exactly `2 + 2·count`, every word
//! must be a legal move in its position, and the bytes are canonical (the
//! castling word `e1h1`, which shakmaty would also accept, is rejected), so
//! `encode(decode(b)) == b` whenever decoding succeeds.
//!
//! ```
//! use cadb::uci16::{decode_moves, encode_moves, Uci16Options};
//! use cadb::game::Ply;
//! use shakmaty::{Chess, uci::UciMove};
//! let pos = Chess::default();
//! let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
//! let bytes = encode_moves(&pos, &[Ply::Move(e4)]).unwrap();
//! assert_eq!(bytes, [0x00, 0x01, 0x31, 0xc0]);
//! assert_eq!(decode_moves(&bytes, &pos, Uci16Options::default()).unwrap(), [Ply::Move(e4)]);
//! ```

use alloc::vec::Vec;
use shakmaty::{CastlingMode, Chess, Move, Role, Square, uci::UciMove};

use crate::error::{Error, ErrorKind, FileKind};
use crate::game::{self, Game, Node, Ply};

/// Decoder (and encoder) choices.
///
/// ```
/// let opts = cadb::uci16::Uci16Options { allow_null: true };
/// assert!(!cadb::uci16::Uci16Options::default().allow_null);
/// # let _ = opts;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uci16Options {
    /// Read and write the word `0x0000` as a null move. Off by default
    /// because the origin format has no null move.
    pub allow_null: bool,
}

fn err(kind: ErrorKind) -> Error {
    Error::new(kind, FileKind::Uci16)
}

fn invalid(what: &'static str) -> Error {
    err(ErrorKind::Invalid { what })
}

fn promo_code(role: Option<Role>) -> u16 {
    match role {
        None => 0,
        Some(Role::Pawn) => 1,
        Some(Role::Knight) => 2,
        Some(Role::Bishop) => 3,
        Some(Role::Rook) => 4,
        Some(Role::Queen) => 5,
        Some(Role::King) => 6,
    }
}

/// The word of one move (castling as the king's move, `e1g1`).
///
/// Drops (`Move::Put`) do not occur in standard chess and give `0`.
///
/// ```
/// use shakmaty::{Chess, uci::UciMove};
/// let pos = Chess::default();
/// let m = "g1f3".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
/// assert_eq!(cadb::uci16::encode_word(&m), 0x1950);
/// ```
pub fn encode_word(m: &Move) -> u16 {
    match m.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => ((from.to_u32() as u16) << 10) | ((to.to_u32() as u16) << 4) | promo_code(promotion),
        UciMove::Put { .. } | UciMove::Null => 0,
    }
}

/// The UCI move a word names, without a position: `0x0000` is
/// [`UciMove::Null`]; `None` for promotion codes other than 2–5 and for words
/// whose from and to squares are equal.
///
/// ```
/// use shakmaty::uci::UciMove;
/// assert_eq!(cadb::uci16::decode_word(0xd3c5).unwrap().to_string(), "e7e8q");
/// assert_eq!(cadb::uci16::decode_word(0x0000), Some(UciMove::Null));
/// assert_eq!(cadb::uci16::decode_word(0x31c1), None); // promotion code 1
/// ```
pub fn decode_word(word: u16) -> Option<UciMove> {
    if word == 0 {
        return Some(UciMove::Null);
    }
    let from = Square::new(u32::from(word >> 10));
    let to = Square::new(u32::from((word >> 4) & 0x3f));
    let promotion = match word & 0xf {
        0 => None,
        2 => Some(Role::Knight),
        3 => Some(Role::Bishop),
        4 => Some(Role::Rook),
        5 => Some(Role::Queen),
        _ => return None,
    };
    if from == to {
        return None;
    }
    Some(UciMove::Normal {
        from,
        to,
        promotion,
    })
}

/// Encodes a move list from `start`; null moves are an error (see
/// [`encode_moves_with`]).
///
/// ```
/// use cadb::{game::Ply, uci16::encode_moves};
/// use shakmaty::{Chess, Position, uci::UciMove};
/// let mut pos = Chess::default();
/// let mut plies = Vec::new();
/// for u in ["e2e4", "e7e5", "g1f3"] {
///     let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
///     pos.play_unchecked(m);
///     plies.push(Ply::Move(m));
/// }
/// let bytes = encode_moves(&Chess::default(), &plies).unwrap();
/// assert_eq!(bytes, [0x00, 0x03, 0x31, 0xc0, 0xd2, 0x40, 0x19, 0x50]);
/// ```
pub fn encode_moves(start: &Chess, moves: &[Ply]) -> Result<Vec<u8>, Error> {
    encode_moves_with(start, moves, Uci16Options::default())
}

/// Encodes a move list from `start`, replaying it to check legality.
/// Errors name the ply (and the byte offset its word would have).
///
/// ```
/// use cadb::{game::Ply, uci16::{encode_moves_with, Uci16Options}};
/// use shakmaty::Chess;
/// let start = Chess::default();
/// assert!(encode_moves_with(&start, &[Ply::Null], Uci16Options::default()).is_err());
/// let bytes = encode_moves_with(&start, &[Ply::Null], Uci16Options { allow_null: true }).unwrap();
/// assert_eq!(bytes, [0, 1, 0, 0]);
/// ```
pub fn encode_moves_with(
    start: &Chess,
    moves: &[Ply],
    opts: Uci16Options,
) -> Result<Vec<u8>, Error> {
    let count = u16::try_from(moves.len()).map_err(|_| {
        err(ErrorKind::TooLarge {
            what: "UCI16 move count",
            size: moves.len() as u64,
            limit: u64::from(u16::MAX),
        })
    })?;
    let mut out = Vec::with_capacity(2 + 2 * moves.len());
    out.extend_from_slice(&count.to_be_bytes());
    let mut pos = start.clone();
    for (i, ply) in moves.iter().enumerate() {
        let at = |e: Error| e.at(2 + 2 * i as u64).at_ply(i as u32);
        let word = match ply {
            Ply::Null if !opts.allow_null => {
                return Err(at(invalid(
                    "null move: UCI16 has none unless 0x0000 is allowed",
                )));
            }
            Ply::Null => 0,
            Ply::Move(m) => encode_word(m),
        };
        game::play_ply(&mut pos, ply)
            .map_err(|_| at(invalid("move is not legal in its position")))?;
        out.extend_from_slice(&word.to_be_bytes());
    }
    Ok(out)
}

/// Decodes a move list, replaying it from `start`.
///
/// Errors (never panics): fewer than 2 bytes, a length other than
/// `2 + 2·count`, an undefined promotion code, a word that is not a legal
/// move in its position (including any move after mate), a non-canonical
/// castling word, or `0x0000` without [`Uci16Options::allow_null`]. The
/// error carries the byte offset and the ply.
///
/// ```
/// use cadb::uci16::{decode_moves, Uci16Options};
/// use shakmaty::Chess;
/// let start = Chess::default();
/// let plies = decode_moves(&[0, 1, 0x31, 0xc0], &start, Uci16Options::default()).unwrap();
/// assert_eq!(plies.len(), 1);
/// let e = decode_moves(&[0, 2, 0x31, 0xc0], &start, Uci16Options::default()).unwrap_err();
/// assert_eq!(e.offset, Some(4));
/// ```
pub fn decode_moves(bytes: &[u8], start: &Chess, opts: Uci16Options) -> Result<Vec<Ply>, Error> {
    if bytes.len() < 2 {
        return Err(err(ErrorKind::Truncated {
            needed: 2,
            available: bytes.len() as u64,
        })
        .at(0));
    }
    let count = usize::from(u16::from_be_bytes([bytes[0], bytes[1]]));
    let body = &bytes[2..];
    let full = body.len() / 2;
    if full < count {
        // Name the first word that is missing or cut short.
        return Err(err(ErrorKind::Truncated {
            needed: 2 * (count - full) as u64,
            available: (body.len() % 2) as u64,
        })
        .at(2 + 2 * full as u64)
        .at_ply(full as u32));
    }
    if body.len() > 2 * count {
        return Err(
            invalid("bytes after the last move the count announces").at(2 + 2 * count as u64)
        );
    }
    // The count is bounded by the data now, so this allocation is too.
    let mut out = Vec::with_capacity(count);
    let mut pos = start.clone();
    for (i, pair) in body.chunks_exact(2).enumerate() {
        let at = |e: Error| e.at(2 + 2 * i as u64).at_ply(i as u32);
        let word = u16::from_be_bytes([pair[0], pair[1]]);
        let uci = decode_word(word).ok_or_else(|| {
            at(invalid(
                "move word has an undefined promotion code or from = to",
            ))
        })?;
        let ply = match uci {
            UciMove::Null if !opts.allow_null => {
                return Err(at(invalid(
                    "null move word 0x0000, which is only read when allowed",
                )));
            }
            UciMove::Null => Ply::Null,
            _ => {
                let m = uci
                    .to_move(&pos)
                    .map_err(|_| at(invalid("move word is not a legal move in its position")))?;
                if encode_word(&m) != word {
                    return Err(at(invalid(
                        "castling must be written as the king's two-square move",
                    )));
                }
                Ply::Move(m)
            }
        };
        game::play_ply(&mut pos, &ply).map_err(|_| at(invalid("null move while in check")))?;
        out.push(ply);
    }
    Ok(out)
}

/// Encodes a game's main line (variations, comments and headers are not
/// stored; the start position is not stored either). Null moves are an error.
///
/// ```
/// use cadb::game::import::read_pgn;
/// let game = &read_pgn("1. e4 e5 2. Nf3 *").unwrap()[0];
/// assert_eq!(cadb::uci16::encode_game(game).unwrap(), [0, 3, 0x31, 0xc0, 0xd2, 0x40, 0x19, 0x50]);
/// ```
pub fn encode_game(game: &Game) -> Result<Vec<u8>, Error> {
    encode_game_with(game, Uci16Options::default())
}

/// [`encode_game`] with options.
///
/// ```
/// use cadb::{game::{Game, Node}, uci16::{encode_game_with, Uci16Options}};
/// let mut game = Game::default();
/// game.moves.push(Node::null());
/// assert_eq!(encode_game_with(&game, Uci16Options { allow_null: true }).unwrap(), [0, 1, 0, 0]);
/// ```
pub fn encode_game_with(game: &Game, opts: Uci16Options) -> Result<Vec<u8>, Error> {
    let start = game.start_position().map_err(|_| {
        err(ErrorKind::BadSetup {
            reason: "the start FEN is not a legal position",
        })
    })?;
    let plies: Vec<Ply> = game.moves.iter().map(|n| n.mv.clone()).collect();
    encode_moves_with(&start, &plies, opts)
}

/// Decodes a move list into a [`Game`] starting from `start_fen` (`None` =
/// the standard position); null moves are an error.
///
/// ```
/// let game = cadb::uci16::decode_game(&[0, 3, 0x31, 0xc0, 0xd2, 0x40, 0x19, 0x50], None).unwrap();
/// assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5", "Nf3"]);
/// ```
pub fn decode_game(bytes: &[u8], start_fen: Option<&str>) -> Result<Game, Error> {
    decode_game_with(bytes, start_fen, Uci16Options::default())
}

/// [`decode_game`] with options.
///
/// ```
/// use cadb::uci16::{decode_game_with, Uci16Options};
/// let game = decode_game_with(&[0, 1, 0, 0], None, Uci16Options { allow_null: true }).unwrap();
/// assert_eq!(game.main_line_sans().unwrap(), ["--"]);
/// ```
pub fn decode_game_with(
    bytes: &[u8],
    start_fen: Option<&str>,
    opts: Uci16Options,
) -> Result<Game, Error> {
    let start = game::fen_argument(start_fen)?;
    let plies = decode_moves(bytes, &start, opts)?;
    Ok(Game {
        start_fen: start_fen.map(Into::into),
        moves: plies.into_iter().map(Node::from_ply).collect(),
        ..Game::default()
    })
}
