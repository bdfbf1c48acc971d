//! Adding games to an opening tree straight from a Chess Assistant
//! database: no game tree is built, no text decoded, and decoding stops at
//! the tree's ply cap.

use core::ops::ControlFlow;

use super::{
    record::move_fields,
    tree::{LineKeys, Obs, OpeningTree, pack_move},
};
use crate::{
    bytes::ReadAt,
    ca::{Database, format::d00::outcome_result},
    error::Error,
    game::Ply,
};

impl OpeningTree {
    /// Adds game `index` of a Chess Assistant database like
    /// [`add_game`](Self::add_game), but straight from the decoder: the
    /// result and ratings come from the D00 record, no text is decoded,
    /// variations are skipped, and decoding stops at the ply cap. A game
    /// is read under the convention policy
    /// ([`Database::read_retrying`](crate::ca::Database::read_retrying)), as
    /// [`Database::game`](crate::ca::Database::game) is. A game that
    /// fails before the cap adds nothing and returns the error; damage past
    /// the cap is never read. So the tree keys the same moves as
    /// `Database::game` except for a game that replays under the database's
    /// convention up to the cap and fails later: `game` retries it under the
    /// other convention, the tree keeps the first reading (each of its moves
    /// legal; a database mixing both conventions is the only way to get one).
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
    /// use cadb::stats::OpeningTree;
    /// let games = cadb::game::import::read_pgn("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0").unwrap();
    /// let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut tree = OpeningTree::with_max_plies(2);
    /// assert_eq!(tree.add_ca_game(&db, 0).unwrap(), 2); // Nf3 is past the cap
    /// let e4 = &tree.query(&shakmaty::Chess::default())[0];
    /// assert_eq!((e4.san.as_str(), e4.results), ("e4", Some([1, 0, 0])));
    /// ```
    pub fn add_ca_game<R: ReadAt>(&mut self, db: &Database<R>, index: u64) -> Result<usize, Error> {
        let raw = db.raw_header(index)?;
        let (white_elo, black_elo) = (raw.white_elo, raw.black_elo);
        let result = outcome_result(raw.outcome);
        let start = self.pending.len();
        let (max_plies, pending) = (self.max_plies, &mut self.pending);
        let reading = db.read_retrying(|convention| {
            let (mut left, mut keys) = (max_plies, LineKeys::default());
            // Each move comes legal from the replayer; the tree stops at a
            // null move, as `add_game` does, and at the cap.
            let read = db.for_each_ply_with(index, convention, |before, ply| {
                let (Ply::Move(m), 1..) = (ply, left) else {
                    return ControlFlow::Break(());
                };
                let Ok((from, to, promo)) = move_fields(m) else {
                    return ControlFlow::Break(());
                };
                pending.push(Obs {
                    key: keys.key(before, *m),
                    mv: pack_move(from, to, promo),
                    white_elo,
                    black_elo,
                    result,
                });
                left -= 1;
                if left == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            // A game counts whole or not at all.
            if read.is_err() {
                pending.truncate(start);
            }
            ((), read.err())
        });
        if let Some(e) = reading.error {
            return Err(e);
        }
        Ok(self.finish_game(start))
    }
}
