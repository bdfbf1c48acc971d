//! One PGN of many databases with their duplicates merged, in the page
//! (issue 47): each database's keys read in turn, the plan made once, then
//! each database exported by it: [`crate::archive::Merge`], as `cadb pgn
//! FOLDER --dedupe` writes it (feature `wasm`).

use alloc::{string::String, vec::Vec};

use js_sys::{Function, Object};
use wasm_bindgen::prelude::*;

use super::{
    Database,
    database::set,
    export::{HOLD_BYTES, bytes},
};
use crate::archive::{Keys, Merge, wire};

/// `addDatabase` reports its progress every this many games.
const PROGRESS_EVERY: u64 = 4096;

/// Reads the duplicate rule's key of every game of `db` into `keys`, in
/// game order (a lazy database's records a window at a time, as the
/// export reads them), calling `each(games read)` every few thousand
/// games. A damaged game's key is nobody's copy; the export names it.
pub(super) fn read_keys(
    keys: &mut Keys,
    db: &crate::ca::Database<super::source::Source>,
    each: &mut dyn FnMut(u64) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    db.in_game_order::<JsValue>(None, HOLD_BYTES, |k, i| {
        let _ = keys.read(db, i);
        if (k + 1).is_multiple_of(PROGRESS_EVERY) {
            each(k + 1)?;
        }
        Ok(())
    })
}

/// An archive's merged export, built database by database.
///
/// ```js
/// const merge = new ArchiveMerge();
/// for (const [name, files] of databases) merge.addDatabase(name, Database.open(files));
/// const { groups, copies } = merge.find();
/// databases.forEach(([name, files], k) => merge.exportDatabase(k, Database.open(files), (b) => parts.push(b)));
/// ```
#[wasm_bindgen]
#[derive(Default)]
pub struct ArchiveMerge {
    keys: Keys,
    spans: Vec<Option<(usize, u64)>>,
    names: Vec<String>,
    plan: Option<Merge>,
}

#[wasm_bindgen]
impl ArchiveMerge {
    #[wasm_bindgen(constructor)]
    pub fn new() -> ArchiveMerge {
        ArchiveMerge::default()
    }

    /// Reads the duplicate rule's key of every game of `db`, the archive's
    /// next database, named `name` (its games' `[CASource]`), calling
    /// `onProgress(done, total)` every few thousand games. A lazy
    /// database's records are read a window at a time, as the export reads
    /// them.
    #[wasm_bindgen(js_name = addDatabase)]
    pub fn add_database(
        &mut self,
        name: String,
        db: &Database,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<Function>,
    ) -> Result<(), JsValue> {
        let db = &db.inner;
        let total = db.count();
        self.spans.push(Some((self.keys.len(), total)));
        self.names.push(name);
        let mut progress = super::export::js_progress_of(on_progress);
        read_keys(&mut self.keys, db, &mut |done| progress(done, total))
    }

    /// [`addDatabase`](Self::add_database) with the keys another Worker
    /// read (`Database.duplicateKeys`) of the archive's next database,
    /// named `name`, of `games` games: a merge whose databases are read by
    /// a pool of Workers.
    ///
    /// ```js
    /// merge.addKeys('ECO', db.info().games, db.duplicateKeys());
    /// ```
    #[wasm_bindgen(js_name = addKeys)]
    pub fn add_keys(&mut self, name: String, games: f64, keys: &[u8]) -> Result<(), JsValue> {
        let keys = wire::keys_from_bytes(keys).map_err(super::to_js)?;
        if keys.len() as f64 != games {
            return Err(super::bad_argument("the keys are not one a game"));
        }
        self.spans.push(Some((self.keys.len(), keys.len() as u64)));
        self.names.push(name);
        self.keys.append(keys);
        Ok(())
    }

    /// Database `k`'s share of the plan, after `find`, for a database of
    /// `games` games: what `Database.exportPgnBytes` takes as its `merge`
    /// to export it as [`exportDatabase`](Self::export_database) would.
    /// `undefined` when its keys were not read from a database of that
    /// many games: it is written whole.
    ///
    /// ```js
    /// const share = merge.share(k, db.info().games);
    /// db.exportPgnBytes(null, (b) => parts.push(b), null, names.length > 1 ? name : null, share ?? null);
    /// ```
    pub fn share(&self, k: u32, games: f64) -> Result<Option<Vec<u8>>, JsValue> {
        let plan = self
            .plan
            .as_ref()
            .ok_or_else(|| super::bad_argument("call find() first"))?;
        Ok(wire::share_to_bytes(plan, k as usize, games as u64))
    }

    /// The archive's next database did not open: it has no keys.
    #[wasm_bindgen(js_name = addMissing)]
    pub fn add_missing(&mut self, name: String) {
        self.spans.push(None);
        self.names.push(name);
    }

    /// Finds the copies among every database added: `{ groups, copies }`,
    /// the groups of copies and the copies left out.
    #[wasm_bindgen(unchecked_return_type = "{ groups: number; copies: number }")]
    pub fn find(&mut self) -> JsValue {
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        let plan = Merge::plan(
            core::mem::take(&mut self.keys),
            core::mem::take(&mut self.spans),
            &names,
        );
        let o = Object::new();
        set(&o, "groups", plan.duplicates.groups.len() as f64);
        set(&o, "copies", plan.duplicates.dropped() as f64);
        self.plan = Some(plan);
        o.into()
    }

    /// Exports database `k` (opened again as `db`) as `exportPgnBytes`
    /// does, after `find`: each game tagged with its database, a copy left
    /// out, a kept game tagged `[CACopies]` with those it stands for. A
    /// database whose games are not those its keys were read from is
    /// written whole.
    #[wasm_bindgen(js_name = exportDatabase, unchecked_return_type = "ExportSummary")]
    pub fn export_database(
        &self,
        k: u32,
        db: &Database,
        #[wasm_bindgen(
            js_name = onChunk,
            unchecked_param_type = "(bytes: Uint8Array<ArrayBuffer>) => void"
        )]
        on_chunk: Function,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let plan = self
            .plan
            .as_ref()
            .ok_or_else(|| super::bad_argument("call find() first"))?;
        let k = k as usize;
        let name = self
            .names
            .get(k)
            .ok_or_else(|| super::bad_argument("no such database"))?;
        let base = plan.base(k, db.inner.count());
        let mut tally = super::export::Tally::default();
        db.export_with(
            None,
            &bytes,
            &on_chunk,
            &mut super::export::js_progress_of(on_progress),
            (self.names.len() > 1).then_some(name.as_str()),
            base.map(|b| (plan, b)),
            &mut tally,
            0,
        )?;
        Ok(tally.summary())
    }
}

#[wasm_bindgen]
impl Database {
    /// The duplicate rule's key of every game, as bytes for
    /// `ArchiveMerge.addKeys` in another Worker, read as `addDatabase`
    /// reads them, calling `onProgress(done, total)` every few thousand
    /// games.
    ///
    /// ```js
    /// const keys = db.duplicateKeys((done, total) => show(done / total));
    /// ```
    #[wasm_bindgen(js_name = duplicateKeys)]
    pub fn duplicate_keys(
        &self,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<Function>,
    ) -> Result<Vec<u8>, JsValue> {
        let total = self.inner.count();
        let mut keys = Keys::new();
        let mut progress = super::export::js_progress_of(on_progress);
        read_keys(&mut keys, &self.inner, &mut |done| progress(done, total))?;
        Ok(wire::keys_to_bytes(&keys))
    }
}
