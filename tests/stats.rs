//! The 64-bit move-statistics record and the opening tree.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/lazy.rs"]
mod lazy;

use cadb::game::import::read_pgn;
use cadb::stats::{
    DEFAULT_MAX_PLIES, MoveStats, OpeningTree, Promotion, TREE_MAGIC, TreeFile, Wdl,
    elo_weight_increment, position_key, weight_byte,
};
use proptest::prelude::*;
use shakmaty::{Chess, Position, Square, uci::UciMove};

/// Extracts `width` bits at `shift` (LSB-first table order).
fn field(v: u64, shift: u32, width: u32) -> u64 {
    (v >> shift) & ((1 << width) - 1)
}

fn play(pos: &Chess, uci: &str) -> Chess {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    pos.clone().play(m).unwrap()
}

#[test]
fn spec_example_e2e4() {
    let r = MoveStats {
        from: Square::E2,
        to: Square::E4,
        promotion: Promotion::None,
        white_elo: 1400,
        elo_diff: 50,
        elo_diff_neg: false,
        wdl: Wdl::Win(45),
        count: 100,
        weight: 128,
    };
    let v = r.encode();
    assert_eq!(v, 0x8006_4168_CABC_070C);
    assert_eq!(
        r.to_bytes(),
        [0x0C, 0x07, 0xBC, 0xCA, 0x68, 0x41, 0x06, 0x80]
    );
    // Field by field, in table order from bit 0.
    assert_eq!(field(v, 0, 6), 12); // e2
    assert_eq!(field(v, 6, 6), 28); // e4
    assert_eq!(field(v, 12, 3), 0);
    assert_eq!(field(v, 15, 11), 1400);
    assert_eq!(field(v, 26, 8), 50);
    assert_eq!(field(v, 34, 1), 0);
    assert_eq!(field(v, 35, 9), 45);
    assert_eq!(field(v, 44, 12), 100);
    assert_eq!(field(v, 56, 8), 128);
    assert_eq!(MoveStats::decode(v).unwrap(), r);
    assert_eq!(r.white_elo_rating(), 2400);
    assert_eq!(r.black_elo_rating(), 2350);
}

#[test]
fn all_fields_at_maximum_castling() {
    let pos = Chess::default();
    let pos = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]
        .iter()
        .fold(pos, |p, m| play(&p, m));
    let castle = "e1g1".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    assert!(castle.is_castle());
    let mut r = MoveStats {
        white_elo: 2047,
        elo_diff: 255,
        elo_diff_neg: true,
        wdl: Wdl::Loss(99),
        count: 4095,
        weight: 255,
        ..MoveStats::default()
    };
    r.set_move(&castle).unwrap();
    assert_eq!((r.from, r.to), (Square::E1, Square::G1));
    let v = r.encode();
    assert_eq!(v, 0xFFFF_F95F_FFFF_8184);
    assert_eq!(field(v, 34, 1), 1);
    assert_eq!(field(v, 35, 9), 299);
    assert_eq!(MoveStats::decode(v).unwrap().to_move(&pos).unwrap(), castle);
}

#[test]
fn promotion_and_draw_vector() {
    // a7a8=N, White average 1650, Black 30 higher, 40 % draws, 3 games, weight 0.
    let mut r = MoveStats {
        from: Square::A7,
        to: Square::A8,
        promotion: Promotion::Knight,
        wdl: Wdl::Draw(40),
        count: 3,
        weight: 0,
        ..MoveStats::default()
    };
    r.set_elos(1650, 1680);
    assert_eq!((r.white_elo, r.elo_diff, r.elo_diff_neg), (650, 30, true));
    assert_eq!(r.encode(), 0x3464_7945_1E30);
    let pos: Chess = "8/P6k/8/8/8/8/8/K7 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let m = r.to_move(&pos).unwrap();
    assert_eq!(m.promotion(), Some(shakmaty::Role::Knight));
}

#[test]
fn en_passant_recognised_from_position() {
    let pos = ["e2e4", "a7a6", "e4e5", "d7d5"]
        .iter()
        .fold(Chess::default(), |p, m| play(&p, m));
    let r = MoveStats {
        from: Square::E5,
        to: Square::D6,
        ..MoveStats::default()
    };
    assert!(r.to_move(&pos).unwrap().is_en_passant());
    // Same squares where no en passant is possible: illegal.
    let other = play(&pos, "b1c3");
    assert!(r.to_move(&other).is_err());
}

#[test]
fn clamps_and_saturation() {
    let mut r = MoveStats::default();
    r.set_elos(900, 3500);
    assert_eq!((r.white_elo, r.elo_diff, r.elo_diff_neg), (0, 255, true));
    r.set_elos(3100, 1000);
    assert_eq!(
        (r.white_elo, r.elo_diff, r.elo_diff_neg),
        (2047, 255, false)
    );
    let over = MoveStats {
        count: 60000,
        white_elo: 9999,
        wdl: Wdl::Draw(150),
        ..MoveStats::default()
    };
    let back = MoveStats::decode(over.encode()).unwrap();
    assert_eq!(
        (back.count, back.white_elo, back.wdl),
        (4095, 2047, Wdl::Draw(99))
    );
    assert_eq!(Wdl::from_counts(0, 0, 0), Wdl::Win(0));
    assert_eq!(Wdl::from_counts(1, 1, 1), Wdl::Win(33));
    assert_eq!(Wdl::from_counts(1, 2, 2), Wdl::Draw(40));
    assert_eq!(Wdl::from_counts(0, 1, 2), Wdl::Loss(67));
}

#[test]
fn decode_rejects_undefined_values() {
    let good = MoveStats::default().encode();
    for promo in 5u64..8 {
        let e = MoveStats::decode(good | promo << 12).unwrap_err();
        assert_eq!(e.code(), "unknown-code");
    }
    for wdl in [300u64, 399, 511] {
        let v = (good & !(0x1ff << 35)) | wdl << 35;
        assert_eq!(MoveStats::decode(v).unwrap_err().code(), "invalid");
    }
    // 299 is the last defined %WDL value.
    assert!(MoveStats::decode((good & !(0x1ff << 35)) | 299 << 35).is_ok());
}

#[test]
fn weight_formula_reading() {
    // Spec §3 examples, rating1 = White.
    assert!((elo_weight_increment(2000, 1800) + 0.0380).abs() < 5e-5);
    assert!((elo_weight_increment(1800, 2000) - 0.0380).abs() < 5e-5);
    assert!((elo_weight_increment(2400, 1600) + 0.0495).abs() < 5e-5);
    assert_eq!(elo_weight_increment(2000, 2000), 0.0);
    // Near-equal ratings: magnitude just over 0.025.
    let w = elo_weight_increment(2001, 2000);
    assert!(w < -0.025 && w > -0.0252);
    // Byte: 128 + round(mean × 2560), clamped.
    assert_eq!(weight_byte(0, 5), 128);
    assert_eq!(weight_byte(37_985, 1), 225);
    assert_eq!(weight_byte(-50_000, 1), 0);
    assert_eq!(weight_byte(50_000, 1), 255);
    assert_eq!(weight_byte(i64::MIN, 1), 0);
}

fn valid_record() -> impl Strategy<Value = MoveStats> {
    (
        0u32..64,
        0u32..64,
        0u8..5,
        0u16..2048,
        any::<u8>(),
        any::<bool>(),
        0u16..300,
        0u16..4096,
        any::<u8>(),
    )
        .prop_map(|(f, t, p, we, d, neg, wdl, count, weight)| MoveStats {
            from: Square::new(f),
            to: Square::new(t),
            promotion: Promotion::from_code(p).unwrap(),
            white_elo: we,
            elo_diff: d,
            elo_diff_neg: neg,
            wdl: Wdl::from_code(wdl).unwrap(),
            count,
            weight,
        })
}

proptest! {
    #[test]
    fn record_round_trip(r in valid_record()) {
        let v = r.encode();
        prop_assert_eq!(MoveStats::decode(v).unwrap(), r);
        prop_assert_eq!(MoveStats::from_bytes(r.to_bytes()).unwrap(), r);
    }

    #[test]
    fn any_u64_decodes_or_errors_and_round_trips(v in any::<u64>()) {
        if let Ok(r) = MoveStats::decode(v) {
            prop_assert_eq!(r.encode(), v);
        }
    }
}

const GAMES: &str = r#"
[White "A"]
[Black "B"]
[Date "1998.03.01"]
[WhiteElo "2400"]
[BlackElo "2300"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[White "C"]
[Black "D"]
[Date "1975.??.??"]
[WhiteElo "2200"]
[BlackElo "2400"]
[Result "0-1"]

1. e4 c5 2. Nf3 0-1

[White "E"]
[Black "F"]
[Result "1/2-1/2"]

1. e4 e5 2. Bc4 1/2-1/2

[White "G"]
[Black "H"]
[Date "2003.11.02"]
[WhiteElo "2000"]
[BlackElo "2000"]
[Result "1-0"]

1. d4 d5 1-0

[White "I"]
[Black "J"]
[Date "????.??.??"]
[Result "*"]

1. e4 e5 *
"#;

fn sample_tree() -> OpeningTree {
    let mut tree = OpeningTree::new();
    for g in read_pgn(GAMES).unwrap() {
        tree.add_game(&g).unwrap();
    }
    tree
}

#[test]
fn tree_start_position_hand_checked() {
    let tree = sample_tree();
    assert_eq!(tree.games(), 5);
    let start = tree.query(&Chess::default());
    assert_eq!(start.len(), 2);
    let e4 = &start[0];
    assert_eq!(
        (e4.san.as_str(), e4.uci.as_str(), e4.count),
        ("e4", "e2e4", 4)
    );
    // One White win, one draw, one Black win; the fifth game has no result.
    assert_eq!(e4.results, Some([1, 1, 1]));
    assert_eq!(e4.wdl, Wdl::Win(33));
    // Elo over the two games with both ratings: White (2400+2200)/2, Black (2300+2400)/2.
    assert_eq!(e4.white_elo, Some(2300));
    assert_eq!(e4.black_elo, Some(2350));
    assert_eq!(e4.elo_diff, Some(-50));
    // Weight: mean of −E_w(+100)/20 and +E_b(+200)/20 (White 200 weaker).
    let mean = (elo_weight_increment(2400, 2300) + elo_weight_increment(2200, 2400)) / 2.0;
    assert_eq!(e4.weight as i32, 128 + (mean * 2560.0).round() as i32);
    let d4 = &start[1];
    assert_eq!((d4.san.as_str(), d4.count), ("d4", 1));
    assert_eq!(d4.results, Some([1, 0, 0]));
    assert_eq!(d4.wdl, Wdl::Win(99));
    assert_eq!(d4.weight, 128); // equal ratings: neutral
    assert_eq!(d4.elo_diff, Some(0));
    // Years: 1.e4 by games of 1998, 1975 and two without a year; 1.d4 in 2003.
    assert_eq!(
        (e4.years, d4.years),
        (Some((1975, 1998)), Some((2003, 2003)))
    );
}

#[test]
fn tree_after_e4_hand_checked() {
    let tree = sample_tree();
    let after = play(&Chess::default(), "e2e4");
    let moves = tree.query(&after);
    let summary: Vec<_> = moves
        .iter()
        .map(|m| (m.san.as_str(), m.count, m.results.unwrap()))
        .collect();
    assert_eq!(summary, [("e5", 3, [1, 1, 0]), ("c5", 1, [0, 0, 1])]);
    assert_eq!(moves[1].wdl, Wdl::Loss(99));
    let e5 = &moves[0];
    assert_eq!((e5.white_elo, e5.black_elo), (Some(2400), Some(2300)));
    // After 1.e4 e5 (transposition-free): Nf3 once, Bc4 once.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let next = tree.query_fen(fen).unwrap();
    let sans: Vec<_> = next.iter().map(|m| (m.san.as_str(), m.count)).collect();
    assert_eq!(sans, [("Bc4", 1), ("Nf3", 1)]);
    // The Bc4 game has no date.
    assert_eq!((next[0].years, next[1].years), (None, Some((1998, 1998))));
    assert!(tree.query_fen("not a fen").is_err());
}

#[test]
fn ply_cap_and_transactional_add() {
    let games = read_pgn(GAMES).unwrap();
    let mut tree = OpeningTree::with_max_plies(1);
    assert_eq!(tree.add_game(&games[0]).unwrap(), 1);
    assert!(tree.query(&play(&Chess::default(), "e2e4")).is_empty());
    // A game with an illegal move leaves the tree untouched.
    let mut bad = games[0].clone();
    bad.moves.swap(0, 1);
    let mut tree = OpeningTree::new();
    assert!(tree.add_game(&bad).is_err());
    assert!(tree.is_empty());
    assert_eq!(tree.games(), 0);
}

#[test]
fn serialisation_round_trip() {
    let tree = sample_tree();
    let bytes = tree.to_bytes();
    assert_eq!(&bytes[..8], TREE_MAGIC);
    let file = TreeFile::from_bytes(&bytes).unwrap();
    assert_eq!(file.to_bytes(), bytes);
    assert_eq!(file.records(), tree.records());
    // Positions: start, after e4, after d4, after e4 e5, after e4 c5, after e4 e5 Nf3.
    assert_eq!(file.positions(), 6);
    let stored = file.query(&Chess::default()).unwrap();
    let live = tree.query(&Chess::default());
    assert_eq!(stored.len(), live.len());
    for (s, l) in stored.iter().zip(&live) {
        assert_eq!((&s.uci, &s.san, s.count), (&l.uci, &l.san, l.count));
        assert_eq!(s.record, l.record);
        assert_eq!((s.wdl, s.weight), (l.wdl, l.weight));
        assert_eq!(
            (s.white_elo, s.black_elo, s.elo_diff),
            (l.white_elo, l.black_elo, l.elo_diff)
        );
        assert_eq!(s.results, None);
    }
    // A position with only unrated games stores White Elo 0: read as unknown.
    let after_e4_e5 = play(&play(&Chess::default(), "e2e4"), "e7e5");
    let bc4 = file
        .query(&after_e4_e5)
        .unwrap()
        .into_iter()
        .find(|m| m.san == "Bc4")
        .unwrap();
    assert_eq!((bc4.white_elo, bc4.weight), (None, 128));
    assert_eq!(
        file.records_for(position_key(&Chess::default()))
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn empty_tree_serialises() {
    let tree = OpeningTree::new();
    let file = TreeFile::from_bytes(&tree.to_bytes()).unwrap();
    assert_eq!(file.positions(), 0);
    assert!(file.query(&Chess::default()).unwrap().is_empty());
}

fn header(n: u64) -> Vec<u8> {
    let mut b = TREE_MAGIC.to_vec();
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&n.to_le_bytes());
    b
}

#[test]
fn hostile_tree_files() {
    let good = sample_tree().to_bytes();
    // Every truncation fails cleanly.
    for len in 0..good.len() {
        assert!(TreeFile::from_bytes(&good[..len]).is_err(), "length {len}");
    }
    // Trailing bytes.
    let mut long = good.clone();
    long.push(0);
    assert!(TreeFile::from_bytes(&long).is_err());
    // Huge position count: refused before any allocation.
    let e = TreeFile::from_bytes(&header(u64::MAX)).unwrap_err();
    assert_eq!(e.code(), "too-large");
    // Huge move count in a position.
    let mut b = header(1);
    b.extend_from_slice(&7u64.to_le_bytes());
    b.extend_from_slice(&u16::MAX.to_le_bytes());
    assert_eq!(TreeFile::from_bytes(&b).unwrap_err().code(), "too-large");
    // Zero moves.
    let mut b = header(1);
    b.extend_from_slice(&7u64.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    assert!(TreeFile::from_bytes(&b).is_err());
    // Moves claimed but missing.
    let mut b = header(1);
    b.extend_from_slice(&7u64.to_le_bytes());
    b.extend_from_slice(&3u16.to_le_bytes());
    b.extend_from_slice(&MoveStats::default().to_bytes());
    assert_eq!(TreeFile::from_bytes(&b).unwrap_err().code(), "truncated");
    // Bad magic, version, reserved field.
    let mut b = good.clone();
    b[0] = b'X';
    assert_eq!(
        TreeFile::from_bytes(&b).unwrap_err().code(),
        "bad-signature"
    );
    let mut b = good.clone();
    b[8] = 2;
    assert!(TreeFile::from_bytes(&b).is_err());
    let mut b = good.clone();
    b[12] = 1;
    assert!(TreeFile::from_bytes(&b).is_err());
    // An undefined promotion code inside a record, with its offset.
    let mut b = good.clone();
    b[24 + 10 + 1] |= 0x70; // bits 12-14 of the first record
    let e = TreeFile::from_bytes(&b).unwrap_err();
    assert_eq!((e.code(), e.offset), ("unknown-code", Some(34)));
    // Keys out of order, and a duplicated move.
    let rec = MoveStats {
        from: Square::E2,
        to: Square::E4,
        ..MoveStats::default()
    };
    let mut b = header(2);
    for key in [9u64, 3] {
        b.extend_from_slice(&key.to_le_bytes());
        b.extend_from_slice(&1u16.to_le_bytes());
        b.extend_from_slice(&rec.to_bytes());
    }
    assert!(TreeFile::from_bytes(&b).is_err());
    let mut b = header(1);
    b.extend_from_slice(&9u64.to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&rec.to_bytes());
    b.extend_from_slice(&rec.to_bytes());
    assert!(TreeFile::from_bytes(&b).is_err());
    // A well-formed file whose move is illegal in its position: query errors.
    let bad_move = MoveStats {
        from: Square::E2,
        to: Square::E5,
        ..MoveStats::default()
    };
    let mut b = header(1);
    b.extend_from_slice(&position_key(&Chess::default()).to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&bad_move.to_bytes());
    let file = TreeFile::from_bytes(&b).unwrap();
    assert_eq!(
        file.query(&Chess::default()).unwrap_err().code(),
        "illegal-move"
    );
}

proptest! {
    #[test]
    fn tree_file_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let mut b = header(bytes.len() as u64 / 18);
        b.extend_from_slice(&bytes);
        if let Ok(f) = TreeFile::from_bytes(&b) {
            prop_assert_eq!(f.to_bytes(), b);
            let _ = f.query(&Chess::default());
        }
        let _ = TreeFile::from_bytes(&bytes);
    }
}

#[test]
fn fixture_games_build() {
    let mut tree = OpeningTree::new();
    let mut plies = 0;
    for g in fixtures::games() {
        plies += tree.add_game(&g).unwrap();
    }
    assert!(tree.games() > 100);
    let total: u64 = tree
        .records()
        .iter()
        .flat_map(|p| p.moves.iter())
        .map(|r| u64::from(r.count))
        .sum();
    assert_eq!(total as usize, plies);
    let file = TreeFile::from_bytes(&tree.to_bytes()).unwrap();
    assert_eq!(file.records(), tree.records());
}

/// The tree built straight from the Chess Assistant decoder equals the one
/// built from decoded games, on every fixture game written by the writer
/// (plain, and with every encoding trick), at the default cap and with none.
#[test]
fn tree_from_a_ca_database_equals_tree_from_its_games() {
    use cadb::ca::{
        Database, OpenOptions,
        writer::{WriterOptions, write_database},
    };
    let mut games = fixtures::games();
    // Shapes where shakmaty's incremental key update gives up or must not:
    // en passant (taken and not), castling both ways, rights lost by king and
    // rook moves and by a rook captured, promotions with and without capture.
    games.extend(
        read_pgn(concat!(
            "1. e4 Nf6 2. e5 d5 3. exd6 e6 4. Nf3 Be7 5. Bc4 O-O 6. O-O Bxd6 7. d4 *\n\n",
            "1. d4 e5 2. d5 c5 3. dxc6 Ke7 4. cxb7 Kf6 5. bxa8=N h5 6. Qd5 Rh6 7. Qxe5+ Kg6 ",
            "8. Bf4 a5 9. Na3 Rh7 10. O-O-O Nf6 *\n\n",
            "[FEN \"8/P6k/8/8/8/8/6p1/K7 w - - 0 1\"]\n\n1. a8=Q g1=N 2. Qb7+ Kg6 *\n\n",
            "1. Nc3 e5 2. Nd5 Nf6 3. Nxc7+ Ke7 4. Nxa8 Nc6 5. Nf3 Nb4 6. Nxe5 Nxa2 ",
            "7. e3 Nxc1 8. Qxc1 d6 *",
        ))
        .unwrap(),
    );
    for options in [WriterOptions::plain(), WriterOptions::default()] {
        let (files, report) = write_database(&games, &options).unwrap();
        assert!(report.skipped.is_empty());
        let db = Database::open(files, OpenOptions::default()).unwrap();
        for cap in [DEFAULT_MAX_PLIES, 10_000] {
            let mut from_games = OpeningTree::with_max_plies(cap);
            let mut from_decoder = OpeningTree::with_max_plies(cap);
            let mut plies = 0;
            for i in 0..db.count() {
                let added = from_games.add_game(&db.game(i).unwrap()).unwrap();
                assert_eq!(from_decoder.add_ca_game(&db, i).unwrap(), added, "game {i}");
                plies += added;
            }
            assert!(plies > 1900, "{plies} plies"); // 1,985 at the default cap
            assert_eq!(from_decoder.games(), db.count());
            assert_eq!(from_decoder.records(), from_games.records());
            assert_eq!(from_decoder.to_bytes(), from_games.to_bytes());
            // Both key positions incrementally; a query keys its position from
            // scratch, so every position of every main line must be found.
            for i in 0..db.count() {
                let g = db.game(i).unwrap();
                let mut pos = g.start_position().unwrap();
                for node in g.moves.iter().take(cap) {
                    let cadb::game::Ply::Move(m) = node.mv else {
                        break;
                    };
                    let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
                    // Every statistic, the years (from the D00 dates) too.
                    assert_eq!(from_decoder.query(&pos), from_games.query(&pos), "game {i}");
                    assert!(
                        from_decoder.query(&pos).iter().any(|e| e.uci == uci),
                        "game {i}: {uci} not found after {}",
                        cadb::game::fen_of(&pos)
                    );
                    pos.play_unchecked(m);
                }
            }
        }
    }
}

/// A tree over a lazily read D02 reads it front to back, whatever order
/// the writer left the records in (the default layout puts them out of
/// game order): each range fetched starts after the one before. It is the
/// tree of the same database in memory.
#[test]
fn a_tree_reads_a_lazy_d02_front_to_back() {
    use cadb::{
        ca::{
            Database, OpenOptions,
            writer::{WriterOptions, write_database},
        },
        limits::Limits,
    };
    use std::sync::{Arc, Mutex};
    let games = fixtures::games();
    // Enough games that the D02 spans many fetched ranges.
    let games: Vec<_> = games.iter().cycle().take(2_000).cloned().collect();
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let memory = Database::open(files.clone(), OpenOptions::default()).unwrap();
    let fetched = Arc::new(Mutex::new(Vec::new()));
    let log = fetched.clone();
    let lazy = Database::open(
        lazy::with_lazy_d02(files, move |at| log.lock().unwrap().push(at)),
        OpenOptions::default(),
    )
    .unwrap();
    fetched.lock().unwrap().clear();
    let limits = Limits::default();
    let (tree, build) = OpeningTree::of_database(&lazy, DEFAULT_MAX_PLIES, &limits);
    let (want, _) = OpeningTree::of_database(&memory, DEFAULT_MAX_PLIES, &limits);
    assert_eq!((build.games, build.skipped), (2_000, 0));
    assert_eq!(tree.to_bytes(), want.to_bytes());
    let at = fetched.lock().unwrap().clone();
    assert!(at.len() > 10, "{} ranges fetched", at.len());
    let back = at.windows(2).filter(|w| w[1] < w[0]).count();
    assert_eq!(back, 0, "{back} of {} fetches went back", at.len());
}

/// A tree built in parts and joined is the tree built alone, whatever the
/// cut and the ply cap, over every writer trick (records shuffled among
/// them); at the entries' limit the join declines, for the caller to
/// build it alone (which games are left out depends on the order).
#[test]
fn a_tree_built_in_parts_is_the_tree_built_alone() {
    use cadb::{
        ca::{
            Database, OpenOptions,
            writer::{Tricks, WriterOptions, write_database},
        },
        limits::Limits,
        stats::TreeBuilder,
    };
    let games: Vec<_> = fixtures::games()
        .iter()
        .cycle()
        .take(500)
        .cloned()
        .collect();
    let options = WriterOptions {
        tricks: Tricks::all(),
        ..WriterOptions::default()
    };
    let (files, _) = write_database(&games, &options).unwrap();
    let db = Database::open(files, OpenOptions::default()).unwrap();
    for plies in [1, 8, DEFAULT_MAX_PLIES] {
        let limits = Limits::default();
        let (alone, alone_build) = OpeningTree::of_database(&db, plies, &limits);
        for n in [1, 2, 3, 7, 1000] {
            let parts = TreeBuilder::new(&db, plies, &limits).split(n);
            assert_eq!(parts.len(), n.min(500), "{n} parts");
            let built = parts.into_iter().map(|mut p| {
                p.step(&db, |_| false);
                p.finish()
            });
            let (tree, build) = TreeBuilder::join(built, &limits).unwrap();
            assert_eq!(
                tree.to_bytes(),
                alone.to_bytes(),
                "{plies} plies, {n} parts"
            );
            assert_eq!(build, alone_build, "{plies} plies, {n} parts");
        }
        // A limit the tree reaches: no join.
        let small = Limits {
            max_tree_entries: alone.len() / 2,
            ..Limits::default()
        };
        let built = TreeBuilder::new(&db, plies, &small)
            .split(3)
            .into_iter()
            .map(|mut p| {
                p.step(&db, |_| false);
                p.finish()
            });
        assert!(TreeBuilder::join(built, &small).is_none(), "{plies} plies");
    }
}
