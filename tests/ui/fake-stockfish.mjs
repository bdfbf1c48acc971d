// A fake Stockfish Worker for the interleavings tests: it reads its UCI
// commands in order and answers as Stockfish does (`isready` at once, a
// search's `info` lines while it runs, `bestmove` when it reaches its
// depth or is stopped), one step at a time as a schedule says, and notes
// every breach of UCI's rules (`position`, `go` or `setoption` while it
// searches).
import assert from 'node:assert/strict';

/** A Worker running Stockfish, stepped by the schedule: set as
 * `globalThis.Worker`, it is what the Engine (www/engine.ts) starts. */
export class FakeStockfish {
  /** The last one made (the Engine makes its own). */
  static last = null;

  onmessage = null;
  onerror = null;
  /** Commands the page sent, not yet read. */
  input = [];
  /** Messages the engine said, not yet delivered to the page. */
  output = [];
  /** The search running: { fen, depth (null: infinite), reached, multiPv }. */
  search = null;
  /** The last `position`, and the MultiPV set. */
  fen = null;
  multiPv = 1;
  /** What the fake saw of the UCI rules being broken. */
  violations = [];
  /** Searches in the order `go` started them: { fen, ended: 'self' | 'stop' | null }. */
  started = [];
  constructor() {
    FakeStockfish.last = this;
  }
  postMessage(line) {
    this.input.push(String(line));
  }
  /** The page ended it: it reads, thinks and says nothing more. */
  terminate() {
    this.input = [];
    this.output = [];
    this.search = null;
  }

  /** It crashes (its wasm trapped, say): the page hears of it as an error. */
  crash() {
    this.onerror?.({ message: 'RuntimeError: unreachable' });
  }

  /** Reads one command. */
  read() {
    const line = this.input.shift();
    const w = line.split(' ');
    const busy = () => this.search !== null;
    if (line === 'uci') {
      this.output.push('id name Fakefish', 'option name MultiPV type spin default 1 min 1 max 500', 'uciok');
    } else if (line === 'isready') {
      this.output.push('readyok');
    } else if (w[0] === 'setoption') {
      if (busy()) this.violations.push(`"${line}" while searching`);
      if (w[2] === 'MultiPV') this.multiPv = Number(w[4]);
    } else if (w[0] === 'position') {
      if (busy()) this.violations.push(`"${line}" while searching`);
      assert.equal(w[1], 'fen', line);
      this.fen = w.slice(2).join(' ');
    } else if (w[0] === 'go') {
      if (busy()) {
        this.violations.push(`"${line}" while searching`);
        return;
      }
      const depth = w[1] === 'depth' ? Number(w[2]) : null;
      this.search = { fen: this.fen, depth, reached: 0, multiPv: this.multiPv };
      this.started.push({ fen: this.fen, ended: null });
    } else if (line === 'stop') {
      if (this.search) this.end('stop');
    } else {
      this.violations.push(`unknown command "${line}"`);
    }
  }

  /** The running search says one more depth, one `info` per line; at its depth it ends. */
  think() {
    const s = this.search;
    s.reached++;
    for (let k = 1; k <= s.multiPv; k++) {
      // The line's first word names the position searched, so a listener can tell whose it is.
      this.output.push(`info depth ${s.reached} seldepth ${s.reached} multipv ${k} score cp ${10 * k} nodes ${s.reached * 1000} nps 50000 pv ${tag(s.fen)} e7e5`);
    }
    if (s.depth !== null && s.reached >= s.depth) this.end('self');
  }

  end(how) {
    this.output.push(`bestmove ${tag(this.search.fen)}`);
    this.started[this.started.length - 1].ended = how;
    this.search = null;
  }

  /** Delivers the oldest message to the page. */
  deliver() {
    this.onmessage?.({ data: this.output.shift() });
  }
}

/** Position `n`: the start position at move `n`, so each is a legal,
 * different FEN; its tag (the first move of every line the fake says)
 * names it. */
export const fenOf = (n) => `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ${n}`;
export const tag = (fen) => `m${fen.split(' ')[5]}`;
