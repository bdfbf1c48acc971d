//! The convention policy (§0, Q17): a game that fails under the
//! database's file direction is read once more under the other, and every
//! whole-game reader goes through it.

use super::{Database, format::Convention};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind},
};

/// What one game's reading under [`Database::read_retrying`] gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading<T> {
    /// The output of the attempt that stands.
    pub output: T,
    /// Its error, if the game did not read whole.
    pub error: Option<Error>,
    /// The convention of the attempt that stands.
    pub convention: Convention,
}

impl<T> Reading<T> {
    /// Whether the game read whole only under the other convention than the database's.
    pub fn rescued<R>(&self, db: &Database<R>) -> bool {
        self.error.is_none() && self.convention != db.readings.convention
    }
}

impl<R: ReadAt> Database<R> {
    /// Reads one game under the convention policy: first under the
    /// database's convention; if that stops on an error the other
    /// convention may fix (a move resolved to an empty square or an illegal
    /// move), once more under the other, which stands if it reads whole.
    /// Otherwise the first attempt stands, with its error. Every whole-game
    /// reader (game trees, PGN, the opening tree) goes through here, so they
    /// agree on which games a rescue applies to.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer};
    /// let games = cadb::game::import::read_pgn("1. e4 *").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let r = db.read_retrying(|c| db.read_game_with(0, c, &mut cadb::game::TreeBuilder::new()));
    /// assert_eq!(r.output.main_line_sans().unwrap(), ["e4"]);
    /// assert!(r.error.is_none() && !r.rescued(&db));
    /// ```
    pub fn read_retrying<T>(
        &self,
        mut attempt: impl FnMut(Convention) -> (T, Option<Error>),
    ) -> Reading<T> {
        let first = self.convention();
        let (output, error) = attempt(first);
        let Some(e) = error else {
            return Reading {
                output,
                error: None,
                convention: first,
            };
        };
        if other_convention_may_help(&e) {
            let other = first.other();
            if let (o, None) = attempt(other) {
                return Reading {
                    output: o,
                    error: None,
                    convention: other,
                };
            }
        }
        Reading {
            output,
            error: Some(e),
            convention: first,
        }
    }
}

/// Whether a game that stopped on `e` might read under the other file
/// convention (§0, Q17): the convention resolved a move to an empty square
/// or an illegal move.
fn other_convention_may_help(e: &Error) -> bool {
    matches!(
        e.kind,
        ErrorKind::IllegalMove { .. } | ErrorKind::NoSuchPiece { .. }
    )
}
