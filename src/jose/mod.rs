//! Jose GameText byte code, both ways (spec: `gametext-bytecode.md`, §0 decisions).
//!
//! A move is named by *which piece* moves plus a small offset, so most moves
//! take one byte. Pieces get their identity (a-pawn … h-pawn, queen's and
//! king's knight, …) once, in the start position, scanning the board from
//! a8 to h1; the identity then follows the piece, and a promoted piece is
//! named after its pawn (`0xa8 + pawn`). Comment and error texts do not sit
//! in the move bytes: they live in a second byte array (Jose's `Comments`
//! column), NUL-terminated, in the order of their `0xe0`–`0xe5` codes.
//!
//! Every decoded move is checked against shakmaty's legal moves; a move that
//! does not exist is an [`Error`] with its byte offset and ply.
//!
//! ```
//! let (bin, comments) = cadb::jose::import_pgn("1. e4 {best} e5 2. Nf3 $1 *", None).unwrap();
//! assert_eq!(bin, [0x13, 0xe0, 0x13, 0x2e, 0xb1, 0xd3, 0xff]);
//! assert_eq!(comments, b"best\0");
//! let game = cadb::jose::decode(&bin, &comments, None).unwrap();
//! assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5", "Nf3"]);
//! assert_eq!(cadb::jose::encode(&game).unwrap(), (bin, comments));
//! ```

//! - [`op`]: the opcodes; `ids`: piece identities and offsets;
//! - `encode` and `decode`: both ways on the shared game model;
//! - `movetext`: Jose's own PGN movetext reader, error records included.

mod decode;
mod encode;
mod ids;
mod movetext;
pub mod op;

pub use decode::{decode, decode_with};
pub use encode::{Encoder, encode};
pub use movetext::{import_pgn, read_movetext};

use crate::{
    error::{Error, FileKind},
    game::GameError,
};

fn game_error(e: GameError) -> Error {
    e.in_file(FileKind::Jose)
}
