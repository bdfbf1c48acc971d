// The page: wires the modules together. State lives in state.ts, settings in
// config.ts; decoding happens in the Worker (worker.ts) through rpc.ts.

import type { Encoding, SortColumn } from '../pkg/cadb.js';
import { Board } from './board.js';
import { AUTO_TREE_MAX_GAMES, DEMO_NAME, ENCODINGS, FILTER_DEBOUNCE_MS, KEYS } from './config.js';
import { fetchDemo } from './demo.js';
import { byTestId } from './dom.js';
import { download, gameFileName } from './download.js';
import { droppedFiles, groupFiles } from './files.js';
import { GameList } from './list.js';
import { firstMove, flatten, render as renderMoves } from './moves.js';
import { renderCompactness, renderInfo, renderTree } from './panels.js';
import type { OpenSource } from './protocol.js';
import { Rpc } from './rpc.js';
import { initialState } from './state.js';

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page is missing #${id}`);
  return el as T;
}

const ui = {
  input: byTestId<HTMLInputElement>('open-files'),
  drop: byId<HTMLElement>('drop'),
  status: byTestId<HTMLElement>('status'),
  error: byTestId<HTMLElement>('error'),
  count: byTestId<HTMLElement>('game-count'),
  info: byId<HTMLElement>('info'),
  encoding: byId<HTMLSelectElement>('encoding'),
  filter: byId<HTMLInputElement>('filter'),
  list: byId<HTMLElement>('list'),
  board: byId<HTMLElement>('board'),
  title: byId<HTMLElement>('game-title'),
  moves: byTestId<HTMLElement>('moves'),
  tree: byId<HTMLElement>('tree'),
  compactness: byId<HTMLElement>('compactness'),
  progress: byTestId<HTMLProgressElement>('progress'),
  theme: byId<HTMLButtonElement>('theme'),
  buttons: {
    start: byId<HTMLButtonElement>('nav-start'),
    back: byId<HTMLButtonElement>('nav-back'),
    forward: byId<HTMLButtonElement>('nav-forward'),
    end: byId<HTMLButtonElement>('nav-end'),
    flip: byId<HTMLButtonElement>('flip'),
    copyFen: byId<HTMLButtonElement>('copy-fen'),
    copyPgn: byId<HTMLButtonElement>('copy-pgn'),
    saveGame: byId<HTMLButtonElement>('save-game'),
    saveAll: byTestId<HTMLButtonElement>('export-pgn'),
  },
};

const state = initialState();
const rpc = new Rpc();
const board = new Board(ui.board);
const list = new GameList(ui.list, {
  fetch: (indices) => rpc.call('rows', { indices }),
  open: (index) => void openGame(index).catch(showError),
  sort: (column) => void sortBy(column).catch(showError),
});

function showError(err: unknown): void {
  const code = typeof err === 'object' && err !== null && 'code' in err ? ` [${String(err.code)}]` : '';
  const message = err instanceof Error ? err.message : String(err);
  ui.error.textContent = `${message}${code}`;
  ui.error.hidden = false;
}
function clearError(): void {
  ui.error.hidden = true;
  ui.error.textContent = '';
}
function status(text: string): void {
  ui.status.textContent = text;
}

// ---- opening a database ----

async function openDatabase(source: OpenSource): Promise<void> {
  clearError();
  status(`Opening ${source.name}…`);
  const t0 = performance.now();
  const { info, wasmBytes } = await rpc.call('open', { source, encoding: ui.encoding.value as Encoding });
  state.name = source.name;
  state.info = info;
  state.list = { order: null, count: info.games, sort: null, filter: '', selected: -1 };
  state.game = null;
  ui.filter.value = '';
  ui.count.textContent = info.games.toLocaleString('en');
  ui.info.replaceChildren(renderInfo(source.name, info));
  list.markSort(null, false);
  list.invalidate();
  list.reset(info.games, null);
  status(`Opened ${source.name}: ${info.games.toLocaleString('en')} games in ${Math.round(performance.now() - t0)} ms; ` +
    `decoder memory ${(wasmBytes / 1048576).toFixed(1)} MB.`);
  ui.moves.replaceChildren();
  ui.title.textContent = '';
  compactnessFor = '';
  treeWanted = false;
  void refreshCompactness();
  if (info.games > 0) await openGame(0);
}

async function openFiles(files: File[]): Promise<void> {
  const { complete, problems } = groupFiles(files);
  if (complete.length === 0) {
    throw new Error(problems.length ? problems.join('; ') : 'No Chess Assistant files (.CDP, .EMB, .D00, .A02, .D02) among those.');
  }
  // Several databases: open the first; say which ones were left.
  const set = complete[0];
  await openDatabase({ kind: 'files', name: set.stem, files: set.files });
  const notes = [...problems, ...complete.slice(1).map((s) => `${s.stem} not opened (one database at a time)`)];
  if (notes.length) showError(notes.join('; '));
}

async function openDemo(): Promise<void> {
  await openDatabase({ kind: 'bytes', name: DEMO_NAME, files: await fetchDemo() });
}

// ---- the list: filter and sort ----

let filterTimer = 0;
async function applyView(): Promise<void> {
  const { filter, sort } = state.list;
  const t0 = performance.now();
  let order: Uint32Array | null = filter.trim() ? await rpc.call('search', { query: { text: filter } }) : null;
  if (sort) order = await rpc.call('sort', { column: sort.column, descending: sort.descending, subset: order });
  const ms = Math.round(performance.now() - t0);
  if (filter.trim() || sort) status(`${order ? order.length.toLocaleString('en') : 0} games listed in ${ms} ms.`);
  state.list.order = order;
  const n = order ? order.length : (state.info?.games ?? 0);
  ui.count.textContent = order && filter.trim()
    ? `${n.toLocaleString('en')} of ${(state.info?.games ?? 0).toLocaleString('en')}`
    : n.toLocaleString('en');
  list.reset(state.info?.games ?? 0, order);
}

async function sortBy(column: SortColumn): Promise<void> {
  const s = state.list.sort;
  state.list.sort = s && s.column === column ? { column, descending: !s.descending } : { column, descending: false };
  list.markSort(column, state.list.sort.descending);
  await applyView();
}

// ---- a game ----

async function openGame(index: number): Promise<void> {
  const view = await rpc.call('game', { index });
  const nodes = flatten(view);
  state.game = { index, view, nodes, current: -1, error: view.error?.message };
  state.list.selected = index;
  list.select(index);
  if (view.error) {
    list.markBroken(index);
    showError(`Game ${index + 1} is damaged: ${view.error.message}`);
  } else {
    clearError();
  }
  const h = view.headers;
  const elo = (e?: number) => (e ? ` (${e})` : '');
  ui.title.textContent = `${h.white ?? '?'}${elo(h.whiteElo)} – ${h.black ?? '?'}${elo(h.blackElo)}  ${h.result}` +
    [h.event, h.site, h.date.replace(/\.\?\?/g, '').replace(/^\?+$/, '')].filter(Boolean).map((s) => ` · ${s}`).join('');
  ui.moves.replaceChildren(renderMoves(view, nodes, (id) => go(id)));
  go(-1);
}

function go(id: number): void {
  const g = state.game;
  if (!g) return;
  g.current = Math.max(-1, Math.min(id, g.nodes.length - 1));
  const node = g.current >= 0 ? g.nodes[g.current] : null;
  board.show(node ? node.fen : g.view.startFen, node?.uci ?? null, node?.san ?? null);
  for (const el of Array.from(ui.moves.querySelectorAll<HTMLElement>('.move.current'))) {
    el.classList.remove('current');
    el.removeAttribute('aria-current');
  }
  if (node) {
    const el = ui.moves.querySelector<HTMLElement>(`.move[data-id="${node.id}"]`);
    if (el) {
      el.classList.add('current');
      el.setAttribute('aria-current', 'step');
      el.scrollIntoView({ block: 'nearest' });
    }
  }
  void refreshTree();
}

function step(direction: 'back' | 'forward' | 'start' | 'end'): void {
  const g = state.game;
  if (!g) return;
  const cur = g.current;
  const next = (id: number) => (id < 0 ? firstMove(g.nodes) : g.nodes[id].next);
  switch (direction) {
    case 'back':
      go(cur < 0 ? -1 : g.nodes[cur].parent);
      break;
    case 'forward': {
      const n = next(cur);
      if (n >= 0) go(n);
      break;
    }
    case 'start':
      go(-1);
      break;
    case 'end': {
      let id = cur;
      for (let n = next(id); n >= 0; n = next(id)) id = n;
      go(id);
      break;
    }
  }
}

let treeRequest = 0;
/** Whether the user asked for the tree of a big database. */
let treeWanted = false;
async function refreshTree(): Promise<void> {
  const g = state.game;
  if (!g || ui.tree.closest('details')?.open === false) return;
  const games = state.info?.games ?? 0;
  if (games > AUTO_TREE_MAX_GAMES && !treeWanted) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = `Build the tree from all ${games.toLocaleString('en')} games`;
    b.addEventListener('click', () => {
      treeWanted = true;
      ui.tree.textContent = 'Building the opening tree…';
      void refreshTree();
    });
    ui.tree.replaceChildren(b);
    return;
  }
  const fen = g.current >= 0 ? g.nodes[g.current].fen : g.view.startFen;
  const mine = ++treeRequest;
  try {
    const moves = await rpc.call('openingTree', { fen });
    if (mine !== treeRequest) return;
    state.tree = moves;
    ui.tree.replaceChildren(renderTree(moves, (uci) => {
      const cur = state.game;
      if (!cur) return;
      const hit = cur.nodes.find((n) => n.parent === cur.current && n.uci === uci);
      if (hit) go(hit.id);
    }));
  } catch (err) {
    ui.tree.textContent = err instanceof Error ? err.message : String(err);
  }
}

// The compactness table decodes every game: computed when its panel opens,
// once per database.
let compactnessFor = '';
async function refreshCompactness(): Promise<void> {
  if (ui.compactness.closest('details')?.open !== true || compactnessFor === state.name) return;
  compactnessFor = state.name;
  ui.compactness.textContent = 'Transcoding every game…';
  try {
    ui.compactness.replaceChildren(renderCompactness(await rpc.call('compactness', {})));
  } catch (err) {
    compactnessFor = '';
    ui.compactness.textContent = err instanceof Error ? err.message : String(err);
  }
}

// ---- export ----

async function exportAll(): Promise<void> {
  const parts: string[] = [];
  ui.progress.hidden = false;
  ui.progress.value = 0;
  const filtered = state.list.filter.trim() !== '';
  const summary = await rpc.call(
    'exportPgn',
    { indices: filtered ? state.list.order : null },
    {
      onChunk: (text) => parts.push(text),
      onProgress: (done, total) => {
        ui.progress.max = total || 1;
        ui.progress.value = done;
      },
    },
  );
  ui.progress.hidden = true;
  download(`${state.name || 'games'}${filtered ? '-filtered' : ''}.pgn`, parts);
  status(`Exported ${summary.games.toLocaleString('en')} games (${(summary.bytes / 1024).toFixed(0)} KB)` +
    (summary.errors.length ? `; ${summary.errors.length} damaged, exported up to the damage.` : '.'));
}

// ---- wiring ----

function setupEncodings(): void {
  for (const e of ENCODINGS) {
    const o = document.createElement('option');
    o.value = e.value;
    o.textContent = e.label;
    ui.encoding.append(o);
  }
  ui.encoding.addEventListener('change', () => {
    void (async () => {
      if (!state.info) return;
      state.info = await rpc.call('setEncoding', { encoding: ui.encoding.value as Encoding });
      ui.info.replaceChildren(renderInfo(state.name, state.info));
      list.invalidate();
      if (state.game) await openGame(state.game.index);
    })().catch(showError);
  });
}

function setupKeys(): void {
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const is = (keys: readonly string[]) => keys.includes(e.key);
    if (is(KEYS.back)) step('back');
    else if (is(KEYS.forward)) step('forward');
    else if (is(KEYS.start)) step('start');
    else if (is(KEYS.end)) step('end');
    else if (is(KEYS.flip)) flip();
    else return;
    e.preventDefault();
  });
  ui.board.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      step(e.deltaY > 0 ? 'forward' : 'back');
    },
    { passive: false },
  );
}

function flip(): void {
  state.orientation = state.orientation === 'white' ? 'black' : 'white';
  board.orient(state.orientation);
}

function setupButtons(): void {
  const b = ui.buttons;
  b.start.addEventListener('click', () => step('start'));
  b.back.addEventListener('click', () => step('back'));
  b.forward.addEventListener('click', () => step('forward'));
  b.end.addEventListener('click', () => step('end'));
  b.flip.addEventListener('click', flip);
  b.copyFen.addEventListener('click', () => {
    const fen = ui.board.dataset.fen ?? '';
    void navigator.clipboard.writeText(fen).then(() => status('FEN copied.'), () => status(fen));
  });
  b.copyPgn.addEventListener('click', () => {
    if (!state.game) return;
    void rpc.call('pgn', { index: state.game.index }).then(
      (pgn) => navigator.clipboard.writeText(pgn).then(() => status('PGN copied.')),
    ).catch(showError);
  });
  b.saveGame.addEventListener('click', () => {
    const g = state.game;
    if (!g) return;
    void rpc.call('pgn', { index: g.index })
      .then((pgn) => download(gameFileName(g.view.headers.white, g.view.headers.black, g.index), [pgn]))
      .catch(showError);
  });
  b.saveAll.addEventListener('click', () => void exportAll().catch(showError));
  ui.theme.addEventListener('click', () => {
    const root = document.documentElement;
    const dark = root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
    root.dataset.theme = dark ? 'light' : 'dark';
  });
  ui.tree.closest('details')?.addEventListener('toggle', () => void refreshTree());
  ui.compactness.closest('details')?.addEventListener('toggle', () => void refreshCompactness());
}

function setupOpening(): void {
  ui.input.addEventListener('change', () => {
    const files = ui.input.files ? Array.from(ui.input.files) : [];
    if (files.length) void openFiles(files).catch(showError);
    ui.input.value = '';
  });
  const drop = ui.drop;
  for (const ev of ['dragenter', 'dragover']) {
    document.addEventListener(ev, (e) => {
      e.preventDefault();
      drop.classList.add('dragging');
    });
  }
  document.addEventListener('dragleave', (e) => {
    if ((e as DragEvent).relatedTarget === null) drop.classList.remove('dragging');
  });
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('dragging');
    const data = (e as DragEvent).dataTransfer;
    if (data) void droppedFiles(data).then(openFiles).catch(showError);
  });
  ui.filter.addEventListener('input', () => {
    clearTimeout(filterTimer);
    filterTimer = window.setTimeout(() => {
      state.list.filter = ui.filter.value;
      void applyView().catch(showError);
    }, FILTER_DEBOUNCE_MS);
  });
}

setupEncodings();
setupKeys();
setupButtons();
setupOpening();
openDemo().catch(showError);
