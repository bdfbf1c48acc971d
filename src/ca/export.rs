//! PGN export: the one path from the replayer to the PGN writer.
//!
//! `cadb pgn`, the JS API's `pgn` and `exportPgn`, and the benchmark's PGN
//! pass all call [`Database::write_pgn`]. The replayer streams each game
//! straight into [`PgnWriter`] (SAN from the legality check, check marks
//! from the checkers it keeps): no game tree is built, and memory does not
//! grow with the database.

use alloc::{format, string::String};

use super::{Convention, Database};
use crate::{bytes::ReadAt, error::Error, game::GameVisitor, game::pgn::PgnWriter};

impl<R: ReadAt> Database<R> {
    /// Appends game `index` as PGN to `out` and returns its error, if any.
    ///
    /// Read under the convention policy ([`Database::read_retrying`], as
    /// [`Database::game`] is): a game that replays only under the other
    /// convention is written that way with a `CAConvention` tag; one that
    /// replays under neither is written up to its error, then a comment
    /// naming it, so a damaged game costs only its own moves.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer};
    /// let games = cadb::game::import::read_pgn("[White \"Anna\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut out = String::new();
    /// assert!(db.write_pgn(0, &mut out).is_none());
    /// assert!(out.contains("[White \"Anna\"]") && out.ends_with("4. Qxf7# 1-0\n\n"));
    /// ```
    pub fn write_pgn(&self, index: u64, out: &mut String) -> Option<Error> {
        self.write_pgn_tagged(index, out, [None, None])
    }

    /// [`write_pgn`](Self::write_pgn) with up to two more tags after the
    /// game's own (an archive's export names where each game came from,
    /// and a merged one the copies a game stands for).
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer};
    /// let games = cadb::game::import::read_pgn("1. e4 *").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut out = String::new();
    /// db.write_pgn_tagged(0, &mut out, [Some(("CASource", "GAMES #1")), None]);
    /// assert!(out.contains("[CASource \"GAMES #1\"]\n\n1. e4 *"));
    /// ```
    pub fn write_pgn_tagged(
        &self,
        index: u64,
        out: &mut String,
        tags: [Option<(&str, &str)>; 2],
    ) -> Option<Error> {
        let start = out.len();
        let mut last = self.convention();
        let reading = self.read_retrying(|convention| {
            out.truncate(start);
            last = convention;
            ((), self.write_pgn_with(index, convention, tags, out))
        });
        if reading.error.is_some() && last != reading.convention {
            // Neither reading went through: the first one's text stands.
            out.truncate(start);
            self.write_pgn_with(index, reading.convention, tags, out);
        }
        reading.error
    }

    fn write_pgn_with(
        &self,
        index: u64,
        convention: Convention,
        tags: [Option<(&str, &str)>; 2],
        out: &mut String,
    ) -> Option<Error> {
        let mut w = PgnWriter::new(out);
        if convention != self.convention() {
            // Only a reading that goes through under the other convention
            // is kept (`write_pgn`), so this marks a rescued game.
            w = w.with_tag("CAConvention", convention.name());
        }
        for (name, value) in tags.into_iter().flatten() {
            w = w.with_tag(name, value);
        }
        let error = self.game_events(index, None, convention, &mut w);
        if let Some(e) = &error {
            w.game_comment(&format!("cadb: decoding stopped: {e}"));
        }
        w.end_game();
        error
    }

    /// Game `index` as PGN ([`write_pgn`](Self::write_pgn)); a game that
    /// fails to decode is an error.
    pub fn pgn(&self, index: u64) -> Result<String, Error> {
        match self.pgn_lenient(index) {
            (text, None) => Ok(text),
            (_, Some(e)) => Err(e),
        }
    }

    /// Game `index` as PGN even if it is broken
    /// ([`write_pgn`](Self::write_pgn)): the moves up to the error, then a
    /// comment naming it. Returns the error too.
    pub fn pgn_lenient(&self, index: u64) -> (String, Option<Error>) {
        let mut out = String::new();
        let error = self.write_pgn(index, &mut out);
        (out, error)
    }
}
