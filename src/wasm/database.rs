//! `Database`: a Chess Assistant database opened from JS. The methods live
//! by topic in the sibling modules (`open`, `headers`, `games`, `search`,
//! `stats`, `bench`), each a `#[wasm_bindgen] impl Database` block.

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

use super::{source::Source, to_js};
#[cfg(feature = "wasm")]
use crate::{
    ca::position::SearchMemo,
    stats::{OpeningTree, TreeBuild, TreeBuilder},
};
use crate::{
    ca::{self, DatabaseFiles, OpenOptions, search::HeaderIndex},
    limits::Limits,
};

/// An open Chess Assistant database.
#[wasm_bindgen]
pub struct Database {
    pub(super) inner: ca::Database<Source>,
    /// Decoded names for search and sort, built on first use.
    pub(super) index: Option<HeaderIndex>,
    /// The opening tree, built on first query, and how.
    #[cfg(feature = "wasm")]
    pub(super) tree: Option<(OpeningTree, TreeBuild)>,
    /// The tree's build under way, between two `openingTreeStep`s.
    #[cfg(feature = "wasm")]
    pub(super) tree_steps: Option<TreeBuilder>,
    /// The run-time bounds (the defaults of `cadb::limits`).
    pub(super) limits: Limits,
    /// What position searches learnt of each game, for the next one.
    #[cfg(feature = "wasm")]
    pub(super) memo: SearchMemo,
}

/// Sets a property of a plain object.
pub(super) fn set(obj: &Object, key: &str, v: impl Into<JsValue>) {
    // Setting a property on a plain object cannot fail.
    let _ = Reflect::set(obj, &JsValue::from_str(key), &v.into());
}

/// A property of `obj`, `undefined` when absent.
pub(super) fn prop(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

impl Database {
    /// Opens from already-built sources (also used by the browser tests).
    pub fn from_sources(
        files: DatabaseFiles<Source>,
        encoding: Option<crate::text::TextEncoding>,
    ) -> Result<Database, JsValue> {
        let inner = ca::Database::open(files, OpenOptions { encoding }).map_err(to_js)?;
        Ok(Database {
            inner,
            index: None,
            #[cfg(feature = "wasm")]
            tree: None,
            #[cfg(feature = "wasm")]
            tree_steps: None,
            limits: Limits::default(),
            #[cfg(feature = "wasm")]
            memo: SearchMemo::default(),
        })
    }

    /// The core database.
    pub fn core(&self) -> &ca::Database<Source> {
        &self.inner
    }

    pub(super) fn check_index(&self, index: u32) -> Result<(), JsValue> {
        self.inner.check_index(u64::from(index)).map_err(to_js)
    }

    /// The name index (built on first use) and the database.
    pub(super) fn indexed(&mut self) -> (&HeaderIndex, &ca::Database<Source>) {
        let inner = &self.inner;
        (
            self.index.get_or_insert_with(|| HeaderIndex::new(inner)),
            inner,
        )
    }
}
