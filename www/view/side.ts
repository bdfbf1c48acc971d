// The side section, as a pure view function: the moves of the open game,
// the opening-tree panel, the Database panel (facts and the doctor's
// report) and the status line.

import { h, thunk, type VNode } from 'snabbdom';
import type { Controller } from '../controller.js';
import { nextOnLine, shownOpening } from '../game.js';
import { T } from '../i18n/index.js';
import { amongMany, shownAs } from '../state.js';
import { enginePanel } from './engine.js';
import { live } from './live.js';
import { renderMoves } from './moves.js';
import { renderDiagnosis, renderInfo, treePanel } from './panels.js';
import { rescuedTo } from './text.js';

/** The moves, drawn again only when the game, its move, its analysis or
 * the settings change (a thunk: a long game's moves are many nodes to compare). */
function moves(ctrl: Controller): VNode {
  const s = ctrl.state;
  return thunk('div.moves', drawMoves, [ctrl, s.game, s.game?.current, s.settings, s.analysis?.result]);
}

function drawMoves(ctrl: Controller): VNode {
  const g = ctrl.state.game;
  const to = g ? rescuedTo(g.view.headers) : null;
  // A note by the moves of a game read under the other file direction.
  const note = to ? [h('p.warning', { attrs: { 'data-testid': 'game-convention' } }, T.moves.rescued(to))] : [];
  return h('div.moves', { attrs: { 'data-testid': 'moves', role: 'region', 'aria-label': T.page.moves } },
    g ? [...note, ...renderMoves(g.view, g.nodes, g.current, (id) => ctrl.game.goTo(id), analysisMarks(ctrl))] : []);
}

/** The open game's analysis marks (?!, ?, ??), by move id: marks[k - 1] is ply k's. */
function analysisMarks(ctrl: Controller): ReadonlyMap<number, number> {
  const { game: g, analysis: a } = ctrl.state;
  const marks = new Map<number, number>();
  if (!g || !a?.result || a.index !== g.index) return marks;
  let k = 0;
  for (let id = nextOnLine(g, -1); id >= 0; id = g.nodes[id].next, k++) {
    const nag = a.result.marks[k];
    if (nag != null) marks.set(id, nag);
  }
  return marks;
}

/** The tree panel: the state opens and closes it (at once, not after the
 * toggle event), so a click on its summary is an action. */
function tree(ctrl: Controller): VNode {
  const s = ctrl.state;
  return h('details#tree-panel', {
    props: { open: s.tree.open },
    on: { toggle: (e: Event) => ctrl.panels.setPanelOpen('tree', (e.target as HTMLDetailsElement).open) },
  }, [
    h('summary', {
      on: {
        click: (e: Event) => {
          e.preventDefault();
          ctrl.panels.setPanelOpen('tree', !s.tree.open);
        },
      },
    }, T.page.tree),
    h('div#tree.tree-panel', treePanel(s.tree.view, s.explore, shownOpening(s.game, s.explore), {
      play: (m) => void ctrl.tree.playTreeMove(m),
      build: () => ctrl.tree.buildTree(),
      search: () => ctrl.tree.searchTree(),
      back: () => ctrl.game.step('back'),
      leave: () => ctrl.game.leaveExplore(),
    })),
  ]);
}

/** The Database panel, drawn again only when what it shows changes. */
function database(ctrl: Controller): VNode {
  const s = ctrl.state;
  const d = s.diagnosis;
  return thunk('details#db-panel', drawDatabase, [ctrl, s.disclosures.db, s.name, s.info, d.view, d.full, d.copied, d.duplicates, amongMany(s), s.databases.length, s.settings]);
}

function drawDatabase(ctrl: Controller): VNode {
  const s = ctrl.state;
  const d = s.diagnosis;
  return h('details#db-panel', {
    props: { open: s.disclosures.db },
    on: { toggle: (e: Event) => ctrl.panels.setPanelOpen('db', (e.target as HTMLDetailsElement).open) },
  }, [
    h('summary', T.page.database),
    h('div#info', s.info ? renderInfo(shownAs(s.name), s.info) : []),
    h('div#diagnosis.diagnosis', { attrs: { 'data-testid': 'diagnosis' } }, renderDiagnosis(d.view, d.full, d.copied, d.duplicates, s.info?.warnings ?? [], {
      copy: () => ctrl.panels.copyReport(),
      checkAll: () => void ctrl.panels.refreshDiagnosis(true),
      countDuplicates: {
        label: amongMany(s) ? T.diagnosis.countDuplicatesAll(s.databases.length) : T.diagnosis.countDuplicates,
        go: () => void ctrl.panels.countDuplicates(),
      },
    })),
  ]);
}

export function side(ctrl: Controller): VNode {
  return h('section.side', { attrs: { 'aria-label': T.page.sideSection } }, [
    // The engine above the moves, as on lichess: beside the board on a
    // desktop, under it on a phone.
    enginePanel(ctrl),
    moves(ctrl),
    tree(ctrl),
    database(ctrl),
    h('p.status', { ...live(ctrl.state.status), attrs: { 'data-testid': 'status', 'aria-live': 'polite' } }, ctrl.state.status.say()),
  ]);
}
