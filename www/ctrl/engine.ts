// The engine beside the board: on and off (the button, `e`), how many
// lines, and the search of the position shown, which follows every change
// of it (a step, a click, a tree move, a game, a database) at once: the
// Engine (engine.ts) stops the old search and drops what it still says.
// Its lines are shown in SAN by the decoder (playLine), which the page
// asks for as they come, at most every ENGINE_REDRAW_MS.

import { ENGINE_LINE_PLIES, ENGINE_REDRAW_MS } from '../config.js';
import type { Controller } from '../controller.js';
import { Engine, type Listener, pickBuild } from '../engine.js';
import { shown } from '../game.js';
import { T } from '../i18n/index.js';
import type { LineMove } from '../protocol.js';
import type { EngineLine } from '../state.js';
import type { Info } from '../uci.js';

export class EngineCtrl {
  private engine: Engine | null = null;
  /** The pending redraw of the lines (0: none). */
  private timer = 0;
  /** Lines in SAN from the decoder, by position and moves (null: asked,
   * no answer yet); of the position searched only. */
  private san = new Map<string, LineMove[] | null>();

  constructor(private c: Controller) {}

  /** The engine, started on first use (null: it failed to start). */
  use(): Engine | null {
    const s = this.c.state.engine;
    if (!this.engine && !s.failed) {
      const { build, threads } = pickBuild();
      s.build = build;
      s.threads = threads;
      this.engine = new Engine(build, threads, (message) => this.failed(message), __E2E_HOOKS__ ? engineLog : undefined);
    }
    return this.engine;
  }

  private failed(message: string): void {
    const s = this.c.state.engine;
    this.engine?.terminate();
    this.engine = null;
    s.failed = () => T.engine.failed(message);
    s.lines = [];
    // A game's analysis under way ends here, saying why, not waiting forever.
    const run = this.c.state.analysis;
    if (run?.running) {
      run.running = false;
      run.failed = s.failed;
    }
    this.c.redraw();
  }

  /** Turns the live analysis on or off (the button, `e`). */
  toggle(): void {
    const s = this.c.state.engine;
    s.on = !s.on;
    if (s.on) {
      s.failed = null;
      this.follow();
    } else {
      this.halt();
    }
    this.c.redraw();
  }

  /** How many lines to show (1-3): the search starts again with them. */
  setLines(n: number): void {
    const s = this.c.state.engine;
    s.multiPv = Math.max(1, Math.min(3, Math.round(n)));
    s.fen = '';
    this.follow();
    this.c.redraw();
  }

  /** Stops the live search (the engine stays loaded). */
  halt(): void {
    const s = this.c.state.engine;
    if (!this.c.state.analysis?.running) this.engine?.stop();
    s.fen = '';
    s.lines = [];
    s.depth = s.nps = 0;
  }

  /** The position shown changed: the search follows it at once (a new one
   * replaces the old, whose late words are dropped). Nothing is awaited:
   * a step never waits for the engine. Paused while a game is analysed. */
  follow(): void {
    const st = this.c.state;
    const s = st.engine;
    if (!s.on || st.analysis?.running) return;
    const fen = shown(st.game, st.explore)?.fen ?? '';
    if (fen === s.fen) return;
    s.fen = fen;
    s.lines = [];
    s.depth = s.nps = 0;
    this.san.clear();
    if (!fen) {
      this.engine?.stop();
      return;
    }
    const listener: Listener = { info: (info) => this.heard(fen, info), done: () => this.soon() };
    this.use()?.start({ fen, multiPv: s.multiPv, depth: null }, listener);
  }

  /** An `info` of the search of `fen` (the one shown: the Engine drops the others'). */
  private heard(fen: string, info: Info): void {
    const s = this.c.state.engine;
    if (s.fen !== fen) return;
    s.depth = Math.max(s.depth, info.depth);
    if (info.nps) s.nps = info.nps;
    if (info.multipv > s.multiPv) return;
    const old = s.lines.find((l) => l.multipv === info.multipv);
    const pv = info.pv.length ? info.pv : (old?.pv ?? []);
    // Its SAN if known; else the line before's while it is asked for, if it starts the same.
    const moves = this.san.get(sanKey(fen, pv)) ?? (old?.moves && old.pv[0] === pv[0] ? old.moves : null);
    const line: EngineLine = { multipv: info.multipv, depth: info.depth, score: info.score, pv, moves };
    s.lines = [...s.lines.filter((l) => l.multipv !== info.multipv), line].sort((a, b) => a.multipv - b.multipv);
    this.soon();
  }

  /** A redraw soon, not one per `info` (there are dozens a second), once
   * the lines' SAN has come (a line is not drawn without its moves), or
   * after ENGINE_REDRAW_MS more at most. */
  private soon(): void {
    if (this.timer) return;
    this.timer = window.setTimeout(() => {
      const wait = new Promise((done) => setTimeout(done, ENGINE_REDRAW_MS));
      void Promise.race([Promise.all(this.askSan()), wait]).then(() => {
        this.timer = 0;
        this.c.redraw();
      });
    }, ENGINE_REDRAW_MS);
  }

  /** Asks the decoder for each line's SAN it has not got yet; the answers
   * fill the lines (and redraw them if nothing else does). */
  private askSan(): Promise<void>[] {
    const s = this.c.state.engine;
    const fen = s.fen;
    const asked: Promise<void>[] = [];
    for (const line of s.lines) {
      const pv = line.pv.slice(0, ENGINE_LINE_PLIES);
      const key = sanKey(fen, pv);
      if (this.san.has(key) || pv.length === 0) continue;
      this.san.set(key, null);
      asked.push(this.c.rpc.call('line', { fen, moves: pv }).then((moves) => {
        if (s.fen !== fen) return;
        this.san.set(key, moves);
        let changed = false;
        s.lines = s.lines.map((l) => {
          if (l.pv.slice(0, pv.length).join(' ') !== pv.join(' ')) return l;
          changed = true;
          return { ...l, moves };
        });
        if (changed && !this.timer) this.c.redraw();
      }, () => {
        // Asked again next time (a Worker restarted meanwhile).
        this.san.delete(key);
      }));
    }
    return asked;
  }

  /** Plays a line's moves up to its `k`-th on the board, as a tree line is
   * explored: the game and its moves stay, any move of it leaves the line. */
  explore(line: EngineLine, k: number): void {
    const st = this.c.state;
    if (!line.moves) return;
    const at = shown(st.game, st.explore);
    if (!at) return;
    const e = st.explore ?? { from: st.game ? st.game.current : -1, startFen: at.fen, moves: [] };
    st.explore = { ...e, moves: [...e.moves, ...line.moves.slice(0, k + 1).map((m) => ({ uci: m.uci, san: m.san, fen: m.fen }))] };
    this.c.game.moved();
  }
}

/** A line's key in the SAN cache: the position and its first moves. */
const sanKey = (fen: string, pv: string[]) => `${fen}|${pv.slice(0, ENGINE_LINE_PLIES).join(' ')}`;

/** Every UCI line sent and heard, for the end-to-end tests (e2e bundle only). */
function engineLog(line: string): void {
  const w = self as unknown as { cadbEngineLog?: string[] };
  (w.cadbEngineLog ??= []).push(line);
}
