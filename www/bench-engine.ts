// The engine's part of the benchmark page (bench.html): Stockfish's lite
// builds side by side in this browser, in one run: nodes per second on a
// few middlegame positions, and the time "Analyse game" takes over one
// game at the viewer's default depth. The multi-threaded build runs only
// where the page is cross-origin isolated (docs/hosting.md).

import { ANALYSIS_DEPTH } from './config.js';
import { type Build, Engine, pickBuild } from './engine.js';

export interface EngineBenchRow {
  build: Build;
  threads: number;
  /** Median nodes per second over the positions, each searched `movetimeMs`. */
  nps: number;
  movetimeMs: number;
  /** Every main-line position of the game searched to `depth`, one after another. */
  analysisMs: number;
  positions: number;
  depth: number;
}

/** Each position is searched this long for its speed. */
const MOVETIME_MS = 3000;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** One search on `engine`, to its end: the last `nps` it said. */
function search(engine: Engine, fen: string, how: { depth: number } | { movetime: number }): Promise<number> {
  return new Promise((done) => {
    let nps = 0;
    engine.start({ fen, multiPv: 1, depth: 'depth' in how ? how.depth : null, movetime: 'movetime' in how ? how.movetime : undefined }, {
      info: (i) => {
        if (i.nps) nps = i.nps;
      },
      done: () => done(nps),
    });
  });
}

/** A started engine: the first search waits for it to load. */
function start(build: Build, threads: number): Promise<Engine> {
  return new Promise((ok, fail) => {
    const e = new Engine(build, threads, (m) => fail(new Error(m)));
    // A depth-1 search: answered once the engine is ready.
    void search(e, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { depth: 1 }).then(() => ok(e));
  });
}

/** The builds to compare here: the single-threaded one, and the
 * multi-threaded one (where isolated) with the viewer's threads and with
 * every core. */
export function engineConfigs(): { build: Build; threads: number }[] {
  const out: { build: Build; threads: number }[] = [{ build: 'single', threads: 1 }];
  const multi = pickBuild();
  if (multi.build === 'multi') {
    out.push(multi);
    const all = Math.min(navigator.hardwareConcurrency || 1, 8);
    if (all !== multi.threads) out.push({ build: 'multi', threads: all });
  }
  return out;
}

/** Times each build: `speedFens` for nodes per second, `gameFens` (a
 * game's main line, its start first) for the analysis. */
export async function benchEngine(speedFens: string[], gameFens: string[], say: (text: string) => void): Promise<EngineBenchRow[]> {
  const rows: EngineBenchRow[] = [];
  for (const { build, threads } of engineConfigs()) {
    say(`Engine: starting ${build} (${threads} thread${threads > 1 ? 's' : ''})…`);
    const engine = await start(build, threads);
    try {
      const speeds: number[] = [];
      for (const [k, fen] of speedFens.entries()) {
        say(`Engine ${build}/${threads}: speed, position ${k + 1} of ${speedFens.length}…`);
        speeds.push(await search(engine, fen, { movetime: MOVETIME_MS }));
      }
      const t0 = performance.now();
      for (const [k, fen] of gameFens.entries()) {
        if (k % 10 === 0) say(`Engine ${build}/${threads}: analysing the game, ${k}/${gameFens.length}…`);
        await search(engine, fen, { depth: ANALYSIS_DEPTH });
      }
      rows.push({
        build, threads, nps: median(speeds), movetimeMs: MOVETIME_MS,
        analysisMs: performance.now() - t0, positions: gameFens.length, depth: ANALYSIS_DEPTH,
      });
    } finally {
      engine.terminate();
    }
  }
  return rows;
}
