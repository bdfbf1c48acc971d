//! Reading a game: its record through the replayer to a visitor (a game
//! tree, a ply count, the main line's positions).

use alloc::string::String;
use core::ops::ControlFlow;

use shakmaty::Chess;

use super::{Convention, Database, ply_count::PlyCount, records::InOrder, replay};
use crate::{
    bytes::ReadAt,
    error::Error,
    game::{Game, GameVisitor, Ply, TreeBuilder},
    openings::{Classify, Opening, Openings},
};

impl<R: ReadAt> Database<R> {
    /// Streams game `index` through a visitor, under a chosen convention.
    /// The visitor sees every event up to an error; `end_game` is always called.
    pub fn read_game_with<V: GameVisitor>(
        &self,
        index: u64,
        convention: Convention,
        v: &mut V,
    ) -> (V::Output, Option<Error>) {
        let error = self.game_events(index, None, convention, v);
        (v.end_game(), error)
    }

    /// [`read_game_with`](Self::read_game_with) for an entry of
    /// [`record_order`](Self::record_order): a visitor that wants no text
    /// then needs neither the game's D00 header nor its A02 entry, which
    /// the order's scan has read already. In record order those reads
    /// jump around D00 when the records are out of game order (shuffled
    /// GameIDs): 100,000 fixture games written so replayed in 146 ms with
    /// them, 128 ms without (docs/history/benchmarks.md §14).
    pub(crate) fn read_game_in_order<V: GameVisitor>(
        &self,
        entry: InOrder,
        convention: Convention,
        v: &mut V,
    ) -> (V::Output, Option<Error>) {
        let error = self.game_events(entry.index(), entry.record(), convention, v);
        (v.end_game(), error)
    }

    /// Every event of game `index` but `end_game`: the headers (to a
    /// visitor that wants text), then the replay, up to an error. `known`
    /// is the record's offset in D02 when the caller has found it.
    pub(super) fn game_events<V: GameVisitor>(
        &self,
        index: u64,
        known: Option<u64>,
        convention: Convention,
        v: &mut V,
    ) -> Option<Error> {
        let at = match known {
            Some(at) if !v.wants_text() => at,
            _ => {
                let raw = match self.raw_header(index) {
                    Ok(raw) => raw,
                    Err(e) => return Some(e),
                };
                if v.wants_text() {
                    v.headers(&self.game_headers(index, &raw));
                }
                match self.record_of(index, &raw) {
                    Ok(at) => at,
                    Err(e) => return Some(e),
                }
            }
        };
        self.with_record_at(index, at, |base, body| {
            self.replay_body(index, base, body, convention, v)
        })
        .unwrap_or_else(Some)
    }

    /// The replay of game `index`'s record body, already read (`base`: its
    /// offset in D02, which errors name): every move event, up to an error.
    pub(crate) fn replay_body<V: GameVisitor>(
        &self,
        index: u64,
        base: u64,
        body: &[u8],
        convention: Convention,
        v: &mut V,
    ) -> Option<Error> {
        let decoding = self.decoding();
        // A dedicated copy of the replayer for a hot visitor, else the
        // shared one (`GameVisitor::INLINE_IN_DECODER`).
        if V::INLINE_IN_DECODER {
            replay::Replay::new(body, base, index, convention, decoding, v).run()
        } else {
            let v = crate::game::Events::as_dyn(v);
            replay::Replay::new(body, base, index, convention, decoding, v).run()
        }
        .err()
    }

    /// Streams game `index` through a visitor (the database's convention).
    pub fn read_game<V: GameVisitor>(&self, index: u64, v: &mut V) -> (V::Output, Option<Error>) {
        self.read_game_with(index, self.convention(), v)
    }

    /// Streams game `index` through a visitor; any error is returned instead of the output.
    pub fn visit<V: GameVisitor>(&self, index: u64, v: &mut V) -> Result<V::Output, Error> {
        match self.read_game(index, v) {
            (out, None) => Ok(out),
            (_, Some(e)) => Err(e),
        }
    }

    /// Game `index` as a tree, with whatever decoded before an error.
    ///
    /// Read under the convention policy ([`Database::read_retrying`]): a
    /// game that replays only under the other convention is returned decoded
    /// that way, marked with a `CAConvention` tag; one that replays under
    /// neither returns what decoded under the database's and that error.
    pub fn game_lenient(&self, index: u64) -> (Game, Option<Error>) {
        let r = self.read_retrying(|c| self.read_game_with(index, c, &mut TreeBuilder::new()));
        let rescued = r.rescued(self);
        let mut game = r.output;
        if rescued {
            let tag = (
                String::from("CAConvention"),
                String::from(r.convention.name()),
            );
            game.headers.other.push(tag);
        }
        (game, r.error)
    }

    /// Game `index` as a tree.
    pub fn game(&self, index: u64) -> Result<Game, Error> {
        match self.game_lenient(index) {
            (g, None) => Ok(g),
            (_, Some(e)) => Err(e),
        }
    }

    /// The plies of game `index`'s main line; for a damaged game, those that
    /// decoded before the damage.
    ///
    /// ```
    /// # use cadb::ca::{Database, OpenOptions, writer};
    /// # let games = cadb::game::import::read_pgn("1. e4 e5 (1... c5) 2. Nf3 *").unwrap();
    /// # let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// assert_eq!(db.main_line_plies(0), 3);
    /// ```
    pub fn main_line_plies(&self, index: u64) -> u32 {
        self.read_game(index, &mut PlyCount::main_line()).0
    }

    /// The opening game `index` reaches by position ([`Classify`]: its main
    /// line read only as far as a named position can lie), whatever its
    /// stored ECO says. A damaged game is named by what decoded.
    ///
    /// ```
    /// # use cadb::ca::{Database, OpenOptions, writer};
    /// # let games = cadb::game::import::read_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *").unwrap();
    /// # let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let openings = cadb::openings::Openings::builtin();
    /// assert_eq!(db.opening_name(0, &openings).unwrap().name, "Ruy Lopez: Morphy Defense");
    /// ```
    pub fn opening_name<'o>(&self, index: u64, openings: &'o Openings) -> Option<&'o Opening> {
        self.read_game(index, &mut Classify::new(openings)).0
    }

    /// Replays the main line of game `index` with the position before each ply
    /// (a cheap pass for statistics and benchmarks: no text is decoded and
    /// variations are skipped). `Break` from `f` stops the game.
    pub fn for_each_ply(
        &self,
        index: u64,
        f: impl FnMut(&Chess, &Ply) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        self.for_each_ply_with(index, self.convention(), f)
    }

    /// [`for_each_ply`](Self::for_each_ply) under a chosen convention.
    pub fn for_each_ply_with(
        &self,
        index: u64,
        convention: Convention,
        f: impl FnMut(&Chess, &Ply) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        struct MainLine<F>(F);
        impl<F: FnMut(&Chess, &Ply) -> ControlFlow<()>> GameVisitor for MainLine<F> {
            type Output = ();
            // A whole-database pass: its own copy of the replayer.
            const INLINE_IN_DECODER: bool = true;
            fn wants_text(&self) -> bool {
                false
            }
            fn wants_annotations(&self) -> bool {
                false
            }
            fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
                (self.0)(before, ply)
            }
            fn begin_variation(&mut self) -> crate::game::Skip {
                crate::game::Skip(true)
            }
            fn end_game(&mut self) {}
        }
        match self.read_game_with(index, convention, &mut MainLine(f)) {
            (_, None) => Ok(()),
            (_, Some(e)) => Err(e),
        }
    }
}
