// Side panels as pure view functions: database info, the opening tree of
// the current position, and the compactness report.

import type { CompactnessRow, DbInfo, Diagnosis, TreeMove } from '../../pkg/cadb.js';
import { el } from '../dom.js';
import { TREE_MAX_PLIES } from '../config.js';
import { exploredText } from '../game.js';
import { displaySan, T } from '../i18n/index.js';
import { fixed, num, years as yearRange } from '../i18n/format.js';
import type { ExploreState, PanelView, TreeView } from '../state.js';

/** A line of text, or nothing. */
function note(view: PanelView<unknown>): Node[] {
  return view.kind === 'text' ? [document.createTextNode(view.say())] : [];
}

/** What the tree panel's buttons do. */
export interface TreeActions {
  play: (m: TreeMove) => void;
  build: () => void;
  search: () => void;
  back: () => void;
  leave: () => void;
}

/** The opening-tree panel: the line explored from the tree (if any), then
 * the tree, a note, or a button asking for the tree (or the search) of a
 * big database. */
export function treePanel(view: TreeView, explore: ExploreState | null, act: TreeActions): Node[] {
  const out: Node[] = explore ? [renderLine(explore, act)] : [];
  const button = (text: string, onClick: () => void) => {
    const b = el('button', '', text);
    b.setAttribute('type', 'button');
    b.addEventListener('click', onClick);
    return b;
  };
  switch (view.kind) {
    case 'ask':
      out.push(button(T.tree.build(view.games), act.build));
      break;
    case 'ask-search':
      out.push(button(T.tree.askSearch(view.games), act.search));
      break;
    case 'data':
      if (view.data.reached !== null) out.push(el('p', 'muted', T.tree.fromSearch(TREE_MAX_PLIES, view.data.reached)));
      out.push(renderTree(view.data.moves, act.play, view.data.reached !== null));
      break;
    default:
      out.push(...note(view));
  }
  return out;
}

/** The line played from the tree past the game, with Back and "Back to the game". */
function renderLine(e: ExploreState, act: TreeActions): HTMLElement {
  const p = el('p', 'tree-line', `${T.tree.line} `);
  p.dataset.testid = 'tree-line';
  p.append(el('strong', '', exploredText(e, displaySan)), ' ');
  const back = el('button', '', `← ${T.tree.back}`);
  back.setAttribute('type', 'button');
  back.setAttribute('aria-label', T.tree.backLabel);
  back.addEventListener('click', act.back);
  const leave = el('button', '', T.tree.toGame);
  leave.setAttribute('type', 'button');
  leave.addEventListener('click', act.leave);
  p.append(back, ' ', leave);
  return p;
}

/** The compactness panel: the table, or a note. */
export function compactnessPanel(view: PanelView<CompactnessRow[]>): Node[] {
  return view.kind === 'data' ? [renderCompactness(view.data)] : note(view);
}

export function renderInfo(name: string, info: DbInfo): DocumentFragment {
  const f = document.createDocumentFragment();
  const dl = el('dl', 'info');
  const row = (k: string, v: string) => dl.append(el('dt', '', k), el('dd', '', v));
  const t = T.info;
  row(t.database, name);
  row(t.signature, info.signature || '—');
  if (info.comment) row(t.comment, info.comment);
  row(t.games, num(info.games));
  row(t.players, num(info.players));
  row(t.events, t.eventsLine(info.events, info.sites, info.sources));
  row(t.convention, info.convention);
  f.append(dl);
  for (const w of info.warnings) f.append(el('p', 'warning', `⚠ ${w}`));
  return f;
}

/** What the diagnosis panel can do. */
export interface DiagnosisActions {
  copy: () => void;
  checkAll: () => void;
}

/** The doctor's report: each reading the reader inferred, how sure it is
 * (as text, not colour only), its evidence under a disclosure, every
 * warning, and the report's text to copy. */
export function renderDiagnosis(
  view: PanelView<Diagnosis>, full: boolean, copied: string, shown: readonly string[], on: DiagnosisActions,
): Node[] {
  if (view.kind !== 'data') return note(view);
  const d = view.data;
  const out: Node[] = [];
  const t = T.diagnosis;
  const scope = d.gamesScanned === d.games ? t.scopeAll(d.games) : t.scopeSome(d.gamesScanned, d.games);
  out.push(el('p', 'muted', t.intro(scope)));
  const list = el('ul', 'readings');
  list.setAttribute('data-testid', 'readings');
  for (const p of d.points) {
    const li = el('li', `reading certainty-${p.certainty.replace('/', '')}`);
    const head = el('div', 'reading-head');
    head.append(
      el('span', 'reading-title', p.question ? `${p.title} (${p.question})` : p.title),
      el('span', 'badge', p.certainty),
    );
    const details = el('details', '');
    details.append(el('summary', '', p.reading));
    const table = el('table', 'evidence');
    for (const c of p.evidence) {
      const tr = el('tr', '');
      tr.append(el('td', 'num', num(c.count)), el('td', '', c.what));
      table.append(tr);
    }
    details.append(table);
    li.append(head, details);
    list.append(li);
  }
  out.push(list);
  // The warnings of opening are above, with the database's facts; the
  // scan's own come here.
  const more = d.warnings.filter((w) => !shown.includes(w.message));
  if (more.length) {
    const w = el('ul', 'warnings');
    for (const x of more) w.append(el('li', 'warning', `⚠ ${x.message}`));
    out.push(w);
  } else if (d.warnings.length === 0) {
    out.push(el('p', 'muted', t.noWarnings));
  }
  const tools = el('div', 'report-tools');
  const copy = el('button', '', t.copy);
  copy.setAttribute('type', 'button');
  copy.setAttribute('data-testid', 'copy-report');
  copy.title = t.copyTitle;
  copy.addEventListener('click', on.copy);
  tools.append(copy);
  if (!full && d.gamesScanned < d.games) {
    const all = el('button', '', t.checkAll);
    all.setAttribute('type', 'button');
    all.setAttribute('data-testid', 'check-all');
    all.addEventListener('click', on.checkAll);
    tools.append(all);
  }
  const said = el('span', 'muted', copied);
  said.setAttribute('aria-live', 'polite');
  tools.append(said);
  out.push(tools);
  const text = el('details', 'report-text') as HTMLDetailsElement;
  text.append(el('summary', '', t.reportText));
  const area = document.createElement('textarea');
  area.readOnly = true;
  area.rows = 8;
  area.value = d.text;
  area.setAttribute('data-testid', 'report-text');
  area.setAttribute('aria-label', t.reportText);
  text.append(area);
  if (copied === t.refused) {
    text.open = true;
    queueMicrotask(() => area.select());
  }
  out.push(text);
  return out;
}

/** The moves played from the current position: count, a W/D/L bar,
 * average Elo and the years they were played in. Each move is a button
 * that plays it. `searched`: the rows came from a position search (an
 * empty one means the games end here). */
export function renderTree(moves: TreeMove[], onPlay: (m: TreeMove) => void, searched = false): HTMLElement {
  if (moves.length === 0) return el('p', 'muted', searched ? T.tree.noneNext : T.tree.none);
  const table = el('table', 'tree');
  const head = el('tr', '');
  for (const h of T.tree.headers) head.append(el('th', '', h));
  table.append(head);
  for (const m of moves) {
    const tr = el('tr', '');
    tr.dataset.testid = 'tree-row';
    const move = el('button', 'tree-move', displaySan(m.san));
    move.dataset.san = m.san;
    move.setAttribute('type', 'button');
    move.addEventListener('click', () => onPlay(m));
    const td = el('td', '');
    td.append(move);
    const total = m.white + m.draws + m.black || 1;
    const bar = el('div', 'wdl');
    bar.setAttribute('role', 'img');
    bar.setAttribute('aria-label', T.tree.bar(m.white, m.draws, m.black));
    for (const [cls, n] of [['w', m.white], ['d', m.draws], ['b', m.black]] as const) {
      const part = el('span', cls, n / total >= 0.12 ? `${Math.round((100 * n) / total)}%` : '');
      part.style.width = `${(100 * n) / total}%`;
      bar.append(part);
    }
    const barCell = el('td', '');
    barCell.append(bar);
    const elos = [m.whiteElo, m.blackElo].filter((e): e is number => e !== undefined && e > 0);
    const avg = elos.length ? String(Math.round(elos.reduce((a, b) => a + b, 0) / elos.length)) : '';
    const years = m.firstYear !== undefined && m.lastYear !== undefined ? yearRange(m.firstYear, m.lastYear) : '';
    tr.append(td, el('td', 'num', num(m.count)), barCell, el('td', 'num', avg), el('td', 'num years', years));
    table.append(tr);
  }
  return table;
}

/** Bytes per move of every game in each format (the compactness report). */
export function renderCompactness(rows: CompactnessRow[]): HTMLElement {
  const table = el('table', 'tree compact');
  const head = el('tr', '');
  for (const h of T.compactness.headers) head.append(el('th', '', h));
  table.append(head);
  const best = Math.min(...rows.filter((r) => r.moves > 0).map((r) => r.bytesPerMove));
  for (const r of rows) {
    const tr = el('tr', '');
    const perMove = r.bytesPerMove;
    tr.append(
      el('td', perMove === best ? 'best' : '', r.format),
      el('td', 'muted', r.keeps + (r.skipped ? T.compactness.skipped(r.skipped) : '')),
      el('td', 'num', fixed(perMove, 3)),
      el('td', 'num', r.games ? fixed(r.bytesPerGame, 1) : ''),
    );
    table.append(tr);
  }
  return table;
}
