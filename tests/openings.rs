//! Opening names (src/openings): the built-in table against the vendored
//! lichess TSVs, read here with shakmaty on their own (not through
//! build.rs); known lines, a transposition, a game whose stored ECO is 0; the
//! table parser on bad input and a write/read round trip.

use cadb::ca::{Database, OpenOptions, writer};
use cadb::game::import::read_pgn;
use cadb::openings::{Classify, Opening, Openings, table};
use shakmaty::{Chess, Position, san::San};

const TSVS: [&str; 5] = [
    include_str!("../src/openings/data/a.tsv"),
    include_str!("../src/openings/data/b.tsv"),
    include_str!("../src/openings/data/c.tsv"),
    include_str!("../src/openings/data/d.tsv"),
    include_str!("../src/openings/data/e.tsv"),
];

/// Plays SAN tokens (move numbers skipped) from the start.
fn play(line: &str) -> Chess {
    let mut pos = Chess::default();
    for t in line.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = t.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

fn named(eco: &str, name: &str) -> Opening {
    Opening {
        eco: eco.into(),
        name: name.into(),
    }
}

/// Every TSV line's final position is named by that line's ECO and name,
/// and the table holds exactly those lines.
#[test]
fn every_tsv_line_names_its_position() {
    let openings = Openings::builtin();
    let mut lines = 0;
    let mut max_plies = 0;
    for tsv in TSVS {
        for line in tsv.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let pos = play(cols[2]);
            let plies = cols[2]
                .split_whitespace()
                .filter(|t| !t.ends_with('.'))
                .count();
            max_plies = max_plies.max(plies);
            assert_eq!(
                openings.of_position(&pos),
                Some(&named(cols[0], cols[1])),
                "{line}"
            );
            lines += 1;
        }
    }
    assert!(lines > 3000, "{lines} lines");
    assert_eq!(openings.len(), lines);
    assert_eq!(openings.max_plies() as usize, max_plies);
    assert_eq!(openings.of_position(&Chess::default()), None);
}

fn db_of(pgn: &str) -> Database<Vec<u8>> {
    let games = read_pgn(pgn).unwrap();
    let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    Database::open(files, OpenOptions::default()).unwrap()
}

#[test]
fn known_lines_a_transposition_and_a_game_without_eco() {
    let openings = Openings::builtin();
    // b.tsv's own line; the second game reaches its position by 1.Nf3 and
    // 2.e4 (a transposition); the third is the King's Gambit's Bryan
    // Countergambit of c.tsv with [ECO "E99"] in the file, which is wrong;
    // the fourth has no ECO at all (stored as 0), and the fifth leaves book
    // at once (b.tsv names 1.e4 a5, and 2.a4 Ra6 nowhere: the name stays).
    let db = db_of(
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\n\
         1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\n\
         [ECO \"E99\"]\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 *\n\n\
         1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n\n\
         1. e4 a5 2. a4 Ra6 3. Nf3 *\n",
    );
    let names: Vec<Option<String>> = (0..db.count())
        .map(|i| db.opening_name(i, &openings).map(|o| o.to_string()))
        .collect();
    let najdorf = Some("B90 Sicilian Defense: Najdorf Variation".to_string());
    assert_eq!(names[0], najdorf);
    assert_eq!(names[1], najdorf);
    assert_eq!(
        names[2].as_deref(),
        Some("C33 King's Gambit Accepted: Bishop's Gambit, Bryan Countergambit")
    );
    assert_eq!(names[3].as_deref(), Some("D53 Queen's Gambit Declined"));
    assert_eq!(names[4].as_deref(), Some("B00 Ware Defense"));
    // The stored ECOs stay what the files say.
    assert_eq!(db.headers(2).unwrap().eco.as_deref(), Some("E99"));
    assert_eq!(db.headers(3).unwrap().eco, None);
}

/// Only the main line names a game; a named position in a variation does not.
#[test]
fn variations_do_not_name_the_game() {
    let openings = Openings::builtin();
    let game = &read_pgn("1. h3 (1. e4 e5) 1... h6 *").unwrap()[0];
    let o = game.visit(&mut Classify::new(&openings)).unwrap();
    // a.tsv: "A00 Clemenz Opening" is 1.h3; 1...h6 is named nowhere.
    assert_eq!(o, Some(&named("A00", "Clemenz Opening")));
}

/// Past the longest line no position is looked at: the start position
/// regained by knight moves is not named (no line has 0 plies), and a named
/// position reached only after the bound keeps the game's earlier name.
#[test]
fn the_main_line_is_read_only_as_far_as_the_longest_line() {
    let openings = Openings::builtin();
    let n = openings.max_plies() as usize;
    // Knights out and back (4 plies a round) until past the bound, then 1.e4 c5.
    let rounds = n / 4 + 1;
    let mut pgn = String::new();
    for _ in 0..rounds {
        pgn.push_str("Nf3 Nf6 Ng1 Ng8 ");
    }
    pgn.push_str("e4 c5 *");
    let game = &read_pgn(&pgn).unwrap()[0];
    let o = game.visit(&mut Classify::new(&openings)).unwrap();
    // a.tsv: 1.Nf3 is "A04 Zukertort Opening", 1.Nf3 Nf6 "A05 Zukertort
    // Opening", positions each round passes again; 1.e4 c5 comes too late.
    assert_eq!(o.map(|o| o.name.as_str()), Some("Zukertort Opening"));
    // Within the bound the same tempo loss transposes: 3.e4 c5 is 1.e4 c5.
    let short = &read_pgn("Nf3 Nf6 Ng1 Ng8 e4 c5 *").unwrap()[0];
    let o = short.visit(&mut Classify::new(&openings)).unwrap();
    assert_eq!(o, Some(&named("B20", "Sicilian Defense")));
}

#[test]
fn bad_tables_are_errors_naming_what_was_expected() {
    let e4 = table::pack_move(12, 28, 0);
    let mut w = table::TableWriter::new(2);
    w.entry(*b"C20", "King's Pawn Game", &[e4]).unwrap();
    w.entry(
        *b"B00",
        "King's Pawn Game: Nimzowitsch",
        &[e4, table::pack_move(57, 42, 0)],
    )
    .unwrap();
    let t = w.finish();
    let ok = Openings::from_table(&t).unwrap();
    assert_eq!(ok.len(), 2);
    // Every cut is an error, never a panic.
    for cut in 0..t.len() {
        let e = Openings::from_table(&t[..cut]).unwrap_err();
        assert_eq!(e.code(), "invalid", "cut at {cut}");
    }
    let mut longer = t.clone();
    longer.push(0);
    let err = |t: &[u8]| Openings::from_table(t).unwrap_err().to_string();
    assert!(err(&longer).contains("the end of the table"));
    // The second entry's name shares 16 bytes (byte 38 of the table): one
    // more than the name before has is an error.
    assert_eq!(t[38], 16);
    let mut long_share = t.clone();
    long_share[38] = 17;
    assert_eq!(
        err(&long_share),
        "argument offset 38: a name's shared part within the name before"
    );
    // An illegal move: e2e5.
    let mut w = table::TableWriter::new(1);
    w.entry(*b"C20", "x", &[table::pack_move(12, 36, 0)])
        .unwrap();
    assert_eq!(
        err(&w.finish()),
        "argument offset 10: a legal move in an opening's line"
    );
    let mut w = table::TableWriter::new(1);
    assert!(w.entry(*b"F00", "x", &[]).is_err());
    assert!(Openings::from_table(b"CADBECO1\0\0").is_err());
    // The built-in table is of this format.
    assert_eq!(&cadb::openings::TABLE[..8], table::MAGIC);
}

#[cfg(not(target_arch = "wasm32"))]
mod round_trip {
    use super::*;
    use proptest::prelude::*;
    use shakmaty::{Move, Role, Square, uci::UciMove};

    /// Lines of random legal moves, each chosen by an index into shakmaty's
    /// legal moves.
    fn lines() -> impl Strategy<Value = Vec<Vec<usize>>> {
        prop::collection::vec(prop::collection::vec(any::<usize>(), 0..20), 1..12)
    }

    fn pack(m: &Move) -> u16 {
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = m.to_uci(shakmaty::CastlingMode::Standard)
        else {
            unreachable!("no drops in chess")
        };
        table::pack_move(from as u8, to as u8, promotion.map_or(0, |r: Role| r as u8))
    }

    proptest! {
        /// A written table reads back: each line's end names the first line
        /// ending there, and nothing else is named.
        #[test]
        fn written_tables_read_back(lines in lines()) {
            let mut w = table::TableWriter::new(lines.len() as u16);
            let mut ends: Vec<(Chess, String)> = Vec::new();
            for (k, choices) in lines.iter().enumerate() {
                let mut pos = Chess::default();
                let mut moves = Vec::new();
                for &c in choices {
                    let legal = pos.legal_moves();
                    if legal.is_empty() { break; }
                    let m = legal[c % legal.len()];
                    moves.push(pack(&m));
                    pos.play_unchecked(m);
                }
                let name = format!("Line {k}");
                w.entry(*b"A00", &name, &moves).unwrap();
                ends.push((pos, name));
            }
            let openings = Openings::from_table(&w.finish()).unwrap();
            for (pos, _) in &ends {
                let first = ends.iter().find(|(p, _)| {
                    p.board() == pos.board() && p.turn() == pos.turn()
                        && p.castles().castling_rights() == pos.castles().castling_rights()
                        && p.legal_ep_square() == pos.legal_ep_square()
                }).unwrap();
                prop_assert_eq!(openings.of_position(pos).map(|o| &o.name), Some(&first.1));
            }
            let _ = Square::A1;
        }
    }
}

/// The search's way: positions fed one by one give the visitor's answer,
/// and a set-up start that is a named position is named.
#[test]
fn fed_positions_and_a_named_set_up_start() {
    let openings = Openings::builtin();
    let mut c = Classify::new(&openings);
    let mut pos = Chess::default();
    c.start(&pos);
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"] {
        let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
        assert!(c.after_ply(&pos).is_continue());
    }
    // c.tsv: 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O is "C78 Ruy Lopez:
    // Morphy Defense" (castling packed and played).
    assert_eq!(
        c.opening(),
        Some(&named("C78", "Ruy Lopez: Morphy Defense"))
    );
    // After 1.e4 c5 (b.tsv "B20 Sicilian Defense"), set up, no moves.
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    let game = &read_pgn(&format!("[SetUp \"1\"] [FEN \"{fen}\"]\n*")).unwrap()[0];
    let o = game.visit(&mut Classify::new(&openings)).unwrap();
    assert_eq!(o, Some(&named("B20", "Sicilian Defense")));
}
