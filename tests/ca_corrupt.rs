//! Damaged databases: writer output plus targeted damage. Every case must
//! end in a clear error or a partial success (the good games still read),
//! never a panic or a hang, and never allocate more than [`MEMORY_BOUND`].

#![cfg(not(target_arch = "wasm32"))]

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use cadb::{
    ErrorKind,
    ca::{Database, DatabaseFiles, OpenOptions, writer},
    game::import::read_pgn,
    text::TextEncoding,
};

/// Peak heap use allowed for opening and reading a damaged database of a few games.
const MEMORY_BOUND: usize = 64 << 20;

const PGN: &str = r#"[White "Анна"] [Black "Boris"] [Event "Test"] [Site "Kyiv"] [Result "1-0"]
1. e4 e5 2. Nf3 {A comment} Nc6 (2... d6 3. d4) 3. Bb5 $1 a6 4. Ba4 Nf6 5. O-O 1-0

[White "Boris"] [Black "Анна"] [Result "0-1"]
1. d4 d5 2. c4 dxc4 3. e3 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 Nc6 0-1

[FEN "7k/1P6/8/8/8/8/8/K7 w - - 0 1"] [Result "*"]
1. b8=Q+ Kh7 2. Qb7+ Kh6 *
"#;

fn fresh(options: &writer::WriterOptions) -> DatabaseFiles<Vec<u8>> {
    let games = read_pgn(PGN).unwrap();
    writer::write_database(&games, options).unwrap().0
}

fn plain() -> DatabaseFiles<Vec<u8>> {
    fresh(&writer::WriterOptions::plain())
}

fn tricky() -> DatabaseFiles<Vec<u8>> {
    fresh(&writer::WriterOptions::default())
}

#[derive(Debug, Default)]
struct Outcome {
    opened: bool,
    good: u64,
    bad: u64,
    first_error: Option<cadb::Error>,
}

/// Opens and reads everything, checking every error is well formed.
fn exercise(files: DatabaseFiles<Vec<u8>>, encoding: TextEncoding) -> Outcome {
    let (out, peak) = counting_alloc::peak(|| {
        let mut out = Outcome::default();
        match Database::open(
            files,
            OpenOptions {
                encoding: Some(encoding),
            },
        ) {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                out.first_error = Some(e);
            }
            Ok(db) => {
                out.opened = true;
                let _ = db.info();
                for i in 0..db.count() {
                    let _ = db.headers(i);
                    let (pgn, err) = db.pgn_lenient(i);
                    match err {
                        None => out.good += 1,
                        Some(e) => {
                            assert_eq!(e.game, Some(i), "error names its game: {e}");
                            assert!(pgn.contains("decoding stopped"), "{pgn}");
                            out.bad += 1;
                            out.first_error.get_or_insert(e);
                        }
                    }
                }
            }
        }
        out
    });
    assert!(peak < MEMORY_BOUND, "peak heap {peak} over the bound");
    out
}

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn set_i32(b: &mut [u8], at: usize, v: i32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Offset of game `i`'s record in a plain database (A02 holds plain offsets).
fn record_at(f: &DatabaseFiles<Vec<u8>>, game: usize) -> usize {
    let id = u32::from_le_bytes(f.d00[game * 38 + 24..game * 38 + 28].try_into().unwrap()) as usize;
    i32::from_le_bytes(f.a02[id * 4..id * 4 + 4].try_into().unwrap()) as usize
}

#[test]
fn undamaged_databases_read_fully() {
    for f in [plain(), tricky()] {
        let o = exercise(f, TextEncoding::Cp1251);
        assert_eq!(
            (o.opened, o.good, o.bad),
            (true, 3, 0),
            "{:?}",
            o.first_error
        );
    }
}

#[test]
fn every_file_truncated_at_several_points() {
    let mut cases = 0;
    for base in [plain(), tricky()] {
        for which in 0..5 {
            let len = [&base.cdp, &base.emb, &base.d00, &base.a02, &base.d02][which].len();
            for cut in [0, 1, len / 3, len / 2, len.saturating_sub(1)] {
                let mut f = base.clone();
                [&mut f.cdp, &mut f.emb, &mut f.d00, &mut f.a02, &mut f.d02][which].truncate(cut);
                let o = exercise(f, TextEncoding::Cp1251);
                assert!(!o.opened || o.good + o.bad <= 3);
                if which == 0 {
                    // The CDP holds no game: cut anywhere, every game reads.
                    assert_eq!((o.opened, o.good), (true, 3), "CDP cut at {cut}");
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 50);
}

#[test]
fn zeroed_a02() {
    // Every entry stores address 0: every game would show the first
    // record's moves. They read, and a warning says why they look alike.
    let f = plain();
    assert_eq!(record_at(&f, 0), 0);
    let first = Database::open(f.clone(), OpenOptions::default())
        .unwrap()
        .game(0)
        .unwrap();
    let mut f = f;
    f.a02.iter_mut().for_each(|b| *b = 0);
    let o = exercise(f.clone(), TextEncoding::Cp1251);
    assert!(o.opened);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    let shared: Vec<_> = db
        .warnings()
        .iter()
        .filter(|w| w.code() == "shared-records")
        .collect();
    assert_eq!(shared.len(), 1, "{:?}", db.warnings());
    assert_eq!(
        shared[0].kind,
        ErrorKind::SharedRecords {
            count: db.count() - 1
        }
    );
    for i in 0..db.count() {
        assert_eq!(db.game(i).unwrap().moves, first.moves, "game {i}");
    }
}

#[test]
fn unused_a02_entries_sharing_an_address_are_no_damage() {
    // A writer may zero the entries no game uses, beside a game whose
    // record is at 0: no game shares a record, so no warning.
    let mut f = plain();
    assert_eq!(record_at(&f, 0), 0);
    f.a02.extend_from_slice(&[0; 12]);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    let codes: Vec<_> = db.warnings().iter().map(|w| w.code()).collect();
    assert!(!codes.contains(&"shared-records"), "{codes:?}");
}

#[test]
fn cyclic_a02_chain() {
    let mut f = plain();
    // Game 1 (GameID 0 cannot loop: -0 is address 0): id -> extra -> id.
    let id = u32::from_le_bytes(f.d00[38 + 24..38 + 28].try_into().unwrap()) as usize;
    assert_ne!(id, 0);
    let extra = f.a02.len() / 4;
    set_i32(&mut f.a02, id * 4, -(extra as i32));
    f.a02.extend_from_slice(&(-(id as i32)).to_le_bytes());
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (2, 1));
    assert_eq!(o.first_error.unwrap().code(), "chain-cycle");
}

#[test]
fn very_long_a02_chain_resolves() {
    // Chains are resolved once for all ids, one step an id, so a long one
    // costs nothing more and the game reads.
    let mut f = plain();
    let id = u32::from_le_bytes(f.d00[24..28].try_into().unwrap()) as usize;
    let target = i32::from_le_bytes(f.a02[id * 4..id * 4 + 4].try_into().unwrap());
    let start = f.a02.len() / 4;
    // id -> start -> start+1 -> ... -> start+4999 -> the record.
    set_i32(&mut f.a02, id * 4, -(start as i32));
    for k in 0..5000 {
        let next = if k == 4999 {
            target
        } else {
            -((start + k + 1) as i32)
        };
        f.a02.extend_from_slice(&next.to_le_bytes());
    }
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (3, 0));
}

#[test]
fn a02_out_of_range_and_empty() {
    let mut f = plain();
    f.d00[24..28].copy_from_slice(&u32::MAX.to_le_bytes());
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!(o.first_error.unwrap().code(), "chain-out-of-range");
    let mut f = plain();
    f.a02.clear();
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (0, 3));
}

#[test]
fn a02_pointing_past_d02() {
    let mut f = plain();
    let id = u32::from_le_bytes(f.d00[24..28].try_into().unwrap()) as usize;
    set_i32(&mut f.a02, id * 4, i32::MAX);
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (2, 1));
    assert_eq!(o.first_error.unwrap().code(), "truncated");
}

#[test]
fn record_length_past_the_end_of_the_file() {
    let mut f = plain();
    let at = record_at(&f, 2);
    f.d02[at] = 0xff;
    f.d02.insert(at + 1, 0xff);
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (2, 1));
    assert_eq!(o.first_error.unwrap().code(), "truncated");
}

/// Replaces game `game`'s record body (plain layout: the last record can grow).
fn with_body(game: usize, body: &[u8]) -> DatabaseFiles<Vec<u8>> {
    let mut f = plain();
    let at = record_at(&f, game);
    let (len, n) = cadb::ca::format::d02::read_length(&f.d02[at..]).unwrap();
    let (p, pn) = cadb::ca::format::d02::length_prefix(body.len()).unwrap();
    let mut rec = p[..pn].to_vec();
    rec.extend_from_slice(body);
    f.d02.splice(at..at + n + len, rec);
    // Records after this one moved: rewrite their offsets.
    let shift = (pn + body.len()) as i64 - (n + len) as i64;
    for g in 0..3 {
        let id = u32::from_le_bytes(f.d00[g * 38 + 24..g * 38 + 28].try_into().unwrap()) as usize;
        let off = i32::from_le_bytes(f.a02[id * 4..id * 4 + 4].try_into().unwrap()) as i64;
        if off > at as i64 {
            set_i32(&mut f.a02, id * 4, (off + shift) as i32);
        }
    }
    f
}

fn one_bad(body: &[u8]) -> cadb::Error {
    let o = exercise(with_body(1, body), TextEncoding::Cp1251);
    assert!(o.opened);
    assert_eq!((o.good, o.bad), (2, 1), "the other games still read");
    o.first_error.unwrap()
}

#[test]
fn four_gigabyte_long_comment_length() {
    let e = one_bad(&[19, 236, 0xff, 0xff, 0xff, 0xff, 4, b'x']);
    assert_eq!(e.code(), "record-overrun");
}

#[test]
fn unknown_codes() {
    for code in [220u8, 225, 229, 237, 250, 255] {
        let e = one_bad(&[19, 15, code]);
        assert_eq!(e.kind, ErrorKind::UnknownCode { code });
        assert_eq!(e.ply, Some(2));
    }
}

#[test]
fn setups_with_two_kings_or_none() {
    let mut two = vec![230u8];
    let mut white = [[8u8, 0]; 18];
    white[15] = [0x04, 6];
    white[14] = [0x05, 6];
    let mut black = [[8u8, 0]; 18];
    black[15] = [0x74, 6];
    two.extend(white.iter().flatten());
    two.extend(black.iter().flatten());
    two.extend([0, 0, 0, 0]);
    assert_eq!(one_bad(&two).code(), "bad-setup");
    let mut none = two.clone();
    none[1 + 30..1 + 32].copy_from_slice(&[8, 0]);
    none[1 + 28..1 + 30].copy_from_slice(&[8, 0]);
    assert_eq!(one_bad(&none).code(), "bad-setup");
}

#[test]
fn moves_by_a_piece_not_on_the_board() {
    // 1.e4 d5 2.exd5 Qxd5, then White's pawn 4 (captured) moves.
    let e = one_bad(&[19, 15, 17, 124, 16]);
    assert_eq!(e.kind, ErrorKind::NoSuchPiece { code: 16, piece: 4 });
    // Piece 16 never appeared.
    let e = one_bad(&[137]);
    assert_eq!(
        e.kind,
        ErrorKind::NoSuchPiece {
            code: 137,
            piece: 16
        }
    );
}

#[test]
fn illegal_moves_name_game_ply_and_code() {
    let e = one_bad(&[19, 19, 19]);
    assert_eq!(e.kind, ErrorKind::IllegalMove { code: 19 });
    assert_eq!((e.game, e.ply), (Some(1), Some(2)));
}

#[test]
fn variations_nested_too_deep() {
    let mut inner = vec![15u8];
    for _ in 0..100 {
        let mut next = vec![231];
        next.extend(&inner);
        next.extend([232, 15]);
        inner = next;
    }
    let mut body = vec![19];
    body.extend(inner);
    assert_eq!(one_bad(&body).code(), "too-deep");
}

#[test]
fn all_ff_and_random_records() {
    assert_eq!(one_bad(&[0xff; 40]).code(), "unknown-code");
    let mut x: u32 = 12345;
    for _ in 0..50 {
        let body: Vec<u8> = (0..60)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            })
            .collect();
        let o = exercise(with_body(1, &body), TextEncoding::Cp1251);
        assert_eq!(o.good, 2, "the undamaged games still read");
    }
}

/// The descriptor-list offset and length of an inner file (one that
/// opening reads: a damaged file nobody reads proves nothing).
fn inner_entry(f: &DatabaseFiles<Vec<u8>>, name: &str) -> (usize, usize) {
    let vol = cadb::ca::emb::Volume::open(&f.emb[..]).unwrap();
    let e = vol.entry(name).unwrap();
    (e.offset as usize, e.length as usize)
}

/// Asserts a database damaged only in its player list opens, reads every
/// game, names no player, and warns with `code`.
fn players_lost_games_kept(f: DatabaseFiles<Vec<u8>>, code: &str) {
    let o = exercise(f.clone(), TextEncoding::Cp1251);
    assert!(o.opened, "{:?}", o.first_error);
    assert_eq!((o.good, o.bad), (3, 0));
    let db = Database::open(f, OpenOptions::default()).unwrap();
    // A name the damage lost shows as its id, never as nothing.
    let id = db.raw_header(0).unwrap().white_id;
    assert_ne!(id, 0);
    assert_eq!(db.headers(0).unwrap().white, Some(format!("#{id}")));
    assert!(
        db.headers(0).unwrap().event.is_some(),
        "other lists still read"
    );
    assert!(
        db.warnings().iter().any(|w| w.code() == code),
        "{:?}",
        db.warnings()
    );
}

#[test]
fn emb_fragments_that_overlap_or_point_outside() {
    // Plain volume: each file is one fragment; make one file two overlapping fragments.
    let mut f = plain();
    let (list, len) = inner_entry(&f, "Players.a01");
    assert!(len > 8);
    let at = u32::from_le_bytes(f.emb[list + 4..list + 8].try_into().unwrap());
    // New descriptor list at the end: [len-1 at `at`], [1 at `at`] -> overlaps.
    let new = f.emb.len();
    f.emb.extend_from_slice(&((len - 1) as u32).to_le_bytes());
    f.emb.extend_from_slice(&at.to_le_bytes());
    f.emb.extend_from_slice(&1u32.to_le_bytes());
    f.emb.extend_from_slice(&at.to_le_bytes());
    let r = cadb::ca::emb::read_inner(&f.emb[..], len as u32, new as u32);
    assert_eq!(r.unwrap_err().code(), "bad-fragment");
    // Point Players.a01's directory entry at that list.
    let entry = dir_slot(&f, "Players.a01");
    set_u32(&mut f.emb, entry + 12, new as u32);
    players_lost_games_kept(f, "bad-fragment");
    // A fragment past the end of the volume.
    let mut g = plain();
    set_u32(&mut g.emb, list + 4, u32::MAX - 4);
    players_lost_games_kept(g, "bad-fragment");
}

#[test]
fn emb_fragments_shared_by_two_files() {
    // Players.d01 made to start inside Players.a01's bytes: two files may
    // share a fragment only when it is the same one.
    let mut f = plain();
    let (a01, _) = inner_entry(&f, "Players.a01");
    let (d01, _) = inner_entry(&f, "Players.d01");
    let a01_at = u32::from_le_bytes(f.emb[a01 + 4..a01 + 8].try_into().unwrap());
    set_u32(&mut f.emb, d01 + 4, a01_at + 1);
    players_lost_games_kept(f, "bad-fragment");
}

#[test]
fn emb_zero_length_fragments_do_not_loop() {
    let mut f = plain();
    let (list, _) = inner_entry(&f, "Players.a01");
    set_u32(&mut f.emb, list, 0);
    players_lost_games_kept(f, "bad-fragment");
}

#[test]
fn emb_directory_naming_100000_files() {
    let mut f = plain();
    set_u32(&mut f.emb, 136, 100_000 * 256);
    let o = exercise(f, TextEncoding::Cp1251);
    assert!(!o.opened);
    assert_eq!(o.first_error.unwrap().code(), "too-large");
}

#[test]
fn emb_header_pointing_nowhere() {
    let mut f = plain();
    set_u32(&mut f.emb, 140, u32::MAX);
    assert!(!exercise(f, TextEncoding::Cp1251).opened);
}

#[test]
fn cyclic_and_long_a01_chains_lose_only_names() {
    let mut f = plain();
    let vol = cadb::ca::emb::Volume::open(&f.emb[..]).unwrap();
    let e = vol.entry("Players.a01").unwrap().clone();
    // Plain volume: one fragment. Point every player id at itself.
    let at = u32::from_le_bytes(
        f.emb[e.offset as usize + 4..e.offset as usize + 8]
            .try_into()
            .unwrap(),
    ) as usize;
    for id in 0..e.length as usize / 4 {
        set_i32(&mut f.emb, at + id * 4, -(id as i32));
    }
    let o = exercise(f.clone(), TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (3, 0));
    let db = Database::open(f, OpenOptions::default()).unwrap();
    let id = db.raw_header(0).unwrap().white_id;
    assert_eq!(db.headers(0).unwrap().white, Some(format!("#{id}")));
    assert_eq!(
        db.list(cadb::ca::ListKind::Players).entry(1).unwrap_err(),
        ErrorKind::ChainCycle { id: 1 }
    );
}

#[test]
fn d00_with_fewer_or_more_records_than_the_cdp_count() {
    let mut f = plain();
    f.d00.truncate(38 * 2);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert_eq!(db.count(), 2);
    assert!(
        db.warnings()
            .iter()
            .any(|w| w.to_string().contains("differ"))
    );
    let mut f = plain();
    let extra = f.d00[..38].to_vec();
    f.d00.extend(extra);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert_eq!(db.count(), 3);
    assert!(!db.warnings().is_empty());
    let mut f = plain();
    f.d00.push(0);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert!(
        db.warnings()
            .iter()
            .any(|w| w.to_string().contains("multiple of 38"))
    );
}

#[test]
fn names_with_invalid_bytes_for_the_encoding() {
    // CP1251 bytes read as UTF-8: replacement characters, never an error.
    let o = exercise(plain(), TextEncoding::Utf8);
    assert_eq!(o.good, 3);
    let db = Database::open(
        plain(),
        OpenOptions {
            encoding: Some(TextEncoding::Utf8),
        },
    )
    .unwrap();
    assert!(db.headers(0).unwrap().white.unwrap().contains('\u{fffd}'));
}

#[test]
fn files_swapped() {
    let f = plain();
    let swapped = DatabaseFiles {
        cdp: f.emb.clone(),
        emb: f.cdp.clone(),
        d00: f.d02.clone(),
        a02: f.d00.clone(),
        d02: f.a02.clone(),
    };
    // CDP and EMB begin with the same signature, so the EMB passes for a
    // CDP; the CDP, a few hundred bytes, is then too short for a volume.
    assert!(f.cdp.len() < 1024);
    let o = exercise(swapped, TextEncoding::Cp1251);
    assert!(!o.opened);
    let e = o.first_error.unwrap();
    assert_eq!((e.code(), e.file), ("truncated", cadb::FileKind::Emb));
}

#[test]
fn empty_files() {
    let o = exercise(DatabaseFiles::default(), TextEncoding::Cp1251);
    assert_eq!(o.first_error.unwrap().code(), "truncated");
    let mut f = plain();
    f.d02.clear();
    let o = exercise(f, TextEncoding::Cp1251);
    assert_eq!((o.good, o.bad), (0, 3));
}

/// The CDP's comment is cosmetic: an impossible length costs the comment,
/// not the games; a CDP cut short leaves D00's count.
#[test]
fn a_bogus_cdp_comment_length_or_a_short_cdp_opens() {
    for len in [u32::MAX, 10_000] {
        let mut f = plain();
        set_u32(&mut f.cdp, 108, len);
        let o = exercise(f.clone(), TextEncoding::Cp1251);
        assert!(o.opened, "{:?}", o.first_error);
        assert_eq!((o.good, o.bad), (3, 0));
        let db = Database::open(f, OpenOptions::default()).unwrap();
        assert_eq!(db.info().comment, "");
        let w: Vec<String> = db.warnings().iter().map(|w| w.to_string()).collect();
        assert!(
            w.iter()
                .any(|w| w.starts_with("CDP offset 1")
                    && w.contains("the database comment is left out")),
            "{w:?}"
        );
    }
    let mut f = plain();
    f.cdp.truncate(60);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert_eq!(db.count(), 3);
    assert!(db.game(2).is_ok());
    let w: Vec<String> = db.warnings().iter().map(|w| w.to_string()).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("the game count is taken from D00")),
        "{w:?}"
    );
}

/// GetFile skips fragments of length 0: a file whose descriptors have
/// empty ones among them reads whole, with no warning.
#[test]
fn zero_length_fragments_among_good_ones_are_skipped() {
    let mut f = plain();
    let (list, len) = inner_entry(&f, "Players.d01");
    let at = u32::from_le_bytes(f.emb[list + 4..list + 8].try_into().unwrap());
    // A new descriptor list: empty, half, empty, the rest.
    let half = (len / 2) as u32;
    let new = f.emb.len();
    for (l, a) in [(0, 0), (half, at), (0, 7), (len as u32 - half, at + half)] {
        f.emb.extend_from_slice(&l.to_le_bytes());
        f.emb.extend_from_slice(&a.to_le_bytes());
    }
    let want = cadb::ca::emb::read_inner(&plain().emb[..], len as u32, list as u32).unwrap();
    assert_eq!(
        cadb::ca::emb::read_inner(&f.emb[..], len as u32, new as u32).unwrap(),
        want
    );
    // The directory entry pointed at the new list.
    let entry = dir_slot(&f, "Players.d01");
    set_u32(&mut f.emb, entry + 12, new as u32);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    assert!(
        db.warnings()
            .iter()
            .all(|w| !w.to_string().contains("Players")),
        "{:?}",
        db.warnings()
    );
    assert_eq!(
        db.headers(0).unwrap(),
        Database::open(plain(), OpenOptions::default())
            .unwrap()
            .headers(0)
            .unwrap()
    );
}

/// Where directory entry `name` sits in the EMB.
fn dir_slot(f: &DatabaseFiles<Vec<u8>>, name: &str) -> usize {
    let vol = cadb::ca::emb::Volume::open(&f.emb[..]).unwrap();
    let slot = vol.entries.iter().position(|e| e.name == name).unwrap();
    let dir = u32::from_le_bytes(f.emb[140..144].try_into().unwrap()) as usize;
    let dir_at = u32::from_le_bytes(f.emb[dir + 4..dir + 8].try_into().unwrap()) as usize;
    dir_at + slot * 256
}

/// Every inner file of the EMB damaged in turn, three ways: a fragment
/// outside the volume, a length past its fragments, gone from the
/// directory. Each time every game reads whole; a file the reader uses is
/// named in a warning, and what it held is lost, nothing else.
#[test]
fn each_inner_file_damaged_in_turn_costs_no_game() {
    let clean = Database::open(plain(), OpenOptions::default()).unwrap();
    let names: Vec<String> = clean
        .volume()
        .entries
        .iter()
        .map(|e| e.name.clone())
        .collect();
    assert_eq!(names.len(), 28);
    let clean_pgn: Vec<String> = (0..3).map(|i| clean.pgn(i).unwrap()).collect();
    let white_id = clean.raw_header(0).unwrap().white_id;
    assert_ne!(white_id, 0);
    for name in &names {
        let (list, len) = inner_entry(&plain(), name);
        let ext = name.rsplit('.').next().unwrap().to_ascii_lowercase();
        let used = matches!(ext.as_str(), "a01" | "d01" | "iii") || name == "Players.d00";
        for how in ["outside", "too long", "missing"] {
            let mut f = plain();
            let entry = dir_slot(&f, name);
            match how {
                "outside" if len > 0 => set_u32(&mut f.emb, list + 4, u32::MAX - 4),
                "too long" => set_u32(&mut f.emb, entry + 8, len as u32 + 100_000),
                "missing" => f.emb[entry + 28] = b'#',
                _ => continue,
            }
            let o = exercise(f.clone(), TextEncoding::Cp1251);
            assert_eq!(
                (o.opened, o.good, o.bad),
                (true, 3, 0),
                "{name} {how}: {:?}",
                o.first_error
            );
            let db = Database::open(f, OpenOptions::default()).unwrap();
            let w: Vec<String> = db.warnings().iter().map(|w| w.to_string()).collect();
            let named = w.iter().any(|w| w.contains(name.as_str()));
            assert_eq!(named, used, "{name} {how}: {w:?}");
            let white = db.headers(0).unwrap().white;
            if used && name.starts_with("Players") && (ext == "a01" || ext == "d01") {
                assert_eq!(white, Some(format!("#{white_id}")), "{name} {how}");
            } else {
                // Nothing else changes: the games read as before, moves and all.
                assert_eq!(white, clean.headers(0).unwrap().white, "{name} {how}");
                if !used {
                    for i in 0..3 {
                        assert_eq!(db.pgn(i).unwrap(), clean_pgn[i as usize], "{name} {how}");
                    }
                }
            }
        }
    }
}

/// A `.iii` that names an id twice is damage: the list sorts by name.
#[test]
fn a_damaged_sort_order_falls_back_to_the_names() {
    use cadb::ca::{columns::Column, search::HeaderIndex};
    let mut f = plain();
    let (list, len) = inner_entry(&f, "Players.iii");
    assert!(len >= 8);
    let at = u32::from_le_bytes(f.emb[list + 4..list + 8].try_into().unwrap()) as usize;
    let first = u32::from_le_bytes(f.emb[at..at + 4].try_into().unwrap());
    set_u32(&mut f.emb, at + 4, first);
    let db = Database::open(f, OpenOptions::default()).unwrap();
    let w: Vec<String> = db.warnings().iter().map(|w| w.to_string()).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("Players.iii is damaged") && w.contains("sorts by name")),
        "{w:?}"
    );
    assert!(!db.list(cadb::ca::ListKind::Players).has_sort_order());
    let order = HeaderIndex::new(&db)
        .sort(&db, Column::White, false, None)
        .unwrap();
    let whites: Vec<String> = order
        .iter()
        .map(|&i| {
            db.headers(u64::from(i))
                .unwrap()
                .white
                .unwrap_or_default()
                .to_lowercase()
        })
        .collect();
    let mut sorted = whites.clone();
    sorted.sort();
    assert_eq!(whites, sorted);
}
