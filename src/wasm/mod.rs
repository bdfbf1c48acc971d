//! The JavaScript API (feature `wasm`), built with wasm-bindgen: one thin
//! layer over the core, shaped for web pages and Workers.
//!
//! ```js
//! import init, { Database } from "cadb";
//! await init();
//! const db = Database.open({ cdp, emb, d00, a02, d02 });   // Uint8Arrays
//! const cols = db.headers(0, 50);                          // typed-array columns
//! const names = db.names();                                // interned name tables
//! console.log(names.players[cols.white[0]], db.pgn(0));
//! ```
//!
//! - [`Database`] ([`database`]), its methods by topic:
//!   - [`open`]: `Database.open` (in memory) and `Database.openLazy` (D02,
//!     and D00 if not given, read through a synchronous range callback, e.g.
//!     `FileReaderSync` over `File.slice` in a Worker), `info`, `names`,
//!     `setEncoding`;
//!   - [`headers`]: `headers(start, n)` as typed-array columns, `plies`, and
//!     `ecoString` / `gameTypeName` / `outcomeSymbol` for column values;
//!   - [`games`]: `game(i)` (the move tree), `pgn(i)`; [`export`]: `exportPgn` in chunks;
//!   - [`annotate`](mod@annotate): `annotate(i, scores)`, a game with an
//!     engine's analysis applied (PGN with `[%eval]` and marks, the scores);
//!   - [`search`]: `search(query)` and `sort(column)` over all headers, and
//!     `searchHits(query)`, the games whose contents match too (material,
//!     patterns, maneuvers, annotations) with the ply of each hit;
//!   - [`position`]: `positionSearch(fen)`, the games reaching a position;
//!   - [`stats`]: `openingTree(fen)` and `compactness()`;
//!   - [`openings`]: `loadOpenings(table)`, after which games, rows and
//!     tree rows carry opening names;
//!   - [`diagnose`]: `diagnose()`, every inferred reading and its evidence;
//!   - [`bench`]: one whole-database pass, for the browser benchmark.
//! - [`archive`](mod@archive): `ArchiveMerge`, many databases as one PGN with their
//!   duplicates merged, as `cadb pgn FOLDER --dedupe` writes it.
//! - [`archive_list`]: [`Archive`], many open databases as one list: its
//!   rows, search, sort, games and export across them;
//!   [`archive_tree`]: its opening tree; [`player`]: its player cards.
//! - [`line`]: `playLine(fen, moves)`, an engine's UCI line as SAN and positions (flat strings).
//! - [`codecs`]: Jose GameText, UCI16, MGC/PGC and stats64, both ways.
//! - [`types`]: the TypeScript declarations of every object crossing the
//!   boundary (no `any`), kept in `types.d.ts` and checked against their
//!   Rust sources by tests/ts_types.rs.
//!
//! Every failure is a [`crate::Error`] thrown as a JS `Error` whose `message`
//! names the file, offset, game and ply, and whose `code` property is its
//! stable [`crate::Error::code`] (`"truncated"`, `"bad-signature"`,
//! `"bad-encoding"`, `"bad-argument"`, ...; TypeScript's `ErrorCode`).
//! This layer only converts: it invents no error of its own, but for
//! `"internal"`, a value of its own it could not serialise (a bug).

use alloc::string::{String, ToString};

use wasm_bindgen::prelude::*;

use crate::text::TextEncoding;

#[cfg(feature = "wasm")]
pub mod annotate;
#[cfg(feature = "wasm")]
pub mod archive;
pub mod archive_list;
#[cfg(feature = "wasm")]
pub mod archive_tree;
#[cfg(feature = "wasm")]
pub mod bench;
#[cfg(feature = "wasm")]
pub mod codecs;
pub mod database;
#[cfg(feature = "wasm")]
pub mod diagnose;
#[cfg(feature = "wasm")]
pub mod export;
pub mod games;
pub mod headers;
#[cfg(feature = "wasm")]
pub mod hits;
pub mod line;
pub mod open;
pub mod openings;
pub mod player;
#[cfg(feature = "wasm")]
pub mod position;
pub mod search;
#[cfg(feature = "wasm")]
pub mod sort;
mod source;
#[cfg(feature = "wasm")]
pub mod stats;
mod types;

pub use archive_list::Archive;
pub use database::Database;
pub use headers::{eco_string, game_type_name, outcome_symbol};
pub use line::play_line;
pub use open::encodings;
pub use openings::load_openings;

/// Installs the panic hook, so a panic (a bug: no input should reach one)
/// shows its message in the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A JS `Error` with the given message and a `code` property.
fn js_error(code: &str, message: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("code"), &JsValue::from_str(code));
    err.into()
}

/// A library error as a JS `Error` with its stable `code`.
pub(crate) fn to_js(err: crate::Error) -> JsValue {
    js_error(err.code(), &err.to_string())
}

/// A caller's bad argument ([`crate::Error::argument`]) as a JS `Error`.
pub(crate) fn bad_argument(message: &str) -> JsValue {
    to_js(crate::Error::argument(message))
}

/// An encoding name; absent, empty or `auto` is `None`: the guess from
/// the database's names.
pub(crate) fn parse_encoding(name: Option<&str>) -> Result<Option<TextEncoding>, JsValue> {
    match name {
        None | Some("" | "auto") => Ok(None),
        Some(name) => name.parse::<TextEncoding>().map(Some).map_err(to_js),
    }
}

/// A pass's progress as the position search takes it from both a
/// database and an archive: one copy of the search in the module.
#[cfg(feature = "wasm")]
pub(crate) type DynProgress<'a> = dyn FnMut(u64, u64) -> core::ops::ControlFlow<()> + 'a;

/// A search's progress callback from a JS `onProgress`: a callback that
/// throws stops the search (`Break`), and its error lands in `thrown` for
/// the caller to rethrow.
#[cfg(feature = "wasm")]
pub(crate) fn js_progress<'a>(
    on_progress: Option<&'a js_sys::Function>,
    thrown: &'a mut Option<JsValue>,
) -> impl FnMut(u64, u64) -> core::ops::ControlFlow<()> + 'a {
    use core::ops::ControlFlow;
    move |done, total| {
        let Some(f) = on_progress else {
            return ControlFlow::Continue(());
        };
        match f.call2(
            &JsValue::NULL,
            &(done as f64).into(),
            &(total as f64).into(),
        ) {
            Ok(_) => ControlFlow::Continue(()),
            Err(e) => {
                *thrown = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Serialises a value the way the TypeScript types describe it: maps as
/// plain objects, 64-bit numbers as JS numbers.
pub(crate) fn to_value<T: serde::Serialize + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    // The views are plain data: serialising them cannot fail, so a failure
    // is a bug in this crate, reported as such.
    v.serialize(&serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true))
        .map_err(|e| js_error("internal", &e.to_string()))
}

/// Reads an optional string property.
pub(crate) fn opt_string(obj: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(obj, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
}
