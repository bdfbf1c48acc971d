// Stockfish in a Worker of its own (never the decoder's): the build is
// picked at run time, and it is driven by UCI strings. One search at a
// time, and the last one asked for wins: a new one sends `stop` at once,
// everything the old one still says (its `info` and its `bestmove`) is
// dropped, and the new one starts as soon as the old one's `bestmove`
// says the engine is free (UCI answers in order, so nothing after it is
// the old search's).

import { parseInfo, type Info } from './uci.js';

export type Build = 'single' | 'multi';

/** The engine's scripts in dist/, named by scripts/headers.mjs (which gives
 * each its CSP) through webpack's DefinePlugin. */
export const ENGINE_FILES: Record<Build, string> = __ENGINE_FILES__;

/** The multi-threaded build shares memory between its threads, which
 * browsers allow only in a cross-origin isolated page (the page's
 * COOP/COEP headers, docs/hosting.md); it keeps one core for the page. */
export function pickBuild(isolated = self.crossOriginIsolated): { build: Build; threads: number } {
  if (!isolated) return { build: 'single', threads: 1 };
  return { build: 'multi', threads: Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, 4)) };
}

/** What to search: the position, how many lines, and how deep (null:
 * until stopped; `movetime`: for so many ms instead, the benchmark's). */
export interface Search {
  fen: string;
  multiPv: number;
  depth: number | null;
  movetime?: number;
}

export interface Listener {
  info(info: Info): void;
  /** The search ended by itself (its depth reached, or no move to make);
   * never called for a search stopped or replaced. */
  done(): void;
}

/** The transposition table, in MB: small, the page's other Workers need memory too. */
const HASH_MB = 32;

export class Engine {
  private worker: Worker;
  private ready = false;
  /** A search is running: its `bestmove` has not come yet. */
  private running = false;
  /** `stop` was sent to the running search: what it says is dropped. */
  private stopping = false;
  /** The running search's listener (null: stopped, or dropped). */
  private current: Listener | null = null;
  /** The search to start when the engine is free (the last asked for). */
  private next: { search: Search; listener: Listener } | null = null;
  private multiPv = 1;
  /** The position of the running search (its scores are that side's). */
  private fen = '';

  constructor(
    readonly build: Build,
    readonly threads: number,
    /** The Worker failed (its script or wasm did not load, or it crashed). */
    failed: (message: string) => void,
    /** Every line sent and received (the end-to-end tests' log). */
    private log?: (line: string) => void,
  ) {
    this.worker = new Worker(ENGINE_FILES[build]);
    this.worker.onmessage = (e: MessageEvent) => this.heard(String(e.data));
    this.worker.onerror = (e) => failed(e.message || 'the engine did not start');
    this.send('uci');
  }

  /** Starts `search` (replacing any under way; the last call wins). */
  start(search: Search, listener: Listener): void {
    this.next = { search, listener };
    if (this.running) this.halt();
    else this.launch();
  }

  /** Stops the search under way (nothing starts after it). */
  stop(): void {
    this.next = null;
    if (this.running) this.halt();
  }

  terminate(): void {
    this.next = this.current = null;
    this.worker.terminate();
  }

  private halt(): void {
    this.current = null;
    if (!this.stopping) {
      this.stopping = true;
      this.send('stop');
    }
  }

  private send(line: string): void {
    this.log?.(`> ${line}`);
    this.worker.postMessage(line);
  }

  private launch(): void {
    const n = this.next;
    if (!this.ready || !n) return;
    this.next = null;
    const { fen, multiPv, depth, movetime } = n.search;
    if (multiPv !== this.multiPv) {
      this.multiPv = multiPv;
      this.send(`setoption name MultiPV value ${multiPv}`);
    }
    this.send(`position fen ${fen}`);
    this.send(movetime ? `go movetime ${movetime}` : depth === null ? 'go infinite' : `go depth ${depth}`);
    this.running = true;
    this.stopping = false;
    this.current = n.listener;
    this.fen = fen;
  }

  private heard(line: string): void {
    this.log?.(`< ${line}`);
    if (line === 'uciok') {
      if (this.threads > 1) this.send(`setoption name Threads value ${this.threads}`);
      this.send(`setoption name Hash value ${HASH_MB}`);
      this.send('isready');
    } else if (line === 'readyok' && !this.ready) {
      this.ready = true;
      this.launch();
    } else if (line.startsWith('info ')) {
      // Dropped once stopped: it is the old position's.
      if (!this.current) return;
      const info = parseInfo(line, this.fen);
      if (info) this.current.info(info);
    } else if (line.startsWith('bestmove')) {
      const ended = this.current;
      this.running = this.stopping = false;
      this.current = null;
      ended?.done();
      this.launch();
    }
  }
}
