//! Whole-database passes used by the benchmarks (`cadb bench`, `cargo
//! bench`, the browser benchmark): the same code measured natively and in
//! WebAssembly. Timing is the caller's job.
//!
//! ```
//! use cadb::{bench::{Pass, run}, ca::{Database, OpenOptions, writer}};
//! let games = cadb::game::import::read_pgn("1. e4 e5 (1... c5) 2. Nf3 *").unwrap();
//! let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
//! let db = Database::open(files, OpenOptions::default()).unwrap();
//! let t = run(&db, Pass::ReplaySan);
//! assert_eq!((t.games, t.plies, t.errors), (1, 4, 0));
//! ```

use alloc::string::String;
use core::ops::ControlFlow;

use shakmaty::{Bitboard, Chess, san::San};

use crate::{
    bytes::ReadAt,
    ca::{
        Database,
        position::InOrder,
        search::{Expressions, HeaderIndex, Query},
    },
    game::{GameVisitor, Ply, TreeBuilder},
    stats::{DEFAULT_MAX_PLIES, OpeningTree},
};

/// What a pass does with every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Decode the record and replay every move legally (variations too).
    Replay,
    /// Replay, and write each move's SAN (with check marks).
    ReplaySan,
    /// Build the game tree ([`crate::game::Game`]).
    Tree,
    /// Export the game as PGN: [`Database::write_pgn`], the path `cadb pgn`
    /// and `exportPgn` take.
    Pgn,
    /// Add the game to an opening tree straight from the decoder
    /// ([`OpeningTree::add_ca_game`]: main line, first 40 plies, no text).
    OpeningTree,
    /// The same from the decoded [`crate::game::Game`] ([`OpeningTree::add_game`],
    /// the path games read from PGN take).
    OpeningTreeFromGames,
}

impl Pass {
    /// All passes, in the order reports print them.
    pub const ALL: [Pass; 6] = [
        Pass::Replay,
        Pass::ReplaySan,
        Pass::Tree,
        Pass::Pgn,
        Pass::OpeningTree,
        Pass::OpeningTreeFromGames,
    ];

    /// The pass's key, as `cadb bench --only` and `db.benchPass` take it.
    ///
    /// ```
    /// use cadb::bench::Pass;
    /// assert_eq!(Pass::from_key(Pass::OpeningTree.key()), Some(Pass::OpeningTree));
    /// ```
    pub fn key(self) -> &'static str {
        match self {
            Pass::Replay => "replay",
            Pass::ReplaySan => "san",
            Pass::Tree => "tree",
            Pass::Pgn => "pgn",
            Pass::OpeningTree => "opening-tree",
            Pass::OpeningTreeFromGames => "opening-tree-games",
        }
    }

    /// The pass with this [`key`](Self::key).
    pub fn from_key(key: &str) -> Option<Pass> {
        Pass::ALL.into_iter().find(|p| p.key() == key)
    }

    /// Short name.
    pub fn name(self) -> &'static str {
        match self {
            Pass::Replay => "decode + replay",
            Pass::ReplaySan => "decode + replay + SAN",
            Pass::Tree => "decode + replay, tree built",
            Pass::Pgn => "PGN export",
            Pass::OpeningTree => "opening tree, from the decoder",
            Pass::OpeningTreeFromGames => "opening tree, from game trees",
        }
    }
}

/// What a pass went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    /// Plies replayed, variations included (the opening-tree passes: plies
    /// added to the tree).
    pub plies: u64,
    /// Games that stopped on an error.
    pub errors: u64,
    /// Bytes of SAN or PGN text written.
    pub bytes: u64,
}

/// Counts plies; with `san`, also writes each SAN, with its check mark, into
/// one reused buffer: no allocation and no extra replay per move. The move
/// part comes from the position before, the mark from the one after.
struct Plies {
    san: bool,
    plies: u64,
    buf: String,
    bytes: u64,
}

impl GameVisitor for Plies {
    type Output = ();
    // A whole-database pass: its own copy of the replayer.
    const INLINE_IN_DECODER: bool = true;
    fn wants_text(&self) -> bool {
        false
    }
    fn wants_annotations(&self) -> bool {
        false
    }
    fn wants_san(&self) -> bool {
        self.san
    }
    #[inline]
    fn ply_san(&mut self, _before: &Chess, _ply: &Ply, san: San) -> ControlFlow<()> {
        self.plies += 1;
        self.buf.clear();
        crate::game::pgn::push_san(&mut self.buf, san);
        ControlFlow::Continue(())
    }
    #[inline]
    fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
        self.plies += 1;
        if self.san {
            self.buf.clear();
            match ply {
                Ply::Move(m) => {
                    crate::game::pgn::push_san(&mut self.buf, crate::legal::san(before, *m))
                }
                Ply::Null => self.buf.push_str("--"),
            }
        }
        ControlFlow::Continue(())
    }
    #[inline]
    fn after_ply(&mut self, after: &Chess, checkers: Bitboard) {
        if self.san {
            crate::game::pgn::push_mark(&mut self.buf, after, checkers);
            self.bytes += self.buf.len() as u64;
        }
    }
    fn end_game(&mut self) {}
}

/// Runs `pass` over every game of `db`: an export in game order, the
/// other passes in D02 record order (see the loop).
pub fn run<R: ReadAt>(db: &Database<R>, pass: Pass) -> Totals {
    let mut t = Totals::default();
    let mut plies = Plies {
        san: pass == Pass::ReplaySan,
        plies: 0,
        buf: String::new(),
        bytes: 0,
    };
    let mut text = String::new();
    let mut tree = OpeningTree::with_max_plies(DEFAULT_MAX_PLIES);
    // An export writes the games in game order; the other passes read them
    // as the opening tree and the position search do, in D02 record order
    // (the order's scan of D00 is part of the time).
    let order = match pass {
        Pass::Pgn => (0..db.count()).map(|i| InOrder::new(i, None)).collect(),
        _ => db.records_in_order(),
    };
    for entry in order {
        let i = entry.index();
        let err = match pass {
            // No D00 read: `entry` has the record's offset.
            Pass::Replay | Pass::ReplaySan => {
                db.read_game_in_order(entry, db.convention(), &mut plies).1
            }
            Pass::Tree => {
                let (g, e) = db.read_game(i, &mut TreeBuilder::new());
                t.plies += count(&g.moves);
                e
            }
            Pass::Pgn => {
                // The product's export path (`cadb pgn`, `exportPgn`).
                text.clear();
                let e = db.write_pgn(i, &mut text);
                t.bytes += text.len() as u64;
                e
            }
            Pass::OpeningTree => match tree.add_ca_game(db, i) {
                Ok(n) => {
                    t.plies += n as u64;
                    None
                }
                Err(e) => Some(e),
            },
            Pass::OpeningTreeFromGames => match db.game(i).and_then(|g| tree.add_game(&g)) {
                Ok(n) => {
                    t.plies += n as u64;
                    None
                }
                Err(e) => Some(e),
            },
        };
        t.games += 1;
        t.errors += u64::from(err.is_some());
    }
    // The tree passes end with the tree complete (its last batch sorted in).
    tree.compact();
    t.plies += plies.plies;
    t.bytes += plies.bytes;
    t
}

/// The searches inside games the benchmark times beside a replay of every
/// game: a material condition over all games, and the same after a header
/// condition (White won), which leaves a third of the games or so.
pub const MATERIAL: &str = "RB vs RN";

/// The query of those searches: [`MATERIAL`], and with `header` also a
/// result.
pub fn material_query(header: bool) -> Query {
    let mut q = Query {
        result: header.then_some(crate::game::GameResult::WhiteWins),
        ..Query::default()
    };
    let e = Expressions {
        material: Some(MATERIAL),
        ..Expressions::default()
    };
    // The expression is a constant that parses.
    let _ = q.set_expressions(&e);
    q
}

/// Runs the search `q` over `db` ([`HeaderIndex::search_hits`]): the games
/// replayed, and as `plies` the hits.
pub fn search<R: ReadAt>(db: &Database<R>, index: &HeaderIndex, q: &Query) -> Totals {
    let found = index.search_hits(db, q, None, &mut |_, _| ControlFlow::Continue(()));
    match found {
        Ok(f) => Totals {
            games: f.searched,
            plies: f.hits.len() as u64,
            errors: f.damaged,
            bytes: 0,
        },
        Err(_) => Totals {
            errors: 1,
            ..Totals::default()
        },
    }
}

fn count(line: &[crate::game::Node]) -> u64 {
    line.iter()
        .map(|n| 1 + n.variations.iter().map(|v| count(v)).sum::<u64>())
        .sum()
}
