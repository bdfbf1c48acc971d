// The viewer's wiring (as lichess pgn-viewer's main): finds the page's
// elements, makes the controller (controller.ts: the state and the actions)
// and the page view (view/page.ts: the state drawn), and sends the page's
// events to the controller. Decoding happens in the Worker (worker.ts),
// which the host (worker-host.ts) starts, and replaces when it fails.

import { Board } from './board.js';
import { KEYS } from './config.js';
import { Controller } from './controller.js';
import { byId, byTestId, keyOf, toggleTheme } from './dom.js';
import { acceptDrops } from './files.js';
import { pageHooks } from './e2e-hooks.js';
import { GameList } from './list.js';
import type { TextChoice } from './protocol.js';
import { type FormField, queryOf } from './query.js';
import { Page } from './view/page.js';
import { WorkerHost } from './worker-host.js';

const host = new WorkerHost((cause) => ctrl.restarted(cause), __E2E_HOOKS__ ? pageHooks() : undefined);
const ctrl = new Controller(host, () => page.render());
const list = new GameList(byId('list'), {
  rows: (indices) => ctrl.rows(indices),
  open: (index) => void ctrl.openGame(index),
  sort: (column) => void ctrl.sortBy(column),
  player: (name) => void ctrl.openPlayer(name),
});
const searchForm = byId<HTMLFormElement>('search-form');
const [files, filter, encoding] = [byTestId<HTMLInputElement>('open-files'), byId<HTMLInputElement>('filter'), byId<HTMLSelectElement>('encoding')];
const details = (id: string) => byId(id).closest('details') as HTMLDetailsElement;
const panels = { tree: details('tree'), compactness: details('compactness') };
const page = new Page({
  status: byTestId('status'), error: byTestId('error'), count: byTestId('game-count'), total: byTestId('game-total'), positionFilter: byTestId('position-filter'), positionLabel: byId('position-label'),
  positionSearch: byTestId<HTMLButtonElement>('position-search'), progress: byTestId('progress'), cancel: byTestId('cancel'),
  encoding, filter, info: byId('info'), title: byId('game-title'), moves: byTestId('moves'), tree: byId('tree'),
  compactness: byId('compactness'), treePanel: panels.tree, compactnessPanel: panels.compactness,
  diagnosis: byId('diagnosis'), notice: byTestId('db-notice'), noticeText: byId('notice-text'),
  searchForm, card: byId('player-card'),
}, new Board(byId('board')), list, ctrl);

const click: Record<string, () => unknown> = {
  'nav-start': () => ctrl.step('start'), 'nav-back': () => ctrl.step('back'), 'nav-forward': () => ctrl.step('forward'),
  'nav-end': () => ctrl.step('end'), flip: () => ctrl.flip(), 'copy-fen': () => ctrl.copyFen(), 'copy-pgn': () => ctrl.copyPgn(),
  'save-game': () => ctrl.saveGame(), theme: toggleTheme, cancel: () => ctrl.cancel(),
  'position-search': () => ctrl.searchPosition(), 'position-clear': () => ctrl.clearPosition(),
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
for (const panel of ['tree', 'compactness'] as const) {
  // The state opens and closes the panel (at once, not after the toggle event).
  panels[panel].querySelector('summary')?.addEventListener('click', (e) => {
    e.preventDefault();
    ctrl.setPanelOpen(panel, !ctrl.state[panel].open);
  });
  panels[panel].addEventListener('toggle', () => ctrl.setPanelOpen(panel, panels[panel].open));
}

document.addEventListener('keydown', (e) => {
  const key = keyOf(e, KEYS);
  if (!key) return;
  if (key === 'flip') ctrl.flip();
  else if (key === 'cancel') ctrl.cancel();
  else ctrl.step(key);
  e.preventDefault();
});
byId('board').addEventListener('wheel', (e) => {
  e.preventDefault();
  ctrl.step(e.deltaY > 0 ? 'forward' : 'back');
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
