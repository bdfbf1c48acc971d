// The viewer's controller (as lichess pgn-viewer's PgnViewer): it owns the
// state (state.ts) and every action on it, asks the decoding Worker
// (worker-host.ts, protocol.ts) for data, and calls `redraw` after each
// change. The views (view/*.ts) draw the state; main.ts sends the page's
// events here.
// Actions never throw: a failure is shown on the error line. When the Worker
// fails (a trap) or a long task is cancelled, the host (worker-host.ts)
// replaces it and calls `restarted`: the database open before is reopened
// in the fresh one, and the page keeps what it shows.
// The user's last request wins: every answer goes through `latest`
// (latest.ts), and a stale one is dropped. Long tasks run in a Worker of
// their own (decoders.ts), so they never delay a game or a page of rows.

import type { SearchQuery, SortColumn, TreeMove } from '../pkg/cadb.js';
import { AUTO_TREE_MAX_GAMES, DEMO_NAME, DIAGNOSE_MAX_GAMES, FILTER_DEBOUNCE_MS, HASH_DELAY_MS, TREE_MAX_PLIES, TREE_SEARCH_PAUSE_MS, WHEEL_RESET_MS, WHEEL_STEP } from './config.js';
import { fetchDemo } from './demo.js';
import { download, gameFileName } from './download.js';
import { droppedFiles, groupFiles } from './files.js';
import { enterVariation, flatten, leaveVariation, mainLineMove, samePosition, shown, START_FEN, type Step, target } from './game.js';
import { type Language, type Notation, setNotation, spokenMove, T, useLanguage } from './i18n/index.js';
import { loadPrefs, rememberPanel, savePrefs } from './prefs.js';
import { type OpenSource, type RequestType, type Requests, splitRows, type TextChoice } from './protocol.js';
import { hashOf, placeOfHash } from './query.js';
import { freshList, freshRows, initialState, type Kept, listedGames, type Say, type Settings, type Task, type Widths } from './state.js';
import type { Decoders, Side } from './decoders.js';
import { type Fresh, Latest, Stale } from './latest.js';
import { type CallOptions, isCancelled, isFatal, type WorkerError } from './worker-host.js';
import { coreMessage, errorText, messageOf } from './errors.js';

/** What setPanelOpen opens and closes: the tree panel and the compactness
 * dialog are computed when open; the others are the page's disclosures. */
export type Panel = 'tree' | 'compactness' | 'db' | 'search' | 'tools';

/** The prefs key of a disclosure kept across visits. */
const KEPT: Partial<Record<Panel, string>> = { tree: 'tree', db: 'db-panel', search: 'search-panel' };

interface Opened {
  source: OpenSource;
  encoding: TextChoice | undefined;
}

/** The games of `a` (ascending) that are also in `b` (any order), in b's order. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const set = new Set(a);
  return b.filter((i) => set.has(i));
}

export class Controller {
  readonly state;
  /** The database the page shows, to open it again in a fresh Worker. */
  private opened: Opened | null = null;
  /** An open that went stale succeeded since the database shown opened:
   * the Workers may hold that one (each answers in order, so only until
   * the newest open is done; if the newest fails, the one shown goes back). */
  private stray = false;
  /** A reopen is under way in a Worker: if it fails too, it is not tried again. */
  private reopening: Record<Side, boolean> = { fg: false, bg: false };
  /** The last request of each kind: older answers are dropped (latest.ts). */
  private latest = new Latest();
  /** The game asked for last (shown, or on its way). */
  private askedGame: number | null = null;
  /** The position a filter search is running for (the tree panel past its
   * cap waits for its rows rather than searching too). */
  private positionPending: string | null = null;

  /** The URL hash follows the state once the first database has taken
   * the place it named (before, it would wipe it). */
  private placed = false;
  private hashTimer = 0;
  private redraw: () => void;

  constructor(
    private rpc: Decoders,
    redraw: () => void,
    settings: Settings,
    kept?: Kept,
  ) {
    this.state = initialState(settings, kept);
    useLanguage(settings.language);
    setNotation(settings.notation);
    this.redraw = () => {
      redraw();
      this.followHash();
    };
  }

  /** Writes the place shown into the URL hash, a moment after the last
   * change (browsers throttle history updates; holding → makes many). */
  private followHash(): void {
    if (!this.placed || this.hashTimer) return;
    this.hashTimer = window.setTimeout(() => {
      this.hashTimer = 0;
      const s = this.state;
      const hash = hashOf({
        db: s.info ? s.name : null, game: s.game?.index ?? null, move: s.game?.current ?? -1,
        filter: s.list.filter, query: s.list.query, position: s.list.position?.fen ?? null,
      });
      if (hash !== location.hash) history.replaceState(null, '', hash || location.pathname + location.search);
    }, HASH_DELAY_MS);
  }

  // ---- opening a database ----

  // Each open begins its generation at the user's action, before anything
  // is read: a choice made while the demo is fetched, or while another
  // database opens, is the one that opens.

  openDatabase(source: OpenSource): Promise<void> {
    const fresh = this.latest.begin('open');
    return this.attempt(() => this.open(source, fresh));
  }

  /** Files picked or dropped: the first complete database among them. */
  openFiles(files: File[]): Promise<void> {
    const fresh = this.latest.begin('open');
    return this.attempt(() => this.openFirst(files, fresh));
  }

  openDrop(data: DataTransfer): Promise<void> {
    const fresh = this.latest.begin('open');
    return this.attempt(async () => this.openFirst(await droppedFiles(data), fresh));
  }

  /** The page's start: the decoder's encodings for the menu, then the demo
   * database, unless the user has chosen one by then. */
  start(): Promise<void> {
    const fresh = this.latest.begin('open');
    return this.attempt(async () => {
      this.state.encodings = await this.rpc.call('encodings', {});
      this.redraw();
      if (!fresh()) return;
      await this.open({ kind: 'bytes', name: DEMO_NAME, files: await fetchDemo() }, fresh);
    });
  }

  private async open(source: OpenSource, fresh: Fresh): Promise<void> {
    // A newer choice was made while this one was read or fetched.
    if (!fresh()) return;
    const s = this.state;
    // The place the URL names, if it is in this database (an old `#q=`
    // link names no database: its query applies to any).
    const place = placeOfHash(location.hash);
    const here = place.db === null || place.db === source.name;
    // The encoding kept for it, if it is one the decoder knows (storage
    // can hold anything).
    const kept: unknown = loadPrefs().encodings?.[source.name];
    const encoding = s.encodings.some((e) => e.name === kept) ? (kept as TextChoice) : 'auto';
    s.error = null;
    s.status = { say: () => T.status.opening(source.name) };
    this.redraw();
    const t0 = performance.now();
    let opened;
    try {
      // Each database's code page is guessed from its own names, unless
      // the user chose one for it before.
      opened = await this.rpc.call('open', { source, encoding });
    } catch (err) {
      if (!fresh()) throw new Stale();
      // The Worker keeps the database it had, and so does the page; one that
      // went stale may have replaced it since: the one shown goes back.
      if (this.opened && this.stray) {
        // Every request sent since may be answered by that database: all
        // are dropped, until both Workers hold the one shown again.
        this.latest.settled();
        await this.rpc.call('open', this.opened).catch(() => undefined);
        this.stray = false;
        this.latest.settled();
        if (!fresh()) throw new Stale();
      }
      const still = s.info ? s.name : null;
      s.status = { say: () => T.status.notOpened(source.name, still) };
      if (s.info) this.resume();
      throw err;
    }
    if (!fresh()) {
      this.stray = true;
      throw new Stale();
    }
    const { info, wasmBytes } = opened;
    this.opened = { source, encoding };
    this.stray = false;
    // Nothing of the database before stays on screen, and no answer for it
    // is applied from now on.
    this.latest.settled();
    clearTimeout(s.list.filterTimer);
    s.name = source.name;
    s.info = info;
    s.encoding = encoding;
    s.list = freshList(here ? place.query : null);
    if (here) s.list.input = s.list.filter = place.filter;
    if (s.list.query) s.disclosures.search = true;
    s.game = null;
    s.explore = null;
    s.said = null;
    s.card = null;
    s.compactness.forName = '';
    s.compactness.view = { kind: 'none' };
    s.tree.wanted = false;
    s.tree.view = { kind: 'none' };
    this.redraw();
    if (s.list.query || s.list.filter) await this.applyView();
    // The time until the list is drawn.
    const ms = Math.round(performance.now() - t0);
    this.say(() => T.status.opened(source.name, info.games, ms, wasmBytes / 1048576));
    void this.refreshCompactness();
    void this.refreshDiagnosis(false);
    try {
      const game = here && place.game !== null && place.game < info.games ? place.game : 0;
      if (info.games > 0) await this.loadGame(game, here && place.game === game ? place.move : null);
      // After the game, so that a position the link names that is no
      // position costs only its filter (and its error stays on the page).
      if (here && place.position) await this.filterToPosition(place.position).catch((err: unknown) => this.fail(err));
    } finally {
      this.placed = true;
    }
  }

  /** An open failed and the page keeps the database it shows: what the
   * open made stale of it (every request begun before the open began, and
   * any answered by a database that went stale) is asked again, so no
   * panel waits for an answer that was dropped. */
  private resume(): void {
    const s = this.state;
    if (this.askedGame !== null && this.askedGame !== s.game?.index) void this.openGame(this.askedGame);
    if (s.diagnosis.view.kind !== 'data') void this.refreshDiagnosis(s.diagnosis.full);
    if (s.compactness.view.kind === 'text') {
      s.compactness.forName = '';
      void this.refreshCompactness();
    }
    if (s.card && s.card.view.kind !== 'data') void this.openPlayer(s.card.name);
    if (s.list.filter || s.list.query || s.list.sort) void this.attempt(() => this.applyView());
    void this.refreshTree();
  }

  private async openFirst(files: File[], fresh: Fresh): Promise<void> {
    const { complete, problems } = groupFiles(files);
    if (complete.length === 0) {
      throw new Error(problems.length ? problems.join('; ') : T.errors.noFiles);
    }
    // Several databases: open the first; say which ones were left.
    const set = complete[0];
    await this.open({ kind: 'files', name: set.stem, files: set.files }, fresh);
    const notes = [...problems, ...complete.slice(1).map((s) => T.errors.oneAtATime(s.stem))];
    if (notes.length) this.fail(notes.join('; '));
  }

  setEncoding(encoding: TextChoice): Promise<void> {
    const s = this.state;
    const before = s.encoding;
    s.encoding = encoding;
    if (!s.info) return Promise.resolve();
    const fresh = this.latest.begin('encoding');
    return this.attempt(async () => {
      try {
        s.info = await this.latest.answer(fresh, this.rpc.call('setEncoding', { encoding }));
      } catch (err) {
        if (err instanceof Stale) throw err;
        s.encoding = before;
        throw err;
      }
      if (this.opened) this.opened.encoding = encoding;
      const encodings = { ...loadPrefs().encodings };
      if (encoding === 'auto') delete encodings[s.name];
      else encodings[s.name] = encoding;
      savePrefs({ encodings });
      s.list.rows = freshRows();
      this.redraw();
      void this.refreshDiagnosis(s.diagnosis.full);
      if (s.game) await this.loadGame(s.game.index);
    });
  }

  // ---- the list: rows, filter and sort ----

  /** Fetches the rows of these games for the list (one request, one wasm
   * call); an answer for rows since replaced (other data) only lands in
   * those, unseen. */
  fetchRows(indices: Uint32Array): void {
    const rows = this.state.list.rows;
    if (rows.pending || rows.failed !== null) return;
    rows.pending = true;
    this.rpc.call('rows', { indices }).then(
      (page) => {
        for (const [index, row] of splitRows(page)) rows.cache.set(index, row);
      },
      (err: unknown) => {
        rows.failed = errorText(err);
      },
    ).finally(() => {
      rows.pending = false;
      rows.loaded++;
      if (rows === this.state.list.rows) this.redraw();
    });
  }

  /** Retry under a list whose rows failed: they are asked again. */
  retryRows(): void {
    this.state.list.rows.failed = null;
    this.redraw();
  }

  /** The filter box's text: applied after a short pause. */
  filter(text: string): void {
    const l = this.state.list;
    l.input = text;
    clearTimeout(l.filterTimer);
    l.filterTimer = window.setTimeout(() => {
      const now = this.state.list;
      now.filterTimer = 0;
      now.filter = now.input;
      void this.attempt(() => this.applyView());
    }, FILTER_DEBOUNCE_MS);
    this.redraw();
  }

  /** Sorts by `column`; again on the same column reverses the order. */
  sortBy(column: SortColumn): Promise<void> {
    return this.attempt(async () => {
      const l = this.state.list;
      const before = l.sort;
      l.sort = l.sort?.column === column ? { column, descending: !l.sort.descending } : { column, descending: false };
      this.redraw();
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
   * filter's text; the URL hash names it. */
  search(query: SearchQuery | null): Promise<void> {
    return this.attempt(async () => {
      const l = this.state.list;
      const before = l.query;
      l.query = query;
      // The form shows the query applied, in its panel, open.
      if (query) this.setPanelOpen('search', true);
      try {
        await this.applyView();
      } catch (err) {
        if (err instanceof Stale) throw err;
        if (l === this.state.list) l.query = before;
        this.redraw();
        throw err;
      }
    });
  }

  /** See ListState: the header filter (quick box AND form) in one search,
   * any other filter intersected with it, then the sort. */
  private async applyView(): Promise<void> {
    const s = this.state;
    const { filter, query, sort, position } = s.list;
    const text = filter.trim();
    const filtered = text !== '' || query !== null || position !== null;
    const headers = text !== '' || query !== null;
    const fresh = this.latest.begin('view');
    const t0 = performance.now();
    let order: Uint32Array | null = headers
      ? await this.latest.answer(fresh, this.long('search', 'search', { query: { ...query, ...(text ? { text } : {}) } }, {
        progress: (done, total) => T.status.searching(done, total),
      }))
      : null;
    if (position) order = order ? intersect(position.games, order) : position.games.slice();
    if (sort) order = await this.latest.answer(fresh, this.long('sort', 'sort', { column: sort.column, descending: sort.descending, subset: order }));
    const ms = Math.round(performance.now() - t0);
    const n = order ? order.length : 0;
    if (filtered || sort) s.status = { say: () => T.status.listed(n, ms) };
    s.list.view = { order, filtered };
    // New data: worth asking again.
    s.list.rows.failed = null;
    s.list.cursor = s.game ? this.listPosition(s.game.index) : -1;
    this.redraw();
  }

  // ---- the list by keyboard ----

  /** Where game `index` is in the list (-1: not listed). */
  private listPosition(index: number): number {
    const s = this.state;
    const order = s.list.view.order;
    return order ? order.indexOf(index) : s.info && index < s.info.games ? index : -1;
  }

  /** How many games the list shows. */
  private listed(): number {
    return listedGames(this.state.list.view, this.state.info?.games ?? 0);
  }

  /** The game at list position `k` (undefined: none). */
  private listedAt(k: number): number | undefined {
    const order = this.state.list.view.order;
    return k < 0 || k >= this.listed() ? undefined : order ? order[k] : k;
  }

  /** Moves the list's keyboard row by `delta` rows (kept in the list). */
  moveCursor(delta: number): void {
    const l = this.state.list;
    const count = this.listed();
    if (count === 0) return;
    // With no row yet, the first row is the keyboard's (list.ts).
    l.cursor = Math.max(0, Math.min(count - 1, Math.max(0, l.cursor) + delta));
    this.redraw();
  }

  /** Opens the game of the list's keyboard row. */
  openCursor(): Promise<void> {
    const index = this.listedAt(Math.max(0, this.state.list.cursor));
    return index === undefined ? Promise.resolve() : this.openGame(index);
  }

  /** Opens the next (1) or previous (-1) game of the list (n, p). */
  nextGame(delta: 1 | -1): Promise<void> {
    const s = this.state;
    const at = s.game ? this.listPosition(s.game.index) : -1;
    const index = this.listedAt((at >= 0 ? at : s.list.cursor) + delta);
    return index === undefined ? Promise.resolve() : this.openGame(index);
  }

  // ---- position search ----

  /** Filters the list to the games that reach the board's position (with
   * progress and Cancel); it combines with the header filter. */
  searchPosition(): Promise<void> {
    return this.attempt(() => this.filterToPosition(this.boardFen()));
  }

  /** The position on the board (the start with no game). */
  private boardFen(): string {
    return shown(this.state.game, this.state.explore)?.fen ?? START_FEN;
  }

  /** Sets the position filter to the games reaching `fen` (with the moves
   * they play next, for the tree panel past its ply cap). */
  private async filterToPosition(fen: string): Promise<void> {
    const s = this.state;
    if (!s.info) return;
    const fresh = this.latest.begin('position');
    this.positionPending = fen;
    const found = await this.latest.answer(fresh, this.long('position', 'positionSearch', { fen, variations: false, next: true }, {
      progress: (done, total) => T.status.positionSearching(done, total),
    })).finally(() => {
      if (this.positionPending === fen) this.positionPending = null;
    });
    s.list.position = { fen, games: found.games, plies: found.plies, damaged: found.damaged, next: found.next ?? [] };
    await this.applyView();
    // The tree panel may have waited for these rows.
    void this.refreshTree();
  }

  /** Removes the position filter. */
  clearPosition(): Promise<void> {
    return this.attempt(async () => {
      this.state.list.position = null;
      await this.applyView();
    });
  }

  // ---- a player's card ----

  /** Opens the card of the player named `name`. */
  openPlayer(name: string): Promise<void> {
    const s = this.state;
    const fresh = this.latest.begin('card');
    s.card = { name, view: { kind: 'text', say: () => T.card.counting } };
    this.redraw();
    return this.attempt(async () => {
      try {
        const data = await this.latest.answer(fresh, this.rpc.call('playerCard', { name }));
        if (s.card) s.card = { name, view: { kind: 'data', data } };
      } catch (err) {
        if (err instanceof Stale) throw err;
        if (s.card) s.card = { name, view: { kind: 'text', say: () => errorText(err) } };
      }
      this.redraw();
    });
  }

  closePlayer(): void {
    this.latest.begin('card');
    this.state.card = null;
    this.redraw();
  }

  /** Lists the games of the card's player (the form shows the query). */
  filterToPlayer(): Promise<void> {
    const c = this.state.card;
    if (!c) return Promise.resolve();
    const name = c.view.kind === 'data' ? c.view.data.name : c.name;
    this.closePlayer();
    return this.search({ player: name, playerExact: true });
  }

  // ---- a game ----

  openGame(index: number): Promise<void> {
    return this.attempt(() => this.loadGame(index));
  }

  /** Loads game `index` and shows move `at` (null: the start, or where
   * the position filter's game reaches its position). */
  private async loadGame(index: number, at: number | null = null): Promise<void> {
    const fresh = this.latest.begin('game');
    this.askedGame = index;
    const view = await this.latest.answer(fresh, this.rpc.call('game', { index }));
    const s = this.state;
    s.game = { index, view, nodes: flatten(view), current: -1 };
    s.explore = null;
    const k = this.listPosition(index);
    if (k >= 0) s.list.cursor = k;
    if (view.error) {
      s.list.broken = new Set(s.list.broken).add(index);
      const { code, message } = view.error;
      s.error = { say: () => T.errors.damagedGame(index + 1, coreMessage(code, message)) };
    } else {
      s.error = null;
    }
    // From a position filter: at the position, as the game first reaches it.
    const pos = s.list.position;
    const hit = pos ? pos.games.indexOf(index) : -1;
    this.goTo(at !== null ? at : pos && hit >= 0 ? mainLineMove(s.game, pos.plies[hit]) : -1, false);
  }

  /** Into the variation of the next move, or out of the current one. */
  variation(way: 'enter' | 'leave'): void {
    const g = this.state.game;
    if (!g || this.state.explore) return;
    const to = way === 'enter' ? enterVariation(g) : leaveVariation(g);
    if (to !== null) this.goTo(to);
  }

  // ---- settings ----

  /** A setting changed: shown, and kept for the next visit. */
  private changeSettings(change: { language?: Language; notation?: Notation; theme?: 'light' | 'dark' }): void {
    const now = (this.state.settings = { ...this.state.settings, ...change });
    useLanguage(now.language);
    setNotation(now.notation);
    savePrefs(change);
    this.redraw();
  }

  setLanguage(language: Language): void {
    this.changeSettings({ language });
  }

  setNotation(notation: Notation): void {
    this.changeSettings({ notation });
  }

  /** Light to dark and back (`systemDark`: the theme with none chosen). */
  toggleTheme(systemDark: boolean): void {
    const now = this.state.settings.theme ?? (systemDark ? 'dark' : 'light');
    this.changeSettings({ theme: now === 'dark' ? 'light' : 'dark' });
  }

  /** The keys dialog (?). */
  showKeys(open: boolean): void {
    this.state.keysOpen = open;
    if (open) this.state.disclosures.tools = false;
    this.redraw();
  }

  /** Shows the position after move `id` (-1: the start); `say`: the move
   * is said for the screen reader (not when a game has just opened). */
  goTo(id: number, say = true): void {
    const g = this.state.game;
    if (!g) return;
    this.state.explore = null;
    g.current = Math.max(-1, Math.min(id, g.nodes.length - 1));
    this.speak(say);
    this.redraw();
    void this.refreshTree();
  }

  /** The position shown changed: said in words, or (`say` false) nothing is. */
  private speak(say: boolean): void {
    const at = shown(this.state.game, this.state.explore);
    const san = at?.san;
    this.state.said = say && at && san ? () => spokenMove(san, at.fen) : null;
  }

  step(step: Step): void {
    const s = this.state;
    const e = s.explore;
    // In an explored line, back takes its last move back; forward has nowhere to go.
    if (e && step === 'back') {
      s.explore = e.moves.length > 1 ? { ...e, moves: e.moves.slice(0, -1) } : null;
      this.speak(true);
      this.redraw();
      void this.refreshTree();
      return;
    }
    if (e && step === 'forward') return;
    const g = s.game;
    const to = g ? target(g, step) : null;
    if (to !== null) this.goTo(to);
  }

  /** Plays a move of the opening tree: the game's own move if it has it
   * here, else a move of an explored line (no game needs to have it). The
   * list is then filtered to the games reaching the new position. */
  playTreeMove(m: TreeMove): Promise<void> {
    const s = this.state;
    const g = s.game;
    const hit = !s.explore && g ? g.nodes.find((n) => n.parent === g.current && n.uci === m.uci) : undefined;
    if (hit) {
      this.goTo(hit.id);
    } else {
      const e = s.explore ?? { from: g ? g.current : -1, startFen: this.boardFen(), moves: [] };
      s.explore = { ...e, moves: [...e.moves, { uci: m.uci, san: m.san, fen: m.fen }] };
      this.speak(true);
      this.redraw();
      void this.refreshTree();
    }
    return this.attempt(() => this.filterToPosition(m.fen));
  }

  /** Leaves an explored line: the board shows the game again. */
  leaveExplore(): void {
    if (!this.state.explore) return;
    this.state.explore = null;
    this.speak(true);
    this.redraw();
    void this.refreshTree();
  }

  flip(): void {
    this.state.orientation = this.state.orientation === 'white' ? 'black' : 'white';
    this.redraw();
  }

  // ---- the side panels ----

  /** Opens or closes a panel: an open one is brought up to date. */
  setPanelOpen(panel: Panel, open: boolean): void {
    const s = this.state;
    const was = panel === 'tree' || panel === 'compactness' ? s[panel].open : s.disclosures[panel];
    if (was === open) return;
    if (panel === 'tree' || panel === 'compactness') s[panel].open = open;
    else s.disclosures[panel] = open;
    // A dialog opened from the Tools menu closes the menu.
    if (panel === 'compactness' && open) s.disclosures.tools = false;
    const key = KEPT[panel];
    if (key) rememberPanel(key, open);
    this.redraw();
    if (panel === 'tree') void this.refreshTree();
    if (panel === 'compactness') void this.refreshCompactness();
  }

  /** The user dragged a column's edge (`done`: let go, the widths are kept). */
  resizeColumns(columns: Widths, done: boolean): void {
    this.state.columns = columns;
    if (done) savePrefs({ columns });
    this.redraw();
  }

  /** The wheel over the board: a mouse's notch (one big delta) is one
   * move; a trackpad's small deltas add up to a move per WHEEL_STEP. */
  wheel(deltaY: number, pixels: boolean, now: number): void {
    const w = this.state.wheel;
    const way = Math.sign(deltaY);
    if (now - w.at > WHEEL_RESET_MS || way !== Math.sign(w.sum)) w.sum = 0;
    w.at = now;
    if (!pixels || Math.abs(deltaY) >= WHEEL_STEP) {
      w.sum = 0;
      if (way) this.step(way > 0 ? 'forward' : 'back');
      return;
    }
    w.sum += deltaY;
    if (Math.abs(w.sum) >= WHEEL_STEP) {
      w.sum -= way * WHEEL_STEP;
      this.step(way > 0 ? 'forward' : 'back');
    }
  }

  /** The user asks for the tree of a database too big to build it unasked. */
  buildTree(): void {
    this.state.tree.wanted = true;
    this.state.tree.view = { kind: 'text', say: () => T.tree.building };
    this.redraw();
    void this.refreshTree();
  }

  /** The opening tree of the position shown. Past the tree's ply cap,
   * where it has no rows, the moves come from a position search instead:
   * the position filter's when it is of this position, else a search of
   * its own (after a pause, so stepping through a game does not queue
   * one per move; in a big database only when asked). */
  async refreshTree(): Promise<void> {
    const s = this.state;
    const t = s.tree;
    const at = shown(s.game, s.explore);
    if (!at || !t.open) return;
    const games = s.info?.games ?? 0;
    const fresh = this.latest.begin('tree');
    if (games > AUTO_TREE_MAX_GAMES && !t.wanted) {
      t.view = { kind: 'ask', games };
      this.redraw();
      return;
    }
    try {
      // Built in steps from a File: its progress shows in the bar.
      const moves = await this.latest.answer(fresh, this.long('tree', 'openingTree', { fen: at.fen }, { progress: true }));
      t.view = { kind: 'data', data: { moves, reached: null } };
      if (moves.length === 0 && at.ply >= TREE_MAX_PLIES) {
        const pos = s.list.position;
        if (pos && samePosition(pos.fen, at.fen)) {
          t.view = { kind: 'data', data: { moves: pos.next, reached: pos.games.length } };
        } else if (this.positionPending !== null && samePosition(this.positionPending, at.fen)) {
          t.view = { kind: 'text', say: () => T.tree.searching };
        } else if (games > AUTO_TREE_MAX_GAMES && t.searchFor !== at.fen) {
          t.view = { kind: 'ask-search', games };
        } else {
          t.view = { kind: 'text', say: () => T.tree.searching };
          this.redraw();
          await this.latest.answer(fresh, new Promise((done) => setTimeout(done, TREE_SEARCH_PAUSE_MS)));
          const found = await this.latest.answer(fresh, this.long('position', 'positionSearch', { fen: at.fen, variations: false, next: true }));
          t.view = { kind: 'data', data: { moves: found.next ?? [], reached: found.games.length } };
        }
      }
    } catch (err) {
      if (err instanceof Stale) return;
      // Cancelled: a big database's tree is offered again; a small one's
      // is built at the next move.
      if (isCancelled(err) && games > AUTO_TREE_MAX_GAMES) {
        t.wanted = false;
        t.view = { kind: 'ask', games };
      } else {
        t.view = { kind: 'text', say: isCancelled(err) ? () => T.tree.cancelled : () => messageOf(err) };
      }
    }
    this.redraw();
  }

  /** Past the tree's ply cap in a big database: the user asks for the
   * moves played from the position shown (a search of every game). */
  searchTree(): void {
    const at = shown(this.state.game, this.state.explore);
    if (!at) return;
    this.state.tree.searchFor = at.fen;
    void this.refreshTree();
  }

  /** The compactness table decodes every game: computed when its panel
   * opens, once per database. */
  async refreshCompactness(): Promise<void> {
    const s = this.state;
    const c = s.compactness;
    if (!c.open || c.forName === s.name) return;
    const fresh = this.latest.begin('compactness');
    c.forName = s.name;
    c.view = { kind: 'text', say: () => T.compactness.computing };
    this.redraw();
    try {
      c.view = { kind: 'data', data: await this.latest.answer(fresh, this.long('compactness', 'compactness', {})) };
    } catch (err) {
      if (err instanceof Stale) return;
      c.forName = '';
      c.view = { kind: 'text', say: isCancelled(err) ? () => T.compactness.cancelled : () => messageOf(err) };
    }
    this.redraw();
  }

  /** The doctor's report: of a sample of games when a database opens
   * (quick), or of every game when asked (`full`: progress and Cancel). */
  async refreshDiagnosis(full: boolean): Promise<void> {
    const s = this.state;
    if (!s.info) return;
    const fresh = this.latest.begin('diagnosis');
    const d = s.diagnosis;
    d.full = full;
    d.copied = null;
    d.view = { kind: 'text', say: () => (full ? T.diagnosis.checkingAll : T.diagnosis.checking) };
    this.redraw();
    try {
      const report = await this.latest.answer(fresh, full
        ? this.long('check', 'diagnose', { maxGames: null }, { progress: true })
        : this.rpc.call('diagnose', { maxGames: DIAGNOSE_MAX_GAMES }));
      d.view = { kind: 'data', data: report };
    } catch (err) {
      if (err instanceof Stale) return;
      d.full = false;
      if (full && isCancelled(err)) {
        // The sampled report again, from the fresh decoder.
        void this.refreshDiagnosis(false);
        return;
      }
      d.view = { kind: 'text', say: () => T.diagnosis.failed(errorText(err)) };
    }
    this.redraw();
  }

  /** Copies the doctor's report (counts only, no game content). Where the
   * clipboard is refused, the report's text in the panel is selected. */
  copyReport(): void {
    const s = this.state;
    const v = s.diagnosis.view;
    if (v.kind !== 'data') return;
    navigator.clipboard.writeText(v.data.text).then(
      () => {
        s.diagnosis.copied = { say: () => T.diagnosis.copied };
        this.redraw();
      },
      () => {
        s.diagnosis.copied = { say: () => T.diagnosis.refused };
        this.redraw();
      },
    );
  }

  // ---- export and copy ----

  /** Downloads the PGN of every game listed (all, or the filter's). */
  exportAll(): Promise<void> {
    return this.attempt(async () => {
      const s = this.state;
      const parts: string[] = [];
      const { order, filtered } = s.list.view;
      // The bar shows at once: the first progress comes after a chunk.
      s.exporting = { done: 0, total: 0 };
      const summary = await this.long('export', 'exportPgn', { indices: filtered ? order : null }, {
        onChunk: (text) => parts.push(text),
        progress: true,
      });
      download(`${s.name || 'games'}${filtered ? '-filtered' : ''}.pgn`, parts);
      this.say(() => T.status.exported(summary.games, Math.round(summary.bytes / 1024), summary.errors.length));
    });
  }

  saveGame(): Promise<void> {
    return this.attempt(async () => {
      const g = this.state.game;
      if (!g) return;
      const pgn = await this.rpc.call('pgn', { index: g.index });
      download(gameFileName(g.view.headers.white, g.view.headers.black, g.index), [pgn]);
    });
  }

  copyPgn(): Promise<void> {
    return this.attempt(async () => {
      const g = this.state.game;
      if (!g) return;
      await navigator.clipboard.writeText(await this.rpc.call('pgn', { index: g.index }));
      this.say(() => T.status.pgnCopied);
    });
  }

  /** Copies the FEN shown; where the clipboard is refused, shows it instead. */
  copyFen(): void {
    const fen = shown(this.state.game, this.state.explore)?.fen ?? '';
    navigator.clipboard.writeText(fen).then(() => this.say(() => T.status.fenCopied), () => this.say(() => fen));
  }

  // ---- long tasks, and a fresh Worker ----

  /** A request that may take long: Cancel is offered while it runs. With
   * `progress`, its progress shows in the bar until it ends, and in the
   * status line too when `progress` gives the text. */
  private async long<R extends RequestType>(
    name: Task,
    type: R,
    args: Requests[R]['args'],
    options: CallOptions & { progress?: true | ((done: number, total: number) => string) } = {},
  ): Promise<Requests[R]['result']> {
    const s = this.state;
    const { progress, ...call } = options;
    if (progress) {
      call.onProgress = (done, total) => {
        s.exporting = { done, total };
        if (progress !== true) s.status = { say: () => progress(done, total) };
        this.redraw();
      };
    }
    s.tasks = [...s.tasks, name];
    this.redraw();
    try {
      return await this.rpc.call(type, args, { ...call, cancellable: true });
    } finally {
      if (progress) s.exporting = null;
      const k = s.tasks.indexOf(name);
      s.tasks = s.tasks.filter((_, i) => i !== k);
      this.redraw();
    }
  }

  /** Stops the long tasks under way (the Worker is replaced); said quietly. */
  cancel(): void {
    if (this.state.tasks.length === 0) return;
    this.rpc.cancel();
    this.say(() => T.status.cancelled);
  }

  /** A host has replaced its Worker (of `side`), after a fatal error or a
   * cancel: the database the page shows goes into the fresh one. This runs
   * before any other request reaches it, so the reopen is its first, and a
   * database chosen since is sent after it: the newer choice wins. */
  restarted(side: Side, cause: WorkerError): void {
    const s = this.state;
    const cancelled = isCancelled(cause);
    if (this.reopening[side]) {
      // Cancelled: the host sends the reopen again. Failed: trying again could loop.
      const name = s.name;
      if (!cancelled) this.close(() => T.errors.stoppedAgain(name || T.errors.theDatabase, errorText(cause)));
      return;
    }
    const stopped = () => (cancelled ? '' : T.errors.stopped(cause.request ?? null, errorText(cause)));
    const again = this.opened;
    // What is said is dropped once the user opens another database.
    const fresh = this.latest.current('open');
    if (!again) {
      // Nothing had opened: the demo, as at the start. It begins no
      // generation of its own: a database the user chose is sent after it, and wins.
      if (cancelled || side === 'bg') return;
      s.error = { say: () => `${stopped()}.` };
      this.redraw();
      void this.reopen(side, async () => this.open({ kind: 'bytes', name: DEMO_NAME, files: await fetchDemo() }, fresh),
        () => T.errors.stoppedDemo(stopped(), DEMO_NAME));
      return;
    }
    const name = again.source.name;
    // What is said of it is dropped once another database is on screen.
    const told = this.latest.begin('restart');
    const reopened = this.rpc.callIn(side, 'open', { ...again, dropOld: side === 'bg' });
    if (cancelled) {
      void this.reopen(side, () => reopened.then(() => undefined), null);
      return;
    }
    s.error = { say: () => T.errors.stoppedReopening(stopped(), name) };
    this.say(() => T.status.reopening(name));
    void this.reopen(side, async () => {
      await reopened;
      if (told()) this.say(() => T.status.reopened(name));
    }, () => (told() ? T.errors.stoppedReopened(stopped(), name) : ''));
  }

  /** Runs a reopen in the Worker of `side`; `said` is the error line once
   * it succeeded. It never throws: a fatal failure was said by
   * `restarted`, another one closes. */
  private async reopen(side: Side, action: () => Promise<void>, said: Say | null): Promise<void> {
    this.reopening[side] = true;
    try {
      await action();
      if (said) this.state.error = said() ? { say: said } : null;
      this.redraw();
    } catch (err) {
      const name = this.state.name;
      if (!isFatal(err) && !(err instanceof Stale)) this.close(() => T.errors.notReopened(name || T.errors.theDatabase, errorText(err)));
    } finally {
      this.reopening[side] = false;
    }
  }

  /** No database any more: the page shows none, and says why. */
  private close(why: Say): void {
    const s = this.state;
    this.opened = null;
    this.latest.settled();
    clearTimeout(s.list.filterTimer);
    s.name = '';
    s.info = null;
    s.list = freshList();
    s.game = null;
    s.explore = null;
    s.said = null;
    s.card = null;
    s.tree.view = { kind: 'none' };
    s.compactness.forName = '';
    s.compactness.view = { kind: 'none' };
    s.diagnosis.view = { kind: 'none' };
    s.status = { say: () => T.status.noDatabase };
    s.error = { say: why };
    this.redraw();
  }

  // ---- status and errors ----

  private say(status: Say): void {
    this.state.status = { say: status };
    this.redraw();
  }

  /** Shows an error (with its code when it has one). A cancel was said by
   * `cancel`, a fatal error by `restarted`. */
  fail(err: unknown): void {
    if (isCancelled(err) || isFatal(err) || err instanceof Stale) return;
    this.state.error = { say: () => errorText(err) };
    this.redraw();
  }

  private async attempt(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (err) {
      this.fail(err);
    }
  }
}
