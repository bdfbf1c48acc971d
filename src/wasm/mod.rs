//! The JavaScript API (feature `wasm`), built with wasm-bindgen.
//!
//! A first, thin surface: open a database from five `Uint8Array`s, count its
//! games, export one as PGN.
//!
//! ```js
//! import init, { Database } from "cadb";
//! await init();
//! const db = Database.open(cdp, emb, d00, a02, d02, "cp1251");
//! console.log(db.count(), db.pgn(0));
//! ```
//!
//! Every failure is thrown as a JS `Error` whose `message` is the Rust
//! error's text (naming file, offset, game and ply) and whose `code`
//! property is a stable string: [`crate::Error::code`] (`"truncated"`,
//! `"bad-signature"`, ...), or `"bad-encoding"` for an unknown encoding
//! name.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use wasm_bindgen::prelude::*;

use crate::ca::{self, DatabaseFiles, OpenOptions};
use crate::text::TextEncoding;

/// Installs the panic hook, so a panic shows its message in the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A JS `Error` with the given message and a `code` property.
fn js_error(code: &str, message: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    // Setting a property on a fresh plain object cannot fail.
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("code"), &JsValue::from_str(code));
    err.into()
}

/// Converts a library error into a JS `Error` with its stable `code`.
fn to_js(err: crate::Error) -> JsValue {
    js_error(err.code(), &err.to_string())
}

/// An open Chess Assistant database, held in memory.
#[wasm_bindgen]
pub struct Database {
    inner: ca::Database<Vec<u8>>,
}

#[wasm_bindgen]
impl Database {
    /// Opens a database from the bytes of its five files.
    ///
    /// `encoding` names the text encoding of names and comments: `"cp1251"`
    /// (the default), `"cp866"`, `"latin1"` or `"utf-8"`.
    pub fn open(
        cdp: &[u8],
        emb: &[u8],
        d00: &[u8],
        a02: &[u8],
        d02: &[u8],
        encoding: Option<String>,
    ) -> Result<Database, JsValue> {
        let encoding = match encoding.as_deref() {
            None | Some("") => TextEncoding::default(),
            Some(name) => name.parse::<TextEncoding>().map_err(|()| {
                js_error(
                    "bad-encoding",
                    &alloc::format!(
                        "unknown encoding {name:?} (expected cp1251, cp866, latin1 or utf-8)"
                    ),
                )
            })?,
        };
        let files = DatabaseFiles {
            cdp: cdp.to_vec(),
            emb: emb.to_vec(),
            d00: d00.to_vec(),
            a02: a02.to_vec(),
            d02: d02.to_vec(),
        };
        let inner = ca::Database::open(files, OpenOptions { encoding }).map_err(to_js)?;
        Ok(Database { inner })
    }

    /// The number of games.
    pub fn count(&self) -> f64 {
        // Exact: a D00 cannot index anywhere near 2^53 games.
        self.inner.count() as f64
    }

    /// Game `index` (0-based) as PGN text.
    pub fn pgn(&self, index: u32) -> Result<String, JsValue> {
        self.inner.pgn(u64::from(index)).map_err(to_js)
    }
}
