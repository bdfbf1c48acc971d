//! [`annotate`]: an analysis applied to a game (the rules are in the
//! module's documentation, [`crate::annotate`]).

use alloc::vec::Vec;
use shakmaty::{Chess, Color, Position};

use super::{Judgement, Score, judge_chances};
use crate::game::{Eval, Game, GameError, Node, Ply, play_ply};

/// What [`annotate`] found, for the main line.
///
/// ```
/// use cadb::annotate::{Score, annotate};
/// let mut game = cadb::game::import::read_pgn("1. e4 {[%eval 0.40]} e5 *").unwrap().remove(0);
/// let a = annotate(&mut game, &[Some(Score::Cp(20)), Some(Score::Cp(30)), None]).unwrap();
/// assert_eq!(a.scores, [Some(Score::Cp(20)), Some(Score::Cp(40)), None]);
/// assert_eq!(a.stored, [false, true, false]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotated {
    /// Plies 0 to n: the effective score of the position after each (0 is
    /// the start): the stored one, else the computed one; `None` where
    /// neither is, or after a checkmate (the game is over).
    pub scores: Vec<Option<Score>>,
    /// `stored[i]`: `scores[i]` came from the game itself.
    pub stored: Vec<bool>,
    /// Plies 1 to n (index `k - 1` for ply `k`): the computed mark, if any.
    pub marks: Vec<Option<Judgement>>,
}

/// Applies an analysis to `game`'s main line and marks its moves.
///
/// `computed[i]` is the engine's score of the main-line position after ply
/// `i` (0 = the start), `None` where it was not analysed; entries past the
/// last ply are ignored and missing ones count as `None`. The game is
/// changed for export only where it had nothing (computed evaluations, new
/// marks). Computed centipawns are clamped to `i16`, as an `Eval::Engine`
/// holds them; on an error (a bad start FEN, a move that does not replay) it
/// is left as it was.
///
/// ```
/// use cadb::annotate::{Score, annotate};
/// // Fool's mate: 2. g4?? lets Black mate at once.
/// let mut game = cadb::game::import::read_pgn("1. f3 e5 2. g4 Qh4# 0-1").unwrap().remove(0);
/// let s = [Score::Cp(25), Score::Cp(-60), Score::Cp(-50), Score::Mate(-1)];
/// let a = annotate(&mut game, &s.map(Some)).unwrap();
/// assert_eq!(a.marks.iter().map(|m| m.map(|j| j.nag())).collect::<Vec<_>>(), [Some(6), None, Some(4), None]);
/// assert_eq!(a.scores[4], None); // mate: the game is over
/// let pgn = cadb::game::pgn::to_pgn(&game).unwrap();
/// assert!(pgn.contains("1. f3 $6 { [%eval -0.60] }") && pgn.contains("2. g4 $4 { [%eval #-1] }"));
/// ```
pub fn annotate(game: &mut Game, computed: &[Option<Score>]) -> Result<Annotated, GameError> {
    let n = game.moves.len();
    // Replay first: on an error nothing is changed.
    let mut pos = game.start_position()?;
    let mut exact = Vec::with_capacity(n + 1);
    let mut movers = Vec::with_capacity(n);
    exact.push(terminal(&pos));
    for node in &game.moves {
        movers.push(pos.turn());
        play_ply(&mut pos, &node.mv)?;
        exact.push(terminal(&pos));
    }

    let mut a = Annotated {
        scores: Vec::with_capacity(n + 1),
        stored: Vec::with_capacity(n + 1),
        marks: Vec::with_capacity(n),
    };
    for (i, end) in exact.iter().enumerate() {
        let kept = i.checked_sub(1).and_then(|k| stored_score(&game.moves[k]));
        let (score, stored) = match (kept, end) {
            (Some(s), _) => (Some(s), true),
            (None, Some(Terminal::Mated)) => (None, false),
            (None, Some(Terminal::Drawn)) => (Some(Score::Cp(0)), false),
            // Clamped as the PGN will say it.
            (None, None) => (computed.get(i).copied().flatten().map(clamp), false),
        };
        a.scores.push(score);
        a.stored.push(stored);
    }
    let chances = |i: usize| match exact[i] {
        // The side to move is mated: the other side has won.
        Some(Terminal::Mated) => Some(match movers.get(i.wrapping_sub(1)) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => -1.0,
            // A start position already mated: nobody moved into it.
            None => 0.0,
        }),
        Some(Terminal::Drawn) => Some(0.0),
        None => a.scores[i].map(Score::win_chances),
    };
    for k in 1..=n {
        let node = &game.moves[k - 1];
        let marked = node
            .nags
            .iter()
            .chain(&node.nags_before)
            .any(|g| (1..=6).contains(g));
        let mark = match (&node.mv, chances(k - 1), chances(k)) {
            (Ply::Move(_), Some(before), Some(after)) if !marked => {
                judge_chances(before, after, movers[k - 1])
            }
            _ => None,
        };
        a.marks.push(mark);
    }

    for (k, node) in (1..).zip(game.moves.iter_mut()) {
        if let Some(j) = a.marks[k - 1] {
            node.nags.push(j.nag());
        }
        match (a.stored[k], a.scores[k]) {
            (false, Some(Score::Cp(cp))) => node.evals.push(Eval::Engine {
                centipawns: i16::try_from(cp).unwrap_or(0),
                cap: false,
            }),
            (false, Some(mate @ Score::Mate(_))) => node.comments_after.push(mate.eval_command()),
            _ => {}
        }
    }
    Ok(a)
}

/// Centipawns within what an [`Eval::Engine`] holds.
fn clamp(s: Score) -> Score {
    match s {
        Score::Cp(cp) => Score::Cp(cp.clamp(i16::MIN.into(), i16::MAX.into())),
        mate => mate,
    }
}

/// A position whose value no engine is asked for.
#[derive(Clone, Copy)]
enum Terminal {
    /// The side to move is checkmated.
    Mated,
    /// Stalemate, or no mate is possible for either side.
    Drawn,
}

// Not inlined, and one move generation for mate and stalemate alike: the
// generator is large, and the wasm module pays for each copy.
#[inline(never)]
fn terminal(pos: &Chess) -> Option<Terminal> {
    if pos.legal_moves().is_empty() {
        Some(match pos.is_check() {
            true => Terminal::Mated,
            false => Terminal::Drawn,
        })
    } else if pos.is_insufficient_material() {
        Some(Terminal::Drawn)
    } else {
        None
    }
}

/// The score a node already carries: its first engine evaluation, or a
/// mate kept as a `[%eval #N]` comment (how [`annotate`] writes one, so a
/// re-imported annotated game keeps its mates).
fn stored_score(node: &Node) -> Option<Score> {
    let engine = node.evals.iter().find_map(|e| match e {
        Eval::Engine { centipawns, .. } => Some(Score::Cp(i32::from(*centipawns))),
        Eval::Author { .. } => None,
    });
    engine.or_else(|| {
        node.comments_after.iter().find_map(|c| {
            let n: i32 = c
                .trim()
                .strip_prefix("[%eval #")?
                .strip_suffix(']')?
                .parse()
                .ok()?;
            (n != 0).then_some(Score::Mate(n))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::import::read_pgn;

    fn game(pgn: &str) -> Game {
        read_pgn(pgn).unwrap().remove(0)
    }

    /// A stored evaluation wins, a stored mark stays, a mate comment counts
    /// as stored, and nothing is written twice.
    #[test]
    fn stored_values_win() {
        let mut g = game("1. e4 $1 {[%eval 0.10]} e5 {[%eval #9]} 2. Nf3 *");
        let s = [
            Score::Cp(0),
            Score::Cp(-900),
            Score::Cp(700),
            Score::Cp(700),
        ];
        let a = annotate(&mut g, &s.map(Some)).unwrap();
        assert_eq!(a.stored, [false, true, true, false]);
        assert_eq!(
            a.scores,
            [
                Some(Score::Cp(0)),
                Some(Score::Cp(10)),
                Some(Score::Mate(9)),
                Some(Score::Cp(700))
            ]
        );
        // 1. e4 $1 keeps its glyph; 1... e5 walks into a mate; 2. Nf3 lets
        // it go for +7.00 (0.9762 to 0.8588: an inaccuracy).
        assert_eq!(
            a.marks,
            [None, Some(Judgement::Blunder), Some(Judgement::Inaccuracy)]
        );
        assert_eq!(g.moves[0].nags, [1]);
        assert_eq!(g.moves[0].evals.len(), 1);
        assert_eq!(g.moves[1].comments_after, ["[%eval #9]"]);
        assert_eq!(g.moves[1].nags, [4]);
    }

    /// A stalemate is 0.00 whatever the engine said; a set-up position
    /// already mated is no one's move; a bad FEN leaves the game as it was.
    #[test]
    fn terminal_positions_are_exact() {
        let mut g = game("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qf7 *");
        let a = annotate(&mut g, &[Some(Score::Mate(1)), Some(Score::Cp(900))]).unwrap();
        assert_eq!(a.scores[1], Some(Score::Cp(0)));
        assert_eq!(a.marks, [Some(Judgement::Blunder)]);
        let mut bad = g.clone();
        bad.start_fen = Some("not a fen".into());
        let before = bad.clone();
        assert_eq!(annotate(&mut bad, &[]), Err(GameError::BadStartFen));
        assert_eq!(bad, before);
    }
}
