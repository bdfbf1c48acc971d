// The virtualised game list: only the visible rows exist in the DOM, so a
// million games scroll as smoothly as ten. The rows of the visible window
// are asked of the controller (one request a window) and cached here; what
// to list comes from the state through update(). A request that fails is
// not made again until the user presses Retry or the data changes.

import type { SortColumn } from '../pkg/cadb.js';
import { OVERSCAN, ROW_HEIGHT } from './config.js';
import { el } from './dom.js';
import { type Row, type RowsResult, splitRows } from './protocol.js';
import type { ListView } from './state.js';
import { columnWidths, listHead, listProblem, listRow, markSelected, markSort } from './view/list.js';
import { errorText } from './view/text.js';

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
  /** A player's name was clicked. */
  player(name: string): void;
}

export class GameList {
  private head: HTMLElement;
  private spacer: HTMLElement;
  private body: HTMLElement;
  private cache = new Map<number, Row>();
  private props: ListProps | null = null;
  private pending = false;
  /** Why the last request failed (null: it did not). */
  private failed: string | null = null;
  private problem: HTMLElement;

  constructor(
    private viewport: HTMLElement,
    private hooks: ListHooks,
  ) {
    viewport.classList.add('game-list');
    viewport.setAttribute('role', 'grid');
    // Focus goes here when Retry, which had it, goes away.
    viewport.tabIndex = -1;
    viewport.style.setProperty('--columns', columnWidths());
    this.head = listHead((column) => this.hooks.sort(column));
    // One scroller for both directions, so the sticky head scrolls
    // sideways with the rows.
    this.spacer = document.createElement('div');
    this.spacer.className = 'list-spacer';
    this.body = document.createElement('div');
    this.body.className = 'list-body';
    this.spacer.append(this.body);
    this.problem = el('div', 'list-problem');
    this.problem.setAttribute('role', 'alert');
    viewport.append(this.head, this.problem, this.spacer);
    viewport.addEventListener('scroll', () => this.render());
    new ResizeObserver(() => this.render()).observe(viewport);
  }

  /** Shows the state's list: redraws what changed. */
  update(p: ListProps): void {
    const old = this.props;
    this.props = p;
    if (p.sort !== old?.sort) markSort(this.head, p.sort);
    if (p.version !== old?.version) this.cache.clear();
    // New data: worth asking again.
    if (p.version !== old?.version || p.view !== old?.view) this.showProblem(null);
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

  /** Shows why the rows are missing, with Retry (null: hides it). */
  private showProblem(text: string | null): void {
    this.failed = text;
    this.problem.replaceChildren(...(text === null ? [] : listProblem(text, () => {
      this.showProblem(null);
      this.viewport.focus();
      this.render();
    })));
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
    if (missing.length > 0 && !this.pending && this.failed === null) {
      this.pending = true;
      const version = p.version;
      this.hooks.rows(Uint32Array.from(missing)).then(
        (page) => {
          this.pending = false;
          if (version === this.props?.version) for (const [index, row] of splitRows(page)) this.cache.set(index, row);
          this.render();
        },
        (err: unknown) => {
          this.pending = false;
          // An answer for other data is not this data's failure.
          if (version === this.props?.version) this.showProblem(errorText(err));
          else this.render();
        },
      );
    }
    this.body.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    this.body.replaceChildren(
      ...wanted.map((index, k) =>
        listRow(
          { index, position: first + k, row: this.cache.get(index), selected: index === p.selected, broken: p.broken.has(index) },
          () => this.hooks.open(index),
          (name) => this.hooks.player(name),
        ),
      ),
    );
  }
}
