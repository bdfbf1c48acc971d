//! Searching inside games, as Chess Assistant did: by material, by a
//! pattern of pieces, by one piece's maneuver, and by annotations
//! (comments, NAGs, evaluations). Independent of any codec: each kind is
//! parsed from a short text expression into a type with a test per ply,
//! and [`Matcher`] evaluates them all in one replay of a game through
//! [`GameVisitor`](crate::game::GameVisitor) events. The database search
//! ([`crate::ca::search::HeaderIndex::search_hits`]) applies the header
//! conditions first and replays only the games left.
//!
//! The syntax, for users, is docs/search.md; each kind is its own file:
//! `material.rs`, `pattern.rs`, `maneuver.rs`, `comment.rs`, sharing the
//! tokenizer `lex.rs` (and its errors, [`ErrorKind::Query`](crate::ErrorKind::Query))
//! and the options `for N` / `plies A-B` (`run.rs`). `visitor.rs` is the
//! replay.
//!
//! Plies: ply 0 is the start position, ply n the position after the n-th
//! half-move of the main line. Material, pattern and maneuver must hold at
//! the same ply; the conditions on annotations hold per game, and a game's
//! hit is the latest of the conditions' first hits.
//!
//! ```
//! use cadb::find::{Conditions, Material, Matcher};
//! use cadb::game::import::read_pgn;
//! let game = &read_pgn("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 *").unwrap()[0];
//! let m = Material::parse("diff points>=1").unwrap(); // 2. exd5: a pawn up
//! let c = Conditions { material: Some(&m), ..Conditions::default() };
//! assert_eq!(game.visit(&mut Matcher::new(c)).unwrap().ply, Some(3));
//! ```

use alloc::string::String;

use shakmaty::Move;

mod comment;
mod lex;
pub(crate) use lex::error;
mod maneuver;
mod material;
mod pattern;
mod run;
mod visitor;

pub use comment::CommentQuery;
pub use maneuver::Maneuver;
pub use material::{Condition as MaterialCondition, Diff, Material, Range};
pub use pattern::{Mode, Pattern, Shape, Term};
pub use run::Run;
pub use visitor::{Matcher, OPENING_PLIES, Outcome};

/// The opening of a game, from its first main-line moves (at most
/// [`OPENING_PLIES`]): its ECO code and name as one text ("B90 Sicilian
/// Defense: Najdorf Variation"), which `opening` matches a part of.
///
/// HOOK: the opening classification (`src/openings/`) implements this;
/// until it is wired in, a query on `opening` is refused.
pub trait OpeningNames {
    fn opening(&self, moves: &[Move]) -> Option<String>;
}

/// The conditions of one search on the games' contents, borrowed from a
/// query. Every one that is set must hold.
#[derive(Clone, Copy, Default)]
pub struct Conditions<'a> {
    pub material: Option<&'a Material>,
    pub pattern: Option<&'a Pattern>,
    pub maneuver: Option<&'a Maneuver>,
    pub comment: Option<&'a CommentQuery>,
    /// A NAG on any move.
    pub nag: Option<u8>,
    /// Any evaluation.
    pub has_eval: bool,
    /// Two engine evaluations of consecutive main-line plies differing by
    /// at least this many centipawns.
    pub eval_swing: Option<u32>,
    /// The lower-cased text an opening's name must contain, and the names.
    pub opening: Option<(&'a str, &'a dyn OpeningNames)>,
}

impl Conditions<'_> {
    /// Whether any condition is set (else no game needs replaying).
    pub fn any(&self) -> bool {
        self.material.is_some()
            || self.pattern.is_some()
            || self.maneuver.is_some()
            || self.comment.is_some()
            || self.nag.is_some()
            || self.has_eval
            || self.eval_swing.is_some()
            || self.opening.is_some()
    }
}
