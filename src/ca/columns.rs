//! The columns of a game list, in one table: each column's key (as the JS
//! API and the viewer name it), its text for a row, and its sort key.
//!
//! A row's text comes from the game's D00 record, the names it points to
//! and, for [`Column::Plies`] and [`Column::Opening`], a replay of the main line. [`rows`] computes a
//! page of rows in one pass, decoding each name the page shows once.
//!
//! ```
//! use cadb::ca::{Database, OpenOptions, writer, columns::{self, Column}};
//! let pgn = "[White \"Anna\"] [WhiteElo \"2400\"] [Date \"1997.03.??\"] [Result \"1-0\"]\n1. e4 e5 1-0\n";
//! let games = cadb::game::import::read_pgn(pgn).unwrap();
//! let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
//! let db = Database::open(files, OpenOptions::default()).unwrap();
//! let openings = cadb::openings::Openings::builtin();
//! let page = columns::rows(&db, &[0, 7], Some(&openings)).unwrap(); // 7 is past the end: left out
//! assert_eq!(page.index, [0]);
//! let text = |c: Column| page.text[c as usize][0].as_str();
//! assert_eq!(
//!     [text(Column::Index), text(Column::White), text(Column::WhiteElo), text(Column::Result)],
//!     ["1", "Anna", "2400", "1-0"]
//! );
//! assert_eq!([text(Column::Date), text(Column::Black), text(Column::Plies)], ["1997.03.??", "", "2"]);
//! assert_eq!(Column::from_key("whiteElo"), Some(Column::WhiteElo));
//! // c.tsv: 1.e4 e5 is "C20 King's Pawn Game".
//! assert_eq!(text(Column::Opening), "C20 King's Pawn Game");
//! assert!(!Column::Plies.sortable());
//! ```

use alloc::{
    collections::BTreeMap,
    string::{String, ToString},
    vec::Vec,
};

use super::{
    Database, ListKind,
    format::d00::{self, RawHeader},
};
use crate::{
    bytes::ReadAt,
    error::Error,
    game::GameResult,
    openings::{Opening, Openings},
};

/// A column of the game list, in the order the viewer shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The game's number (index + 1); sorts by index.
    Index,
    /// The database the game is in: empty for one database; an archive's
    /// list ([`crate::archive::list`]) names its member, and sorts by it.
    Database,
    White,
    WhiteElo,
    Black,
    BlackElo,
    /// `1-0`, `0-1`, `½-½`, `*`, or `* +/=` for an assessment (outcomes 5-16).
    Result,
    /// `1997.03.??`, or empty when the year is unknown.
    Date,
    Event,
    Site,
    /// `3`, `3.5`, or empty.
    Round,
    Eco,
    /// The opening by position (`B90 Sicilian Defense: Najdorf Variation`,
    /// [`Database::opening_name`]), empty without a table or a name; not
    /// sortable, as [`Plies`](Self::Plies).
    Opening,
    Annotator,
    Source,
    GameType,
    /// Main-line plies, replayed (a damaged game counts what decoded); not
    /// sortable: it would replay every game.
    Plies,
}

impl Column {
    /// Every column, in list order (`Column::ALL[c as usize] == c`).
    pub const ALL: [Column; 17] = [
        Column::Index,
        Column::Database,
        Column::White,
        Column::WhiteElo,
        Column::Black,
        Column::BlackElo,
        Column::Result,
        Column::Date,
        Column::Event,
        Column::Site,
        Column::Round,
        Column::Eco,
        Column::Opening,
        Column::Annotator,
        Column::Source,
        Column::GameType,
        Column::Plies,
    ];

    /// The column's key in the JS API (`db.rows`, `db.sort`) and the viewer.
    pub const fn key(self) -> &'static str {
        match self {
            Column::Index => "index",
            Column::Database => "database",
            Column::White => "white",
            Column::WhiteElo => "whiteElo",
            Column::Black => "black",
            Column::BlackElo => "blackElo",
            Column::Result => "result",
            Column::Date => "date",
            Column::Event => "event",
            Column::Site => "site",
            Column::Round => "round",
            Column::Eco => "eco",
            Column::Annotator => "annotator",
            Column::Source => "source",
            Column::GameType => "gameType",
            Column::Plies => "plies",
            Column::Opening => "opening",
        }
    }

    /// The column with this [`key`](Self::key).
    pub fn from_key(key: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|c| c.key() == key)
    }

    /// Whether games can be ordered by this column (from their D00 records
    /// and name tables alone).
    pub const fn sortable(self) -> bool {
        !matches!(self, Column::Plies | Column::Opening)
    }

    /// The TypeScript unions of the column keys, `ColumnKey` (every column,
    /// in list order) and `SortColumn` (the sortable ones), written from
    /// [`ALL`](Self::ALL) at compile time, so a new column is not a
    /// TypeScript edit (the wasm package's `cadb.d.ts` takes this text).
    pub const TYPESCRIPT: &'static str = match core::str::from_utf8(TS.0.split_at(TS.1).0) {
        Ok(ts) => ts,
        Err(_) => panic!("column keys are ASCII"),
    };

    /// The name this column shows, if it is a name column: its table and the
    /// id the record holds.
    pub fn name_id(self, h: &RawHeader) -> Option<(ListKind, u32)> {
        Some(match self {
            Column::White => (ListKind::Players, h.white_id),
            Column::Black => (ListKind::Players, h.black_id),
            Column::Annotator => (ListKind::Players, h.annotator_id),
            Column::Event => (ListKind::Events, h.event_id),
            Column::Site => (ListKind::Places, h.site_id),
            Column::Source => (ListKind::Sources, h.source_id),
            _ => return None,
        })
    }

    /// The sort key of game `index` (record `h`): `rank(list, id)` orders a
    /// name column. `None` for a column that is not [`sortable`](Self::sortable).
    pub fn sort_key(
        self,
        index: u32,
        h: &RawHeader,
        rank: impl Fn(ListKind, u32) -> u32,
    ) -> Option<u32> {
        if let Some((kind, id)) = self.name_id(h) {
            return Some(rank(kind, id));
        }
        Some(match self {
            Column::Index => index,
            // One database: one value (an archive sorts by its member).
            Column::Database => 0,
            Column::WhiteElo => u32::from(h.white_elo),
            Column::BlackElo => u32::from(h.black_elo),
            // `*` first, then draws, White's wins, Black's wins (the outcome code's order).
            Column::Result => match d00::outcome_result(h.outcome) {
                GameResult::Unknown => 0,
                GameResult::Draw => 1,
                GameResult::WhiteWins => 2,
                GameResult::BlackWins => 3,
            },
            Column::Date => h.date,
            Column::Round => u32::from(h.round2),
            Column::Eco => u32::from(h.eco),
            Column::GameType => h.game_type,
            _ => return None,
        })
    }

    /// The column's text for game `index` (record `h`): `name` is the name
    /// [`name_id`](Self::name_id) points to, `replayed` what its main line
    /// gave.
    pub fn text(
        self,
        index: u32,
        h: &RawHeader,
        name: Option<&str>,
        replayed: &Replayed<'_>,
    ) -> String {
        let elo = |e: u16| if e == 0 { String::new() } else { e.to_string() };
        match self {
            Column::Index => (u64::from(index) + 1).to_string(),
            Column::Database => String::new(),
            Column::WhiteElo => elo(h.white_elo),
            Column::BlackElo => elo(h.black_elo),
            Column::Result => match d00::decode_outcome(h.outcome) {
                (_, Some(a)) => alloc::format!("* {}", a.symbol()),
                (GameResult::Draw, None) => String::from("½-½"),
                (r, None) => String::from(r.as_pgn()),
            },
            Column::Date => {
                // As PGN, but empty when the year is unknown and the year not
                // padded to four digits.
                let d = d00::decode_date(h.date);
                let two =
                    |p: Option<u8>| p.map_or(String::from("??"), |p| alloc::format!("{p:02}"));
                d.year.map_or(String::new(), |y| {
                    alloc::format!("{y}.{}.{}", two(d.month), two(d.day))
                })
            }
            Column::Round => d00::decode_round(h.round2).unwrap_or_default(),
            Column::Eco => d00::decode_eco(h.eco).unwrap_or_default(),
            Column::GameType => d00::decode_game_type(h.game_type).unwrap_or_default(),
            Column::Plies => replayed.plies.to_string(),
            Column::Opening => replayed.opening.map(Opening::to_string).unwrap_or_default(),
            Column::White
            | Column::Black
            | Column::Event
            | Column::Site
            | Column::Annotator
            | Column::Source => String::from(name.unwrap_or("")),
        }
    }
}

/// What a row's replay of the main line gave: its plies and its opening.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Replayed<'a> {
    pub plies: u32,
    pub opening: Option<&'a Opening>,
}

/// Room for [`Column::TYPESCRIPT`]; the build fails if it is too small.
const TS_CAP: usize = 1024;
const TS: ([u8; TS_CAP], usize) = typescript();

const fn typescript() -> ([u8; TS_CAP], usize) {
    const fn put(buf: &mut [u8; TS_CAP], mut n: usize, s: &str) -> usize {
        let s = s.as_bytes();
        let mut i = 0;
        while i < s.len() {
            buf[n] = s[i];
            n += 1;
            i += 1;
        }
        n
    }
    const fn union(buf: &mut [u8; TS_CAP], mut n: usize, sortable_only: bool) -> usize {
        let mut first = true;
        let mut i = 0;
        while i < Column::ALL.len() {
            let c = Column::ALL[i];
            if !sortable_only || c.sortable() {
                n = put(buf, n, if first { "\"" } else { " | \"" });
                n = put(buf, n, c.key());
                n = put(buf, n, "\"");
                first = false;
            }
            i += 1;
        }
        put(buf, n, ";\n")
    }
    let mut buf = [0; TS_CAP];
    let mut n = put(
        &mut buf,
        0,
        "/** A column of the game list (db.rows), in list order. \"index\" shows the game's number (index + 1). */\n\
         export type ColumnKey = ",
    );
    n = union(&mut buf, n, false);
    n = put(
        &mut buf,
        n,
        "/** The columns db.sort takes: all but the main-line plies (which would replay every game). */\n\
         export type SortColumn = ",
    );
    n = union(&mut buf, n, true);
    (buf, n)
}

/// A page of list rows, column by column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rows {
    /// The games of the page, in the order asked (games past the end left out).
    pub index: Vec<u32>,
    /// `text[c as usize][k]`: the text of [`Column`] `c` for game `index[k]`.
    pub text: Vec<Vec<String>>,
}

/// The rows of games `indices`: each record read once, each name the page
/// shows decoded once, each game's main line replayed once (for
/// [`Column::Plies`]), and its opening moves once more (for
/// [`Column::Opening`], named from `openings`; empty without). Indices past
/// the end are left out.
pub fn rows<R: ReadAt>(
    db: &Database<R>,
    indices: &[u32],
    openings: Option<&Openings>,
) -> Result<Rows, Error> {
    let mut headers = Vec::with_capacity(indices.len());
    for &i in indices.iter().filter(|&&i| u64::from(i) < db.count()) {
        let mut h = db.raw_header(u64::from(i))?;
        // The game's own ECO reading (Q11): none where it cannot be A00.
        h.eco = db.eco_of(u64::from(i), &h).unwrap_or(d00::ECO_UNKNOWN);
        h.game_type = db.game_type_code(h.game_type);
        headers.push((i, h));
    }
    let enc = db.text();
    let mut names: BTreeMap<(u8, u32), Option<String>> = BTreeMap::new();
    for (_, h) in &headers {
        for (kind, id) in Column::ALL.iter().filter_map(|c| c.name_id(h)) {
            names
                .entry((kind as u8, id))
                .or_insert_with(|| db.list(kind).display_name(id, enc));
        }
    }
    let mut text: Vec<Vec<String>> = Column::ALL
        .iter()
        .map(|_| Vec::with_capacity(headers.len()))
        .collect();
    for (i, h) in &headers {
        let replayed = Replayed {
            plies: db.main_line_plies(u64::from(*i)),
            opening: openings.and_then(|o| db.opening_name(u64::from(*i), o)),
        };
        for (c, out) in Column::ALL.into_iter().zip(&mut text) {
            let name = c
                .name_id(h)
                .and_then(|(kind, id)| names.get(&(kind as u8, id))?.as_deref());
            out.push(c.text(*i, h, name, &replayed));
        }
    }
    Ok(Rows {
        index: headers.into_iter().map(|(i, _)| i).collect(),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_all_is_in_declaration_order() {
        for (k, c) in Column::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, k);
            assert_eq!(Column::from_key(c.key()), Some(c));
        }
        assert_eq!(Column::from_key("number"), None);
        let sortable: Vec<&str> = Column::ALL
            .into_iter()
            .filter(|c| !c.sortable())
            .map(Column::key)
            .collect();
        assert_eq!(sortable, ["opening", "plies"]);
    }

    /// The generated TypeScript lists the keys: `ColumnKey` every column in
    /// list order, `SortColumn` the sortable ones; the hand-kept
    /// declarations (src/wasm/types.d.ts) leave both to it.
    #[test]
    fn the_typescript_column_types_match() {
        let ts = Column::TYPESCRIPT;
        let union = |name: &str| -> Vec<String> {
            let start = ts
                .find(&alloc::format!("export type {name} = "))
                .unwrap_or_else(|| panic!("Column::TYPESCRIPT declares {name}: {ts}"));
            let decl = &ts[start..];
            let decl = &decl[..decl.find(';').unwrap()];
            decl.split('"')
                .skip(1)
                .step_by(2)
                .map(String::from)
                .collect()
        };
        let keys: Vec<String> = Column::ALL.iter().map(|c| c.key().into()).collect();
        assert_eq!(union("ColumnKey"), keys);
        let sortable: Vec<String> = Column::ALL
            .iter()
            .filter(|c| c.sortable())
            .map(|c| c.key().into())
            .collect();
        assert_eq!(union("SortColumn"), sortable);
        assert_eq!(sortable.len(), Column::ALL.len() - 2);
        let by_hand = include_str!("../wasm/types.d.ts");
        for name in ["ColumnKey", "SortColumn"] {
            assert!(
                !by_hand.contains(&alloc::format!("type {name} ")),
                "types.d.ts declares {name}, which Column::TYPESCRIPT writes"
            );
        }
    }

    fn header() -> RawHeader {
        RawHeader {
            white_elo: 2400,
            outcome: 2,
            // 1997-03-?? (§7: year * 416 + month * 32 + day)
            date: 1997 * 416 + 3 * 32,
            round2: 7,
            eco: 242,
            game_type: 2,
            ..RawHeader::default()
        }
    }

    #[test]
    fn text_of_each_column() {
        let h = header();
        let najdorf = crate::openings::Opening {
            eco: "B90".into(),
            name: "Sicilian Defense: Najdorf Variation".into(),
        };
        let replayed = Replayed {
            plies: 17,
            opening: Some(&najdorf),
        };
        let text = |c: Column, h: &RawHeader| c.text(41, h, Some("Anna"), &replayed);
        let all: Vec<String> = Column::ALL.iter().map(|&c| text(c, &h)).collect();
        assert_eq!(
            all,
            [
                "42",
                "",
                "Anna",
                "2400",
                "Anna",
                "",
                "1-0",
                "1997.03.??",
                "Anna",
                "Anna",
                "3.5",
                "C42",
                "B90 Sicilian Defense: Najdorf Variation",
                "Anna",
                "Anna",
                "historic games",
                "17"
            ]
        );
        let results: Vec<String> = [0, 1, 2, 3, 4, 5, 16, 17]
            .into_iter()
            .map(|outcome| text(Column::Result, &RawHeader { outcome, ..h }))
            .collect();
        let a = |code| crate::game::Assessment::from_code(code).unwrap().symbol();
        assert_eq!(
            results,
            [
                "*".into(),
                "½-½".into(),
                "1-0".into(),
                "0-1".into(),
                "*".into(),
                alloc::format!("* {}", a(5)),
                alloc::format!("* {}", a(16)),
                "*".into()
            ]
        );
        let dates: Vec<String> = [0, 1997 * 416, 1997 * 416 + 3 * 32 + 15, 800 * 416 + 32]
            .into_iter()
            .map(|date| text(Column::Date, &RawHeader { date, ..h }))
            .collect();
        assert_eq!(dates, ["", "1997.??.??", "1997.03.15", "800.01.??"]);
        let none = RawHeader {
            round2: 0,
            eco: 500,
            game_type: 0,
            ..h
        };
        for c in [
            Column::Round,
            Column::Eco,
            Column::GameType,
            Column::BlackElo,
        ] {
            assert_eq!(text(c, &none), "", "{c:?}");
        }
        assert_eq!(
            Column::Round.text(0, &RawHeader { round2: 6, ..h }, None, &Replayed::default()),
            "3"
        );
        assert_eq!(Column::White.text(0, &h, None, &Replayed::default()), "");
        assert_eq!(Column::Opening.text(0, &h, None, &Replayed::default()), "");
    }

    #[test]
    fn sort_keys() {
        let h = RawHeader {
            white_id: 5,
            site_id: 9,
            ..header()
        };
        let rank = |kind: ListKind, id: u32| kind as u32 * 1000 + id;
        let key = |c: Column| c.sort_key(41, &h, rank);
        assert_eq!(key(Column::Index), Some(41));
        assert_eq!(key(Column::White), Some(5));
        assert_eq!(key(Column::Site), Some(2009));
        assert_eq!(key(Column::WhiteElo), Some(2400));
        assert_eq!(key(Column::Result), Some(2));
        assert_eq!(key(Column::Date), Some(h.date));
        assert_eq!(key(Column::Plies), None);
        assert_eq!(key(Column::Opening), None);
        for c in Column::ALL {
            assert_eq!(key(c).is_some(), c.sortable(), "{c:?}");
        }
    }

    /// `rows` against the decoded headers of a written database.
    #[cfg(feature = "pgn")]
    #[test]
    fn rows_agree_with_the_decoded_headers() {
        use crate::ca::{OpenOptions, search::HeaderIndex, writer};
        let pgn = "[Event \"E1\"] [Site \"S\"] [White \"Anna\"] [Black \"Boris\"] [Round \"3\"] [Result \"1/2-1/2\"]\n1. e4 e5 2. Nf3 1/2-1/2\n\n\
                   [Event \"E2\"] [White \"Boris\"] [Black \"Anna\"] [Annotator \"Cleo\"] [ECO \"B33\"] [Result \"0-1\"]\n1. d4 0-1\n";
        let games = crate::game::import::read_pgn(pgn).unwrap();
        let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
        let db = Database::open(files, OpenOptions::default()).unwrap();
        let openings = crate::openings::Openings::builtin();
        let page = rows(&db, &[1, 9, 0, 1], Some(&openings)).unwrap();
        assert_eq!(page.index, [1, 0, 1]);
        assert_eq!(page.text.len(), Column::ALL.len());
        let col = |c: Column| page.text[c as usize].clone();
        assert_eq!(col(Column::Index), ["2", "1", "2"]);
        assert_eq!(col(Column::White), ["Boris", "Anna", "Boris"]);
        assert_eq!(col(Column::Black), ["Anna", "Boris", "Anna"]);
        assert_eq!(col(Column::Annotator), ["Cleo", "", "Cleo"]);
        assert_eq!(col(Column::Event), ["E2", "E1", "E2"]);
        assert_eq!(col(Column::Site), ["", "S", ""]);
        assert_eq!(col(Column::Result), ["0-1", "½-½", "0-1"]);
        assert_eq!(col(Column::Round), ["", "3", ""]);
        assert_eq!(col(Column::Eco), ["B33", "", "B33"]);
        assert_eq!(col(Column::Plies), ["1", "3", "1"]);
        // a.tsv: 1.d4 is "A40 Queen's Pawn Game"; c.tsv: 1.e4 e5 2.Nf3 is
        // "C40 King's Knight Opening". The stored ECO B33 stays in its column.
        assert_eq!(
            col(Column::Opening),
            [
                "A40 Queen's Pawn Game",
                "C40 King's Knight Opening",
                "A40 Queen's Pawn Game"
            ]
        );
        assert_eq!(
            rows(&db, &[0], None).unwrap().text[Column::Opening as usize],
            [""]
        );
        for (k, &i) in page.index.iter().enumerate() {
            let h = db.headers(u64::from(i)).unwrap();
            assert_eq!(
                page.text[Column::White as usize][k],
                h.white.unwrap_or_default()
            );
            assert_eq!(
                page.text[Column::Event as usize][k],
                h.event.unwrap_or_default()
            );
        }
        assert_eq!(
            rows(&db, &[], None).unwrap().text,
            vec![Vec::<String>::new(); 17]
        );
        // Plies is not in the headers: sorting by it is an error.
        let index = HeaderIndex::new(&db);
        assert_eq!(index.sort(&db, Column::Round, true, None).unwrap(), [0, 1]);
        let err = index.sort(&db, Column::Plies, false, None).unwrap_err();
        assert_eq!(
            (err.code(), err.fault()),
            ("bad-argument", crate::Fault::Parameter)
        );
    }
}
