//! The reference for position search: every game read whole into a tree
//! and every position replayed by shakmaty's own `play` (which checks each
//! move), with nothing pruned while reading. `Database::position_search`
//! must give exactly what this gives (tests/position_search.rs, the
//! `position_search` fuzz target). The rules it follows, from
//! `cadb::ca::position`'s docs:
//! - a hit is the first occurrence in the order the game reads;
//! - a game is read under the database's convention, and again under the
//!   other when the first reading failed on a move (`Database::game`'s
//!   policy); a reading fails when the record is damaged before the point
//!   where the search stops: at the hit, or at the first main-line move
//!   played from a position that cannot reach the target;
//! - a game whose reading fails with no hit is damaged, unless its main
//!   line had already been ruled out (it cannot reach the target whatever
//!   the damage hides); a hit at the start with the record failing before
//!   its first move is no hit (a damaged set-up).

use cadb::{
    ErrorKind,
    bytes::ReadAt,
    ca::{Convention, Database, position::Hit},
    game::{Game, GameVisitor, Node, Ply, Skip, TreeBuilder},
    reach::Target,
};
use shakmaty::{Chess, Move, Position};

/// One reading of one game: its positions in reading order (each with
/// its hit data), how many of them are on the main line, and the error.
pub struct Reading {
    /// Each position, its hit data, and whether its line goes on (a move
    /// or a null move follows: the search stops there).
    positions: Vec<(Chess, Hit, bool)>,
    /// `positions[..main]` are the main line's, in order (ply 0 first).
    main: Vec<usize>,
    /// The main line has a null move: the search stops reading there.
    main_null: bool,
    error: Option<ErrorKind>,
}

/// A game's readings under the database's convention and the other one.
pub struct GameReadings([Reading; 2]);

/// A reading for a failure message: each position's ply and line kind,
/// and the error.
pub type Described = (Vec<(u32, bool)>, Option<ErrorKind>);

/// Every game of a database read both ways, once, for many targets.
pub struct Reference(Vec<GameReadings>);

/// A tree builder that reads what the search reads: no text, no
/// annotations, and variations only when told to. It keeps the set-up
/// position itself (without text, no FEN comes).
struct Builder(TreeBuilder, bool, Option<Chess>);

impl GameVisitor for Builder {
    type Output = Game;
    fn wants_text(&self) -> bool {
        false
    }
    fn wants_annotations(&self) -> bool {
        false
    }
    fn setup(&mut self, _fen: &str, pos: &Chess) {
        self.2 = Some(pos.clone());
    }
    fn ply(&mut self, before: &Chess, ply: &Ply) -> std::ops::ControlFlow<()> {
        self.0.ply(before, ply)
    }
    fn begin_variation(&mut self) -> Skip {
        if self.1 {
            self.0.begin_variation()
        } else {
            Skip(true)
        }
    }
    fn end_variation(&mut self) {
        self.0.end_variation()
    }
    fn end_game(&mut self) -> Game {
        self.0.end_game()
    }
}

fn read<R: ReadAt>(db: &Database<R>, index: u64, c: Convention, variations: bool) -> Reading {
    let mut builder = Builder(TreeBuilder::new(), variations, None);
    let (game, error) = db.read_game_with(index, c, &mut builder);
    let mut r = Reading {
        positions: Vec::new(),
        main: Vec::new(),
        main_null: game.moves.iter().any(|n| !matches!(n.mv, Ply::Move(_))),
        error: error.map(|e| e.kind),
    };
    let start = builder.2.take().unwrap_or_default();
    let first = game.moves.first().and_then(|n| ply_move(&n.mv));
    r.main.push(0);
    r.positions
        .push((start.clone(), hit(0, false, first), !game.moves.is_empty()));
    walk(&game.moves, start, 0, false, &mut r);
    r
}

fn hit(ply: u32, in_variation: bool, next: Option<Move>) -> Hit {
    Hit {
        game: 0,
        ply,
        in_variation,
        next,
    }
}

fn ply_move(p: &Ply) -> Option<Move> {
    match p {
        Ply::Move(m) => Some(*m),
        _ => None,
    }
}

fn walk(line: &[Node], mut pos: Chess, mut ply: u32, in_variation: bool, r: &mut Reading) {
    for (k, node) in line.iter().enumerate() {
        // A null move ends the line for the search (no position after it
        // is a position of the game).
        let Ply::Move(m) = node.mv else { return };
        let before = pos.clone();
        pos = match pos.clone().play(m) {
            Ok(after) => after,
            Err(_) => panic!("the reader gave an illegal move {m:?}"),
        };
        ply += 1;
        let next = line.get(k + 1).and_then(|n| ply_move(&n.mv));
        if !in_variation {
            r.main.push(r.positions.len());
        }
        r.positions.push((
            pos.clone(),
            hit(ply, in_variation, next),
            k + 1 < line.len(),
        ));
        for var in &node.variations {
            walk(var, before.clone(), ply - 1, true, r);
        }
    }
}

/// What the search sees of one reading: its hit, whether the main line
/// was ruled out, and whether the damage comes before the search stops.
fn attempt(r: &Reading, t: &Target) -> (Option<Hit>, bool, Option<ErrorKind>) {
    let found = r.positions.iter().find(|(p, _, _)| t.matches(p));
    let hit = found.map(|(_, h, _)| *h);
    // The first main-line position that cannot reach the target: the
    // search reads that ply's variations, then stops at the next move.
    let dead = r
        .main
        .iter()
        .map(|&k| &r.positions[k])
        .find(|(p, _, _)| !t.reachable_from(p.board()));
    // The search stops at the move after the hit or after `dead`, when the
    // record gave one (damage before it is seen).
    let stopped_before_damage =
        found.is_some_and(|f| f.2) || dead.is_some_and(|d| d.2) || r.main_null;
    let error = r.error.clone().filter(|_| !stopped_before_damage);
    (hit, dead.is_some(), error)
}

impl Reference {
    pub fn new<R: ReadAt>(db: &Database<R>, variations: bool) -> Reference {
        let c = db.convention();
        Reference(
            (0..db.count())
                .map(|i| {
                    GameReadings([
                        read(db, i, c, variations),
                        read(db, i, c.other(), variations),
                    ])
                })
                .collect(),
        )
    }

    /// The positions game `index` reaches under the database's convention,
    /// in reading order: targets that are hits.
    #[allow(dead_code)] // Only the fuzz target draws targets this way.
    pub fn positions(&self, index: usize) -> Vec<Chess> {
        self.0[index].0[0]
            .positions
            .iter()
            .map(|(p, _, _)| p.clone())
            .collect()
    }

    /// Whether game `index` reads without damage under the database's
    /// convention (then the search must give exactly what [`search`]
    /// gives; for a damaged game the rules above depend on where the
    /// damage lies relative to where the search stops, which a whole
    /// reading cannot always tell).
    #[allow(dead_code)] // Only the fuzz target asks.
    pub fn clean(&self, index: usize) -> bool {
        self.0[index].0[0].error.is_none()
    }

    /// Whether `hit` is an occurrence of `t` in game `index` under either
    /// convention: the same ply and line kind, and the same next move
    /// where the reading got that far.
    #[allow(dead_code)] // Only the fuzz target asks.
    pub fn occurs(&self, index: usize, t: &Target, hit: &Hit) -> bool {
        self.0[index].0.iter().any(|r| {
            r.positions.iter().any(|(p, h, _)| {
                t.matches(p)
                    && (h.ply, h.in_variation) == (hit.ply, hit.in_variation)
                    && (h.next.is_none() || h.next == hit.next)
            })
        })
    }

    /// Each reading's hit data and error, for a failure message.
    #[allow(dead_code)] // Only the fuzz target asks.
    pub fn describe(&self, index: usize) -> Vec<Described> {
        self.0[index]
            .0
            .iter()
            .map(|r| {
                (
                    r.positions
                        .iter()
                        .map(|(_, h, _)| (h.ply, h.in_variation))
                        .collect(),
                    r.error.clone(),
                )
            })
            .collect()
    }

    /// The hits (in game order) and the damaged count.
    pub fn search(&self, t: &Target) -> (Vec<Hit>, u64) {
        let (mut hits, mut damaged) = (Vec::new(), 0);
        for (i, GameReadings([first, other])) in self.0.iter().enumerate() {
            let mut out = attempt(first, t);
            if let (_, _, Some(ErrorKind::IllegalMove { .. } | ErrorKind::NoSuchPiece { .. })) =
                &out
            {
                let second = attempt(other, t);
                if second.2.is_none() {
                    out = second;
                }
            }
            match out {
                (Some(h), _, Some(_)) if h.ply == 0 && h.next.is_none() => damaged += 1,
                (Some(h), _, _) => hits.push(Hit {
                    game: i as u32,
                    ..h
                }),
                (None, false, Some(_)) => damaged += 1,
                (None, _, _) => {}
            }
        }
        (hits, damaged)
    }
}
