//! Chess Assistant databases: CDP, EMB, D00, A02 and D02.
//!
//! The spec is `chess-assistant.md` (see its §0 for the readings followed).
//! Opening reads CDP, EMB, D00 and A02; a game's D02 record is read only
//! when asked for.
//!
//! [`Database`] (`database.rs`) is built from parts, each whole once
//! built: `header_table.rs` (CDP and D00: the game count, each game's
//! header), `records.rs` (A02: where each game's record lies in D02),
//! `names/` (the EMB volume's name tables) and `readings.rs` (the readings
//! inferred on opening, each from its own file: `convention.rs`,
//! `symbols.rs`, `infer.rs`, `encoding.rs`). On the database: `headers.rs`
//! (a game's headers as text), `games.rs` (a game through the replayer),
//! `retry.rs` (the convention policy), `export.rs` (PGN), `game_order.rs`
//! (a pass in game order over records stored in another). `files.rs` holds
//! the five files.

mod annotation;
pub mod cdp;
pub mod columns;
mod convention;
mod database;
pub mod diagnose;
pub mod emb;
mod encoding;
mod export;
mod files;
pub mod format;
mod game_order;
mod games;
mod header_table;
mod headers;
mod histogram;
pub mod infer;
pub mod names;
pub mod player;
mod ply_count;
pub mod position;
mod readings;
pub mod record;
mod records;
pub mod replay;
mod retry;
pub mod search;
mod symbols;
pub mod writer;

pub use self::{
    cdp::CdpInfo,
    convention::{Certainty, Detection},
    database::{Database, DbInfo, OpenOptions},
    files::DatabaseFiles,
    format::{
        Convention,
        d00::RawHeader,
        emb::{ListKind, PlayerData},
    },
    game_order::RecordSpans,
    infer::{
        Decoding, EcoZero, EcoZeroDetection, GameTypeDetection, GameTypes, Opening,
        SymbolDetection, Symbols,
    },
    names::{NameEntry, NameTable, NameUse},
    retry::Reading,
};
pub(crate) use self::{ply_count::PlyCount, records::stretch};
