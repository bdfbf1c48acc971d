//! Hostile databases made at byte level (issue 14): each ends in a clear
//! error or a bounded success, and its peak heap is measured against the
//! budget that `cadb::limits` states: `MEMORY_MULTIPLE` times the files'
//! sizes plus `MEMORY_CONSTANT`.

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
#[path = "support/volume.rs"]
mod volume;

use cadb::{
    ca::{
        Database, DatabaseFiles, ListKind, OpenOptions,
        columns::Column,
        search::{HeaderIndex, Query},
        writer,
    },
    game::import::{read_pgn, read_pgn_bytes},
    limits::{Limits, MEMORY_CONSTANT, MEMORY_MULTIPLE},
    report::compactness_of_database,
    stats::OpeningTree,
};

/// A few ordinary games whose CDP, D00, A02 and D02 the cases keep.
fn games() -> DatabaseFiles<Vec<u8>> {
    let pgn = "[White \"A\"] [Black \"B\"] [Event \"E\"]\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
               [White \"B\"] [Black \"C\"]\n1. d4 d5 0-1\n\n[White \"C\"] [Black \"A\"]\n1. c4 *\n";
    let games = read_pgn(pgn).unwrap();
    writer::write_database(&games, &writer::WriterOptions::plain())
        .unwrap()
        .0
}

fn total(f: &DatabaseFiles<Vec<u8>>) -> u64 {
    f.named().iter().map(|(_, b)| b.len() as u64).sum()
}

fn budget(f: &DatabaseFiles<Vec<u8>>) -> usize {
    (MEMORY_MULTIPLE * total(f) + MEMORY_CONSTANT) as usize
}

/// Asserts a peak is under the budget, and prints both (`--nocapture`).
fn within(peak: usize, bound: usize) {
    eprintln!("peak heap {peak} bytes, budget {bound}");
    assert!(peak < bound, "peak heap {peak} over the budget {bound}");
}

/// Everything the JS API can be asked, on every game.
fn read_everything(db: &Database<Vec<u8>>) -> usize {
    let index = HeaderIndex::new(db);
    let hits = index.search(
        db,
        &Query {
            text: Some("\u{2026}".into()),
            ..Query::default()
        },
    );
    let _ = index.sort(db, Column::White, false, None);
    let _ = compactness_of_database(db);
    let _ = OpeningTree::of_database(db, 40, &Limits::default());
    for i in 0..db.count() {
        let _ = db.pgn_lenient(i);
        let _ = db.headers(i);
    }
    let _ = cadb::ca::columns::rows(db, &[0, 1, 2], Some(&cadb::openings::Openings::builtin()));
    hits.map_or(0, |h| h.len())
}

#[test]
fn name_bomb_decodes_each_name_once() {
    // Four .a01 of a million ids each, all one 4 MB fragment of zeros (id ->
    // address 0), and four .d01 sharing one record of 255 CP1251 0x85 bytes
    // ("…", three UTF-8 bytes each). Decoding a name per id would take
    // 4M × 765 bytes = 3 GB.
    let mut f = games();
    let a01 = vec![0u8; 4 << 20];
    let mut d01 = vec![0xFFu8];
    d01.extend_from_slice(&[0x85; 400]);
    f.emb = volume::names(&a01, &d01);
    let bound = budget(&f);
    let (hits, peak) = counting_alloc::peak(|| {
        // The code page chosen: 0x85 alone would be guessed CP866's "Е".
        let cp1251 = OpenOptions {
            encoding: Some(cadb::text::TextEncoding::Cp1251),
        };
        let db = Database::open(f, cp1251).unwrap();
        for kind in ListKind::ALL {
            let t = db.list(kind);
            assert_eq!((t.len(), t.record_count()), (1 << 20, 1), "{kind:?}");
        }
        let white = db.headers(0).unwrap().white.unwrap();
        assert_eq!(white, "\u{2026}".repeat(255));
        read_everything(&db)
    });
    assert_eq!(hits, 3, "the name matches every game");
    within(peak, bound);
}

#[test]
fn names_that_overlap_are_decoded_once_each() {
    // A .d01 of 0xFF bytes: every address starts a 255-byte record, and
    // 1M ids point at the first 1,024 of them (256 KiB of records, within
    // the bulk bound). Overlapping records are legal: none is refused, and
    // each is decoded once however many ids share it.
    let mut f = games();
    let ids = 1u32 << 20;
    let a01: Vec<u8> = (0..ids).flat_map(|i| (i % 1024).to_le_bytes()).collect();
    let d01 = vec![0xFFu8; 1024 + 600];
    f.emb = volume::names(&a01, &d01);
    let bound = budget(&f);
    let (_, peak) = counting_alloc::peak(|| {
        let db = Database::open(f, OpenOptions::default()).unwrap();
        let t = db.list(ListKind::Events);
        assert_eq!(t.record_count(), 1024);
        assert!((0..1024).all(|r| t.in_bulk(r)));
        assert_eq!(t.record_of(1), Ok(1));
        assert_eq!(t.record_of(1025), Ok(1));
        assert!(db.warnings().iter().all(|w| w.code() != "bad-names"));
        read_everything(&db)
    });
    within(peak, bound);
}

#[test]
fn names_that_overlap_past_the_bulk_bound_keep_the_ones_games_use() {
    // 64 KiB of 0xFF and an id at every byte: 16 MiB of records, past the
    // bulk bound (2 × 64 KiB + 256 KiB). The games use players 0-3: those
    // records stay in bulk, the rest are read only on request.
    let mut f = games();
    let len = 64 << 10;
    let mut a01: Vec<u8> = (0..len as u32).flat_map(|i| i.to_le_bytes()).collect();
    // Id 3 ("C") at the far end, past what a bound taken in address order
    // over every record would reach.
    a01[12..16].copy_from_slice(&60_000u32.to_le_bytes());
    let d01 = vec![0xFFu8; len + 600];
    f.emb = volume::names(&a01, &d01);
    let bound = budget(&f);
    let (_, peak) = counting_alloc::peak(|| {
        let db = Database::open(f, OpenOptions::default()).unwrap();
        let t = db.list(ListKind::Players);
        assert_eq!(t.record_count(), len as u32 - 1, "address 3 has no id");
        // Id 0 too: every game's annotator.
        let used: Vec<u32> = [0, 1, 2, 3].map(|id| t.record_of(id).unwrap()).to_vec();
        assert!(used.iter().all(|&r| t.in_bulk(r)), "{used:?}");
        let bulk = (0..t.record_count()).filter(|&r| t.in_bulk(r)).count();
        assert_eq!(bulk, 4, "only the records games use");
        assert!(db.warnings().iter().all(|w| w.code() != "bad-names"));
        let black = db.headers(1).unwrap().black.unwrap();
        assert_eq!(black, "\u{44f}".repeat(255));
        read_everything(&db)
    });
    within(peak, bound);
}

/// Links of `n` ids in chains of `steps` redirections each, ending at
/// address 0: id i -> i+1 -> ... -> the chain's last id -> 0.
fn chains(n: u32, steps: u32) -> Vec<u8> {
    (0..n)
        .flat_map(|i| {
            let v = if (i + 1) % (steps + 1) == 0 || i + 1 == n {
                0
            } else {
                -((i + 1) as i32)
            };
            v.to_le_bytes()
        })
        .collect()
}

#[test]
fn long_chains_on_every_id_resolve_once() {
    let mut f = games();
    let mut d01 = vec![3u8, 0];
    d01.extend_from_slice(b"Tal");
    f.emb = volume::names(&chains(1 << 20, 1024), &d01);
    // A02: every game id at the start of a 1,024-step chain to its record.
    let records: Vec<i32> = f
        .a02
        .chunks(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let mut a02 = Vec::new();
    for (id, &addr) in records.iter().enumerate() {
        let base = records.len() + id * 1024;
        a02.push(-(base as i32));
        for k in 0..1024 {
            a02.push(if k == 1023 {
                addr
            } else {
                -((base + k + 1) as i32)
            });
        }
    }
    // The first entries are the game ids; their chains follow.
    let mut bytes: Vec<u8> = Vec::new();
    for (id, _) in records.iter().enumerate() {
        bytes.extend_from_slice(&a02[id * 1025].to_le_bytes());
    }
    for id in 0..records.len() {
        for v in &a02[id * 1025 + 1..id * 1025 + 1025] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    f.a02 = bytes;
    let bound = budget(&f);
    let (_, peak) = counting_alloc::peak(|| {
        let db = Database::open(f, OpenOptions::default()).unwrap();
        for kind in ListKind::ALL {
            let t = db.list(kind);
            assert!((0..t.len()).all(|id| t.record_of(id) == Ok(0)), "{kind:?}");
        }
        for i in 0..db.count() {
            db.game(i).unwrap();
        }
        assert_eq!(db.headers(1).unwrap().white.as_deref(), Some("Tal"));
        read_everything(&db)
    });
    within(peak, bound);
}

#[test]
fn a_32k_record_of_knight_shuffles() {
    // 30,000 plies, one byte each: about a hundred times larger decoded.
    let moves: String = (0..7_500)
        .map(|i| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2))
        .collect();
    let games = read_pgn(&format!("{moves}*")).unwrap();
    let (f, rep) = writer::write_database(&games, &writer::WriterOptions::plain()).unwrap();
    assert!(rep.skipped.is_empty());
    assert!(f.d02.len() > 30_000, "{}", f.d02.len());
    let bound = budget(&f);
    let (_, peak) = counting_alloc::peak(|| {
        let db = Database::open(f, OpenOptions::default()).unwrap();
        assert_eq!(db.game(0).unwrap().moves.len(), 30_000);
        read_everything(&db)
    });
    within(peak, bound);
}

#[test]
fn a_megabyte_of_nested_variations_is_an_error() {
    let mut pgn = String::from("1. e4 ");
    while pgn.len() < 1 << 20 {
        pgn.push_str("( 1. d4 ");
    }
    pgn.push('*');
    let (games, peak) = counting_alloc::peak(|| read_pgn_bytes(pgn.as_bytes()));
    assert_eq!(games.len(), 1);
    let e = games[0].as_ref().unwrap_err();
    assert!(e.message.contains("nested deeper than 64"), "{e}");
    assert!(peak < 64 << 20, "peak heap {peak}");
}

#[test]
fn ids_near_2_30() {
    // Ids near 2^30, where `id * 4` and `id * 10` overflow a 32-bit usize
    // unless checked (the i686 run of this test).
    // Name ids are 24-bit (the largest there is), the game id 32-bit.
    let mut f = games();
    f.d00[0..6].fill(0xFF);
    f.d00[24..28].copy_from_slice(&((1u32 << 30) + 5).to_le_bytes());
    let db = Database::open(f, OpenOptions::default()).unwrap();
    let h = db.headers(0).unwrap();
    // Ids past the list show as themselves, never as another's name.
    let past = Some(format!("#{}", (1u32 << 24) - 1));
    assert_eq!((h.white, h.black), (past.clone(), past));
    let players = db.list(ListKind::Players);
    assert_eq!(players.player_data((1 << 30) - 1), None);
    assert_eq!(players.player_data(u32::MAX), None);
    assert_eq!(
        players.record_of(u32::MAX).unwrap_err().code(),
        "chain-out-of-range"
    );
    let e = db.game(0).unwrap_err();
    assert_eq!((e.code(), e.game), ("chain-out-of-range", Some(0)));
    assert!(db.game(1).is_ok());
}

proptest::proptest! {
    /// Chains resolved once for all ids give what following each id's
    /// chain alone gives: its address, a cycle, or a step out of the array.
    #[test]
    fn resolving_all_links_at_once_equals_following_each(
        raw in proptest::collection::vec(-20i32..20, 0..24),
    ) {
        use cadb::ca::emb::{Resolved, resolve_links};
        let follow = |start: usize| {
            let mut id = start;
            for _ in 0..=raw.len() {
                match raw.get(id) {
                    None => return Resolved::OutOfRange,
                    Some(&v) if v >= 0 => return Resolved::Address(v as u32),
                    Some(&v) => id = v.unsigned_abs() as usize,
                }
            }
            Resolved::Cycle
        };
        let mut links: Vec<u32> = raw.iter().map(|&v| v as u32).collect();
        resolve_links(&mut links);
        for (id, &v) in links.iter().enumerate() {
            proptest::prop_assert_eq!(Resolved::of(v), follow(id), "id {}", id);
        }
    }
}
