//! The list sorted by a column over all games (or a subset), a
//! whole-database pass (feature `wasm`).

use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

use super::{Database, bad_argument, to_js};
use crate::ca::columns::Column;

/// The sortable column named `column` (`SortColumn`), or a bad-argument
/// error (a database's sort and an archive's).
pub(super) fn sort_column(column: &str) -> Result<Column, JsValue> {
    Column::from_key(column)
        .filter(|c| c.sortable())
        .ok_or_else(|| bad_argument(&alloc::format!("unknown sort column {column:?}")))
}

#[wasm_bindgen]
impl Database {
    /// All games (or `subset`) ordered by `column`; ties keep game order.
    /// Name columns follow the database's own sort order where it has one.
    pub fn sort(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SortColumn")] column: &str,
        descending: Option<bool>,
        subset: Option<Uint32Array>,
    ) -> Result<Uint32Array, JsValue> {
        let key = sort_column(column)?;
        let subset = subset.map(|s| s.to_vec());
        let (index, db) = self.indexed();
        let sorted = index
            .sort(db, key, descending.unwrap_or(false), subset.as_deref())
            .map_err(to_js)?;
        Ok(Uint32Array::from(&sorted[..]))
    }
}
