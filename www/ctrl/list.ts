// The game list: its rows' text, the quick filter, the search form's query
// and the sort (one place computes what is listed: applyView), and the
// keyboard's row.

import type { Duplicates, SearchQuery, SortColumn } from '../../pkg/cadb.js';
import { FILTER_DEBOUNCE_MS } from '../config.js';
import type { Controller } from '../controller.js';
import { codeOf, coreMessage, errorText, messageOf } from '../errors.js';
import { secondsLeft } from '../download.js';
import { T } from '../i18n/index.js';
import { Stale } from '../latest.js';
import { splitRows } from '../protocol.js';
import { asksMoves } from '../query.js';
import { isCancelled } from '../worker-host.js';
import { type CopiesMode, listedGames } from '../state.js';

/** The games of `order` (every one of `games` when null) but `left`
 * (ascending). */
function without(order: Uint32Array | null, games: number, left: Uint32Array): Uint32Array {
  const out = new Uint32Array((order?.length ?? games) - (order ? 0 : left.length));
  let [n, k] = [0, 0];
  if (!order) {
    for (let i = 0; i < games; i++) {
      if (k < left.length && left[k] === i) k++;
      else out[n++] = i;
    }
    return out.subarray(0, n);
  }
  const drop = new Set(left);
  for (const i of order) if (!drop.has(i)) out[n++] = i;
  return out.slice(0, n);
}

/** Each game of a group of `found`, with its group; and where each group
 * starts in `found.grouped`. */
function groupsOf(found: Duplicates): { groupOf: Map<number, number>; first: number[] } {
  const groupOf = new Map<number, number>();
  const first: number[] = [];
  let at = 0;
  found.sizes.forEach((n, g) => {
    first.push(at);
    for (let k = at; k < at + n; k++) groupOf.set(found.grouped[k], g);
    at += n;
  });
  return { groupOf, first };
}

/** The games of `order` (every game when null) that are in a group of
 * `found`, group by group: each group where its first game in `order` is,
 * with those of its games `order` has, the kept one first; and the first
 * of each group as listed. */
function inGroups(order: Uint32Array | null, found: Duplicates, { groupOf, first }: ReturnType<typeof groupsOf>): { order: Uint32Array; starts: Set<number> } {
  const listed = order ? new Set(order) : null;
  const seen = new Set<number>();
  const starts = new Set<number>();
  const out: number[] = [];
  for (const i of order ?? found.grouped) {
    const g = groupOf.get(i);
    if (g === undefined || seen.has(g)) continue;
    seen.add(g);
    const before = out.length;
    for (let k = first[g]; k < first[g] + found.sizes[g]; k++) {
      const x = found.grouped[k];
      if (!listed || listed.has(x)) out.push(x);
    }
    if (out.length > before) starts.add(out[before]);
  }
  return { order: Uint32Array.from(out), starts };
}

/** The games of `a` (ascending) that are also in `b` (any order), in b's order. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const set = new Set(a);
  return b.filter((i) => set.has(i));
}

export class ListCtrl {
  constructor(private c: Controller) {}

  /** Fetches the rows of these games for the list (one request, one wasm
   * call); an answer for rows since replaced (other data) only lands in
   * those, unseen. */
  fetchRows(indices: Uint32Array): void {
    const rows = this.c.state.list.rows;
    if (rows.pending || rows.failed !== null) return;
    rows.pending = true;
    this.c.rpc.call('rows', { indices }).then(
      (page) => {
        for (const [index, row] of splitRows(page)) rows.cache.set(index, row);
      },
      (err: unknown) => {
        rows.failed = errorText(err);
      },
    ).finally(() => {
      rows.pending = false;
      rows.loaded++;
      if (rows === this.c.state.list.rows) this.c.redraw();
    });
  }

  /** Retry under a list whose rows failed: they are asked again. */
  retryRows(): void {
    this.c.state.list.rows.failed = null;
    this.c.redraw();
  }

  /** The filter box's text: applied after a short pause. */
  filter(text: string): void {
    this.c.requests.asks++;
    const l = this.c.state.list;
    l.input = text;
    clearTimeout(l.filterTimer);
    l.filterTimer = window.setTimeout(() => {
      const now = this.c.state.list;
      now.filterTimer = 0;
      now.filter = now.input;
      void this.c.attempt(() => this.applyView());
    }, FILTER_DEBOUNCE_MS);
    this.c.redraw();
  }

  /** The "Duplicates" menu of a list of many databases: every game, the
   * list without the copies, or only the groups of duplicates, each
   * together (the sort orders the groups). The duplicates are found once
   * (every game read, with progress and Cancel), then shown with any
   * other filter. */
  showCopies(mode: CopiesMode): Promise<void> {
    this.c.requests.asks++;
    return this.c.attempt(async () => {
      const l = this.c.state.list;
      if (l.copies) {
        l.copies = { ...l.copies, mode };
        return this.applyView();
      }
      if (mode === 'all') return;
      const started = performance.now();
      const found = await this.c.tasks.long('duplicates', 'duplicates', {}, {
        progress: (done, total) => T.status.readingCopies(done, total, secondsLeft(started, done, total)),
      });
      // Another list since: its own choice stands.
      if (l !== this.c.state.list) return;
      l.copies = { found, mode };
      await this.applyView();
    });
  }

  /** Sorts by `column`; again on the same column reverses the order. */
  sortBy(column: SortColumn): Promise<void> {
    return this.c.attempt(async () => {
      const l = this.c.state.list;
      const before = l.sort;
      l.sort = l.sort?.column === column ? { column, descending: !l.sort.descending } : { column, descending: false };
      this.c.redraw();
      try {
        await this.applyView();
      } catch (err) {
        // The list is still in the old order (unless a newer request is in charge).
        if (!(err instanceof Stale) && l.sort?.column === column) l.sort = before;
        throw err;
      }
    });
  }

  /** Applies the search form's query (null: clears it), with the quick
   * filter's text; the URL hash names it. A malformed expression (code
   * 'query') is said at the form, which keeps it as typed, as it keeps a
   * query whose search was cancelled. */
  search(query: SearchQuery | null): Promise<void> {
    this.c.requests.asks++;
    return this.c.attempt(async () => {
      const l = this.c.state.list;
      const before = l.query;
      l.query = query;
      l.refused = null;
      // The form shows the query applied, in its panel, open.
      if (query) this.c.panels.setPanelOpen('search', true);
      if (asksMoves(query)) this.c.panels.setPanelOpen('moves', true);
      try {
        await this.applyView();
      } catch (err) {
        if (err instanceof Stale) throw err;
        if (l === this.c.state.list) {
          l.query = before;
          // Cancelled, it stays in the form too, to be applied again.
          if (query && this.refuse(query, err, isCancelled(err))) return;
        }
        this.c.redraw();
        throw err;
      }
    });
  }

  /** The list of a database just opened, with the query and filter the URL
   * names: a malformed query there is said at the form, and all games listed. */
  async applyPlaced(): Promise<void> {
    const l = this.c.state.list;
    const query = l.query;
    try {
      await this.applyView();
    } catch (err) {
      // Only a malformed query is dropped: a stale search was replaced by
      // a newer request (a search the user made since keeps its query).
      if (!query || l !== this.c.state.list || codeOf(err) !== 'query') throw err;
      l.query = null;
      this.refuse(query, err, false);
      await this.applyView();
    }
  }

  /** Shows `query` in the form, not applied, with the core's message when
   * `err` is a malformed expression's (or none, `quiet`); false: `err` is
   * another failure, left to the caller. */
  private refuse(query: SearchQuery, err: unknown, quiet: boolean): boolean {
    if (!quiet && codeOf(err) !== 'query') return false;
    this.c.state.list.refused = { query, say: quiet ? () => '' : () => coreMessage('query', messageOf(err)) };
    this.c.redraw();
    return true;
  }

  /** See ListState: the header filter (quick box AND form) in one search,
   * any other filter intersected with it, then the sort. */
  async applyView(): Promise<void> {
    // The address waits for the list it computes (a search may be refused).
    this.c.requests.listing++;
    try {
      await this.computeView();
    } finally {
      this.c.requests.listing--;
    }
  }

  private async computeView(): Promise<void> {
    const s = this.c.state;
    const { filter, query, sort, position, copies } = s.list;
    const text = filter.trim();
    const mode = copies?.mode ?? 'all';
    const filtered = text !== '' || query !== null || position !== null || mode !== 'all';
    const headers = text !== '' || query !== null;
    const fresh = this.c.latest.begin('view');
    const t0 = performance.now();
    const asked = { ...query, ...(text ? { text } : {}) };
    // A query of the games' moves reads every game: the background Worker's.
    const hits = asksMoves(query)
      ? await this.c.latest.answer(fresh, this.c.tasks.long('search', 'searchHits', { query: asked }, {
        progress: (done, total) => T.status.searchingGames(done, total),
      }))
      : null;
    let order: Uint32Array | null = hits
      ? hits.games.slice()
      : headers
        ? await this.c.latest.answer(fresh, this.c.tasks.long('search', 'search', { query: asked }, {
          progress: (done, total) => T.status.searching(done, total),
        }))
        : null;
    if (position) order = order ? intersect(position.games, order) : position.games.slice();
    if (copies && mode === 'hide') order = without(order, s.info?.games ?? 0, copies.found.copies);
    const grouping = copies && mode === 'groups' ? groupsOf(copies.found) : null;
    // Only the groups' games are sorted; the groups then come where their
    // first game is, each together.
    if (grouping && sort) order = (order ?? Uint32Array.from(grouping.groupOf.keys())).filter((i) => grouping.groupOf.has(i));
    if (sort) order = await this.c.latest.answer(fresh, this.c.tasks.long('sort', 'sort', { column: sort.column, descending: sort.descending, subset: order }));
    const groups = copies && grouping ? inGroups(order, copies.found, grouping) : null;
    if (groups) order = groups.order;
    const ms = Math.round(performance.now() - t0);
    const n = order ? order.length : 0;
    const damaged = hits?.damaged ?? 0;
    const said = !copies ? '' : mode === 'hide'
      ? ` ${T.list.copiesHidden(copies.found.copies.length, copies.found.groups)}`
      : mode === 'groups' ? ` ${T.list.copiesGrouped(groups?.starts.size ?? 0)}` : '';
    if (filtered || sort) s.status = { say: () => T.status.listed(n, ms) + (damaged ? ` ${T.status.skipped(damaged)}` : '') + said };
    s.list.view = { order, filtered, sorted: sort, groupStarts: groups?.starts ?? null };
    s.list.hits = hits && { games: hits.games, plies: hits.plies };
    // New data: worth asking again.
    s.list.rows.failed = null;
    s.list.cursor = s.game ? this.listPosition(s.game.index) : -1;
    this.c.redraw();
  }

  /** The ply where the search's hits open game `index` (null: it asked
   * nothing of the moves, or the game is not among its hits). */
  hitPly(index: number): number | null {
    const hits = this.c.state.list.hits;
    const k = hits ? hits.games.indexOf(index) : -1;
    return hits && k >= 0 ? hits.plies[k] : null;
  }

  /** Where game `index` is in the list (-1: not listed). */
  listPosition(index: number): number {
    const s = this.c.state;
    const order = s.list.view.order;
    return order ? order.indexOf(index) : s.info && index < s.info.games ? index : -1;
  }

  /** How many games the list shows. */
  private listed(): number {
    return listedGames(this.c.state.list.view, this.c.state.info?.games ?? 0);
  }

  /** The game at list position `k` (undefined: none). */
  private listedAt(k: number): number | undefined {
    const order = this.c.state.list.view.order;
    return k < 0 || k >= this.listed() ? undefined : order ? order[k] : k;
  }

  /** Moves the list's keyboard row by `delta` rows (kept in the list). */
  moveCursor(delta: number): void {
    const l = this.c.state.list;
    const count = this.listed();
    if (count === 0) return;
    // With no row yet, the first row is the keyboard's (list.ts).
    l.cursor = Math.max(0, Math.min(count - 1, Math.max(0, l.cursor) + delta));
    this.c.redraw();
  }

  /** Opens the game of the list's keyboard row. */
  openCursor(): Promise<void> {
    const index = this.listedAt(Math.max(0, this.c.state.list.cursor));
    return index === undefined ? Promise.resolve() : this.c.game.openGame(index);
  }

  /** Opens the next (1) or previous (-1) game of the list (n, p). */
  nextGame(delta: 1 | -1): Promise<void> {
    const s = this.c.state;
    const at = s.game ? this.listPosition(s.game.index) : -1;
    const index = this.listedAt((at >= 0 ? at : s.list.cursor) + delta);
    return index === undefined ? Promise.resolve() : this.c.game.openGame(index);
  }
}
