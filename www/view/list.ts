// The game list's parts as view functions: the header row (sort buttons
// and the columns' grips), one game's row (a snabbdom view) and the note
// of rows that failed. The virtualised list (list.ts) places them.

import { h, type VNode } from 'snabbdom';
import type { ColumnKey, SortColumn } from '../../pkg/cadb.js';
import { COLUMN_KEYS, COLUMNS, isSortColumn } from '../config.js';
import { el } from '../dom.js';
import { T } from '../i18n/index.js';
import { pgnDate } from '../i18n/format.js';
import type { Row } from '../protocol.js';
import type { Widths } from '../state.js';

/** The narrowest a column can be dragged to. */
const MIN_WIDTH = 24;

/** The grid template of a row: the columns' widths (the user's, else the
 * defaults); the Database column's only in a list of many (`archive`). */
export function columnWidths(widths: Widths = {}, archive = false): string {
  return COLUMN_KEYS.map((k) => (k === 'database' && !archive ? '0' : widths[k] ? `${widths[k]}px` : COLUMNS[k].width)).join(' ');
}

/** The header row: `onSort(key)` on a click on a sortable column;
 * `onResize(key, px, done)` while its right edge is dragged (px null: a
 * double click, back to the default width). */
export function listHead(onSort: (column: SortColumn) => void, onResize: (column: ColumnKey, px: number | null, done: boolean) => void): HTMLElement {
  const head = el('div', 'list-head');
  head.setAttribute('role', 'row');
  head.setAttribute('aria-rowindex', '1');
  for (const key of COLUMN_KEYS) {
    const h = document.createElement('button');
    h.type = 'button';
    h.className = 'cell';
    h.textContent = T.columns[key];
    h.title = T.columns[key];
    h.dataset.column = key;
    h.setAttribute('role', 'columnheader');
    // A drag's pointerup also clicks the head: that click sorts nothing.
    let dragged = false;
    if (isSortColumn(key)) {
      h.addEventListener('click', () => {
        if (!dragged) onSort(key);
        dragged = false;
      });
    } else {
      h.setAttribute('aria-disabled', 'true');
    }
    // The grip: for the mouse (the list's keys are for reading, not layout).
    const grip = el('span', 'resize');
    grip.setAttribute('aria-hidden', 'true');
    grip.dataset.testid = 'column-resize';
    grip.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      e.stopPropagation();
      const [x0, w0] = [e.clientX, h.getBoundingClientRect().width];
      const width = (ev: PointerEvent) => Math.max(MIN_WIDTH, Math.round(w0 + ev.clientX - x0));
      grip.setPointerCapture(e.pointerId);
      const move = (ev: PointerEvent) => onResize(key, width(ev), false);
      const up = (ev: PointerEvent) => {
        grip.removeEventListener('pointermove', move);
        grip.removeEventListener('pointerup', up);
        dragged = true;
        onResize(key, width(ev), true);
      };
      grip.addEventListener('pointermove', move);
      grip.addEventListener('pointerup', up);
    });
    grip.addEventListener('dblclick', (e) => {
      e.stopPropagation();
      dragged = true;
      onResize(key, null, true);
    });
    h.append(grip);
    head.append(h);
  }
  return head;
}

type Sort = { column: ColumnKey; descending: boolean };

/** Marks the sorted column (▲ ascending, ▼ descending) in the header row:
 * `sort` the one asked for, `shown` the one the rows are in (aria-sort). */
export function markSort(head: HTMLElement, sort: Sort | null, shown: Sort | null): void {
  for (const h of Array.from(head.children) as HTMLElement[]) {
    const on = h.dataset.column === sort?.column;
    h.classList.toggle('sorted', on);
    h.dataset.dir = on ? (sort?.descending ? '▼' : '▲') : '';
    // What the rows are in, not what was asked: a sort under way is not yet.
    const rows = h.dataset.column === shown?.column;
    h.setAttribute('aria-sort', rows ? (shown?.descending ? 'descending' : 'ascending') : 'none');
  }
}

export interface RowLook {
  /** The game. */
  index: number;
  /** Its position in the list (0 = the top). */
  position: number;
  /** Its text; undefined while it is being fetched. */
  row: Row | undefined;
  /** The open game. */
  selected: boolean;
  /** The keyboard's row (aria-selected; the one row in the tab order). */
  cursor: boolean;
  broken: boolean;
  /** The first of a group of duplicates listed together (a line above it). */
  groupStart: boolean;
}

/** A player's name that opens their card (`onPlayer`), not the game. The
 * row takes the keyboard; the name is for the mouse (out of the tab order). */
export function playerLink(name: string, onPlayer: (name: string) => void): VNode {
  return h('button.name-link', {
    attrs: { type: 'button', 'data-testid': 'player-link', title: T.card.playerTitle(name), tabindex: -1 },
    on: {
      click: (e: Event) => {
        e.stopPropagation();
        onPlayer(name);
      },
    },
  }, name);
}

/** One game's row (keyed by its game); `onOpen()` on a click, `onPlayer(name)` on a player's name. */
export function listRow(r: RowLook, onOpen: () => void, onPlayer: (name: string) => void): VNode {
  return h('div.list-row', {
    key: r.index,
    class: { selected: r.selected, cursor: r.cursor, broken: r.broken, 'group-start': r.groupStart },
    attrs: {
      role: 'row', 'data-testid': 'game-row', 'data-index': String(r.index), id: `game-row-${r.index}`,
      'aria-rowindex': String(r.position + 2), 'aria-selected': String(r.cursor), tabindex: r.cursor ? 0 : -1,
    },
    on: { click: onOpen },
  }, COLUMN_KEYS.map((key) => {
    // The game's number is known before its row arrives.
    const raw = r.row?.[key] ?? (key === 'index' ? String(r.index + 1) : '');
    const text = key === 'date' ? pgnDate(raw) : raw;
    const link = text !== '' && (key === 'white' || key === 'black');
    return h(COLUMNS[key].numeric ? 'span.cell.num' : 'span.cell', {
      attrs: { role: 'gridcell', 'data-column': key, ...(text ? { title: text } : {}) },
    }, link ? [playerLink(text, onPlayer)] : text);
  }));
}

/** Why rows are missing, and a Retry button (`onRetry`). */
export function listProblem(text: string, onRetry: () => void): Node[] {
  const retry = el('button', 'retry', T.list.retry);
  retry.setAttribute('type', 'button');
  retry.dataset.testid = 'list-retry';
  retry.addEventListener('click', onRetry);
  return [el('span', '', T.list.problem(text)), retry];
}
