//! Headers in bulk, as typed-array columns a virtualised list of a million
//! rows can page through (one D00 record read per row, no names decoded),
//! the helpers that turn column values into text, and a page of list rows
//! as text (`rows`, from [`crate::ca::columns`]).

use alloc::{string::String, vec::Vec};

use js_sys::{Object, Uint8Array, Uint16Array, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{
    Database,
    database::set,
    open::{name_index, string_array},
    to_js,
};
use crate::ca::{self, ListKind, columns::Column};

#[wasm_bindgen]
impl Database {
    /// Headers of games `start..start+count` (clipped to the database) as
    /// typed-array columns; name columns index `names()`.
    #[wasm_bindgen(unchecked_return_type = "HeaderColumns")]
    pub fn headers(&self, start: u32, count: u32) -> Result<JsValue, JsValue> {
        let total = self.inner.count();
        let start = u64::from(start).min(total);
        let end = (start + u64::from(count)).min(total);
        let n = (end - start) as usize;
        let (mut white, mut black, mut event, mut site, mut annotator, mut source) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        let (mut white_elo, mut black_elo, mut year, mut eco) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        let (mut result, mut outcome, mut month, mut day, mut round2) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        let mut game_type = Vec::with_capacity(n);
        // One read of the page's records (one callback for a lazy D00).
        let db = &self.inner;
        let name = |kind, id| name_index(db, kind, id);
        let scan = self.inner.scan_raw_headers(start, end, |_, h| {
            white.push(name(ListKind::Players, h.white_id));
            black.push(name(ListKind::Players, h.black_id));
            white_elo.push(h.white_elo);
            black_elo.push(h.black_elo);
            result.push(ca::format::d00::outcome_result(h.outcome).index());
            outcome.push(h.outcome);
            let d = ca::format::d00::decode_date(h.date);
            year.push(d.year.unwrap_or(0));
            month.push(d.month.unwrap_or(0));
            day.push(d.day.unwrap_or(0));
            event.push(name(ListKind::Events, h.event_id));
            site.push(name(ListKind::Places, h.site_id));
            annotator.push(name(ListKind::Players, h.annotator_id));
            source.push(name(ListKind::Sources, h.source_id));
            round2.push(h.round2);
            eco.push(db.eco_code(h.eco));
            game_type.push(db.game_type_code(h.game_type));
        });
        scan.map_err(to_js)?;
        let o = Object::new();
        set(&o, "start", start as f64);
        set(&o, "count", n as u32);
        let u32s = [
            ("white", white),
            ("black", black),
            ("event", event),
            ("site", site),
            ("annotator", annotator),
            ("source", source),
            ("gameType", game_type),
        ];
        for (k, v) in u32s {
            set(&o, k, Uint32Array::from(&v[..]));
        }
        for (k, v) in [
            ("whiteElo", white_elo),
            ("blackElo", black_elo),
            ("year", year),
            ("eco", eco),
        ] {
            set(&o, k, Uint16Array::from(&v[..]));
        }
        for (k, v) in [
            ("result", result),
            ("outcome", outcome),
            ("month", month),
            ("day", day),
            ("round2", round2),
        ] {
            set(&o, k, Uint8Array::from(&v[..]));
        }
        Ok(o.into())
    }

    /// The game list's rows for games `indices` (in that order; indices past
    /// the end are left out), as text column by column: one call a page.
    #[wasm_bindgen(unchecked_return_type = "GameRows")]
    pub fn rows(&self, indices: &[u32]) -> Result<JsValue, JsValue> {
        let openings = super::openings::loaded();
        let page = ca::columns::rows(&self.inner, indices, openings.as_deref()).map_err(to_js)?;
        Ok(rows_object(&page.index, &page.text).into())
    }

    /// Main-line plies of games `start..start+count` (replays them: call it
    /// for the visible rows only). A damaged game counts what decoded.
    pub fn plies(&self, start: u32, count: u32) -> Uint32Array {
        let total = self.inner.count();
        let start = u64::from(start).min(total);
        let end = (start + u64::from(count)).min(total);
        let out: Vec<u32> = (start..end)
            .map(|i| self.inner.main_line_plies(i))
            .collect();
        Uint32Array::from(&out[..])
    }
}

/// A page of rows as `GameRows`: the games, and each column's text.
pub(super) fn rows_object(index: &[u32], text: &[Vec<String>]) -> Object {
    let columns = Object::new();
    for (c, text) in Column::ALL.into_iter().zip(text) {
        set(&columns, c.key(), string_array(text));
    }
    let o = Object::new();
    set(&o, "index", Uint32Array::from(index));
    set(&o, "columns", columns);
    o
}

/// An ECO column value as text (`"B33"`), or `""` for none.
#[wasm_bindgen(js_name = ecoString)]
pub fn eco_string(code: u16) -> String {
    ca::format::d00::decode_eco(code).unwrap_or_default()
}

/// A game-type column value as text (names joined by ", "), or `""`.
#[wasm_bindgen(js_name = gameTypeName)]
pub fn game_type_name(code: u32) -> String {
    ca::format::d00::decode_game_type(code).unwrap_or_default()
}

/// An outcome column value (5-16, an assessment of an unfinished game) as
/// its symbol (`"+/="`), or `""` for the results 1-4 and unknown codes.
#[wasm_bindgen(js_name = outcomeSymbol)]
pub fn outcome_symbol(code: u8) -> String {
    crate::game::headers::Assessment::from_code(code)
        .map(|a| String::from(a.symbol()))
        .unwrap_or_default()
}
