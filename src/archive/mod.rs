//! An archive: many databases as one (issue 47; docs/ARCHITECTURE.md,
//! "An archive"). A user's folder holds many databases, copied from one
//! another over the years; a single database is an archive of one.
//!
//! - [`group`](group::group): the files of a folder (or of a drop in the
//!   viewer) grouped into databases by folder and stem, each incomplete set
//!   named with what it lacks.

pub mod group;

pub use group::{Grouping, Set, group};
