// Positions: the opening tree of the position shown (a line followed in
// it past the game), and the position filter (the games reaching it).

import type { TreeMove } from '../../pkg/cadb.js';
import { AUTO_TREE_MAX_GAMES, TREE_MAX_PLIES, TREE_SEARCH_PAUSE_MS } from '../config.js';
import type { Controller } from '../controller.js';
import { codeOf, coreMessage, messageOf } from '../errors.js';
import { samePosition, shown, START_FEN } from '../game.js';
import { T } from '../i18n/index.js';
import { Stale } from '../latest.js';
import { isCancelled } from '../worker-host.js';

export class TreeCtrl {
  constructor(private c: Controller) {}

  /** Filters the list to the games that reach the board's position (with
   * progress and Cancel); it combines with the header filter. */
  searchPosition(): Promise<void> {
    this.c.requests.asks++;
    return this.c.attempt(() => this.filterToPosition(this.boardFen()));
  }

  /** The position on the board (the start with no game). */
  private boardFen(): string {
    return shown(this.c.state.game, this.c.state.explore)?.fen ?? START_FEN;
  }

  /** Sets the position filter to the games reaching `fen` (with the moves
   * they play next, for the tree panel past its ply cap). */
  async filterToPosition(fen: string): Promise<void> {
    const s = this.c.state;
    if (!s.info) return;
    const fresh = this.c.latest.begin('position');
    this.c.requests.positionPending = fen;
    const found = await this.c.latest.answer(fresh, this.c.tasks.long('position', 'positionSearch', { fen, variations: false, next: true }, {
      progress: (done, total) => T.status.positionSearching(done, total),
    })).finally(() => {
      if (this.c.requests.positionPending === fen) this.c.requests.positionPending = null;
    });
    s.list.position = { fen, games: found.games, plies: found.plies, damaged: found.damaged, next: found.next ?? [] };
    await this.c.list.applyView();
    // The tree panel may have waited for these rows.
    void this.refreshTree();
  }

  /** Removes the position filter. */
  clearPosition(): Promise<void> {
    this.c.requests.asks++;
    return this.c.attempt(async () => {
      this.c.state.list.position = null;
      await this.c.list.applyView();
    });
  }

  /** Plays a move of the opening tree: the game's own move if it has it
   * here, else a move of an explored line (no game needs to have it). The
   * list is then filtered to the games reaching the new position. */
  playTreeMove(m: TreeMove): Promise<void> {
    const s = this.c.state;
    const g = s.game;
    const hit = !s.explore && g ? g.nodes.find((n) => n.parent === g.current && n.uci === m.uci) : undefined;
    if (hit) {
      this.c.game.goTo(hit.id);
    } else {
      const e = s.explore ?? { from: g ? g.current : -1, startFen: this.boardFen(), moves: [] };
      s.explore = { ...e, moves: [...e.moves, { uci: m.uci, san: m.san, fen: m.fen, opening: m.opening }] };
      this.c.game.moved();
    }
    return this.c.attempt(() => this.filterToPosition(m.fen));
  }

  /** The user asks for the tree of a database too big to build it unasked. */
  buildTree(): void {
    this.c.state.tree.wanted = true;
    this.c.state.tree.view = { kind: 'text', say: () => T.tree.building };
    this.c.redraw();
    void this.refreshTree();
  }

  /** The opening tree of the position shown. Past the tree's ply cap,
   * where it has no rows, the moves come from a position search instead:
   * the position filter's when it is of this position, else a search of
   * its own (after a pause, so stepping through a game does not queue
   * one per move; in a big database only when asked). */
  async refreshTree(): Promise<void> {
    const s = this.c.state;
    const t = s.tree;
    const at = shown(s.game, s.explore);
    if (!at || !t.open) return;
    const games = s.info?.games ?? 0;
    const fresh = this.c.latest.begin('tree');
    if (games > AUTO_TREE_MAX_GAMES && !t.wanted) {
      t.view = { kind: 'ask', games };
      this.c.redraw();
      return;
    }
    try {
      // Built in steps from a File: its progress shows in the bar.
      const moves = await this.c.latest.answer(fresh, this.c.tasks.long('tree', 'openingTree', { fen: at.fen }, { progress: true }));
      t.view = { kind: 'data', data: { moves, reached: null } };
      if (moves.length === 0 && at.ply >= TREE_MAX_PLIES) {
        const pos = s.list.position;
        if (pos && samePosition(pos.fen, at.fen)) {
          t.view = { kind: 'data', data: { moves: pos.next, reached: pos.games.length } };
        } else if (this.c.requests.positionPending !== null && samePosition(this.c.requests.positionPending, at.fen)) {
          t.view = { kind: 'text', say: () => T.tree.searching };
        } else if (games > AUTO_TREE_MAX_GAMES && t.searchFor !== at.fen) {
          t.view = { kind: 'ask-search', games };
        } else {
          t.view = { kind: 'text', say: () => T.tree.searching };
          this.c.redraw();
          await this.c.latest.answer(fresh, new Promise((done) => setTimeout(done, TREE_SEARCH_PAUSE_MS)));
          const found = await this.c.latest.answer(fresh, this.c.tasks.long('position', 'positionSearch', { fen: at.fen, variations: false, next: true }));
          t.view = { kind: 'data', data: { moves: found.next ?? [], reached: found.games.length } };
        }
      }
    } catch (err) {
      if (err instanceof Stale) return;
      // Cancelled: a big database's tree is offered again; a small one's
      // is built at the next move.
      if (isCancelled(err) && games > AUTO_TREE_MAX_GAMES) {
        t.wanted = false;
        t.view = { kind: 'ask', games };
      } else {
        t.view = { kind: 'text', say: isCancelled(err) ? () => T.tree.cancelled : () => coreMessage(codeOf(err), messageOf(err)) };
      }
    }
    this.c.redraw();
  }

  /** Past the tree's ply cap in a big database: the user asks for the
   * moves played from the position shown (a search of every game). */
  searchTree(): void {
    const at = shown(this.c.state.game, this.c.state.explore);
    if (!at) return;
    this.c.state.tree.searchFor = at.fen;
    void this.refreshTree();
  }
}
