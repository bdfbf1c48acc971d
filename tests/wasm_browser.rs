//! The JavaScript API, tested inside real browsers (headless Firefox and
//! Chrome) through wasm-bindgen-test:
//!
//! ```text
//! wasm-pack test --headless --firefox . --features wasm --test wasm_browser
//! wasm-pack test --headless --chrome  . --features wasm --test wasm_browser
//! ```
//!
//! The databases are made in the test by the Chess Assistant writer.

#![cfg(target_arch = "wasm32")]

use cadb::ca::DatabaseFiles;
use cadb::ca::writer::{WriterOptions, write_database};
use cadb::game::import::read_pgn;
use cadb::wasm::Database;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const SMALL_GAME: &str = r#"[Event "Browser test"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0
"#;

fn files_from_pgn(pgn: &str) -> DatabaseFiles<Vec<u8>> {
    let games = read_pgn(pgn).expect("the test PGN parses");
    let (files, _report) =
        write_database(&games, &WriterOptions::default()).expect("the writer accepts the games");
    files
}

fn open(files: &DatabaseFiles<Vec<u8>>, encoding: Option<&str>) -> Result<Database, JsValue> {
    Database::open(
        &files.cdp,
        &files.emb,
        &files.d00,
        &files.a02,
        &files.d02,
        encoding.map(str::to_owned),
    )
}

/// The JS `Error` thrown, with its `code` property and message.
fn js_error(result: Result<Database, JsValue>) -> (String, String) {
    let err = match result {
        Ok(db) => panic!("expected an error, opened {} games", db.count()),
        Err(err) => err,
    };
    let error: &js_sys::Error = err
        .dyn_ref()
        .unwrap_or_else(|| panic!("thrown value is not an Error: {err:?}"));
    let code = js_sys::Reflect::get(error, &JsValue::from_str("code"))
        .unwrap()
        .as_string()
        .expect("the Error has a string code property");
    (code, String::from(error.message()))
}

#[wasm_bindgen_test]
fn empty_database_has_no_games() {
    let files = files_from_pgn("");
    let db = match open(&files, None) {
        Ok(db) => db,
        Err(e) => panic!("open failed: {e:?}"),
    };
    assert_eq!(db.count(), 0.0);
    let err = db.pgn(0).expect_err("there is no game 0");
    let err: &js_sys::Error = err.dyn_ref().expect("an Error");
    let code = js_sys::Reflect::get(err, &JsValue::from_str("code")).unwrap();
    assert_eq!(code.as_string().as_deref(), Some("no-such-game"));
}

#[wasm_bindgen_test]
fn one_game_exports_its_moves() {
    let files = files_from_pgn(SMALL_GAME);
    let db = match open(&files, Some("cp1251")) {
        Ok(db) => db,
        Err(e) => panic!("open failed: {e:?}"),
    };
    assert_eq!(db.count(), 1.0);
    let pgn = db.pgn(0).unwrap_or_else(|e| panic!("pgn(0) failed: {e:?}"));
    for needle in [
        "[White \"Anna\"]",
        "[Black \"Boris\"]",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7",
        "1-0",
    ] {
        assert!(pgn.contains(needle), "{needle:?} missing from:\n{pgn}");
    }
}

#[wasm_bindgen_test]
fn truncated_cdp_is_a_js_error_with_a_code() {
    let mut files = files_from_pgn(SMALL_GAME);
    files.cdp.truncate(files.cdp.len() / 2);
    let (code, message) = js_error(open(&files, None));
    assert_eq!(code, "truncated", "message: {message}");
    assert!(
        message.contains("CDP"),
        "message does not name CDP: {message}"
    );
}

#[wasm_bindgen_test]
fn unknown_encoding_is_a_js_error_with_a_code() {
    let files = files_from_pgn(SMALL_GAME);
    let (code, message) = js_error(open(&files, Some("ebcdic")));
    assert_eq!(code, "bad-encoding");
    assert!(message.contains("ebcdic"), "{message}");
}
