//! Adding games to an opening tree straight from a Chess Assistant
//! database: no game tree is built, no text decoded, and decoding stops at
//! the tree's ply cap.

use alloc::vec::Vec;
use core::ops::ControlFlow;

use shakmaty::Chess;

use super::{
    entry::MoveEntry,
    keys::{GameTag, LineKeys, Obs, pack_move, position_key},
    record::move_fields,
    tree::OpeningTree,
};
use crate::{
    bytes::ReadAt,
    ca::{
        Database,
        format::d00::{date_year, outcome_result},
        position::Hit,
    },
    error::Error,
    game::Ply,
    limits::Limits,
};

/// Observations between two checks of a tree's size against its limit.
const CHECK_BATCH: usize = 1 << 16;

/// How a tree over a whole database was built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeBuild {
    /// Games whose moves it holds.
    pub games: u64,
    /// Games that failed before the ply cap (they add nothing).
    pub skipped: u64,
    /// Games not read because the tree reached [`Limits::max_tree_entries`].
    pub left_out: u64,
}

impl OpeningTree {
    /// The tree of every game of `db` (to `max_plies` each), read in the
    /// order of their D02 records, until it holds [`Limits::max_tree_entries`] entries (give or take
    /// 65,536): the games after
    /// that are left out and counted, so its memory stays bounded.
    ///
    /// ```
    /// use cadb::{limits::Limits, stats::OpeningTree};
    /// # use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
    /// # let games = cadb::game::import::read_pgn("1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 *\n").unwrap();
    /// # let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let (tree, build) = OpeningTree::of_database(&db, 40, &Limits { max_tree_entries: 3, ..Limits::default() });
    /// assert_eq!((tree.games(), build.left_out), (2, 1));
    /// ```
    pub fn of_database<R: ReadAt>(
        db: &Database<R>,
        max_plies: usize,
        limits: &Limits,
    ) -> (OpeningTree, TreeBuild) {
        let mut builder = TreeBuilder::new(db, max_plies, limits);
        builder.step(db, |_| false);
        builder.finish()
    }

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
        let game = GameTag::new(outcome_result(raw.outcome), date_year(raw.date));
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
                    game,
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

/// [`OpeningTree::of_database`] in steps: each [`step`](Self::step) adds
/// games until its caller says to pause, so a caller that reads D02
/// asynchronously (the viewer's Worker) fetches the next block between two
/// steps while this one decodes. The result does not depend on where the
/// steps pause.
///
/// ```
/// use cadb::{limits::Limits, stats::{OpeningTree, TreeBuilder}};
/// # use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
/// # let games = cadb::game::import::read_pgn("1. e4 e5 *\n\n1. d4 d5 *\n\n1. e4 c5 *\n").unwrap();
/// # let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
/// # let db = Database::open(files, OpenOptions::default()).unwrap();
/// let mut builder = TreeBuilder::new(&db, 40, &Limits::default());
/// let mut steps = 0;
/// // Pausing before every game: one game a step.
/// while builder.step(&db, |_| true) > 0 {
///     steps += 1;
/// }
/// let (tree, build) = builder.finish();
/// assert_eq!((steps, build.games), (2, 3));
/// assert_eq!(tree.query(&shakmaty::Chess::default())[0].san, "e4");
/// ```
pub struct TreeBuilder {
    tree: OpeningTree,
    build: TreeBuild,
    /// The games in D02 record order, and how many are in.
    order: Vec<u64>,
    next: usize,
    limit: usize,
    /// The tree's size is checked when its bound passes this.
    check_at: usize,
}

impl TreeBuilder {
    /// A build of `db`'s tree to `max_plies` a game, under `limits`.
    pub fn new<R: ReadAt>(db: &Database<R>, max_plies: usize, limits: &Limits) -> TreeBuilder {
        TreeBuilder {
            tree: OpeningTree::with_max_plies(max_plies),
            build: TreeBuild::default(),
            // In D02 record order, so a lazily read D02 is read front to
            // back whatever order its writer left the records in (the sums
            // do not depend on the order).
            order: db.indices_in_record_order(),
            next: 0,
            limit: limits.max_tree_entries,
            check_at: limits.max_tree_entries,
        }
    }

    /// Adds games until every game is in, or until `pause(index)` is true
    /// for the next game (never before the first game of a step, so each
    /// step makes progress). Returns how many games are left.
    pub fn step<R: ReadAt>(&mut self, db: &Database<R>, mut pause: impl FnMut(u64) -> bool) -> u64 {
        let first = self.next;
        while let Some(&i) = self.order.get(self.next) {
            if self.next > first && pause(i) {
                break;
            }
            let tree = &mut self.tree;
            // Counting needs a compaction; between two, the tree grows by at
            // least a batch, so games that add nothing new cannot make every
            // game compact (it may end up to a batch over the limit).
            if tree.entries_bound() >= self.check_at {
                tree.compact();
                if tree.len() >= self.limit {
                    self.build.left_out = (self.order.len() - self.next) as u64;
                    self.next = self.order.len();
                    break;
                }
                self.check_at = self.limit.max(tree.len() + CHECK_BATCH);
            }
            // A game damaged before the cap adds nothing (counted whole or not at all).
            if tree.add_ca_game(db, i).is_err() {
                self.build.skipped += 1;
            }
            self.next += 1;
        }
        (self.order.len() - self.next) as u64
    }

    /// This builder, not yet stepped, cut into at most `n` builders of
    /// consecutive stretches of its games (in record order), each to be
    /// stepped with a [`Database`] of its own over the same files (on a
    /// thread of its own: `cadb tree --threads`); [`join`](Self::join)
    /// makes their trees one. A builder already stepped is not cut.
    ///
    /// ```
    /// use cadb::{limits::Limits, stats::{OpeningTree, TreeBuilder}};
    /// # use cadb::ca::{Database, OpenOptions, writer::{WriterOptions, write_database}};
    /// # let games = cadb::game::import::read_pgn("1. e4 e5 *\n\n1. d4 d5 *\n\n1. e4 c5 *\n").unwrap();
    /// # let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// # let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let limits = Limits::default();
    /// let parts = TreeBuilder::new(&db, 40, &limits).split(2);
    /// assert_eq!(parts.len(), 2);
    /// let built = parts.into_iter().map(|mut p| {
    ///     p.step(&db, |_| false);
    ///     p.finish()
    /// });
    /// let (tree, build) = TreeBuilder::join(built, &limits).unwrap();
    /// let (alone, _) = OpeningTree::of_database(&db, 40, &limits);
    /// assert_eq!((tree.to_bytes(), build.games), (alone.to_bytes(), 3));
    /// ```
    pub fn split(self, n: usize) -> Vec<TreeBuilder> {
        if self.next > 0 || n <= 1 || self.order.len() <= 1 {
            return alloc::vec![self];
        }
        let size = self.order.len().div_ceil(n);
        self.order
            .chunks(size)
            .map(|games| TreeBuilder {
                tree: OpeningTree::with_max_plies(self.tree.max_plies),
                build: TreeBuild::default(),
                order: games.to_vec(),
                next: 0,
                limit: self.limit,
                check_at: self.limit,
            })
            .collect()
    }

    /// The trees of [`split`](Self::split)'s builders, finished, as one:
    /// the tree and counts the builder would have made alone. `None` when
    /// the tree reaches `limits`' entries: which games are then left out
    /// depends on the order they were read in, so build it on one builder.
    pub fn join(
        parts: impl IntoIterator<Item = (OpeningTree, TreeBuild)>,
        limits: &Limits,
    ) -> Option<(OpeningTree, TreeBuild)> {
        let mut all: Option<(OpeningTree, TreeBuild)> = None;
        for (tree, build) in parts {
            if build.left_out > 0 {
                return None;
            }
            match &mut all {
                None => all = Some((tree, build)),
                Some((t, b)) => {
                    t.absorb(tree);
                    b.skipped += build.skipped;
                }
            }
        }
        let (mut tree, mut build) = all?;
        // Alone, a builder checks its tree against the limit as it grows;
        // a tree short of the limit at the end never reached it.
        tree.compact();
        if tree.len() >= limits.max_tree_entries {
            return None;
        }
        build.games = tree.games();
        Some((tree, build))
    }

    /// Games in so far (read or left out), and the database's count.
    pub fn progress(&self) -> (u64, u64) {
        (self.next as u64, self.order.len() as u64)
    }

    /// The tree, with the games read so far (all, after the last step).
    pub fn finish(mut self) -> (OpeningTree, TreeBuild) {
        self.tree.compact();
        self.build.games = self.tree.games();
        (self.tree, self.build)
    }
}

/// [`OpeningTree::packed_next`] of a hit with no next move (any value of
/// 2^15 or more is none: a move packs into 15 bits).
pub const NO_NEXT: u16 = u16::MAX;

impl OpeningTree {
    /// The moves played next from `pos` by the games of a position search
    /// (its [`Hit`]s, each with the move after its first occurrence), with
    /// the statistics of [`OpeningTree::query`]: results, ratings and years
    /// from each game's D00 record. It needs no ply cap, so it answers past
    /// the tree's. A game ending at the position adds nothing; so does a
    /// hit whose next move is not legal in `pos` (the search ignores
    /// castling and en passant rights, a move of `pos` may need them), and
    /// a game whose D00 record does not read.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, position::SearchOptions, writer::{WriterOptions, write_database}};
    /// use cadb::{reach::Target, stats::OpeningTree};
    /// let games = cadb::game::import::read_pgn("1. e4 e5 2. Nf3 *\n\n1. e4 e5 2. Bc4 *\n\n1. d4 *\n").unwrap();
    /// let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    /// let found = db.position_search(&fen.parse::<Target>().unwrap(), &SearchOptions::default(), |_, _| core::ops::ControlFlow::Continue(())).unwrap();
    /// let pos: shakmaty::Chess = fen.parse::<shakmaty::fen::Fen>().unwrap().into_position(shakmaty::CastlingMode::Standard).unwrap();
    /// let next = OpeningTree::next_moves(&db, &pos, &found.hits);
    /// let sans: Vec<_> = next.iter().map(|m| (m.san.as_str(), m.count)).collect();
    /// assert_eq!(sans, [("Bc4", 1), ("Nf3", 1)]);
    /// ```
    pub fn next_moves<R: ReadAt>(db: &Database<R>, pos: &Chess, hits: &[Hit]) -> Vec<MoveEntry> {
        let next = hits.iter().map(|h| (h.game, OpeningTree::packed_next(h)));
        OpeningTree::next_moves_packed(db, pos, next)
    }

    /// A hit's next move in 16 bits ([`NO_NEXT`]: none, or none a tree
    /// counts), as the hits of a search made in parts carry it from a
    /// pool's helper to the Worker that joins them
    /// ([`next_moves_packed`](Self::next_moves_packed)).
    pub fn packed_next(hit: &Hit) -> u16 {
        match hit.next.as_ref().map(move_fields) {
            Some(Ok((from, to, promo))) => pack_move(from, to, promo),
            _ => NO_NEXT,
        }
    }

    /// [`next_moves`](Self::next_moves) from each hit's game and
    /// [`packed_next`](Self::packed_next) move: the same rows.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, position::SearchOptions, writer::{WriterOptions, write_database}};
    /// use cadb::stats::OpeningTree;
    /// let games = cadb::game::import::read_pgn("1. e4 e5 *\n\n1. e4 c5 *\n\n1. e4 *\n").unwrap();
    /// let (files, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    /// let found = db.position_search(&fen.parse().unwrap(), &SearchOptions::default(), |_, _| core::ops::ControlFlow::Continue(())).unwrap();
    /// let pos = cadb::game::fen_argument(Some(fen)).unwrap();
    /// let packed = found.hits.iter().map(|h| (h.game, OpeningTree::packed_next(h)));
    /// let rows = OpeningTree::next_moves_packed(&db, &pos, packed);
    /// assert_eq!(rows.len(), 2);
    /// assert_eq!(rows, OpeningTree::next_moves(&db, &pos, &found.hits));
    /// ```
    pub fn next_moves_packed<R: ReadAt>(
        db: &Database<R>,
        pos: &Chess,
        next: impl IntoIterator<Item = (u32, u16)>,
    ) -> Vec<MoveEntry> {
        OpeningTree::next_moves_across(pos, &mut next.into_iter().map(|(g, mv)| (db, g, mv)))
    }

    /// [`next_moves_packed`](Self::next_moves_packed) of games of many
    /// databases (an archive's list, [`crate::archive::list`]): each
    /// game's database, the game, its packed move; one set of rows.
    pub fn next_moves_across<'d, R: ReadAt + 'd>(
        pos: &Chess,
        // `dyn`: one copy for one database's rows and an archive's (wasm size).
        next: &mut dyn Iterator<Item = (&'d Database<R>, u32, u16)>,
    ) -> Vec<MoveEntry> {
        let mut tree = OpeningTree::with_max_plies(1);
        let key = position_key(pos);
        for (db, game, mv) in next {
            // A move packs into 15 bits: anything else is no move.
            if mv >= 1 << 15 {
                continue;
            }
            let Ok(raw) = db.raw_header(game.into()) else {
                continue;
            };
            let start = tree.pending.len();
            tree.pending.push(Obs {
                key,
                mv,
                white_elo: raw.white_elo,
                black_elo: raw.black_elo,
                game: GameTag::new(outcome_result(raw.outcome), date_year(raw.date)),
            });
            tree.finish_game(start);
        }
        tree.query(pos)
    }
}
