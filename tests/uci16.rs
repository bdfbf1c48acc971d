//! UCI16: byte-exact against the origin project's encoder, hostile bytes, and round trips.

#![cfg(not(target_arch = "wasm32"))]

use cadb::game::{self, Ply};
use cadb::uci16::{
    Uci16Options, decode_game, decode_moves, decode_word, encode_game, encode_moves,
    encode_moves_with, encode_word,
};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, Move, Position, uci::UciMove};

const FIXTURE: &str = include_str!("data/uci16/uci16.tsv");
const NULL_OK: Uci16Options = Uci16Options { allow_null: true };

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn start(fen: &str) -> Chess {
    game::start_position((fen != "-").then_some(fen)).unwrap()
}

fn play_uci(pos: &Chess, ucis: &[&str]) -> Vec<Ply> {
    let mut pos = pos.clone();
    ucis.iter()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            Ply::Move(m)
        })
        .collect()
}

fn ucis(plies: &[Ply]) -> Vec<String> {
    plies
        .iter()
        .map(|p| match p {
            Ply::Move(m) => m.to_uci(CastlingMode::Standard).to_string(),
            Ply::Null => "0000".into(),
        })
        .collect()
}

#[test]
fn fixture_byte_exact() {
    let mut rows = 0;
    let mut matched = 0;
    let mut moves = 0;
    for line in FIXTURE.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "{line}");
        let (id, fen, uci, want) = (cols[0], cols[1], cols[2], cols[3]);
        rows += 1;
        let pos = start(fen);
        let list: Vec<&str> = uci.split_whitespace().collect();
        let plies = play_uci(&pos, &list);
        let bytes = encode_moves(&pos, &plies).unwrap();
        assert_eq!(hex(&bytes), want, "encode {id}");
        let back = decode_moves(&unhex(want), &pos, Uci16Options::default()).unwrap();
        assert_eq!(ucis(&back), list, "decode {id}");
        matched += 1;
        moves += list.len();
    }
    eprintln!("uci16 fixture: {matched}/{rows} rows byte-exact, {moves} moves");
    assert_eq!(matched, rows);
    assert!(rows >= 200);
}

#[test]
fn spec_vectors() {
    let pos = Chess::default();
    let word = |u: &str| decode_word_of(&pos, u);
    assert_eq!(word("e2e4"), 0x31c0);
    assert_eq!(word("e2e4"), 12_736);
    assert_eq!(word("g1f3"), 0x1950);
    let castle = start("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(decode_word_of(&castle, "e1g1"), 0x1060);
    assert_eq!(decode_word_of(&castle, "e1c1"), 0x1020);
    let pawns = start("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1");
    assert_eq!(decode_word_of(&pawns, "g7g8q"), 0xdbe5);
    assert_eq!(decode_word_of(&pawns, "b7a8r"), 0xc784);
    let promo = start("7k/P3P3/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(decode_word_of(&promo, "e7e8q"), 0xd3c5);
    assert_eq!(decode_word_of(&promo, "a7a8n"), 0xc382);
    let black = start("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(decode_word_of(&black, "e7e5"), 0xd240);
    // The source's decimal 14 784 is g2e4, not e2e4.
    assert_eq!(decode_word(14_784).unwrap().to_string(), "g2e4");
    let three = play_uci(&pos, &["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        hex(&encode_moves(&pos, &three).unwrap()),
        "000331c0d2401950"
    );
}

fn decode_word_of(pos: &Chess, uci: &str) -> u16 {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    let w = encode_word(&m);
    assert_eq!(decode_word(w).unwrap().to_string(), uci);
    w
}

#[test]
fn game_level() {
    let g = &cadb::game::import::read_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *").unwrap()[0];
    let bytes = encode_game(g).unwrap();
    let back = decode_game(&bytes, None).unwrap();
    assert_eq!(back.main_line_sans().unwrap(), g.main_line_sans().unwrap());
    assert_eq!(&hex(&bytes)[hex(&bytes).len() - 4..], "1060");
}

#[test]
fn hostile_bytes() {
    let pos = Chess::default();
    let d = |b: &[u8]| decode_moves(b, &pos, Uci16Options::default());
    assert_eq!(d(&[]).unwrap_err().code(), "truncated");
    assert_eq!(d(&[0]).unwrap_err().code(), "truncated");
    assert_eq!(d(&[0, 0]).unwrap(), []);
    // Odd length: the half word is named.
    let e = d(&[0, 1, 0x31]).unwrap_err();
    assert_eq!((e.code(), e.offset, e.ply), ("truncated", Some(2), Some(0)));
    // A huge count with no data: an error, and no allocation by the count.
    let e = d(&[0xff, 0xff, 0x31, 0xc0]).unwrap_err();
    assert_eq!((e.code(), e.offset), ("truncated", Some(4)));
    // Trailing bytes.
    let e = d(&[0, 1, 0x31, 0xc0, 0xd2, 0x40]).unwrap_err();
    assert_eq!((e.code(), e.offset), ("invalid", Some(4)));
    // Illegal second move (e2e4 again) names offset 4, ply 1.
    let e = d(&[0, 2, 0x31, 0xc0, 0x31, 0xc0]).unwrap_err();
    assert_eq!((e.offset, e.ply), (Some(4), Some(1)));
    // Promotion codes 1, 6 and 15; a promotion code on a non-promotion.
    for w in [0x31c1u16, 0x31c6, 0x31cf, 0x31c5] {
        let [a, b] = w.to_be_bytes();
        assert!(d(&[0, 1, a, b]).is_err(), "{w:04x}");
    }
    // Null words only when allowed; never in check.
    assert!(d(&[0, 1, 0, 0]).is_err());
    assert_eq!(
        decode_moves(&[0, 1, 0, 0], &pos, NULL_OK).unwrap(),
        [Ply::Null]
    );
    let check = start("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert!(decode_moves(&[0, 1, 0, 0], &check, NULL_OK).is_err());
    // Castling written as king takes rook (e1h1) is not canonical.
    let castle = start("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let e1h1 = (4u16 << 10 | 7 << 4).to_be_bytes();
    assert!(decode_moves(&[0, 1, e1h1[0], e1h1[1]], &castle, Uci16Options::default()).is_err());
    // No move after mate (fool's mate, then any move).
    let mate = play_uci(&pos, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let mut bytes = encode_moves(&pos, &mate).unwrap();
    bytes[1] = 5;
    bytes.extend_from_slice(&[0x31, 0xc0]);
    let e = d(&bytes).unwrap_err();
    assert_eq!((e.offset, e.ply), (Some(10), Some(4)));
    // Encoding refuses null moves by default and illegal moves always.
    assert!(encode_moves(&pos, &[Ply::Null]).is_err());
    assert_eq!(
        encode_moves_with(&pos, &[Ply::Null], NULL_OK).unwrap(),
        [0, 1, 0, 0]
    );
    let e4 = mate[0].clone();
    assert!(encode_moves(&pos, &[e4.clone(), e4]).is_err());
}

/// A random legal game: each seed picks among the legal moves; stops at the end of the game.
fn random_game(start: &Chess, seeds: &[u32], nulls: bool) -> Vec<Ply> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &s in seeds {
        if nulls && s % 23 == 0 && !pos.is_check() {
            pos = pos.swap_turn().unwrap();
            out.push(Ply::Null);
            continue;
        }
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

proptest! {
    #[test]
    fn round_trip(which in 0usize..4, seeds in proptest::collection::vec(any::<u32>(), 0..160), nulls: bool) {
        let pos = start(STARTS[which]);
        let plies = random_game(&pos, &seeds, nulls);
        let opts = Uci16Options { allow_null: nulls };
        let bytes = encode_moves_with(&pos, &plies, opts).unwrap();
        prop_assert_eq!(bytes.len(), 2 + 2 * plies.len());
        prop_assert_eq!(decode_moves(&bytes, &pos, opts).unwrap(), plies);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let pos = Chess::default();
        if let Ok(plies) = decode_moves(&bytes, &pos, NULL_OK) {
            prop_assert_eq!(encode_moves_with(&pos, &plies, NULL_OK).unwrap(), bytes);
        }
    }
}
