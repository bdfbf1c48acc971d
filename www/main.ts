// The viewer's wiring (as lichess pgn-viewer's main): finds the page's
// elements, makes the controller (controller.ts: the state and the actions)
// and the page view (view/page.ts: the state drawn), and sends the page's
// events to the controller. Decoding happens in the Worker (worker.ts),
// two Workers (decoders.ts), each started, and replaced when it fails, by
// its host (worker-host.ts).

import { Board } from './board.js';
import { KEYS, VARIATION_KEYS, WHEEL_RESET_MS, WHEEL_STEP } from './config.js';
import { Controller } from './controller.js';
import { Decoders } from './decoders.js';
import { byId, byTestId, keyOf } from './dom.js';
import { acceptDrops } from './files.js';
import { pageHooks } from './e2e-hooks.js';
import type { Language, Notation } from './i18n/index.js';
import { GameList } from './list.js';
import { initialSettings, loadPrefs, rememberPanel, savePrefs } from './prefs.js';
import type { TextChoice } from './protocol.js';
import { type FormField, queryOf } from './query.js';
import { Page } from './view/page.js';

const decoders = new Decoders((side, cause) => ctrl.restarted(side, cause), __E2E_HOOKS__ ? pageHooks() : undefined);
const ctrl = new Controller(decoders, () => page.render(), initialSettings());
const list = new GameList(byId('list'), {
  rows: (indices) => ctrl.rows(indices),
  open: (index) => void ctrl.openGame(index),
  cursor: (delta) => ctrl.moveCursor(delta),
  openCursor: () => void ctrl.openCursor(),
  sort: (column) => void ctrl.sortBy(column),
  player: (name) => void ctrl.openPlayer(name),
  resized: (columns) => savePrefs({ columns }),
}, loadPrefs().columns);
const searchForm = byId<HTMLFormElement>('search-form');
const [files, filter, encoding] = [byTestId<HTMLInputElement>('open-files'), byId<HTMLInputElement>('filter'), byId<HTMLSelectElement>('encoding')];
const [language, notation] = [byId<HTMLSelectElement>('language'), byId<HTMLSelectElement>('notation')];
const treePanel = byId<HTMLDetailsElement>('tree-panel');
const compactness = byId<HTMLDialogElement>('compactness-panel');
const keysDialog = byId<HTMLDialogElement>('keys-dialog');
const page = new Page({
  status: byTestId('status'), error: byTestId('error'), count: byTestId('game-count'), total: byTestId('game-total'),
  countBefore: byId('count-before'), countAfter: byId('count-after'), positionFilter: byTestId('position-filter'), positionLabel: byId('position-label'),
  positionSearch: byTestId<HTMLButtonElement>('position-search'), progress: byTestId('progress'), cancel: byTestId('cancel'),
  encoding, filter, info: byId('info'), title: byId('game-title'), moves: byTestId('moves'), tree: byId('tree'),
  compactness: byId('compactness'), treePanel, compactnessPanel: compactness, keysDialog, keysTable: byId('keys-table'),
  language, notation, announce: byTestId('announce'),
  graph: byTestId('eval-graph'),
  diagnosis: byId('diagnosis'), notice: byTestId('db-notice'), noticeText: byId('notice-text'),
  searchForm, card: byId('player-card'),
}, new Board(byId('board')), list, ctrl);

const tools = byId<HTMLDetailsElement>('tools');
const click: Record<string, () => unknown> = {
  'nav-start': () => ctrl.step('start'), 'nav-back': () => ctrl.step('back'), 'nav-forward': () => ctrl.step('forward'),
  'nav-end': () => ctrl.step('end'), flip: () => ctrl.flip(), 'copy-fen': () => ctrl.copyFen(), 'copy-pgn': () => ctrl.copyPgn(),
  'save-game': () => ctrl.saveGame(), theme: () => ctrl.toggleTheme(matchMedia('(prefers-color-scheme: dark)').matches),
  cancel: () => ctrl.cancel(), 'position-search': () => ctrl.searchPosition(), 'position-clear': () => ctrl.clearPosition(),
  'open-compactness': () => {
    tools.open = false;
    ctrl.setPanelOpen('compactness', true);
  },
  'open-keys': () => {
    tools.open = false;
    ctrl.showKeys(true);
  },
  // The notice's Details: the Database panel, opened and in view.
  'notice-details': () => {
    const panel = byId('db-panel') as HTMLDetailsElement;
    panel.open = true;
    panel.scrollIntoView({ block: 'nearest' });
    panel.querySelector('summary')?.focus();
  },
};
for (const [id, action] of Object.entries(click)) byId(id).addEventListener('click', () => void action());
byTestId('export-pgn').addEventListener('click', () => void ctrl.exportAll());
// The state opens and closes the tree panel (at once, not after the toggle event).
treePanel.querySelector('summary')?.addEventListener('click', (e) => {
  e.preventDefault();
  ctrl.setPanelOpen('tree', !ctrl.state.tree.open);
});
treePanel.addEventListener('toggle', () => ctrl.setPanelOpen('tree', treePanel.open));
// Dialogs close by their button or Esc; the state follows.
for (const d of [compactness, keysDialog]) d.querySelector('.dialog-close')?.addEventListener('click', () => d.close());
compactness.addEventListener('close', () => ctrl.setPanelOpen('compactness', false));
keysDialog.addEventListener('close', () => ctrl.showKeys(false));
// The other panels are the page's own: only whether they are open is kept.
for (const id of ['db-panel', 'search-panel']) {
  const panel = byId<HTMLDetailsElement>(id);
  if (loadPrefs().panels?.[id]) panel.open = true;
  panel.addEventListener('toggle', () => rememberPanel(id, panel.open));
}

document.addEventListener('keydown', (e) => {
  // Shift+→ / Shift+←: into the next move's variation, out of this one.
  if (e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && keyOf(e, { any: [VARIATION_KEYS.enter, VARIATION_KEYS.leave] })) {
    ctrl.variation(e.key === VARIATION_KEYS.enter ? 'enter' : 'leave');
    e.preventDefault();
    return;
  }
  const key = keyOf(e, KEYS);
  if (!key) return;
  if (key === 'flip') ctrl.flip();
  else if (key === 'cancel') {
    ctrl.cancel();
    // Esc in an open dialog also closes it: the browser's default.
    if (compactness.open || keysDialog.open) return;
  } else if (key === 'nextGame') void ctrl.nextGame(1);
  else if (key === 'previousGame') void ctrl.nextGame(-1);
  else if (key === 'keys') ctrl.showKeys(true);
  else ctrl.step(key);
  e.preventDefault();
});
// The wheel: a mouse's notch (one big delta) is one move; a trackpad's
// small deltas add up to a move per WHEEL_STEP.
let wheel = { sum: 0, at: 0 };
byId('board').addEventListener('wheel', (e) => {
  e.preventDefault();
  const now = performance.now();
  const way = Math.sign(e.deltaY);
  if (now - wheel.at > WHEEL_RESET_MS || way !== Math.sign(wheel.sum)) wheel = { sum: 0, at: now };
  wheel.at = now;
  if (e.deltaMode !== WheelEvent.DOM_DELTA_PIXEL || Math.abs(e.deltaY) >= WHEEL_STEP) {
    wheel.sum = 0;
    if (way) ctrl.step(way > 0 ? 'forward' : 'back');
    return;
  }
  wheel.sum += e.deltaY;
  if (Math.abs(wheel.sum) >= WHEEL_STEP) {
    ctrl.step(way > 0 ? 'forward' : 'back');
    wheel.sum -= way * WHEEL_STEP;
  }
}, { passive: false });

// The search form: Apply reads it into a query; Clear empties it.
searchForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const values: Partial<Record<FormField, string>> = {};
  for (const [k, v] of new FormData(searchForm)) values[k as FormField] = String(v);
  void ctrl.search(queryOf(values));
});
byId('search-clear').addEventListener('click', () => {
  searchForm.reset();
  void ctrl.search(null);
});
byId('player-card').addEventListener('keydown', (e) => {
  if (e.key === 'Escape') {
    e.stopPropagation();
    ctrl.closePlayer();
  }
});

encoding.addEventListener('change', () => void ctrl.setEncoding(encoding.value as TextChoice));
language.addEventListener('change', () => ctrl.setLanguage(language.value as Language));
notation.addEventListener('change', () => ctrl.setNotation(notation.value as Notation));
filter.addEventListener('input', () => ctrl.filter(filter.value));
files.addEventListener('change', () => {
  if (files.files?.length) void ctrl.openFiles(Array.from(files.files));
  files.value = '';
});
acceptDrops(byId('drop'), (data) => void ctrl.openDrop(data));

void ctrl.start();

// The service worker (sw.ts) keeps the viewer for use offline. Registered
// after the load, so that its downloads come after the page's own. Without
// it (refused, or no support) the page only lacks that: nothing to report.
if ('serviceWorker' in navigator) {
  if (__SERVICE_WORKER__) {
    addEventListener('load', () => void navigator.serviceWorker.register('sw.js').catch(() => {}));
  } else {
    // A production build served on this origin before would keep serving
    // its own files instead of the dev server's.
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
  }
}
