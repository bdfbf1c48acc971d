//! Naming a game: the last named position its main line passes through,
//! read no further than a named position can lie ([`Openings::max_plies`]).

use core::ops::ControlFlow;

use shakmaty::{Bitboard, Chess};

use super::{Opening, Openings};
use crate::game::{GameVisitor, Ply, Skip};

/// Names a game from its main line: a [`GameVisitor`] for a game alone
/// (`db.read_game(i, &mut Classify::new(&openings))`), or fed position by
/// position by a pass that replays the game anyway, such as the search: its
/// own visitor calls [`start`](Self::start) from `setup`,
/// [`after_ply`](Self::after_ply) from `after_ply` on the main line until
/// [`done`](Self::done), and reads [`opening`](Self::opening) at the end
/// ([`Opening::matches`] for a query's text).
///
/// ```
/// use cadb::openings::{Classify, Openings};
/// use cadb::game::import::read_pgn;
/// let openings = Openings::builtin();
/// // b.tsv: "B90 Sicilian Defense: Najdorf Variation, English Attack" ends at 6.Be3;
/// // 6...Nbd7 is named nowhere, so the name stays.
/// let pgn = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 Nbd7 *";
/// let game = &read_pgn(pgn).unwrap()[0];
/// let o = game.visit(&mut Classify::new(&openings)).unwrap().unwrap();
/// assert_eq!(o.name, "Sicilian Defense: Najdorf Variation, English Attack");
/// ```
#[derive(Clone, Debug)]
pub struct Classify<'a> {
    openings: &'a Openings,
    plies: u32,
    found: Option<&'a Opening>,
    /// The ply of the position `found` names.
    found_at: u32,
}

impl<'a> Classify<'a> {
    /// A classifier over `openings`, before the first ply.
    pub fn new(openings: &'a Openings) -> Classify<'a> {
        Classify {
            openings,
            plies: 0,
            found: None,
            found_at: 0,
        }
    }

    /// A game's set-up start position (none for the standard start): it may
    /// itself be named.
    pub fn start(&mut self, pos: &Chess) {
        self.found = self.openings.of_position(pos);
    }

    /// The position after the next main-line ply. `Break` once no named
    /// position can follow (the ply bound): the caller may stop feeding it.
    pub fn after_ply(&mut self, after: &Chess) -> ControlFlow<()> {
        self.plies += 1;
        if self.plies <= self.openings.max_plies()
            && let Some(o) = self.openings.of_position(after)
        {
            self.found = Some(o);
            self.found_at = self.plies;
        }
        if self.done() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Whether the bound is reached: no later ply is looked at.
    pub fn done(&self) -> bool {
        self.plies >= self.openings.max_plies()
    }

    /// The name so far: the last named position passed.
    pub fn opening(&self) -> Option<&'a Opening> {
        self.found
    }

    /// The ply of the position that [`opening`](Self::opening) names (0:
    /// the start): where a search by opening opens the game.
    pub fn ply(&self) -> u32 {
        self.found_at
    }
}

impl<'a> GameVisitor for Classify<'a> {
    type Output = Option<&'a Opening>;

    fn wants_text(&self) -> bool {
        false
    }

    fn wants_annotations(&self) -> bool {
        false
    }

    fn setup(&mut self, _fen: &str, pos: &Chess) {
        self.start(pos);
    }

    fn ply(&mut self, _before: &Chess, _ply: &Ply) -> ControlFlow<()> {
        if self.done() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn after_ply(&mut self, after: &Chess, _checkers: Bitboard) {
        let _ = Classify::after_ply(self, after);
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self) -> Option<&'a Opening> {
        self.found
    }
}
