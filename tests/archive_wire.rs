//! An archive's merge in pieces between Workers (`cadb::archive::wire`,
//! the page's pool of helpers): keys read by one Worker are the same keys
//! in another; a database exported with its share of the plan is byte for
//! byte what the whole plan writes of it; what is not such bytes is refused
//! with its offset, never a panic.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/tricks.rs"]
#[allow(dead_code)] // TRICK_BITS: this file picks its masks
mod tricks;

use cadb::{
    archive::{Key, Keys, Merge, merge::write_game, wire},
    game::GameResult,
};
use proptest::prelude::*;

type Game = (Option<u128>, u8, Option<u16>, u32, u128, bool, Vec<u16>);

fn game() -> impl Strategy<Value = Game> {
    (
        prop::option::of(any::<u128>()),
        0u8..4,
        prop::option::of(any::<u16>()),
        any::<u32>(),
        any::<u128>(),
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..12),
    )
}

fn keys_of(games: &[Game]) -> Keys {
    let mut k = Keys::new();
    for (players, result, year, score, text, whole, line) in games {
        let mut key = Key::new(*players, GameResult::ALL[*result as usize], *year, *score);
        key.text = *text;
        key.whole = *whole;
        k.push(key, line);
    }
    k
}

fn same_keys(a: &Keys, b: &Keys) {
    assert_eq!(a.len(), b.len());
    for i in 0..a.len() {
        assert_eq!((a.get(i), a.line(i)), (b.get(i), b.line(i)), "key {i}");
    }
}

proptest! {
    /// Any keys come back the same, and every shorter prefix of their
    /// bytes is refused (nothing is read past what was written).
    #[test]
    fn keys_come_back_the_same(games in prop::collection::vec(game(), 0..20)) {
        let keys = keys_of(&games);
        let bytes = wire::keys_to_bytes(&keys);
        same_keys(&wire::keys_from_bytes(&bytes).unwrap(), &keys);
        for n in 0..bytes.len() {
            prop_assert!(wire::keys_from_bytes(&bytes[..n]).is_err(), "a prefix of {} bytes", n);
        }
        let mut longer = bytes.clone();
        longer.push(0);
        prop_assert!(wire::keys_from_bytes(&longer).is_err());
    }

    /// Bytes of anything are refused or read, never a panic; what is read
    /// is written back as bytes that read the same.
    #[test]
    fn any_bytes_are_refused_or_read(mut bytes in prop::collection::vec(any::<u8>(), 0..200), magic in 0u8..3) {
        if magic > 0 && bytes.len() >= 4 {
            bytes[..4].copy_from_slice(if magic == 1 { b"CAK1" } else { b"CAM1" });
        }
        if let Ok(k) = wire::keys_from_bytes(&bytes) {
            let again = wire::keys_to_bytes(&k);
            same_keys(&wire::keys_from_bytes(&again).unwrap(), &k);
        }
        if let Ok(m) = wire::share_from_bytes(&bytes) {
            let games = m.keep.len() as u64;
            let again = wire::share_to_bytes(&m, 0, games).unwrap();
            let back = wire::share_from_bytes(&again).unwrap();
            prop_assert_eq!((back.keep, back.copies), (m.keep, m.copies));
        }
    }
}

#[test]
fn what_is_refused_is_named_with_its_offset() {
    let keys = keys_of(&[(Some(1), 1, Some(1998), 0, 0, true, vec![1, 2])]);
    let good = wire::keys_to_bytes(&keys);
    let refused = |b: &[u8], expected: &str| {
        let e = wire::keys_from_bytes(b).unwrap_err().to_string();
        assert!(e.contains(expected), "{e}");
    };
    let mut flags = good.clone();
    flags[8] = 8;
    refused(&flags, "expected flags of 1, 2 and 4 only at byte 8");
    let mut result = good.clone();
    result[9] = 4;
    refused(&result, "expected a result of 0 to 3 at byte 9");
    refused(&good[..good.len() - 1], "a main line's moves at byte 52");
    refused(
        b"CAM1\0\0\0\0",
        "duplicate keys: expected \"CAK1\" at byte 0",
    );
    // A count that no input could hold is refused before anything is made.
    refused(
        b"CAK1\xff\xff\xff\xff",
        "expected a key for each game at byte 8",
    );

    let share = |b: &[u8]| wire::share_from_bytes(b).unwrap_err().to_string();
    // Two games, both kept; a tag for game 2 (there is none), then game 0 twice.
    assert!(
        share(b"CAM1\x02\0\0\0\x03\x01\0\0\0\x02\0\0\0\0\0\0\0")
            .contains("each game once, below the count at byte 13")
    );
    assert!(
        share(b"CAM1\x02\0\0\0\x03\x02\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0")
            .contains("each game once, below the count at byte 21")
    );
    assert!(
        share(b"CAM1\x01\0\0\0\x01\x01\0\0\0\0\0\0\0\x01\0\0\0\xff")
            .contains("UTF-8 text at byte 21")
    );
}

const GAMES: &str = r#"
[White "Kasparov, Garry"] [Black "Karpov, Anatoly"] [Date "1985.??.??"] [Result "1-0"]
1. e4 e5 2. Nf3 1-0

[White "?"] [Black "?"] [Event "Study"]
1. d4 d5 { a comment } *

[White "Tal, Mikhail"] [Black "Botvinnik, Mikhail"] [Result "0-1"]
1. c4 e5 0-1
"#;

const MORE: &str = r#"
[White "kasparov,garry"] [Black "KARPOV, Anatoly"] [Result "1-0"]
1. e4 { the best } e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0

[White "?"] [Black "?"] [Event "Study"]
1. d4 d5 { a comment } *

[White "Fischer, Robert"] [Black "Spassky, Boris"] [Result "1/2-1/2"]
1. e4 c5 1/2-1/2
"#;

/// Each database exported with its share of the plan (as a helper
/// Worker does) is what the whole plan writes of it (as one Worker does):
/// the copies left out, the kept ones tagged, the rest as they are.
#[test]
fn a_share_of_the_plan_writes_what_the_whole_plan_writes() {
    let dbs = [
        tricks::database(GAMES, 0),
        tricks::database(MORE, 0x0a5),
        tricks::database(GAMES, 0x35a),
    ];
    let names = ["A", "B", "C"];
    let mut keys = Keys::new();
    let mut spans = Vec::new();
    for db in &dbs {
        let mut k = Keys::new();
        for i in 0..db.count() {
            assert!(k.read(db, i).is_none());
        }
        // Through the bytes, as the pool hands them over.
        spans.push(Some((keys.len(), db.count())));
        keys.append(wire::keys_from_bytes(&wire::keys_to_bytes(&k)).unwrap());
    }
    let plan = Merge::plan(keys, spans, &names);
    assert!(
        plan.keep.contains(&false) && !plan.copies.is_empty(),
        "copies to leave out and tags to write"
    );
    let mut whole_all = String::new();
    for (k, db) in dbs.iter().enumerate() {
        let base = plan.base(k, db.count()).unwrap();
        let share =
            wire::share_from_bytes(&wire::share_to_bytes(&plan, k, db.count()).unwrap()).unwrap();
        let (mut whole, mut shared) = (String::new(), String::new());
        for i in 0..db.count() {
            let a = write_game(db, i, Some(names[k]), Some((&plan, base)), &mut whole);
            let b = write_game(db, i, Some(names[k]), Some((&share, 0)), &mut shared);
            assert_eq!(a.is_some(), b.is_some(), "database {k}, game {i}");
        }
        assert_eq!(shared, whole, "database {k}");
        whole_all.push_str(&whole);
        // Not a database of that many games: no share (written whole).
        assert!(wire::share_to_bytes(&plan, k, db.count() + 1).is_none());
    }
    // The annotated copy kept, else the first.
    for tag in ["A game 0, C game 0", "B game 1, C game 1", "C game 2"] {
        assert!(
            whole_all.contains(&format!("[CACopies \"{tag}\"]")),
            "{tag}: {whole_all}"
        );
    }
    assert_eq!(whole_all.matches("[CACopies").count(), 3);
}
