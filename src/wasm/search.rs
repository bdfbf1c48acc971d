//! Search over all headers: a thin wrapper over [`crate::ca::search`]
//! (query strings matched against the name tables once, then a numeric
//! scan of the D00 records); the `SearchQuery` object read in one place,
//! for it and the search inside games ([`super::hits`]).

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

use super::{Database, bad_argument, database::prop, opt_string, to_js};
use crate::{
    ca::{
        self,
        format::d00::encode_game_type,
        search::{EloOf, Expressions, HeaderIndex, Query, Side},
    },
    game::headers::GameResult,
};

#[wasm_bindgen]
impl Database {
    /// Indices of the games matching `query`, ascending.
    /// A query on plies or annotations reads every game's record the
    /// first time (`onProgress` is called meanwhile); later ones do not.
    /// A query on the games' contents (`material`, `pattern`, `maneuver`,
    /// `comment`, `nag`, `hasEval`, `evalSwing`, `opening`) replays the games its
    /// header fields leave, as `searchHits` does (`onProgress` meanwhile).
    pub fn search(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SearchQuery")] query: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<Uint32Array, JsValue> {
        let q = parse_query(&query)?;
        let (index, db) = self.indexed();
        let found = find(index, db, &q, &mut lossy_progress(on_progress.as_ref()));
        Ok(Uint32Array::from(&found.map_err(to_js)?[..]))
    }
}

/// `search`'s games of `db` matching `q` (a database's, and each member's
/// of an archive).
pub(super) fn find(
    index: &HeaderIndex,
    db: &ca::Database<super::source::Source>,
    q: &Query,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<alloc::vec::Vec<u32>, crate::Error> {
    #[cfg(feature = "wasm")]
    return index.search_with(db, q, super::openings::loaded().as_deref(), progress);
    // The interactive module has no search inside games (parse_query refuses one).
    #[cfg(not(feature = "wasm"))]
    index.search_headers(db, q, progress)
}

/// `search`'s `onProgress`: a callback that throws only loses its progress.
pub(super) fn lossy_progress(on_progress: Option<&js_sys::Function>) -> impl FnMut(u64, u64) + '_ {
    move |done, total| {
        if let Some(p) = on_progress {
            let _ = p.call2(
                &JsValue::NULL,
                &JsValue::from_f64(done as f64),
                &JsValue::from_f64(total as f64),
            );
        }
    }
}

const BAD_GAME_TYPE: &str = "`gameType` must be a game type's name or number 1-30";

/// Reads a `SearchQuery` object: [`Query`]'s fields under their camelCase
/// names (tests/ts_types.rs checks them against the TypeScript). Other
/// keys are ignored, and so is a text or yes/no field of another type; a
/// number field (and `gameType`) of another type is an error.
pub(super) fn parse_query(v: &JsValue) -> Result<Query, JsValue> {
    if !v.is_object() {
        return Err(bad_argument("search takes a SearchQuery object"));
    }
    let num = |k: &str| -> Result<Option<u16>, JsValue> {
        let x = prop(v, k);
        if x.is_undefined() || x.is_null() {
            return Ok(None);
        }
        x.as_f64()
            .filter(|n| (0.0..=65535.0).contains(n))
            .map(|n| Some(n as u16))
            .ok_or_else(|| bad_argument(&alloc::format!("`{k}` must be a number 0-65535")))
    };
    let flag = |k: &str| prop(v, k).as_bool().unwrap_or(false);
    let float = |k: &str| -> Result<Option<f64>, JsValue> {
        let x = prop(v, k);
        if x.is_undefined() || x.is_null() {
            return Ok(None);
        }
        x.as_f64()
            .map(Some)
            .ok_or_else(|| bad_argument(&alloc::format!("`{k}` must be a number")))
    };
    let elo_of = match opt_string(v, "eloOf") {
        None => EloOf::default(),
        Some(e) => EloOf::from_name(&e)
            .ok_or_else(|| bad_argument("`eloOf` must be both, either or opponent"))?,
    };
    let game_type = match opt_string(v, "gameType") {
        Some(t) if t.trim().is_empty() => None,
        Some(t) => match encode_game_type(&t) {
            0 => return Err(bad_argument(BAD_GAME_TYPE)),
            n => Some(n),
        },
        None => match num("gameType")? {
            Some(n @ 1..=30) => Some(u32::from(n)),
            Some(_) => return Err(bad_argument(BAD_GAME_TYPE)),
            None => None,
        },
    };
    let color = match opt_string(v, "color") {
        None => Side::default(),
        Some(c) => Side::from_name(&c)
            .ok_or_else(|| bad_argument(&alloc::format!("unknown color {c:?}")))?,
    };
    let result = match opt_string(v, "result") {
        None => None,
        Some(r) => Some(
            GameResult::from_pgn(&r)
                .ok_or_else(|| bad_argument(&alloc::format!("unknown result {r:?}")))?,
        ),
    };
    for k in ["ecoFrom", "ecoTo"] {
        if let Some(e) = opt_string(v, k)
            && ca::search::eco_value(&e).is_none()
        {
            return Err(bad_argument(&alloc::format!(
                "`{k}` must be A00..E99, not {e:?}"
            )));
        }
    }
    let [material, pattern, maneuver, comment, opening] =
        ["material", "pattern", "maneuver", "comment", "opening"].map(|k| opt_string(v, k));
    #[cfg_attr(not(feature = "wasm"), allow(unused_mut))]
    let mut q = Query {
        text: opt_string(v, "text"),
        player: opt_string(v, "player"),
        color,
        event: opt_string(v, "event"),
        site: opt_string(v, "site"),
        annotator: opt_string(v, "annotator"),
        year_from: num("yearFrom")?,
        year_to: num("yearTo")?,
        eco_from: opt_string(v, "ecoFrom"),
        eco_to: opt_string(v, "ecoTo"),
        result,
        min_elo: num("minElo")?,
        elo_of,
        source: opt_string(v, "source"),
        game_type,
        plies_from: num("pliesFrom")?.map(u32::from),
        plies_to: num("pliesTo")?.map(u32::from),
        annotated: flag("annotated"),
        player_exact: flag("playerExact"),
        ..Query::default()
    };
    let expressions = Expressions {
        material: material.as_deref(),
        pattern: pattern.as_deref(),
        maneuver: maneuver.as_deref(),
        comment: comment.as_deref(),
        opening: opening.as_deref(),
        nag: float("nag")?,
        has_eval: flag("hasEval"),
        eval_swing: float("evalSwing")?,
    };
    #[cfg(feature = "wasm")]
    q.set_expressions(&expressions).map_err(to_js)?;
    #[cfg(not(feature = "wasm"))]
    if expressions.any() {
        return Err(bad_argument(
            "this module searches headers only: a search inside games needs the whole module (feature `wasm`)",
        ));
    }
    Ok(q)
}
