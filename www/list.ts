// The virtualised game list: only the visible rows exist in the DOM, so a
// million games scroll as smoothly as ten. What to list, and the rows'
// text fetched so far (state.ts RowsState), come from the state through
// update(); the rows of the visible window that are missing are asked of
// the controller (one request a window), which keeps them in the state. A
// request that failed is not made again until Retry or new data.
// It is an ARIA grid: one row (the keyboard's, aria-selected) is in the tab
// order; ↑/↓/PageUp/PageDown move it, Enter opens its game.

import type { SortColumn } from '../pkg/cadb.js';
import { OVERSCAN, ROW_HEIGHT } from './config.js';
import { el } from './dom.js';
import { type ListView, listedGames, type RowsState, type Widths } from './state.js';
import { h, type VNode } from 'snabbdom';
import { columnWidths, listHead, listProblem, listRow, markSort } from './view/list.js';
import { patch } from './view/patch.js';
import { T } from './i18n/index.js';

export interface ListProps {
  view: ListView;
  /** Games in the database (listed when `view.order` is null). */
  games: number;
  sort: { column: SortColumn; descending: boolean } | null;
  /** The open game (-1: none). */
  selected: number;
  /** The keyboard's row: a list position (-1: none yet; the first row
   * then takes the focus). */
  cursor: number;
  broken: ReadonlySet<number>;
  /** The rows' text fetched (a new object for new data). */
  rows: RowsState;
  /** The column heads are redrawn when it changes. */
  language: string;
  /** The columns' widths the user set. */
  columns: Widths;
  /** The list is of many databases: it shows the Database column. */
  archive: boolean;
}

export interface ListHooks {
  /** Fetch the rows of these games (into `rows`). */
  fetch(indices: Uint32Array): void;
  /** Retry was pressed: the rows may be asked again. */
  retry(): void;
  open(index: number): void;
  /** Moves the keyboard's row by this many rows. */
  cursor(delta: number): void;
  /** Opens the keyboard's row's game. */
  openCursor(): void;
  sort(column: SortColumn): void;
  /** A player's name was clicked. */
  player(name: string): void;
  /** The user drags a column's edge (`done`: let go). */
  resized(widths: Widths, done: boolean): void;
}

export class GameList {
  private head: HTMLElement;
  private spacer: HTMLElement;
  private body: HTMLElement;
  /** The rows drawn (snabbdom), in `body`. */
  private rows: VNode | null = null;
  private props: ListProps | null = null;
  /** The rows' `loaded` drawn last. */
  private loaded = -1;
  /** The failure shown (null: none). */
  private failed: string | null = null;
  private problem: HTMLElement;
  /** The rows' area (the viewport's height less the head's; -1: not
   * measured since a resize) and the scroll offset, kept rather than read
   * at every update: a read after a redraw's writes lays out the whole
   * page, and a first visit made a dozen of them before its first game
   * (issue 46). */
  private area = -1;
  private top = 0;

  constructor(
    private viewport: HTMLElement,
    private hooks: ListHooks,
  ) {
    viewport.classList.add('game-list');
    viewport.setAttribute('role', 'grid');
    // Focus goes here when Retry, which had it, goes away.
    viewport.tabIndex = -1;
    this.head = this.makeHead();
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
    viewport.addEventListener('scroll', () => {
      this.top = viewport.scrollTop;
      this.render();
    });
    viewport.addEventListener('keydown', (e) => this.key(e));
    // Measured here, where the layout is fresh and reading it is free.
    new ResizeObserver(() => {
      this.area = -1;
      this.rowsArea();
      this.render();
    }).observe(viewport);
  }

  /** Shows the state's list: redraws what changed. */
  update(p: ListProps): void {
    const old = this.props;
    this.props = p;
    if (p.language !== old?.language) {
      const head = this.makeHead();
      this.head.replaceWith(head);
      this.head = head;
      this.area = -1;
      this.viewport.setAttribute('aria-label', T.list.label);
    }
    if (p.columns !== old?.columns || p.archive !== old?.archive) {
      this.viewport.style.setProperty('--columns', columnWidths(p.columns, p.archive));
      this.viewport.classList.toggle('archive', p.archive);
    }
    if (p.sort !== old?.sort || p.view !== old?.view || p.language !== old?.language) markSort(this.head, p.sort, p.view.sorted);
    const problem = p.rows.failed !== this.failed;
    if (problem) this.showProblem(p.rows.failed);
    if (p.view !== old?.view || p.games !== old.games) {
      this.spacer.style.height = `${this.count() * ROW_HEIGHT}px`;
      this.viewport.setAttribute('aria-rowcount', String(this.count() + 1));
      this.scroll(0);
    }
    if (p.cursor !== old?.cursor && p.cursor >= 0) this.scrollTo(p.cursor);
    if (p.view !== old?.view || p.games !== old.games || problem || p.rows !== old.rows || p.rows.loaded !== this.loaded || p.broken !== old.broken
      || p.cursor !== old.cursor || p.language !== old.language || p.selected !== old.selected) {
      this.render();
    }
  }

  private makeHead(): HTMLElement {
    return listHead((column) => this.hooks.sort(column), (column, px, done) => {
      const widths = { ...this.props?.columns };
      if (px === null) delete widths[column];
      else widths[column] = px;
      this.hooks.resized(widths, done);
    });
  }

  /** The list's keys, while it has the focus: they are the list's, not
   * the page's (↑/↓ there step the game to its start or end). */
  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement).closest('.list-head')) return;
    const page = Math.max(1, Math.floor(this.rowsArea() / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (e.key in moves) {
      this.hooks.cursor(moves[e.key]);
    } else if (e.key === 'Enter') {
      this.hooks.openCursor();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /** Scrolls the list so that position `k` is in view. */
  private scrollTo(k: number): void {
    const top = k * ROW_HEIGHT;
    const view = this.rowsArea();
    if (top < this.top) this.scroll(top);
    else if (top + ROW_HEIGHT > this.top + view) this.scroll(top + ROW_HEIGHT - view);
  }

  /** Scrolls to `top`, unless the list is there (a write lays out the page). */
  private scroll(top: number): void {
    if (top === this.top) return;
    this.viewport.scrollTop = top;
    // What the browser made of it (it stops at the end).
    this.top = this.viewport.scrollTop;
  }

  /** The height of the rows' area, measured once a resize. */
  private rowsArea(): number {
    if (this.area < 0) this.area = Math.max(0, this.viewport.clientHeight - this.head.offsetHeight);
    return this.area;
  }

  /** Shows why the rows are missing, with Retry (null: hides it). */
  private showProblem(text: string | null): void {
    this.failed = text;
    this.problem.replaceChildren(...(text === null ? [] : listProblem(text, () => {
      this.viewport.focus();
      this.hooks.retry();
    })));
  }

  private count(): number {
    const p = this.props;
    return p ? listedGames(p.view, p.games) : 0;
  }

  private render(): void {
    const p = this.props;
    if (!p) return;
    const order = p.view.order;
    const first = Math.max(0, Math.floor(this.top / ROW_HEIGHT) - OVERSCAN);
    const count = this.count();
    // No rows (the page's first drawing): nothing to measure.
    const visible = count === 0 ? 0 : Math.ceil(this.rowsArea() / ROW_HEIGHT) + 2 * OVERSCAN;
    const last = Math.min(count, first + visible);
    const wanted: number[] = [];
    for (let r = first; r < last; r++) wanted.push(order ? order[r] : r);
    const { cache, shown } = p.rows;
    this.loaded = p.rows.loaded;
    const missing = wanted.filter((i) => !cache.has(i));
    if (missing.length > 0 && !p.rows.pending && p.rows.failed === null) this.hooks.fetch(Uint32Array.from(missing));
    // The focus stays on the keyboard's row when the rows are redrawn.
    const focused = this.body.contains(document.activeElement);
    const cursor = p.cursor >= 0 ? p.cursor : 0;
    this.rows = patch(this.rows ?? this.body, h('div.list-body', { style: { transform: `translateY(${first * ROW_HEIGHT}px)` } }, wanted.map((index, k) =>
      listRow(
        { index, position: first + k, row: cache.get(index) ?? shown.get(index), selected: index === p.selected, cursor: first + k === cursor, broken: p.broken.has(index), groupStart: p.view.groupStarts?.has(index) ?? false },
        () => this.hooks.open(index),
        (name) => this.hooks.player(name),
      ))));
    if (focused) this.body.querySelector<HTMLElement>('[tabindex="0"]')?.focus({ preventScroll: true });
  }
}
