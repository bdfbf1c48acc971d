//! Jose GameText against Jose's own output (tests/data/jose), plus round trips.

#![cfg(not(target_arch = "wasm32"))]

use std::{fmt::Write as _, ops::ControlFlow};

use cadb::game::{
    Codec, Game, GameResult, GameVisitor, Node, Placement, Ply, RawItem, play_ply, start_position,
};
use cadb::jose::{decode, decode_with, encode, import_pgn, read_movetext};
use proptest::prelude::*;
use shakmaty::{Chess, Position, san::SanPlus};

const JOSE_TSV: &str = include_str!("data/jose/jose.tsv");
const VECTORS: &str = include_str!("data/jose/jose_import_vectors.txt");

struct Row<'a> {
    id: &'a str,
    fen: Option<&'a str>,
    movetext: &'a str,
    bin: Vec<u8>,
    comments: Vec<u8>,
    errors: bool,
    decoded_san: &'a str,
}

fn hex(s: &str) -> Vec<u8> {
    let d: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    d.chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
        .collect()
}

fn rows() -> Vec<Row<'static>> {
    JOSE_TSV
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 7, "{line}");
            Row {
                id: f[0],
                fen: (f[1] != "-").then_some(f[1]),
                movetext: f[2],
                bin: hex(f[3]),
                comments: hex(f[4]),
                errors: f[5] == "true",
                decoded_san: f[6],
            }
        })
        .collect()
}

/// Jose's decoder listing: SAN, `(`, `)`, `$n`, `{text}`, then the result.
#[derive(Default)]
struct SanList(Vec<String>);

impl GameVisitor for SanList {
    type Output = String;
    fn ply(&mut self, before: &Chess, ply: &Ply) -> ControlFlow<()> {
        self.0.push(match ply {
            Ply::Move(m) => SanPlus::from_move(before.clone(), *m).to_string(),
            Ply::Null => "--".into(),
        });
        ControlFlow::Continue(())
    }
    fn comment(&mut self, text: &str, _: Placement) {
        self.0.push(format!("{{{text}}}"));
    }
    fn nag(&mut self, nag: u8, _: Placement) {
        self.0.push(format!("${nag}"));
    }
    fn raw(&mut self, item: &RawItem) {
        if item.source == Codec::Jose {
            let text = String::from_utf8_lossy(&item.bytes);
            self.0.push(format!("{{unrecognized input:{text}}}"));
        }
    }
    fn begin_variation(&mut self) -> cadb::game::Skip {
        self.0.push("(".into());
        cadb::game::Skip(false)
    }
    fn end_variation(&mut self) {
        self.0.push(")".into());
    }
    fn end_game(&mut self) -> String {
        self.0.join(" ")
    }
}

/// Jose's listing of a stream: our decoder's, less the `)` we add for
/// variations left open at `0xff`, plus the result when there is a code.
fn listing(bin: &[u8], comments: &[u8], fen: Option<&str>) -> Result<String, cadb::Error> {
    let mut s = decode_with(bin, comments, fen, &mut SanList::default())?;
    let mut depth = 0i32;
    let mut i = 0;
    while i < bin.len() && bin[i] != 0xff {
        match bin[i] {
            0xa0..=0xb0 => i += 1,
            0xf0 => depth += 1,
            0xf1 => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    for _ in 0..depth {
        s.truncate(s.strip_suffix(" )").map_or(s.len(), str::len));
    }
    if let Some(&c @ 0xd0..=0xd3) = bin.len().checked_sub(2).and_then(|k| bin.get(k)) {
        let r = ["0-1", "1/2-1/2", "1-0", "*"][usize::from(c - 0xd0)];
        s = if s.is_empty() {
            r.into()
        } else {
            format!("{s} {r}")
        };
    }
    Ok(s)
}

/// Jose's decoded_san has single spaces between tokens; comments keep their own text.
fn same_listing(ours: &str, jose: &str) -> bool {
    ours.trim() == jose.trim()
}

#[test]
fn fixture_rows() {
    let rows = rows();
    let (mut import_ok, mut model_ok, mut shared_ok, mut decode_ok, mut round_ok) = (0, 0, 0, 0, 0);
    let mut errors = 0;
    let mut failures = Vec::new();
    let mut model_failures = Vec::new();
    for row in &rows {
        // The comment bytes in jose.tsv are plain UTF-8 (no double encoding in these rows).
        let text = row.movetext;
        let want = (row.bin.clone(), row.comments.clone());
        if row.errors {
            errors += 1;
            // Need not match, must not panic.
            let _ = import_pgn(text, row.fen);
            let _ = read_movetext(text, row.fen).map(|g| encode(&g));
            let _ = decode(&row.bin, &row.comments, row.fen).map(|g| encode(&g));
            continue;
        }
        // Jose's import, byte for byte.
        match import_pgn(text, row.fen) {
            Ok(got) if got == want => import_ok += 1,
            Ok(got) => failures.push(format!("{}: import gives {:02x?}", row.id, got.0)),
            Err(e) => failures.push(format!("{}: import fails: {e}", row.id)),
        }
        // Through the shared model: Jose-style reading, then encode(&Game).
        match read_movetext(text, row.fen).map(|g| encode(&g)) {
            Ok(Ok(got)) if got == want => model_ok += 1,
            Ok(Ok(got)) => model_failures.push(format!(
                "{}: model encode differs: {:02x?}...",
                row.id,
                &got.0[got.0.len().saturating_sub(6)..]
            )),
            other => model_failures.push(format!("{}: model path fails: {other:?}", row.id)),
        }
        // Through the shared PGN importer (normalises comment whitespace: counted, not required).
        let pgn = match row.fen {
            Some(f) => format!("[SetUp \"1\"]\n[FEN \"{f}\"]\n\n{}\n", row.movetext),
            None => format!("{}\n", row.movetext),
        };
        if let Ok(games) = cadb::game::import::read_pgn(&pgn)
            && games.len() == 1
            && encode(&games[0]).ok() == Some(want.clone())
        {
            shared_ok += 1;
        }
        // Jose's decoder listing.
        match listing(&row.bin, &row.comments, row.fen) {
            Ok(s) if same_listing(&s, row.decoded_san) => decode_ok += 1,
            Ok(s) => failures.push(format!(
                "{}: decode listing differs\n  ours: {s}\n  jose: {}",
                row.id, row.decoded_san
            )),
            Err(e) => failures.push(format!("{}: decode fails: {e}", row.id)),
        }
        // decode then encode gives the bytes back (unless a variation was left open).
        if let Ok(g) = decode(&row.bin, &row.comments, row.fen)
            && encode(&g).ok() == Some(want.clone())
        {
            round_ok += 1;
        }
    }
    let ok_rows = rows.len() - errors;
    println!(
        "jose.tsv: {} rows, {errors} with Jose errors; of {ok_rows}: import {import_ok}, \
         model encode {model_ok}, shared-importer encode {shared_ok}, decode {decode_ok}, \
         decode+encode {round_ok}",
        rows.len()
    );
    for f in &model_failures {
        println!("model: {f}");
    }
    for f in &failures {
        println!("{f}");
    }
    // One known deviation: in this game Jose demotes a promoted queen to the ordinary
    // queen code after a variation took back a second promotion that reused its slot
    // (an artefact of Jose's piece-object reuse that cadb does not reproduce when
    // encoding; the decoder accepts it).
    const KNOWN: &str = "lichess_study_beautiful-chess-studies-2_by_thijscom_2018.04.17.pgn#12";
    assert!(
        failures.iter().all(|f| f.contains(KNOWN)),
        "{}",
        failures.join("\n")
    );
    assert_eq!(import_ok, ok_rows - 1);
    assert_eq!(decode_ok, ok_rows);
    // The model has no "no result token" and drops comment-only variations: see the report.
    assert!(model_failures.len() <= 4, "{}", model_failures.join("\n"));
}

#[test]
fn import_vectors() {
    let mut n = 0;
    for block in VECTORS.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let field = |name: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(name)?.strip_prefix('\t'))
                .unwrap_or("")
        };
        let fen = Some(field("FEN")).filter(|f| *f != "-");
        let pgn = field("PGN");
        let want = (hex(field("BIN")), hex(field("COMMENTS")));
        assert_eq!(import_pgn(pgn, fen).unwrap(), want, "{pgn}");
        let game = read_movetext(pgn, fen).unwrap();
        assert_eq!(encode(&game).unwrap(), want, "{pgn}");
        let back = decode(&want.0, &want.1, fen).unwrap();
        assert_eq!(back, game, "{pgn}");
        assert_eq!(encode(&back).unwrap(), want, "{pgn}");
        n += 1;
    }
    assert_eq!(n, 12);
}

#[test]
fn spec_examples() {
    // §0: 1.Nf3 = 2e, 1...Nc6 = 22, 3.Bb5 from f1 = 4c; NAG 140 = b0 8c.
    let (bin, _) = import_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 $140 *", None).unwrap();
    assert_eq!(bin, [0x13, 0x13, 0x2e, 0x22, 0x4c, 0xb0, 0x8c, 0xd3, 0xff]);
    // NAG 0 is written as b0 00 (Jose writes a bare b0 that it cannot read back).
    let (bin, _) = import_pgn("1. e4 $0", None).unwrap();
    assert_eq!(bin, [0x13, 0xb0, 0x00, 0xff]);
    assert_eq!(decode(&bin, &[], None).unwrap().moves[0].nags, [0]);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let cases: &[(&[u8], &[u8])] = &[
        (&[], &[]),
        (&[0x13], &[]),                   // no 0xff
        (&[0x13, 0x13, 0x13, 0xff], &[]), // e-pawn blocked: illegal
        (&[0x20, 0xff], &[]),             // Nb1 to c2? no: (+1,+2) = d2, own pawn
        (&[0xf0, 0xff], &[]),             // variation before any move
        (&[0x13, 0xf1, 0xff], &[]),       // end without start
        (&[0xe0, 0xff], &[]),             // no comment text
        (&[0x9b, 0xff], &[]),             // reserved
        (&[0xa0], &[]),                   // truncated two-byte code
        (&[0xa8, 0x20, 0xff], &[]),       // no promoted piece
        (&[0x13, 0x13, 0x92, 0xff], &[]), // king can't move there
    ];
    for (bin, comments) in cases {
        let e = decode(bin, comments, None).unwrap_err();
        assert_eq!(e.file, cadb::FileKind::Jose);
        assert!(e.offset.is_some(), "{e}");
    }
    let e = decode(&[0x13, 0x13, 0x13, 0xff], &[], None).unwrap_err();
    assert_eq!((e.offset, e.ply), (Some(2), Some(2)));
    let deep: Vec<u8> = [0x13]
        .into_iter()
        .chain((0..200).flat_map(|_| [0xf0, 0x0f]))
        .chain([0xff])
        .collect();
    assert_eq!(decode(&deep, &[], None).unwrap_err().code(), "too-deep");
}

#[test]
fn promoted_pieces_and_setups() {
    // Promotion to a queen that fills the slot of the captured queen still uses 0xa8 + pawn.
    let fen = "3qk3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let (bin, _) = import_pgn("1. a8=Q Qxa8 *", Some(fen)).unwrap();
    assert_eq!(bin, [0xa0, 0x23, 0x70 + 0x18, 0xd3, 0xff]);
    let (bin, _) = import_pgn("1. a8=Q Kf7 2. Qa7+ *", Some(fen)).unwrap();
    assert_eq!(&bin[..3], [0xa0, 0x23, 0x91]);
    assert_eq!(&bin[3..5], [0xa8, 0x20 | 0x16]);
    // A third knight in a set-up position has no code.
    let fen = "4k3/8/8/8/8/8/8/NNN1K3 w - - 0 1";
    let game = read_movetext("1. Nab3", Some(fen)).unwrap();
    assert!(encode(&game).is_ok());
    let game = read_movetext("1. Ncb3", Some(fen)).unwrap();
    assert!(encode(&game).is_err());
}

// ---- round trip over random games ----

const FENS: &[Option<&str>] = &[
    None,
    None,
    Some("8/PPPP1PPP/2k5/8/8/2K5/pppp1ppp/8 w - - 0 1"),
    Some("r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PpP/R3K2R w KQkq e6 0 1"),
    Some("7k/P7/8/8/8/8/6p1/K7 b - - 0 1"),
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn text(&mut self) -> String {
        let words = [" ", "good", "Ü", "{x}", "a;b", "", "  two  spaces ", "ç"];
        (0..self.below(4))
            .map(|_| words[self.below(words.len() as u64) as usize])
            .collect()
    }
}

fn random_line(rng: &mut Rng, mut pos: Chess, depth: u32, len: u64) -> Vec<Node> {
    let mut line: Vec<Node> = Vec::new();
    let mut open_before = true; // comments/NAGs "before" are canonical at a line start or after variations
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let promos: Vec<_> = moves.iter().filter(|m| m.is_promotion()).collect();
        let ply = if !pos.is_check() && rng.below(20) == 0 {
            Ply::Null
        } else if !promos.is_empty() && rng.below(2) == 0 {
            Ply::Move(*promos[rng.below(promos.len() as u64) as usize])
        } else {
            Ply::Move(moves[rng.below(moves.len() as u64) as usize])
        };
        let mut node = Node::from_ply(ply.clone());
        if open_before && rng.below(3) == 0 {
            node.comments_before.push(rng.text());
        }
        if open_before && rng.below(4) == 0 {
            node.nags_before.push(rng.below(256) as u8);
        }
        for _ in 0..rng.below(3) {
            node.nags.push(rng.below(256) as u8);
        }
        for _ in 0..rng.below(3) {
            node.comments_after.push(rng.text());
        }
        if rng.below(8) == 0 {
            node.raw.push(RawItem {
                source: Codec::Jose,
                code: 0xe1 + rng.below(5) as u8,
                bytes: rng.text().into_bytes(),
            });
        }
        if depth < 4 && rng.below(4) == 0 {
            for _ in 0..1 + rng.below(2) {
                let len = 1 + rng.below(6);
                let var = random_line(rng, pos.clone(), depth + 1, len);
                if !var.is_empty() {
                    node.variations.push(var);
                }
            }
        }
        open_before = !node.variations.is_empty();
        play_ply(&mut pos, &ply).unwrap();
        line.push(node);
    }
    line
}

fn random_game(seed: u64) -> Game {
    let mut rng = Rng(seed | 1);
    let fen = FENS[rng.below(FENS.len() as u64) as usize];
    let pos = start_position(fen).unwrap();
    let mut game = Game {
        start_fen: fen.map(String::from),
        ..Game::default()
    };
    let len = rng.below(40);
    game.moves = random_line(&mut rng, pos, 0, len);
    if game.moves.is_empty() && rng.below(2) == 0 {
        game.comments.push(rng.text());
    }
    game.headers.result = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ][rng.below(4) as usize];
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_games_round_trip(seed in any::<u64>()) {
        let game = random_game(seed);
        let (bin, comments) = encode(&game).unwrap();
        prop_assert_eq!(bin.last(), Some(&0xff));
        let back = decode(&bin, &comments, game.start_fen.as_deref()).unwrap();
        prop_assert_eq!(&back, &game);
    }

    #[test]
    fn random_bytes_never_panic(bin in proptest::collection::vec(any::<u8>(), 0..64),
                                comments in proptest::collection::vec(any::<u8>(), 0..16),
                                fen in 0usize..FENS.len()) {
        if let Ok(g) = decode(&bin, &comments, FENS[fen]) {
            let (b2, c2) = encode(&g).unwrap();
            prop_assert_eq!(decode(&b2, &c2, FENS[fen]).unwrap(), g);
        }
    }
}

#[test]
fn pgn_export_of_decoded_game() {
    let (bin, comments) = import_pgn("{Intro} 1. e4 {best} (1. d4 $1) e5 1-0", None).unwrap();
    let mut out = String::new();
    decode_with(
        &bin,
        &comments,
        None,
        &mut cadb::game::pgn::PgnWriter::new(&mut out),
    )
    .unwrap();
    let mut want = String::new();
    let _ = write!(
        want,
        "{{ Intro }} 1. e4 {{ best }} ( 1. d4 $1 ) 1... e5 1-0\n\n"
    );
    assert!(out.ends_with(&want), "{out}");
}
