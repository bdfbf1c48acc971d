//! The searches inside games on crafted games whose answers are known by
//! hand: the Nth consecutive ply of `for N`, a promotion that makes the
//! material, en passant, castling and a maneuver through f1 (not visited)
//! and to g1 (visited), a capture ending a route, Russian comments found
//! in another case, NAGs, evaluations and a swing exactly at its threshold.

#![cfg(not(target_arch = "wasm32"))]

use cadb::ca::search::Expressions;

#[path = "support/search_hits.rs"]
mod search_hits;

/// The hits (game, ply) of `e` over the games of `pgn`.
fn hits(pgn: &str, e: Expressions) -> Vec<(u32, u32)> {
    search_hits::search_hits(pgn, &e, None).unwrap()
}

fn material(pgn: &str, m: &str) -> Vec<(u32, u32)> {
    hits(
        pgn,
        Expressions {
            material: Some(m),
            ..Default::default()
        },
    )
}

fn maneuver(pgn: &str, m: &str) -> Vec<(u32, u32)> {
    hits(
        pgn,
        Expressions {
            maneuver: Some(m),
            ..Default::default()
        },
    )
}

/// White takes a pawn on ply 3 (exd5) and Black takes it back on ply 4
/// (Qxd5): White is a pawn up on ply 3 only. No capture after, to ply 8.
const SCANDINAVIAN: &str = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 *";

#[test]
fn for_n_counts_consecutive_plies() {
    // Equal pawns on plies 0-2 and 4-8: five in a row from ply 4.
    assert_eq!(material(SCANDINAVIAN, "diff P=0 for 3"), [(0, 2)]);
    assert_eq!(material(SCANDINAVIAN, "diff P=0 for 4"), [(0, 7)]);
    // A mid-exchange capture does not count: one ply a pawn up.
    assert_eq!(material(SCANDINAVIAN, "diff P=1"), [(0, 3)]);
    assert_eq!(material(SCANDINAVIAN, "diff P=1 for 2"), []);
    // Plies 0-8 hold P=0 but for ply 3: the run from 4 reaches 5 at ply 8.
    assert_eq!(material(SCANDINAVIAN, "diff P=0 for 5"), [(0, 8)]);
    assert_eq!(material(SCANDINAVIAN, "diff P=0 for 6"), []);
    // Only plies 5.. count.
    assert_eq!(material(SCANDINAVIAN, "diff P=0 plies 5-"), [(0, 5)]);
    assert_eq!(material(SCANDINAVIAN, "diff P=0 plies 5-6 for 2"), [(0, 6)]);
    assert_eq!(material(SCANDINAVIAN, "diff P=0 plies 5-6 for 3"), []);
    // Seven pawns each after 2... Qxd5, with all the pieces.
    assert_eq!(material(SCANDINAVIAN, "QRRBBNNP7 vs QRRBBNNP7"), [(0, 4)]);
    // White's seven pawns: after 2... Qxd5.
    assert_eq!(material(SCANDINAVIAN, "QR2B2N2P7 vs *"), [(0, 4)]);
    assert_eq!(material(SCANDINAVIAN, "* vs QR2B2N2P7"), [(0, 3)]);
    // Unnamed pieces must be absent: no position has only kings and pawns.
    assert_eq!(material(SCANDINAVIAN, "P7 vs P7"), []);
}

/// White promotes on ply 9 (5. b8=Q) and has two queens.
const PROMOTION: &str = "[FEN \"4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1\"]\n\n\
1. Rh8+ Kd7 2. Rh2 g1=N 3. Rh1 Nf3+ 4. Ke2 Nh4 5. b8=Q *";

#[test]
fn a_promotion_makes_the_material() {
    assert_eq!(material(PROMOTION, "QR vs N"), [(0, 9)]);
    assert_eq!(material(PROMOTION, "QR vs N either"), [(0, 9)]);
    assert_eq!(material(PROMOTION, "RP vs P"), [(0, 0)]);
    // Black's knight came by promotion on ply 4.
    assert_eq!(material(PROMOTION, "RP vs N"), [(0, 4)]);
    // Two queens: White has one pawn, so one promotion at most; refused
    // only when no position of chess can have it (two queens can).
    assert_eq!(material(PROMOTION, "Q2 vs *"), []);
}

#[test]
fn en_passant_and_castling() {
    // 3. exd6 e.p. (ply 5): Black's d-pawn is gone.
    let ep = "1. e4 a6 2. e5 d5 3. exd6 Nf6 4. Nf3 e6 5. Be2 Be7 6. O-O O-O *";
    assert_eq!(material(ep, "diff P=1"), [(0, 5)]);
    assert_eq!(
        hits(
            ep,
            Expressions {
                pattern: Some("Pd6 !pd"),
                ..Default::default()
            }
        ),
        [(0, 5)]
    );
    // Castling: the king goes e1-g1 (ply 11), passing f1, which it does not visit.
    assert_eq!(maneuver(ep, "Ke1-g1"), [(0, 11)]);
    assert_eq!(maneuver(ep, "Ke1-f1"), []);
    assert_eq!(maneuver(ep, "Ke1-f1-g1"), []);
    // The rook's part: h1-f1.
    assert_eq!(maneuver(ep, "Rh1-f1"), [(0, 11)]);
    assert_eq!(maneuver(ep, "ke8-g8"), [(0, 12)]);
    assert_eq!(maneuver(ep, "rh8-f8"), [(0, 12)]);
    // The bishop f1-e2 on ply 9: f1 is the bishop's, visited.
    assert_eq!(maneuver(ep, "Bf1-e2"), [(0, 9)]);
    // The e-pawn: e2-e4-e5-d6.
    assert_eq!(maneuver(ep, "Pe2-e4-e5-d6"), [(0, 5)]);
}

#[test]
fn a_maneuver_through_f1_to_g3() {
    let g = "1. Nf3 d5 2. d4 Nf6 3. Nbd2 e6 4. e3 Be7 5. Bd3 O-O 6. O-O c5 7. Re1 Nc6 \
             8. Nf1 b6 9. Ng3 Bb7 *";
    // b1-d2 (ply 5), d2-f1 (ply 15), f1-g3 (ply 17).
    assert_eq!(maneuver(g, "Nb1-d2-f1-g3"), [(0, 17)]);
    assert_eq!(maneuver(g, "Nb1-d2-f1"), [(0, 15)]);
    // Other moves between are free, but not another move of the knight.
    assert_eq!(maneuver(g, "Nb1-d2-g3"), []);
    assert_eq!(maneuver(g, "Nd2-f1-g3"), [(0, 17)]);
    // The other knight (g1-f3) does not count as b1's.
    assert_eq!(maneuver(g, "Ng1-f3-d2"), []);
    assert_eq!(maneuver(g, "nb8-c6"), [(0, 14)]);
}

#[test]
fn a_capture_ends_a_route() {
    // The knight on c3 is taken on ply 10 (5... Bxc3); White's other
    // knight goes g1-e2 (ply 9) and takes on c3 (ply 11): another piece.
    let g = "1. e4 e5 2. Nc3 Bb4 3. Nd5 Bc5 4. Nc3 Bb4 5. Nge2 Bxc3 6. Nxc3 *";
    assert_eq!(maneuver(g, "Nb1-c3-d5-c3"), [(0, 7)]);
    assert_eq!(maneuver(g, "Nc3-d5-c3-e2"), []);
    assert_eq!(maneuver(g, "Ng1-e2-c3"), [(0, 11)]);
    // The bishop's route ends with its capture on ply 11.
    assert_eq!(maneuver(g, "bf8-b4-c5-b4-c3"), [(0, 10)]);
    assert_eq!(maneuver(g, "bf8-b4-c5-b4-c3-d4"), []);
}

#[test]
fn comments_in_russian_and_annotations() {
    let g = "1. e4 {Блестяще!} 1... e5 $3 (1... c5 {Сицилианская ЗАЩИТА} $4) \
             2. Nf3 {[%eval 0.30]} 2... Nc6 {[%eval 0.50]} 3. Bb5 {[%eval 2.50]} \
             3... a6 {Время: ЦЕЙТНОТ} *";
    let c = |t: &'static str| {
        hits(
            g,
            Expressions {
                comment: Some(t),
                ..Default::default()
            },
        )
    };
    assert_eq!(c("блестяще"), [(0, 1)]);
    assert_eq!(c("БЛЕСТЯЩЕ"), [(0, 1)]);
    assert_eq!(c("цейтнот время"), [(0, 6)]);
    // Words of one comment, not two.
    assert_eq!(c("блестяще цейтнот"), []);
    assert_eq!(c("\"время: цейт\""), [(0, 6)]);
    // A variation's comment: the main-line ply where it branches (0).
    assert_eq!(c("сицилианская защита"), [(0, 1)]);
    let n = |k: f64| {
        hits(
            g,
            Expressions {
                nag: Some(k),
                ..Default::default()
            },
        )
    };
    assert_eq!(n(3.0), [(0, 2)]);
    assert_eq!(n(4.0), [(0, 1)]);
    assert_eq!(n(5.0), []);
}

#[test]
fn evaluations_and_a_swing_at_the_threshold() {
    let g = "1. e4 e5 2. Nf3 {[%eval 0.30]} 2... Nc6 {[%eval 0.50]} 3. Bb5 {[%eval 2.50]} *";
    let swing = |p: f64| {
        hits(
            g,
            Expressions {
                eval_swing: Some(p),
                ..Default::default()
            },
        )
    };
    assert_eq!(swing(2.0), [(0, 5)]);
    assert_eq!(swing(2.01), []);
    assert_eq!(swing(0.2), [(0, 4)]);
    assert_eq!(
        hits(
            g,
            Expressions {
                has_eval: true,
                ..Default::default()
            }
        ),
        [(0, 3)]
    );
    assert_eq!(
        hits(
            "1. e4 e5 *",
            Expressions {
                has_eval: true,
                ..Default::default()
            }
        ),
        []
    );
}

#[test]
fn conditions_combine() {
    // The pawn count and the knight on c3 hold together first on ply 5.
    assert_eq!(
        hits(
            SCANDINAVIAN,
            Expressions {
                material: Some("diff P=0"),
                pattern: Some("Nc3"),
                ..Default::default()
            }
        ),
        [(0, 5)]
    );
    // A per-game condition: the hit is the later of the two.
    let g = "1. e4 {идея} 1... d5 2. exd5 Qxd5 *";
    assert_eq!(
        hits(
            g,
            Expressions {
                material: Some("diff P=1"),
                comment: Some("идея"),
                ..Default::default()
            }
        ),
        [(0, 3)]
    );
}

/// The opening names of lichess's table: "C20 King's Pawn Game 1. e4 e5"
/// (c.tsv) and "D00 Queen's Pawn Game 1. d4 d5" (d.tsv); a set-up
/// endgame reaches no named position.
#[test]
fn the_opening_of_a_set_up_game() {
    let pgn =
        "1. e4 e5 *\n\n1. d4 d5 *\n\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";
    let openings = cadb::openings::Openings::builtin();
    let found = |opening: &str| {
        let e = Expressions {
            opening: Some(opening),
            ..Default::default()
        };
        search_hits::search_hits(pgn, &e, Some(&openings)).unwrap()
    };
    assert_eq!(found("king's PAWN"), [(0, 2)]);
    assert_eq!(found("d00"), [(1, 2)]);
    assert_eq!(found("pawn game"), [(0, 2), (1, 2)]);
}
