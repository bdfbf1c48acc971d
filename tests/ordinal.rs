//! PGC and MGC move ordinals: hand-checked orderings, the spec's traces for
//! the corrected MGC decoder, hostile bytes, and round trips.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;

use cadb::game::{self, Ply, import::read_pgn_lenient};
use cadb::ordinal::{Ordering, mgc, ordinals, pgc};
use proptest::prelude::*;
use shakmaty::{Chess, Move, Position, san::San, uci::UciMove};

fn start(fen: &str) -> Chess {
    game::start_position((fen != "-").then_some(fen)).unwrap()
}

fn sans(pos: &Chess, moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|&m| San::from_move(pos, m).to_string())
        .collect()
}

fn play(pos: &Chess, ucis: &[&str]) -> Vec<Ply> {
    let mut pos = pos.clone();
    ucis.iter()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            Ply::Move(m)
        })
        .collect()
}

#[test]
fn san_order_of_the_start_position() {
    let pos = Chess::default();
    let got = sans(&pos, &Ordering::San.moves(&pos, None));
    let want = [
        "Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4",
        "f3", "f4", "g3", "g4", "h3", "h4",
    ];
    assert_eq!(got, want);
    // 1. e4 e5: ordinals 13 and 12; one byte each in PGC, one nibble each in MGC.
    let line = play(&pos, &["e2e4", "e7e5"]);
    assert_eq!(ordinals(&pos, &line, Ordering::San).unwrap(), [13, 12]);
    assert_eq!(pgc::encode(&pos, &line, Ordering::San).unwrap(), [13, 12]);
    assert_eq!(
        mgc::encode(&pos, &line, Ordering::San).unwrap(),
        [0, 2, 0xdc]
    );
}

#[test]
fn san_order_is_ascii() {
    // Castling "O-O" sorts before lowercase pawn moves and after "N..".
    let pos = start("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    let got = sans(&pos, &Ordering::San.moves(&pos, None));
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(got, sorted);
    assert!(got.contains(&"O-O".to_string()) && got.contains(&"O-O-O".to_string()));
}

#[test]
fn seed_order_hand_checked() {
    let pos = Chess::default();
    let got = sans(&pos, &Ordering::Seed.moves(&pos, None));
    // Every opening move goes forward (category 6): from-square, then to-square.
    assert_eq!(&got[..6], ["Na3", "Nc3", "Nf3", "Nh3", "a3", "a4"]);
    // Promotions (queen first), castling, captures by victim, forward, the rest.
    let pos = start("r3k1n1/1P6/q7/1P6/8/8/8/R3K2R w KQq - 0 1");
    let got = sans(&pos, &Ordering::Seed.moves(&pos, None));
    assert_eq!(&got[..4], ["bxa8=Q", "b8=Q", "bxa8=N", "b8=N"]);
    assert_eq!(&got[8..12], ["O-O-O", "O-O", "Rxa6", "bxa6"]);
    assert_eq!(got.len(), Ordering::San.moves(&pos, None).len());
}

#[test]
fn best_puts_likely_moves_first() {
    // A recapture comes first.
    let pos = Chess::default();
    let line = play(&pos, &["e2e4", "d7d5", "e4d5", "d8d5"]);
    let mut p = pos.clone();
    for ply in &line[..3] {
        game::play_ply(&mut p, ply).unwrap();
    }
    let Ply::Move(last) = &line[2] else { panic!() };
    let best = Ordering::Best.moves(&p, Some(last));
    assert_eq!(San::from_move(&p, best[0]).to_string(), "Qxd5");
    // A free queen is taken before anything else.
    let p = start("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    assert_eq!(
        San::from_move(&p, Ordering::Best.moves(&p, None)[0]).to_string(),
        "Rxd5"
    );
}

#[test]
fn orderings_are_permutations() {
    let pos = start("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut base: Vec<String> = sans(&pos, &pos.legal_moves());
    base.sort();
    for o in Ordering::ALL {
        let mut got = sans(&pos, &o.moves(&pos, None));
        got.sort();
        assert_eq!(got, base, "{o:?}");
    }
}

/// The spec's §6.3 traces: (ordinal, bytes from a boundary, bytes after a nibble 3).
const TRACES: [(usize, &[u8], &[u8]); 7] = [
    (0, &[0x00], &[0x30]),
    (14, &[0xe0], &[0x3e]),
    (15, &[0xf0], &[0x3f, 0x00]),
    (29, &[0xfe], &[0x3f, 0xe0]),
    (30, &[0xff, 0x00], &[0x3f, 0xf0]),
    (44, &[0xff, 0xe0], &[0x3f, 0xfe]),
    (45, &[0xff, 0xf0], &[0x3f, 0xff, 0x00]),
];

#[test]
fn spec_traces_with_the_corrected_decoder() {
    for (x, a, b) in TRACES {
        assert_eq!(mgc::pack(&[x]), a, "phase A {x}");
        assert_eq!(mgc::unpack(a, 1).unwrap(), [x], "phase A {x}");
        assert_eq!(mgc::pack(&[3, x]), b, "phase B {x}");
        assert_eq!(mgc::unpack(b, 2).unwrap(), [3, x], "phase B {x}");
        assert_eq!(mgc::bits(x), 4 * (x / 15 + 1));
    }
    // The spec's example and a sequential run of 0..200 through one stream.
    assert_eq!(mgc::pack(&[3, 20, 0]), [0x3f, 0x50]);
    let all: Vec<usize> = (0..200).collect();
    assert_eq!(mgc::unpack(&mgc::pack(&all), all.len()).unwrap(), all);
    // Padding is ignored; anything past it is not.
    assert_eq!(mgc::unpack(&[0x37], 1).unwrap(), [3]);
    assert!(mgc::unpack(&[0x30, 0x00], 1).is_err());
}

fn corpus() -> Vec<cadb::game::Game> {
    let mut games = Vec::new();
    for p in fixtures::paths() {
        let text = std::fs::read_to_string(p).unwrap();
        games.extend(read_pgn_lenient(&text).into_iter().map(Result::unwrap));
    }
    games
}

#[test]
fn corpus_round_trips_and_best_wins() {
    let games = corpus();
    assert!(games.len() >= 200);
    let mut plies = 0;
    let mut bits = [0usize; 3];
    for g in &games {
        let start = g.start_position().unwrap();
        let line: Vec<Ply> = g.moves.iter().map(|n| n.mv.clone()).collect();
        plies += line.len();
        for (i, o) in Ordering::ALL.into_iter().enumerate() {
            let p = pgc::encode_game(g, o).unwrap();
            assert_eq!(p.len(), line.len());
            assert_eq!(pgc::decode(&p, &start, o).unwrap(), line);
            let m = mgc::encode_game(g, o).unwrap();
            assert_eq!(mgc::decode(&m, &start, o).unwrap(), line);
            let back = mgc::decode_game(&m, g.start_fen.as_deref(), o).unwrap();
            assert_eq!(back.main_line_sans().unwrap(), g.main_line_sans().unwrap());
            bits[i] += ordinals(&start, &line, o)
                .unwrap()
                .into_iter()
                .map(mgc::bits)
                .sum::<usize>();
        }
    }
    let per = bits.map(|b| b as f64 / plies as f64);
    eprintln!(
        "MGC bits/move over {} games, {plies} plies: san {:.3}, seed {:.3}, best {:.3}; PGC 8",
        games.len(),
        per[0],
        per[1],
        per[2]
    );
    // Best beats the spec's seed heuristic, which beats plain SAN order.
    assert!(bits[2] < bits[1] && bits[1] < bits[0]);
}

#[test]
fn hostile_bytes() {
    let pos = Chess::default();
    for o in Ordering::ALL {
        let d = |b: &[u8]| mgc::decode(b, &pos, o);
        assert_eq!(d(&[]).unwrap_err().code(), "truncated");
        assert_eq!(d(&[0]).unwrap_err().code(), "truncated");
        assert_eq!(d(&[0, 0]).unwrap(), []);
        // A huge count against little data fails before allocating.
        assert_eq!(d(&[0xff, 0xff, 0x00]).unwrap_err().code(), "truncated");
        // Extension nibbles running off the end: ply 1 starts at offset 2.
        let e = d(&[0, 2, 0x0f]).unwrap_err();
        assert_eq!((e.code(), e.offset, e.ply), ("truncated", Some(2), Some(1)));
        // Ordinal 20 of 20 legal moves; a long run of 0xF stops early.
        assert!(d(&[0, 1, 0xf5]).is_err());
        assert!(d(&[0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).is_err());
        // Trailing bytes.
        assert_eq!(d(&[0, 1, 0x00, 0x00]).unwrap_err().offset, Some(3));
        // Nonzero padding is ignored.
        assert_eq!(d(&[0, 1, 0x07]).unwrap().len(), 1);
        // PGC: out of range, and nothing after mate.
        assert!(pgc::decode(&[20], &pos, o).is_err());
        let mate = play(&pos, &["f2f3", "e7e5", "g2g4", "d8h4"]);
        let mut bytes = pgc::encode(&pos, &mate, o).unwrap();
        bytes.push(0);
        let e = pgc::decode(&bytes, &pos, o).unwrap_err();
        assert_eq!((e.offset, e.ply), (Some(4), Some(4)));
        let mut m = mgc::encode(&pos, &mate, o).unwrap();
        m[1] = 5;
        m.push(0);
        assert_eq!(mgc::decode(&m, &pos, o).unwrap_err().ply, Some(4));
        // Null moves cannot be coded.
        assert!(pgc::encode(&pos, &[Ply::Null], o).is_err());
        assert!(mgc::encode(&pos, &[Ply::Null], o).is_err());
    }
}

fn random_game(start: &Chess, seeds: &[u32]) -> Vec<Ply> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &s in seeds {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m: Move = moves[s as usize % moves.len()];
        pos.play_unchecked(m);
        out.push(Ply::Move(m));
    }
    out
}

const STARTS: [&str; 4] = [
    "-",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq - 0 1",
    "8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1",
];

fn any_ordering() -> impl Strategy<Value = Ordering> {
    prop_oneof![
        Just(Ordering::San),
        Just(Ordering::Seed),
        Just(Ordering::Best)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn round_trip(which in 0usize..4, seeds in proptest::collection::vec(any::<u32>(), 0..100), o in any_ordering()) {
        let pos = start(STARTS[which]);
        let plies = random_game(&pos, &seeds);
        let p = pgc::encode(&pos, &plies, o).unwrap();
        prop_assert_eq!(pgc::decode(&p, &pos, o).unwrap(), plies.clone());
        let m = mgc::encode(&pos, &plies, o).unwrap();
        prop_assert_eq!(mgc::decode(&m, &pos, o).unwrap(), plies);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..40), o in any_ordering()) {
        let pos = Chess::default();
        if let Ok(plies) = pgc::decode(&bytes, &pos, o) {
            prop_assert_eq!(pgc::encode(&pos, &plies, o).unwrap(), bytes.clone());
        }
        if let Ok(plies) = mgc::decode(&bytes, &pos, o) {
            let again = mgc::encode(&pos, &plies, o).unwrap();
            // Equal but for the ignored padding half.
            prop_assert_eq!(again.len(), bytes.len());
            let n = bytes.len();
            prop_assert_eq!(&again[..n - 1], &bytes[..n - 1]);
            prop_assert_eq!(again[n - 1] >> 4, bytes[n - 1] >> 4);
        }
    }
}
