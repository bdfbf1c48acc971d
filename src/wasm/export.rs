//! Many games as PGN handed to JS in chunks (a million-game export never
//! builds one string): `exportPgn` (text) and `exportPgnBytes` (UTF-8),
//! whole-database passes (feature `wasm`).

use alloc::{string::String, string::ToString, vec::Vec};

use js_sys::{Array, Object, Uint8Array, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{Database, bad_argument, database::set, to_js};
use crate::archive::{Merge, merge::write_game, wire};

/// The most of D02 held at once while exporting a database read lazily
/// (`Database::in_game_order`): with records out of game order, each
/// window of this many bytes of records costs one read through the file.
pub(super) const HOLD_BYTES: usize = 96 << 20;

/// A chunk as its UTF-8 bytes, in an `ArrayBuffer` of its own.
pub(super) fn bytes(text: &str) -> JsValue {
    Uint8Array::from(text.as_bytes()).into()
}

/// An `onProgress` callback as the export calls it: a callback that
/// throws stops the export, with its error.
pub(super) fn js_progress_of(
    on_progress: Option<js_sys::Function>,
) -> impl FnMut(u64, u64) -> Result<(), JsValue> {
    move |done, total| match &on_progress {
        Some(p) => p
            .call2(
                &JsValue::NULL,
                &JsValue::from_f64(done as f64),
                &JsValue::from_f64(total as f64),
            )
            .map(drop),
        None => Ok(()),
    }
}

/// About this much PGN a chunk.
const CHUNK: usize = 64 << 10;

#[wasm_bindgen]
impl Database {
    /// Exports the games in `indices` (all when `null`) as PGN, handing the
    /// text to `onChunk` about 64 KB at a time, and calling `onProgress(done,
    /// total)` after each chunk. A database opened with `openLazy` holds up
    /// to 96 MB of D02 at a time meanwhile, its records read in file order
    /// a window of games at a time.
    ///
    /// ```js
    /// const parts = [];
    /// const { games, errors } = db.exportPgn(null, (text) => parts.push(text));
    /// ```
    #[wasm_bindgen(js_name = exportPgn, unchecked_return_type = "ExportSummary")]
    pub fn export_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | null")] indices: JsValue,
        #[wasm_bindgen(js_name = onChunk, unchecked_param_type = "(text: string) => void")]
        on_chunk: js_sys::Function,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        let mut tally = Tally::default();
        self.export_with(
            indices_of(&indices)?.as_deref(),
            &|text| JsValue::from_str(text),
            &on_chunk,
            &mut js_progress_of(on_progress),
            None,
            None,
            &mut tally,
            0,
        )?;
        Ok(tally.summary())
    }

    /// [`exportPgn`](Self::export_pgn) with each chunk as its UTF-8 bytes,
    /// in an `ArrayBuffer` of its own: what a Worker posts to the page
    /// without a copy (transferred), and what a file or a `Blob` takes
    /// as it is (no UTF-16 string made and encoded again).
    ///
    /// ```js
    /// const parts = [];
    /// db.exportPgnBytes(null, (bytes) => parts.push(bytes));
    /// const file = new Blob(parts, { type: 'application/x-chess-pgn' });
    /// ```
    ///
    /// With `source`, each game gets a `[CASource "SOURCE game N"]` tag
    /// after its own (N: its index): one database of an archive's export,
    /// as `cadb pgn FOLDER` writes it. With `merge` (its share of an
    /// archive's merge, `ArchiveMerge.share`), a copy is left out and a
    /// kept game tagged `[CACopies]`, as `ArchiveMerge.exportDatabase`
    /// writes it.
    #[wasm_bindgen(js_name = exportPgnBytes, unchecked_return_type = "ExportSummary")]
    pub fn export_pgn_bytes(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | null")] indices: JsValue,
        #[wasm_bindgen(
            js_name = onChunk,
            unchecked_param_type = "(bytes: Uint8Array<ArrayBuffer>) => void"
        )]
        on_chunk: js_sys::Function,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] source: Option<String>,
        #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array | null")] merge: Option<Vec<u8>>,
    ) -> Result<JsValue, JsValue> {
        let merge = merge
            .map(|b| wire::share_from_bytes(&b))
            .transpose()
            .map_err(to_js)?;
        if let Some(m) = &merge
            && m.base(0, self.inner.count()).is_none()
        {
            return Err(bad_argument("the merge's share is of another database"));
        }
        let mut tally = Tally::default();
        self.export_with(
            indices_of(&indices)?.as_deref(),
            &bytes,
            &on_chunk,
            &mut js_progress_of(on_progress),
            source.as_deref(),
            merge.as_ref().map(|m| (m, 0)),
            &mut tally,
            0,
        )?;
        Ok(tally.summary())
    }

    /// The export of `list` (all: `None`): each chunk made into a JS value
    /// by `chunk`; each game tagged with its `source`, and, merged (the
    /// plan and this database's first key), a copy left out
    /// (`archive::merge::write_game`); what was written added to `tally`,
    /// a game's error naming it by its index plus `numbered`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn export_with(
        &self,
        list: Option<&[u32]>,
        chunk: &dyn Fn(&str) -> JsValue,
        on_chunk: &js_sys::Function,
        progress: &mut dyn FnMut(u64, u64) -> Result<(), JsValue>,
        source: Option<&str>,
        merge: Option<(&Merge, usize)>,
        tally: &mut Tally,
        numbered: u64,
    ) -> Result<(), JsValue> {
        let total = list.map_or(self.inner.count(), |l| l.len() as u64);
        let mut buf = String::new();
        let mut flush = |buf: &mut String, done: u64| -> Result<(), JsValue> {
            on_chunk.call1(&JsValue::NULL, &chunk(buf))?;
            buf.clear();
            progress(done, total)
        };
        // In game order, each window's records read first in file order:
        // a database whose records are shuffled is not read a jump a game.
        self.inner
            .in_game_order::<JsValue>(list, HOLD_BYTES, |k, i| {
                self.inner.check_index(i).map_err(to_js)?;
                let before = buf.len();
                let Some(error) = write_game(&self.inner, i, source, merge, &mut buf) else {
                    return Ok(());
                };
                if let Some(e) = error {
                    let eo = Object::new();
                    set(&eo, "game", (numbered + i) as f64);
                    set(&eo, "code", e.code());
                    set(&eo, "message", e.to_string());
                    tally.errors.push(&eo);
                }
                tally.bytes += (buf.len() - before) as f64;
                tally.games += 1;
                if buf.len() >= CHUNK {
                    flush(&mut buf, k + 1)?;
                }
                Ok(())
            })?;
        if !buf.is_empty() || total == 0 {
            flush(&mut buf, total)?;
        }
        Ok(())
    }
}

/// What an export wrote: its `ExportSummary`, added up over the databases
/// of an archive.
#[derive(Default)]
pub(super) struct Tally {
    games: u32,
    bytes: f64,
    errors: Array,
}

impl Tally {
    pub(super) fn summary(self) -> JsValue {
        let o = Object::new();
        set(&o, "games", self.games);
        set(&o, "bytes", self.bytes);
        set(&o, "errors", self.errors);
        o.into()
    }
}

/// An export's `indices`: a `Uint32Array`, or `null` for all.
pub(super) fn indices_of(indices: &JsValue) -> Result<Option<Vec<u32>>, JsValue> {
    if indices.is_null() || indices.is_undefined() {
        return Ok(None);
    }
    let list = indices
        .dyn_ref::<Uint32Array>()
        .ok_or_else(|| bad_argument("indices must be a Uint32Array or null"))?;
    Ok(Some(list.to_vec()))
}
