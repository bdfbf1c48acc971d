//! The searches inside games (`HeaderIndex::search_hits`) against an
//! oracle written apart (tests/support/find_oracle.rs: each condition
//! judged the plainest way on shakmaty's positions of the source games):
//! random games with comments (Cyrillic too), NAGs and evaluations, and
//! the fixture games, written with random layout tricks, under random
//! conditions of every kind, alone and together.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/find_oracle.rs"]
mod find_oracle;
#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/legal_diff.rs"]
mod legal_diff;
#[path = "support/tricks.rs"]
mod tricks;

use std::ops::ControlFlow;

use tricks::{TRICK_BITS, tricks};

use cadb::{
    ca::{
        Database, OpenOptions,
        search::{Expressions, HeaderIndex, Query},
        writer::{WriterOptions, write_database},
    },
    game::{Eval, Game, Node},
};
use find_oracle::*;
use legal_diff::{Rng, pick};
use proptest::prelude::*;
use shakmaty::{Chess, Color, Piece, Position, Role, Square};

const WORDS: [&str; 8] = [
    "Блестяще",
    "ошибка",
    "Good",
    "winning",
    "ЦЕЙТНОТ",
    "blunder",
    "идея",
    "Zugzwang",
];

/// Random playouts, with annotations here and there.
fn random_games(n: usize, rng: &mut Rng) -> Vec<Game> {
    (0..n)
        .map(|_| {
            let mut game = Game::default();
            let mut pos = Chess::default();
            for _ in 0..20 + rng.below(160) {
                let Some(m) = pick(&pos, rng) else { break };
                let mut node = Node::new(m);
                match rng.below(14) {
                    0 => {
                        let a = WORDS[rng.below(WORDS.len())];
                        let b = WORDS[rng.below(WORDS.len())];
                        node.comments_after.push(format!("{a}, then {b}!"));
                    }
                    1 => node.nags.push(1 + rng.below(6) as u8),
                    2..=4 => node.evals.push(Eval::Engine {
                        centipawns: rng.below(600) as i16 - 300,
                        cap: false,
                    }),
                    5 => {
                        if let Some(alt) = pick(&pos, rng).filter(|&a| a != m) {
                            let mut v = Node::new(alt);
                            v.comments_after
                                .push(WORDS[rng.below(WORDS.len())].to_string());
                            v.nags.push(1 + rng.below(6) as u8);
                            node.variations.push(vec![v]);
                        }
                    }
                    _ => {}
                }
                game.moves.push(node);
                pos.play_unchecked(m);
            }
            game
        })
        .collect()
}

fn small_count(rng: &mut Rng, most: u8) -> Option<(u8, Option<u8>)> {
    match rng.below(5) {
        0 => None,
        1 => Some((rng.below(most as usize + 1) as u8, None)),
        2 => {
            let a = rng.below(most as usize + 1) as u8;
            Some((a, Some(a + rng.below(2) as u8)))
        }
        _ => {
            let a = rng.below(most as usize + 1) as u8;
            Some((a, Some(a)))
        }
    }
}

fn run(rng: &mut Rng) -> ORun {
    let from = if rng.below(4) == 0 {
        rng.below(40) as u32
    } else {
        0
    };
    ORun {
        at_least: if rng.below(3) == 0 {
            1 + rng.below(4) as u32
        } else {
            1
        },
        from,
        to: (rng.below(4) == 0).then(|| from + rng.below(80) as u32),
    }
}

/// A material condition: often one a game's position has.
fn material(rng: &mut Rng, games: &[Game]) -> OMaterial {
    let kind = if rng.below(3) == 0 {
        let d = (0..1 + rng.below(2))
            .map(|_| {
                let role = (rng.below(6) < 5).then(|| rng.below(5));
                (role, rng.below(3) as i8 - 1, rng.below(7) as i32 - 3)
            })
            .collect();
        OMaterialKind::Diffs(d)
    } else if rng.below(2) == 0 {
        // A side's counts as some position has them.
        let g = &games[rng.below(games.len())];
        let line = main_line(g);
        let b = &line.boards[rng.below(line.boards.len())];
        let mut side = |c: Color| {
            let roles = [
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ];
            roles.map(|r| {
                let n = (b.by_color(c) & b.by_role(r)).count() as u8;
                if r == Role::Pawn && n > 0 && n < 8 && rng.below(2) == 0 {
                    return None;
                }
                if n == 0 && r != Role::Pawn && rng.below(2) == 0 {
                    return None;
                }
                Some((n, Some(n)))
            })
        };
        OMaterialKind::Sides([side(Color::White), side(Color::Black)])
    } else {
        let side = |rng: &mut Rng| {
            [
                small_count(rng, 1),
                small_count(rng, 2),
                small_count(rng, 2),
                small_count(rng, 2),
                small_count(rng, 8),
            ]
        };
        OMaterialKind::Sides([side(rng), side(rng)])
    };
    OMaterial {
        kind,
        either: rng.below(3) == 0,
        run: run(rng),
    }
}

fn piece(rng: &mut Rng) -> Piece {
    let roles = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    Piece {
        color: if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        },
        role: roles[rng.below(6)],
    }
}

fn pattern(rng: &mut Rng, games: &[Game]) -> OPattern {
    loop {
        let g = &games[rng.below(games.len())];
        let line = main_line(g);
        let b = &line.boards[rng.below(line.boards.len())];
        let terms = (0..1 + rng.below(3))
            .map(|_| {
                // Mostly a piece of the board where it stands, or its file.
                let occupied: Vec<Square> = b.occupied().into_iter().collect();
                let (p, sq) = if rng.below(3) > 0 {
                    let sq = occupied[rng.below(occupied.len())];
                    (b.piece_at(sq).unwrap(), sq)
                } else {
                    (piece(rng), Square::new(rng.below(64) as u32))
                };
                let at = if rng.below(3) == 0 {
                    Err(sq.file())
                } else {
                    Ok(sq)
                };
                (p, at, rng.below(3) == 0)
            })
            .collect();
        let p = OPattern {
            terms,
            either: rng.below(3) == 0,
            mirror: rng.below(4) == 0,
            run: run(rng),
        };
        if !p.clashes() {
            return p;
        }
    }
}

/// A route: mostly a piece's real moves in a game, sometimes random squares.
fn maneuver(rng: &mut Rng, games: &[Game]) -> OManeuver {
    let g = &games[rng.below(games.len())];
    let line = main_line(g);
    let n = line.moves.len();
    if n > 0 && rng.below(4) > 0 {
        let k = rng.below(n);
        if let Some(m) = line.moves[k]
            && let Some(from) = m.from()
        {
            let p = line.boards[k].piece_at(from).unwrap();
            let mut route = vec![from];
            let mut sq = from;
            for j in k..n {
                let Some(m) = line.moves[j] else { break };
                if m.from() == Some(sq) && !m.is_castle() {
                    sq = m.to();
                    route.push(sq);
                    if route.len() >= 2 + rng.below(4) {
                        break;
                    }
                }
            }
            if route.len() >= 2 {
                return OManeuver { piece: p, route };
            }
        }
    }
    let mut route = vec![Square::new(rng.below(64) as u32)];
    while route.len() < 2 + rng.below(3) {
        let s = Square::new(rng.below(64) as u32);
        if Some(&s) != route.last() {
            route.push(s);
        }
    }
    OManeuver {
        piece: piece(rng),
        route,
    }
}

fn annotations(rng: &mut Rng) -> OAnnotations {
    let mut a = OAnnotations::default();
    if rng.below(3) == 0 {
        let w = WORDS[rng.below(WORDS.len())];
        // A part of a word, in another case.
        let part: String = w.chars().take(3 + rng.below(3)).collect();
        let part = if rng.below(2) == 0 {
            part.to_uppercase()
        } else {
            part.to_lowercase()
        };
        a.comment = Some(vec![part.to_lowercase()]);
    }
    if rng.below(4) == 0 {
        a.nag = Some(1 + rng.below(6) as u8);
    }
    a.has_eval = rng.below(5) == 0;
    if rng.below(4) == 0 {
        a.swing = Some(1 + rng.below(400) as i32);
    }
    a
}

/// The games a case searches: random ones, and a few fixtures.
fn games(rng: &mut Rng) -> Vec<Game> {
    static FIXTURES: std::sync::OnceLock<Vec<Game>> = std::sync::OnceLock::new();
    let fixtures = FIXTURES.get_or_init(|| {
        fixtures::games()
            .into_iter()
            .filter(|g| g.start_position().is_ok())
            .collect()
    });
    let mut g = random_games(12, rng);
    for _ in 0..6 {
        g.push(fixtures[rng.below(fixtures.len())].clone());
    }
    g
}

fn check(seed: u64, mask: u32) -> Result<(), TestCaseError> {
    let mut rng = Rng(seed | 1);
    let games = games(&mut rng);
    let options = WriterOptions {
        tricks: tricks(mask),
        seed,
        ..WriterOptions::default()
    };
    let (files, report) = write_database(&games, &options).unwrap();
    prop_assume!(report.skipped.is_empty());
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let index = HeaderIndex::new(&db);
    for _ in 0..8 {
        let m = (rng.below(3) == 0).then(|| material(&mut rng, &games));
        let p = (rng.below(3) == 0).then(|| pattern(&mut rng, &games));
        let v = (rng.below(4) == 0).then(|| maneuver(&mut rng, &games));
        let a = annotations(&mut rng);
        let (mt, pt, vt) = (
            m.as_ref().map(OMaterial::text),
            p.as_ref().map(OPattern::text),
            v.as_ref().map(OManeuver::text),
        );
        let ct = a.comment.as_ref().map(|c| c.join(" "));
        let mut q = Query::default();
        q.set_expressions(&Expressions {
            material: mt.as_deref(),
            pattern: pt.as_deref(),
            maneuver: vt.as_deref(),
            comment: ct.as_deref(),
            nag: a.nag.map(f64::from),
            has_eval: a.has_eval,
            eval_swing: a.swing.map(|s| f64::from(s) / 100.0),
            ..Expressions::default()
        })
        .map_err(|e| TestCaseError::fail(format!("{mt:?} {pt:?} {vt:?}: {e}")))?;
        let found = index
            .search_hits(&db, &q, None, &mut |_, _| ControlFlow::Continue(()))
            .unwrap();
        let got: Vec<(u32, u32)> = found.hits.iter().map(|h| (h.game, h.ply)).collect();
        let want: Vec<(u32, u32)> = games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                hit(g, m.as_ref(), p.as_ref(), v.as_ref(), &a).map(|ply| (i as u32, ply))
            })
            .collect();
        prop_assert_eq!(
            got,
            want,
            "material {:?} pattern {:?} maneuver {:?} annotations {:?}",
            mt,
            pt,
            vt,
            a
        );
        prop_assert_eq!(found.damaged, 0);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn search_hits_match_the_oracle(seed in any::<u64>(), mask in 0u32..1 << TRICK_BITS) {
        check(seed, mask)?;
    }
}

/// Many seeds on the plain layout: the conditions, not the layouts.
#[test]
fn many_conditions_on_the_plain_layout() {
    for seed in 1..25 {
        check(seed * 7919, 0).unwrap();
    }
}
