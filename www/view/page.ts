// The page drawn from the state, as lichess pgn-viewer draws its own: each
// part of index.html that shows the state is a snabbdom view (a pure
// function of the controller's state that binds its own events), patched
// on every redraw; snabbdom writes only what changed. The game list
// (list.ts: virtualised) and the search form (search.ts: index.html's own)
// are components fed from the state here, as are the page's language and
// theme, which live on <html>.

import type { VNode } from 'snabbdom';
import type { Controller } from '../controller.js';
import { byId } from '../dom.js';
import { translatePage } from '../i18n/index.js';
import { GameList } from '../list.js';
import { isArchive } from '../state.js';
import { renderCard } from './card.js';
import { compactnessDialog, keysDialog } from './dialogs.js';
import { listTools } from './games.js';
import { onKey } from './keys.js';
import { patch } from './patch.js';
import { SearchForm } from './search.js';
import { side } from './side.js';
import { errorLine, linkNotice, notice, topBar } from './top.js';
import { viewer } from './viewer.js';

const card = (ctrl: Controller) => renderCard(ctrl.state.card, { close: () => ctrl.panels.closePlayer(), filter: () => void ctrl.panels.filterToPlayer() });

/** Each view, by the `data-view` of the element of index.html it replaces. */
const VIEWS: [string, (ctrl: Controller) => VNode][] = [
  ['top', topBar], ['error', errorLine], ['notice', notice], ['link', linkNotice], ['card', card], ['list-tools', listTools],
  ['viewer', viewer], ['side', side], ['compactness', compactnessDialog], ['keys', keysDialog],
];

/** Draws the page of `ctrl` and returns its redraw. */
export function mount(ctrl: Controller): () => void {
  const list = new GameList(byId('list'), {
    fetch: (indices) => ctrl.list.fetchRows(indices),
    retry: () => ctrl.list.retryRows(),
    open: (index) => void ctrl.game.openGame(index),
    cursor: (delta) => ctrl.list.moveCursor(delta),
    openCursor: () => void ctrl.list.openCursor(),
    sort: (column) => void ctrl.list.sortBy(column),
    player: (name) => void ctrl.panels.openPlayer(name),
    resized: (columns, done) => ctrl.panels.resizeColumns(columns, done),
  });
  const search = new SearchForm(byId('search-form'), byId('search-panel'), ctrl);
  document.addEventListener('keydown', (e) => onKey(ctrl, e));
  let language = '';
  let vnodes: VNode[] = [];
  const redraw = () => {
    const s = ctrl.state;
    const root = document.documentElement;
    if (s.settings.theme) root.dataset.theme = s.settings.theme;
    else delete root.dataset.theme;
    // The fixed texts left in index.html (the search form's).
    if (s.settings.language !== language) {
      language = s.settings.language;
      root.lang = language;
      translatePage(document);
    }
    vnodes = vnodes.length
      ? VIEWS.map(([, view], k) => patch(vnodes[k], view(ctrl)))
      : VIEWS.map(([name, view]) => patch(document.querySelector(`[data-view=${name}]`) as Element, view(ctrl)));
    search.show(s);
    list.update({
      view: s.list.view,
      games: s.info?.games ?? 0,
      sort: s.list.sort,
      selected: s.game ? s.game.index : -1,
      cursor: s.list.cursor,
      broken: s.list.broken,
      rows: s.list.rows,
      language: s.settings.language,
      columns: s.columns,
      archive: isArchive(s),
    });
  };
  redraw();
  return redraw;
}
