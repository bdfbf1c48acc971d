//! `diagnose()`: the doctor's report (see [`crate::ca::diagnose`]) of a
//! database, and of each member of an archive; and the full check cut
//! into parts, for a pool's helpers: `diagnosePart` scans one,
//! `diagnoseJoin` joins their numbers into the report.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{
    Archive, Database, DynProgress, bad_argument,
    database::{prop, set},
    js_progress,
    open::whole_number,
    to_value,
};
use crate::ca::diagnose::{DiagnoseOptions, Diagnosis, ScannedPart};

#[wasm_bindgen]
impl Database {
    /// Every reading the reader inferred (file direction, code page, ECO 0,
    /// ids, symbols, game type, round, unknown codes), its evidence as
    /// counts, how sure it is, and every warning; `text` is the same as a
    /// plain report to copy. No game content. `maxGames` bounds the games
    /// whose D02 record is scanned (default: all); `onProgress(done, total)`
    /// is called every 1024 of them.
    #[wasm_bindgen(unchecked_return_type = "Diagnosis")]
    pub fn diagnose(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ maxGames?: number } | null")]
        options: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        let options = diagnose_options(&options)?;
        let mut thrown = None;
        let mut progress = js_progress(on_progress.as_ref(), &mut thrown);
        // `dyn`: one copy of the scan for a database's and an archive's.
        let d = self
            .inner
            .diagnose(options, &mut progress as &mut DynProgress);
        drop(progress);
        thrown.map_or_else(|| report(&d), Err)
    }

    /// Part `part` of `parts` of the full check's scan of every record
    /// (stretches of D02, in its order), as numbers for `diagnoseJoin`:
    /// what a pool's helper does with its own `Database` over the same
    /// files. `onProgress(done, total)` counts within the part.
    #[wasm_bindgen(js_name = diagnosePart)]
    pub fn diagnose_part(
        &self,
        part: u32,
        parts: u32,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<alloc::vec::Vec<f64>, JsValue> {
        if part >= parts {
            return Err(bad_argument("`part` must be below `parts`"));
        }
        let plan = self.inner.plan_diagnosis(DiagnoseOptions::default());
        let mut thrown = None;
        let mut progress = js_progress(on_progress.as_ref(), &mut thrown);
        let scanned = plan.scan_part(
            &self.inner,
            crate::ca::stretch(plan.len(), part.into(), parts.into()),
            &mut progress as &mut DynProgress,
        );
        drop(progress);
        thrown.map_or_else(|| Ok(scanned.counts()), Err)
    }

    /// The full check's report (`diagnose()` with every game) from the
    /// numbers `diagnosePart` gave for each part, one part's after
    /// another in the parts' order.
    #[wasm_bindgen(js_name = diagnoseJoin, unchecked_return_type = "Diagnosis")]
    pub fn diagnose_join(&self, parts: &[f64]) -> Result<JsValue, JsValue> {
        let scanned = ScannedPart::parts_from_counts(parts)
            .ok_or_else(|| bad_argument("`parts` must be what `diagnosePart` gave"))?;
        let plan = self.inner.plan_diagnosis(DiagnoseOptions::default());
        report(&plan.finish(&self.inner, scanned))
    }
}

#[wasm_bindgen]
impl Archive {
    /// Each member's doctor's report, as `Database.diagnose` gives it
    /// (each database has readings of its own: an archive mixes DOS and
    /// Windows databases): `{ name, report }` in the archive's order.
    /// `maxGames` bounds each member's scan; `onProgress(done, total)`
    /// counts the archive's games.
    ///
    /// ```js
    /// for (const { name, report } of archive.diagnose({ maxGames: 2000 })) console.log(name, report.text);
    /// ```
    #[wasm_bindgen(unchecked_return_type = "MemberDiagnosis[]")]
    pub fn diagnose(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ maxGames?: number } | null")]
        options: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        let options = diagnose_options(&options)?;
        let (spans, total) = (&self.spans, self.spans.total());
        let mut thrown = None;
        let mut progress = js_progress(on_progress.as_ref(), &mut thrown);
        let out = Array::new();
        for (k, (name, d)) in self.members.iter().enumerate() {
            let mut each = |done: u64, of: u64| progress(spans.done_at(k, done, of), total);
            let d = d.inner.diagnose(options, &mut each as &mut DynProgress);
            let o = Object::new();
            set(&o, "name", name.as_str());
            set(&o, "report", report(&d)?);
            out.push(&o);
        }
        drop(progress);
        thrown.map_or_else(|| Ok(out.into()), Err)
    }
}

/// `{ maxGames }`: the games whose D02 record is scanned (default: all).
fn diagnose_options(options: &JsValue) -> Result<DiagnoseOptions, JsValue> {
    let max = prop(options, "maxGames");
    let max_games = if max.is_undefined() || max.is_null() {
        u64::MAX
    } else {
        whole_number(&max, 0.0..9.0e15)
            .ok_or_else(|| bad_argument("`maxGames` must be a whole number"))?
    };
    Ok(DiagnoseOptions { max_games })
}

/// The report as the TypeScript `Diagnosis`, with its plain text.
fn report(d: &Diagnosis) -> Result<JsValue, JsValue> {
    let o: Object = to_value(d)?.unchecked_into();
    set(&o, "text", d.to_string());
    set(&o, "needsAttention", d.needs_attention());
    Ok(o.into())
}
