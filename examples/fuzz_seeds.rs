//! Writes the fuzz targets' seed corpora (fuzz/corpus/TARGET/seed-N) from the
//! fixture games, so every target starts from inputs that reach deep code.
//!
//! `cargo run --example fuzz_seeds` (rerun when a format changes).

#[path = "../tests/support/fixtures.rs"]
mod fixtures;

use std::{fs, path::Path};

use cadb::{
    ca::{
        DatabaseFiles,
        writer::{WriterOptions, write_database},
    },
    game::{Game, Ply, import::read_pgn},
    ordinal::{Ordering, mgc, pgc},
    stats::OpeningTree,
};

/// The whole-database targets' input (`cadb_fuzz::split`): four u32
/// lengths, then the five files back to back.
fn database_input(files: &DatabaseFiles<Vec<u8>>) -> Vec<u8> {
    let named = files.named();
    let mut db = Vec::new();
    for (_, f) in &named[..4] {
        db.extend_from_slice(&(f.len() as u32).to_le_bytes());
    }
    for (_, f) in named {
        db.extend_from_slice(f);
    }
    db
}

/// The syntax's examples (docs/search.md), for the query_parse target.
const QUERY_SEEDS: [&str; 8] = [
    "RB vs RN",
    "Nd5 !pc either mirror for 2",
    "Nb1-d2-f1-g3",
    "блестяще \"a phrase\"",
    "diff Q=1 R=-2 either for 4",
    "board pawns rnbqkbnr/pp3ppp/2p5/3p4/3P4/8/PP3PPP/RNBQKBNR w",
    "ke8-g8",
    "RBP3 vs RNP2+ plies 20-60",
];

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games = read_pgn(&fixtures::pgn()).unwrap();
    // A few games of each kind: with variations and comments, from a setup, plain.
    let picks: Vec<&Game> = games.iter().step_by(27).take(8).collect();
    let from_start: Vec<&Game> = games
        .iter()
        .filter(|g| g.start_fen.is_none())
        .take(6)
        .collect();
    let put = |target: &str, n: usize, bytes: &[u8]| {
        let dir = root.join("fuzz/corpus").join(target);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(format!("seed-{n}")), bytes).unwrap();
    };

    for (n, g) in picks.iter().enumerate() {
        let one = [(*g).clone()];
        let (files, _) = write_database(&one, &WriterOptions::plain()).unwrap();
        // d02_record and pgn_export take a record body (after the length prefix).
        let (len, prefix) = cadb::ca::format::d02::read_length(&files.d02).unwrap();
        let body = &files.d02[prefix..prefix + len];
        put("d02_record", n, body);
        put("pgn_export", n, body);
        if n >= 3 {
            continue; // volumes are mostly alike: three are enough
        }
        put("emb_volume", n, &files.emb);
        let db = database_input(&files);
        put("database", n, &db);
        put("db_queries", n, &db);
    }
    // Every fixture game in one database, for the whole-database targets.
    let (files, _) = write_database(&games, &WriterOptions::default()).unwrap();
    let db = database_input(&files);
    assert!(db.len() < 1 << 20, "fits the targets' 1 MiB inputs");
    put("database", 3, &db);
    put("db_queries", 3, &db);
    for n in 0..4u8 {
        put("range_differential", n.into(), &[n, n * 37 + 1, n * 3]);
    }
    for (n, g) in from_start.iter().enumerate() {
        let plies: Vec<Ply> = g.moves.iter().map(|node| node.mv.clone()).collect();
        let start = g.start_position().unwrap();
        if let Ok((bin, comments)) = cadb::jose::encode(g) {
            // jose_decode: head byte 0 = start position, split at bin's end.
            let split = bin.len() + comments.len();
            let head = ((bin.len() * 86).div_ceil(split.max(1)) * 3).min(255) as u8 / 3 * 3;
            put("jose_decode", n, &[&[head][..], &bin, &comments].concat());
        }
        if let Ok(b) = cadb::uci16::encode_moves(&start, &plies) {
            put("uci16_decode", n, &[&[0u8][..], &b].concat());
        }
        for (k, ord) in Ordering::ALL.into_iter().enumerate() {
            if let Ok(b) = pgc::encode(&start, &plies, ord) {
                put("ordinal_decode", n * 6 + k, &[&[k as u8][..], &b].concat());
            }
            if let Ok(b) = mgc::encode(&start, &plies, ord) {
                put(
                    "ordinal_decode",
                    n * 6 + 3 + k,
                    &[&[k as u8][..], &b].concat(),
                );
            }
        }
    }
    let mut tree = OpeningTree::new();
    for g in games.iter().take(40) {
        let _ = tree.add_game(g);
    }
    put("stats64_decode", 0, &tree.to_bytes());
    // query_parse: a byte choosing the field and numbers, then an expression.
    for (n, e) in QUERY_SEEDS.iter().enumerate() {
        put(
            "query_parse",
            n,
            &[&[n as u8 * 9][..], e.as_bytes()].concat(),
        );
    }
    // The openings table's first 40 lines, as a table of their own.
    let lines: Vec<_> = cadb::openings::table::entries(cadb::openings::TABLE)
        .unwrap()
        .take(40)
        .collect::<Result<_, _>>()
        .unwrap();
    let mut w = cadb::openings::table::TableWriter::new(lines.len() as u16);
    for e in &lines {
        w.entry(e.eco, &e.name, &e.moves).unwrap();
    }
    put("openings_table", 0, &w.finish());
    // archive_wire: the keys of a database's first games, and a share of a
    // merge of that database and a copy of it.
    let db = cadb::ca::Database::open(files, Default::default()).unwrap();
    let mut keys = cadb::archive::Keys::new();
    for i in 0..db.count().min(12) {
        let _ = keys.read(&db, i);
    }
    put(
        "archive_wire",
        0,
        &cadb::archive::wire::keys_to_bytes(&keys),
    );
    let n = keys.len() as u64;
    let mut both = keys.clone();
    both.append(keys);
    let plan =
        cadb::archive::Merge::plan(both, vec![Some((0, n)), Some((n as usize, n))], &["A", "B"]);
    for k in 0..2 {
        let share = cadb::archive::wire::share_to_bytes(&plan, k, n).unwrap();
        put("archive_wire", k + 1, &share);
    }
    println!("seeds written under fuzz/corpus/");
}
