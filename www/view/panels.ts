// Side panels as pure view functions: database info, the doctor's report,
// the opening tree of the current position, and the compactness report.

import { h, type VNode } from 'snabbdom';
import type { CompactnessRow, DbInfo, Diagnosis, MemberDiagnosis, Opening, TreeMove } from '../../pkg/cadb.js';
import { TREE_MAX_PLIES } from '../config.js';
import { exploredText } from '../game.js';
import { displaySan, T } from '../i18n/index.js';
import { fixed, num, years as yearRange } from '../i18n/format.js';
import { type ExploreState, type Message, type PanelView, reportText, type TreeView } from '../state.js';
import { live } from './live.js';

/** A line of text, or nothing. */
function note(view: PanelView<unknown>): string[] {
  return view.kind === 'text' ? [view.say()] : [];
}

const button = (text: string, onClick: () => void, attrs: Record<string, string> = {}) =>
  h('button', { attrs: { type: 'button', ...attrs }, on: { click: onClick } }, text);

/** What the tree panel's buttons do. */
export interface TreeActions {
  play: (m: TreeMove) => void;
  build: () => void;
  search: () => void;
  back: () => void;
  leave: () => void;
}

/** The opening-tree panel: the name of the opening shown (if any), the line
 * explored from the tree (if any), then the tree, a note, or a button asking
 * for the tree (or the search) of a big database. */
export function treePanel(view: TreeView, explore: ExploreState | null, opening: Opening | undefined, act: TreeActions): (VNode | string)[] {
  const out: (VNode | string)[] = [];
  if (opening) {
    out.push(h('p.tree-opening', { attrs: { 'data-testid': 'tree-opening' } }, [
      `${T.tree.opening} `,
      h('strong', { attrs: { lang: 'en' } }, `${opening.eco} ${opening.name}`),
    ]));
  }
  if (explore) out.push(renderLine(explore, act));
  switch (view.kind) {
    case 'ask':
      out.push(button(T.tree.build(view.games), act.build));
      break;
    case 'ask-search':
      out.push(button(T.tree.askSearch(view.games), act.search));
      break;
    case 'data':
      if (view.data.reached !== null) out.push(h('p.muted', T.tree.fromSearch(TREE_MAX_PLIES, view.data.reached)));
      out.push(renderTree(view.data.moves, act.play, view.data.reached !== null));
      break;
    default:
      out.push(...note(view));
  }
  return out;
}

/** The line played from the tree past the game, with Back and "Back to the game". */
function renderLine(e: ExploreState, act: TreeActions): VNode {
  return h('p.tree-line', { attrs: { 'data-testid': 'tree-line' } }, [
    `${T.tree.line} `,
    h('strong', exploredText(e, displaySan)),
    ' ',
    button(`← ${T.tree.back}`, act.back, { 'aria-label': T.tree.backLabel }),
    ' ',
    button(T.tree.toGame, act.leave),
  ]);
}

/** The compactness panel: the table, or a note. */
export function compactnessPanel(view: PanelView<CompactnessRow[]>): (VNode | string)[] {
  return view.kind === 'data' ? [renderCompactness(view.data)] : note(view);
}

export function renderInfo(name: string, info: DbInfo): VNode[] {
  const t = T.info;
  const rows: [string, string][] = [
    [t.database, name],
    [t.signature, info.signature || '—'],
    ...(info.comment ? [[t.comment, info.comment] as [string, string]] : []),
    [t.games, num(info.games)],
    [t.players, num(info.players)],
    [t.events, t.eventsLine(info.events, info.sites, info.sources)],
    [t.convention, info.convention],
  ];
  return [
    h('dl.info', rows.flatMap(([k, v]) => [h('dt', k), h('dd', v)])),
    ...info.warnings.map((w) => h('p.warning', `⚠ ${w}`)),
  ];
}

/** What the diagnosis panel can do. */
export interface DiagnosisActions {
  copy: () => void;
  checkAll: () => void;
  /** Counts the duplicates: the label says of how many databases. */
  countDuplicates: { label: string; go: () => void };
}

/** The doctor's report: each reading the reader inferred, how sure it is
 * (as text, not colour only), its evidence under a disclosure, every
 * warning, and the report's text to copy (opened and selected where the
 * clipboard was refused). A list of many databases has one report each,
 * under its name, open where it needs a look. */
export function renderDiagnosis(
  view: PanelView<MemberDiagnosis[]>, full: boolean, said: Message | null, duplicates: Message | null, shown: readonly string[], on: DiagnosisActions,
): (VNode | string)[] {
  if (view.kind !== 'data') return note(view);
  const reports = view.data;
  const t = T.diagnosis;
  const scope = (d: Diagnosis) => (d.gamesScanned === d.games ? t.scopeAll(d.games) : t.scopeSome(d.gamesScanned, d.games));
  const body = reports.length === 1
    ? [h('p.muted', t.intro(scope(reports[0].report))), ...findings(reports[0].report, shown)]
    : [
      h('p.muted', t.introMany(reports.length)),
      ...reports.map(({ name, report: d }) => h('details.member-report', { attrs: { 'data-testid': 'member-report' }, props: { open: d.needsAttention } }, [
        h('summary', [h('span.member-name', name), ` — ${scope(d)}`, ...(d.needsAttention ? [' ', h('span.badge', t.needsLook)] : [])]),
        // The warnings of opening are named by database above.
        ...findings(d, shown.filter((w) => w.startsWith(`${name}: `)).map((w) => w.slice(name.length + 2))),
      ])),
    ];
  const copied = said?.say() ?? '';
  const refused = copied === t.refused;
  const scannedAll = reports.every(({ report: d }) => d.gamesScanned >= d.games);
  return [
    ...body,
    h('div.report-tools', [
      button(t.copy, on.copy, { 'data-testid': 'copy-report', title: t.copyTitle }),
      ...(!full && !scannedAll ? [button(t.checkAll, on.checkAll, { 'data-testid': 'check-all' })] : []),
      button(on.countDuplicates.label, on.countDuplicates.go, { 'data-testid': 'count-duplicates', title: t.countDuplicatesTitle }),
      h('span.muted', { ...live(said), attrs: { 'aria-live': 'polite' } }, copied),
    ]),
    h('p.duplicates', { attrs: { 'data-testid': 'duplicates', 'aria-live': 'polite', hidden: duplicates === null } }, duplicates?.say() ?? ''),
    h('details.report-text', { props: refused ? { open: true } : {} }, [
      h('summary', t.reportText),
      h('textarea', {
        props: { readOnly: true, rows: 8, value: reportText(reports) },
        attrs: { 'data-testid': 'report-text', 'aria-label': t.reportText },
        hook: refused ? { insert: (v) => (v.elm as HTMLTextAreaElement).select(), update: (old, v) => {
          if (old.data?.hook?.update === undefined) (v.elm as HTMLTextAreaElement).select();
        } } : {},
      }),
    ]),
  ];
}

/** A report's readings and the warnings of its scan (those of opening,
 * `shown`, are with the database's facts). */
function findings(d: Diagnosis, shown: readonly string[]): VNode[] {
  const t = T.diagnosis;
  const readings = h('ul.readings', { attrs: { 'data-testid': 'readings' } }, d.points.map((p) =>
    h(`li.reading.certainty-${p.certainty.replace('/', '')}`, [
      h('div.reading-head', [
        h('span.reading-title', p.question ? `${p.title} (${p.question})` : p.title),
        h('span.badge', p.certainty),
      ]),
      h('details', [
        h('summary', p.reading),
        h('table.evidence', p.evidence.map((c) => h('tr', [h('td.num', num(c.count)), h('td', c.what)]))),
      ]),
    ])));
  const more = d.warnings.filter((w) => !shown.includes(w.message));
  const warnings = more.length
    ? [h('ul.warnings', more.map((x) => h('li.warning', `⚠ ${x.message}`)))]
    : d.warnings.length === 0 ? [h('p.muted', t.noWarnings)] : [];
  return [readings, ...warnings];
}

/** The moves played from the current position: count, a W/D/L bar,
 * average Elo and the years they were played in. Each move is a button
 * that plays it. `searched`: the rows came from a position search (an
 * empty one means the games end here). */
export function renderTree(moves: TreeMove[], onPlay: (m: TreeMove) => void, searched = false): VNode {
  if (moves.length === 0) return h('p.muted', searched ? T.tree.noneNext : T.tree.none);
  return h('table.tree', [
    h('tr', T.tree.headers.map((x) => h('th', x))),
    ...moves.map((m) => {
      const total = m.white + m.draws + m.black || 1;
      const parts = ([['w', m.white], ['d', m.draws], ['b', m.black]] as const).map(([cls, n]) =>
        h(`span.${cls}`, { style: { width: `${(100 * n) / total}%` } }, n / total >= 0.12 ? `${Math.round((100 * n) / total)}%` : ''));
      const elos = [m.whiteElo, m.blackElo].filter((e): e is number => e !== undefined && e > 0);
      const avg = elos.length ? String(Math.round(elos.reduce((a, b) => a + b, 0) / elos.length)) : '';
      const years = m.firstYear !== undefined && m.lastYear !== undefined ? yearRange(m.firstYear, m.lastYear) : '';
      // The opening the move leads to, if it is named (English, as lichess's).
      const name = m.opening ? `${m.opening.eco} ${m.opening.name}` : '';
      return h('tr', { attrs: { 'data-testid': 'tree-row' } }, [
        h('td', [
          h('button.tree-move', { attrs: { type: 'button', 'data-san': m.san }, on: { click: () => onPlay(m) } }, displaySan(m.san)),
          ...(name ? [h('span.tree-name', { attrs: { lang: 'en', title: name, 'data-testid': 'tree-row-opening' } }, name)] : []),
        ]),
        h('td.num', num(m.count)),
        h('td', [h('div.wdl', { attrs: { role: 'img', 'aria-label': T.tree.bar(m.white, m.draws, m.black) } }, parts)]),
        h('td.num', avg),
        h('td.num.years', years),
      ]);
    }),
  ]);
}

/** Bytes per move of every game in each format (the compactness report). */
export function renderCompactness(rows: CompactnessRow[]): VNode {
  const best = Math.min(...rows.filter((r) => r.moves > 0).map((r) => r.bytesPerMove));
  return h('table.tree.compact', [
    h('tr', T.compactness.headers.map((x) => h('th', x))),
    ...rows.map((r) => h('tr', [
      h('td', { class: { best: r.bytesPerMove === best } }, r.format),
      h('td.muted', r.keeps + (r.skipped ? T.compactness.skipped(r.skipped) : '')),
      h('td.num', fixed(r.bytesPerMove, 3)),
      h('td.num', r.games ? fixed(r.bytesPerGame, 1) : ''),
    ])),
  ]);
}
