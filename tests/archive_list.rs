//! One list across many databases (issue 47, `cadb::archive::list`): the
//! archive's search, sort and rows held to one database written from all
//! the members' games in order, over random games, splits and layouts.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/tricks.rs"]
#[allow(dead_code)] // TRICK_BITS: this file picks its masks
mod tricks;

use cadb::{
    archive::list::{self, Member, NameRanks, Spans},
    ca::player::PlayerCard,
    ca::{
        Database,
        columns::{self, Column},
        search::{HeaderIndex, Query, Side},
    },
    game::GameResult,
    limits::Limits,
    stats::OpeningTree,
};
use proptest::prelude::*;

use tricks::database as open;

/// Names that differ in case only, an accented one, and a shared surname.
const PLAYERS: [&str; 7] = [
    "Anna",
    "anna",
    "Boris",
    "Zoe",
    "Émile",
    "Kasparov, Garry",
    "Kasparov, Igor",
];
const EVENTS: [&str; 3] = ["Open", "open", "Zürich"];

/// Main lines, with their ECO codes.
const LINES: [(&str, &str); 4] = [
    ("1. e4 e5", "C20"),
    ("1. e4 c5 2. Nf3", "B27"),
    ("1. d4 d5 2. c4", "D06"),
    ("1. e4 e5 2. Nf3 Nc6 3. Bb5", "C60"),
];

/// A game's PGN from its fields (indices into the tables above).
fn game_pgn((w, b, e, year, result, elo, line): GameFields) -> String {
    let date = year.map_or(String::from("????.??.??"), |y| format!("{y}.??.??"));
    let result = ["1-0", "0-1", "1/2-1/2", "*"][usize::from(result % 4)];
    let (moves, eco) = LINES[line];
    format!(
        "[Event \"{}\"] [White \"{}\"] [Black \"{}\"] [Date \"{date}\"] [WhiteElo \"{elo}\"] [BlackElo \"{elo}\"] [ECO \"{eco}\"] [Result \"{result}\"]\n{moves} {result}\n\n",
        EVENTS[e], PLAYERS[w], PLAYERS[b]
    )
}

type GameFields = (usize, usize, usize, Option<u16>, u8, u16, usize);

fn game_strategy() -> impl Strategy<Value = GameFields> {
    (
        0..PLAYERS.len(),
        0..PLAYERS.len(),
        0..EVENTS.len(),
        prop::option::of(1990u16..1995),
        0u8..4,
        prop::sample::select(vec![0u16, 2400, 2500, 2700]),
        0..LINES.len(),
    )
}

/// The members (each written with its own tricks) and one database of all
/// their games in the archive's order.
struct Fixture {
    members: Vec<Database<Vec<u8>>>,
    indexes: Vec<HeaderIndex>,
    all: Database<Vec<u8>>,
    all_index: HeaderIndex,
}

impl Fixture {
    fn new(parts: &[Vec<GameFields>], masks: &[u32]) -> Fixture {
        let pgns: Vec<String> = parts
            .iter()
            .map(|p| p.iter().map(|&g| game_pgn(g)).collect())
            .collect();
        let members: Vec<_> = pgns.iter().zip(masks).map(|(p, &m)| open(p, m)).collect();
        let indexes = members.iter().map(HeaderIndex::new).collect();
        let all = open(&pgns.concat(), 0);
        let all_index = HeaderIndex::new(&all);
        Fixture {
            members,
            indexes,
            all,
            all_index,
        }
    }

    fn members(&self) -> Vec<Member<'_, Vec<u8>>> {
        self.members
            .iter()
            .zip(&self.indexes)
            .map(|(db, index)| Member { db, index })
            .collect()
    }

    fn spans(&self) -> Spans {
        Spans::new(self.members.iter().map(Database::count))
    }
}

/// The archive's games by `column`'s name, compared lower-cased, ties in
/// the archive's order: what a list of every member's games should show.
fn by_name(f: &Fixture, column: Column) -> Vec<u32> {
    let mut games: Vec<(Option<String>, u32)> = (0..f.all.count())
        .map(|i| {
            let h = f.all.headers(i).unwrap();
            let name = match column {
                Column::White => h.white,
                Column::Black => h.black,
                Column::Event => h.event,
                _ => unreachable!(),
            };
            (name.map(|n| n.to_lowercase()), i as u32)
        })
        .collect();
    games.sort();
    games.into_iter().map(|(_, i)| i).collect()
}

fn parts_strategy() -> impl Strategy<Value = (Vec<Vec<GameFields>>, Vec<u32>)> {
    prop::collection::vec(prop::collection::vec(game_strategy(), 0..12), 1..5).prop_flat_map(
        |parts| {
            let n = parts.len();
            (
                Just(parts),
                prop::collection::vec(0u32..1 << tricks::TRICK_BITS, n),
            )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_archive_numbers_each_game_once((parts, masks) in parts_strategy()) {
        let f = Fixture::new(&parts, &masks);
        let spans = f.spans();
        prop_assert_eq!(spans.total(), f.all.count());
        let mut g = 0u64;
        for (k, db) in f.members.iter().enumerate() {
            for i in 0..db.count() {
                prop_assert_eq!(spans.locate(g), Some((k, i)));
                prop_assert_eq!(spans.global(k, i), Some(g));
                g += 1;
            }
            prop_assert_eq!(spans.global(k, db.count()), None);
        }
        prop_assert_eq!(spans.locate(g), None);
    }

    #[test]
    fn searching_the_archive_is_searching_all_its_games(
        (parts, masks) in parts_strategy(),
        text in prop::sample::select(vec!["anna", "kasparov", "zür", "émile", "open", "nobody"]),
        white in any::<bool>(),
        year in prop::option::of(1990u16..1995),
    ) {
        let f = Fixture::new(&parts, &masks);
        let q = Query {
            player: Some(text.into()),
            color: if white { Side::White } else { Side::Either },
            year_from: year,
            ..Query::default()
        };
        let find = |q: &Query| {
            let mut each = |m: &Member<'_, Vec<u8>>, p: &mut dyn FnMut(u64, u64)| m.index.search_with(m.db, q, None, p);
            list::search(&f.members(), &f.spans(), &mut each, &mut |_, _| {}).unwrap()
        };
        prop_assert_eq!(find(&q), f.all_index.search(&f.all, &q).unwrap());
        let q = Query { text: Some(text.into()), ..Query::default() };
        let found = find(&q);
        prop_assert_eq!(found, f.all_index.search(&f.all, &q).unwrap());
    }

    #[test]
    fn sorting_the_archive_orders_all_its_games(
        (parts, masks) in parts_strategy(),
        descending in any::<bool>(),
        subset_mask in any::<u64>(),
    ) {
        let f = Fixture::new(&parts, &masks);
        let members = f.members();
        let (spans, ranks) = (f.spans(), NameRanks::new(&members));
        for column in [Column::White, Column::Black, Column::Event] {
            let sorted = list::sort(&members, &spans, &ranks, column, false, None).unwrap();
            if members.len() > 1 {
                prop_assert_eq!(sorted, by_name(&f, column), "{:?}", column);
            } else {
                // An archive of one sorts as its database does.
                prop_assert_eq!(sorted, f.indexes[0].sort(&f.members[0], column, false, None).unwrap());
            }
        }
        // By database: member by member, each one's games in order.
        let sorted = list::sort(&members, &spans, &ranks, Column::Database, descending, None).unwrap();
        let mut want: Vec<u32> = (0..f.all.count() as u32).collect();
        if descending && members.len() > 1 {
            want.sort_by_key(|&g| std::cmp::Reverse(spans.locate(u64::from(g)).unwrap().0));
        }
        prop_assert_eq!(sorted, want);
        // Numbers compare across databases as they are.
        let subset: Vec<u32> = (0..f.all.count() as u32).filter(|&i| subset_mask >> (i % 64) & 1 == 1).collect();
        for column in [Column::Index, Column::Date, Column::WhiteElo, Column::Result] {
            for s in [None, Some(&subset[..])] {
                let sorted = list::sort(&members, &spans, &ranks, column, descending, s).unwrap();
                prop_assert_eq!(sorted, f.all_index.sort(&f.all, column, descending, s).unwrap(), "{:?}", column);
            }
        }
    }

    #[test]
    fn the_archives_rows_are_its_games_rows(
        (parts, masks) in parts_strategy(),
        picks in prop::collection::vec(0u32..64, 0..20),
    ) {
        let f = Fixture::new(&parts, &masks);
        let spans = f.spans();
        let names = ["A", "B", "C", "D", "E"];
        let dbs: Vec<_> = names.into_iter().zip(&f.members).collect();
        let rows = list::rows(&dbs, &spans, &picks, None).unwrap();
        let want = columns::rows(&f.all, &picks, None).unwrap();
        prop_assert_eq!(&rows.index, &want.index);
        for (k, &g) in rows.index.iter().enumerate() {
            let (m, i) = spans.locate(u64::from(g)).unwrap();
            prop_assert_eq!(rows.member[k] as usize, m);
            for c in Column::ALL {
                let text = &rows.text[c as usize][k];
                if c == Column::Index {
                    // The game's number in its own database.
                    prop_assert_eq!(text, &(i + 1).to_string());
                } else if c == Column::Database {
                    prop_assert_eq!(text, names[m]);
                } else {
                    prop_assert_eq!(text, &want.text[c as usize][k], "{:?}", c);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_archives_tree_is_the_tree_of_all_its_games((parts, masks) in parts_strategy()) {
        let f = Fixture::new(&parts, &masks);
        let limits = Limits::default();
        let trees: Vec<OpeningTree> = f.members.iter().map(|db| OpeningTree::of_database(db, 40, &limits).0).collect();
        let trees: Vec<&OpeningTree> = trees.iter().collect();
        let (all, _) = OpeningTree::of_database(&f.all, 40, &limits);
        for line in ["", "e4", "e4 e5", "e4 e5 Nf3", "e4 e5 Nf3 Nc6", "e4 c5", "d4", "d4 d5"] {
            let mut pos = shakmaty::Chess::default();
            for san in line.split_whitespace() {
                let m = san.parse::<shakmaty::san::San>().unwrap().to_move(&pos).unwrap();
                shakmaty::Position::play_unchecked(&mut pos, m);
            }
            prop_assert_eq!(OpeningTree::query_across(&trees, &pos), all.query(&pos), "after {}", line);
        }
    }

    #[test]
    fn a_players_card_across_the_archive_counts_all_their_games(
        (parts, masks) in parts_strategy(),
        // Not Anna: "Anna" and "anna" are two players in one database.
        name in prop::sample::select(vec!["Boris", "zoe", "ÉMILE", "Kasparov, Garry"]),
    ) {
        let f = Fixture::new(&parts, &masks);
        let spans = f.spans();
        let found: Vec<_> = f.members.iter().zip(&f.indexes).enumerate().filter_map(|(k, (db, index))| {
            Some((db, index.player_record(name)?, spans.start(k)?))
        }).collect();
        let card = PlayerCard::across(&found, 1000).unwrap();
        let Some(record) = f.all_index.player_record(name) else {
            prop_assert!(card.is_none());
            return Ok(());
        };
        let (card, want) = (card.unwrap(), PlayerCard::of(&f.all, record, 1000).unwrap());
        prop_assert_eq!(&card.name, &want.name);
        prop_assert_eq!((card.white, card.black), (want.white, want.black));
        prop_assert_eq!(&card.by_year, &want.by_year);
        prop_assert_eq!((&card.eco_white, &card.eco_black), (&want.eco_white, &want.eco_black));
        prop_assert_eq!(&card.games, &want.games);
        // The rating: the first member's that has one (each database's
        // players list has its own).
        let rating = found.iter().find_map(|&(db, r, _)| PlayerCard::of(db, r, 0).unwrap().rating);
        prop_assert_eq!(card.rating, rating);
        // Opponents are names across databases: "Anna" and "anna" are one.
        let mut joined = std::collections::BTreeMap::<String, (u32, u32, u32, u32)>::new();
        for o in &want.opponents {
            let j = joined.entry(o.name.to_lowercase()).or_default();
            *j = (j.0 + o.score.wins, j.1 + o.score.draws, j.2 + o.score.losses, j.3 + o.score.unfinished);
        }
        type Row = (u32, String, (u32, u32, u32, u32));
        let mut got: Vec<Row> = card.opponents.iter().map(|o| {
            let s = o.score;
            (s.games(), o.name.to_lowercase(), (s.wins, s.draws, s.losses, s.unfinished))
        }).collect();
        let listed: std::collections::BTreeMap<_, _> = got.iter().map(|(_, n, s)| (n.clone(), *s)).collect();
        prop_assert_eq!(listed, joined);
        // Most games first, ties by name; `top` cuts that order.
        let order = got.clone();
        got.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        prop_assert_eq!(&order, &got);
        let short = PlayerCard::across(&found, 2).unwrap().unwrap();
        prop_assert_eq!(&short.opponents[..], &card.opponents[..card.opponents.len().min(2)]);
    }
}

#[test]
fn equal_names_in_two_databases_rank_the_same() {
    let a = open(
        &[
            game_pgn((0, 2, 0, None, 0, 0, 0)),
            game_pgn((3, 2, 0, None, 0, 0, 0)),
        ]
        .concat(),
        0,
    );
    let b = open(
        &[
            game_pgn((1, 3, 0, None, 1, 0, 0)),
            game_pgn((2, 0, 0, None, 1, 0, 0)),
        ]
        .concat(),
        0,
    );
    let (ia, ib) = (HeaderIndex::new(&a), HeaderIndex::new(&b));
    let members = [Member { db: &a, index: &ia }, Member { db: &b, index: &ib }];
    let spans = Spans::new([2, 2]);
    let ranks = NameRanks::new(&members);
    // White: Anna (0), Zoe (1), anna (2), Boris (3): both Annas first, in
    // the archive's order, then Boris, then Zoe.
    let sorted = list::sort(&members, &spans, &ranks, Column::White, false, None).unwrap();
    assert_eq!(sorted, [0, 2, 3, 1]);
    let sorted = list::sort(&members, &spans, &ranks, Column::White, true, None).unwrap();
    assert_eq!(sorted, [1, 3, 0, 2]);
    // Results compare as results wherever the game is.
    let sorted = list::sort(&members, &spans, &ranks, Column::Result, false, None).unwrap();
    let result = |g: u32| {
        let (m, i) = spans.locate(u64::from(g)).unwrap();
        [&a, &b][m].headers(i).unwrap().result
    };
    assert_eq!(result(sorted[0]), GameResult::WhiteWins);
    assert_eq!(result(sorted[3]), GameResult::BlackWins);
}

#[test]
fn an_empty_database_in_the_archive_holds_no_game() {
    let a = open(&game_pgn((0, 1, 0, None, 0, 0, 0)), 0);
    let empty = open("", 0);
    let b = open(&game_pgn((2, 3, 0, None, 0, 0, 0)), 0);
    let spans = Spans::new([a.count(), empty.count(), b.count()]);
    assert_eq!(empty.count(), 0);
    assert_eq!(spans.locate(0), Some((0, 0)));
    assert_eq!(spans.locate(1), Some((2, 0)));
    assert_eq!(spans.global(1, 0), None);
    assert_eq!(spans.start(3), None);
}
