// Side panels as pure view functions: database info, the opening tree of
// the current position, and the compactness report.

import type { CompactnessRow, DbInfo, TreeMove } from '../../pkg/cadb.js';
import { el } from '../dom.js';
import type { PanelView, TreeView } from '../state.js';

/** A line of text, or nothing. */
function note(view: PanelView<unknown>): Node[] {
  return view.kind === 'text' ? [document.createTextNode(view.text)] : [];
}

/** The opening-tree panel: the tree, a note, or the button that asks for
 * the tree of a big database (`onBuild`). */
export function treePanel(view: TreeView, onPlay: (uci: string) => void, onBuild: () => void): Node[] {
  switch (view.kind) {
    case 'ask': {
      const b = el('button', '', `Build the tree from all ${view.games.toLocaleString('en')} games`);
      b.setAttribute('type', 'button');
      b.addEventListener('click', onBuild);
      return [b];
    }
    case 'data':
      return [renderTree(view.data, onPlay)];
    default:
      return note(view);
  }
}

/** The compactness panel: the table, or a note. */
export function compactnessPanel(view: PanelView<CompactnessRow[]>): Node[] {
  return view.kind === 'data' ? [renderCompactness(view.data)] : note(view);
}

export function renderInfo(name: string, info: DbInfo): DocumentFragment {
  const f = document.createDocumentFragment();
  const dl = el('dl', 'info');
  const row = (k: string, v: string) => dl.append(el('dt', '', k), el('dd', '', v));
  row('Database', name);
  row('Signature', info.signature || '—');
  if (info.comment) row('Comment', info.comment);
  row('Games', info.games.toLocaleString('en'));
  row('Players', info.players.toLocaleString('en'));
  row('Events', `${info.events.toLocaleString('en')} · sites ${info.sites.toLocaleString('en')} · sources ${info.sources.toLocaleString('en')}`);
  row('Convention', info.convention);
  f.append(dl);
  for (const w of info.warnings) f.append(el('p', 'warning', `⚠ ${w}`));
  return f;
}

/** The moves played from the current position, with a W/D/L bar. */
export function renderTree(moves: TreeMove[], onPlay: (uci: string) => void): HTMLElement {
  if (moves.length === 0) return el('p', 'muted', 'No game in the database reaches this position.');
  const table = el('table', 'tree');
  const head = el('tr', '');
  for (const h of ['Move', 'Games', 'White · Draw · Black', 'Avg Elo']) head.append(el('th', '', h));
  table.append(head);
  for (const m of moves) {
    const tr = el('tr', '');
    const move = el('button', 'tree-move', m.san);
    move.setAttribute('type', 'button');
    move.addEventListener('click', () => onPlay(m.uci));
    const td = el('td', '');
    td.append(move);
    const total = m.white + m.draws + m.black || 1;
    const bar = el('div', 'wdl');
    bar.setAttribute('role', 'img');
    bar.setAttribute('aria-label', `White ${m.white}, draws ${m.draws}, Black ${m.black}`);
    for (const [cls, n] of [['w', m.white], ['d', m.draws], ['b', m.black]] as const) {
      const part = el('span', cls, n / total >= 0.12 ? `${Math.round((100 * n) / total)}%` : '');
      part.style.width = `${(100 * n) / total}%`;
      bar.append(part);
    }
    const barCell = el('td', '');
    barCell.append(bar);
    const elos = [m.whiteElo, m.blackElo].filter((e): e is number => e !== undefined && e > 0);
    const avg = elos.length ? String(Math.round(elos.reduce((a, b) => a + b, 0) / elos.length)) : '';
    tr.append(td, el('td', 'num', String(m.count)), barCell, el('td', 'num', avg));
    table.append(tr);
  }
  return table;
}

/** Bytes per move of every game in each format (the compactness report). */
export function renderCompactness(rows: CompactnessRow[]): HTMLElement {
  const table = el('table', 'tree compact');
  const head = el('tr', '');
  for (const h of ['Format', 'Keeps', 'Bytes/move', 'Bytes/game']) head.append(el('th', '', h));
  table.append(head);
  const best = Math.min(...rows.filter((r) => r.moves > 0).map((r) => r.bytesPerMove));
  for (const r of rows) {
    const tr = el('tr', '');
    const perMove = r.bytesPerMove;
    tr.append(
      el('td', perMove === best ? 'best' : '', r.format),
      el('td', 'muted', r.keeps + (r.skipped ? ` (${r.skipped} games skipped)` : '')),
      el('td', 'num', perMove.toFixed(3)),
      el('td', 'num', r.games ? r.bytesPerGame.toFixed(1) : ''),
    );
    table.append(tr);
  }
  return table;
}
