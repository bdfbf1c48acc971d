// The virtualised game list: only the visible rows exist in the DOM, so a
// million games scroll as smoothly as ten. Rows are fetched from the worker
// for the visible window (one request, one wasm call) and cached.

import type { SortColumn } from '../pkg/cadb.js';
import { COLUMN_KEYS, COLUMNS, isSortColumn, OVERSCAN, ROW_HEIGHT } from './config.js';
import { type Row, type RowsResult, splitRows } from './protocol.js';

export interface ListHooks {
  /** The rows of these games. */
  fetch(indices: Uint32Array): Promise<RowsResult>;
  open(index: number): void;
  sort(column: SortColumn): void;
}

export class GameList {
  private head: HTMLElement;
  private viewport: HTMLElement;
  private spacer: HTMLElement;
  private body: HTMLElement;
  private cache = new Map<number, Row>();
  private broken = new Set<number>();
  private order: Uint32Array | null = null;
  private count = 0;
  private selected = -1;
  private pending = false;
  private generation = 0;

  constructor(
    root: HTMLElement,
    private hooks: ListHooks,
  ) {
    root.classList.add('game-list');
    root.setAttribute('role', 'grid');
    const template = COLUMN_KEYS.map((k) => COLUMNS[k].width).join(' ');
    root.style.setProperty('--columns', template);
    this.head = document.createElement('div');
    this.head.className = 'list-head';
    this.head.setAttribute('role', 'row');
    for (const key of COLUMN_KEYS) {
      const h = document.createElement('button');
      h.type = 'button';
      h.className = 'cell';
      h.textContent = COLUMNS[key].title;
      h.dataset.column = key;
      h.setAttribute('role', 'columnheader');
      if (isSortColumn(key)) h.addEventListener('click', () => this.hooks.sort(key));
      else h.disabled = true;
      this.head.append(h);
    }
    // One scroller for both directions, so the sticky head scrolls
    // sideways with the rows.
    this.viewport = root;
    this.spacer = document.createElement('div');
    this.spacer.className = 'list-spacer';
    this.body = document.createElement('div');
    this.body.className = 'list-body';
    this.spacer.append(this.body);
    root.append(this.head, this.spacer);
    this.viewport.addEventListener('scroll', () => this.render());
    new ResizeObserver(() => this.render()).observe(this.viewport);
  }

  /** Shows `count` games in `order` (null: database order). */
  reset(count: number, order: Uint32Array | null): void {
    this.count = order ? order.length : count;
    this.order = order;
    this.spacer.style.height = `${this.count * ROW_HEIGHT}px`;
    this.viewport.scrollTop = 0;
    this.render();
  }

  /** Forgets cached rows (after an encoding change). */
  invalidate(): void {
    this.cache.clear();
    this.broken.clear();
    this.generation++;
    this.render();
  }

  markSort(key: string | null, descending: boolean): void {
    for (const h of Array.from(this.head.children) as HTMLElement[]) {
      const on = h.dataset.column === key;
      h.classList.toggle('sorted', on);
      h.setAttribute('aria-sort', on ? (descending ? 'descending' : 'ascending') : 'none');
      h.dataset.dir = on ? (descending ? '▼' : '▲') : '';
    }
  }

  /** Marks a game whose record is damaged. */
  markBroken(index: number): void {
    if (this.cache.has(index)) this.broken.add(index);
    this.render();
  }

  select(index: number): void {
    this.selected = index;
    for (const r of Array.from(this.body.children) as HTMLElement[]) {
      r.classList.toggle('selected', Number(r.dataset.index) === index);
    }
  }

  private gameAt(row: number): number {
    return this.order ? this.order[row] : row;
  }

  render(): void {
    const top = this.viewport.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const visible = Math.ceil((this.viewport.clientHeight - this.head.offsetHeight) / ROW_HEIGHT) + 2 * OVERSCAN;
    const last = Math.min(this.count, first + visible);
    const wanted: number[] = [];
    for (let r = first; r < last; r++) wanted.push(this.gameAt(r));
    const missing = wanted.filter((i) => !this.cache.has(i));
    if (missing.length > 0 && !this.pending) {
      this.pending = true;
      const gen = this.generation;
      this.hooks
        .fetch(Uint32Array.from(missing))
        .then((page) => {
          if (gen === this.generation) for (const [index, row] of splitRows(page)) this.cache.set(index, row);
        })
        .finally(() => {
          this.pending = false;
          this.render();
        });
    }
    this.body.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    this.body.replaceChildren(
      ...wanted.map((index, k) => this.rowElement(index, first + k)),
    );
  }

  private rowElement(index: number, row: number): HTMLElement {
    const el = document.createElement('div');
    el.className = 'list-row';
    el.setAttribute('role', 'row');
    el.dataset.testid = 'game-row';
    el.dataset.index = String(index);
    el.setAttribute('aria-rowindex', String(row + 1));
    if (index === this.selected) el.classList.add('selected');
    const data = this.cache.get(index);
    if (this.broken.has(index)) el.classList.add('broken');
    for (const key of COLUMN_KEYS) {
      const cell = document.createElement('span');
      cell.className = COLUMNS[key].numeric ? 'cell num' : 'cell';
      cell.setAttribute('role', 'gridcell');
      // The game's number is known before its row arrives.
      const text = data?.[key] ?? (key === 'index' ? String(index + 1) : '');
      cell.textContent = text;
      if (text) cell.title = text;
      el.append(cell);
    }
    el.addEventListener('click', () => this.hooks.open(index));
    return el;
  }
}
