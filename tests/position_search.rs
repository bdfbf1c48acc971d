//! Position search (`Database::position_search`) against a brute-force
//! reference (tests/support/position_ref.rs: every game read whole and
//! replayed by shakmaty, no pruning), for hundreds of positions drawn from
//! the games themselves: hits and misses, early and late plies,
//! transpositions, positions right after promotions and en passant; with
//! and without variations; on the fixture games (comments, variations,
//! set-ups), random playouts, a lazily read D02, and damaged records.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/lazy.rs"]
mod lazy;
#[path = "support/legal_diff.rs"]
mod legal_diff;
#[path = "support/position_ref.rs"]
mod position_ref;

use std::{collections::HashSet, ops::ControlFlow};

use cadb::{
    bytes::ReadAt,
    ca::{
        Database, DatabaseFiles, OpenOptions,
        position::{SearchMemo, SearchOptions},
        writer::{WriterOptions, write_database},
    },
    game::{Game, Node, Ply, import::read_pgn},
    reach::Target,
};
use legal_diff::{Rng, pick};
use position_ref::Reference;
use proptest::prelude::*;
use shakmaty::{Chess, Move, Position, Role, san::San};

fn open<R: ReadAt>(files: DatabaseFiles<R>) -> Database<R> {
    Database::open(files, OpenOptions::default()).unwrap()
}

fn run<R: ReadAt>(
    db: &Database<R>,
    t: &Target,
    variations: bool,
) -> (Vec<cadb::ca::position::Hit>, u64) {
    let found = db
        .position_search(t, &SearchOptions { variations }, |_, _| {
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(found.searched, db.count());
    (found.hits, found.damaged)
}

/// Random games: playouts to 200 plies (promotions and en passant come
/// up), some with a random variation, and quiet opening moves in shuffled
/// orders, which transpose into each other.
fn random_games(n: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng(seed);
    let mut games = Vec::new();
    for g in 0..n {
        let mut game = Game::default();
        let mut pos = Chess::default();
        if g % 3 == 0 {
            // Transpositions: a shuffle of quiet moves for both sides.
            // Independent moves: any order is legal.
            let white = ["Nf3", "Nc3", "g3", "b3", "a3", "h3", "d3", "e3"];
            let black = ["Nf6", "Nc6", "g6", "b6", "a6", "h6", "d6", "e6"];
            let (mut w, mut b) = (white.to_vec(), black.to_vec());
            for k in (1..w.len()).rev() {
                w.swap(k, rng.below(k + 1));
                b.swap(k, rng.below(k + 1));
            }
            let (mut wi, mut bi) = (w.into_iter(), b.into_iter());
            loop {
                let next = if pos.turn().is_white() {
                    wi.next()
                } else {
                    bi.next()
                };
                let Some(san) = next else { break };
                let Ok(m) = san.parse::<San>().unwrap().to_move(&pos) else {
                    break;
                };
                game.moves.push(Node::new(m));
                pos.play_unchecked(m);
            }
        }
        let plies = 20 + rng.below(180);
        for _ in 0..plies {
            let Some(m) = pick(&pos, &mut rng) else { break };
            let mut node = Node::new(m);
            if rng.below(12) == 0 {
                // A variation: another move from the same position, and one more.
                if let Some(alt) = pick(&pos, &mut rng).filter(|&a| a != m) {
                    let mut after = pos.clone();
                    after.play_unchecked(alt);
                    let mut line = vec![Node::new(alt)];
                    if let Some(reply) = pick(&after, &mut rng) {
                        line.push(Node::new(reply));
                    }
                    node.variations.push(line);
                }
            }
            game.moves.push(node);
            pos.play_unchecked(m);
        }
        games.push(game);
    }
    games
}

/// Targets drawn from a database's games through the reference walk,
/// by kind, and misses made from them.
#[derive(Default)]
struct Targets {
    all: Vec<Target>,
    after_promotion: usize,
    after_en_passant: usize,
    late: usize,
    misses_made: usize,
}

fn targets<R: ReadAt>(db: &Database<R>, want: usize, rng: &mut Rng) -> Targets {
    let mut t = Targets::default();
    let mut seen = HashSet::new();
    let mut push = |t: &mut Targets, target: Target| {
        if seen.insert(format!("{:?}{:?}", target.board(), target.turn())) {
            t.all.push(target);
            true
        } else {
            false
        }
    };
    for i in 0..db.count() {
        let (game, _) = db.game_lenient(i);
        let Ok(mut pos) = game.start_position() else {
            continue;
        };
        // The main line's positions and the moves leading to them.
        let mut line: Vec<(Chess, Option<Move>)> = vec![(pos.clone(), None)];
        for node in &game.moves {
            let Ply::Move(m) = node.mv else { break };
            pos.play_unchecked(m);
            line.push((pos.clone(), Some(m)));
        }
        for (ply, (p, m)) in line.iter().enumerate() {
            let special = match m {
                Some(m) if m.is_promotion() => Some(&mut t.after_promotion),
                Some(m) if m.is_en_passant() => Some(&mut t.after_en_passant),
                _ => None,
            };
            if let Some(counter) = special {
                *counter += 1;
                push(&mut t, Target::from(p));
            } else if rng.below(40) == 0 {
                if ply > 60 {
                    t.late += 1;
                }
                push(&mut t, Target::from(p));
                // A miss near it: the same placement, the other side to move,
                // or a piece removed.
                let mut b = p.board().clone();
                let turn = if rng.below(2) == 0 {
                    !p.turn()
                } else {
                    let sq = b
                        .occupied()
                        .into_iter()
                        .nth(rng.below(b.occupied().count()))
                        .unwrap();
                    if b.role_at(sq) != Some(Role::King) {
                        b.discard_piece_at(sq);
                    }
                    p.turn()
                };
                if push(&mut t, Target::new(b, turn)) {
                    t.misses_made += 1;
                }
            }
        }
        if t.all.len() >= want && t.after_promotion >= 5 && t.after_en_passant >= 5 {
            break;
        }
    }
    t
}

/// A search with `memo`, which earlier searches of `db` filled: what it
/// finds, and how many games it read.
fn run_with<R: ReadAt>(
    db: &Database<R>,
    t: &Target,
    variations: bool,
    subset: Option<&[u32]>,
    memo: &mut SearchMemo,
) -> ((Vec<cadb::ca::position::Hit>, u64), (u64, u64)) {
    let found = db
        .position_search_with(t, &SearchOptions { variations }, subset, memo, |_, _| {
            ControlFlow::Continue(())
        })
        .unwrap();
    let searched = subset.map_or(db.count(), |s| {
        s.iter().filter(|&&g| u64::from(g) < db.count()).count() as u64
    });
    assert_eq!(found.searched, searched);
    assert!(found.from_memory <= found.read);
    ((found.hits, found.damaged), (found.read, found.from_memory))
}

/// Every target against the reference, with and without variations, each
/// searched alone and with one memo the searches before it filled (in
/// the order given). Returns the hits, the misses, the readings the memo
/// spared the main-line searches, and the games read from records it kept.
fn compare<R: ReadAt>(db: &Database<R>, targets: &[Target]) -> (usize, usize, u64, u64) {
    let (mut hits, mut missed, mut spared, mut from_memory) = (0, 0, 0, 0);
    let refs = [false, true].map(|v| Reference::new(db, v));
    let mut memo = SearchMemo::default();
    for (k, t) in targets.iter().enumerate() {
        for variations in [false, true] {
            let want = refs[usize::from(variations)].search(t);
            let got = run(db, t, variations);
            assert_eq!(got, want, "target {k} {:?} variations={variations}", t);
            let (got, (read, kept)) = run_with(db, t, variations, None, &mut memo);
            from_memory += kept;
            assert_eq!(
                got, want,
                "target {k} {:?} variations={variations}, memo",
                t
            );
            hits += want.0.len();
            missed += usize::from(want.0.is_empty());
            if !variations {
                spared += db.count() - read;
            } else {
                // Variations are not in a trace: every game is read.
                assert_eq!(read, db.count());
            }
        }
    }
    (hits, missed, spared, from_memory)
}

#[test]
fn random_games_agree_with_a_full_replay() {
    // En passant, by both sides, for sure (random playouts differ between
    // 64- and 32-bit builds and may hold few): six games first, so the
    // shuffled openings keep indices that are multiples of 3.
    let en_passant = "1. e4 a6 2. e5 d5 3. exd6 *\n\n1. d4 h6 2. d5 e5 3. dxe6 *\n\n\
        1. e4 Nc6 2. e5 f5 3. exf6 *\n\n1. a4 h6 2. a5 b5 3. axb6 *\n\n\
        1. Nf3 d5 2. Ng1 d4 3. e4 dxe3 *\n\n1. Nf3 b5 2. Ng1 b4 3. c4 bxc3 *\n";
    let mut games = read_pgn(en_passant).unwrap();
    assert_eq!(games.len(), 6);
    games.extend(random_games(240, 7));
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let db = open(files);
    let mut rng = Rng(11);
    let t = targets(&db, 300, &mut rng);
    // Each kind the test claims to cover is there.
    assert!(t.all.len() >= 250, "{} targets", t.all.len());
    let kinds = (t.after_promotion, t.after_en_passant, t.late);
    assert!(kinds.0 >= 5 && kinds.1 >= 5 && kinds.2 >= 20, "{kinds:?}");
    assert!(t.misses_made >= 50);
    let (hits, missed, spared, from_memory) = compare(&db, &t.all);
    // Hits' records are kept and read again from memory by the searches
    // after them.
    assert!(from_memory > 100, "{from_memory} read from memory");
    assert!(hits > 400 && missed > 50, "hits {hits}, misses {missed}");
    // The memo rules out most main-line readings: 246 games a target.
    let searched = 246 * t.all.len() as u64;
    assert!(spared * 2 > searched, "{spared} of {searched} spared");

    // Transpositions: positions of the shuffled openings that several
    // games reach by different move orders.
    let main_ref = Reference::new(&db, false);
    let mut transposed = 0;
    for g in (0..db.count()).step_by(3).take(40) {
        let game = db.game(g).unwrap();
        let mut pos = Chess::default();
        let mut line = Vec::new();
        for node in game.moves.iter().take(16) {
            let Ply::Move(m) = node.mv else { break };
            pos.play_unchecked(m);
            line.push(m);
        }
        // Only a game that played all sixteen shuffled moves.
        if line.len() < 16 {
            continue;
        }
        let target = Target::from(&pos);
        let (hits, _) = run(&db, &target, false);
        assert_eq!((hits.clone(), 0), main_ref.search(&target));
        for h in &hits {
            let other = db.game(u64::from(h.game)).unwrap();
            let moves: Vec<Move> = other
                .moves
                .iter()
                .take(h.ply as usize)
                .filter_map(|n| match n.mv {
                    Ply::Move(m) => Some(m),
                    _ => None,
                })
                .collect();
            transposed += usize::from(moves != line[..(h.ply as usize).min(line.len())]);
        }
    }
    assert!(transposed >= 5, "{transposed} hits by transposition");
}

/// A search in parts, as a pool's helpers make it: each part (a stretch
/// of D02's record order) searched with a memo of its own kept between
/// searches, the hits joined in game order, the counts summed, and the
/// next moves carried packed: the whole search's hits and tree rows.
#[test]
fn a_search_in_parts_is_the_whole_search() {
    use cadb::stats::OpeningTree;
    let (files, _) = write_database(&random_games(240, 9), &WriterOptions::default()).unwrap();
    let db = open(files);
    let t = targets(&db, 60, &mut Rng(5));
    let parts = 3;
    let mut memos: Vec<SearchMemo> = (0..parts).map(|_| SearchMemo::default()).collect();
    let mut memo = SearchMemo::default();
    let options = SearchOptions::default();
    let go = |_, _| ControlFlow::Continue(());
    let mut from_memory = 0;
    for target in &t.all {
        let whole = db
            .position_search_with(target, &options, None, &mut memo, go)
            .unwrap();
        let mut hits = Vec::new();
        let (mut searched, mut damaged) = (0, 0);
        for (k, m) in memos.iter_mut().enumerate() {
            let part = db
                .position_search_part(target, &options, None, m, (k as u32, parts), go)
                .unwrap();
            hits.extend(part.hits);
            searched += part.searched;
            damaged += part.damaged;
            from_memory += part.from_memory;
        }
        hits.sort_by_key(|h| h.game);
        assert_eq!(
            (&hits, searched, damaged),
            (&whole.hits, whole.searched, whole.damaged)
        );
        let setup = shakmaty::Setup {
            board: target.board().clone(),
            turn: target.turn(),
            ..shakmaty::Setup::empty()
        };
        if let Ok(pos) =
            <Chess as shakmaty::FromSetup>::from_setup(setup, shakmaty::CastlingMode::Standard)
        {
            let packed = hits.iter().map(|h| (h.game, OpeningTree::packed_next(h)));
            assert_eq!(
                OpeningTree::next_moves_packed(&db, &pos, packed),
                OpeningTree::next_moves(&db, &pos, &whole.hits)
            );
        }
    }
    // Each part's memo keeps the records of its last hits for the next
    // search of that part, as the whole search's memo does.
    assert!(from_memory > 20, "{from_memory} read from memory");
    let none = db.position_search_part(&t.all[0], &options, None, &mut memo, (3, 3), go);
    assert_eq!(none.unwrap_err().code(), "bad-argument");
}

/// `OpeningTree::next_moves` over a search's hits, against the same rows
/// counted by hand: every hit game read whole, its move after the
/// position, its result, year and ratings from its headers.
#[test]
fn next_moves_count_what_the_hit_games_play_next() {
    use cadb::game::GameResult::*;
    use std::collections::BTreeMap;
    let mut games = random_games(240, 7);
    for (i, g) in games.iter_mut().enumerate() {
        g.headers.result = [WhiteWins, Draw, BlackWins, Unknown][i % 4];
        g.headers.date.year = (i % 5 != 0).then_some(1950 + (i * 7 % 70) as u16);
        g.headers.white_elo = (i % 3 != 0).then_some(2000 + i as u16);
        g.headers.black_elo = Some(2100 + (i * 3 % 200) as u16);
    }
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let db = open(files);
    type Row = (u64, [u64; 3], Option<(u16, u16)>, Option<u16>);
    let (mut rows, mut shared) = (0, 0);
    for g in (0..db.count()).step_by(3).take(40) {
        let game = db.game(g).unwrap();
        let mut pos = Chess::default();
        for (k, node) in game.moves.iter().enumerate().take(17) {
            if [0, 4, 9, 16].contains(&k) {
                let (hits, _) = run(&db, &Target::from(&pos), false);
                let got: BTreeMap<String, Row> =
                    cadb::stats::OpeningTree::next_moves(&db, &pos, &hits)
                        .into_iter()
                        .map(|e| (e.uci, (e.count, e.results.unwrap(), e.years, e.white_elo)))
                        .collect();
                let mut want: BTreeMap<String, (Row, u64, u64)> = BTreeMap::new();
                for h in &hits {
                    let other = db.game(u64::from(h.game)).unwrap();
                    let Some(Ply::Move(m)) = other.moves.get(h.ply as usize).map(|n| &n.mv) else {
                        continue;
                    };
                    if !pos.is_legal(*m) {
                        continue;
                    }
                    let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
                    let ((count, results, years, _), elo_sum, elo_n) = want.entry(uci).or_default();
                    *count += 1;
                    match other.headers.result {
                        WhiteWins => results[0] += 1,
                        Draw => results[1] += 1,
                        BlackWins => results[2] += 1,
                        Unknown => {}
                    }
                    if let Some(y) = other.headers.date.year {
                        *years = Some(years.map_or((y, y), |(a, b)| (a.min(y), b.max(y))));
                    }
                    if let (Some(w), Some(_)) = (other.headers.white_elo, other.headers.black_elo) {
                        *elo_sum += u64::from(w);
                        *elo_n += 1;
                    }
                }
                let want: BTreeMap<String, Row> = want
                    .into_iter()
                    .map(|(uci, ((c, r, y, _), sum, n))| {
                        (uci, (c, r, y, (n > 0).then(|| ((sum + n / 2) / n) as u16)))
                    })
                    .collect();
                assert_eq!(got, want, "game {g} ply {k}");
                rows += got.len();
                shared += usize::from(got.values().any(|r| r.0 > 1));
            }
            let Ply::Move(m) = node.mv else { break };
            pos.play_unchecked(m);
        }
    }
    // Positions many games reach (the start, the shuffled openings).
    assert!(
        rows > 100 && shared > 20,
        "{rows} rows, {shared} positions with a move played twice"
    );
}

#[test]
fn fixture_games_agree_with_a_full_replay() {
    let games = read_pgn(&fixtures::pgn()).unwrap();
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let db = open(files);
    let t = targets(&db, 300, &mut Rng(5));
    assert!(t.all.len() >= 100, "{}", t.all.len());
    let (hits, _, spared, _) = compare(&db, &t.all);
    assert!(hits > 100 && spared > 0);
}

#[test]
fn a_lazily_read_database_and_a_subset_agree() {
    let games = random_games(60, 3);
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let memory = open(files.clone());
    // Ranges fetched on demand, as the browser reads a big D02.
    let lazy = Database::open(lazy::with_lazy_d02(files, |_| {}), OpenOptions::default()).unwrap();
    let t = targets(&memory, 60, &mut Rng(9));
    let refs = [false, true].map(|v| Reference::new(&memory, v));
    let mut memo = SearchMemo::default();
    for target in &t.all {
        assert_eq!(run(&lazy, target, true), refs[1].search(target));
        let subset: Vec<u32> = (0..60).filter(|i| i % 3 != 1).chain([999]).collect();
        let got = lazy
            .position_search_subset(target, &SearchOptions::default(), &subset, |_, _| {
                ControlFlow::Continue(())
            })
            .unwrap();
        let (want, _) = refs[0].search(target);
        let want: Vec<_> = want
            .into_iter()
            .filter(|h| subset.contains(&h.game))
            .collect();
        assert_eq!(got.hits, want);
        assert_eq!(got.searched, 40);
        let (with_memo, _) = run_with(&lazy, target, false, Some(&subset), &mut memo);
        assert_eq!(with_memo, (want, 0));
    }
}

#[test]
fn damaged_games_are_skipped_and_counted() {
    let games = random_games(90, 21);
    let (mut files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    // An undefined code (255) in the middle of every fifth game's record.
    let db = open(files.clone());
    let mut damaged = Vec::new();
    for i in (0..90).step_by(5) {
        let (at, body) = db.record(i).unwrap();
        let mid = at as usize + body.len() / 2;
        files.d02[mid] = 255;
        damaged.push(i);
    }
    let db = open(files);
    let start = Target::from(&Chess::default());
    let mut some_damaged = 0;
    let t = targets(&db, 80, &mut Rng(4));
    let refs = [false, true].map(|v| Reference::new(&db, v));
    let mut memo = SearchMemo::default();
    for target in t.all.iter().chain([&start]) {
        for variations in [false, true] {
            let want = refs[usize::from(variations)].search(target);
            assert_eq!(run(&db, target, variations), want);
            // A damaged game is read again each time: its damage counts.
            assert_eq!(run_with(&db, target, variations, None, &mut memo).0, want);
            some_damaged += want.1;
        }
    }
    assert!(some_damaged > 0);
    // The start position is in every game before its damage.
    assert_eq!(
        run(&db, &start, false),
        (
            (0..90)
                .map(|g| cadb::ca::position::Hit {
                    game: g,
                    ply: 0,
                    in_variation: false,
                    next: match db.game_lenient(u64::from(g)).0.moves.first().map(|n| &n.mv) {
                        Some(Ply::Move(m)) => Some(*m),
                        _ => None,
                    },
                })
                .collect(),
            0
        )
    );
}

#[test]
fn a_stopped_search_says_so() {
    let games = random_games(10, 1);
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let db = open(files);
    let found = db
        .position_search(
            &Target::from(&Chess::default()),
            &SearchOptions::default(),
            |_, _| ControlFlow::Break(()),
        )
        .unwrap();
    assert!(found.stopped && found.hits.is_empty() && found.searched == 0);
}

#[test]
fn fen_targets_parse_and_bad_ones_are_argument_errors() {
    let t: Target = "8/8/8/8/8/8/8/K6k b".parse().unwrap();
    assert_eq!(t.turn(), shakmaty::Color::Black);
    let full: Target = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        .parse()
        .unwrap();
    assert!(full.matches(&Chess::default()));
    for bad in [
        "",
        "rnbqkbnr/pppppppp w",
        "8/8/8/8/8/8/8/8 x",
        "8/8/8/8/8/8/8/K6k w KQkq zz 0 1",
    ] {
        let e = bad.parse::<Target>().unwrap_err();
        assert_eq!(e.code(), "bad-argument", "{bad:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// The pruning never rules out a position a game goes on to reach:
    /// every later position of a random playout is reachable from every
    /// earlier one; and it does rule some out (it is not `true` always).
    #[test]
    fn pruning_never_rules_out_a_later_position(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let mut pos = Chess::default();
        let mut line = vec![pos.clone()];
        for _ in 0..(40 + rng.below(200)) {
            let Some(m) = pick(&pos, &mut rng) else { break };
            pos.play_unchecked(m);
            line.push(pos.clone());
        }
        let mut ruled_out = 0;
        for (j, later) in line.iter().enumerate().step_by(3) {
            let target = Target::from(later);
            for (i, earlier) in line.iter().enumerate() {
                let ok = target.reachable_from(earlier.board());
                if i <= j {
                    prop_assert!(ok, "ply {} rules out ply {}", i, j);
                } else {
                    ruled_out += usize::from(!ok);
                }
            }
        }
        prop_assert!(line.len() < 30 || ruled_out > 0);
    }
}

/// A board no game reaches, with more than 15 of one role, has no packed
/// summary (a memo then keeps no trace for it) rather than a wrong one.
#[test]
fn a_summary_with_a_count_over_15_does_not_pack() {
    use cadb::reach::Summary;
    let sixteen: shakmaty::Board = "NNNNNNNN/NNNNNNNN/8/8/8/8/8/K6k".parse().unwrap();
    assert_eq!(Summary::of(&sixteen).pack(), None);
    let fifteen: shakmaty::Board = "NNNNNNNN/NNNNNNN1/8/8/8/8/8/K6k".parse().unwrap();
    let packed = Summary::of(&fifteen).pack().unwrap();
    assert_eq!(Summary::unpack(packed), Summary::of(&fifteen));
}
