// The browser benchmark page (bench.html): the whole-database passes of
// `cadb::bench` (the same ones `cadb bench` times natively) run in this
// browser on the demo database or on one you pick, and printed as a table.
// Nothing is uploaded; the figures stay on the page (and in
// `window.cadbBench` for scripts).
//
// Every figure is a median of interleaved rounds, and the ratios compare
// passes measured in the same rounds: a machine's noise hits them alike.

import init, { Database, type GameView } from '../pkg/cadb.js';
import { benchEngine, type EngineBenchRow } from './bench-engine.js';
import type { Part } from './config.js';
import { fetchDemo } from './demo.js';
import { byTestId, el } from './dom.js';
import { groupFiles, picked } from './files.js';

type Pass = 'replay' | 'san' | 'tree' | 'pgn' | 'opening-tree';

const PASSES: { pass: Pass; label: string }[] = [
  { pass: 'replay', label: 'decode + legal replay' },
  { pass: 'san', label: 'decode + replay + SAN' },
  { pass: 'tree', label: 'decode + replay, move tree built' },
  { pass: 'pgn', label: 'PGN export' },
  { pass: 'opening-tree', label: 'opening tree (40 plies a game)' },
];

/** A measurement repeats a pass until it lasts this long (the demo is small). */
const MIN_MEASURE_MS = 100;

export interface PassResult {
  pass: Pass;
  label: string;
  /** The very first call: V8 runs wasm in its baseline tier until it has tiered up. */
  firstMs: number;
  /** Median over the rounds of one pass over the whole database. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Passes per measurement. */
  repeats: number;
  games: number;
  plies: number;
  errors: number;
  /** PGN bytes written (export), or SAN bytes (the SAN pass). */
  bytes: number;
}

export interface BenchResult {
  database: string;
  rounds: number;
  passes: PassResult[];
  /** `headers(start, 50)`, median of 10 batches of 200 calls, in µs a call. */
  headers50Us: number;
  userAgent: string;
  cores: number;
}


const status = byTestId<HTMLParagraphElement>('bench-status');
const table = byTestId<HTMLTableElement>('bench-table');
const runDemo = byTestId<HTMLButtonElement>('bench-demo');
const pick = byTestId<HTMLInputElement>('bench-files');
const roundsInput = byTestId<HTMLInputElement>('bench-rounds');
const copy = byTestId<HTMLButtonElement>('bench-copy');

const params = new URLSearchParams(location.search);
roundsInput.value = params.get('rounds') ?? roundsInput.value;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** Lets the page paint between measurements. */
const yieldToPage = (): Promise<void> => new Promise((ok) => setTimeout(ok, 0));

function timeOnce(db: Database, pass: Pass): { ms: number; t: ReturnType<Database['benchPass']> } {
  const t0 = performance.now();
  const t = db.benchPass(pass);
  return { ms: performance.now() - t0, t };
}

async function run(name: string, db: Database, rounds: number): Promise<BenchResult> {
  const results: PassResult[] = [];
  // First calls (cold), then a second call to size the repeats.
  for (const { pass, label } of PASSES) {
    status.textContent = `${name}: first call of ${label}…`;
    await yieldToPage();
    const first = timeOnce(db, pass);
    const second = timeOnce(db, pass);
    const repeats = Math.max(1, Math.ceil(MIN_MEASURE_MS / Math.max(second.ms, 0.01)));
    results.push({
      pass, label, firstMs: first.ms, medianMs: 0, minMs: 0, maxMs: 0, repeats,
      games: first.t.games, plies: first.t.plies, errors: first.t.errors, bytes: first.t.bytes,
    });
  }
  // One untimed warm-up round, then the timed rounds, passes interleaved.
  const times: number[][] = results.map(() => []);
  for (let r = -1; r < rounds; r++) {
    for (const [k, res] of results.entries()) {
      status.textContent = r < 0 ? `${name}: warming up (${res.label})…` : `${name}: round ${r + 1} of ${rounds} (${res.label})…`;
      await yieldToPage();
      const t0 = performance.now();
      for (let i = 0; i < res.repeats; i++) db.benchPass(res.pass);
      if (r >= 0) times[k].push((performance.now() - t0) / res.repeats);
    }
  }
  for (const [k, res] of results.entries()) {
    res.medianMs = median(times[k]);
    res.minMs = Math.min(...times[k]);
    res.maxMs = Math.max(...times[k]);
  }
  // Paging the header columns as the viewer's list does.
  const batches: number[] = [];
  const count = db.count;
  for (let b = 0; b < 10; b++) {
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) db.headers(((b * 200 + i) * 7919) % Math.max(1, count - 50), 50);
    batches.push((performance.now() - t0) / 200);
  }
  return {
    database: name, rounds, passes: results, headers50Us: median(batches) * 1000,
    userAgent: navigator.userAgent, cores: navigator.hardwareConcurrency,
  };
}

const fmt = (x: number, digits = 0): string => x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The result as rows of cells: shown as a table, copied as Markdown. */
function rows(res: BenchResult): string[][] {
  const replay = res.passes[0].medianMs;
  const out = [['pass', 'ms (median)', 'min–max ms', 'first call ms', 'games/s', 'plies/s', 'MB/s written', '× replay']];
  for (const p of res.passes) {
    const s = p.medianMs / 1000;
    out.push([
      p.label, fmt(p.medianMs, 2), `${fmt(p.minMs, 2)}–${fmt(p.maxMs, 2)}`, fmt(p.firstMs, 2),
      fmt(p.games / s), p.plies ? fmt(p.plies / s) : '', p.pass === 'pgn' ? fmt(p.bytes / s / 1e6, 1) : '',
      fmt(p.medianMs / replay, 2),
    ]);
  }
  return out;
}

function show(res: BenchResult): void {
  table.replaceChildren();
  for (const [i, cells] of rows(res).entries()) {
    const tr = el('tr', '');
    for (const [j, c] of cells.entries()) tr.append(el(i === 0 ? 'th' : 'td', j > 0 ? 'num' : '', c));
    if (i > 0) tr.dataset.pass = res.passes[i - 1].pass;
    table.append(tr);
  }
  const p = res.passes[0];
  const errors = res.passes.some((x) => x.errors > 0) ? `, ${res.passes[0].errors} games with errors` : '';
  status.textContent = `${res.database}: ${fmt(p.games)} games, ${fmt(p.plies)} plies${errors}; ` +
    `median of ${res.rounds} interleaved rounds after a warm-up round; ` +
    `headers(start, 50) ${fmt(res.headers50Us, 1)} µs a call; ${res.cores} logical cores.`;
  copy.disabled = false;
}

function markdown(res: BenchResult): string {
  const r = rows(res);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `cadb in ${res.userAgent}, ${res.cores} cores: ${res.database}`,
    '',
    line(r[0]),
    line(r[0].map((_, j) => (j ? '--:' : '---'))),
    ...r.slice(1).map(line),
    '',
    `headers(start, 50): ${fmt(res.headers50Us, 1)} µs a call`,
  ].join('\n');
}

let last: BenchResult | null = null;
let busy = false;

async function bench(name: string, files: Record<Part, Uint8Array>): Promise<void> {
  if (busy) return;
  busy = true;
  runDemo.disabled = pick.disabled = copy.disabled = true;
  try {
    await init();
    const db = Database.open(files);
    try {
      const rounds = Math.min(50, Math.max(1, Math.floor(Number(roundsInput.value)) || 7));
      last = await run(name, db, rounds);
      show(last);
      (window as unknown as { cadbBench: BenchResult }).cadbBench = last;
    } finally {
      db.free();
    }
  } catch (e) {
    status.textContent = `Failed: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    busy = false;
    runDemo.disabled = pick.disabled = false;
  }
}

runDemo.addEventListener('click', async () => {
  status.textContent = 'Loading the demo database…';
  await bench('the demo database', await fetchDemo());
});

pick.addEventListener('change', async () => {
  const { complete, problems } = groupFiles(picked([...(pick.files ?? [])]));
  if (complete.length === 0) {
    status.textContent = problems.length ? problems.join('; ') : 'No Chess Assistant files (.CDP, .EMB, .D00, .A02, .D02) among those.';
    return;
  }
  const set = complete[0];
  const bytes = await Promise.all(
    Object.entries(set.files).map(async ([p, f]) => [p, new Uint8Array(await f.arrayBuffer())] as const),
  );
  await bench(set.name, Object.fromEntries(bytes) as Record<Part, Uint8Array>);
});

copy.addEventListener('click', async () => {
  if (last) await navigator.clipboard.writeText(markdown(last));
});

/** The engine's figures, as a table. */
async function timeEngine(): Promise<void> {
  const button = byTestId<HTMLButtonElement>('bench-engine');
  const say = (text: string) => {
    byTestId<HTMLParagraphElement>('bench-engine-status').textContent = text;
  };
  button.disabled = true;
  try {
    await init();
    const db = Database.open(await fetchDemo());
    let game: GameView;
    try {
      game = db.game(0);
    } finally {
      db.free();
    }
    const fens = [game.startFen, ...game.moves.map((m) => m.fen)];
    const speed = [12, 20, 28, 36].map((ply) => fens[Math.min(ply, fens.length - 1)]);
    const result: EngineBenchRow[] = await benchEngine(speed, fens, say);
    (window as unknown as { cadbEngineBench: EngineBenchRow[] }).cadbEngineBench = result;
    const t = byTestId<HTMLTableElement>('bench-engine-table');
    t.replaceChildren();
    const head = ['build', 'threads', 'nodes/s (median)', `analysis of the game (ms)`, 'positions', 'depth', 'ms a position'];
    const lines = [head, ...result.map((r) => [
      r.build, String(r.threads), fmt(r.nps), fmt(r.analysisMs), String(r.positions), String(r.depth), fmt(r.analysisMs / r.positions),
    ])];
    for (const [i, cells] of lines.entries()) {
      const tr = el('tr', '');
      for (const [j, c] of cells.entries()) tr.append(el(i === 0 ? 'th' : 'td', j > 0 ? 'num' : '', c));
      t.append(tr);
    }
    say(`Done: ${self.crossOriginIsolated ? 'cross-origin isolated' : 'not isolated (single-threaded build only)'}; ${navigator.hardwareConcurrency} logical cores.`);
  } catch (e) {
    say(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    button.disabled = false;
  }
}

byTestId<HTMLButtonElement>('bench-engine').addEventListener('click', () => void timeEngine());

if (params.has('auto')) runDemo.click();
if (params.has('engine')) void timeEngine();
