//! The duplicate rule (issue 47, `cadb::archive::dedupe`): each clause on
//! keys made by hand, and keys read from databases written in every layout.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/tricks.rs"]
#[allow(dead_code)] // TRICK_BITS: this file picks its masks
mod tricks;

use cadb::{
    archive::{Duplicates, Key, Keys},
    game::GameResult::{self, BlackWins, Unknown, WhiteWins},
};
use proptest::prelude::*;

/// The groups of `keys`, each as its games; and which were kept.
fn groups(keys: &Keys) -> (Vec<Vec<u32>>, Vec<u32>) {
    let d = Duplicates::find(keys);
    let kept = d.groups.iter().map(|g| g.kept).collect();
    (d.groups.into_iter().map(|g| g.games).collect(), kept)
}

/// A game's key by hand: players, result, year, score, main line.
type Game<'a> = (Option<u128>, GameResult, Option<u16>, u32, &'a [u16]);

/// Keys of games by hand.
fn keys(games: &[Game<'_>]) -> Keys {
    let mut k = Keys::new();
    for &(players, result, year, score, line) in games {
        k.push(Key::new(players, result, year, score), line);
    }
    k
}

const AB: Option<u128> = Some(1);
const CD: Option<u128> = Some(2);

#[test]
fn copies_have_the_same_players_result_year_and_main_line() {
    let k = keys(&[
        (AB, WhiteWins, Some(1998), 0, &[1, 2, 3]),
        (AB, WhiteWins, Some(1998), 0, &[1, 2, 3]),
        (CD, WhiteWins, Some(1998), 0, &[1, 2, 3]), // other players
        (AB, BlackWins, Some(1998), 0, &[1, 2, 3]), // other result
        (AB, WhiteWins, Some(1999), 0, &[1, 2, 3]), // other year
        (AB, WhiteWins, Some(1998), 0, &[1, 2, 4]), // other line
    ]);
    assert_eq!(groups(&k).0, [vec![0, 1]]);
}

#[test]
fn a_game_without_a_year_joins_the_copies_of_one_year_only() {
    let one = keys(&[
        (AB, WhiteWins, None, 0, &[1, 2]),
        (AB, WhiteWins, Some(1998), 0, &[1, 2]),
        (AB, WhiteWins, Some(1998), 0, &[1, 2]),
    ]);
    assert_eq!(groups(&one).0, [vec![0, 1, 2]]);
    // Two years: the yearless copies are copies of each other, of neither year.
    let two = keys(&[
        (AB, WhiteWins, None, 0, &[1, 2]),
        (AB, WhiteWins, Some(1998), 0, &[1, 2]),
        (AB, WhiteWins, Some(1999), 0, &[1, 2]),
        (AB, WhiteWins, None, 0, &[1, 2]),
    ]);
    assert_eq!(groups(&two).0, [vec![0, 3]]);
}

#[test]
fn a_shorter_copy_joins_the_one_line_it_begins() {
    // A fragment, and the whole game: the longer is kept, whatever the order.
    let k = keys(&[
        (AB, Unknown, None, 0, &[1, 2]),
        (AB, WhiteWins, Some(1998), 0, &[1, 2, 3, 4]),
    ]);
    assert_eq!(groups(&k), (vec![vec![0, 1]], vec![1]));
    // Longer lines on one line: all one group, the longest kept.
    let chain = keys(&[
        (AB, WhiteWins, None, 0, &[1, 2, 3]),
        (AB, WhiteWins, None, 0, &[1]),
        (AB, WhiteWins, None, 0, &[1, 2, 3, 4]),
    ]);
    assert_eq!(groups(&chain), (vec![vec![0, 1, 2]], vec![2]));
    // A fragment of two different games is nobody's copy.
    let fork = keys(&[
        (AB, WhiteWins, None, 0, &[1, 2]),
        (AB, WhiteWins, None, 0, &[1, 2, 3]),
        (AB, WhiteWins, None, 0, &[1, 2, 4]),
    ]);
    assert!(groups(&fork).0.is_empty());
    // ... nor a fragment with another result (but `*`), another year,
    // other players, more annotation than the whole game, or no move.
    for (short, result, year, players, score, line) in [
        (0, BlackWins, None, AB, 0, &[1][..]),
        (1, WhiteWins, Some(1990), AB, 0, &[1]),
        (2, WhiteWins, None, CD, 0, &[1]),
        (3, WhiteWins, None, AB, 5, &[1]),
        (4, WhiteWins, None, AB, 0, &[]),
    ] {
        let k = keys(&[
            (players, result, year, score, line),
            (AB, WhiteWins, Some(1998), 1, &[1, 2, 3]),
        ]);
        assert!(groups(&k).0.is_empty(), "case {short}");
    }
}

#[test]
fn the_kept_copy_is_the_longest_then_the_most_annotated_then_the_first() {
    let k = keys(&[
        (AB, WhiteWins, None, 1, &[1, 2]),
        (AB, WhiteWins, None, 3, &[1, 2]),
        (AB, WhiteWins, None, 3, &[1, 2]),
        (CD, WhiteWins, None, 0, &[5]),
        (CD, WhiteWins, None, 0, &[5]),
    ]);
    let (g, kept) = groups(&k);
    assert_eq!((g, kept), (vec![vec![0, 1, 2], vec![3, 4]], vec![1, 3]));
    let d = Duplicates::find(&k);
    assert_eq!(d.dropped(), 3);
    assert_eq!(d.kept_mask(5), [false, true, false, true, false]);
}

#[test]
fn a_damaged_game_is_nobodys_copy() {
    let mut k = Keys::new();
    k.push(Key::new(AB, WhiteWins, None, 0), &[1, 2]);
    let mut damaged = Key::new(AB, WhiteWins, None, 0);
    damaged.whole = false;
    k.push(damaged, &[1, 2]);
    assert!(groups(&k).0.is_empty());
}

/// The keys of `pgn`'s games written as a database with `mask`'s tricks.
fn read_keys(pgn: &str, mask: u32) -> Keys {
    let db = tricks::database(pgn, mask);
    let mut k = Keys::new();
    for i in 0..db.count() {
        assert!(k.read(&db, i).is_none());
    }
    k
}

const GAMES: &str = r#"
[White "Kasparov, Garry"] [Black "Karpov, Anatoly"] [Date "1985.??.??"] [Result "1-0"]
1. e4 e5 2. Nf3 1-0

[White "kasparov,garry"] [Black "KARPOV, Anatoly"] [Result "1-0"]
1. e4 { the best } e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0

[White "?"] [Black "?"] [Event "Study"]
1. d4 d5 { a comment } *

[White "?"] [Black "?"] [Event "Study"]
1. d4 d5 { a comment } *

[White "?"] [Black "?"] [Event "Study"]
1. d4 d5 { another comment } *

[White "Kasparov, Garry"] [Black "Karpov, Anatoly"] [SetUp "1"] [FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"] [Result "1-0"]
1. e4 1-0

[White "Kasparov, Garry"] [Black "Karpov, Anatoly"] [SetUp "1"] [FEN "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"] [Result "1-0"]
1. d4 1-0
"#;

#[test]
fn games_read_from_a_database_are_copies_by_the_rule() {
    let k = read_keys(GAMES, 0);
    let (g, kept) = groups(&k);
    // Names compared without case and spaces, the annotated copy kept;
    // "?" games only when the whole text is the same; set-up positions
    // apart (the same squares moved from other positions).
    assert_eq!((g, kept), (vec![vec![0, 1], vec![2, 3]], vec![1, 2]));
    assert_eq!(
        k.get(1).score,
        5,
        "a comment, a NAG, a variation of 2 plies"
    );
    assert_eq!(
        (k.line(0).len(), k.get(0).year, k.get(1).year),
        (3, Some(1985), None)
    );
}

#[test]
fn every_layout_reads_the_same_keys() {
    let plain = read_keys(GAMES, 0);
    for mask in [1, 0x7ff, 0x080, 0x0a5, 0x35a] {
        let other = read_keys(GAMES, mask);
        for i in 0..plain.len() {
            assert_eq!(
                (other.get(i), other.line(i)),
                (plain.get(i), plain.line(i)),
                "game {i}, tricks {mask:#x}"
            );
        }
    }
}

fn key_strategy() -> impl Strategy<Value = (Option<u128>, u8, Option<u16>, u32, u128, Vec<u16>)> {
    (
        prop::option::weighted(0.8, 0u128..3),
        0u8..4,
        prop::option::of(0u16..3),
        0u32..3,
        0u128..3,
        prop::collection::vec(0u16..3, 0..4),
    )
}

proptest! {
    /// The groups do not depend on the games' order; each group's games
    /// share players (or, unknown, their whole text); the kept copy has the
    /// longest main line.
    #[test]
    fn groups_follow_the_rule_in_any_order(
        games in prop::collection::vec(key_strategy(), 0..40),
        seed in any::<u64>(),
    ) {
        let build = |order: &[usize]| {
            let mut k = Keys::new();
            for &i in order {
                let (players, result, year, score, text, ref line) = games[i];
                let mut key = Key::new(players, GameResult::ALL[result as usize], year, score);
                key.text = text;
                k.push(key, line);
            }
            k
        };
        let n = games.len();
        let straight: Vec<usize> = (0..n).collect();
        let mut shuffled = straight.clone();
        let mut s = seed | 1;
        for i in (1..n).rev() {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            shuffled.swap(i, (s % (i as u64 + 1)) as usize);
        }
        let partition = |order: &[usize]| {
            let k = build(order);
            let d = Duplicates::find(&k);
            let mut sets: Vec<Vec<usize>> = d.groups.iter().map(|g| {
                let longest = g.games.iter().map(|&i| k.line(i as usize).len()).max();
                assert_eq!(Some(k.line(g.kept as usize).len()), longest);
                let first = k.get(g.games[0] as usize);
                for &i in &g.games {
                    let key = k.get(i as usize);
                    assert_eq!(key.players, first.players);
                    if key.players.is_none() {
                        assert_eq!(key.text, first.text);
                    }
                }
                let mut s: Vec<usize> = g.games.iter().map(|&i| order[i as usize]).collect();
                s.sort_unstable();
                s
            }).collect();
            sets.sort();
            sets
        };
        prop_assert_eq!(partition(&straight), partition(&shuffled));
    }
}
