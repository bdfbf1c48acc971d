// The open game: loading one, moving through it (keys, clicks, the wheel),
// its variations, the board's side, and saving or copying it.

import { WHEEL_RESET_MS, WHEEL_STEP } from '../config.js';
import type { Controller } from '../controller.js';
import { download, gameFileName } from '../download.js';
import { coreMessage } from '../errors.js';
import { enterVariation, flatten, leaveVariation, mainLineMove, shown, type Step, target } from '../game.js';
import { spokenMove, T } from '../i18n/index.js';

export class GameCtrl {
  constructor(private c: Controller) {}

  openGame(index: number): Promise<void> {
    this.c.requests.asks++;
    return this.c.attempt(() => this.loadGame(index));
  }

  /** Loads game `index` and shows move `at` (null: the start, or the
   * search's first hit in it, or where the position filter's game reaches
   * its position). */
  async loadGame(index: number, at: number | null = null): Promise<void> {
    const fresh = this.c.latest.begin('game');
    this.c.requests.askedGame = index;
    // The analysis of another game stops now: the user's last request wins.
    this.c.analysis.drop(index);
    const asks = this.c.requests.asks;
    const view = await this.c.latest.answer(fresh, this.c.rpc.call('game', { index }));
    const s = this.c.state;
    const k = this.c.list.listPosition(index);
    if (k >= 0) s.list.cursor = k;
    if (s.game?.index === index && this.c.requests.asks !== asks) {
      // The game shown, read again (its row clicked), and the user has
      // stepped in it meanwhile: the steps are the last request, and stand.
      this.c.redraw();
      return;
    }
    // Again as it is shown: an analysis asked for meanwhile was of the game before.
    this.c.analysis.drop(index);
    s.game = { index, view, nodes: flatten(view), current: -1 };
    s.explore = null;
    if (view.error) s.list.broken = new Set(s.list.broken).add(index);
    this.sayDamage();
    // From a search of the moves: at its first hit (ply 0: the start);
    // else from a position filter: at the position, as the game first reaches it.
    const pos = s.list.position;
    const hit = pos ? pos.games.indexOf(index) : -1;
    const ply = this.c.list.hitPly(index) ?? (pos && hit >= 0 ? pos.plies[hit] : null);
    this.goTo(at !== null ? at : ply !== null ? mainLineMove(s.game, ply) : -1, false);
  }

  /** The opening name of the game shown, asked for again now that the
   * names have arrived (Controller.namesLoaded): only the name changes,
   * and a game or database asked for since makes it stale. */
  async refreshOpening(): Promise<void> {
    const g = this.c.state.game;
    if (!g) return;
    const view = await this.c.latest.answer(this.c.latest.current('game'), this.c.rpc.call('game', { index: g.index }));
    if (this.c.state.game !== g || !view.opening) return;
    g.view.opening = view.opening;
    this.c.redraw();
  }

  /** Move `id` of the game shown, asked for as a load of the game would be
   * (a link naming it): a game still on its way is stale, and the error
   * line is this game's, without reading it again. */
  showMove(id: number): void {
    const g = this.c.state.game;
    if (!g) return;
    this.c.latest.begin('game');
    this.c.requests.askedGame = g.index;
    this.sayDamage();
    this.goTo(id, false);
  }

  /** The error line as the game shown is asked for: its damage, or none (a
   * request newer than any error before it). */
  private sayDamage(): void {
    const g = this.c.state.game;
    const damage = g?.view.error;
    this.c.state.error = g && damage ? { say: () => T.errors.damagedGame(g.index + 1, coreMessage(damage.code, damage.message)) } : null;
  }

  /** Into the variation of the next move, or out of the current one. */
  variation(way: 'enter' | 'leave'): void {
    const g = this.c.state.game;
    if (!g || this.c.state.explore) return;
    const to = way === 'enter' ? enterVariation(g) : leaveVariation(g);
    if (to !== null) this.goTo(to);
  }

  /** Shows the position after move `id` (-1: the start); `say`: the move
   * is said for the screen reader (not when a game has just opened). */
  goTo(id: number, say = true): void {
    const g = this.c.state.game;
    if (!g) return;
    this.c.state.explore = null;
    g.current = Math.max(-1, Math.min(id, g.nodes.length - 1));
    this.moved(say);
  }

  /** The position shown changed: said in words (`say` false: nothing is,
   * and the move was not the user's), drawn, and the opening tree follows it. */
  moved(say = true): void {
    if (say) this.c.requests.asks++;
    const at = shown(this.c.state.game, this.c.state.explore);
    const san = at?.san;
    this.c.state.said = say && at && san ? () => spokenMove(san, at.fen) : null;
    // The engine follows at once (it never holds the step up).
    this.c.engine.follow();
    this.c.redraw();
    void this.c.tree.refreshTree();
  }

  step(step: Step): void {
    const s = this.c.state;
    const e = s.explore;
    // In an explored line, back takes its last move back; forward has nowhere to go.
    if (e && step === 'back') {
      s.explore = e.moves.length > 1 ? { ...e, moves: e.moves.slice(0, -1) } : null;
      this.moved();
      return;
    }
    if (e && step === 'forward') return;
    const g = s.game;
    const to = g ? target(g, step) : null;
    if (to !== null) this.goTo(to);
  }

  /** Leaves an explored line: the board shows the game again. */
  leaveExplore(): void {
    if (!this.c.state.explore) return;
    this.c.state.explore = null;
    this.moved();
  }

  flip(): void {
    this.c.state.orientation = this.c.state.orientation === 'white' ? 'black' : 'white';
    this.c.redraw();
  }

  /** The wheel over the board: a mouse's notch (one big delta) is one
   * move; a trackpad's small deltas add up to a move per WHEEL_STEP. */
  wheel(deltaY: number, pixels: boolean, now: number): void {
    const w = this.c.state.wheel;
    const way = Math.sign(deltaY);
    if (now - w.at > WHEEL_RESET_MS || way !== Math.sign(w.sum)) w.sum = 0;
    w.at = now;
    if (!pixels || Math.abs(deltaY) >= WHEEL_STEP) {
      w.sum = 0;
      if (way) this.step(way > 0 ? 'forward' : 'back');
      return;
    }
    w.sum += deltaY;
    if (Math.abs(w.sum) >= WHEEL_STEP) {
      w.sum -= way * WHEEL_STEP;
      this.step(way > 0 ? 'forward' : 'back');
    }
  }

  saveGame(): Promise<void> {
    return this.c.attempt(async () => {
      const g = this.c.state.game;
      if (!g) return;
      const pgn = await this.c.rpc.call('pgn', { index: g.index });
      download(gameFileName(g.view.headers.white, g.view.headers.black, g.index), [pgn]);
    });
  }

  copyPgn(): Promise<void> {
    return this.c.attempt(async () => {
      const g = this.c.state.game;
      if (!g) return;
      await navigator.clipboard.writeText(await this.c.rpc.call('pgn', { index: g.index }));
      this.c.say(() => T.status.pgnCopied);
    });
  }

  /** Copies the FEN shown; where the clipboard is refused, shows it instead. */
  copyFen(): void {
    const fen = shown(this.c.state.game, this.c.state.explore)?.fen ?? '';
    navigator.clipboard.writeText(fen).then(() => this.c.say(() => T.status.fenCopied), () => this.c.say(() => fen));
  }
}
