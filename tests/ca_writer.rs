//! The Chess Assistant writer checked against the spec, without the reader:
//! hand-computed bytes, an independent EMB reassembler, and a small
//! independent D02 decoder (written here from the spec's tables) that
//! replays every written record.

use cadb::{
    ca::{
        format::Convention,
        writer::{WriteReport, WriterOptions, write_database},
    },
    game::{Game, Ply, import::read_pgn},
};
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square, fen::Fen};

// ---------------------------------------------------------------- helpers

fn opts(dir: Convention) -> WriterOptions {
    WriterOptions {
        convention: dir,
        ..WriterOptions::plain()
    }
}

/// Writes one game in plain mode and returns its D02 record body.
fn body_with(pgn: &str, o: &WriterOptions) -> Vec<u8> {
    let games = read_pgn(pgn).unwrap();
    let (files, report) = write_database(&games, o).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let (len, prefix) = length(&files.d02, 0);
    assert_eq!(files.d02.len(), prefix + len);
    files.d02[prefix..].to_vec()
}

fn body(pgn: &str) -> Vec<u8> {
    body_with(pgn, &WriterOptions::plain())
}

/// The §8.1 length prefix at `at`: (length, prefix size).
fn length(d02: &[u8], at: usize) -> (usize, usize) {
    let b1 = d02[at] as usize;
    if b1 & 0x80 == 0 {
        (b1, 1)
    } else {
        ((b1 & 127) + d02[at + 1] as usize * 128, 2)
    }
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn u24_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], 0])
}

/// GetD01Address / the A02 chain (§4.6, §6): follow negative values, ≥ 0 is an address.
fn follow(arr: &[u8], mut id: u32) -> (u32, u32) {
    let mut steps = 0;
    loop {
        let v = i32_at(arr, id as usize * 4);
        if v >= 0 {
            return (v as u32, steps);
        }
        id = (-v) as u32;
        steps += 1;
        assert!(steps < 16, "chain too long");
    }
}

fn fixtures() -> Vec<Game> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    let mut games = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        for g in cadb::game::import::read_pgn_lenient(&text) {
            games.push(g.unwrap_or_else(|e| panic!("{}: {e}", p.display())));
        }
    }
    games
}

// ---------------------------------------------------------------- moves

#[test]
fn pawn_moves_and_capture() {
    assert_eq!(body("1. e4 d5 2. exd5 *"), [19, 15, 17]);
    // Left reading: exd5 is `11` → 18 (Q17).
    assert_eq!(
        body_with("1. e4 d5 2. exd5 *", &opts(Convention::Left)),
        [19, 15, 18]
    );
}

#[test]
fn knight_vectors_of_q17() {
    let right = opts(Convention::Right);
    let left = opts(Convention::Left);
    assert_eq!(body_with("1. Nf3 Nf6 *", &right), [43, 40]);
    assert_eq!(body_with("1. Nc3 Nc6 *", &right), [36, 39]);
    assert_eq!(body_with("1. Nf3 Nf6 *", &left), [44, 47]);
    assert_eq!(body_with("1. Nc3 Nc6 *", &left), [35, 32]);
}

#[test]
fn castling_and_bishops() {
    // Bc4: bishop 11, (+3, −3) = `35` → 61 + 9; …Bc5: (−3, −3) = `55` → 61 + 4.
    assert_eq!(
        body("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"),
        [19, 19, 43, 39, 70, 65, 208]
    );
    // 1.d4 d5 2.Nc3 Nc6 3.Bf4 Bf5 4.Qd2 Qd7 5.O-O-O O-O-O
    // Bf4: bishop 10 c1→f4 (+3,+3) `33` → 48+2; Bf5: c8→f5 (−3,+3) = `53` → 48+10.
    // Qd2: queen d1→d2 `10` → 102+13+13; Qd7: d8→d7 `70` → 102+13+7.
    assert_eq!(
        body("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *"),
        [15, 15, 36, 39, 50, 58, 128, 122, 207, 207]
    );
    // After castling the rook is piece 13 on f1: Rf1-e1 is `07` → 88.
    assert_eq!(
        body("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Re1 *")[7..],
        [40, 88]
    );
}

#[test]
fn en_passant() {
    assert_eq!(
        body("1. e4 a6 2. e5 d5 3. exd6 *"),
        [19, 0, 16, 15, 210, 17]
    );
}

#[test]
fn null_move() {
    assert_eq!(body("1. e4 -- 2. d4 *"), [19, 211, 15]);
}

/// The 76 setup bytes for `8/P6k/8/8/8/8/8/K7 w - - 0 1`.
fn setup_a7() -> Vec<u8> {
    let mut s = vec![230];
    let mut white = [8, 0].repeat(18);
    white[0..2].copy_from_slice(&[0x60, 1]); // pawn 0 on a7
    white[30..32].copy_from_slice(&[0x00, 6]); // king 15 on a1
    let mut black = [8, 0].repeat(18);
    black[30..32].copy_from_slice(&[0x67, 6]); // king 15 on h7
    s.extend(white);
    s.extend(black);
    s.extend([0, 0, 0, 0]); // ply 0, no castling, no e.p.
    s
}

#[test]
fn promotion_to_16_then_a_move_of_it() {
    let pgn = "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=Q Kg6 2. Qb8 *";
    // Plain: 16 first. byte1 = pawn 0, k 0; byte2 = 5<<5 | 16. Kg6 `77` → 130; Qb8 piece 16 `01` → 137+19.
    let mut want = setup_a7();
    want.extend([209, 0, 176, 130, 156]);
    assert_eq!(body(pgn), want);
    // Preferring fixed numbers: the queen takes 14; Qb8 is then 102+19.
    let o = WriterOptions {
        tricks: cadb::ca::writer::Tricks {
            prefer_fixed_promotion_slots: true,
            ..cadb::ca::writer::Tricks::none()
        },
        ..WriterOptions::plain()
    };
    let mut want = setup_a7();
    want.extend([209, 0, 174, 130, 121]);
    assert_eq!(body_with(pgn, &o), want);
}

#[test]
fn promotion_without_a_free_number_uses_extended_codes() {
    // Queens a2 (14), b1 (16), b2 (17): the new queen keeps pawn number 2.
    let pgn = "[FEN \"8/2P5/8/7k/8/8/QQ6/KQ6 w - - 0 1\"]\n\n1. c8=Q Kh6 2. Qd8 *";
    let b = body(pgn);
    assert_eq!(b[0], 230);
    assert_eq!(&b[77..], [209, 8, 162, 136, 214, 0x01]);
    // Setup numbering: pawn c7 = 2, queens by file then rank: a2 = 14, b1 = 16, b2 = 17.
    let w = &b[1..37];
    assert_eq!(&w[4..6], [0x62, 1]);
    assert_eq!(&w[28..30], [0x10, 5]);
    assert_eq!(&w[32..34], [0x01, 5]);
    assert_eq!(&w[34..36], [0x11, 5]);
    // The extended byte counts right under the Left convention too (§8.11).
    let b = body_with(pgn, &opts(Convention::Left));
    assert_eq!(&b[77..], [209, 8, 162, 136, 214, 0x01]);
}

#[test]
fn setup_record_with_castling_and_en_passant() {
    let b = body("[FEN \"r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 20\"]\n\n*");
    assert_eq!(b.len(), 77);
    let mut want = vec![230];
    let mut white = [8, 0].repeat(18);
    white[8..10].copy_from_slice(&[0x34, 1]); // pawn 4 on e4
    white[24..26].copy_from_slice(&[0x00, 4]); // rook 12 a1
    white[26..28].copy_from_slice(&[0x07, 4]); // rook 13 h1
    white[30..32].copy_from_slice(&[0x04, 6]); // king e1
    let mut black = [8, 0].repeat(18);
    black[10..12].copy_from_slice(&[0x35, 1]); // pawn 5 on f4
    black[24..26].copy_from_slice(&[0x70, 4]);
    black[26..28].copy_from_slice(&[0x77, 4]);
    black[30..32].copy_from_slice(&[0x74, 6]);
    want.extend(white);
    want.extend(black);
    want.extend([39, 0, 0x0F, 0x24]); // ply (20−1)·2+1, all castlings, e.p. e3
    assert_eq!(b, want);
}

// ---------------------------------------------------------------- variations

#[test]
fn variations_come_before_their_move() {
    assert_eq!(
        body("1. e4 (1. d4 d5) 1... e5 *"),
        [231, 15, 15, 232, 19, 19]
    );
    // Several in a row.
    assert_eq!(
        body("1. e4 (1. d4) (1. c4) 1... e5 *"),
        [231, 15, 232, 231, 11, 232, 19, 19]
    );
    // Nested: 1...c5 2.Nf3 with 2.Nc3 as its alternative.
    assert_eq!(
        body("1. e4 e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *"),
        [19, 231, 11, 231, 36, 232, 43, 232, 19, 43]
    );
}

// ---------------------------------------------------------------- comments

#[test]
fn comments_symbols_evals_diagrams() {
    assert_eq!(
        body("1. e4 $1 {hi} *"),
        [19, 234, 2, 1, 235, 3, 4, b'h', b'i']
    );
    // Engine evaluation: type 29, i16 35, bytes 255 0; with CAP the length is 8.
    assert_eq!(
        body("1. e4 { [%eval 0.35] } *"),
        [19, 235, 5, 29, 35, 0, 255, 0]
    );
    assert_eq!(
        body("1. e4 { [%eval -1.00 CAP] } *"),
        [19, 235, 8, 29, 0x9C, 0xFF, 255, 0, b'C', b'A', b'P']
    );
    assert_eq!(body("1. e4 { [#] } *"), [19, 235, 1, 8]);
    // Cyrillic in Windows-1251.
    assert_eq!(body("1. e4 {Да} *"), [19, 235, 3, 4, 0xC4, 0xE0]);
}

#[test]
fn long_comment_and_two_byte_length() {
    let text = "x".repeat(300);
    let games = read_pgn(&format!("1. e4 {{{text}}} *")).unwrap();
    let (files, report) = write_database(&games, &WriterOptions::plain()).unwrap();
    // Body: 19, 236, u32 301, type 4, 300 bytes = 307 → prefix (307 & 127) | 0x80, 307 >> 7.
    assert_eq!(&files.d02[..2], [0x80 | (307 & 127) as u8, 2]);
    assert_eq!(&files.d02[2..8], [19, 236, 0x2D, 0x01, 0, 0]);
    assert_eq!(files.d02[8], 4);
    assert_eq!(files.d02.len(), 2 + 307);
    assert_eq!((report.two_byte_lengths, report.long_comments), (1, 1));
    // 254 bytes of text still fit a short comment (Q26); 255 do not.
    let b = body(&format!("1. e4 {{{}}} *", "y".repeat(254)));
    assert_eq!(&b[..3], [19, 235, 255]);
    let b = body(&format!("1. e4 {{{}}} *", "y".repeat(255)));
    assert_eq!(&b[..2], [19, 236]);
}

#[test]
fn oversized_record_is_skipped() {
    let big = "z".repeat(20000);
    let pgn = format!("1. e4 {{{big}}} {{{big}}} *\n\n1. d4 *");
    let games = read_pgn(&pgn).unwrap();
    let (files, report) = write_database(&games, &WriterOptions::default()).unwrap();
    assert_eq!(report.games, 1);
    assert_eq!(report.skipped.len(), 1);
    assert_eq!(report.skipped[0].0, 0);
    assert_eq!(report.skipped[0].1.code(), "too-large");
    assert_eq!(files.d00.len(), 38);
}

#[test]
fn illegal_hand_built_game_is_skipped() {
    let mut game = read_pgn("1. e4 e5 *").unwrap().remove(0);
    game.moves.swap(0, 1);
    let setup = Game {
        start_fen: Some("QQQQ4/8/8/8/8/8/8/K5k1 w - - 0 1".into()),
        ..Game::default()
    };
    let (_, report) = write_database(&[game, setup], &WriterOptions::default()).unwrap();
    assert_eq!(report.games, 0);
    assert_eq!(report.skipped[0].1.code(), "invalid");
    assert_eq!(report.skipped[1].1.code(), "bad-setup");
}

// ---------------------------------------------------------------- headers, CDP

#[test]
fn d00_and_cdp_fields() {
    let pgn = "[Event \"Ch\"]\n[Site \"Moscow\"]\n[Date \"1997.03.15\"]\n[Round \"3\"]\n\
               [White \"Анна\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[WhiteElo \"2500\"]\n\
               [ECO \"C42\"]\n[Annotator \"Bob\"]\n[Source \"Book\"]\n\n1. e4 1-0\n\n\
               [Round \"3.5\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2";
    let games = read_pgn(pgn).unwrap();
    let o = WriterOptions {
        comment: "База".into(),
        ..WriterOptions::plain()
    };
    let (f, _) = write_database(&games, &o).unwrap();
    let d = &f.d00[..38];
    assert_eq!(f.d00.len(), 76);
    assert_eq!(d[10], 2); // White won
    assert_eq!(&d[11..14], [0x8F, 0xAD, 0x0C]);
    assert_eq!(u16::from_le_bytes([d[6], d[7]]), 2500);
    assert_eq!(u16::from_le_bytes([d[8], d[9]]), 0);
    assert_eq!(u32_at(d, 20), 0); // game type
    assert_eq!(u32_at(d, 24), 0); // GameID = index in plain mode
    assert_eq!((d[28], d[29]), (0, 6));
    assert_eq!(u16::from_le_bytes([d[30], d[31]]), 242);
    // Ids: entry 0 is the empty name; Анна = 1, Bob = 2, annotator Bob = 2.
    assert_eq!((u24_at(d, 0), u24_at(d, 3), u24_at(d, 32)), (1, 2, 2));
    assert_eq!((u24_at(d, 14), u24_at(d, 17), u24_at(d, 35)), (1, 1, 1));
    let d = &f.d00[38..];
    assert_eq!((d[10], d[29]), (1, 7));
    assert_eq!(u16::from_le_bytes([d[30], d[31]]), 0xFFFF);
    assert_eq!(u32_at(d, 24), 1);
    assert_eq!((u24_at(d, 0), u24_at(d, 14)), (0, 0));
    assert_eq!(&d[11..14], [0, 0, 0]);
    // CDP.
    let c = &f.cdp;
    assert_eq!(&c[..29], b"Chess Assistant 3.0 database.");
    assert!(c[29..50].iter().all(|&b| b == 0));
    assert_eq!(&c[50..85], b"\nChess Data Pro format. Version 1.3");
    assert_eq!(c[50], 0x0A);
    assert_eq!(u32_at(c, 104), 2);
    assert_eq!(u32_at(c, 108), 4);
    assert_eq!(&c[112..], [0xC1, 0xE0, 0xE7, 0xE0]);
}

#[test]
fn assessment_outcome() {
    let mut games = read_pgn("1. e4 *").unwrap();
    games[0].headers.assessment = cadb::game::Assessment::from_code(14);
    let (f, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    assert_eq!(f.d00[10], 14);
    games[0].headers.assessment = None;
    let (f, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    assert_eq!(f.d00[10], 4);
}

// ---------------------------------------------------------------- EMB

const INNER: [&str; 7] = ["cdp", "iii", "axx", "dxx", "d00", "a01", "d01"];

/// An EMB read back through the fragment lists, keeping where every fragment lay.
struct Emb {
    files: Vec<(String, Vec<u8>)>,
    /// Per file (root directory last): (offset, length) of each fragment, in list order.
    fragments: Vec<Vec<(usize, usize)>>,
}

fn get_file(emb: &[u8], length: usize, offset: usize) -> (Vec<u8>, Vec<(usize, usize)>) {
    let mut out = Vec::new();
    let mut frags = Vec::new();
    let mut at = offset;
    while out.len() < length {
        let (l, o) = (u32_at(emb, at) as usize, u32_at(emb, at + 4) as usize);
        assert!(l > 0 && o + l <= emb.len(), "fragment {l}@{o}");
        out.extend_from_slice(&emb[o..o + l]);
        frags.push((o, l));
        at += 8;
    }
    assert_eq!(out.len(), length, "fragments overshoot");
    (out, frags)
}

fn read_emb(emb: &[u8]) -> Emb {
    assert_eq!(&emb[..29], b"Chess Assistant 3.0 database.");
    assert_eq!(&emb[64..100], b"\nData Pro Volume format. Version 1.1");
    assert!(emb[128..136].iter().all(|&b| b == 0));
    let (dir, root_frags) = get_file(emb, u32_at(emb, 136) as usize, u32_at(emb, 140) as usize);
    assert_eq!(dir.len(), 28 * 256);
    let mut files = Vec::new();
    let mut fragments = Vec::new();
    for e in dir.chunks(256) {
        assert_eq!((u32_at(e, 0), u32_at(e, 4)), (0, 2));
        let name_end = 28 + e[28..].iter().position(|&b| b == 0).unwrap();
        let name = String::from_utf8(e[28..name_end].to_vec()).unwrap();
        let (data, frags) = get_file(emb, u32_at(e, 8) as usize, u32_at(e, 12) as usize);
        files.push((name, data));
        fragments.push(frags);
    }
    fragments.push(root_frags);
    Emb { files, fragments }
}

impl Emb {
    fn file(&self, name: &str) -> &[u8] {
        &self.files.iter().find(|(n, _)| n == name).unwrap().1
    }

    /// Name (and title for players) of `id` in a list.
    fn name(&self, list: &str, id: u32) -> (String, String) {
        let (addr, _) = follow(self.file(&format!("{list}.a01")), id);
        let d01 = self.file(&format!("{list}.d01"));
        let a = addr as usize;
        let dec = |b: &[u8]| cadb::text::TextEncoding::Cp1251.decode(b).into_owned();
        if list == "Players" {
            let (n, t) = (d01[a] as usize, d01[a + 1] as usize);
            (
                dec(&d01[a + 2..a + 2 + n]),
                dec(&d01[a + 2 + n..a + 2 + n + t]),
            )
        } else {
            let n = d01[a] as usize;
            (dec(&d01[a + 1..a + 1 + n]), String::new())
        }
    }
}

fn check_names(games: &[Game], f: &cadb::ca::DatabaseFiles<Vec<u8>>, emb: &Emb) {
    for (i, g) in games.iter().enumerate() {
        let d = &f.d00[38 * i..38 * i + 38];
        let h = &g.headers;
        // What the text encoding can carry (cp1251 writes emoji as `&#NNN;`).
        let cp = cadb::text::TextEncoding::Cp1251;
        let want = |s: &Option<String>| {
            cp.decode(&cp.encode(s.as_deref().unwrap_or("")))
                .into_owned()
        };
        assert_eq!(emb.name("Players", u24_at(d, 0)).0, want(&h.white));
        assert_eq!(emb.name("Players", u24_at(d, 3)).0, want(&h.black));
        assert_eq!(emb.name("Events", u24_at(d, 14)).0, want(&h.event));
        assert_eq!(emb.name("Places", u24_at(d, 17)).0, want(&h.site));
        assert_eq!(emb.name("Players", u24_at(d, 32)).0, want(&h.annotator));
        assert_eq!(emb.name("Sources", u24_at(d, 35)).0, want(&h.source));
        if let Some(e) = h.white_elo {
            let p = emb.file("Players.d00");
            let at = 10 * u24_at(d, 0) as usize;
            assert!(u16::from_le_bytes([p[at], p[at + 1]]) >= e);
        }
    }
    // .iii: every real id once, in name order.
    for list in ["Players", "Events", "Places", "Sources"] {
        let iii = emb.file(&format!("{list}.iii"));
        let names: Vec<(String, String)> = iii
            .chunks(4)
            .map(|c| emb.name(list, u32::from_le_bytes(c.try_into().unwrap())))
            .collect();
        let enc = |s: &(String, String)| {
            (
                cadb::text::TextEncoding::Cp1251.encode(&s.0),
                cadb::text::TextEncoding::Cp1251.encode(&s.1),
            )
        };
        assert!(
            names.windows(2).all(|w| enc(&w[0]) <= enc(&w[1])),
            "{list}.iii unsorted"
        );
        let a01 = emb.file(&format!("{list}.a01"));
        let reals = (0..a01.len() / 4)
            .filter(|&k| i32_at(a01, 4 * k) >= 0)
            .count();
        assert_eq!(iii.len() / 4, reals);
        let p = emb.file(&format!("{list}.cdp"));
        assert_eq!(u32_at(p, 104) as usize, reals);
    }
}

#[test]
fn emb_plain_is_in_order_and_tricks_are_shuffled() {
    let games = fixtures();
    for (o, tricky) in [
        (WriterOptions::plain(), false),
        (WriterOptions::default(), true),
    ] {
        let (f, report) = write_database(&games, &o).unwrap();
        let emb = read_emb(&f.emb);
        let names: Vec<String> = ["Players", "Events", "Places", "Sources"]
            .iter()
            .flat_map(|l| INNER.iter().map(move |e| format!("{l}.{e}")))
            .collect();
        assert_eq!(
            emb.files.iter().map(|f| f.0.clone()).collect::<Vec<_>>(),
            names
        );
        check_names(&games, &f, &emb);
        let total: usize = emb.fragments.iter().map(Vec::len).sum();
        assert_eq!(total, report.fragments);
        // Every byte of the EMB after the header belongs to one fragment, list or junk.
        let out_of_order = emb
            .fragments
            .iter()
            .filter(|fr| fr.windows(2).any(|w| w[1].0 < w[0].0))
            .count();
        let gaps = emb
            .fragments
            .iter()
            .filter(|fr| fr.windows(2).any(|w| w[1].0 != w[0].0 + w[0].1))
            .count();
        let multi = emb.fragments.iter().filter(|fr| fr.len() > 1).count();
        if tricky {
            assert!(multi > 4);
            assert_eq!(
                out_of_order, multi,
                "every multi-fragment file has one out of order"
            );
            assert_eq!(gaps, multi);
            assert!(report.emb_junk_bytes > 0 && report.name_redirections > 0);
        } else {
            assert_eq!((out_of_order, gaps, report.emb_junk_bytes), (0, 0, 0));
            assert_eq!(report.name_redirections, 0);
        }
    }
}

// ---------------------------------------------------------------- an independent D02 decoder

const PAWN_W: [u8; 4] = [0x10, 0x17, 0x11, 0x20];
const PAWN_B: [u8; 4] = [0x70, 0x77, 0x71, 0x60];
const KNIGHT: [u8; 8] = [0x67, 0x76, 0x16, 0x27, 0x21, 0x12, 0x72, 0x61];
const DIAG: [u8; 13] = [
    0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x17, 0x26, 0x35, 0x53, 0x62, 0x71,
];
const ORTHO: [u8; 14] = [
    0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x70, 0x60, 0x50, 0x40, 0x30, 0x20, 0x10,
];
const KING: [u8; 8] = [0x11, 0x77, 0x17, 0x71, 0x07, 0x01, 0x70, 0x10];

/// Piece number and offset of code 0–206 (the table of §8.6).
fn code_offset(c: u8, white: bool) -> (usize, u8) {
    let c = c as usize;
    let queen = |i: usize| if i < 13 { DIAG[i] } else { ORTHO[i - 13] };
    let all35 = |i: usize| if i < 27 { queen(i) } else { KNIGHT[i - 27] };
    match c {
        0..=31 => (c / 4, if white { PAWN_W[c % 4] } else { PAWN_B[c % 4] }),
        32..=47 => (8 + (c - 32) / 8, KNIGHT[(c - 32) % 8]),
        48..=73 => (10 + (c - 48) / 13, DIAG[(c - 48) % 13]),
        74..=101 => (12 + (c - 74) / 14, ORTHO[(c - 74) % 14]),
        102..=128 => (14, queen(c - 102)),
        129..=136 => (15, KING[c - 129]),
        137..=171 => (16, all35(c - 137)),
        _ => (17, all35(c - 172)),
    }
}

#[derive(Clone)]
struct Dec {
    pos: Chess,
    /// Square of each piece number per side (0 = White).
    sq: [[Option<Square>; 18]; 2],
}

fn apply(sq: Square, off: u8, left: bool) -> Square {
    let (y, x) = ((off >> 4) as u32, (off & 15) as u32);
    let r = (sq.rank().to_u32() + y) % 8;
    let f = if left {
        (sq.file().to_u32() + 8 - x) % 8
    } else {
        (sq.file().to_u32() + x) % 8
    };
    Square::from_coords(shakmaty::File::new(f), shakmaty::Rank::new(r))
}

impl Dec {
    fn start() -> Dec {
        let mut sq = [[None; 18]; 2];
        for (s, back, pawns) in [(0, 0, 1), (1, 7, 6)] {
            for f in 0..8 {
                sq[s][f as usize] = Some(Square::from_coords(
                    shakmaty::File::new(f),
                    shakmaty::Rank::new(pawns),
                ));
            }
            for (n, f) in [
                (8, 1),
                (9, 6),
                (10, 2),
                (11, 5),
                (12, 0),
                (13, 7),
                (14, 3),
                (15, 4),
            ] {
                sq[s][n] = Some(Square::from_coords(
                    shakmaty::File::new(f),
                    shakmaty::Rank::new(back),
                ));
            }
        }
        Dec {
            pos: Chess::default(),
            sq,
        }
    }

    fn setup(b: &[u8]) -> Dec {
        let mut board = shakmaty::Board::empty();
        let mut sq = [[None; 18]; 2];
        for s in 0..2 {
            for n in 0..18 {
                let (c, t) = (b[36 * s + 2 * n], b[36 * s + 2 * n + 1]);
                if c == 8 && t == 0 {
                    continue;
                }
                let at = Square::new(u32::from(c >> 4) * 8 + u32::from(c & 15));
                let role = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                    Role::King,
                ][t as usize - 1];
                let color = if s == 0 { Color::White } else { Color::Black };
                board.set_piece_at(at, role.of(color));
                sq[s][n] = Some(at);
            }
        }
        let plies = u16::from_le_bytes([b[72], b[73]]);
        let mut fen = format!(
            "{board} {} ",
            if plies.is_multiple_of(2) { 'w' } else { 'b' }
        );
        let mask = b[74];
        let mut c = String::new();
        for (bit, ch) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if mask & bit != 0 {
                c.push(ch);
            }
        }
        fen += if c.is_empty() { "-" } else { &c };
        fen += " ";
        fen += &if b[75] == 0 {
            "-".to_string()
        } else {
            Square::new(u32::from(b[75] >> 4) * 8 + u32::from(b[75] & 15)).to_string()
        };
        fen += &format!(" 0 {}", plies / 2 + 1);
        let pos = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        Dec { pos, sq }
    }

    fn side(&self) -> usize {
        if self.pos.turn().is_white() { 0 } else { 1 }
    }

    /// Plays the legal move from → to (with promotion / castling side), updating the numbers.
    fn play(&mut self, n: usize, to: Square, promo: Option<(Role, usize)>, ep: bool) -> Move {
        let s = self.side();
        let from = self.sq[s][n].expect("piece number on the board");
        let m = self
            .pos
            .legal_moves()
            .into_iter()
            .find(|m| {
                m.from() == Some(from)
                    && m.to() == to
                    && !m.is_castle()
                    && m.promotion() == promo.map(|p| p.0)
                    && m.is_en_passant() == ep
            })
            .unwrap_or_else(|| {
                panic!(
                    "no legal move {from}{to} in {}",
                    cadb::game::fen_of(&self.pos)
                )
            });
        let taken = if ep {
            Square::from_coords(to.file(), from.rank())
        } else {
            to
        };
        if m.is_capture() {
            let t = self.sq[1 - s]
                .iter()
                .position(|q| *q == Some(taken))
                .unwrap();
            self.sq[1 - s][t] = None;
        }
        self.sq[s][n] = None;
        let n = promo.map_or(n, |p| p.1);
        assert!(self.sq[s][n].is_none(), "promotion into a taken number");
        self.sq[s][n] = Some(to);
        self.pos.play_unchecked(m);
        m
    }

    fn castle(&mut self, side: CastlingSide) -> Move {
        let s = self.side();
        let m = self
            .pos
            .legal_moves()
            .into_iter()
            .find(|m| m.castling_side() == Some(side))
            .expect("castling legal");
        if let Move::Castle { king, rook } = m {
            let rank = king.rank();
            let k = self.sq[s].iter().position(|q| *q == Some(king)).unwrap();
            let r = self.sq[s].iter().position(|q| *q == Some(rook)).unwrap();
            self.sq[s][k] = Some(Square::from_coords(side.king_to_file(), rank));
            self.sq[s][r] = Some(Square::from_coords(side.rook_to_file(), rank));
        }
        self.pos.play_unchecked(m);
        m
    }
}

/// Decodes a record body: the main line, and counts of variations and comments.
fn decode(body: &[u8], left: bool) -> (Vec<Ply>, usize, usize) {
    let mut st = if body.first() == Some(&230) {
        Dec::setup(&body[1..77])
    } else {
        Dec::start()
    };
    let mut i = if body.first() == Some(&230) { 77 } else { 0 };
    let mut stack: Vec<Dec> = Vec::new();
    let mut extended = [[false; 8]; 2];
    let mut ext_stack = Vec::new();
    let (mut main, mut vars, mut comments) = (Vec::new(), 0, 0);
    let mut next_ep = false;
    while i < body.len() {
        let c = body[i];
        i += 1;
        let ply = match c {
            0..=206 => {
                let white = st.side() == 0;
                let (n, off) = code_offset(c, white);
                let s = st.side();
                assert!(n >= 8 || !extended[s][n], "pawn code for an extended piece");
                let from = st.sq[s][n].expect("piece present");
                let ep = std::mem::take(&mut next_ep);
                Some(Ply::Move(st.play(n, apply(from, off, left), None, ep)))
            }
            207 => Some(Ply::Move(st.castle(CastlingSide::QueenSide))),
            208 => Some(Ply::Move(st.castle(CastlingSide::KingSide))),
            209 => {
                let (b1, b2) = (body[i], body[i + 1]);
                i += 2;
                let (p, k) = ((b1 >> 2) as usize, (b1 & 3) as usize);
                let s = st.side();
                let off = if s == 0 { PAWN_W[k] } else { PAWN_B[k] };
                let role =
                    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][(b2 >> 5) as usize - 2];
                let number = (b2 & 31) as usize;
                let from = st.sq[s][p].unwrap();
                if number < 8 {
                    extended[s][number] = true;
                }
                Some(Ply::Move(st.play(
                    p,
                    apply(from, off, left),
                    Some((role, number)),
                    false,
                )))
            }
            210 => {
                next_ep = true;
                None
            }
            211 => {
                st.pos = st.pos.clone().swap_turn().unwrap();
                Some(Ply::Null)
            }
            212..=219 => {
                let n = (c - 212) as usize;
                let s = st.side();
                assert!(extended[s][n], "extended code for a pawn");
                let from = st.sq[s][n].unwrap();
                let to = apply(from, body[i], false);
                i += 1;
                Some(Ply::Move(st.play(n, to, None, false)))
            }
            231 => {
                stack.push(st.clone());
                ext_stack.push(extended);
                vars += 1;
                None
            }
            232 => {
                st = stack.pop().unwrap();
                extended = ext_stack.pop().unwrap();
                None
            }
            233 => {
                i += 1;
                None
            }
            234 => {
                assert!(matches!(body[i], 2 | 3));
                i += 2;
                comments += 1;
                None
            }
            235 => {
                i += 1 + body[i] as usize;
                comments += 1;
                None
            }
            236 => {
                i += 4 + u32_at(body, i) as usize;
                comments += 1;
                None
            }
            _ => panic!("undefined code {c}"),
        };
        assert!(i <= body.len(), "payload crosses the record end");
        if let Some(p) = ply
            && stack.is_empty()
        {
            main.push(p);
        }
        // A captured extended piece frees its number.
        for (ext, sq) in extended.iter_mut().zip(&st.sq) {
            for (e, q) in ext.iter_mut().zip(sq) {
                *e &= q.is_some();
            }
        }
    }
    assert_eq!(i, body.len());
    assert!(stack.is_empty(), "unclosed variation");
    (main, vars, comments)
}

fn count_vars(nodes: &[cadb::game::Node]) -> usize {
    nodes
        .iter()
        .map(|n| {
            n.variations
                .iter()
                .map(|v| 1 + count_vars(v))
                .sum::<usize>()
        })
        .sum()
}

/// Decodes every written game (through D00 → A02 → D02) and compares its main line.
fn check_all(games: &[Game], o: &WriterOptions) -> WriteReport {
    let (f, report) = write_database(games, o).unwrap();
    let written: Vec<&Game> = games
        .iter()
        .enumerate()
        .filter(|(i, _)| !report.skipped.iter().any(|s| s.0 == *i))
        .map(|(_, g)| g)
        .collect();
    assert_eq!(f.d00.len(), 38 * written.len());
    assert_eq!(u32_at(&f.cdp, 104) as usize, written.len());
    let mut redirected = 0;
    for (i, g) in written.iter().enumerate() {
        let id = u32_at(&f.d00, 38 * i + 24);
        let (at, steps) = follow(&f.a02, id);
        redirected += usize::from(steps > 0);
        let (len, prefix) = length(&f.d02, at as usize);
        let start = at as usize + prefix;
        let body = &f.d02[start..start + len];
        let (main, vars, _) = decode(body, o.convention == Convention::Left);
        let want: Vec<Ply> = g.moves.iter().map(|n| n.mv.clone()).collect();
        assert_eq!(main, want, "game {i}");
        assert_eq!(vars, count_vars(&g.moves), "game {i}");
        assert_eq!(body.first() == Some(&230), g.start_fen.is_some());
    }
    if o.tricks.redirect_chains && written.len() > 2 {
        assert!(redirected > 0);
    }
    report
}

#[test]
fn all_fixture_games_written_and_decoded() {
    let games = fixtures();
    // 214 games with an [Event] tag, and two more without tags.
    assert_eq!(games.len(), 216);
    for o in [
        WriterOptions::default(),
        WriterOptions::plain(),
        WriterOptions {
            convention: Convention::Left,
            ..WriterOptions::default()
        },
    ] {
        let r = check_all(&games, &o);
        assert!(r.skipped.is_empty(), "{:?}", r.skipped);
        assert_eq!(r.games, 216);
        if o.tricks.fragment_emb {
            eprintln!("fixture report (tricks on): {r:#?}");
            assert!(r.setups > 0 && r.variations > 0 && r.symbols > 0 && r.text_comments > 0);
            assert!(r.long_comments > 0 && r.two_byte_lengths > 0 && r.junk_bytes > 0);
            assert!(r.game_redirections > 0 && r.name_redirections > 0 && r.promotions > 0);
        }
    }
}

// ---------------------------------------------------------------- proptest

mod random_games {
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
}

#[test]
fn long_names_are_cut_to_255_bytes() {
    let name = "Щ".repeat(100_000);
    let mut games = read_pgn("1. e4 *").unwrap();
    games[0].headers.white = Some(name);
    let (f, report) = write_database(&games, &WriterOptions::plain()).unwrap();
    assert_eq!(report.truncated_names, 1);
    let emb = read_emb(&f.emb);
    let (n, _) = emb.name("Players", u24_at(&f.d00, 0));
    assert_eq!(n, "Щ".repeat(255));
}
