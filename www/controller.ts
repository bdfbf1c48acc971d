// The viewer's controller (as lichess pgn-viewer's PgnViewer): it owns the
// state (state.ts) and the actions on it, one feature a part (ctrl/*.ts:
// db, list, game, tree, panels, pattern, tasks), asks the decoding Workers
// (decoders.ts, protocol.ts) for data, and calls `redraw` after each
// change. The views (view/*.ts) draw the state and call the actions.
// Actions never throw: a failure is shown on the error line. When a Worker
// fails (a trap) or a long task is cancelled, its host (worker-host.ts)
// replaces it and calls `tasks.restarted`: the database open before is
// reopened in the fresh one, and the page keeps what it shows.
// The user's last request wins: every answer goes through `latest`
// (latest.ts), and a stale one is dropped. Long tasks run in a Worker of
// their own (decoders.ts), so they never delay a game or a page of rows.
// The address (ctrl/address.ts) names the place shown, and a link given
// while the page is open is followed as a request of its own.

import { AddressCtrl } from './ctrl/address.js';
import { AnalysisCtrl } from './ctrl/analysis.js';
import { DatabaseCtrl } from './ctrl/database.js';
import { EngineCtrl } from './ctrl/engine.js';
import { GameCtrl } from './ctrl/game.js';
import { ListCtrl } from './ctrl/list.js';
import { PanelsCtrl } from './ctrl/panels.js';
import { PatternCtrl } from './ctrl/pattern.js';
import { TasksCtrl } from './ctrl/tasks.js';
import { TreeCtrl } from './ctrl/tree.js';
import type { Decoders } from './decoders.js';
import { errorText } from './errors.js';
import { setNotation, useLanguage } from './i18n/index.js';
import { Stale } from './latest.js';
import type { DbInfo } from '../pkg/cadb.js';
import { freshRows, initialState, type Kept, type ListState, type Requests, type Say, type Settings, type State } from './state.js';
import { isCancelled, isFatal } from './worker-host.js';

export class Controller {
  readonly state: State;
  readonly db = new DatabaseCtrl(this);
  readonly list = new ListCtrl(this);
  readonly game = new GameCtrl(this);
  readonly tree = new TreeCtrl(this);
  readonly panels = new PanelsCtrl(this);
  readonly pattern = new PatternCtrl(this);
  readonly tasks = new TasksCtrl(this);
  readonly engine = new EngineCtrl(this);
  readonly analysis = new AnalysisCtrl(this);
  readonly address = new AddressCtrl(this);
  /** Draws the page, then lets the URL hash follow. */
  readonly redraw: () => void;

  constructor(
    readonly rpc: Decoders,
    redraw: () => void,
    settings: Settings,
    kept?: Kept,
  ) {
    this.state = initialState(settings, kept);
    useLanguage(settings.language);
    setNotation(settings.notation);
    this.redraw = () => {
      redraw();
      this.address.follow();
    };
  }

  /** The requests under way and what a reopen needs (state.ts Requests). */
  get requests(): Requests {
    return this.state.requests;
  }

  /** The last request of each kind: older answers are dropped. */
  get latest() {
    return this.state.requests.latest;
  }

  /** The page shows another database (`info` null: none): nothing of the
   * one before stays on screen, and no answer for it is applied from now on. */
  showDatabase(name: string, info: DbInfo | null, list: ListState): void {
    const s = this.state;
    this.latest.settled();
    clearTimeout(s.list.filterTimer);
    s.name = name;
    s.info = info;
    s.list = list;
    s.game = null;
    s.explore = null;
    s.said = null;
    s.card = null;
    s.compactness.forName = '';
    s.compactness.view = { kind: 'none' };
    s.tree.wanted = false;
    s.tree.view = { kind: 'none' };
    // The doctor's report and notice were the old database's.
    s.diagnosis.view = { kind: 'none' };
    s.diagnosis.copied = null;
    s.diagnosis.duplicates = null;
    // The engine leaves the old database's position; its analysis is dropped.
    this.analysis.drop(null);
    this.engine.follow();
  }

  /** The opening names reached the Workers after the first game was shown
   * (decoders.ts): the rows drawn so far and the game shown lack them. */
  namesLoaded(): void {
    const s = this.state;
    if (!s.info) return;
    // Asked again; those drawn stay until their new text comes.
    s.list.rows = freshRows(s.list.rows.cache);
    this.redraw();
    void this.attempt(() => this.game.refreshOpening());
  }

  /** Says `status` on the status line. */
  say(status: Say): void {
    this.state.status = { say: status };
    this.redraw();
  }

  /** Shows an error (with its code when it has one). A cancel was said by
   * `tasks.cancel`, a fatal error by `tasks.restarted`. */
  fail(err: unknown): void {
    if (isCancelled(err) || isFatal(err) || err instanceof Stale) return;
    this.state.error = { say: () => errorText(err) };
    this.redraw();
  }

  /** Runs an action, showing its failure on the error line. */
  async attempt(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (err) {
      this.fail(err);
    }
  }
}
