//! Random games with annotations and variations, written and decoded by the oracle.

use super::*;
use cadb::game::{Eval, Node};
use proptest::prelude::*;

/// Builds a line of up to `len` random legal moves, with annotations and
/// variations chosen by the byte stream `r`.
fn line(pos: &Chess, r: &mut impl Iterator<Item = u8>, len: usize, depth: u32) -> Vec<Node> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = r.next().unwrap_or(0) as usize;
        // Prefer promotions, captures and castling now and then, so they occur.
        let special: Vec<_> = moves
            .iter()
            .filter(|m| m.is_promotion() || m.is_castle() || m.is_en_passant())
            .collect();
        let m = if !special.is_empty() && pick.is_multiple_of(2) {
            *special[pick % special.len()]
        } else {
            moves[pick % moves.len()]
        };
        let mut node = Node::new(m);
        let flags = r.next().unwrap_or(0);
        if flags & 1 != 0 {
            node.comments_after
                .push("comment ".repeat((flags >> 4) as usize));
        }
        if flags & 2 != 0 {
            node.nags.push(flags >> 2);
        }
        if flags & 4 != 0 {
            node.comments_before.push("до".into());
        }
        if flags & 8 != 0 {
            node.evals.push(Eval::Engine {
                centipawns: i16::from(flags) - 100,
                cap: flags & 16 != 0,
            });
        }
        if flags & 32 != 0 && depth < 3 {
            let v = line(&pos, r, 4, depth + 1);
            if !v.is_empty() {
                node.variations.push(v);
            }
        }
        pos.play_unchecked(m);
        out.push(node);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_legal_games(bytes in proptest::collection::vec(any::<u8>(), 0..600), left in any::<bool>(), plain in any::<bool>()) {
        let mut r = bytes.into_iter();
        let mut games = Vec::new();
        for _ in 0..3 {
            games.push(Game {
                moves: line(&Chess::default(), &mut r, 120, 0),
                ..Game::default()
            });
        }
        let mut o = if plain { WriterOptions::plain() } else { WriterOptions::default() };
        if left {
            o.convention = Convention::Left;
        }
        let report = check_all(&games, &o);
        prop_assert!(report.skipped.iter().all(|s| s.1.code() == "too-large"));
    }
}
