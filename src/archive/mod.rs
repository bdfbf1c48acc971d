//! An archive: many databases as one (issue 47; docs/ARCHITECTURE.md,
//! "An archive"). A user's folder holds many databases, copied from one
//! another over the years; a single database is an archive of one.
//!
//! - [`group`](group::group): the files of a folder (or of a drop in the
//!   viewer) grouped into databases by folder and stem, each incomplete set
//!   named with what it lacks.
//! - [`Keys`]: what the duplicate rule knows of each game, from one read.
//! - [`Duplicates::find`]: the rule itself, copies grouped and one kept.
//! - [`Merge`]: one PGN of the archive, its duplicates merged
//!   ([`merge::write_game`]).
//! - [`list`]: one list of every member's games: the archive's numbering
//!   ([`list::Spans`]), and search, sort and rows across the members.
//! - [`wire`]: the keys and each database's share of a merge as bytes, for
//!   a merge whose databases are read by other Workers (the page's pool).

pub mod dedupe;
pub mod group;
pub mod keys;
pub mod list;
pub mod merge;
pub mod wire;

pub use dedupe::{Duplicates, Group};
pub use group::{Grouping, Set, group};
pub use keys::{Key, Keys};
pub use merge::Merge;

/// The tag an archive's export puts after each game's own, naming where it
/// came from (`cadb pgn FOLDER`, and the viewer's export of every database).
pub const SOURCE_TAG: &str = "CASource";

/// The [`SOURCE_TAG`]'s value: the database's name and the game's index.
///
/// ```
/// assert_eq!(cadb::archive::source_of("ECO", 7), "ECO game 7");
/// ```
pub fn source_of(database: &str, game: u64) -> alloc::string::String {
    alloc::format!("{database} game {game}")
}
