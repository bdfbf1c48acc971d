//! 64-bit move-statistics records and an opening tree built from games.
//!
//! [`record`] is the codec for one record (spec `move-stats64.md`, LSB-first
//! reading, little-endian in files); [`tree`] aggregates games per
//! (position, move), also straight from a Chess Assistant database
//! (`from_ca.rs`); [`file`](mod@file) writes and reads its records as a
//! `CADBTREE` file. Both answer a query with [`MoveEntry`]s (`entry.rs`).
//! Beneath the tree: `keys.rs` packs what it stores per ply (position
//! keys, moves, a game's result and year), `aggregate.rs` sums it per
//! (position, move).
//!
//! ```
//! use cadb::stats::{MoveStats, OpeningTree};
//! let mut tree = OpeningTree::new();
//! tree.add_game(&cadb::game::import::read_pgn("1. e4 e5 *").unwrap()[0]).unwrap();
//! let rec = tree.records()[0].moves[0];
//! assert_eq!(MoveStats::decode(rec.encode()).unwrap(), rec);
//! ```

mod aggregate;
mod entry;
pub mod file;
mod from_ca;
mod keys;
pub use from_ca::{NO_NEXT, TreeBuild, TreeBuilder};
pub mod record;
pub mod tree;

pub use file::{
    MAX_MOVES_PER_POSITION, PositionRecords, TREE_MAGIC, TREE_VERSION, TreeFile, write_records,
};
pub use record::{
    MAX_COUNT, MAX_ELO_DIFF, MAX_WHITE_ELO, MoveStats, NEUTRAL_WEIGHT, Promotion, Wdl,
    elo_weight_increment, fields_to_move, move_fields, weight_byte,
};
pub use tree::{DEFAULT_MAX_PLIES, MoveEntry, OpeningTree, position_key};
