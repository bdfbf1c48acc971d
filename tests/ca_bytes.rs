//! Hand-made byte-level Chess Assistant fixtures, assembled here byte by
//! byte from the spec (not by the writer): every code and comment type, both
//! length forms, chained A02 and a01, and a fragmented EMB.

#![cfg(not(target_arch = "wasm32"))]

use cadb::{
    ErrorKind, FileKind,
    ca::{Convention, Database, DatabaseFiles, OpenOptions},
    game::{Codec, Eval, GameResult, RawItem},
    stats::OpeningTree,
    text::TextEncoding,
};

// ---- tiny assembler -------------------------------------------------------

fn cdp(count: u32, comment: &[u8]) -> Vec<u8> {
    let mut b = vec![0u8; 112];
    b[..29].copy_from_slice(b"Chess Assistant 3.0 database.");
    let v = b"\nChess Data Pro format. Version 1.3";
    b[50..50 + v.len()].copy_from_slice(v);
    b[104..108].copy_from_slice(&count.to_le_bytes());
    b[108..112].copy_from_slice(&(comment.len() as u32).to_le_bytes());
    b.extend_from_slice(comment);
    b
}

/// An EMB volume. Each file's bytes are split into fragments of `frag` bytes,
/// stored in reverse order with a junk byte between them when `frag` > 0.
fn emb(files: &[(&str, Vec<u8>)], frag: usize) -> Vec<u8> {
    let mut v = vec![0u8; 144];
    v[..29].copy_from_slice(b"Chess Assistant 3.0 database.");
    // Place a file's data then its descriptor list; returns the list's offset.
    fn store(v: &mut Vec<u8>, data: &[u8], frag: usize) -> u32 {
        let chunks: Vec<&[u8]> = if frag == 0 || data.is_empty() {
            vec![data]
        } else {
            data.chunks(frag).collect()
        };
        let mut at = vec![0u32; chunks.len()];
        for (i, c) in chunks.iter().enumerate().rev() {
            v.push(0xEE); // junk: a gap between fragments
            at[i] = v.len() as u32;
            v.extend_from_slice(c);
        }
        let list = v.len() as u32;
        for (c, a) in chunks.iter().zip(&at) {
            v.extend_from_slice(&(c.len() as u32).to_le_bytes());
            v.extend_from_slice(&a.to_le_bytes());
        }
        list
    }
    let mut dir = Vec::new();
    for (name, data) in files {
        let list = store(&mut v, data, frag);
        let mut e = vec![0u8; 256];
        e[4] = 2;
        e[8..12].copy_from_slice(&(data.len() as u32).to_le_bytes());
        e[12..16].copy_from_slice(&list.to_le_bytes());
        e[28..28 + name.len()].copy_from_slice(name.as_bytes());
        dir.extend_from_slice(&e);
    }
    let list = store(&mut v, &dir, frag.max(1) * 300);
    v[136..140].copy_from_slice(&(dir.len() as u32).to_le_bytes());
    v[140..144].copy_from_slice(&list.to_le_bytes());
    v
}

fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Players.d01 records (name, title) and an a01 pointing at them, with id 0
/// redirecting through id 3 to the record of id 1.
fn players() -> Vec<(&'static str, Vec<u8>)> {
    let mut d01 = vec![0xAA, 0xBB]; // unused bytes before the first block
    let mut a01 = vec![];
    for (name, title) in [
        (&b"Ivanov"[..], &b"GM"[..]),
        (&b"\xcf\xe5\xf2\xf0\xee\xe2"[..], &b""[..]),
    ] {
        a01.push(d01.len() as i32);
        d01.push(name.len() as u8);
        d01.push(title.len() as u8);
        d01.extend_from_slice(name);
        d01.extend_from_slice(title);
    }
    // ids: 0 -> -3 -> -1 -> record of Petrov; 1 = Ivanov... keep: a01 = [-3, Ivanov, Petrov, -2]
    let a01 = i32s(&[-3, a01[0], a01[1], -2]);
    let mut d00 = vec![0u8; 40];
    d00[10..12].copy_from_slice(&2550u16.to_le_bytes()); // player 1 rating
    d00[12..16].copy_from_slice(&4100001u32.to_le_bytes());
    d00[16..19].copy_from_slice(&[0x8f, 0xad, 0x0c]); // born 1997-03-15
    d00[19] = 1;
    vec![
        ("Players.cdp", vec![]),
        ("Players.iii", i32s(&[1, 2])),
        ("Players.axx", vec![0]),
        ("Players.dxx", vec![0]),
        ("Players.d00", d00),
        ("Players.a01", a01),
        ("Players.d01", d01),
    ]
}

fn list(stem: &'static str, names: &[&[u8]]) -> Vec<(String, Vec<u8>)> {
    let mut d01 = vec![];
    let mut a01 = vec![];
    for n in names {
        a01.push(d01.len() as i32);
        d01.push(n.len() as u8);
        d01.extend_from_slice(n);
    }
    vec![
        (format!("{stem}.a01"), i32s(&a01)),
        (format!("{stem}.d01"), d01),
        (format!("{stem}.iii"), i32s(&[0])),
    ]
}

fn volume(frag: usize) -> Vec<u8> {
    volume_named(frag, b"Moscow ch", b"Moscow")
}

/// [`volume`] with the one event and the one place named as given.
fn volume_named(frag: usize, event: &[u8], place: &[u8]) -> Vec<u8> {
    let mut files: Vec<(String, Vec<u8>)> = players()
        .into_iter()
        .map(|(n, d)| (n.to_string(), d))
        .collect();
    files.extend(list("Events", &[event]));
    files.extend(list("Places", &[place]));
    files.extend(list("Sources", &[b"Informator 1"]));
    // Lowercase names: lookup must ignore case.
    files.push(("players.extra".into(), vec![1, 2, 3]));
    let refs: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, d)| (n.as_str(), d.clone())).collect();
    emb(&refs, frag)
}

fn header(game_id: u32, outcome: u8) -> [u8; 38] {
    let mut b = [0u8; 38];
    b[0..3].copy_from_slice(&[1, 0, 0]); // White: Ivanov (id 1)
    b[3..6].copy_from_slice(&[0, 0, 0]); // Black: id 0, redirected to Petrov
    b[6..8].copy_from_slice(&2550u16.to_le_bytes());
    b[8..10].copy_from_slice(&2400u16.to_le_bytes());
    b[10] = outcome;
    b[11..14].copy_from_slice(&[0x8f, 0xad, 0x0c]);
    b[20..24].copy_from_slice(&8u32.to_le_bytes()); // endgames
    b[24..28].copy_from_slice(&game_id.to_le_bytes());
    b[29] = 7; // round 3.5
    b[30..32].copy_from_slice(&242u16.to_le_bytes());
    b[32..35].copy_from_slice(&[1, 0, 0]); // annotator Ivanov
    b
}

/// A database of one game per record; record `i` has GameID `i + 1` and A02
/// sends every id through a redirection, with junk between records.
fn database(records: &[Vec<u8>]) -> DatabaseFiles<Vec<u8>> {
    database_in(records, volume(7))
}

/// [`database`] with the EMB volume given.
fn database_in(records: &[Vec<u8>], emb: Vec<u8>) -> DatabaseFiles<Vec<u8>> {
    let mut d02 = vec![0x55, 0x55, 0x55]; // junk before the first record
    let mut offsets = vec![];
    for body in records {
        offsets.push(d02.len() as i32);
        if body.len() < 128 {
            d02.push(body.len() as u8);
        } else {
            d02.push((body.len() & 127) as u8 | 0x80);
            d02.push((body.len() >> 7) as u8);
        }
        d02.extend_from_slice(body);
        d02.extend_from_slice(&[0xde, 0xad]); // junk between records
    }
    // a02[0] unused, a02[1 + i] = -(100 + i) -> a02[100 + i] = offset
    let mut a02 = vec![-1i32; 100 + records.len()];
    a02[0] = 0;
    for (i, &o) in offsets.iter().enumerate() {
        a02[1 + i] = -(100 + i as i32);
        a02[100 + i] = o;
    }
    let d00: Vec<u8> = (0..records.len())
        .flat_map(|i| header(1 + i as u32, 2))
        .collect();
    DatabaseFiles {
        cdp: cdp(records.len() as u32, b"test db"),
        emb,
        d00,
        a02: i32s(&a02),
        d02,
    }
}

fn open(records: &[Vec<u8>]) -> Database<Vec<u8>> {
    Database::open(database(records), OpenOptions::default()).unwrap()
}

fn sans(db: &Database<Vec<u8>>, i: u64) -> Vec<String> {
    db.game(i).unwrap().main_line_sans().unwrap()
}

/// A setup record body: 230, 18 White and 18 Black (square, type) pairs, ply, castling, ep.
fn setup(white: &[(u8, u8, u8)], black: &[(u8, u8, u8)], ply: u16, castle: u8, ep: u8) -> Vec<u8> {
    let mut b = vec![230u8];
    for side in [white, black] {
        let mut slots = [[8u8, 0]; 18];
        for &(n, sq, ty) in side {
            slots[n as usize] = [sq, ty];
        }
        b.extend(slots.iter().flatten());
    }
    b.extend_from_slice(&ply.to_le_bytes());
    b.push(castle);
    b.push(ep);
    b
}

// ---- tests ----------------------------------------------------------------

#[test]
fn headers_names_chains_and_fragments() {
    let db = open(&[vec![19, 15, 17]]);
    let info = db.info();
    assert_eq!(info.signature, "Chess Assistant 3.0 database.");
    assert_eq!(info.version, "\nChess Data Pro format. Version 1.3");
    assert_eq!(
        (info.cdp_count, info.count, info.comment.as_str()),
        (1, 1, "test db")
    );
    assert_eq!(info.list_sizes, [4, 1, 1, 1]);
    let h = db.headers(0).unwrap();
    assert_eq!(h.white.as_deref(), Some("Ivanov"));
    assert_eq!(h.white_title.as_deref(), Some("GM"));
    assert_eq!(
        h.black.as_deref(),
        Some("Петров"),
        "a01 chain 0 -> 3 -> 2 and CP1251"
    );
    assert_eq!((h.white_elo, h.black_elo), (Some(2550), Some(2400)));
    assert_eq!(h.event.as_deref(), Some("Moscow ch"));
    assert_eq!(h.site.as_deref(), Some("Moscow"));
    assert_eq!(
        h.source.as_deref(),
        Some("Informator 1"),
        "id 0 is an ordinary id"
    );
    assert_eq!(h.annotator.as_deref(), Some("Ivanov"));
    assert_eq!(h.date.to_string(), "1997.03.15");
    assert_eq!(h.round.as_deref(), Some("3.5"));
    assert_eq!(h.eco.as_deref(), Some("C42"));
    assert_eq!(h.game_type.as_deref(), Some("endgames"));
    assert_eq!(h.result, GameResult::WhiteWins);
    let p = db.list(cadb::ca::ListKind::Players).player_data(1).unwrap();
    assert_eq!((p.rating, p.fide_id, p.gender), (2550, 4100001, 1));
    assert_eq!(p.birthday.to_string(), "1997.03.15");
    assert_eq!(
        db.list(cadb::ca::ListKind::Players)
            .sort_order()
            .collect::<Vec<_>>(),
        [1, 2]
    );
    assert!(db.volume().entry("PLAYERS.EXTRA").is_some());
    assert_eq!(sans(&db, 0), ["e4", "d5", "exd5"]);
}

#[test]
fn encodings_are_chosen_per_database() {
    let mut db = open(&[vec![]]);
    db.set_encoding(Some(TextEncoding::Cp866));
    // The same bytes in CP866 are other letters: nothing fails, the text differs.
    assert_ne!(db.headers(0).unwrap().black.as_deref(), Some("Петров"));
}

#[test]
fn q17_vectors_and_convention_detection() {
    // 1.Nf3 Nf6 2.Nc3 Nc6 under the chosen reading: 43 40 36 39.
    let db = open(&[vec![43, 40, 36, 39]]);
    assert_eq!(db.convention(), Convention::Right);
    assert_eq!(sans(&db, 0), ["Nf3", "Nf6", "Nc3", "Nc6"]);
    // The same moves under the literal "left" reading: 44 47 35 32.
    let db = open(&[vec![44, 47, 35, 32], vec![19, 15, 18]]);
    assert_eq!(db.convention(), Convention::Left);
    assert_eq!(sans(&db, 0), ["Nf3", "Nf6", "Nc3", "Nc6"]);
    assert_eq!(sans(&db, 1), ["e4", "d5", "exd5"]);
    assert_eq!(db.info().detection.left_ok, 2);
}

#[test]
fn castling_both_sides() {
    // 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O d6 5.d3 Bg4 6.Nc3 Qd7 7.Be3 O-O-O
    let b = vec![19, 19, 43, 39, 70, 65, 208, 12, 12, 51, 36, 122, 49, 207];
    let db = open(&[b]);
    let s = sans(&db, 0);
    assert_eq!(s[6], "O-O");
    assert_eq!(s.last().unwrap(), "O-O-O");
}

#[test]
fn en_passant_with_and_without_marker() {
    // 1.e4 a6 2.e5 d5 3.exd6 e.p.
    let db = open(&[vec![19, 0, 16, 15, 210, 17], vec![19, 0, 16, 15, 17]]);
    assert_eq!(sans(&db, 0).last().unwrap(), "exd6");
    assert_eq!(sans(&db, 1).last().unwrap(), "exd6");
    // 210 before a move that is no en passant capture is an error.
    let db = open(&[vec![210, 19]]);
    let e = db.game(0).unwrap_err();
    assert_eq!(e.code(), "illegal-move");
}

#[test]
fn null_move() {
    let db = open(&[vec![19, 211, 15]]);
    assert_eq!(sans(&db, 0), ["e4", "--", "d4"]);
}

#[test]
fn promotion_to_piece_16_then_extended_codes() {
    // White: Ke1 (15), pawns b7 (1) and c7 (2), queen-number 16 free; Black: Kh8 (15).
    let w = [(15, 0x04, 6), (1, 0x61, 1), (2, 0x62, 1)];
    let b = [(15, 0x77, 6)];
    let mut rec = setup(&w, &b, 0, 0, 0);
    rec.extend([209, (1 << 2), (5 << 5) | 16]); // b8=Q as piece 16
    rec.push(129 + 6); // Black king h8-g8 (70: down the file? no: KING[6] = 70 = -1 rank) -> h7
    rec.extend([209, (2 << 2), (5 << 5) | 17]); // c8=Q as piece 17
    rec.push(129 + 6); // Kh7-h6
    // Both extras taken: the a-pawn would need its own number; use 212+: first make one.
    rec.push(137 + 6); // piece 16 (Qb8) along the diagonal `77`: b8 -> a7
    let db = open(&[rec]);
    let g = db.game(0).unwrap();
    assert!(
        g.start_fen
            .as_deref()
            .unwrap()
            .starts_with("7k/1PP5/8/8/8/8/8/4K3 w")
    );
    assert_eq!(
        g.main_line_sans().unwrap(),
        ["b8=Q+", "Kh7", "c8=Q", "Kh6", "Qa7"]
    );
}

#[test]
fn promotion_with_own_number_moves_by_extended_code() {
    // White: Ke1, queen 14, extras 16 and 17 (rooks) present, pawn 0 on d7; Black: Kh8.
    let w = [
        (15, 0x04, 6),
        (14, 0x02, 5),
        (16, 0x10, 4),
        (17, 0x20, 4),
        (0, 0x63, 1),
    ];
    let mut rec = setup(&w, &[(15, 0x77, 6)], 0, 0, 0);
    rec.extend([209, 0, (2 << 5)]); // d8=N keeps number 0 (Q19)
    rec.push(129 + 6); // Kh8-h7
    rec.extend([212, 0x76]); // piece of pawn 0: up 7 (-1), right 6 (-2): d8 -> b7
    let db = open(&[rec]);
    assert_eq!(sans(&db, 0), ["d8=N", "Kh7", "Nb7"]);
    // A fixed slot that is taken cannot be named.
    let mut rec = setup(&w, &[(15, 0x77, 6)], 0, 0, 0);
    rec.extend([209, 0, (5 << 5) | 14]);
    assert_eq!(open(&[rec]).game(0).unwrap_err().code(), "invalid");
}

#[test]
fn setup_side_to_move_castling_and_ep() {
    // Black to move at ply 41 (move 21), e.p. target e3 after 21.e4 by White... use White's pawn on e4, Black's on d4.
    let w = [(15, 0x04, 6), (13, 0x07, 4), (4, 0x34, 1)];
    let b = [(15, 0x74, 6), (3, 0x33, 1)];
    let mut rec = setup(&w, &b, 41, 0x01, 0x24);
    rec.extend([210, 13]); // Black pawn 3: k=1 `77`: down one, left one under Right: d4xe3? x=7 -> file-1 = c. Use k=2.
    // Illegal under the database's convention (right); it replays under the
    // other one, so it is returned decoded that way and marked.
    let db = open(&[rec.clone(), vec![19, 15, 17], vec![19, 15, 17]]);
    assert_eq!(db.convention(), Convention::Right);
    let g = db.game(0).unwrap();
    assert!(
        g.headers
            .other
            .contains(&("CAConvention".into(), "left".into()))
    );
    assert_eq!(g.main_line_sans().unwrap(), ["dxe3"]);
    rec.truncate(rec.len() - 1);
    rec.push(14); // k=2 `71`: d4 -> e3
    let db = open(&[rec]);
    let g = db.game(0).unwrap();
    assert_eq!(
        g.start_fen.as_deref(),
        Some("4k3/8/8/8/3pP3/8/8/4K2R b K e3 0 21")
    );
    assert_eq!(g.main_line_sans().unwrap(), ["dxe3"]);
}

#[test]
fn opening_tree_straight_from_the_decoder() {
    // Game 0 replays only under the other convention (as above); game 1 is
    // 1. e4 d5 2. exd5 (codes 19 15 17); game 2 breaks at its third ply (the
    // e-pawn's double step again, from e4).
    let w = [(15, 0x04, 6), (13, 0x07, 4), (4, 0x34, 1)];
    let b = [(15, 0x74, 6), (3, 0x33, 1)];
    let mut other = setup(&w, &b, 41, 0x01, 0x24);
    other.extend([210, 13]);
    let db = open(&[other, vec![19, 15, 17], vec![19, 15, 19]]);
    assert_eq!(db.game(2).unwrap_err().game, Some(2));
    for cap in [1, 2, 3, 40] {
        let mut from_games = OpeningTree::with_max_plies(cap);
        let mut from_decoder = OpeningTree::with_max_plies(cap);
        for i in 0..2 {
            let added = from_games.add_game(&db.game(i).unwrap()).unwrap();
            assert_eq!(
                from_decoder.add_ca_game(&db, i).unwrap(),
                added,
                "cap {cap}, game {i}"
            );
        }
        // The damage is at ply 3: under the cap it is never read.
        let damaged = from_decoder.add_ca_game(&db, 2);
        if cap < 3 {
            assert_eq!(damaged.unwrap(), cap);
            let mut g = db.game_lenient(2).0;
            g.moves.truncate(cap);
            from_games.add_game(&g).unwrap();
        } else {
            let e = damaged.unwrap_err();
            assert_eq!((e.code(), e.game), ("illegal-move", Some(2)));
        }
        assert_eq!(from_decoder.games(), from_games.games());
        assert_eq!(from_decoder.records(), from_games.records(), "cap {cap}");
    }
}

#[test]
fn bad_setups_are_errors() {
    let two_kings = setup(&[(15, 0x04, 6), (16, 0x05, 6)], &[(15, 0x74, 6)], 0, 0, 0);
    let no_king = setup(&[(14, 0x04, 5)], &[(15, 0x74, 6)], 0, 0, 0);
    let wrong_type = setup(&[(15, 0x04, 6), (9, 0x05, 5)], &[(15, 0x74, 6)], 0, 0, 0);
    let same_square = setup(&[(15, 0x04, 6), (9, 0x04, 2)], &[(15, 0x74, 6)], 0, 0, 0);
    let db = open(&[two_kings, no_king, wrong_type, same_square]);
    for i in 0..4 {
        let e = db.game(i).unwrap_err();
        assert_eq!(e.code(), "bad-setup", "{e}");
        assert_eq!(e.game, Some(i));
    }
}

#[test]
fn variations_before_the_move_they_replace() {
    // 1.e4 e5 (1...c5 2.Nf3 (2.Nc3) d6) (1...d5) 2.Nf3
    let rec = vec![19, 231, 11, 231, 36, 232, 43, 12, 232, 231, 15, 232, 19, 43];
    let db = open(&[rec]);
    let g = db.game(0).unwrap();
    assert_eq!(g.main_line_sans().unwrap(), ["e4", "e5", "Nf3"]);
    let vars = &g.moves[1].variations;
    assert_eq!(vars.len(), 2);
    assert_eq!(vars[0].len(), 3);
    assert_eq!(vars[0][1].variations.len(), 1, "nested variation on 2.Nf3");
    let pgn = db.pgn(0).unwrap().replace('\n', " ");
    assert!(
        pgn.contains("1. e4 e5 ( 1... c5 2. Nf3 ( 2. Nc3 ) 2... d6 ) ( 1... d5 ) 2. Nf3 1-0"),
        "{pgn}"
    );
}

#[test]
fn every_comment_type() {
    let mut rec = vec![];
    rec.extend([235, 5, 5, b'p', b'r', b'e', b'!']); // text before 1.e4
    rec.extend([234, 3, 146]); // symbol before: novelty
    rec.extend([235, 1, 9]); // diagram before
    rec.push(19); // 1.e4
    rec.extend([234, 2, 1]); // !
    rec.extend([235, 4, 4, b'a', b'f', b't']); // text after
    rec.extend([235, 4, 6, b'G', b'M', b'X']); // evaluation with author
    rec.extend([235, 5, 29, 0x2c, 0x01, 255, 0]); // +3.00
    rec.extend([235, 8, 29, 0xce, 0xff, 255, 0, b'C', b'A', b'P']); // -0.50 CAP
    rec.extend([235, 3, 7, 1, 2]); // user folder, raw
    rec.extend([235, 2, 21, 9]); // user folder, raw
    rec.extend([235, 1, 8]); // diagram after
    rec.extend([233, 0x42]); // opaque
    let long = "x".repeat(300);
    rec.push(236);
    rec.extend((long.len() as u32 + 1).to_le_bytes());
    rec.push(4);
    rec.extend(long.as_bytes());
    rec.push(15); // 1...d5
    assert!(rec.len() >= 128, "two-byte record length");
    let db = open(&[rec]);
    let g = db.game(0).unwrap();
    let n = &g.moves[0];
    assert_eq!(n.comments_before, ["pre!"]);
    assert_eq!(n.nags_before, [146]);
    assert!(n.diagram_before && n.diagram_after);
    assert_eq!(n.nags, [1]);
    assert_eq!(n.comments_after, ["aft".to_string(), long]);
    assert_eq!(
        n.evals,
        [
            Eval::Author { text: "GMX".into() },
            Eval::Engine {
                centipawns: 300,
                cap: false
            },
            Eval::Engine {
                centipawns: -50,
                cap: true
            }
        ]
    );
    assert_eq!(
        n.raw,
        [
            RawItem {
                source: Codec::ChessAssistant,
                code: 235,
                bytes: vec![7, 1, 2]
            },
            RawItem {
                source: Codec::ChessAssistant,
                code: 235,
                bytes: vec![21, 9]
            },
            RawItem {
                source: Codec::ChessAssistant,
                code: 233,
                bytes: vec![0x42]
            }
        ]
    );
    let pgn = db.pgn(0).unwrap().replace('\n', " ");
    for part in [
        "{ pre! }",
        "1. e4 $146 $1",
        "[%eval 3.00]",
        "[%eval -0.50 CAP]",
        "{ [#] }",
        "1... d5",
    ] {
        assert!(pgn.contains(part), "{part} missing in {pgn}");
    }
}

#[test]
fn errors_name_file_offset_game_ply_and_code() {
    // Record 1: e4 d5 then undefined code 250 at body offset 2.
    let db = open(&[vec![19, 15], vec![19, 15, 250, 16]]);
    let e = db.game(1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnknownCode { code: 250 });
    assert_eq!((e.file, e.game, e.ply), (FileKind::D02, Some(1), Some(2)));
    // Record 0 body starts at 3 (junk) + 1 (length) = 4; record 1 at 4 + 2 + 2 (junk) + 1 = 9.
    assert_eq!(e.offset, Some(9 + 2));
    assert!(e.to_string().contains("code 250"));
    // The other game still reads.
    assert_eq!(sans(&db, 0), ["e4", "d5"]);
    // The lenient PGN keeps the moves before the error and names it.
    let (pgn, err) = db.pgn_lenient(1);
    let pgn = pgn.replace('\n', " ");
    assert!(err.is_some());
    assert!(pgn.contains("1. e4 d5 { cadb: decoding stopped: D02 offset 11, game 1, ply 2: code 250 is not defined }"), "{pgn}");
}

#[test]
fn moves_of_missing_pieces_and_illegal_moves() {
    // 1.e4 d5 2.exd5 Qxd5 then White's pawn 3... fine; Black pawn 3 (captured) moves: no such piece.
    // 1.e4 d5 2.exd5 Qxd5, then White's pawn 4 (taken on d5) is asked to move.
    let db = open(&[vec![19, 15, 17, 124, 16], vec![19, 19, 19]]);
    let e = db.game(0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NoSuchPiece { code: 16, piece: 4 });
    assert_eq!(e.ply, Some(4));
    let e = db.game(1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove { code: 19 });
    assert_eq!(e.ply, Some(2));
}

#[test]
fn record_payload_crossing_its_end() {
    let db = open(&[
        vec![19, 235, 10, 4, b'a'],
        vec![19, 236, 0xff, 0xff, 0xff, 0xff, 4],
        vec![19, 209, 3],
        vec![230, 1, 2],
    ]);
    for i in 0..4 {
        let e = db.game(i).unwrap_err();
        assert_eq!(e.code(), "record-overrun", "{e}");
    }
}

#[test]
fn unterminated_and_unmatched_variations() {
    let db = open(&[vec![19, 231, 15], vec![19, 232, 15], vec![19, 231, 15, 232]]);
    for i in 0..3 {
        assert_eq!(db.game(i).unwrap_err().code(), "invalid");
    }
}

#[test]
fn deep_nesting_is_a_limit_error() {
    // Each level: a variation (231 .. 232) before the move 1...d5 it replaces.
    let mut inner = vec![15u8];
    for _ in 0..200 {
        let mut next = vec![231];
        next.extend(&inner);
        next.extend([232, 15]);
        inner = next;
    }
    let mut rec = vec![19];
    rec.extend(inner);
    let db = open(&[rec]);
    let e = db.game(0).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::TooDeep { limit: 64 }), "{e}");
}

#[test]
fn cyclic_a02_chain() {
    let mut files = database(&[vec![19]]);
    let mut a02: Vec<i32> = files
        .a02
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    a02[100] = -1; // 1 -> 100 -> 1
    files.a02 = i32s(&a02);
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let e = db.game(0).unwrap_err();
    assert_eq!((e.code(), e.file), ("chain-cycle", FileKind::A02));
}

#[test]
fn truncated_files() {
    let files = database(&[vec![19, 15]]);
    // A CDP cut short holds no game: D00's count stands, with a warning
    // naming the CDP.
    for cut in [0, 50, 111] {
        let mut f = files.clone();
        f.cdp.truncate(cut);
        let db = Database::open(f, OpenOptions::default()).unwrap();
        assert_eq!(sans(&db, 0), ["e4", "d5"]);
        assert!(
            db.warnings().iter().any(|w| w.file == FileKind::Cdp),
            "{:?}",
            db.warnings()
        );
    }
    for cut in [0, 100, 143, 200] {
        let mut f = files.clone();
        f.emb.truncate(cut);
        assert!(Database::open(f, OpenOptions::default()).is_err());
    }
    let mut f = files.clone();
    f.d02.truncate(5);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert_eq!(db.game(0).unwrap_err().code(), "truncated");
    let mut f = files.clone();
    f.d00.truncate(20);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert_eq!(db.count(), 0);
    assert!(!db.warnings().is_empty());
}

#[test]
fn setup_after_a_leading_comment_or_233() {
    // King e1 + rook h1 against king e8; 1.Rh8+ (rook 8? fixed rook numbers: h-rook is 15? use the king).
    let w = [(15, 0x04, 6), (13, 0x07, 4)];
    let b = [(15, 0x74, 6)];
    let pos = setup(&w, &b, 0, 0, 0);
    let comment = [235u8, 5, 5, b'p', b'r', b'e', b'!'];
    let mut before_comment = comment.to_vec();
    before_comment.extend(&pos);
    let mut before_233 = vec![233u8, 0x42];
    before_233.extend(&pos);
    let db = open(&[before_comment, before_233.clone(), pos.clone()]);
    for i in 0..3 {
        let g = db.game(i).unwrap();
        assert_eq!(
            g.start_fen.as_deref(),
            Some("4k3/8/8/8/8/8/8/4K2R w - - 0 1"),
            "game {i}"
        );
    }
    // The comment stays, as the text before the first move.
    assert!(
        db.pgn(0).unwrap().contains("{ pre! }"),
        "{}",
        db.pgn(0).unwrap()
    );
    // A set-up after a move is still an error: the position has moved on.
    let mut after_move = pos.clone();
    after_move.push(136); // the king e1 -> f1? any legal king move code
    after_move.extend(&pos);
    let e = db_error(&[after_move]);
    assert!(e.to_string().contains("230"), "{e}");
}

fn db_error(records: &[Vec<u8>]) -> cadb::Error {
    open(records).game(0).unwrap_err()
}

/// Q25: one-byte symbols read as NAGs unless the data says otherwise.
#[test]
fn symbol_bytes_read_as_the_database_uses_them() {
    let with = |a: u8, b: u8| vec![19, 234, 2, a, 15, 234, 2, b];
    // NAG numbers: $1 and $4.
    let db = open(&[with(1, 4), with(146, 2)]);
    assert_eq!(db.symbols().reading, cadb::ca::Symbols::Nag);
    assert!(
        db.pgn(0).unwrap().contains("1. e4 $1 d5 $4"),
        "{}",
        db.pgn(0).unwrap()
    );
    assert!(db.warnings().iter().all(|w| !w.to_string().contains("Q25")));
    // ASCII marks: ! and ?, never $33 and $63.
    let db = open(&[with(b'!', b'?'), with(b'!', b'!'), with(b'?', 1)]);
    assert_eq!(db.symbols().reading, cadb::ca::Symbols::Ascii);
    assert_eq!(db.symbols().counts(), [6, 1, 5, 0]);
    let pgn = db.pgn(0).unwrap();
    assert!(pgn.contains("1. e4 $1 d5 $2"), "{pgn}");
    let w: Vec<String> = db.warnings().iter().map(|w| w.to_string()).collect();
    assert!(
        w.iter().any(|w| w.contains("Q25") && w.contains("33 ×3")),
        "{w:?}"
    );
    // Anything else: kept raw, not printed as a NAG.
    let db = open(&[with(200, 201), with(200, 250)]);
    assert_eq!(db.symbols().reading, cadb::ca::Symbols::Raw);
    let g = db.game(0).unwrap();
    assert!(g.moves[0].nags.is_empty());
    assert_eq!(g.moves[0].raw[0].bytes, [2, 200]);
    assert!(!db.pgn(0).unwrap().contains("$200"));
}

/// Q6: id 0 is an ordinary id, but when a field is 0 in most games while
/// id 0 holds a name, the doctor says 0 may mean none there.
#[test]
fn doctor_warns_when_id_zero_looks_like_none() {
    use cadb::ca::diagnose::DiagnoseOptions;
    let db = open(&[vec![19, 15], vec![19, 15], vec![20, 16]]);
    // Black is id 0 in every header here, and id 0 redirects to a name.
    assert_eq!(db.headers(0).unwrap().black.as_deref(), Some("Петров"));
    let d = db.diagnose(DiagnoseOptions::default(), |_, _| {
        core::ops::ControlFlow::Continue(())
    });
    let w: Vec<&str> = d.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("3 of 3 games store 0 as Black")),
        "{w:?}"
    );
    assert!(!w.iter().any(|w| w.contains("as White")), "{w:?}");
    let ids = d.points.iter().find(|p| p.id == "ids").unwrap();
    assert!(ids.evidence.iter().any(|c| {
        c.what
            .starts_with("Players ids in headers that are 0 (id 0 has a name)")
            && c.count == 3
    }));
}

/// Q33: a name stored as UTF-8 among CP1251 names reads right with no
/// option, one string at a time; a caller's code page still wins.
#[test]
fn utf8_names_among_cp1251_names() {
    let event = "Чемпионат СССР".as_bytes();
    let place = b"\xcc\xee\xf1\xea\xe2\xe0"; // "Москва" in CP1251
    let files = database_in(&[vec![19, 15]], volume_named(7, event, place));
    let db = Database::open(files.clone(), OpenOptions::default()).unwrap();
    assert_eq!(db.encoding(), TextEncoding::Cp1251);
    let h = db.headers(0).unwrap();
    assert_eq!(h.event.as_deref(), Some("Чемпионат СССР"));
    assert_eq!(h.site.as_deref(), Some("Москва"));
    assert_eq!(h.black.as_deref(), Some("Петров"));
    assert_eq!(db.info().encoding_guess.utf8_strings, 1);
    let chosen = OpenOptions {
        encoding: Some(TextEncoding::Cp1251),
    };
    let db = Database::open(files, chosen).unwrap();
    let mojibake = TextEncoding::Cp1251.decode(event);
    assert_eq!(
        db.headers(0).unwrap().event.as_deref(),
        Some(mojibake.trim())
    );
}

#[test]
fn a_game_damaged_inside_a_variation_exports_closed_and_readable() {
    // 1.e4 d5 (1...e5 2.e4-e6?: the pawn on e4 cannot step twice).
    let db = open(&[vec![19, 231, 19, 19, 232, 15]]);
    let (pgn, err) = db.pgn_lenient(0);
    let e = err.unwrap();
    assert_eq!(
        (e.kind, e.ply),
        (ErrorKind::IllegalMove { code: 19 }, Some(2))
    );
    let flat = pgn.replace('\n', " ");
    assert!(
        flat.contains("1. e4 d5 ( 1... e5 ) { cadb: decoding stopped:"),
        "{flat}"
    );
    // The tree of the same game says the same, and the text reads back.
    let tree = cadb::game::pgn::to_pgn(&db.game_lenient(0).0).unwrap();
    let (before, after) = flat.split_once(" { cadb").unwrap();
    let without_comment = format!("{before}{}", &after[after.find(" }").unwrap() + 2..]);
    assert_eq!(tree.replace('\n', " "), without_comment);
    let back = cadb::game::import::read_pgn(&pgn).unwrap();
    assert_eq!(back[0].main_line_sans().unwrap(), ["e4", "d5"]);
    assert_eq!(back[0].moves[1].variations[0].len(), 1);
}

#[test]
fn an_empty_variation_writes_no_parentheses_and_keeps_its_comment() {
    // 1.e4 d5 with an empty variation, then one holding only a comment.
    let db = open(&[
        vec![19, 231, 232, 15],
        vec![19, 231, 235, 3, 4, b'h', b'i', 232, 15],
    ]);
    let pgn = db.pgn(0).unwrap().replace('\n', " ");
    assert!(pgn.contains("1. e4 d5 1-0"), "{pgn}");
    let pgn = db.pgn(1).unwrap().replace('\n', " ");
    assert!(pgn.contains("1. e4 d5 ( { hi } ) 1-0"), "{pgn}");
}
