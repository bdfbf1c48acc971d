//! # cadb: old Chess Assistant databases, and compact move codecs
//!
//! The story, from bytes to a game:
//!
//! 1. [`bytes`]: decoders read through [`bytes::ReadAt`], from memory, a
//!    file, or ranges fetched on demand (a multi-gigabyte D02 in a browser
//!    Worker), with read-ahead ([`bytes::ReadCache`]) in front of the slow ones.
//! 2. [`ca`]: a Chess Assistant database (CDP, EMB, D00, A02, D02) opens
//!    lazily: headers and name tables at once, a game's D02 record only when
//!    asked for. [`ca::Database`] is built from parts, each whole once built
//!    and in the order each needs the ones before: the header table (CDP,
//!    D00), the record index (A02), the names (EMB) and the readings
//!    inferred from samples of the games. The format's facts (codes, tables, layouts) live in
//!    [`ca::format`], which the reader and the writer ([`ca::writer`]) both
//!    use. Each record is split into items ([`ca::record`]) and replayed
//!    legally through shakmaty ([`ca::replay`]): a move the replayer has
//!    resolved is judged by [`legal`], built from shakmaty's own attack
//!    primitives and proved equal to shakmaty, without listing moves. A
//!    database exports as PGN by streaming the replayer into the PGN writer
//!    ([`ca::Database::write_pgn`]).
//! 3. [`game`]: the shared model. Decoders drive a [`game::GameVisitor`]
//!    (streaming, pgn-reader style) or build a [`game::Game`] tree; the PGN
//!    writer ([`game::pgn`]) is a visitor too.
//! 4. The other codecs, all both ways on the same model: [`jose`] (GameText
//!    bytecode), [`uci16`], [`ordinal`] (PGC and MGC), [`stats`] (64-bit move
//!    statistics records and an opening tree), and [`report`] (bytes per move
//!    in each).
//! 5. [`openings`]: opening names by position (lichess's chess-openings,
//!    packed by `build.rs`): a game is named by the last named position its
//!    main line reaches, whatever its stored ECO.
//! 6. [`find`]: searching inside games as Chess Assistant did (material,
//!    patterns, maneuvers, annotations), each condition a short text
//!    expression, all evaluated in one replay of a game; the database
//!    search ([`ca::search::HeaderIndex::search_hits`]) applies the header
//!    conditions first, and names the opening
//!    through [`openings`]. [`reach`]: the rule that stops a game early.
//! 7. [`annotate`]: engine scores applied to a game, and lichess's rule for
//!    the mistake marks they give.
//! 8. [`bench`](mod@bench): whole-database passes, measured natively and in wasm.
//! 9. [`error`]: one flat error type naming the file, offset, game and ply,
//!    split by who is at fault ([`Fault`]: format, limits, parameter, I/O).
//!    [`limits`]: the bounds that keep hostile input from hanging or
//!    exhausting memory. [`text`]: the code pages of names and comments.
//! 10. [`archive`]: many databases as one, as a user's folder holds them:
//!     files grouped into databases by stem, each incomplete set named.
//!
//! The core, the CA writer included, is `#![no_std]` + `alloc`. Feature `std`
//! (default) adds PGN import; `wasm` the JavaScript API; `cli` the `cadb` binary.
//!
//! ```
//! use cadb::ca::{Database, OpenOptions};
//! use cadb::game::import::read_pgn;
//! let games = read_pgn("[White \"Anna\"]\n\n1. e4 e5 2. Nf3 *").unwrap();
//! let (files, _) = cadb::ca::writer::write_database(&games, &Default::default()).unwrap();
//! let db = Database::open(files, OpenOptions::default()).unwrap();
//! let game = db.game(0).unwrap();
//! assert_eq!(game.main_line_sans().unwrap(), ["e4", "e5", "Nf3"]);
//! assert_eq!(game.headers.white.as_deref(), Some("Anna"));
//! ```

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod annotate;
pub mod archive;
pub mod bench;
pub mod bits;
pub mod bytes;
pub mod ca;
pub mod error;
pub mod find;
pub mod game;
pub mod jose;
pub mod legal;
pub mod limits;
#[cfg(all(not(feature = "std"), not(test), not(doc)))]
mod no_std_runtime;
pub mod openings;
pub mod ordinal;
pub mod reach;
pub mod report;
pub mod stats;
pub mod text;
pub mod uci16;
#[cfg(feature = "wasm-lite")]
pub mod wasm;

pub use error::{Error, ErrorKind, Fault, FileKind, Result};
