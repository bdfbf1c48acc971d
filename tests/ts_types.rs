//! The TypeScript types of the package (src/wasm/types.d.ts, kept by hand)
//! and the viewer's search form (www/index.html) against their Rust
//! sources, each union and field list compared as a set: a new encoding,
//! error code, diagnosis point, result, convention, move ordering or
//! query field fails here until the TypeScript has it, and the failure
//! names what is missing where. `ColumnKey` and `SortColumn` are written
//! from the columns themselves (`Column::TYPESCRIPT`); www/query.ts checks its field lists against
//! `SearchQuery` itself (tsc).

#![cfg(not(target_arch = "wasm32"))]

use std::{collections::BTreeSet, ops::ControlFlow};

use cadb::{
    ErrorKind,
    ca::{
        Certainty, Database, OpenOptions,
        diagnose::DiagnoseOptions,
        format::Convention,
        search::{EloOf, Query, Side},
        writer,
    },
    game::{GameResult, import::read_pgn},
    ordinal::Ordering,
    text::TextEncoding,
};

const TS: &str = include_str!("../src/wasm/types.d.ts");
const TS_PATH: &str = "src/wasm/types.d.ts";

type Set = BTreeSet<String>;

fn set<'a>(items: impl IntoIterator<Item = &'a str>) -> Set {
    items.into_iter().map(String::from).collect()
}

/// The quoted strings of a piece of TypeScript or HTML.
fn quoted(text: &str) -> Set {
    set(text.split('"').skip(1).step_by(2))
}

/// Fails, naming what each side lacks, unless `found` (in `place`) and
/// `rust` are the same set.
#[track_caller]
fn assert_same(what: &str, place: &str, found: &Set, rust: &Set) {
    let missing: Vec<_> = rust.difference(found).collect();
    let extra: Vec<_> = found.difference(rust).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what} in {place}: missing {missing:?}, not in Rust {extra:?}"
    );
}

/// The members of `export type NAME = "a" | "b" ...;`.
fn union(name: &str) -> Set {
    let decl = TS
        .split(&format!("export type {name} = "))
        .nth(1)
        .unwrap_or_else(|| panic!("{TS_PATH} declares type {name}"));
    quoted(&decl[..decl.find(';').unwrap()])
}

/// The fields of `export interface NAME ... { ... }` (outside nested braces)
/// and their types' text, comments left out.
fn fields(name: &str) -> Vec<(String, String)> {
    let decl = TS
        .split(&format!("export interface {name} "))
        .nth(1)
        .unwrap_or_else(|| panic!("{TS_PATH} declares interface {name}"));
    let body = &decl[decl.find('{').unwrap() + 1..];
    let mut out = Vec::new();
    let (mut depth, mut field) = (0, String::new());
    let mut rest = body;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("/*") {
            rest = &rest[rest.find("*/").unwrap() + 2..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ';' | '\n' if depth == 0 => {
                if let Some((name, ty)) = field.split_once(':') {
                    out.push((name.trim().trim_end_matches('?').into(), ty.trim().into()));
                }
                field.clear();
                if c == '}' {
                    return out;
                }
                continue;
            }
            '}' | ')' | ']' => depth -= 1,
            _ => {}
        }
        field.push(c);
    }
    panic!("{TS_PATH}: interface {name} ends")
}

fn field_type(interface: &str, field: &str) -> String {
    fields(interface)
        .into_iter()
        .find(|(f, _)| f == field)
        .unwrap_or_else(|| panic!("{TS_PATH}: {interface} has a field {field}"))
        .1
}

#[test]
fn encodings() {
    let rust = set(TextEncoding::ALL.map(TextEncoding::name));
    assert_same("type Encoding", TS_PATH, &union("Encoding"), &rust);
}

/// Every error's code, and `internal`: the wasm layer's code for a bug of
/// its own (a value it could not serialise, src/wasm/mod.rs).
#[test]
fn error_codes() {
    let rust = set(ErrorKind::CODES.into_iter().chain(["internal"]));
    assert_same("type ErrorCode", TS_PATH, &union("ErrorCode"), &rust);
    assert_eq!(
        field_type("CadbError", "code"),
        "ErrorCode",
        "CadbError.code in {TS_PATH}"
    );
}

#[test]
fn results_and_conventions() {
    let rust = set(GameResult::ALL.map(GameResult::as_pgn));
    assert_same("type GameResult", TS_PATH, &union("GameResult"), &rust);
    // No wildcard: a new convention does not compile until it is listed.
    let every = [Convention::Right, Convention::Left].map(|c| match c {
        Convention::Right | Convention::Left => c.name(),
    });
    assert_same(
        "type Convention",
        TS_PATH,
        &union("Convention"),
        &set(every),
    );
}

#[test]
fn move_orderings() {
    let rust = set(Ordering::ALL.map(Ordering::name));
    assert_same("type MoveOrdering", TS_PATH, &union("MoveOrdering"), &rust);
}

/// The points the doctor reports on a database with a players list (which
/// it reports on only when there is one): every point it has.
#[test]
fn diagnosis_point_ids() {
    let pgn = "[White \"Anna\"] [WhiteElo \"2400\"] [Black \"Boris\"]\n1. e4 e5 *\n";
    let games = read_pgn(pgn).unwrap();
    let files = writer::write_database(&games, &writer::WriterOptions::plain())
        .unwrap()
        .0;
    let db = Database::open(files, OpenOptions::default()).unwrap();
    let d = db.diagnose(DiagnoseOptions::default(), |_, _| ControlFlow::Continue(()));
    let rust = set(d.points.iter().map(|p| p.id));
    assert!(rust.contains("players-d00"), "the players list is there");
    let ts = union("DiagnosisPointId");
    assert_same("type DiagnosisPointId", TS_PATH, &ts, &rust);
    assert_eq!(
        field_type("DiagnosisPoint", "id"),
        "DiagnosisPointId",
        "DiagnosisPoint.id in {TS_PATH}"
    );
    // A point's certainty: a detection's (every `Certainty`, named in a
    // match with no wildcard, so a new one does not compile until listed),
    // a caller's choice, or none; every point here has one of them.
    let certainty = |c: Certainty| match c {
        Certainty::Undecided | Certainty::Weak | Certainty::Strong => c.name(),
    };
    let mut rust = set([Certainty::Undecided, Certainty::Weak, Certainty::Strong].map(certainty));
    rust.extend(["chosen".to_string(), "n/a".to_string()]);
    let ts = quoted(&field_type("DiagnosisPoint", "certainty"));
    assert_same("DiagnosisPoint.certainty", TS_PATH, &ts, &rust);
    for p in &d.points {
        assert!(
            ts.contains(p.certainty),
            "{}: certainty {:?} is not in {TS_PATH}",
            p.id,
            p.certainty
        );
    }
}

/// `Query`'s fields by their JS names (camelCase). The pattern has no
/// `..`: a new field does not compile until it is named here.
fn query_fields() -> Set {
    macro_rules! names {
        ($($field:ident),* $(,)?) => {{
            let Query { $($field: _),* } = Query::default();
            [$(stringify!($field)),*]
        }};
    }
    let snake = names!(
        text,
        player,
        player_exact,
        color,
        event,
        site,
        annotator,
        year_from,
        year_to,
        eco_from,
        eco_to,
        result,
        min_elo,
        elo_of,
        source,
        game_type,
        plies_from,
        plies_to,
        annotated,
        material,
        pattern,
        maneuver,
        comment,
        nag,
        has_eval,
        eval_swing,
        opening,
    );
    snake
        .iter()
        .map(|f| {
            let mut words = f.split('_');
            let first = words.next().unwrap().to_string();
            words.fold(first, |out, w| out + &w[..1].to_uppercase() + &w[1..])
        })
        .collect()
}

#[test]
fn search_query() {
    let rust = query_fields();
    let ts: Set = fields("SearchQuery").into_iter().map(|(f, _)| f).collect();
    assert_same("interface SearchQuery", TS_PATH, &ts, &rust);
    let color = quoted(&field_type("SearchQuery", "color"));
    assert_same(
        "SearchQuery.color",
        TS_PATH,
        &color,
        &set(Side::ALL.map(Side::name)),
    );
    let elo_of = quoted(&field_type("SearchQuery", "eloOf"));
    assert_same(
        "SearchQuery.eloOf",
        TS_PATH,
        &elo_of,
        &set(EloOf::ALL.map(EloOf::name)),
    );
    assert_eq!(
        field_type("SearchQuery", "result"),
        "GameResult",
        "SearchQuery.result in {TS_PATH}"
    );
    // The wasm reader builds a Query with every field (the compiler checks
    // that); here, that it reads each under its JS name.
    let reader = quoted(include_str!("../src/wasm/search.rs"));
    let unread: Vec<_> = rust.difference(&reader).collect();
    assert!(unread.is_empty(), "src/wasm/search.rs reads no {unread:?}");
}

/// The viewer's search form: a control for every query field but `text`
/// (the list's quick filter), named after it, and the choices of its
/// menus.
#[test]
fn search_form() {
    const PLACE: &str = "www/index.html, <form id=\"search-form\">";
    let html = include_str!("../www/index.html");
    let form = html
        .split("<form id=\"search-form\"")
        .nth(1)
        .and_then(|f| f.split("</form>").next())
        .unwrap_or_else(|| panic!("{PLACE} is there"));
    let names = after_all(form, "name=\"");
    let mut fields = query_fields();
    fields.remove("text");
    assert_same("name attributes", PLACE, &names, &fields);
    let options = |select: &str| -> Set {
        let menu = form
            .split(&format!("<select name=\"{select}\""))
            .nth(1)
            .unwrap_or_else(|| panic!("{PLACE} has a select {select}"));
        let menu = &menu[..menu.find("</select>").unwrap()];
        after_all(menu, "value=\"")
    };
    let sides = set(Side::ALL.map(Side::name));
    assert_same("<select name=\"color\">", PLACE, &options("color"), &sides);
    let elo_of = set(EloOf::ALL.map(EloOf::name));
    assert_same("<select name=\"eloOf\">", PLACE, &options("eloOf"), &elo_of);
    // "" is "any result".
    let results = set(GameResult::ALL
        .map(GameResult::as_pgn)
        .into_iter()
        .chain([""]));
    assert_same(
        "<select name=\"result\">",
        PLACE,
        &options("result"),
        &results,
    );
}

/// The values of `marker"…"` in `text`.
fn after_all(text: &str, marker: &str) -> Set {
    text.split(marker)
        .skip(1)
        .map(|v| v[..v.find('"').unwrap()].to_string())
        .collect()
}

/// The JSON of a game's view (`db.game(i)` in JS, which adds `index`, and
/// `error` for a damaged game) has exactly the fields `GameView` and
/// `MoveNode` declare, so a new `Node` field cannot be left out of the
/// TypeScript.
#[cfg(feature = "cli")]
#[test]
fn game_view_and_move_node_fields() {
    let game = &read_pgn("1. e4 (1. d4) e5 *").unwrap()[0];
    // With names: 1.e4 is named (b.tsv "B00 King's Pawn Game"), so the
    // optional `opening` of the game and of the first move is there.
    let openings = cadb::openings::Openings::builtin();
    let view = cadb::game::view::GameView::with_openings(game, &openings).unwrap();
    let json = serde_json::to_value(&view).unwrap();
    let keys = |v: &serde_json::Value| -> Set { v.as_object().unwrap().keys().cloned().collect() };
    let declared = |name: &str| -> Set { fields(name).into_iter().map(|(f, _)| f).collect() };
    let mut game_keys = keys(&json);
    game_keys.extend(["index".to_string(), "error".to_string()]);
    assert_same(
        "fields of GameView",
        TS_PATH,
        &declared("GameView"),
        &game_keys,
    );
    assert_same(
        "fields of MoveNode",
        TS_PATH,
        &declared("MoveNode"),
        &keys(&json["moves"][0]),
    );
}

/// `annotate()`'s object: the fields `set` in src/wasm/annotate.rs are
/// AnnotatedGame's, and EngineScore's keys are the ones it reads and writes.
#[test]
fn annotated_game_fields() {
    let src = include_str!("../src/wasm/annotate.rs");
    let declared: Set = fields("AnnotatedGame")
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    assert_same(
        "fields of AnnotatedGame",
        TS_PATH,
        &declared,
        &after_all(src, "set(&o, \""),
    );
    let decl = TS.split("export type EngineScore = ").nth(1).unwrap();
    let ts_keys: Set = decl[..decl.find(';').unwrap()]
        .split('{')
        .skip(1)
        .map(|f| f[..f.find(':').unwrap()].trim().to_string())
        .collect();
    assert_same(
        "keys of EngineScore",
        TS_PATH,
        &ts_keys,
        &set(["cp", "mate"]),
    );
    for key in ["cp", "mate"] {
        assert!(
            src.contains(&format!("prop(s, \"{key}\")")),
            "{key} is read"
        );
    }
}
