//! `Database`: a Chess Assistant database opened from JS.

use alloc::{string::String, string::ToString, vec::Vec};

use js_sys::{Array, Object, Reflect, Uint8Array, Uint16Array, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{
    bad_argument, js_error, opt_string, parse_encoding,
    source::{Source, bytes_of},
    to_js, to_value,
};
use crate::{
    ca::{
        self, DatabaseFiles, ListKind, OpenOptions,
        search::{HeaderIndex, Query, Side, SortKey},
    },
    game::{headers::GameResult, view::GameView},
    stats::OpeningTree,
};

/// An open Chess Assistant database.
#[wasm_bindgen]
pub struct Database {
    inner: ca::Database<Source>,
    /// Decoded names for search and sort, built on first use.
    index: Option<HeaderIndex>,
    /// The opening tree, built on first query.
    tree: Option<OpeningTree>,
}

fn set(obj: &Object, key: &str, v: impl Into<JsValue>) {
    // Setting a property on a plain object cannot fail.
    let _ = Reflect::set(obj, &JsValue::from_str(key), &v.into());
}

fn prop(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn file_prop(obj: &JsValue, key: &str) -> Result<Vec<u8>, JsValue> {
    bytes_of(&prop(obj, key)).ok_or_else(|| {
        bad_argument(&alloc::format!(
            "`{key}` must be a Uint8Array or an ArrayBuffer (the .{} file)",
            key.to_uppercase()
        ))
    })
}

fn size_prop(obj: &JsValue, key: &str) -> Result<u64, JsValue> {
    prop(obj, key)
        .as_f64()
        .filter(|n| *n >= 0.0 && n.fract() == 0.0 && *n < 9.0e15)
        .map(|n| n as u64)
        .ok_or_else(|| bad_argument(&alloc::format!("`{key}` must be a byte count")))
}

#[wasm_bindgen]
impl Database {
    /// Opens a database held in memory.
    #[wasm_bindgen(unchecked_return_type = "Database")]
    pub fn open(
        #[wasm_bindgen(unchecked_param_type = "DatabaseBytes")] files: JsValue,
    ) -> Result<Database, JsValue> {
        let encoding = parse_encoding(opt_string(&files, "encoding").as_deref())?;
        let files = DatabaseFiles {
            cdp: Source::Memory(file_prop(&files, "cdp")?),
            emb: Source::Memory(file_prop(&files, "emb")?),
            d00: Source::Memory(file_prop(&files, "d00")?),
            a02: Source::Memory(file_prop(&files, "a02")?),
            d02: Source::Memory(file_prop(&files, "d02")?),
        };
        Database::from_sources(files, encoding)
    }

    /// Opens a database whose D02 (and D00, when `d00` is not given) is read
    /// through `read(file, offset, length)` as games are asked for.
    #[wasm_bindgen(js_name = openLazy, unchecked_return_type = "Database")]
    pub fn open_lazy(
        #[wasm_bindgen(unchecked_param_type = "LazyDatabaseSource")] src: JsValue,
    ) -> Result<Database, JsValue> {
        let encoding = parse_encoding(opt_string(&src, "encoding").as_deref())?;
        let read: js_sys::Function = prop(&src, "read").dyn_into().map_err(|_| {
            bad_argument("`read` must be a function (file, offset, length) => Uint8Array")
        })?;
        let d00 = if prop(&src, "d00").is_undefined() {
            Source::Callback {
                file: "d00",
                size: size_prop(&src, "d00Size")?,
                read: read.clone(),
            }
        } else {
            Source::Memory(file_prop(&src, "d00")?)
        };
        let files = DatabaseFiles {
            cdp: Source::Memory(file_prop(&src, "cdp")?),
            emb: Source::Memory(file_prop(&src, "emb")?),
            d00,
            a02: Source::Memory(file_prop(&src, "a02")?),
            d02: Source::Callback {
                file: "d02",
                size: size_prop(&src, "d02Size")?,
                read,
            },
        };
        Database::from_sources(files, encoding)
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
        for (k, n) in ["players", "events", "sites", "sources"]
            .iter()
            .zip(i.list_sizes)
        {
            set(&o, k, n);
        }
        set(&o, "convention", i.convention.name());
        set(&o, "encoding", i.encoding.name());
        let warnings: Array = self
            .inner
            .warnings()
            .iter()
            .map(|w| JsValue::from_str(&w.to_string()))
            .collect();
        set(&o, "warnings", warnings);
        o.into()
    }

    /// Changes the text encoding; call `names()` again afterwards.
    #[wasm_bindgen(js_name = setEncoding)]
    pub fn set_encoding(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Encoding")] encoding: &str,
    ) -> Result<(), JsValue> {
        self.inner.set_encoding(parse_encoding(Some(encoding))?);
        self.index = None;
        Ok(())
    }

    /// The four name tables, decoded; header columns hold indices into them.
    #[wasm_bindgen(unchecked_return_type = "NameTables")]
    pub fn names(&self) -> JsValue {
        let enc = self.inner.encoding();
        let o = Object::new();
        let keys = ["players", "events", "sites", "sources"];
        for (key, kind) in keys.iter().zip(ListKind::ALL) {
            let t = self.inner.list(kind);
            let arr: Array = (0..t.len())
                .map(|id| JsValue::from_str(&t.name(id, enc).unwrap_or_default()))
                .collect();
            set(&o, key, arr);
        }
        o.into()
    }

    /// Headers of games `start..start+count` (clipped to the database) as
    /// typed-array columns.
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
        for i in start..end {
            let h = self.inner.raw_header(i).map_err(to_js)?;
            white.push(h.white_id);
            black.push(h.black_id);
            white_elo.push(h.white_elo);
            black_elo.push(h.black_elo);
            result.push(match h.outcome {
                1 => 3,
                2 => 1,
                3 => 2,
                _ => 0,
            });
            outcome.push(h.outcome);
            let d = ca::d00::decode_date(h.date);
            year.push(d.year.unwrap_or(0));
            month.push(d.month.unwrap_or(0));
            day.push(d.day.unwrap_or(0));
            event.push(h.event_id);
            site.push(h.site_id);
            annotator.push(h.annotator_id);
            source.push(h.source_id);
            round2.push(h.round2);
            eco.push(h.eco);
            game_type.push(h.game_type);
        }
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

    /// Main-line plies of games `start..start+count` (replays them: call it
    /// for the visible rows only). A damaged game counts what decoded.
    pub fn plies(&self, start: u32, count: u32) -> Uint32Array {
        let total = self.inner.count();
        let start = u64::from(start).min(total);
        let end = (start + u64::from(count)).min(total);
        let out: Vec<u32> = (start..end)
            .map(|i| {
                let mut n = 0u32;
                let _ = self.inner.for_each_ply(i, |_, _| {
                    n += 1;
                    core::ops::ControlFlow::Continue(())
                });
                n
            })
            .collect();
        Uint32Array::from(&out[..])
    }

    /// Game `index` with its move tree. A damaged record does not throw: the
    /// moves that decoded are returned with `error` set.
    #[wasm_bindgen(unchecked_return_type = "GameView")]
    pub fn game(&self, index: u32) -> Result<JsValue, JsValue> {
        self.check_index(index)?;
        let (game, err) = self.inner.game_lenient(u64::from(index));
        let view = GameView::new(&game)
            .map_err(|e| js_error("illegal-move", &alloc::format!("game {index}: {e}")))?;
        let v = to_value(&view)?;
        let o: &Object = v.unchecked_ref();
        set(o, "index", index);
        if let Some(e) = err {
            let eo = Object::new();
            set(&eo, "code", e.code());
            set(&eo, "message", e.to_string());
            if let Some(ply) = e.ply {
                set(&eo, "ply", ply);
            }
            set(o, "error", eo);
        }
        Ok(v)
    }

    /// Game `index` as PGN. A damaged game is exported up to the error, with
    /// a comment naming it.
    pub fn pgn(&self, index: u32) -> Result<String, JsValue> {
        self.check_index(index)?;
        Ok(self.inner.pgn_lenient(u64::from(index)).0)
    }

    /// Exports the games in `indices` (all when `null`) as PGN, handing the
    /// text to `onChunk` about 64 KB at a time, and calling `onProgress(done,
    /// total)` after each chunk.
    #[wasm_bindgen(js_name = exportPgn, unchecked_return_type = "ExportSummary")]
    pub fn export_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | null")] indices: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(text: string) => void")] on_chunk: js_sys::Function,
        #[wasm_bindgen(
            unchecked_param_type = "((done: number, total: number) => void) | null | undefined"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        const CHUNK: usize = 64 << 10;
        let list: Option<Vec<u32>> = if indices.is_null() || indices.is_undefined() {
            None
        } else {
            Some(
                indices
                    .dyn_ref::<Uint32Array>()
                    .ok_or_else(|| bad_argument("indices must be a Uint32Array or null"))?
                    .to_vec(),
            )
        };
        let total = list.as_ref().map_or(self.inner.count(), |l| l.len() as u64);
        let errors = Array::new();
        let mut buf = String::new();
        let mut bytes = 0f64;
        let mut games = 0u32;
        let flush = |buf: &mut String, done: u64| -> Result<(), JsValue> {
            on_chunk.call1(&JsValue::NULL, &JsValue::from_str(buf))?;
            buf.clear();
            if let Some(p) = &on_progress {
                p.call2(
                    &JsValue::NULL,
                    &JsValue::from_f64(done as f64),
                    &JsValue::from_f64(total as f64),
                )?;
            }
            Ok(())
        };
        for k in 0..total {
            let i = match &list {
                Some(l) => u64::from(l[k as usize]),
                None => k,
            };
            if i >= self.inner.count() {
                return Err(js_error(
                    "no-such-game",
                    &alloc::format!("game {i}: the database has {} games", self.inner.count()),
                ));
            }
            let (text, err) = self.inner.pgn_lenient(i);
            if let Some(e) = err {
                let eo = Object::new();
                set(&eo, "game", i as f64);
                set(&eo, "code", e.code());
                set(&eo, "message", e.to_string());
                errors.push(&eo);
            }
            bytes += text.len() as f64;
            buf.push_str(&text);
            games += 1;
            if buf.len() >= CHUNK {
                flush(&mut buf, k + 1)?;
            }
        }
        if !buf.is_empty() || total == 0 {
            flush(&mut buf, total)?;
        }
        let o = Object::new();
        set(&o, "games", games);
        set(&o, "bytes", bytes);
        set(&o, "errors", errors);
        Ok(o.into())
    }

    /// Indices of the games matching `query`, ascending.
    pub fn search(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SearchQuery")] query: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let q = parse_query(&query)?;
        let (index, db) = self.indexed();
        let found = index.search(db, &q).map_err(to_js)?;
        Ok(Uint32Array::from(&found[..]))
    }

    /// All games (or `subset`) ordered by `column`; ties keep game order.
    /// Name columns follow the database's own sort order where it has one.
    pub fn sort(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SortColumn")] column: &str,
        descending: Option<bool>,
        subset: Option<Uint32Array>,
    ) -> Result<Uint32Array, JsValue> {
        let key = SortKey::from_name(column)
            .ok_or_else(|| bad_argument(&alloc::format!("unknown sort column {column:?}")))?;
        let subset = subset.map(|s| s.to_vec());
        let (index, db) = self.indexed();
        let sorted = index
            .sort(db, key, descending.unwrap_or(false), subset.as_deref())
            .map_err(to_js)?;
        Ok(Uint32Array::from(&sorted[..]))
    }

    /// Statistics of the moves played from `fen` over every game of the
    /// database (the tree is built on the first call, to 40 plies deep).
    #[wasm_bindgen(js_name = openingTree, unchecked_return_type = "TreeMove[]")]
    pub fn opening_tree(&mut self, fen: &str) -> Result<JsValue, JsValue> {
        if self.tree.is_none() {
            let mut tree = OpeningTree::with_max_plies(40);
            for i in 0..self.inner.count() {
                // Damaged games add what decoded.
                let (g, _) = self.inner.game_lenient(i);
                let _ = tree.add_game(&g);
            }
            tree.compact();
            self.tree = Some(tree);
        }
        let tree = self
            .tree
            .as_ref()
            .ok_or_else(|| js_error("internal", "no tree"))?;
        let entries = tree.query_fen(fen).map_err(to_js)?;
        let out = Array::new();
        for e in entries {
            let o = Object::new();
            set(&o, "san", e.san.as_str());
            set(&o, "uci", e.uci.as_str());
            set(&o, "count", e.count as f64);
            let [w, d, b] = e.results.unwrap_or([0; 3]);
            set(&o, "white", w as f64);
            set(&o, "draws", d as f64);
            set(&o, "black", b as f64);
            if let Some(x) = e.white_elo {
                set(&o, "whiteElo", x);
            }
            if let Some(x) = e.black_elo {
                set(&o, "blackElo", x);
            }
            if let Some(x) = e.elo_diff {
                set(&o, "eloDiff", x);
            }
            set(&o, "weight", e.weight);
            out.push(&o);
        }
        Ok(out.into())
    }
}

#[wasm_bindgen]
impl Database {
    /// Every game transcoded into every format: bytes per format (see
    /// `cadb::report`). Decodes the whole database: call it on demand.
    #[wasm_bindgen(unchecked_return_type = "CompactnessRow[]")]
    pub fn compactness(&self) -> Result<JsValue, JsValue> {
        to_value(&crate::report::compactness_of_database(&self.inner).rows)
    }
}

impl Database {
    /// Opens from already-built sources (also used by the browser tests).
    pub fn from_sources(
        files: DatabaseFiles<Source>,
        encoding: crate::text::TextEncoding,
    ) -> Result<Database, JsValue> {
        let inner = ca::Database::open(files, OpenOptions { encoding }).map_err(to_js)?;
        Ok(Database {
            inner,
            index: None,
            tree: None,
        })
    }

    /// The core database.
    pub fn core(&self) -> &ca::Database<Source> {
        &self.inner
    }

    fn check_index(&self, index: u32) -> Result<(), JsValue> {
        if u64::from(index) < self.inner.count() {
            Ok(())
        } else {
            Err(js_error(
                "no-such-game",
                &alloc::format!(
                    "game {index}: the database has {} games",
                    self.inner.count()
                ),
            ))
        }
    }

    /// The name index (built on first use) and the database.
    fn indexed(&mut self) -> (&HeaderIndex, &ca::Database<Source>) {
        let inner = &self.inner;
        (
            self.index.get_or_insert_with(|| HeaderIndex::new(inner)),
            inner,
        )
    }
}

/// Reads a `SearchQuery` object.
fn parse_query(v: &JsValue) -> Result<Query, JsValue> {
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
    let color = match opt_string(v, "color").as_deref() {
        None | Some("either") => Side::Either,
        Some("white") => Side::White,
        Some("black") => Side::Black,
        Some(c) => return Err(bad_argument(&alloc::format!("unknown color {c:?}"))),
    };
    let result = match opt_string(v, "result").as_deref() {
        None => None,
        Some("1-0") => Some(GameResult::WhiteWins),
        Some("0-1") => Some(GameResult::BlackWins),
        Some("1/2-1/2") => Some(GameResult::Draw),
        Some("*") => Some(GameResult::Unknown),
        Some(r) => return Err(bad_argument(&alloc::format!("unknown result {r:?}"))),
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
    Ok(Query {
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
    })
}

/// An ECO column value as text (`"B33"`), or `""` for none.
#[wasm_bindgen(js_name = ecoString)]
pub fn eco_string(code: u16) -> String {
    ca::d00::decode_eco(code).unwrap_or_default()
}

/// A game-type column value as text (names joined by ", "), or `""`.
#[wasm_bindgen(js_name = gameTypeName)]
pub fn game_type_name(code: u32) -> String {
    ca::d00::decode_game_type(code).unwrap_or_default()
}

/// An outcome column value (5-16, an assessment of an unfinished game) as
/// its symbol (`"+/="`), or `""` for the results 1-4 and unknown codes.
#[wasm_bindgen(js_name = outcomeSymbol)]
pub fn outcome_symbol(code: u8) -> String {
    crate::game::headers::Assessment::from_code(code)
        .map(|a| String::from(a.symbol()))
        .unwrap_or_default()
}
