//! The JavaScript API, tested inside real browsers (headless Firefox and
//! Chrome) through wasm-bindgen-test; in the root, with no other argument
//! (`npm test` runs both, through scripts/browser-test.sh):
//!
//! ```text
//! wasm-pack test --headless --firefox
//! wasm-pack test --headless --chrome
//! ```
//!
//! The `wasm` and `pgn` features come from Cargo.toml's wasm32-only
//! dev-dependency on this crate; every other test file is host only.
//!
//! The databases are made in the test by the Chess Assistant writer. Values
//! are built and read through JS objects, as a page would.

#![cfg(target_arch = "wasm32")]

#[path = "support/volume.rs"]
mod volume;

use cadb::ca::DatabaseFiles;
use cadb::ca::writer::{WriterOptions, write_database};
use cadb::game::import::read_pgn;
use cadb::wasm::{Database, codecs};
use js_sys::{Array, Function, Object, Reflect, Uint8Array, Uint32Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const GAMES: &str = r#"[Event "Browser test"]
[Site "Kyiv"]
[Date "1998.05.??"]
[White "Anna"]
[Black "Boris"]
[WhiteElo "2400"]
[BlackElo "2350"]
[ECO "C65"]
[Result "1-0"]

1. e4 e5 2. Nf3 {Development} Nc6 (2... d6 3. d4 (3. Bc4) exd4) 3. Bb5 $1 a6 4. Ba4 Nf6 5. O-O Be7 1-0

[Event "Second"]
[Site "Lviv"]
[Date "2001.??.??"]
[White "Boris"]
[Black "Cleo"]
[ECO "D30"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 1/2-1/2

[Event "Browser test"]
[White "Cleo"]
[Black "Anna"]
[WhiteElo "2500"]
[BlackElo "2450"]
[Result "0-1"]

1. c4 c5 0-1
"#;

fn files_from_pgn(pgn: &str) -> DatabaseFiles<Vec<u8>> {
    let games = read_pgn(pgn).expect("the test PGN parses");
    write_database(&games, &WriterOptions::default())
        .expect("the writer accepts the games")
        .0
}

fn obj(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

/// A `LazyDatabaseSource` with D00 and D02 both read through `read`.
fn fully_lazy(files: &DatabaseFiles<Vec<u8>>, read: Function) -> JsValue {
    obj(&[
        ("cdp", bytes(&files.cdp)),
        ("emb", bytes(&files.emb)),
        ("a02", bytes(&files.a02)),
        ("d00Size", (files.d00.len() as f64).into()),
        ("d02Size", (files.d02.len() as f64).into()),
        ("read", read.into()),
    ])
}

/// [`fully_lazy`] over in-page copies, with a `read` that counts its calls
/// by file: the source, and the store whose `d00Reads` and `d02Reads` count.
fn counted_lazy(files: &DatabaseFiles<Vec<u8>>) -> (JsValue, JsValue) {
    let store = obj(&[
        ("d00", bytes(&files.d00)),
        ("d02", bytes(&files.d02)),
        ("d00Reads", 0.into()),
        ("d02Reads", 0.into()),
    ]);
    let read = Function::new_with_args(
        "file, offset, length",
        "this[file + 'Reads']++; return this[file].slice(offset, offset + length);",
    )
    .bind0(&store);
    (fully_lazy(files, read), store)
}

fn bytes(v: &[u8]) -> JsValue {
    Uint8Array::from(v).into()
}

fn get(v: &JsValue, k: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(k)).unwrap()
}

fn open_obj(files: &DatabaseFiles<Vec<u8>>, encoding: Option<&str>) -> JsValue {
    let mut pairs = vec![
        ("cdp", bytes(&files.cdp)),
        ("emb", bytes(&files.emb)),
        ("d00", bytes(&files.d00)),
        ("a02", bytes(&files.a02)),
        ("d02", bytes(&files.d02)),
    ];
    if let Some(e) = encoding {
        pairs.push(("encoding", JsValue::from_str(e)));
    }
    obj(&pairs)
}

fn open(files: &DatabaseFiles<Vec<u8>>) -> Database {
    Database::open(open_obj(files, None)).unwrap_or_else(|e| panic!("open failed: {e:?}"))
}

/// The JS `Error` thrown: its `code` property and message.
fn code_of(err: JsValue) -> (String, String) {
    let error: &js_sys::Error = err
        .dyn_ref()
        .unwrap_or_else(|| panic!("thrown value is not an Error: {err:?}"));
    let code = get(error, "code")
        .as_string()
        .expect("the Error has a string code");
    (code, String::from(error.message()))
}

fn open_err(v: JsValue) -> (String, String) {
    match Database::open(v) {
        Ok(db) => panic!("expected an error, opened {} games", db.count()),
        Err(e) => code_of(e),
    }
}

#[wasm_bindgen_test]
fn opens_and_reports_info() {
    let files = files_from_pgn(GAMES);
    let db = open(&files);
    assert_eq!(db.count(), 3.0);
    let info = db.info();
    assert_eq!(get(&info, "games").as_f64(), Some(3.0));
    assert_eq!(
        get(&info, "encoding").as_string().as_deref(),
        Some("cp1251")
    );
    assert!(matches!(
        get(&info, "convention").as_string().as_deref(),
        Some("right" | "left")
    ));
    assert!(get(&info, "players").as_f64().unwrap() >= 3.0);
    // ArrayBuffers are accepted as well as Uint8Arrays.
    let buf = |v: &[u8]| -> JsValue { Uint8Array::from(v).buffer().into() };
    let db2 = Database::open(obj(&[
        ("cdp", buf(&files.cdp)),
        ("emb", buf(&files.emb)),
        ("d00", buf(&files.d00)),
        ("a02", buf(&files.a02)),
        ("d02", buf(&files.d02)),
    ]))
    .unwrap();
    assert_eq!(db2.count(), 3.0);
}

#[wasm_bindgen_test]
fn headers_come_as_columns_with_name_tables() {
    let db = open(&files_from_pgn(GAMES));
    let names = db.names();
    let players: Array = get(&names, "players").dyn_into().unwrap();
    let events: Array = get(&names, "events").dyn_into().unwrap();
    let info = db.info();
    // Each record once, after "": ids the writer redirects share a record.
    for (table, kind) in [
        ("players", cadb::ca::ListKind::Players),
        ("events", cadb::ca::ListKind::Events),
        ("sites", cadb::ca::ListKind::Places),
    ] {
        let t: Array = get(&names, table).dyn_into().unwrap();
        assert_eq!(t.get(0).as_string().as_deref(), Some(""));
        let list = db.core().list(kind);
        assert_eq!(t.length() - 1, list.record_count(), "{table}");
        assert_eq!(Some(f64::from(list.len())), get(&info, table).as_f64());
    }
    assert!(players.length() - 1 < db.core().list(cadb::ca::ListKind::Players).len());
    let h = db.headers(0, 100).unwrap();
    assert_eq!(get(&h, "count").as_f64(), Some(3.0));
    let col = |k: &str| -> Vec<u32> {
        let v = get(&h, k);
        let a = Array::from(&v);
        a.iter().map(|x| x.as_f64().unwrap() as u32).collect()
    };
    let name = |t: &Array, id: u32| t.get(id).as_string().unwrap();
    let white: Vec<String> = col("white").iter().map(|&id| name(&players, id)).collect();
    assert_eq!(white, ["Anna", "Boris", "Cleo"]);
    assert_eq!(name(&events, col("event")[1]), "Second");
    assert_eq!(col("whiteElo"), [2400, 0, 2500]);
    assert_eq!(col("result"), [1, 3, 2]);
    assert_eq!(col("year"), [1998, 2001, 0]);
    assert_eq!(col("month"), [5, 0, 0]);
    assert_eq!(cadb::wasm::eco_string(col("eco")[0] as u16), "C65");
    assert_eq!(cadb::wasm::eco_string(0xFFFF), "");
    assert!(get(&h, "white").is_instance_of::<Uint32Array>());
    // A page past the end is empty, not an error.
    let h = db.headers(10, 5).unwrap();
    assert_eq!(get(&h, "count").as_f64(), Some(0.0));
    assert_eq!(Array::from(&db.plies(0, 3)).length(), 3);
    assert_eq!(db.plies(0, 3).to_vec(), [10, 4, 2]);
}

#[wasm_bindgen_test]
fn rows_are_the_list_text_of_headers_and_names() {
    let db = open(&files_from_pgn(GAMES));
    let names = db.names();
    let table = |t: &str| -> Vec<String> {
        Array::from(&get(&names, t))
            .iter()
            .map(|n| n.as_string().unwrap())
            .collect()
    };
    let (players, events, sites) = (table("players"), table("events"), table("sites"));
    // Out of order, repeated, and one past the end (left out).
    let asked = [2u32, 0, 7, 1, 2];
    let rows = db.rows(&asked).unwrap();
    let index = get(&rows, "index");
    assert!(index.is_instance_of::<Uint32Array>());
    let index = Uint32Array::from(index).to_vec();
    assert_eq!(index, [2, 0, 1, 2]);
    let columns = get(&rows, "columns");
    let keys: Vec<String> = Object::keys(columns.unchecked_ref::<Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    let want: Vec<&str> = cadb::ca::columns::Column::ALL
        .iter()
        .map(|c| c.key())
        .collect();
    assert_eq!(keys, want);
    let col = |k: &str| -> Vec<String> {
        let a: Array = get(&columns, k).dyn_into().unwrap();
        a.iter().map(|v| v.as_string().unwrap()).collect()
    };
    for k in &keys {
        assert_eq!(col(k).len(), index.len(), "{k}");
    }
    // Each row against headers() + names() of the same game.
    for (r, &i) in index.iter().enumerate() {
        let h = db.headers(i, 1).unwrap();
        let id = |k: &str| Array::from(&get(&h, k)).get(0).as_f64().unwrap() as usize;
        let name = |t: &[String], k: &str| t.get(id(k)).cloned().unwrap_or_default();
        assert_eq!(col("index")[r], (i + 1).to_string());
        assert_eq!(col("white")[r], name(&players, "white"), "game {i}");
        assert_eq!(col("black")[r], name(&players, "black"), "game {i}");
        assert_eq!(col("annotator")[r], name(&players, "annotator"), "game {i}");
        assert_eq!(col("event")[r], name(&events, "event"), "game {i}");
        assert_eq!(col("site")[r], name(&sites, "site"), "game {i}");
        let elo = match id("whiteElo") {
            0 => String::new(),
            e => e.to_string(),
        };
        assert_eq!(col("whiteElo")[r], elo, "game {i}");
        assert_eq!(col("eco")[r], cadb::wasm::eco_string(id("eco") as u16));
        assert_eq!(col("plies")[r], db.plies(i, 1).to_vec()[0].to_string());
    }
    assert_eq!(col("white"), ["Cleo", "Anna", "Boris", "Cleo"]);
    assert_eq!(col("black"), ["Anna", "Boris", "Cleo", "Anna"]);
    assert_eq!(col("whiteElo"), ["2500", "2400", "", "2500"]);
    assert_eq!(col("result"), ["0-1", "1-0", "½-½", "0-1"]);
    assert_eq!(col("date"), ["", "1998.05.??", "2001.??.??", ""]);
    assert_eq!(col("site"), ["", "Kyiv", "Lviv", ""]);
    assert_eq!(col("eco"), ["", "C65", "D30", ""]);
    assert_eq!(col("plies"), ["2", "10", "4", "2"]);
    // An empty page is empty columns.
    let empty = db.rows(&[]).unwrap();
    assert_eq!(Uint32Array::from(get(&empty, "index")).length(), 0);
    assert_eq!(
        Array::from(&get(&get(&empty, "columns"), "white")).length(),
        0
    );
}

#[wasm_bindgen_test]
fn a_game_has_its_tree_comments_and_fens() {
    let db = open(&files_from_pgn(GAMES));
    let g = db.game(0).unwrap();
    assert_eq!(
        get(&get(&g, "headers"), "white").as_string().as_deref(),
        Some("Anna")
    );
    assert_eq!(
        get(&get(&g, "headers"), "date").as_string().as_deref(),
        Some("1998.05.??")
    );
    let moves: Array = get(&g, "moves").dyn_into().unwrap();
    assert_eq!(moves.length(), 10);
    let m = |i: u32| moves.get(i);
    assert_eq!(get(&m(0), "san").as_string().as_deref(), Some("e4"));
    assert_eq!(get(&m(0), "uci").as_string().as_deref(), Some("e2e4"));
    assert_eq!(
        get(&m(0), "fen").as_string().as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    let after: Array = get(&m(2), "commentsAfter").dyn_into().unwrap();
    assert_eq!(after.get(0).as_string().as_deref(), Some("Development"));
    let nags: Array = get(&m(4), "nags").dyn_into().unwrap();
    assert_eq!(nags.get(0).as_f64(), Some(1.0));
    // 2... Nc6 has the variation 2... d6 3. d4 (3. Bc4) exd4.
    let vars: Array = get(&m(3), "variations").dyn_into().unwrap();
    let line: Array = vars.get(0).dyn_into().unwrap();
    assert_eq!(get(&line.get(0), "san").as_string().as_deref(), Some("d6"));
    let inner: Array = get(&line.get(1), "variations").dyn_into().unwrap();
    let inner: Array = inner.get(0).dyn_into().unwrap();
    assert_eq!(
        get(&inner.get(0), "san").as_string().as_deref(),
        Some("Bc4")
    );
    assert!(get(&g, "error").is_undefined());
    assert_eq!(code_of(db.game(3).unwrap_err()).0, "no-such-game");
}

#[wasm_bindgen_test]
fn pgn_export_comes_in_chunks_with_progress() {
    let db = open(&files_from_pgn(GAMES));
    let one = db.pgn(0).unwrap();
    assert!(one.contains("[White \"Anna\"]"), "{one}");
    assert!(
        one.contains("2... d6 3. d4 ( 3. Bc4 )") || one.contains("(2... d6 3. d4 (3. Bc4)"),
        "{one}"
    );
    let chunks = Array::new();
    let progress = Array::new();
    let on_chunk = Function::new_with_args("c", "this.push(c)").bind0(&chunks);
    let on_progress = Function::new_with_args("d, t", "this.push([d, t])").bind0(&progress);
    let summary = db
        .export_pgn(JsValue::NULL, on_chunk.clone(), Some(on_progress))
        .unwrap();
    assert_eq!(get(&summary, "games").as_f64(), Some(3.0));
    let text: String = chunks.iter().map(|c| c.as_string().unwrap()).collect();
    assert_eq!(get(&summary, "bytes").as_f64(), Some(text.len() as f64));
    assert_eq!(text.matches("[Event ").count(), 3);
    let last: Array = progress.get(progress.length() - 1).dyn_into().unwrap();
    assert_eq!(
        (last.get(0).as_f64(), last.get(1).as_f64()),
        (Some(3.0), Some(3.0))
    );
    // A filtered export.
    let chunks2 = Array::new();
    let on_chunk2 = Function::new_with_args("c", "this.push(c)").bind0(&chunks2);
    let subset: JsValue = Uint32Array::from(&[2u32][..]).into();
    let summary = db.export_pgn(subset, on_chunk2, None).unwrap();
    assert_eq!(get(&summary, "games").as_f64(), Some(1.0));
    assert!(chunks2.get(0).as_string().unwrap().contains("1. c4 c5 0-1"));
}

/// `exportPgnBytes` gives `exportPgn`'s text as UTF-8, each chunk in an
/// ArrayBuffer of its own; from a database read lazily whose records lie
/// out of game order (the writer's default layout), in a few reads.
#[wasm_bindgen_test]
fn a_lazy_shuffled_export_as_bytes_is_the_text_in_few_reads() {
    // Names in Cyrillic: bytes and text differ in length.
    let pgn: String = (0..300)
        .map(|i| {
            format!(
                "[White \"Таль {i}\"]\n1. e4 {{комментарий {}}} e5 2. Nf3 *",
                "x".repeat(300)
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n");
    let files = files_from_pgn(&pgn);
    let mem = open(&files);
    let texts = Array::new();
    let on_text = Function::new_with_args("c", "this.push(c)").bind0(&texts);
    mem.export_pgn(JsValue::NULL, on_text, None).unwrap();
    let text: String = texts.iter().map(|c| c.as_string().unwrap()).collect();
    assert_eq!(text.matches("[White \"Таль ").count(), 300);

    let (src, store) = counted_lazy(&files);
    let lazy = Database::open_lazy(src).unwrap();
    let opening = get(&store, "d02Reads").as_f64().unwrap();
    let chunks = Array::new();
    let on_bytes = Function::new_with_args(
        "b",
        "if (!(b instanceof Uint8Array) || b.byteOffset !== 0 || b.byteLength !== b.buffer.byteLength) throw new Error('not its own buffer'); this.push(b)",
    )
    .bind0(&chunks);
    let summary = lazy
        .export_pgn_bytes(JsValue::NULL, on_bytes.clone(), None, None, None)
        .unwrap();
    let got: Vec<u8> = chunks
        .iter()
        .flat_map(|c| c.dyn_into::<Uint8Array>().unwrap().to_vec())
        .collect();
    assert_eq!(String::from_utf8(got).unwrap(), text);
    assert_eq!(get(&summary, "bytes").as_f64(), Some(text.len() as f64));
    let reads = get(&store, "d02Reads").as_f64().unwrap() - opening;
    assert!(reads <= 3.0, "{reads} reads of D02 for 300 games");

    // One database of an archive's export: each game's own tags, then
    // where it came from, the rest the same.
    chunks.set_length(0);
    lazy.export_pgn_bytes(JsValue::NULL, on_bytes, None, Some("ECO".into()), None)
        .unwrap();
    let tagged: Vec<u8> = chunks
        .iter()
        .flat_map(|c| c.dyn_into::<Uint8Array>().unwrap().to_vec())
        .collect();
    let tagged = String::from_utf8(tagged).unwrap();
    let mut k = 0;
    let want: String = text
        .split_inclusive('\n')
        .map(|line| {
            // The blank line after a game's tags: its source goes before it.
            if line == "\n" && k % 2 == 0 {
                k += 1;
                return format!("[CASource \"ECO game {}\"]\n\n", k / 2);
            }
            if line == "\n" {
                k += 1;
            }
            line.to_string()
        })
        .collect();
    assert_eq!(tagged, want);
}

/// Two databases of the same two games: every game of the second a copy.
fn two_copies() -> (Database, Database) {
    let pgn = "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
               [White \"Cleo\"]\n[Black \"Anna\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";
    let files = files_from_pgn(pgn);
    (open(&files), open(&files))
}

#[wasm_bindgen_test]
fn an_archive_merge_writes_each_copy_once_and_refuses_misuse() {
    let (a, b) = two_copies();
    let mut merge = cadb::wasm::archive::ArchiveMerge::new();
    let chunks = Array::new();
    let on_bytes = Function::new_with_args("b", "this.push(b)").bind0(&chunks);
    // Exporting before the plan is made, or a database it does not have,
    // is refused with a clear error.
    let early = merge.export_database(0, &a, on_bytes.clone(), None);
    assert_eq!(code_of(early.unwrap_err()).0, "bad-argument");
    merge.add_database("A".into(), &a, None).unwrap();
    merge.add_database("B".into(), &b, None).unwrap();
    merge.add_missing("C".into());
    let found = merge.find();
    assert_eq!(get(&found, "groups").as_f64(), Some(2.0));
    assert_eq!(get(&found, "copies").as_f64(), Some(2.0));
    let beyond = merge.export_database(3, &a, on_bytes.clone(), None);
    assert_eq!(code_of(beyond.unwrap_err()).0, "bad-argument");
    // Each game once: A's copies kept (the first of equals), B's left out.
    let sa = merge
        .export_database(0, &a, on_bytes.clone(), None)
        .unwrap();
    let sb = merge.export_database(1, &b, on_bytes, None).unwrap();
    assert_eq!(
        (get(&sa, "games").as_f64(), get(&sb, "games").as_f64()),
        (Some(2.0), Some(0.0))
    );
    let text: String = chunks
        .iter()
        .map(|c| String::from_utf8(c.dyn_into::<Uint8Array>().unwrap().to_vec()).unwrap())
        .collect();
    assert_eq!(text.matches("[CASource \"A game ").count(), 2);
    assert!(text.contains("[CACopies \"B game 0\"]") && text.contains("[CACopies \"B game 1\"]"));
    assert!(!text.contains("[CASource \"B game"));
}

/// The same merge with its databases read elsewhere (the page's pool of
/// helpers): keys as bytes, added in order, each database exported with
/// its share; the same bytes as `exportDatabase`. A share of another
/// database, or keys not one a game, are refused.
#[wasm_bindgen_test]
fn an_archive_merge_in_pieces_writes_what_the_whole_merge_writes() {
    let (a, b) = two_copies();
    let export = |merge: &cadb::wasm::archive::ArchiveMerge, pieces: bool| {
        let chunks = Array::new();
        let on_bytes = Function::new_with_args("b", "this.push(b)").bind0(&chunks);
        for (k, (name, db)) in [("A", &a), ("B", &b)].into_iter().enumerate() {
            if pieces {
                let share = merge
                    .share(k as u32, 2.0)
                    .unwrap()
                    .expect("a share of 2 games");
                db.export_pgn_bytes(
                    JsValue::NULL,
                    on_bytes.clone(),
                    None,
                    Some(name.into()),
                    Some(share),
                )
                .unwrap();
            } else {
                merge
                    .export_database(k as u32, db, on_bytes.clone(), None)
                    .unwrap();
            }
        }
        let bytes: Vec<u8> = chunks
            .iter()
            .flat_map(|c| c.dyn_into::<Uint8Array>().unwrap().to_vec())
            .collect();
        String::from_utf8(bytes).unwrap()
    };
    let mut whole = cadb::wasm::archive::ArchiveMerge::new();
    whole.add_database("A".into(), &a, None).unwrap();
    whole.add_database("B".into(), &b, None).unwrap();
    whole.find();
    let mut pieces = cadb::wasm::archive::ArchiveMerge::new();
    assert_eq!(code_of(pieces.share(0, 2.0).unwrap_err()).0, "bad-argument");
    let keys = a.duplicate_keys(None).unwrap();
    let refused = pieces.add_keys("A".into(), 3.0, &keys).unwrap_err();
    assert_eq!(code_of(refused).0, "bad-argument");
    assert_eq!(
        code_of(pieces.add_keys("A".into(), 2.0, &keys[1..]).unwrap_err()).0,
        "bad-argument"
    );
    pieces.add_keys("A".into(), 2.0, &keys).unwrap();
    pieces
        .add_keys("B".into(), 2.0, &b.duplicate_keys(None).unwrap())
        .unwrap();
    let found = pieces.find();
    assert_eq!(get(&found, "copies").as_f64(), Some(2.0));
    let text = export(&pieces, true);
    assert_eq!(text, export(&whole, false));
    assert!(text.contains("[CACopies \"B game 0\"]"));
    // Not a database of the share's games: no share, and one given anyway is refused.
    assert!(pieces.share(0, 3.0).unwrap().is_none());
    let one = open(&files_from_pgn(
        "[White \"Anna\"]\n[Black \"Boris\"]\n\n1. e4 *\n",
    ));
    let share = pieces.share(0, 2.0).unwrap();
    let on_bytes = Function::new_with_args("b", "").bind0(&Array::new());
    let wrong = one.export_pgn_bytes(JsValue::NULL, on_bytes, None, None, share);
    assert_eq!(code_of(wrong.unwrap_err()).0, "bad-argument");
}

#[wasm_bindgen_test]
fn an_archive_lists_every_members_games_as_one() {
    let a = files_from_pgn(
        "[White \"Zoe\"]\n[Black \"Boris\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
         [White \"anna\"]\n[Black \"Cleo\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n",
    );
    let b = files_from_pgn("[White \"Boris\"]\n[Black \"Anna\"]\n[Result \"*\"]\n\n1. c4 *\n");
    let mut archive = cadb::wasm::Archive::new();
    archive.add("A".into(), open(&a));
    archive.add("B".into(), open(&b));
    assert_eq!(archive.count(), 3.0);
    let members = archive.members();
    let member = |k: u32, key: &str| get(&members.get(k), key);
    assert_eq!(member(1, "name").as_string().as_deref(), Some("B"));
    assert_eq!(
        (member(0, "games").as_f64(), member(1, "start").as_f64()),
        (Some(2.0), Some(2.0))
    );
    assert_eq!(archive.locate(2).map(|v| v.to_vec()), Some(vec![1, 0]));
    assert!(archive.locate(3).is_none());
    assert_eq!(
        (archive.global(0, 1), archive.global(1, 1)),
        (Some(1), None)
    );
    // Rows in the order asked, each with its member; "#" is the game's
    // number in its own database.
    let rows = archive.rows(&[2, 0, 9]).unwrap();
    assert_eq!(
        get(&rows, "index")
            .dyn_into::<Uint32Array>()
            .unwrap()
            .to_vec(),
        [2, 0]
    );
    assert_eq!(
        get(&rows, "database")
            .dyn_into::<Uint32Array>()
            .unwrap()
            .to_vec(),
        [1, 0]
    );
    let column = |key: &str| -> Vec<String> {
        Array::from(&get(&get(&rows, "columns"), key))
            .iter()
            .map(|v| v.as_string().unwrap())
            .collect()
    };
    assert_eq!(column("white"), ["Boris", "Zoe"]);
    assert_eq!(column("index"), ["1", "1"]);
    assert_eq!(column("database"), ["B", "A"]);
    // A search and a sort across both databases.
    let q = obj(&[("player", "anna".into())]);
    assert_eq!(archive.search(q, None).unwrap().to_vec(), [1, 2]);
    let by_white = archive.sort("white", None, None).unwrap().to_vec();
    assert_eq!(by_white, [1, 2, 0]);
    let by_database = archive.sort("database", Some(true), None).unwrap().to_vec();
    assert_eq!(by_database, [2, 0, 1]);
    let some = archive
        .sort("white", Some(true), Some(Uint32Array::from(&[0u32, 2][..])))
        .unwrap();
    assert_eq!(some.to_vec(), [0, 2]);
    // A game and its PGN come from its own database, numbered in the archive.
    let g = archive.game(2).unwrap();
    assert_eq!(
        (get(&g, "index").as_f64(), get(&g, "database").as_f64()),
        (Some(2.0), Some(1.0))
    );
    assert!(archive.pgn(2).unwrap().contains("[White \"Boris\"]"));
    assert_eq!(code_of(archive.game(3).unwrap_err()).0, "bad-argument");
    assert_eq!(
        code_of(archive.sort("plies", None, None).unwrap_err()).0,
        "bad-argument"
    );
    // A copy of B: its game is a duplicate of B's, the first kept.
    let copies = |a: &mut cadb::wasm::Archive| {
        let found = a.duplicates(None).unwrap();
        let copies = get(&found, "copies")
            .dyn_into::<Uint32Array>()
            .unwrap()
            .to_vec();
        (copies, get(&found, "groups").as_f64())
    };
    assert_eq!(copies(&mut archive), (vec![], Some(0.0)));
    archive.add("C".into(), open(&b));
    // A merged export needs the merge the duplicates plan (an add drops it).
    let merged = |a: &cadb::wasm::Archive| {
        let chunks = Array::new();
        let on_chunk = Function::new_with_args("c", "this.push(c)").bind0(&chunks);
        let summary = a.export_pgn_bytes(JsValue::NULL, on_chunk, None, Some(true));
        let text: String = chunks
            .iter()
            .map(|c| {
                String::from_utf8(c.dyn_into::<js_sys::Uint8Array>().unwrap().to_vec()).unwrap()
            })
            .collect();
        summary.map(|s| (get(&s, "games").as_f64(), text))
    };
    assert_eq!(code_of(merged(&archive).unwrap_err()).0, "bad-argument");
    assert_eq!(copies(&mut archive), (vec![3], Some(1.0)));
    // Merged: C's copy left out, B's game tagged with it.
    let (games, text) = merged(&archive).unwrap();
    assert_eq!(games, Some(3.0));
    assert!(
        text.contains("[CASource \"B game 0\"]\n[CACopies \"C game 0\"]"),
        "{text}"
    );
    assert!(!text.contains("[CASource \"C game 0\"]"), "{text}");
    // Each group's games, the kept one first, and its size.
    let found = archive.duplicates(None).unwrap();
    let array = |key: &str| get(&found, key).dyn_into::<Uint32Array>().unwrap().to_vec();
    assert_eq!((array("grouped"), array("sizes")), (vec![2, 3], vec![2]));
    // A search of the games' contents across them, with each hit's ply.
    let q = obj(&[("pattern", "Pc4".into())]);
    let hits = archive.search_hits(q, None).unwrap();
    let numbers = |v: JsValue| v.dyn_into::<Uint32Array>().unwrap().to_vec();
    assert_eq!(numbers(get(&hits, "games")), [2, 3]);
    assert_eq!(numbers(get(&hits, "plies")), [1, 1]);
    assert_eq!(get(&hits, "searched").as_f64(), Some(4.0));
    // The position search across them, its next moves counted over all.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let found = archive
        .position_search(start, obj(&[("next", true.into())]), None)
        .unwrap();
    let games = |found: &JsValue| {
        get(found, "games")
            .dyn_into::<Uint32Array>()
            .unwrap()
            .to_vec()
    };
    assert_eq!(games(&found), [0, 1, 2, 3]);
    let next = Array::from(&get(&found, "next"));
    let c4 = next
        .iter()
        .find(|m| get(m, "san").as_string().as_deref() == Some("c4"))
        .unwrap();
    assert_eq!((next.length(), get(&c4, "count").as_f64()), (3, Some(2.0)));
    // Each database searched apart (a pool's helpers), its games numbered
    // after those before it: the same rows through positionNext.
    let (mut games_apart, mut moves) = (Vec::new(), Vec::new());
    for (files, start_at) in [(&a, 0), (&b, 2), (&b, 3)] {
        let whole = obj(&[("part", 0.into()), ("parts", 1.into())]);
        let found = open(files).position_search(start, whole, None).unwrap();
        games_apart.extend(games(&found).iter().map(|g| g + start_at));
        moves.extend(
            get(&found, "nextMoves")
                .dyn_into::<js_sys::Uint16Array>()
                .unwrap()
                .to_vec(),
        );
    }
    assert_eq!(games_apart, games(&found));
    let json = |v: &JsValue| js_sys::JSON::stringify(v).unwrap().as_string().unwrap();
    let apart = archive.position_next(start, &games_apart, &moves).unwrap();
    assert_eq!(json(&apart), json(&get(&found, "next")));
    assert!(json(&apart).contains("\"c4\""));
    // Hostile input: a malformed position is refused as the tree's rows
    // refuse one (`openingTree`); a game past the list's end counts
    // nothing, as a database's positionNext skips it.
    assert_eq!(
        code_of(
            archive
                .position_next("nonsense", &games_apart, &moves)
                .unwrap_err()
        )
        .0,
        "bad-setup"
    );
    let (mut past, mut past_moves) = (games_apart.clone(), moves.clone());
    past.push(u32::MAX);
    past_moves.push(moves[0]);
    let with_past = archive.position_next(start, &past, &past_moves).unwrap();
    assert_eq!(json(&with_past), json(&apart));
    assert_eq!(
        code_of(
            archive
                .position_next(start, &games_apart, &moves[1..])
                .unwrap_err()
        )
        .0,
        "bad-argument"
    );
    let after_c4 = "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1";
    let some = obj(&[("games", Uint32Array::from(&[0u32, 3][..]).into())]);
    assert_eq!(
        games(&archive.position_search(after_c4, some, None).unwrap()),
        [3]
    );
    let parts = obj(&[("part", 0.into()), ("parts", 2.into())]);
    assert_eq!(
        code_of(archive.position_search(start, parts, None).unwrap_err()).0,
        "bad-argument"
    );
    // The opening tree counts every member's games; in memory, one step
    // builds it all.
    let step = archive.opening_tree_step();
    assert_eq!(
        (get(&step, "done").as_f64(), get(&step, "total").as_f64()),
        (Some(4.0), Some(4.0))
    );
    let counts: Vec<(String, f64)> = Array::from(&archive.opening_tree(start).unwrap())
        .iter()
        .map(|m| {
            (
                get(&m, "san").as_string().unwrap(),
                get(&m, "count").as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        counts,
        [("c4".into(), 2.0), ("d4".into(), 1.0), ("e4".into(), 1.0)]
    );
    // Boris's card: Black in A (lost to Zoe), White in B and C (unfinished).
    let card = archive.player_card("BORIS").unwrap();
    let score = |side: &str, key: &str| get(&get(&card, side), key).as_f64();
    assert_eq!(
        (score("white", "unfinished"), score("black", "losses")),
        (Some(2.0), Some(1.0))
    );
    assert_eq!(get(&card, "games").as_f64(), Some(3.0));
    let opponents: Vec<String> = Array::from(&get(&card, "opponents"))
        .iter()
        .map(|o| get(&o, "name").as_string().unwrap())
        .collect();
    assert_eq!(opponents, ["Anna", "Zoe"]);
    assert_eq!(
        code_of(archive.player_card("nobody").unwrap_err()).0,
        "bad-argument"
    );
}

#[wasm_bindgen_test]
fn a_damaged_member_costs_the_archive_only_its_damaged_games() {
    let good = files_from_pgn(GAMES);
    let mut bad = files_from_pgn(GAMES);
    bad.d02.truncate(bad.d02.len() / 2);
    // What the damaged database says alone, numbered after GOOD's 3 games.
    let alone = open(&bad);
    let damaged: Vec<u32> = (0..3)
        .filter(|&i| !get(&alone.game(i).unwrap(), "error").is_undefined())
        .collect();
    assert!(!damaged.is_empty(), "half a D02 damages some game");
    let mut archive = cadb::wasm::Archive::new();
    archive.add("GOOD".into(), open(&good));
    archive.add("BAD".into(), open(&bad));
    // Each game from its own database: GOOD's whole, BAD's as alone.
    for g in 0..6u32 {
        let error = get(&archive.game(g).unwrap(), "error");
        let want = g >= 3 && damaged.contains(&(g - 3));
        assert_eq!(!error.is_undefined(), want, "game {g}");
    }
    // The export writes every game, and lists BAD's damaged ones by their
    // archive numbers.
    let chunks = Array::new();
    let on_chunk = Function::new_with_args("c", "this.push(c)").bind0(&chunks);
    let summary = archive
        .export_pgn_bytes(JsValue::NULL, on_chunk, None, None)
        .unwrap();
    assert_eq!(get(&summary, "games").as_f64(), Some(6.0));
    let listed: Vec<u32> = Array::from(&get(&summary, "errors"))
        .iter()
        .map(|e| get(&e, "game").as_f64().unwrap() as u32)
        .collect();
    assert_eq!(listed, damaged.iter().map(|i| i + 3).collect::<Vec<_>>());
    // The tree sums what each database counts alone.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let counts = |moves: JsValue| -> Vec<(String, f64)> {
        Array::from(&moves)
            .iter()
            .map(|m| {
                (
                    get(&m, "san").as_string().unwrap(),
                    get(&m, "count").as_f64().unwrap(),
                )
            })
            .collect()
    };
    let mut want = counts(open(&good).opening_tree(start).unwrap());
    for (san, n) in counts(open(&bad).opening_tree(start).unwrap()) {
        match want.iter_mut().find(|(s, _)| *s == san) {
            Some((_, m)) => *m += n,
            None => want.push((san, n)),
        }
    }
    want.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    assert_eq!(counts(archive.opening_tree(start).unwrap()), want);
    // The doctor reports each member: BAD's damage is its own.
    let reports = Array::from(&archive.diagnose(JsValue::NULL, None).unwrap());
    let report = |k: u32| get(&reports.get(k), "report");
    assert_eq!(
        get(&reports.get(1), "name").as_string().as_deref(),
        Some("BAD")
    );
    assert_eq!(get(&report(1), "needsAttention").as_bool(), Some(true));
    let text = |k: u32| get(&report(k), "text").as_string().unwrap();
    assert_eq!(
        text(0),
        get(&open(&good).diagnose(JsValue::NULL, None).unwrap(), "text")
            .as_string()
            .unwrap()
    );
    assert_eq!(
        text(1),
        get(&alone.diagnose(JsValue::NULL, None).unwrap(), "text")
            .as_string()
            .unwrap()
    );
}

#[wasm_bindgen_test]
fn encodings_are_listed_default_first_and_open_by_name() {
    let list = cadb::wasm::encodings();
    let names: Vec<String> = list
        .iter()
        .map(|e| get(&e, "name").as_string().unwrap())
        .collect();
    assert_eq!(names, ["cp1251", "cp866", "latin1", "utf-8"]);
    assert!(
        list.iter()
            .all(|e| !get(&e, "label").as_string().unwrap().is_empty())
    );
    let files = files_from_pgn(GAMES);
    for name in &names {
        let db = Database::open(open_obj(&files, Some(name))).unwrap();
        assert_eq!(get(&db.info(), "encoding").as_string().as_ref(), Some(name));
    }
}

#[wasm_bindgen_test]
fn search_and_sort() {
    let mut db = open(&files_from_pgn(GAMES));
    let s = |db: &mut Database, q: JsValue| db.search(q, None).unwrap().to_vec();
    assert_eq!(s(&mut db, obj(&[("text", "ann".into())])), [0, 2]);
    assert_eq!(s(&mut db, obj(&[("text", "lviv".into())])), [1]);
    assert_eq!(s(&mut db, obj(&[("text", "1998".into())])), [0]);
    assert_eq!(
        s(
            &mut db,
            obj(&[("player", "anna".into()), ("color", "black".into())])
        ),
        [2]
    );
    assert_eq!(s(&mut db, obj(&[("yearFrom", 2000.into())])), [1]);
    assert_eq!(
        s(
            &mut db,
            obj(&[("ecoFrom", "C00".into()), ("ecoTo", "C99".into())])
        ),
        [0]
    );
    assert_eq!(s(&mut db, obj(&[("result", "0-1".into())])), [2]);
    assert_eq!(s(&mut db, obj(&[("minElo", 2400.into())])), [2]);
    assert_eq!(s(&mut db, obj(&[("event", "browser".into())])), [0, 2]);
    // Issue 16's fields (plies and annotations counted from GAMES by hand).
    let elo = |of: &str| obj(&[("minElo", 2460.into()), ("eloOf", of.into())]);
    assert_eq!(s(&mut db, elo("either")), [2]);
    assert_eq!(s(&mut db, elo("both")), [0u32; 0]);
    let opp = |p: &str| {
        obj(&[
            ("player", p.into()),
            ("minElo", 2460.into()),
            ("eloOf", "opponent".into()),
        ])
    };
    assert_eq!(s(&mut db, opp("anna")), [2]);
    assert_eq!(s(&mut db, opp("cleo")), [0u32; 0]);
    assert_eq!(
        s(
            &mut db,
            obj(&[("pliesFrom", 4.into()), ("pliesTo", 9.into())])
        ),
        [1]
    );
    assert_eq!(s(&mut db, obj(&[("annotated", true.into())])), [0]);
    assert_eq!(
        s(
            &mut db,
            obj(&[("player", "ann".into()), ("playerExact", true.into())])
        ),
        [0u32; 0]
    );
    assert_eq!(
        s(
            &mut db,
            obj(&[("player", "ANNA".into()), ("playerExact", true.into())])
        ),
        [0, 2]
    );
    assert_eq!(
        code_of(
            db.search(obj(&[("eloOf", "all".into())]), None)
                .unwrap_err()
        )
        .0,
        "bad-argument"
    );
    assert_eq!(
        code_of(
            db.search(obj(&[("gameType", "no such type".into())]), None)
                .unwrap_err()
        )
        .0,
        "bad-argument"
    );
    let card = db.player_card("anna".into()).unwrap();
    assert_eq!(get(&card, "name").as_string().as_deref(), Some("Anna"));
    assert_eq!(get(&card, "games").as_f64(), Some(2.0));
    let wins = |side: &str| get(&get(&card, side), "wins").as_f64();
    assert_eq!((wins("white"), wins("black")), (Some(1.0), Some(1.0)));
    assert_eq!(
        get(&card, "rating").as_f64(),
        Some(2450.0),
        "the highest Elo written"
    );
    let opponents = js_sys::Array::from(&get(&card, "opponents"));
    assert_eq!(opponents.length(), 2);
    assert_eq!(
        code_of(db.player_card("nobody".into()).unwrap_err()).0,
        "bad-argument"
    );
    assert_eq!(
        code_of(
            db.search(obj(&[("ecoFrom", "Z99".into())]), None)
                .unwrap_err()
        )
        .0,
        "bad-argument"
    );

    assert_eq!(db.sort("white", None, None).unwrap().to_vec(), [0, 1, 2]);
    assert_eq!(
        db.sort("white", Some(true), None).unwrap().to_vec(),
        [2, 1, 0]
    );
    assert_eq!(
        db.sort("whiteElo", Some(true), None).unwrap().to_vec(),
        [2, 0, 1]
    );
    assert_eq!(
        db.sort("date", None, Some(Uint32Array::from(&[0u32, 1][..])))
            .unwrap()
            .to_vec(),
        [0, 1]
    );
    assert_eq!(
        code_of(db.sort("colour", None, None).unwrap_err()).0,
        "bad-argument"
    );
    // A list column that is not in the headers cannot be sorted.
    assert_eq!(
        code_of(db.sort("plies", None, None).unwrap_err()).0,
        "bad-argument"
    );
}

#[wasm_bindgen_test]
fn encoding_change_re_decodes_names() {
    let games = read_pgn("[White \"Аня\"]\n\n1. e4 *").unwrap();
    let files = write_database(&games, &WriterOptions::plain()).unwrap().0;
    let mut db = Database::open(open_obj(&files, Some("cp1251"))).unwrap();
    let first = |db: &Database| {
        let names = db.names();
        let players: Array = get(&names, "players").dyn_into().unwrap();
        players
            .iter()
            .filter_map(|p| p.as_string())
            .find(|p| !p.is_empty())
            .unwrap()
    };
    assert_eq!(first(&db), "Аня");
    db.set_encoding("cp866").unwrap();
    assert_ne!(first(&db), "Аня");
    assert_eq!(
        code_of(db.set_encoding("ebcdic").unwrap_err()).0,
        "bad-encoding"
    );
}

#[wasm_bindgen_test]
fn the_lazy_reader_reads_d02_through_the_callback() {
    let files = files_from_pgn(GAMES);
    // read(file, offset, length) over in-page copies, counting the calls.
    let store = obj(&[
        ("d00", bytes(&files.d00)),
        ("d02", bytes(&files.d02)),
        ("calls", 0.into()),
    ]);
    let read = Function::new_with_args(
        "file, offset, length",
        "this.calls++; return this[file].subarray(offset, offset + length);",
    )
    .bind0(&store);
    let src = fully_lazy(&files, read);
    let lazy = Database::open_lazy(src).unwrap();
    let mem = open(&files);
    assert_eq!(lazy.count(), 3.0);
    for i in 0..3 {
        assert_eq!(lazy.pgn(i).unwrap(), mem.pgn(i).unwrap());
    }
    assert!(get(&store, "calls").as_f64().unwrap() > 0.0);
    // A callback that returns the wrong length is an I/O error naming D02.
    let bad = Function::new_with_args("f, o, n", "return new Uint8Array(1);");
    let src = obj(&[
        ("cdp", bytes(&files.cdp)),
        ("emb", bytes(&files.emb)),
        ("a02", bytes(&files.a02)),
        ("d00", bytes(&files.d00)),
        ("d02Size", (files.d02.len() as f64).into()),
        ("read", bad.into()),
    ]);
    let db = Database::open_lazy(src).unwrap();
    let g = db.game(0).unwrap();
    let err = get(&g, "error");
    assert_eq!(
        get(&err, "code").as_string().as_deref(),
        Some("io"),
        "{err:?}"
    );
    assert!(get(&err, "message").as_string().unwrap().contains("D02"));
}

#[wasm_bindgen_test]
fn opening_tree_counts_the_games() {
    let mut db = open(&files_from_pgn(GAMES));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves: Array = db.opening_tree(start).unwrap().dyn_into().unwrap();
    assert_eq!(moves.length(), 3);
    let total: f64 = moves
        .iter()
        .map(|m| get(&m, "count").as_f64().unwrap())
        .sum();
    assert_eq!(total, 3.0);
    let e4 = moves
        .iter()
        .find(|m| get(m, "san").as_string().as_deref() == Some("e4"))
        .unwrap();
    assert_eq!(get(&e4, "white").as_f64(), Some(1.0));
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(get(&e4, "fen").as_string().as_deref(), Some(after_e4));
    assert_eq!(get(&e4, "firstYear").as_f64(), Some(1998.0));
    assert_eq!(
        code_of(db.opening_tree("not a fen").unwrap_err()).0,
        "bad-setup"
    );
}

/// The tree built in steps over a lazily read D02 (what the viewer's Worker
/// does, to read the next block while a step decodes): every step makes one
/// read of D02, at its start, so a caller can fetch that block meanwhile;
/// the tree is the one built in one go.
#[wasm_bindgen_test]
fn the_opening_tree_builds_in_steps_of_one_read_each() {
    let openings = [
        "e4 e5 2. Nf3 Nc6",
        "d4 d5 2. c4 e6",
        "e4 c5 2. Nf3 d6",
        "c4 Nf6 2. Nc3 g6",
    ];
    let mut pgn = String::new();
    for i in 0..3000 {
        let result = ["1-0", "0-1", "1/2-1/2"][i % 3];
        pgn += &format!(
            "[Round \"{i}\"] [Result \"{result}\"]\n1. {} 3. a3 a6 4. h3 h6 {}{result}\n\n",
            openings[i % 4],
            // Rooks up and back: 40 more plies a game, about 50 bytes.
            (5..25)
                .map(|n| if n % 2 == 1 {
                    format!("{n}. Ra2 Ra7 ")
                } else {
                    format!("{n}. Ra1 Ra8 ")
                })
                .collect::<String>()
        );
    }
    let files = files_from_pgn(&pgn);
    // Far more than the first blocks (4, 16 and 64 KB) read.
    assert!(files.d02.len() > 100_000, "{}", files.d02.len());
    let (src, store) = counted_lazy(&files);
    let mut lazy = Database::open_lazy(src).unwrap();
    let reads = || get(&store, "d02Reads").as_f64().unwrap();
    let (mut steps, mut last) = (0, 0.0);
    loop {
        let before = reads();
        let p = lazy.opening_tree_step();
        let (done, total) = (
            get(&p, "done").as_f64().unwrap(),
            get(&p, "total").as_f64().unwrap(),
        );
        assert_eq!(total, 3000.0);
        assert!(done > last, "a step adds games: {last} -> {done}");
        assert_eq!(reads() - before, 1.0, "step {steps} (games {last}..{done})");
        (steps, last) = (steps + 1, done);
        if done == total {
            break;
        }
    }
    assert!(steps >= 3, "{steps} steps");
    // Built: a step or a query reads nothing more.
    let before = reads();
    let p = lazy.opening_tree_step();
    assert_eq!(get(&p, "done").as_f64(), Some(3000.0));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let stepped = js_sys::JSON::stringify(&lazy.opening_tree(start).unwrap()).unwrap();
    assert_eq!(reads(), before);
    let whole = js_sys::JSON::stringify(&open(&files).opening_tree(start).unwrap()).unwrap();
    assert_eq!(stepped, whole);
    assert!(String::from(stepped).contains(r#""san":"c4","uci":"c2c4""#));
}

#[wasm_bindgen_test]
fn the_opening_tree_stops_at_its_entry_limit_and_says_so() {
    // The tree reads games in D02 record order: a plain layout keeps them
    // in game order, so game 0 is read first.
    let games = read_pgn(GAMES).unwrap();
    let f = write_database(&games, &WriterOptions::plain()).unwrap().0;
    let with = |n: JsValue| {
        let o = open_obj(&f, None);
        Reflect::set(&o, &"maxTreeEntries".into(), &n).unwrap();
        o
    };
    // Game 0 alone adds 10 entries (its first 10 plies): the limit of 4 is
    // passed after it, so games 1 and 2 are left out.
    let mut db = Database::open(with(4.into())).unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves: Array = db.opening_tree(start).unwrap().dyn_into().unwrap();
    assert_eq!(moves.length(), 1, "only 1. e4, from game 0");
    let warnings: Array = get(&db.info(), "warnings").dyn_into().unwrap();
    let last = warnings.get(warnings.length() - 1).as_string().unwrap();
    assert!(last.contains("leaves out the last 2 games"), "{last}");
    // Without the option, every game, and no such warning.
    let mut db = open(&f);
    let moves: Array = db.opening_tree(start).unwrap().dyn_into().unwrap();
    assert_eq!(moves.length(), 3);
    let warnings: Array = get(&db.info(), "warnings").dyn_into().unwrap();
    assert!(
        !warnings
            .iter()
            .any(|w| w.as_string().unwrap().contains("opening tree"))
    );
    for bad in [JsValue::from(0), JsValue::from(1.5), JsValue::from("10")] {
        assert_eq!(open_err(with(bad)).0, "bad-argument");
    }
}

#[wasm_bindgen_test]
fn compactness_rows() {
    let db = open(&files_from_pgn(GAMES));
    let rows: Array = db.compactness().unwrap().dyn_into().unwrap();
    let uci16 = rows
        .iter()
        .find(|r| get(r, "format").as_string().as_deref() == Some("UCI16"))
        .unwrap();
    // 16 main-line plies in 3 games: 2 bytes each plus a 2-byte count a game.
    assert_eq!(get(&uci16, "moves").as_f64(), Some(16.0));
    assert_eq!(get(&uci16, "bytes").as_f64(), Some(2.0 * 16.0 + 2.0 * 3.0));
    assert_eq!(get(&uci16, "bytesPerMove").as_f64(), Some(38.0 / 16.0));
    assert_eq!(get(&uci16, "bytesPerGame").as_f64(), Some(38.0 / 3.0));
}

#[wasm_bindgen_test]
fn damaged_games_and_bad_input_are_coded_errors() {
    // A CDP cut short holds no game: it opens, D00's count stands, and a
    // warning names the CDP.
    let mut files = files_from_pgn(GAMES);
    files.cdp.truncate(files.cdp.len() / 2);
    let db = open(&files);
    assert_eq!(db.count(), 3.0);
    let warnings: Array = get(&db.info(), "warnings").dyn_into().unwrap();
    assert!(
        warnings
            .iter()
            .any(|w| w.as_string().unwrap().starts_with("CDP")),
        "{warnings:?}"
    );
    let files = files_from_pgn(GAMES);
    assert_eq!(open_err(open_obj(&files, Some("ebcdic"))).0, "bad-encoding");
    assert_eq!(open_err(obj(&[("cdp", 5.into())])).0, "bad-argument");
}

#[wasm_bindgen_test]
fn codecs_round_trip() {
    let sans: Vec<String> = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
        .map(String::from)
        .to_vec();
    for order in ["san", "seed", "best"] {
        let b = codecs::mgc_encode(sans.clone(), Some(order.into()), None).unwrap();
        assert_eq!(
            codecs::mgc_decode(&b, Some(order.into()), None).unwrap(),
            sans
        );
        let b = codecs::pgc_encode(sans.clone(), Some(order.into()), None).unwrap();
        assert_eq!(b.len(), sans.len());
        assert_eq!(
            codecs::pgc_decode(&b, Some(order.into()), None).unwrap(),
            sans
        );
    }
    let uci: Vec<String> = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
    let b = codecs::uci16_encode(uci.clone(), None).unwrap();
    // A big-endian u16 move count, then 16 bits a move (the spec's example).
    assert_eq!(b, [0x00, 0x03, 0x31, 0xc0, 0xd2, 0x40, 0x19, 0x50]);
    assert_eq!(codecs::uci16_decode(&b, None).unwrap(), uci);
    let illegal = codecs::uci16_encode(vec!["e2e5".into()], None).unwrap_err();
    assert_eq!(code_of(illegal).0, "illegal-move");

    let jose = codecs::jose_encode("1. e4 {hi} e5 (1... c5) 2. Nf3 *", None).unwrap();
    let bin: Uint8Array = get(&jose, "bin").dyn_into().unwrap();
    let comments: Uint8Array = get(&jose, "comments").dyn_into().unwrap();
    let text = codecs::jose_decode(&bin.to_vec(), &comments.to_vec(), None).unwrap();
    assert_eq!(text, "1. e4 { hi } 1... e5 ( 1... c5 ) 2. Nf3 *");

    let rec = obj(&[
        ("from", "g1".into()),
        ("to", "f3".into()),
        ("promotion", "".into()),
        ("whiteElo", 1400.into()),
        ("eloDiff", 50.into()),
        ("eloDiffNeg", true.into()),
        ("wdl", "win".into()),
        ("wdlPercent", 45.into()),
        ("count", 100.into()),
        ("weight", 128.into()),
    ]);
    let bits = codecs::stats64_encode(rec).unwrap();
    let back = codecs::stats64_decode(bits).unwrap();
    assert_eq!(get(&back, "to").as_string().as_deref(), Some("f3"));
    assert_eq!(get(&back, "count").as_f64(), Some(100.0));
    assert_eq!(get(&back, "wdl").as_string().as_deref(), Some("win"));
}

#[wasm_bindgen_test]
fn a_big_export_comes_in_64_kb_chunks() {
    // 600 games, about 150 KB of PGN: several chunks, each flushed once it
    // passes 64 KB, so no chunk is much bigger than 64 KB plus one game.
    let pgn: String = (0..200).map(|_| GAMES).collect::<Vec<_>>().join("\n\n");
    let db = open(&files_from_pgn(&pgn));
    assert_eq!(db.count(), 600.0);
    let chunks = Array::new();
    let on_chunk = Function::new_with_args("c", "this.push(c)").bind0(&chunks);
    let summary = db.export_pgn(JsValue::NULL, on_chunk, None).unwrap();
    let sizes: Vec<usize> = chunks
        .iter()
        .map(|c| c.as_string().unwrap().len())
        .collect();
    assert!(sizes.len() >= 2, "{sizes:?}");
    let (last, full) = sizes.split_last().unwrap();
    assert!(
        full.iter().all(|&n| (65536..65536 + 2048).contains(&n)),
        "{sizes:?}"
    );
    assert!(*last > 0 && *last < 65536 + 2048, "{sizes:?}");
    assert_eq!(
        get(&summary, "bytes").as_f64(),
        Some(sizes.iter().sum::<usize>() as f64)
    );
    assert_eq!(get(&summary, "games").as_f64(), Some(600.0));
}

#[wasm_bindgen_test]
fn a_damaged_d02_gives_partial_games_and_listed_export_errors() {
    let mut files = files_from_pgn(GAMES);
    // Cut D02 in half: the games whose records lay past the cut are damaged.
    files.d02.truncate(files.d02.len() / 2);
    let db = open(&files);
    let mut damaged = Vec::new();
    for i in 0..3 {
        let err = get(&db.game(i).unwrap(), "error");
        if err.is_undefined() {
            continue;
        }
        let message = get(&err, "message").as_string().unwrap();
        assert!(message.contains("D02"), "{message}");
        assert!(message.contains(&format!("game {i}")), "{message}");
        damaged.push((i, get(&err, "code").as_string().unwrap()));
    }
    assert!(!damaged.is_empty(), "half a D02 damages some game");
    let chunks = Array::new();
    let on_chunk = Function::new_with_args("c", "this.push(c)").bind0(&chunks);
    let summary = db.export_pgn(JsValue::NULL, on_chunk, None).unwrap();
    assert_eq!(get(&summary, "games").as_f64(), Some(3.0));
    let errors: Array = get(&summary, "errors").dyn_into().unwrap();
    let listed: Vec<(u32, String)> = errors
        .iter()
        .map(|e| {
            (
                get(&e, "game").as_f64().unwrap() as u32,
                get(&e, "code").as_string().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, damaged);
    // Every benchmark pass goes through all 3 games and counts the damaged
    // ones (the tree passes too: a game broken before the cap adds nothing).
    for pass in cadb::bench::Pass::ALL {
        let t = db.bench_pass(pass.key()).unwrap();
        assert_eq!(get(&t, "games").as_f64(), Some(3.0), "{pass:?}");
        assert_eq!(
            get(&t, "errors").as_f64(),
            Some(damaged.len() as f64),
            "{pass:?}"
        );
    }
    assert_eq!(
        code_of(db.bench_pass("nonsense").unwrap_err()).0,
        "bad-argument"
    );
    // An index past the end is refused, with a code.
    let on_chunk = Function::new_with_args("c", "");
    let past: JsValue = Uint32Array::from(&[7u32][..]).into();
    assert_eq!(
        code_of(db.export_pgn(past, on_chunk, None).unwrap_err()).0,
        "no-such-game"
    );
}

#[wasm_bindgen_test]
fn garbage_files_are_coded_errors_naming_the_file() {
    let files = files_from_pgn(GAMES);
    // An EMB of 0xFF bytes: its block chains point nowhere.
    let mut bad = files.clone();
    bad.emb = vec![0xFF; files.emb.len()];
    let (code, message) = open_err(open_obj(&bad, None));
    assert!(!code.is_empty() && code != "internal", "{code}: {message}");
    assert!(message.contains("EMB"), "{code}: {message}");
    // Every file empty.
    let empty = DatabaseFiles::<Vec<u8>>::default();
    let (code, message) = open_err(open_obj(&empty, None));
    assert_eq!(code, "truncated", "{message}");
    // Missing read callback, or a missing size, for the lazy variant.
    let src = obj(&[
        ("cdp", bytes(&files.cdp)),
        ("emb", bytes(&files.emb)),
        ("a02", bytes(&files.a02)),
        ("d02Size", 10.into()),
    ]);
    assert_eq!(
        match Database::open_lazy(src) {
            Ok(_) => panic!("a lazy source without `read` opened"),
            Err(e) => code_of(e).0,
        },
        "bad-argument"
    );
}

#[wasm_bindgen_test]
fn a_fully_lazy_database_pages_and_searches_through_the_callback() {
    let files = files_from_pgn(GAMES);
    let (src, store) = counted_lazy(&files);
    let mut db = Database::open_lazy(src).unwrap();
    let h = db.headers(0, 3).unwrap();
    let elo = Array::from(&get(&h, "whiteElo"));
    assert_eq!(elo.get(2).as_f64(), Some(2500.0));
    let reads = |file: &str| get(&store, &format!("{file}Reads")).as_f64().unwrap();
    // The first page of headers read D00 once, a block ahead: the same page
    // again and a search over these 3 games read nothing more.
    assert_eq!(reads("d00"), 1.0);
    db.headers(0, 3).unwrap();
    assert_eq!(
        db.search(obj(&[("text", "cleo".into())]), None)
            .unwrap()
            .to_vec(),
        [1, 2]
    );
    assert_eq!(reads("d00"), 1.0);
    // Every game exported: D02 (far under a block) is read once, not once a game.
    let chunks = Array::new();
    let on_chunk = Function::new_with_args("text", "this.push(text);").bind0(&chunks);
    db.export_pgn(JsValue::NULL, on_chunk, None).unwrap();
    assert!(chunks.join("").as_string().unwrap().contains("Cleo"));
    assert_eq!(reads("d02"), 1.0);
    // A callback that throws is an I/O error, not a panic.
    let throws = Function::new_with_args("f, o, n", "throw new Error('disk gone');");
    let src = fully_lazy(&files, throws);
    match Database::open_lazy(src) {
        Err(e) => assert_eq!(code_of(e).0, "io"),
        Ok(db) => {
            let (code, message) = code_of(db.headers(0, 1).unwrap_err());
            assert_eq!(code, "io", "{message}");
            assert!(message.contains("disk gone"), "{message}");
        }
    }
}

#[wasm_bindgen_test]
fn a_read_callback_may_call_back_into_the_database() {
    // D02 over one read-ahead block, so the last game is a fresh read.
    let files = files_from_pgn(&[GAMES; 6000].join("\n\n"));
    assert!(files.d02.len() > 256 << 10, "{}", files.d02.len());
    let last = (files.d00.len() / 38 - 1) as u32;
    let store = obj(&[
        ("d00", bytes(&files.d00)),
        ("d02", bytes(&files.d02)),
        ("inner", 0.into()),
    ]);
    // While the first D02 block is being read, the callback asks the same
    // database for a game (which needs D02 too).
    let read = Function::new_with_args(
        "file, offset, length",
        "if (file === 'd02' && this.db && !this.busy) { this.busy = true; \
         this.inner = this.db.plies(0, 1)[0]; this.busy = false; } \
         return this[file].slice(offset, offset + length);",
    )
    .bind0(&store);
    let src = fully_lazy(&files, read);
    let db: JsValue = Database::open_lazy(src).unwrap().into();
    Reflect::set(&store, &"db".into(), &db).unwrap();
    let plies: Function = get(&db, "plies").dyn_into().unwrap();
    // Records in both blocks, one block held: some of these are fresh reads.
    for i in (0..=last).step_by(997) {
        let outer: Uint32Array = plies.call2(&db, &i.into(), &1.into()).unwrap().into();
        assert!(outer.get_index(0) > 0);
    }
    assert!(get(&store, "inner").as_f64().unwrap() > 0.0);
}

#[wasm_bindgen_test]
fn a_name_bomb_stays_within_the_memory_budget() {
    // Four .a01 of a million ids sharing one 4 MB fragment (every id ->
    // address 0) and one 255-byte name of CP1251 0x85 ("…"): a name decoded
    // per id and joined would need 3 GB, past what wasm32 can hold.
    let mut f = files_from_pgn(GAMES);
    let mut d01 = vec![0xFFu8];
    d01.extend_from_slice(&[0x85; 400]);
    f.emb = volume::names(&vec![0u8; 4 << 20], &d01);
    let size: u64 = f.named().iter().map(|(_, b)| b.len() as u64).sum();
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    let bytes = || f64::from(Uint8Array::new(&memory.buffer()).length());
    let before = bytes();
    // The code page chosen: 0x85 alone would be guessed CP866's "Е".
    let mut db = Database::open(open_obj(&f, Some("cp1251"))).unwrap();
    let names = db.names();
    for table in ["players", "events", "sites", "sources"] {
        let t: Array = get(&names, table).dyn_into().unwrap();
        assert_eq!(t.length(), 2, "{table}: \"\" and the one name");
        assert_eq!(t.get(1).as_string().unwrap(), "\u{2026}".repeat(255));
    }
    let h = db.headers(0, 3).unwrap();
    assert_eq!(Uint32Array::from(get(&h, "white")).to_vec(), [1, 1, 1]);
    let _ = db.rows(&[0, 1, 2]).unwrap();
    assert_eq!(
        db.search(obj(&[("text", "\u{2026}".into())]), None)
            .unwrap()
            .length(),
        3
    );
    let _ = db.sort("white", None, None).unwrap();
    let _ = db.compactness().unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let _ = db.opening_tree(start).unwrap();
    let grown = bytes() - before;
    let budget = (cadb::limits::MEMORY_MULTIPLE * size + cadb::limits::MEMORY_CONSTANT) as f64;
    assert!(
        grown < budget,
        "wasm memory grew {grown} bytes, over the budget {budget}"
    );
}

/// `diagnose()`: the readings with their evidence, the plain report, and
/// the guessed code page of a CP866 database (no encoding given).
#[wasm_bindgen_test]
fn diagnose_reports_readings_and_the_guessed_code_page() {
    let pgn = "[White \"Таль, Михаил\"] [Black \"Петросян, Тигран\"] [Event \"Чемпионат СССР\"] [ECO \"A00\"]\n\
               1. e4 e5 2. Nf3 Nc6 *\n";
    let games = read_pgn(pgn).unwrap();
    let options = WriterOptions {
        encoding: cadb::text::TextEncoding::Cp866,
        ..WriterOptions::default()
    };
    let files = write_database(&games, &options).unwrap().0;
    let db = open(&files);
    let info = db.info();
    assert_eq!(get(&info, "encodingGuessed").as_bool(), Some(true));
    assert_eq!(get(&info, "encoding").as_string().as_deref(), Some("cp866"));
    let names = db.names();
    let players: Array = get(&names, "players").dyn_into().unwrap();
    assert!(players.includes(&JsValue::from_str("Таль, Михаил"), 0));

    let progress = Array::new();
    let on_progress = Function::new_with_args("d, t", "this.push([d, t])").bind0(&progress);
    let d = db.diagnose(JsValue::NULL, Some(on_progress)).unwrap();
    assert_eq!(get(&d, "gamesScanned").as_f64(), Some(1.0));
    assert!(progress.length() >= 1);
    let points: Array = get(&d, "points").dyn_into().unwrap();
    let point = |id: &str| {
        points
            .iter()
            .find(|p| get(p, "id").as_string().as_deref() == Some(id))
            .unwrap_or_else(|| panic!("no point {id}"))
    };
    assert!(
        get(&point("encoding"), "reading")
            .as_string()
            .unwrap()
            .starts_with("cp866")
    );
    assert_eq!(
        get(&point("eco-zero"), "reading").as_string().as_deref(),
        Some("none")
    );
    let ev: Array = get(&point("file-direction"), "evidence")
        .dyn_into()
        .unwrap();
    assert!(get(&ev.get(0), "count").as_f64().unwrap() >= 1.0);
    let text = get(&d, "text").as_string().unwrap();
    assert!(text.contains("(Q17)") && !text.contains("Таль"), "{text}");
    // One game, short: the file direction is weak, so the viewer shows a notice.
    assert_eq!(get(&d, "needsAttention").as_bool(), Some(true));
    // A bounded scan.
    let d = db.diagnose(obj(&[("maxGames", 0.0.into())]), None).unwrap();
    assert_eq!(get(&d, "gamesScanned").as_f64(), Some(0.0));
    assert!(
        db.diagnose(obj(&[("maxGames", (-1.0).into())]), None)
            .is_err()
    );
}

/// The full check in parts, as a pool's helpers make it: each part's
/// numbers from `diagnosePart`, joined by `diagnoseJoin`, give the report
/// of `diagnose()` over every game; a part past the parts, or numbers no
/// part gave, are refused.
#[wasm_bindgen_test]
fn diagnose_in_parts_joins_to_the_whole_report() {
    let pgn = "1. e4 e5 *\n\n1. d4 {a} d5 *\n\n1. c4 $1 *\n\n1. Nf3 d5 2. g3 *\n\n1. b3 *\n";
    let db = open(&files_from_pgn(pgn));
    let whole = db.diagnose(JsValue::NULL, None).unwrap();
    let parts: Vec<f64> = (0..3)
        .flat_map(|k| db.diagnose_part(k, 3, None).unwrap())
        .collect();
    let joined = db.diagnose_join(&parts).unwrap();
    let text = |d: &JsValue| get(d, "text").as_string().unwrap();
    assert_eq!(text(&joined), text(&whole));
    assert_eq!(get(&joined, "gamesScanned").as_f64(), Some(5.0));
    fn refused<T>(r: Result<T, JsValue>) -> String {
        code_of(r.err().expect("refused")).0
    }
    assert_eq!(refused(db.diagnose_part(3, 3, None)), "bad-argument");
    // A part's numbers changed, cut short, or one too many.
    let mut changed = parts.clone();
    changed[0] = 0.5;
    assert_eq!(refused(db.diagnose_join(&changed)), "bad-argument");
    assert_eq!(
        refused(db.diagnose_join(&parts[..parts.len() - 1])),
        "bad-argument"
    );
    assert_eq!(
        refused(db.diagnose_join(&[&parts[..], &[0.0]].concat())),
        "bad-argument"
    );
}

#[wasm_bindgen_test]
fn position_search_gives_games_and_plies_with_progress() {
    let pgn = "1. e4 e5 2. Nf3 *\n\n1. Nf3 e5 2. e4 *\n\n1. d4 (1. e4 e5 2. Nf3) 1... d5 *\n";
    let mut db = open(&files_from_pgn(pgn));
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let progress = Function::new_with_args(
        "done, total",
        "if (total !== 3) throw new Error('total ' + total); globalThis.positionCalls = (globalThis.positionCalls || 0) + 1;",
    );
    let found = db
        .position_search(fen, JsValue::UNDEFINED, Some(progress))
        .unwrap();
    let games: Uint32Array = get(&found, "games").dyn_into().unwrap();
    let plies: Uint32Array = get(&found, "plies").dyn_into().unwrap();
    assert_eq!((games.to_vec(), plies.to_vec()), (vec![0, 1], vec![3, 3]));
    assert_eq!(get(&found, "read").as_f64(), Some(3.0));
    let calls = Reflect::get(&js_sys::global(), &"positionCalls".into()).unwrap();
    assert!(calls.as_f64().unwrap_or(0.0) >= 1.0);
    // Variations, within a subset of the games.
    let options = obj(&[
        ("variations", JsValue::TRUE),
        ("games", Uint32Array::from(&[0u32, 2][..]).into()),
    ]);
    let found = db.position_search(fen, options, None).unwrap();
    let games: Uint32Array = get(&found, "games").dyn_into().unwrap();
    let inside: Uint8Array = get(&found, "inVariation").dyn_into().unwrap();
    assert_eq!((games.to_vec(), inside.to_vec()), (vec![0, 2], vec![0, 1]));
    assert_eq!(get(&found, "searched").as_f64(), Some(2.0));
    assert!(get(&found, "next").is_undefined());
    // The moves played next: the position after 1.e4 e5 (two games, one in
    // a variation), then 2.Nf3 in both.
    let after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let options = obj(&[("variations", JsValue::TRUE), ("next", JsValue::TRUE)]);
    let found = db.position_search(after_e5, options, None).unwrap();
    let next: Array = get(&found, "next").dyn_into().unwrap();
    assert_eq!(next.length(), 1);
    let row = next.get(0);
    assert_eq!(get(&row, "san").as_string().as_deref(), Some("Nf3"));
    assert_eq!(get(&row, "count").as_f64(), Some(2.0));
    let after_nf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    assert_eq!(get(&row, "fen").as_string().as_deref(), Some(after_nf3));
    assert!(get(&row, "firstYear").is_undefined()); // no dates
    // On the main lines, the first search learnt that 1. d4's game cannot
    // reach 1. e4 e5: it is not read again.
    let found = db
        .position_search(after_e5, JsValue::UNDEFINED, None)
        .unwrap();
    let games: Uint32Array = get(&found, "games").dyn_into().unwrap();
    assert_eq!(games.to_vec(), vec![0]);
    assert_eq!(get(&found, "searched").as_f64(), Some(3.0));
    assert_eq!(get(&found, "read").as_f64(), Some(2.0));
    // Game 0 reached the search before, so its record was kept; game 1
    // did not (1. Nf3 e5 2. e4 is another position), so it is read again.
    assert_eq!(get(&found, "fromMemory").as_f64(), Some(1.0));
    assert_eq!(
        code_of(
            db.position_search("nonsense", JsValue::UNDEFINED, None)
                .unwrap_err()
        )
        .0,
        "bad-argument"
    );
    // In two parts, as a pool's helpers search: the hits of both, with
    // their next moves packed, make the same rows through positionNext.
    let (mut games, mut moves) = (Vec::new(), Vec::new());
    for part in 0..2 {
        let options = obj(&[
            ("variations", JsValue::TRUE),
            ("part", f64::from(part).into()),
            ("parts", 2.0.into()),
        ]);
        let found = db.position_search(after_e5, options, None).unwrap();
        assert!(get(&found, "next").is_undefined());
        games.extend(
            get(&found, "games")
                .dyn_into::<Uint32Array>()
                .unwrap()
                .to_vec(),
        );
        moves.extend(
            get(&found, "nextMoves")
                .dyn_into::<js_sys::Uint16Array>()
                .unwrap()
                .to_vec(),
        );
    }
    let mut sorted = games.clone();
    sorted.sort();
    assert_eq!(sorted, vec![0, 2]);
    let rows: Array = db
        .position_next(after_e5, &games, &moves)
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(rows.length(), 1);
    assert_eq!(get(&rows.get(0), "san").as_string().as_deref(), Some("Nf3"));
    assert_eq!(get(&rows.get(0), "count").as_f64(), Some(2.0));
    let beyond = obj(&[("part", 2.0.into()), ("parts", 2.0.into())]);
    assert_eq!(
        code_of(db.position_search(after_e5, beyond, None).unwrap_err()).0,
        "bad-argument"
    );
    assert_eq!(
        code_of(db.position_next(after_e5, &games, &[]).unwrap_err()).0,
        "bad-argument"
    );
}

/// The searches inside games (issue 35): searchHits gives games and the
/// plies of their hits, honours the header fields too, stops when the
/// progress callback throws (rethrowing it), and a malformed expression is
/// a `query` error naming the token; search() honours the same fields.
#[wasm_bindgen_test]
fn search_hits_gives_games_and_plies() {
    let pgn = "[White \"Anna\"]\n\n1. e4 d5 2. exd5 Qxd5 {Блестяще} 3. Nc3 Qa5 $3 *\n\n\
               [White \"Boris\"]\n\n1. d4 d5 2. c4 dxc4 *\n";
    let mut db = open(&files_from_pgn(pgn));
    let hits = |db: &mut Database, q: JsValue| {
        let found = db.search_hits(q, None, None, None).unwrap();
        let games: Uint32Array = get(&found, "games").dyn_into().unwrap();
        let plies: Uint32Array = get(&found, "plies").dyn_into().unwrap();
        (games.to_vec(), plies.to_vec())
    };
    // A pawn up: game 0 after 2. exd5 (ply 3); game 1: Black after 2... dxc4 (ply 4).
    assert_eq!(
        hits(&mut db, obj(&[("material", "diff P=1 either".into())])),
        (vec![0, 1], vec![3, 4])
    );
    assert_eq!(
        hits(
            &mut db,
            obj(&[
                ("material", "diff P=1 either".into()),
                ("player", "boris".into())
            ])
        ),
        (vec![1], vec![4])
    );
    // In two parts (how the viewer splits a search): each game in one.
    let part = |db: &mut Database, k| {
        let found = db
            .search_hits(
                obj(&[("material", "diff P=1 either".into())]),
                None,
                Some(k),
                Some(2),
            )
            .unwrap();
        let games: Uint32Array = get(&found, "games").dyn_into().unwrap();
        (games.to_vec(), get(&found, "searched").as_f64())
    };
    // A part that is not one of the parts is a bad argument, not an
    // empty or wrapped stretch.
    for (k, n) in [(2, 2), (0, 0), (u32::MAX, 3)] {
        let e = db
            .search_hits(
                obj(&[("material", "diff P=1 either".into())]),
                None,
                Some(k),
                Some(n),
            )
            .unwrap_err();
        assert_eq!(code_of(e).0, "bad-argument", "part {k} of {n}");
    }
    let (a, b) = (part(&mut db, 0), part(&mut db, 1));
    let mut both = [a.0, b.0].concat();
    both.sort();
    assert_eq!(both, vec![0, 1]);
    assert_eq!((a.1, b.1), (Some(1.0), Some(1.0)));
    assert_eq!(
        hits(&mut db, obj(&[("comment", "блестяще".into())])),
        (vec![0], vec![4])
    );
    assert_eq!(
        hits(&mut db, obj(&[("nag", 3.0.into())])),
        (vec![0], vec![6])
    );
    assert_eq!(
        hits(&mut db, obj(&[("maneuver", "Qd1-d5".into())])),
        (vec![], vec![])
    );
    assert_eq!(
        hits(&mut db, obj(&[("player", "anna".into())])),
        (vec![0], vec![0])
    );
    assert_eq!(
        db.search(obj(&[("pattern", "pd5 Pc4".into())]), None)
            .unwrap()
            .to_vec(),
        vec![1]
    );
    let err = db
        .search_hits(obj(&[("material", "RB vs X".into())]), None, None, None)
        .unwrap_err();
    let (code, message) = code_of(err);
    assert_eq!(code, "query");
    assert!(
        message.contains("material: unexpected `X` at 6"),
        "{message}"
    );
    let thrower = Function::new_with_args("done, total", "throw new Error('stop here');");
    let err = db
        .search_hits(
            obj(&[("hasEval", JsValue::TRUE)]),
            Some(thrower),
            None,
            None,
        )
        .unwrap_err();
    assert!(format!("{err:?}").contains("stop here"));
}

/// Every layout the spec allows reads the same through the JS API (issue
/// 32): list rows, name search, sort and the code page of a database written
/// with every writer trick equal the plain database's.
#[wasm_bindgen_test]
fn every_layout_gives_the_same_rows_search_and_sort() {
    let games = read_pgn(&GAMES.replace("Boris", "Борис")).unwrap();
    let written = |tricks| {
        let o = WriterOptions {
            tricks,
            seed: 3,
            ..WriterOptions::plain()
        };
        write_database(&games, &o).unwrap().0
    };
    let mut plain = open(&written(cadb::ca::writer::Tricks::none()));
    let mut tricky = open(&written(cadb::ca::writer::Tricks::all()));
    let json = |v: JsValue| String::from(js_sys::JSON::stringify(&v).unwrap());
    let rows = |db: &Database| json(db.rows(&[0, 1, 2]).unwrap());
    assert!(rows(&plain).contains("Борис"), "{}", rows(&plain));
    assert_eq!(rows(&tricky), rows(&plain));
    let find = |db: &mut Database| {
        let q = obj(&[("player", "бор".into()), ("color", "white".into())]);
        db.search(q, None).unwrap().to_vec()
    };
    assert_eq!(find(&mut plain), [1]);
    assert_eq!(find(&mut tricky), [1]);
    let sorted = |db: &mut Database| db.sort("black", None, None).unwrap().to_vec();
    assert_eq!(sorted(&mut tricky), sorted(&mut plain));
    let info = |db: &Database, k: &str| json(get(&db.info(), k));
    assert_eq!(info(&tricky, "encoding"), "\"cp1251\"");
    assert_eq!(info(&tricky, "warnings"), info(&plain, "warnings"));
}

/// `loadOpenings`: bytes that are not a table throw `invalid`; after the
/// built-in table, games, their moves, rows and tree rows carry names (the
/// expected ones are b.tsv's lines of lichess's chess-openings: 1.e4 is "B00
/// King's Pawn Game", the Najdorf's line "B90 Sicilian Defense: Najdorf
/// Variation"). The table is module-wide: other tests see names too.
#[wasm_bindgen_test]
fn opening_names_after_load_openings() {
    assert_eq!(
        code_of(cadb::wasm::load_openings(b"not a table").unwrap_err()).0,
        "invalid"
    );
    let n = cadb::wasm::load_openings(cadb::openings::TABLE).unwrap();
    assert!(n > 3000, "{n}");
    let mut db = open(&files_from_pgn(
        "[ECO \"B20\"]\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n",
    ));
    let name = |o: &JsValue| {
        let o = get(o, "opening");
        format!(
            "{} {}",
            get(&o, "eco").as_string().unwrap(),
            get(&o, "name").as_string().unwrap()
        )
    };
    let game = db.game(0).unwrap();
    assert_eq!(name(&game), "B90 Sicilian Defense: Najdorf Variation");
    // The stored ECO stays what the file says.
    assert_eq!(
        get(&get(&game, "headers"), "eco").as_string().as_deref(),
        Some("B20")
    );
    let moves: Array = get(&game, "moves").dyn_into().unwrap();
    assert_eq!(name(&moves.get(0)), "B00 King's Pawn Game");
    let rows = db.rows(&[0]).unwrap();
    let opening: Array = get(&get(&rows, "columns"), "opening").dyn_into().unwrap();
    assert_eq!(
        opening.get(0).as_string().as_deref(),
        Some("B90 Sicilian Defense: Najdorf Variation")
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let tree: Array = db.opening_tree(start).unwrap().dyn_into().unwrap();
    assert_eq!(name(&tree.get(0)), "B00 King's Pawn Game");
}

#[wasm_bindgen_test]
fn annotate_applies_scores_and_rejects_bad_ones() {
    let db = open(&files_from_pgn(GAMES));
    let json = |s: &str| js_sys::JSON::parse(s).unwrap();
    // Game 1: 1. d4 d5 2. c4 e6; 2. c4 throws +0.30 away for -3.00 (a blunder).
    let a = db
        .annotate(
            1,
            json(r#"[{"cp":20},{"cp":25},{"cp":30},{"cp":-300},{"mate":-2}]"#),
        )
        .unwrap();
    let pgn = get(&a, "pgn").as_string().unwrap();
    assert!(pgn.contains("2. c4 $4 { [%eval -3.00] }"), "{pgn}");
    assert!(pgn.contains("[%eval #-2]"), "{pgn}");
    let marks: Vec<Option<f64>> = Array::from(&get(&a, "marks"))
        .iter()
        .map(|m| m.as_f64())
        .collect();
    assert_eq!(marks, [None, None, Some(4.0), None]);
    let scores = Array::from(&get(&a, "scores"));
    assert_eq!(scores.length(), 5);
    assert_eq!(get(&scores.get(4), "mate").as_f64(), Some(-2.0));
    assert_eq!(get(&scores.get(0), "cp").as_f64(), Some(20.0));
    let stored: Vec<bool> = Array::from(&get(&a, "stored"))
        .iter()
        .map(|b| b.is_truthy())
        .collect();
    assert_eq!(stored, [false; 5]);
    // Nulls where not analysed: no marks, no evals.
    let a = db.annotate(1, json("[null,null,null,null,null]")).unwrap();
    assert!(!get(&a, "pgn").as_string().unwrap().contains("%eval"));

    for (scores, says) in [
        ("[null]", "expected 5"),
        (
            r#"[null,{"mate":0},null,null,null]"#,
            "scores[1]: mate must not be 0",
        ),
        (
            r#"[null,null,{"cp":"x"},null,null]"#,
            "scores[2]: cp must be a whole number",
        ),
        (
            r#"[null,null,{"cp":1.5},null,null]"#,
            "scores[2]: cp must be a whole number",
        ),
        (r#"[null,null,null,7,null]"#, "scores[3]: expected"),
        (
            r#"[null,null,null,{"cp":1,"mate":2},null]"#,
            "scores[3]: expected exactly one",
        ),
        (r#"{"cp":1}"#, "must be an array"),
    ] {
        let (code, message) = code_of(db.annotate(1, json(scores)).unwrap_err());
        assert_eq!(code, "bad-argument", "{scores}");
        assert!(message.contains(says), "{scores}: {message}");
    }
    let (code, _) = code_of(db.annotate(9, json("[]")).unwrap_err());
    assert_eq!(code, "no-such-game");
}

#[wasm_bindgen_test]
fn play_line_gives_san_and_positions_up_to_an_illegal_move() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves = [
        "e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7", "a7a6",
    ];
    let flat = cadb::wasm::play_line(start, moves.iter().map(|m| m.to_string()).collect()).unwrap();
    // Three strings a move: the move, its SAN, the position after it; the
    // line stops at the mate (a7a6 is not legal there).
    assert_eq!(flat.len(), 7 * 3);
    let san: Vec<&str> = flat.chunks(3).map(|m| m[1].as_str()).collect();
    assert_eq!(san, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert_eq!(flat[0], "e2e4");
    assert_eq!(
        flat[2],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        flat[20],
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
    // Black to move: the line is Black's first.
    let black = cadb::wasm::play_line(
        "1r6/8/8/8/8/2k5/8/K7 b - - 0 1",
        vec!["c3c2".into(), "a1a2".into(), "b8a8".into()],
    )
    .unwrap();
    let san: Vec<&str> = black.chunks(3).map(|m| m[1].as_str()).collect();
    assert_eq!(san, ["Kc2", "Ka2", "Ra8#"]);
    // A FEN that does not parse is the caller's bad argument.
    assert!(cadb::wasm::play_line("not a fen", vec![]).is_err());
}
