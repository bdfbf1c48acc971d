//! `annotate(index, scores)`: a game with an engine's analysis applied
//! (the rule is the core's, [`crate::annotate`]): its PGN with `[%eval]`
//! and the marks, and the effective scores for a graph.

use alloc::{format, vec::Vec};

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{
    Database, bad_argument,
    database::{prop, set},
    to_js,
};
use crate::{FileKind, annotate::Score};

#[wasm_bindgen]
impl Database {
    /// Game `index` with `scores` (the engine's, from White's view, for the
    /// main-line positions after plies 0 to n; `null` where not analysed)
    /// applied: a stored evaluation wins, terminal positions are exact, and
    /// moves are marked by lichess's rule. A damaged game is annotated up to
    /// the damage, its PGN ending with a comment naming it.
    #[wasm_bindgen(unchecked_return_type = "AnnotatedGame")]
    pub fn annotate(
        &self,
        index: u32,
        #[wasm_bindgen(unchecked_param_type = "(EngineScore | null)[]")] scores: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.check_index(index)?;
        let (mut game, err) = self.inner.game_lenient(u64::from(index));
        let want = game.plies() + 1;
        let scores = read_scores(&scores, want)?;
        if let Some(e) = &err {
            game.comments.push(format!("cadb: decoding stopped: {e}"));
        }
        // The decoder checked every move: a failure here would be a bug.
        let fail =
            |e: crate::game::GameError| to_js(e.in_file(FileKind::D02).in_game(u64::from(index)));
        let a = crate::annotate::annotate(&mut game, &scores).map_err(fail)?;
        let pgn = crate::game::pgn::to_pgn(&game).map_err(fail)?;
        let o = Object::new();
        set(&o, "pgn", pgn);
        let list = Array::new();
        for s in &a.scores {
            list.push(&s.map_or(JsValue::NULL, |s| score_object(s).into()));
        }
        set(&o, "scores", list);
        let stored: Array = a.stored.iter().map(|&b| JsValue::from_bool(b)).collect();
        set(&o, "stored", stored);
        let marks: Array = a
            .marks
            .iter()
            .map(|m| m.map_or(JsValue::NULL, |j| j.nag().into()))
            .collect();
        set(&o, "marks", marks);
        Ok(o.into())
    }
}

fn score_object(s: Score) -> Object {
    let score = Object::new();
    match s {
        Score::Cp(cp) => set(&score, "cp", cp),
        Score::Mate(n) => set(&score, "mate", n),
    }
    score
}

/// `(EngineScore | null)[]` of length `want`, or a `bad-argument` error
/// naming the entry and what was expected.
fn read_scores(v: &JsValue, want: usize) -> Result<Vec<Option<Score>>, JsValue> {
    let list = v
        .dyn_ref::<Array>()
        .ok_or_else(|| bad_argument("scores must be an array of { cp } | { mate } | null"))?;
    let len = list.length() as usize;
    if len != want {
        return Err(bad_argument(&format!(
            "scores has {len} entries: expected {want}, one for each position of the main line (plies 0 to {})",
            want - 1
        )));
    }
    list.iter()
        .enumerate()
        .map(|(i, s)| read_score(&s).map_err(|why| bad_argument(&format!("scores[{i}]: {why}"))))
        .collect()
}

fn read_score(s: &JsValue) -> Result<Option<Score>, &'static str> {
    if s.is_null() || s.is_undefined() {
        return Ok(None);
    }
    if !s.is_object() {
        return Err("expected { cp: number }, { mate: number } or null");
    }
    let int = |v: JsValue, what: &'static str| -> Result<i32, &'static str> {
        let f = v.as_f64().ok_or(what)?;
        // Whole numbers in i32's range only (this also rejects NaN).
        if f.fract() == 0.0 && f >= f64::from(i32::MIN) && f <= f64::from(i32::MAX) {
            Ok(f as i32)
        } else {
            Err(what)
        }
    };
    let (cp, mate) = (prop(s, "cp"), prop(s, "mate"));
    match (cp.is_undefined(), mate.is_undefined()) {
        (false, true) => Ok(Some(Score::Cp(int(
            cp,
            "cp must be a whole number of centipawns",
        )?))),
        (true, false) => match int(mate, "mate must be a whole number of moves")? {
            0 => Err("mate must not be 0 (N > 0: White mates in N; N < 0: Black mates)"),
            n => Ok(Some(Score::Mate(n))),
        },
        _ => Err("expected exactly one of cp and mate"),
    }
}
