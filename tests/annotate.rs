//! `cadb::annotate` on random games (playouts that often end in mate, with
//! stored evaluations, mate comments and glyphs here and there) and random
//! analyses: it never panics, each mark is the one an independent reading
//! of lichess's rule gives, nothing stored is lost, and the PGN re-imports
//! with the same moves and, annotated again, the same scores.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/legal_diff.rs"]
mod legal_diff;

use cadb::{
    annotate::{Score, annotate},
    game::{Eval, Game, Node, import::read_pgn, pgn::to_pgn},
};
use legal_diff::{Rng, pick};
use proptest::prelude::*;
use shakmaty::{Chess, Color, Position};

fn random_game(rng: &mut Rng) -> Game {
    let mut game = Game::default();
    let mut pos = Chess::default();
    for _ in 0..rng.below(120) {
        let Some(m) = pick(&pos, rng) else { break };
        let mut node = Node::new(m);
        match rng.below(12) {
            0 => node.nags.push(1 + rng.below(6) as u8),
            1 => node.nags.push(10 + rng.below(10) as u8),
            2 | 3 => node.evals.push(Eval::Engine {
                centipawns: rng.below(3000) as i16 - 1500,
                cap: rng.below(2) == 0,
            }),
            4 => node
                .comments_after
                .push(format!("[%eval #{}]", rng.below(9) as i32 - 4)),
            5 => node.comments_after.push("a remark".into()),
            _ => {}
        }
        game.moves.push(node);
        pos.play_unchecked(m);
    }
    game
}

fn random_score(rng: &mut Rng) -> Option<Score> {
    match rng.below(10) {
        0 => None,
        1 => Some(Score::Mate(
            [-1, 1][rng.below(2)] * (1 + rng.below(15) as i32),
        )),
        2 => Some(Score::Cp(rng.below(200_000) as i32 - 100_000)),
        _ => Some(Score::Cp(rng.below(1600) as i32 - 800)),
    }
}

/// lichess's rule read afresh: winning chances with std's `exp`, the
/// mover's drop against 0.3 / 0.2 / 0.1.
fn expected_nag(before: f64, after: f64, mover: Color) -> Option<u8> {
    let drop = if mover == Color::White {
        before - after
    } else {
        after - before
    };
    [(0.3, 4), (0.2, 2), (0.1, 6)]
        .into_iter()
        .find(|&(t, _)| drop >= t)
        .map(|(_, nag)| nag)
}

fn chances(s: Score) -> f64 {
    let cp = match s {
        Score::Cp(cp) => f64::from(cp.clamp(-1000, 1000)),
        Score::Mate(n) => f64::from((21 - n.abs().min(10)) * 100 * n.signum()),
    };
    2.0 / (1.0 + (-0.00368208 * cp).exp()) - 1.0
}

/// The stored score of a node in the original game, read independently.
fn stored(node: &Node) -> Option<Score> {
    for e in &node.evals {
        if let Eval::Engine { centipawns, .. } = e {
            return Some(Score::Cp(i32::from(*centipawns)));
        }
    }
    node.comments_after.iter().find_map(|c| {
        let n: i32 = c
            .strip_prefix("[%eval #")?
            .strip_suffix(']')?
            .parse()
            .ok()?;
        (n != 0).then_some(Score::Mate(n))
    })
}

fn check(seed: u64, extra: usize) {
    let mut rng = Rng(seed | 1);
    let original = random_game(&mut rng);
    let n = original.moves.len();
    let computed: Vec<Option<Score>> = (0..n + 1 + extra).map(|_| random_score(&mut rng)).collect();
    let mut game = original.clone();
    let a = annotate(&mut game, &computed).unwrap();
    assert_eq!(
        (a.scores.len(), a.stored.len(), a.marks.len()),
        (n + 1, n + 1, n)
    );

    // The positions, the movers, and each position's exact chances if it is over.
    let mut positions = vec![Chess::default()];
    for node in &original.moves {
        let mut p = positions.last().unwrap().clone();
        p.play_unchecked(*node.as_move().unwrap());
        positions.push(p);
    }
    let exact = |i: usize| {
        let p = &positions[i];
        if p.is_checkmate() {
            Some(if p.turn() == Color::Black { 1.0 } else { -1.0 })
        } else if p.is_stalemate() || p.is_insufficient_material() {
            Some(0.0)
        } else {
            None
        }
    };
    for i in 0..=n {
        let kept = i.checked_sub(1).and_then(|k| stored(&original.moves[k]));
        assert_eq!(a.stored[i], kept.is_some(), "ply {i}");
        let want = match kept {
            Some(s) => Some(s),
            None if positions[i].is_checkmate() => None,
            None if exact(i).is_some() => Some(Score::Cp(0)),
            None => computed[i].map(|s| match s {
                Score::Cp(cp) => Score::Cp(cp.clamp(-32768, 32767)),
                mate => mate,
            }),
        };
        assert_eq!(a.scores[i], want, "score after ply {i}");
    }
    for k in 1..=n {
        let node = &original.moves[k - 1];
        let has_mark = node.nags.iter().any(|g| (1..=6).contains(g));
        let c = |i: usize| exact(i).or(a.scores[i].map(chances));
        let want = match (has_mark, c(k - 1), c(k)) {
            (false, Some(b), Some(x)) => expected_nag(b, x, positions[k - 1].turn()),
            _ => None,
        };
        assert_eq!(a.marks[k - 1].map(|j| j.nag()), want, "mark of ply {k}");
        // What was stored stays, in order, first.
        let new = &game.moves[k - 1];
        assert!(new.nags.starts_with(&node.nags) && new.evals.starts_with(&node.evals));
        assert!(new.comments_after.starts_with(&node.comments_after));
    }

    // The PGN re-imports with the same moves; annotated again with no
    // analysis, it gives the same scores, all stored, and no new mark.
    let pgn = to_pgn(&game).unwrap();
    let mut back = read_pgn(&pgn).unwrap().remove(0);
    assert_eq!(back.main_line_sans(), original.main_line_sans(), "{pgn}");
    let again = annotate(&mut back, &[]).unwrap();
    assert_eq!(again.scores[1..], a.scores[1..], "{pgn}");
    assert!(again.marks.iter().all(Option::is_none), "{pgn}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn annotations_follow_the_rule(seed: u64, extra in 0usize..3) {
        check(seed, extra);
    }

    /// Too short an analysis counts as missing scores.
    #[test]
    fn short_analyses_do_not_panic(seed: u64, len in 0usize..5) {
        let mut rng = Rng(seed | 1);
        let mut game = random_game(&mut rng);
        let scores: Vec<_> = (0..len).map(|_| random_score(&mut rng)).collect();
        let a = annotate(&mut game, &scores).unwrap();
        prop_assert_eq!(a.scores.len(), game.moves.len() + 1);
    }
}
