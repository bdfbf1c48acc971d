//! Engine analysis of a game: how engine scores become mistake marks.
//!
//! This is the one place that knows lichess's rule. A [`Score`] is an
//! engine's opinion of a position from White's view; its
//! [`win_chances`](Score::win_chances) map it onto `[-1, 1]`; [`judge`]
//! marks a move by how far it dropped the mover's chances
//! ([`Judgement`]: `?!` from [`INACCURACY`], `?` from [`MISTAKE`], `??`
//! from [`BLUNDER`]). [`annotate`] applies an analysis to a [`Game`]:
//!
//! - An evaluation stored in the database always wins over a computed one:
//!   the effective score after a ply is the node's first
//!   [`Eval::Engine`](crate::game::Eval::Engine) (or a `[%eval #N]` comment,
//!   how a mate is kept), else the computed one.
//! - Terminal positions are exact, whatever any engine or the database
//!   says: after a checkmate the mover has won (chances ±1: never a
//!   mistake) and no score is reported; a stalemate is `0.00`.
//! - A mark comes from consecutive effective scores (before the move,
//!   after it) through [`judge`]. A move that already carries a
//!   move-quality NAG (1 to 6) keeps it and gets no computed mark; a null
//!   move gets none either.
//! - For export, the game is changed: a mark's NAG is added to the node;
//!   a node with no stored score gets the computed one, centipawns as an
//!   `Eval::Engine` (clamped to `i16`), a mate as a comment `[%eval #-3]`
//!   (the model has no mate). Variations are left alone, and the start
//!   position's score is reported but not written.
//!
//! ```
//! use cadb::annotate::{Judgement, Score, annotate};
//! let mut game = cadb::game::import::read_pgn("1. e4 e5 2. Qh5 Ke7 *").unwrap().remove(0);
//! let s = [Score::Cp(30), Score::Cp(30), Score::Cp(25), Score::Cp(0), Score::Cp(600)];
//! let a = annotate(&mut game, &s.map(Some)).unwrap();
//! assert_eq!(a.marks, [None, None, None, Some(Judgement::Blunder)]);
//! let pgn = cadb::game::pgn::to_pgn(&game).unwrap();
//! assert!(pgn.contains("2... Ke7 $4 { [%eval 6.00] }"), "{pgn}");
//! ```

mod apply;

use alloc::string::String;
use core::fmt;
use shakmaty::Color;

pub use apply::{Annotated, annotate};

/// An engine's score of a position, from White's view.
///
/// ```
/// use cadb::annotate::Score;
/// assert_eq!(Score::Cp(-120).to_string(), "-1.20");
/// assert_eq!(Score::Mate(-2).to_string(), "#-2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: positive is good for White.
    Cp(i32),
    /// Mate in `n` moves: `n > 0` White mates, `n < 0` Black mates; never 0.
    Mate(i32),
}

/// Centipawns beyond this count as this much (lichess's ceiling).
pub const CP_CEILING: i32 = 1000;

/// The slope of lichess's winning-chances curve, per centipawn.
const SLOPE: f64 = -0.003_682_08;

impl Score {
    /// From a UCI `info ... score cp 35` / `score mate -3` (the side to
    /// move's view) to White's view. `kind` is `cp` or `mate`; anything
    /// else, and `mate 0` (a position already mated, which has no score
    /// here), is `None`.
    ///
    /// ```
    /// use cadb::annotate::Score;
    /// use shakmaty::Color;
    /// assert_eq!(Score::from_uci(Color::Black, "cp", 35), Some(Score::Cp(-35)));
    /// assert_eq!(Score::from_uci(Color::White, "mate", -3), Some(Score::Mate(-3)));
    /// assert_eq!(Score::from_uci(Color::White, "mate", 0), None);
    /// ```
    pub fn from_uci(side_to_move: Color, kind: &str, value: i32) -> Option<Score> {
        let v = match side_to_move {
            Color::White => value,
            Color::Black => value.checked_neg()?,
        };
        match kind {
            "cp" => Some(Score::Cp(v)),
            "mate" if v != 0 => Some(Score::Mate(v)),
            _ => None,
        }
    }

    /// lichess's winning chances for White, in `[-1, 1]`:
    /// `2 / (1 + exp(-0.00368208 * cp)) - 1`, with `cp` clamped to
    /// ±[`CP_CEILING`]; a mate in `n` counts as `(21 - min(10, |n|)) * 100`
    /// centipawns with the mate's sign (so any mate beats any centipawns).
    ///
    /// ```
    /// use cadb::annotate::Score;
    /// assert_eq!(Score::Cp(0).win_chances(), 0.0);
    /// assert!((Score::Cp(100).win_chances() - 0.18205).abs() < 1e-5);
    /// assert!(Score::Mate(-1).win_chances() < -0.99);
    /// ```
    pub fn win_chances(self) -> f64 {
        let cp = match self {
            Score::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
            Score::Mate(n) => (21 - n.unsigned_abs().min(10) as i32) * 100 * n.signum(),
        };
        2.0 / (1.0 + libm::exp(SLOPE * f64::from(cp))) - 1.0
    }

    /// Mate scores as the PGN's `[%eval #N]` text, centipawns as pawns.
    fn write(self, f: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "{}", crate::game::pgn::Pawns(cp)),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }

    /// The `[%eval ...]` comment command for this score.
    ///
    /// ```
    /// assert_eq!(cadb::annotate::Score::Mate(3).eval_command(), "[%eval #3]");
    /// ```
    pub fn eval_command(self) -> String {
        alloc::format!("[%eval {self}]")
    }
}

/// The PGN `[%eval]` value: `0.35`, `-1.20`, `#3`, `#-2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

/// How bad a move was, by the drop in its mover's winning chances.
///
/// ```
/// use cadb::annotate::Judgement;
/// assert_eq!((Judgement::Blunder.nag(), Judgement::Blunder.symbol()), (4, "??"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// `?!`, NAG 6.
    Inaccuracy,
    /// `?`, NAG 2.
    Mistake,
    /// `??`, NAG 4.
    Blunder,
}

impl Judgement {
    /// The PGN NAG: 6 (`?!`), 2 (`?`) or 4 (`??`).
    ///
    /// ```
    /// assert_eq!(cadb::annotate::Judgement::Inaccuracy.nag(), 6);
    /// ```
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The symbol: `?!`, `?` or `??`.
    ///
    /// ```
    /// assert_eq!(cadb::annotate::Judgement::Mistake.symbol(), "?");
    /// ```
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// A drop in the mover's winning chances of at least this is a blunder
/// (lichess's thresholds, on the `[-1, 1]` scale).
pub const BLUNDER: f64 = 0.3;
/// ... at least this, a mistake.
pub const MISTAKE: f64 = 0.2;
/// ... at least this, an inaccuracy.
pub const INACCURACY: f64 = 0.1;

/// The mark for a move by `mover` that took the position from `before` to
/// `after` (both from White's view), or `None` for a good enough move.
///
/// ```
/// use cadb::annotate::{Judgement, Score, judge};
/// use shakmaty::Color;
/// // Black gives away a rook: from -0.20 to +5.00.
/// assert_eq!(judge(Score::Cp(-20), Score::Cp(500), Color::Black), Some(Judgement::Blunder));
/// assert_eq!(judge(Score::Cp(-20), Score::Cp(500), Color::White), None);
/// ```
pub fn judge(before: Score, after: Score, mover: Color) -> Option<Judgement> {
    judge_chances(before.win_chances(), after.win_chances(), mover)
}

/// [`judge`] on winning chances (a terminal position has exact ones).
fn judge_chances(before: f64, after: f64, mover: Color) -> Option<Judgement> {
    let drop = match mover {
        Color::White => before - after,
        Color::Black => after - before,
    };
    if drop >= BLUNDER {
        Some(Judgement::Blunder)
    } else if drop >= MISTAKE {
        Some(Judgement::Mistake)
    } else if drop >= INACCURACY {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// lichess's curve against std's `exp`, and values worked by hand:
    /// 2/(1+e^-0.368208)-1 = 0.18205 for 100 cp; 1000 cp: 0.95089.
    #[test]
    fn win_chances_match_the_formula() {
        for cp in (-1500..=1500).step_by(7) {
            let c = f64::from(cp.clamp(-1000, 1000));
            let want = 2.0 / (1.0 + std::primitive::f64::exp(-0.00368208 * c)) - 1.0;
            assert!((Score::Cp(cp).win_chances() - want).abs() < 1e-12, "{cp}");
        }
        assert!((Score::Cp(100).win_chances() - 0.182_05).abs() < 1e-5);
        assert!((Score::Cp(-1000).win_chances() + 0.950_89).abs() < 1e-5);
        assert_eq!(Score::Cp(5000).win_chances(), Score::Cp(1000).win_chances());
        // Mate in 1 = 2000 cp, mate in 10 or more = 1100 cp.
        let raw = |cp: f64| 2.0 / (1.0 + std::primitive::f64::exp(-0.00368208 * cp)) - 1.0;
        assert!((Score::Mate(1).win_chances() - raw(2000.0)).abs() < 1e-12);
        assert!((Score::Mate(-12).win_chances() + raw(1100.0)).abs() < 1e-12);
        assert!(Score::Mate(30).win_chances() > Score::Cp(100_000).win_chances());
    }

    /// Thresholds: 100 cp to 0 drops 0.18205 (an inaccuracy); 200 cp to 0
    /// drops 0.35242 (a blunder); from 0, -110 cp drops 0.19979 (below
    /// 0.2) and -112 cp 0.20332 (a mistake).
    #[test]
    fn judgements_at_hand_computed_drops() {
        let w = Color::White;
        assert_eq!(
            judge(Score::Cp(100), Score::Cp(0), w),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(Score::Cp(200), Score::Cp(0), w),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-110), w),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-112), w),
            Some(Judgement::Mistake)
        );
        assert_eq!(judge(Score::Cp(0), Score::Cp(-25), w), None);
        // Black's drop is White's gain.
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(112), Color::Black),
            Some(Judgement::Mistake)
        );
        // Letting a mate in 3 go to +9.00: 0.9974 to 0.9298, no mark.
        assert_eq!(judge(Score::Mate(3), Score::Cp(900), w), None);
        // Walking into a mate from equality.
        assert_eq!(
            judge(Score::Cp(0), Score::Mate(-2), w),
            Some(Judgement::Blunder)
        );
    }

    #[test]
    fn uci_scores_turn_to_whites_view() {
        assert_eq!(
            Score::from_uci(Color::Black, "mate", 2),
            Some(Score::Mate(-2))
        );
        assert_eq!(Score::from_uci(Color::Black, "cp", i32::MIN), None);
        assert_eq!(Score::from_uci(Color::White, "wdl", 3), None);
        assert_eq!(Score::Cp(5).to_string(), "0.05");
        assert_eq!(Score::Cp(-5).to_string(), "-0.05");
        assert_eq!(Score::Cp(1234).to_string(), "12.34");
    }
}
