// The virtualised game list: only the visible rows exist in the DOM, so a
// million games scroll as smoothly as ten. The rows of the visible window
// are asked of the controller (one request a window) and cached here; what
// to list comes from the state through update().

import type { SortColumn } from '../pkg/cadb.js';
import { OVERSCAN, ROW_HEIGHT } from './config.js';
import { type Row, type RowsResult, splitRows } from './protocol.js';
import type { ListView } from './state.js';
import { columnWidths, listHead, listRow, markSelected, markSort } from './view/list.js';

export interface ListProps {
  view: ListView;
  /** Games in the database (listed when `view.order` is null). */
  games: number;
  sort: { column: SortColumn; descending: boolean } | null;
  /** The open game (-1: none). */
  selected: number;
  broken: ReadonlySet<number>;
  /** Cached rows are dropped when this changes. */
  version: number;
}

export interface ListHooks {
  /** The rows of these games. */
  rows(indices: Uint32Array): Promise<RowsResult>;
  open(index: number): void;
  sort(column: SortColumn): void;
}

export class GameList {
  private head: HTMLElement;
  private spacer: HTMLElement;
  private body: HTMLElement;
  private cache = new Map<number, Row>();
  private props: ListProps | null = null;
  private pending = false;

  constructor(
    private viewport: HTMLElement,
    private hooks: ListHooks,
  ) {
    viewport.classList.add('game-list');
    viewport.setAttribute('role', 'grid');
    viewport.style.setProperty('--columns', columnWidths());
    this.head = listHead((column) => this.hooks.sort(column));
    // One scroller for both directions, so the sticky head scrolls
    // sideways with the rows.
    this.spacer = document.createElement('div');
    this.spacer.className = 'list-spacer';
    this.body = document.createElement('div');
    this.body.className = 'list-body';
    this.spacer.append(this.body);
    viewport.append(this.head, this.spacer);
    viewport.addEventListener('scroll', () => this.render());
    new ResizeObserver(() => this.render()).observe(viewport);
  }

  /** Shows the state's list: redraws what changed. */
  update(p: ListProps): void {
    const old = this.props;
    this.props = p;
    if (p.sort !== old?.sort) markSort(this.head, p.sort);
    if (p.version !== old?.version) this.cache.clear();
    if (p.view !== old?.view || p.games !== old.games) {
      this.spacer.style.height = `${this.count() * ROW_HEIGHT}px`;
      this.viewport.scrollTop = 0;
    }
    if (p.view !== old?.view || p.games !== old.games || p.version !== old.version || p.broken !== old.broken) {
      this.render();
    } else if (p.selected !== old.selected) {
      markSelected(this.body, p.selected);
    }
  }

  private count(): number {
    const p = this.props;
    return p ? (p.view.order ? p.view.order.length : p.games) : 0;
  }

  private render(): void {
    const p = this.props;
    if (!p) return;
    const order = p.view.order;
    const top = this.viewport.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const visible = Math.ceil((this.viewport.clientHeight - this.head.offsetHeight) / ROW_HEIGHT) + 2 * OVERSCAN;
    const last = Math.min(this.count(), first + visible);
    const wanted: number[] = [];
    for (let r = first; r < last; r++) wanted.push(order ? order[r] : r);
    const missing = wanted.filter((i) => !this.cache.has(i));
    if (missing.length > 0 && !this.pending) {
      this.pending = true;
      const version = p.version;
      this.hooks
        .rows(Uint32Array.from(missing))
        .then((page) => {
          if (version === this.props?.version) for (const [index, row] of splitRows(page)) this.cache.set(index, row);
        })
        .finally(() => {
          this.pending = false;
          this.render();
        });
    }
    this.body.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    this.body.replaceChildren(
      ...wanted.map((index, k) =>
        listRow(
          { index, position: first + k, row: this.cache.get(index), selected: index === p.selected, broken: p.broken.has(index) },
          () => this.hooks.open(index),
        ),
      ),
    );
  }
}
