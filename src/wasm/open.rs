//! Opening a database (in memory, or lazily through a read callback), its
//! info, its encoding and its name tables.

use alloc::{
    rc::Rc,
    string::{String, ToString},
    vec::Vec,
};
use core::{cell::RefCell, ops::Range};

use js_sys::{Array, JsString, Object, Uint8Array};
use wasm_bindgen::prelude::*;

use super::{
    Database, bad_argument,
    database::{prop, set},
    opt_string, parse_encoding,
    source::{Source, array_of, bytes_of, lazy, window},
};
use crate::{
    ca::{DatabaseFiles, ListKind},
    limits::Limits,
    text::TextEncoding,
};

/// The name lists' keys in `DbInfo` and `NameTables`, in `ListKind::ALL` order.
const LIST_KEYS: [&str; 4] = ["players", "events", "sites", "sources"];

fn file_prop(obj: &JsValue, key: &str) -> Result<Vec<u8>, JsValue> {
    bytes_of(&prop(obj, key)).ok_or_else(|| {
        bad_argument(&alloc::format!(
            "`{key}` must be a Uint8Array or an ArrayBuffer (the .{} file)",
            key.to_ascii_uppercase()
        ))
    })
}

fn array_prop(obj: &JsValue, key: &str) -> Result<Uint8Array, JsValue> {
    array_of(&prop(obj, key)).ok_or_else(|| {
        bad_argument(&alloc::format!(
            "`{key}` must be a Uint8Array or an ArrayBuffer (the .{} file)",
            key.to_ascii_uppercase()
        ))
    })
}

/// A JS number that is whole and within `range`.
pub(super) fn whole_number(v: &JsValue, range: Range<f64>) -> Option<u64> {
    v.as_f64()
        .filter(|n| range.contains(n) && n.fract() == 0.0)
        .map(|n| n as u64)
}

fn size_prop(obj: &JsValue, key: &str) -> Result<u64, JsValue> {
    whole_number(&prop(obj, key), 0.0..9.0e15)
        .ok_or_else(|| bad_argument(&alloc::format!("`{key}` must be a byte count")))
}

/// The run-time limits an open call may set (`maxTreeEntries`).
fn limits_prop(obj: &JsValue) -> Result<Limits, JsValue> {
    let mut limits = Limits::default();
    let v = prop(obj, "maxTreeEntries");
    if !v.is_undefined() {
        let n = whole_number(&v, 1.0..u32::MAX as f64 + 1.0)
            .ok_or_else(|| bad_argument("`maxTreeEntries` must be a whole number from 1"))?;
        limits.max_tree_entries = n as usize;
    }
    Ok(limits)
}

/// Opens the files, reading the EMB and the A02 from their JS arrays
/// (never copied whole into wasm memory), and lets go of both: nothing
/// reads them after opening, which copies the name tables out of the EMB
/// and resolves A02 into one u32 a game id. For a 1M-game database that
/// keeps 15 MB out of the wasm memory, which never shrinks.
fn open_releasing_emb(
    cdp: Vec<u8>,
    emb: Uint8Array,
    d00: Source,
    a02: Uint8Array,
    d02: Source,
    encoding: Option<TextEncoding>,
    limits: Limits,
) -> Result<Database, JsValue> {
    let emb = Rc::new(RefCell::new(Some(window(emb))));
    let a02 = Rc::new(RefCell::new(Some(window(a02))));
    let files = DatabaseFiles {
        cdp: Source::Memory(cdp),
        emb: Source::OpenOnly(emb.clone()),
        d00,
        a02: Source::OpenOnly(a02.clone()),
        d02,
    };
    let db = Database::from_sources(files, encoding).map(|mut db| {
        db.limits = limits;
        db
    });
    emb.borrow_mut().take();
    a02.borrow_mut().take();
    db
}

#[wasm_bindgen]
impl Database {
    /// Opens a database held in memory.
    #[wasm_bindgen(unchecked_return_type = "Database")]
    pub fn open(
        #[wasm_bindgen(unchecked_param_type = "DatabaseBytes")] files: JsValue,
    ) -> Result<Database, JsValue> {
        let encoding = parse_encoding(opt_string(&files, "encoding").as_deref())?;
        let limits = limits_prop(&files)?;
        open_releasing_emb(
            file_prop(&files, "cdp")?,
            array_prop(&files, "emb")?,
            Source::Memory(file_prop(&files, "d00")?),
            array_prop(&files, "a02")?,
            Source::Memory(file_prop(&files, "d02")?),
            encoding,
            limits,
        )
    }

    /// Opens a database whose D02 (and D00, when `d00` is not given) is read
    /// through `read(file, offset, length)` as games are asked for.
    #[wasm_bindgen(js_name = openLazy, unchecked_return_type = "Database")]
    pub fn open_lazy(
        #[wasm_bindgen(unchecked_param_type = "LazyDatabaseSource")] src: JsValue,
    ) -> Result<Database, JsValue> {
        let encoding = parse_encoding(opt_string(&src, "encoding").as_deref())?;
        let limits = limits_prop(&src)?;
        let read: js_sys::Function = prop(&src, "read").dyn_into().map_err(|_| {
            bad_argument("`read` must be a function (file, offset, length) => Uint8Array")
        })?;
        let d00 = if prop(&src, "d00").is_undefined() {
            Source::Callback(lazy("d00", size_prop(&src, "d00Size")?, read.clone()))
        } else {
            Source::Memory(file_prop(&src, "d00")?)
        };
        let d02 = Source::Callback(lazy("d02", size_prop(&src, "d02Size")?, read));
        open_releasing_emb(
            file_prop(&src, "cdp")?,
            array_prop(&src, "emb")?,
            d00,
            array_prop(&src, "a02")?,
            d02,
            encoding,
            limits,
        )
    }

    /// The number of games.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> f64 {
        // Exact: a D00 cannot index anywhere near 2^53 games.
        self.inner.count() as f64
    }

    /// Signature, version, comment, counts, convention and encoding.
    #[wasm_bindgen(unchecked_return_type = "DbInfo")]
    pub fn info(&self) -> JsValue {
        let i = self.inner.info();
        let o = Object::new();
        set(&o, "signature", i.signature.as_str());
        set(&o, "version", i.version.trim());
        set(&o, "comment", i.comment.as_str());
        set(&o, "games", i.count as f64);
        set(&o, "cdpCount", i.cdp_count);
        set(&o, "d00Records", i.d00_records as f64);
        for (k, n) in LIST_KEYS.iter().zip(i.list_sizes) {
            set(&o, k, n);
        }
        set(&o, "convention", i.convention.name());
        set(&o, "encoding", i.encoding.name());
        set(&o, "encodingGuessed", !i.encoding_chosen);
        let warnings: Array = self
            .inner
            .warnings()
            .iter()
            .map(|w| JsValue::from_str(&w.to_string()))
            .collect();
        #[cfg(feature = "wasm")]
        if let Some((_, b)) = self.tree.as_ref().filter(|(_, b)| b.left_out > 0) {
            let note = alloc::format!(
                "the opening tree leaves out the last {} games in file order: they would pass its limit of {} entries",
                b.left_out,
                self.limits.max_tree_entries
            );
            warnings.push(&JsValue::from_str(&note));
        }
        set(&o, "warnings", warnings);
        o.into()
    }

    /// Changes the text encoding (`"auto"`: the guess made on opening);
    /// call `names()` again afterwards.
    #[wasm_bindgen(js_name = setEncoding)]
    pub fn set_encoding(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Encoding | \"auto\"")] encoding: &str,
    ) -> Result<(), JsValue> {
        self.inner.set_encoding(parse_encoding(Some(encoding))?);
        self.index = None;
        Ok(())
    }

    /// The four name tables, decoded, each distinct name record once (its
    /// size is bounded by the `.d01` file's: a record past the bound for
    /// names that overlap is ""); header name columns hold indices into
    /// them, 0 being "" for no name.
    #[wasm_bindgen(unchecked_return_type = "NameTables")]
    pub fn names(&self) -> JsValue {
        let enc = self.inner.text();
        let o = Object::new();
        for (key, kind) in LIST_KEYS.iter().zip(ListKind::ALL) {
            let t = self.inner.list(kind);
            let names: Vec<String> = core::iter::once(String::new())
                .chain((0..t.record_count()).map(|r| t.bulk_name(r, enc).unwrap_or_default()))
                .collect();
            set(&o, key, string_array(&names));
        }
        o.into()
    }
}

/// A name id of `kind` as an index into its `names()` table (0: no name).
pub(super) fn name_index(
    db: &crate::ca::Database<super::source::Source>,
    kind: ListKind,
    id: u32,
) -> u32 {
    db.list(kind).record_index(id).map_or(0, |r| r + 1)
}

/// A JS array of strings, passed as one string that JS splits: one crossing
/// instead of one a name (100k+ in a big database). NUL separates them unless
/// a name holds one (a damaged table), when they cross one by one.
pub(super) fn string_array(names: &[String]) -> Array {
    if names.is_empty() || names.iter().any(|n| n.contains('\0')) {
        return names.iter().map(|n| JsValue::from_str(n)).collect();
    }
    let joined = names.join("\0");
    JsString::from(joined).split("\0")
}

/// The text encodings a database can be read in, the default first, each
/// with a label for a menu (from the core's table, [`TextEncoding::ALL`]).
#[wasm_bindgen(unchecked_return_type = "EncodingChoice[]")]
pub fn encodings() -> Array {
    TextEncoding::ALL
        .iter()
        .map(|e| {
            let o = Object::new();
            set(&o, "name", e.name());
            set(&o, "label", e.label());
            JsValue::from(o)
        })
        .collect()
}
