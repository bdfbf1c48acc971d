//! `Archive`: many databases as one list (issue 47,
//! [`crate::archive::list`]): the games of every member numbered one after
//! another, and the list's rows, search and sort across them, each game
//! and its PGN from its own database. The members are databases already
//! opened (`Database.open` / `openLazy`); one that did not open is the
//! caller's to name.

use alloc::{format, string::String, vec::Vec};

use js_sys::{Array, Object, Uint32Array};
use wasm_bindgen::prelude::*;

use super::{Database, bad_argument, database::set, js_error, search::parse_query};
use crate::archive::list::{self, Member, MemberError, Spans};

/// Many open databases as one list, numbered member after member.
///
/// ```js
/// const archive = new Archive();
/// archive.add("ECO", Database.open(ecoFiles));     // takes the Database
/// archive.add("LESSONS", Database.open(lessonFiles));
/// const rows = archive.rows(Uint32Array.of(0, archive.count() - 1));
/// rows.database;                                    // each row's member
/// archive.locate(5);                                // [member, game in it]
/// ```
#[wasm_bindgen]
pub struct Archive {
    /// Each member's name, and the database (its name index built on the
    /// first search or sort).
    pub(super) members: Vec<(String, Database)>,
    pub(super) spans: Spans,
    /// The names ranked across the members, on the first sort by a name.
    #[cfg(feature = "wasm")]
    ranks: Option<list::NameRanks>,
    /// The merge the last `duplicates()` planned, for a merged export.
    #[cfg(feature = "wasm")]
    merge: Option<crate::archive::Merge>,
}

impl Default for Archive {
    fn default() -> Archive {
        Archive {
            members: Vec::new(),
            spans: Spans::new([]),
            #[cfg(feature = "wasm")]
            ranks: None,
            #[cfg(feature = "wasm")]
            merge: None,
        }
    }
}

/// A member's failure as a JS `Error` naming the member.
fn member_error(names: &[(String, Database)], (k, e): MemberError) -> JsValue {
    let name = names.get(k).map_or("?", |(n, _)| n.as_str());
    js_error(e.code(), &format!("{name}: {e}"))
}

impl Archive {
    /// Every member with its name index (built here the first time).
    fn indexed(&mut self) -> Vec<Member<'_, super::source::Source>> {
        for (_, d) in &mut self.members {
            d.indexed();
        }
        self.members
            .iter()
            .filter_map(|(_, d)| {
                Some(Member {
                    db: &d.inner,
                    index: d.index.as_ref()?,
                })
            })
            .collect()
    }

    /// Archive game `g` as (member, game in it), or a bad-argument error.
    fn place(&self, g: u32) -> Result<(usize, u32), JsValue> {
        let (k, i) = self.spans.locate(u64::from(g)).ok_or_else(|| {
            bad_argument(&format!(
                "game {g} does not exist (the archive has {})",
                self.spans.total()
            ))
        })?;
        Ok((k, i as u32))
    }
}

#[wasm_bindgen]
impl Archive {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Archive {
        Archive::default()
    }

    /// Adds `db` as the archive's next database, named `name`: its games
    /// follow the games before. The archive takes the `Database` (the JS
    /// object cannot be used after; `free()` the archive to free it).
    pub fn add(&mut self, name: String, db: Database) {
        self.members.push((name, db));
        self.spans = Spans::new(self.members.iter().map(|(_, d)| d.inner.count()));
        #[cfg(feature = "wasm")]
        {
            self.ranks = None;
            self.merge = None;
        }
    }

    /// The games of every member.
    pub fn count(&self) -> f64 {
        self.spans.total() as f64
    }

    /// The members in order: each one's name, games and first game in the
    /// archive's numbering.
    #[wasm_bindgen(unchecked_return_type = "ArchiveMember[]")]
    pub fn members(&self) -> Array {
        self.members
            .iter()
            .enumerate()
            .map(|(k, (name, d))| {
                let o = Object::new();
                set(&o, "name", name.as_str());
                set(&o, "games", d.inner.count() as f64);
                set(&o, "start", self.spans.start(k).unwrap_or(0) as f64);
                JsValue::from(o)
            })
            .collect()
    }

    /// Archive game `g` as `[member, game in it]`; `undefined` past the end.
    pub fn locate(&self, g: u32) -> Option<Uint32Array> {
        let (k, i) = self.spans.locate(u64::from(g))?;
        Some(Uint32Array::from(&[k as u32, i as u32][..]))
    }

    /// Game `game` of member `member` in the archive's numbering;
    /// `undefined` when there is no such game.
    pub fn global(&self, member: u32, game: u32) -> Option<u32> {
        let g = self.spans.global(member as usize, u64::from(game))?;
        u32::try_from(g).ok()
    }

    /// The list's rows for archive games `indices` (in that order; indices
    /// past the end left out), as `Database.rows` gives them, with each
    /// row's member in `database`. The index column is the game's number
    /// in its own database.
    #[wasm_bindgen(unchecked_return_type = "ArchiveRows")]
    pub fn rows(&self, indices: &[u32]) -> Result<JsValue, JsValue> {
        let openings = super::openings::loaded();
        let dbs: Vec<_> = self
            .members
            .iter()
            .map(|(n, d)| (n.as_str(), &d.inner))
            .collect();
        let page = list::rows(&dbs, &self.spans, indices, openings.as_deref())
            .map_err(|e| member_error(&self.members, e))?;
        let o = super::headers::rows_object(&page.index, &page.text);
        set(&o, "database", Uint32Array::from(&page.member[..]));
        Ok(o.into())
    }

    /// The archive's games matching `query`, ascending, as
    /// `Database.search` finds them in each member; `onProgress(done,
    /// total)` counts the archive's games.
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
        let spans = self.spans.clone();
        let mut progress = super::search::lossy_progress(on_progress.as_ref());
        let mut find = |m: &Member<'_, _>, p: &mut dyn FnMut(u64, u64)| {
            super::search::find(m.index, m.db, &q, p)
        };
        let found = list::search(&self.indexed(), &spans, &mut find, &mut progress);
        let found = found.map_err(|e| member_error(&self.members, e))?;
        Ok(Uint32Array::from(&found[..]))
    }

    /// Archive game `g` with its move tree, as its database's `game` gives
    /// it, with `index` the archive's number and `database` its member.
    #[wasm_bindgen(unchecked_return_type = "GameView & { database: number }")]
    pub fn game(&self, g: u32) -> Result<JsValue, JsValue> {
        let (k, i) = self.place(g)?;
        let v = self.members[k].1.game(i)?;
        let o: &Object = v.unchecked_ref();
        set(o, "index", g);
        set(o, "database", k as u32);
        Ok(v)
    }

    /// Archive game `g` as PGN, as its database's `pgn` gives it.
    pub fn pgn(&self, g: u32) -> Result<String, JsValue> {
        let (k, i) = self.place(g)?;
        self.members[k].1.pgn(i)
    }

    /// The archive's games (all, or `subset`) ordered by `column`; ties keep
    /// the archive's order. Names compare lower-cased across the members
    /// (the first sort by a name ranks them); an archive of one sorts as
    /// its database does.
    #[cfg(feature = "wasm")]
    pub fn sort(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SortColumn")] column: &str,
        descending: Option<bool>,
        subset: Option<Uint32Array>,
    ) -> Result<Uint32Array, JsValue> {
        let key = super::sort::sort_column(column)?;
        let subset = subset.map(|s| s.to_vec());
        let spans = self.spans.clone();
        let mut ranks = self.ranks.take();
        let members = self.indexed();
        let r = ranks.get_or_insert_with(|| list::NameRanks::new(&members));
        let sorted = list::sort(
            &members,
            &spans,
            r,
            key,
            descending.unwrap_or(false),
            subset.as_deref(),
        );
        drop(members);
        self.ranks = ranks;
        let sorted = sorted.map_err(|e| member_error(&self.members, e))?;
        Ok(Uint32Array::from(&sorted[..]))
    }

    /// Exports archive games `indices` (all when `null`) as
    /// `Database.exportPgnBytes` does, each game tagged `[CASource "NAME
    /// game N"]` with its database and its number there (all of them: the
    /// bytes `cadb pgn FOLDER` writes). Runs of games of one database are
    /// read as that database's export reads them; `errors` name games by
    /// their archive number. `merged`: as the merge the last `duplicates()`
    /// planned, each copy left out and each kept game tagged `[CACopies]`
    /// with those it stands for (every game: `cadb pgn FOLDER --dedupe`'s
    /// bytes).
    ///
    /// ```js
    /// archive.duplicates();
    /// archive.exportPgnBytes(null, (bytes) => out.push(bytes), null, true);
    /// ```
    #[cfg(feature = "wasm")]
    #[wasm_bindgen(js_name = exportPgnBytes, unchecked_return_type = "ExportSummary")]
    pub fn export_pgn_bytes(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | null")] indices: JsValue,
        #[wasm_bindgen(
            js_name = onChunk,
            unchecked_param_type = "(bytes: Uint8Array<ArrayBuffer>) => void"
        )]
        on_chunk: js_sys::Function,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean | null")] merged: Option<bool>,
    ) -> Result<JsValue, JsValue> {
        use super::export::{Tally, bytes, indices_of, js_progress_of};
        let list = indices_of(&indices)?;
        let merge = match merged {
            Some(true) => Some(self.merge.as_ref().ok_or_else(|| {
                bad_argument("`merged`: no merge is planned (call `duplicates()` first)")
            })?),
            _ => None,
        };
        // Runs of games of one member, in the order asked.
        let mut runs: Vec<(usize, Vec<u32>)> = Vec::new();
        match &list {
            None => runs.extend((0..self.members.len()).map(|k| (k, Vec::new()))),
            Some(l) => {
                for &g in l {
                    let (k, i) = self.place(g)?;
                    match runs.last_mut() {
                        Some((last, games)) if *last == k => games.push(i),
                        _ => runs.push((k, alloc::vec![i])),
                    }
                }
            }
        }
        let total = self.spans.total();
        let total = list.as_ref().map_or(total, |l| l.len() as u64);
        let mut progress = js_progress_of(on_progress);
        let (mut tally, mut done) = (Tally::default(), 0u64);
        for (k, run) in runs {
            let (name, db) = &self.members[k];
            let n = if list.is_some() {
                run.len() as u64
            } else {
                db.inner.count()
            };
            db.export_with(
                list.is_some().then_some(&run[..]),
                &bytes,
                &on_chunk,
                &mut |d, _| progress(done + d, total),
                Some(name.as_str()),
                // Its keys are numbered as the archive numbers its games.
                merge.map(|m| (m, self.spans.start(k).unwrap_or(0) as usize)),
                &mut tally,
                self.spans.start(k).unwrap_or(0),
            )?;
            done += n;
        }
        Ok(tally.summary())
    }

    /// The archive's games whose contents match `query`, as
    /// `Database.searchHits` finds them in each member: `{ games, plies,
    /// searched, damaged }`, games in the archive's numbering.
    #[cfg(feature = "wasm")]
    #[wasm_bindgen(js_name = searchHits, unchecked_return_type = "SearchHits")]
    pub fn search_hits(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SearchQuery")] query: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        let q = parse_query(&query)?;
        let openings = super::openings::loaded();
        let spans = self.spans.clone();
        let total = spans.total();
        let mut thrown = None;
        let mut progress = super::js_progress(on_progress.as_ref(), &mut thrown);
        use crate::ca::search::{GameHit, SearchHits};
        let mut all = SearchHits::default();
        let mut failed = None;
        for (k, m) in self.indexed().iter().enumerate() {
            let start = spans.start(k).unwrap_or(0);
            let mut each = |done: u64, of: u64| progress(spans.done_at(k, done, of), total);
            match m
                .index
                .search_hits_part(m.db, &q, openings.as_deref(), 0, 1, &mut each)
            {
                Ok(found) => {
                    let game = |g: u32| (start + u64::from(g)) as u32;
                    all.hits.extend(found.hits.into_iter().map(|h| GameHit {
                        game: game(h.game),
                        ..h
                    }));
                    all.searched += found.searched;
                    all.damaged += found.damaged;
                }
                Err(e) => {
                    failed = Some((k, e));
                    break;
                }
            }
        }
        drop(progress);
        if let Some(e) = thrown {
            return Err(e);
        }
        if let Some(e) = failed {
            return Err(member_error(&self.members, e));
        }
        Ok(super::hits::hits_object(&all).into())
    }

    /// Archive game `g` with an engine's `scores`, as its database's
    /// `annotate` gives it.
    #[cfg(feature = "wasm")]
    #[wasm_bindgen(unchecked_return_type = "AnnotatedGame")]
    pub fn annotate(
        &self,
        g: u32,
        #[wasm_bindgen(unchecked_param_type = "(EngineScore | null)[]")] scores: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (k, i) = self.place(g)?;
        self.members[k].1.annotate(i, scores)
    }

    /// The duplicates among every game of the archive (the rule of `cadb
    /// pgn --dedupe`, docs/cli.md "Duplicates"): `{ copies, groups,
    /// grouped, sizes }`, the copies a merged list leaves out (ascending,
    /// each group's kept copy not among them: the longest, then the most
    /// annotated), the number of groups, and every group's games one group
    /// after another (in the order of their first game; each group's kept
    /// game first, then its copies ascending) with each group's size. Each
    /// game is read once for its key; `onProgress(done, total)` every few
    /// thousand.
    ///
    /// ```js
    /// const { grouped, sizes } = archive.duplicates();
    /// const first = grouped.subarray(0, sizes[0]); // kept, then its copies
    /// ```
    #[cfg(feature = "wasm")]
    #[wasm_bindgen(unchecked_return_type = "Duplicates")]
    pub fn duplicates(
        &mut self,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        use crate::archive::{Keys, Merge, dedupe::sort_games};
        let total = self.spans.total();
        let mut progress = super::export::js_progress_of(on_progress);
        let mut keys = Keys::new();
        for (k, (_, d)) in self.members.iter().enumerate() {
            // In game order: the keys are numbered as the archive is.
            let start = self.spans.start(k).unwrap_or(0);
            super::archive::read_keys(&mut keys, &d.inner, &mut |done| {
                progress(start + done, total)
            })?;
        }
        // The merge of these keys, kept for a merged export.
        let spans = (0..self.members.len())
            .map(|k| {
                Some((
                    self.spans.start(k).unwrap_or(0) as usize,
                    self.members[k].1.inner.count(),
                ))
            })
            .collect();
        let names: Vec<&str> = self.members.iter().map(|(n, _)| n.as_str()).collect();
        let plan = Merge::plan(keys, spans, &names);
        let found = &plan.duplicates;
        let mut copies: Vec<u32> = found
            .groups
            .iter()
            .flat_map(|g| g.games.iter().copied().filter(move |&x| x != g.kept))
            .collect();
        sort_games(&mut copies, &|a, b| a.cmp(&b));
        let mut grouped = Vec::with_capacity(copies.len() + found.groups.len());
        for g in &found.groups {
            grouped.push(g.kept);
            grouped.extend(g.games.iter().filter(|&&x| x != g.kept));
        }
        let sizes: Vec<u32> = found.groups.iter().map(|g| g.games.len() as u32).collect();
        let o = Object::new();
        set(&o, "copies", Uint32Array::from(&copies[..]));
        set(&o, "groups", found.groups.len() as f64);
        set(&o, "grouped", Uint32Array::from(&grouped[..]));
        set(&o, "sizes", Uint32Array::from(&sizes[..]));
        self.merge = Some(plan);
        Ok(o.into())
    }

    /// The archive's games that reach the position `fen`, as
    /// `Database.positionSearch` finds them in each member (each with its
    /// own memo): `PositionHits`, games in the archive's numbering, and
    /// with `next` the moves played from it, counted over every member.
    /// `options.games` (archive numbers) limits the search; a search in
    /// parts is one database's.
    #[cfg(feature = "wasm")]
    #[wasm_bindgen(js_name = positionSearch, unchecked_return_type = "PositionHits")]
    pub fn position_search(
        &mut self,
        fen: &str,
        #[wasm_bindgen(unchecked_param_type = "PositionSearchOptions | null | undefined")]
        options: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "((done: number, total: number) => void) | null"
        )]
        on_progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        use super::position::{PositionOptions, hits_object};
        use crate::{
            ca::position::{Hit, PositionSearch},
            reach::Target,
            stats::{OpeningTree, tree::parse_fen},
        };
        let target: Target = fen.parse().map_err(super::to_js)?;
        let options = PositionOptions::read(&options)?;
        if options.part.is_some() {
            return Err(bad_argument("a search in parts is one database's"));
        }
        let subset = options.games.as_ref().map(|g| self.spans.split(g));
        let (spans, total) = (self.spans.clone(), self.spans.total());
        let mut thrown = None;
        let mut progress = super::js_progress(on_progress.as_ref(), &mut thrown);
        let mut all = PositionSearch::default();
        for (k, (_, d)) in self.members.iter_mut().enumerate() {
            let start = spans.start(k).unwrap_or(0);
            let mut each = |done: u64, of: u64| progress(spans.done_at(k, done, of), total);
            let each: &mut super::DynProgress = &mut each;
            let part = subset.as_ref().map(|s| &s[k][..]);
            let found = d
                .inner
                .position_search_part(&target, &options.search, part, &mut d.memo, (0, 1), each)
                .map_err(super::to_js)?;
            let game = |g: u32| (start + u64::from(g)) as u32;
            all.hits.extend(found.hits.into_iter().map(|h| Hit {
                game: game(h.game),
                ..h
            }));
            all.searched += found.searched;
            all.damaged += found.damaged;
            all.read += found.read;
            all.from_memory += found.from_memory;
        }
        drop(progress);
        if let Some(e) = thrown {
            return Err(e);
        }
        let o = hits_object(&all);
        if options.next {
            let pos = parse_fen(fen).map_err(super::to_js)?;
            let next = &mut all
                .hits
                .iter()
                .map(|h| (h.game, OpeningTree::packed_next(h)));
            set(&o, "next", self.next_rows(&pos, next));
        }
        Ok(o.into())
    }

    /// The moves played next from the position of `fen`, as tree rows, by
    /// archive games `games` with the `nextMoves` their databases' searches
    /// gave apart (a pool's helpers, each searching whole databases as part
    /// 0 of 1): the rows `positionSearch` gives with `next`, each game
    /// counted with its own database's header.
    ///
    /// ```js
    /// const rows = archive.positionNext(fen, hits.games, hits.nextMoves);
    /// ```
    #[cfg(feature = "wasm")]
    #[wasm_bindgen(js_name = positionNext, unchecked_return_type = "TreeMove[]")]
    pub fn position_next(
        &self,
        fen: &str,
        games: &[u32],
        moves: &[u16],
    ) -> Result<JsValue, JsValue> {
        let (pos, mut next) = super::position::next_of(fen, games, moves)?;
        Ok(self.next_rows(&pos, &mut next))
    }
}

impl Archive {
    /// The tree rows of the moves archive games play next from `pos`
    /// (each game with its packed move), each counted with its own
    /// database's header.
    #[cfg(feature = "wasm")]
    fn next_rows(
        &self,
        pos: &shakmaty::Chess,
        next: &mut dyn Iterator<Item = (u32, u16)>,
    ) -> JsValue {
        let (spans, members) = (&self.spans, &self.members);
        let rows = crate::stats::OpeningTree::next_moves_across(
            pos,
            &mut next.filter_map(|(game, mv)| {
                let (k, i) = spans.locate(u64::from(game))?;
                Some((&members[k].1.inner, i as u32, mv))
            }),
        );
        super::stats::tree_moves(pos, &rows)
    }
}
