// The list's tools above the game list, as a pure view function: the
// quick filter, the count of games listed, the position filter, PGN export
// and its progress. (The search form below them is index.html's own:
// view/search.ts; the list itself is list.ts.)

import { h, type VNode } from 'snabbdom';
import type { Controller } from '../controller.js';
import { T } from '../i18n/index.js';
import { countedGames, gameCount, gameTotal } from './text.js';
import { ALL, amongMany, type CopiesMode, isArchive, shownName } from '../state.js';
import { menu } from './top.js';

/** The Database menu, after a choice of many databases: the one shown (or
 * opening: the user's last choice), and each other one, with its games
 * once opened (none when the page shows a database from elsewhere). */
function databaseMenu(ctrl: Controller): VNode | null {
  const s = ctrl.state;
  if (!amongMany(s)) return null;
  return h('label.database-pick', [
    h('span', T.list.databases(s.databases.length)), ' ',
    menu('', { 'data-testid': 'database-pick', 'aria-label': T.list.databaseLabel }, shownName(s), (name) => void ctrl.db.openMember(name), [
      h('option', { attrs: { value: ALL } }, T.list.allDatabases(s.databases.length)),
      ...s.databases.map((d) => h('option', { attrs: { value: d.name } }, T.list.databaseOption(d.name, d.games))),
    ]),
  ]);
}

/** "⤓ PGN of all" and whether it merges duplicates. */
function exportAll(ctrl: Controller): VNode[] {
  const s = ctrl.state;
  return [
    h('button', { attrs: { type: 'button', 'data-testid': 'export-all', title: T.list.exportAllTitle }, on: { click: () => void ctrl.tasks.exportArchive() } }, T.list.exportAll),
    h('label.merge-copies', { attrs: { title: T.list.mergeCopiesTitle } }, [
      h('input', {
        attrs: { type: 'checkbox', 'data-testid': 'merge-copies' },
        props: { checked: s.mergeCopies },
        on: { change: (e: Event) => ctrl.tasks.setMergeCopies((e.target as HTMLInputElement).checked) },
      }),
      ' ', T.list.mergeCopies,
    ]),
  ];
}

export function listTools(ctrl: Controller): VNode {
  const s = ctrl.state;
  const p = T.page;
  const total = gameTotal(s);
  const pos = s.list.position;
  return h('div.list-tools', [
    databaseMenu(ctrl),
    h('input#filter', {
      attrs: { type: 'search', placeholder: p.filterPlaceholder, 'aria-label': p.filterLabel, 'data-testid': 'filter' },
      props: { value: s.list.input },
      on: { input: (e: Event) => ctrl.list.filter((e.target as HTMLInputElement).value) },
    }),
    h('span.count', [
      h('span#count-before', T.count.before),
      h('span', { attrs: { 'data-testid': 'game-count' } }, gameCount(s)),
      h('span', { attrs: { 'data-testid': 'game-total', hidden: total === '' } }, total),
      h('span#count-after', T.count.after(countedGames(s))),
    ]),
    h('span.position-filter', { attrs: { 'data-testid': 'position-filter', hidden: pos === null } }, [
      h('span#position-label', pos ? T.position.label(pos.games.length, pos.damaged) : ''),
      ' ',
      h('button#position-clear', {
        attrs: { type: 'button', 'data-testid': 'position-clear', 'aria-label': p.positionClear },
        on: { click: () => void ctrl.tree.clearPosition() },
      }, '✕'),
    ]),
    h('button', { attrs: { type: 'button', 'data-testid': 'export-pgn', title: p.exportTitle }, on: { click: () => void ctrl.tasks.exportAll() } }, '⤓ PGN'),
    ...(amongMany(s) ? exportAll(ctrl) : []),
    ...(isArchive(s) ? [h('label.hide-copies', { attrs: { title: T.list.copiesTitle } }, [
      T.list.copiesLabel, ' ',
      menu('', { 'data-testid': 'copies-mode' }, s.list.copies?.mode ?? 'all', (v) => void ctrl.list.showCopies(v as CopiesMode), [
        h('option', { attrs: { value: 'all' } }, T.list.copiesAll),
        h('option', { attrs: { value: 'hide' } }, T.list.copiesHide),
        h('option', { attrs: { value: 'groups' } }, T.list.copiesGroups),
      ]),
    ])] : []),
    h('progress', {
      attrs: { 'data-testid': 'progress', hidden: s.exporting === null },
      props: s.exporting ? { max: s.exporting.total || 1, value: s.exporting.done } : {},
    }),
  ]);
}
