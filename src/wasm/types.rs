//! TypeScript declarations for every object that crosses the boundary, so
//! `cadb.d.ts` is exact (no `any`). They are kept by hand in `types.d.ts`,
//! next to this file, as the Rust side builds these shapes with serde or
//! `Reflect`: `tests/wasm_browser.rs` checks the shapes, and
//! `tests/ts_types.rs` checks every union and field list that has a Rust
//! source (encodings, error codes, diagnosis points, query fields, ...)
//! against it.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = include_str!("types.d.ts");

/// `ColumnKey` and `SortColumn`, written from the list's columns.
#[wasm_bindgen(typescript_custom_section)]
const COLUMN_TYPES: &'static str = crate::ca::columns::Column::TYPESCRIPT;
