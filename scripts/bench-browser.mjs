// Browser benchmarks, printed side by side with the native figures of the
// same run (headless Debian Chromium through playwright-core):
//  1. wasm vs native: the same whole-database passes (cadb::bench) on the
//     same database, natively (`cadb bench --json`) and in the page.
//  2. A 1,000,000-game database opened in the viewer through its file input
//     (D02 read lazily in the Worker): time to the first screen of the list,
//     decoder memory against the D00 size, and a search over all headers.
// Needs `bash scripts/build.sh --bundle` first (pkg/, dist/, target/release/cadb).
//   node scripts/bench-browser.mjs [GAMES_FOR_PASSES] [GAMES_FOR_OPEN]
// (GAMES_FOR_OPEN 0 skips part 2; CADB_PKG=dir measures another wasm build,
// CADB_PKG_BASE=dir a second one side by side.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickUntil, launchChromium, serve } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cadb = path.join(root, 'target/release/cadb');
const passGames = Number(process.argv[2] ?? 20000);
const openGames = Number(process.argv[3] ?? 1000000);
const tmp = mkdtempSync(path.join(tmpdir(), 'cadb-bench-'));
const pgnDir = path.join(root, 'tests/data/pgn');

// Databases: the fixture games written once (plain), then repeated.
const fixtures = execFileSync('bash', ['-c', `for f in "${pgnDir}"/*.pgn; do cat "$f"; printf '\\n\\n'; done`]);
execFileSync(cadb, ['write', path.join(tmp, 'BASE'), '--plain'], { input: fixtures });
const replicate = (stem, n) =>
  execFileSync('cargo', ['run', '-q', '--release', '--example', 'replicate_db', '--', path.join(tmp, 'BASE'), path.join(tmp, stem), String(n)],
    { cwd: root }).toString().trim();
console.log(`pass database: ${replicate('PASS', passGames)}`);
if (openGames > 0) console.log(`open database: ${replicate('OPEN', openGames)}`);

const browser = await launchChromium();

// ---- 1. wasm vs native ----
// Native and wasm rounds alternate (native, then each wasm build, per pass),
// so drift on this shared machine hits both alike. V8 starts a module in its
// baseline compiler (Liftoff) and moves hot functions to TurboFan in the
// background: the first call of each pass is reported on its own, then one
// untimed warm-up round, then the timed rounds.
const ROUNDS = 7;
const passes = ['replay', 'san', 'pgn', 'opening-tree'];
const nativePass = (p) => JSON.parse(execFileSync(cadb,
  ['bench', path.join(tmp, 'PASS.CDP'), '--json', '--rounds', '1', '--only', p]).toString()).measures[0];
writeFileSync(path.join(tmp, 'pass.html'), `<!doctype html><script type="module">
const pkg = new URLSearchParams(location.search).get('pkg');
const { default: init, Database } = await import('/' + pkg + '/cadb.js');
await init();
const get = async (e) => new Uint8Array(await (await fetch('/db/PASS.' + e)).arrayBuffer());
const db = Database.open({ cdp: await get('CDP'), emb: await get('EMB'), d00: await get('D00'), a02: await get('A02'), d02: await get('D02') });
window.pass = (p) => { const t0 = performance.now(); const t = db.benchPass(p); return { ms: performance.now() - t0, ...t }; };
// Paging the header columns as a virtualised list does: 50 rows a call,
// timed in batches of 200 calls (the page's clock is coarse).
window.paging = () => {
  const batches = [];
  for (let b = 0; b < 10; b++) {
    const t0 = performance.now();
    for (let k = 0; k < 200; k++) {
      const start = ((b * 200 + k) * 7919) % Math.max(1, db.count - 50);
      if (db.headers(start, 50).count !== 50) throw new Error('short page');
    }
    batches.push((performance.now() - t0) / 200);
  }
  batches.sort((a, b) => a - b);
  return { medianMs: batches[batches.length >> 1], p99Ms: batches[batches.length - 1] };
};
// Batching across the wasm boundary: the same work in one call or in many.
// Header rows: 50 a call, as the list asks, or one a call. PGN: exportPgn's
// 64 KB chunks, or pgn(i) once a game.
window.batching = () => {
  const t = (f) => { const t0 = performance.now(); f(); return performance.now() - t0; };
  const rows = 10000;
  const games = Math.min(2000, db.count);
  const indices = Uint32Array.from({ length: games }, (_, i) => i);
  return {
    headersBatched: t(() => { for (let s = 0; s < rows; s += 50) db.headers(s % (db.count - 50), 50); }) / rows,
    headersOneByOne: t(() => { for (let s = 0; s < rows; s++) db.headers(s % (db.count - 50), 1); }) / rows,
    exportChunks: t(() => { let n = 0; db.exportPgn(indices, (c) => { n += c.length; }); }),
    pgnEach: t(() => { let n = 0; for (let i = 0; i < games; i++) n += db.pgn(i).length; }),
    games,
  };
};
window.ready = true;
</script>`);
// CADB_PKG (default pkg/) is measured; CADB_PKG_BASE, if set, is a second
// build measured in the same rounds, for a side-by-side comparison.
const builds = [['wasm', process.env.CADB_PKG ?? path.join(root, 'pkg')]];
if (process.env.CADB_PKG_BASE) builds.push(['base', process.env.CADB_PKG_BASE]);
let server = await serve([...builds.map(([name, dir]) => [`/${name}/`, dir]), ['/db/', tmp]]);
const pages = {};
for (const [name] of builds) {
  pages[name] = await browser.newPage();
  await pages[name].goto(`http://127.0.0.1:${server.address().port}/db/pass.html?pkg=${name}`);
  await pages[name].waitForFunction(() => window.ready, null, { timeout: 600000 });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const first = {};
const times = {};
const plies = {};
for (const p of passes) {
  for (const [name] of builds) {
    const t = await pages[name].evaluate((q) => window.pass(q), p);
    first[`${name}/${p}`] = t.ms;
    plies[`${name}/${p}`] = t.plies;
  }
}
for (let r = -1; r < ROUNDS; r++) {
  for (const p of passes) {
    const n = nativePass(p);
    plies[`native/${p}`] = n.plies;
    if (r >= 0) (times[`native/${p}`] ??= []).push(n.medianSeconds * 1000);
    for (const [name] of builds) {
      const t = await pages[name].evaluate((q) => window.pass(q), p);
      if (r >= 0) (times[`${name}/${p}`] ??= []).push(t.ms);
    }
  }
}
console.log(`\nwasm (Chromium) vs native, ${passGames} games: median of ${ROUNDS} interleaved rounds after one warm-up round`);
const cols = builds.map(([name]) => name);
console.log(['pass'.padEnd(8), 'native ms', ...cols.flatMap((c) => [`${c} ms`, `${c}/native`, `${c} 1st call`])].map((c) => c.padStart(14)).join(''));
for (const p of passes) {
  const n = median(times[`native/${p}`]);
  const row = [p.padEnd(8), n.toFixed(1)];
  for (const c of cols) {
    const w = median(times[`${c}/${p}`]);
    row.push(w.toFixed(1), (w / n).toFixed(2), first[`${c}/${p}`].toFixed(1));
    if (plies[`${c}/${p}`] !== plies[`native/${p}`]) throw new Error(`${c} ${p}: ${plies[`${c}/${p}`]} plies, native ${plies[`native/${p}`]}`);
  }
  console.log(row.map((c) => String(c).padStart(14)).join(''));
}
if (builds.length > 1) {
  for (const p of passes) {
    const a = median(times[`wasm/${p}`]);
    const b = median(times[`base/${p}`]);
    console.log(`${p}: ${process.env.CADB_PKG ?? 'pkg'} / ${process.env.CADB_PKG_BASE} = ${(a / b).toFixed(2)}`);
  }
}
// Batching: interleaved rounds after a warm-up, medians.
const batch = {};
for (let r = -1; r < ROUNDS; r++) {
  const b = await pages.wasm.evaluate(() => window.batching());
  if (r >= 0) for (const [k, v] of Object.entries(b)) (batch[k] ??= []).push(v);
}
const bm = Object.fromEntries(Object.entries(batch).map(([k, v]) => [k, median(v)]));
console.log(`batching across the boundary (median of ${ROUNDS}): a header row ${(bm.headersBatched * 1000).toFixed(2)} µs in pages of 50, ` +
  `${(bm.headersOneByOne * 1000).toFixed(2)} µs one a call (${(bm.headersOneByOne / bm.headersBatched).toFixed(1)}×); ` +
  `PGN of ${bm.games} games ${bm.exportChunks.toFixed(1)} ms through exportPgn, ${bm.pgnEach.toFixed(1)} ms through pgn(i) (${(bm.pgnEach / bm.exportChunks).toFixed(2)}×)`);
const paging = await pages.wasm.evaluate(() => window.paging());
console.log(`headers(start, 50): ${(paging.medianMs * 1000).toFixed(1)} µs a call (median of 10 batches of 200; slowest batch ${(paging.p99Ms * 1000).toFixed(1)} µs)`);
for (const pg of Object.values(pages)) await pg.close();
server.close();

// ---- 2. a million games in the viewer ----
if (openGames === 0) {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
}
server = await serve([['/', path.join(root, 'dist')]]);
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.getByText(/Opened DEMO/).waitFor({ timeout: 60000 });
const files = ['CDP', 'EMB', 'D00', 'A02', 'D02'].map((e) => path.join(tmp, `OPEN.${e}`));
const t0 = Date.now();
await page.locator('[data-testid=open-files]').setInputFiles(files);
await page.waitForFunction((n) => document.querySelector('[data-testid=game-count]')?.textContent === n
  && document.querySelectorAll('[data-testid=game-row] .cell[data-column=plies]')[0]?.textContent !== '',
  String(openGames), { timeout: 120000, polling: 10 });
const firstScreen = Date.now() - t0;
const status = await page.locator('[data-testid=status]').textContent();
const d00Size = statSync(files[2]).size;
const mem = Number(/decoder memory ([\d.]+) MB/.exec(status)?.[1] ?? NaN) * 1048576;
// Search over all headers: the worker's time as the status line reports it.
const searches = [];
for (const q of ['Ushenina', 'lichess', '2013', 'zzzz']) {
  await page.locator('[data-testid=filter]').fill(q);
  await page.waitForFunction(() => /games listed in/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''), null, { timeout: 120000 })
    .catch(async (e) => { console.log('status:', await page.locator('[data-testid=status]').textContent(), await page.locator('[data-testid=error]').textContent()); throw e; });
  const s = await page.locator('[data-testid=status]').textContent();
  searches.push(`${q}: ${s}`);
  await page.locator('[data-testid=filter]').fill('');
  await page.waitForTimeout(150);
  await page.locator('[data-testid=status]').evaluate((el) => { el.textContent = ''; });
}
// Paging: jump to the middle of the list, time until its rows are filled.
const t1 = Date.now();
await page.locator('#list').evaluate((el) => { el.scrollTop = el.scrollHeight / 2; });
await page.waitForFunction(() => {
  const r = document.querySelector('[data-testid=game-row]');
  return r && Number(r.getAttribute('data-index')) > 1000 && r.querySelector('.cell[data-column=plies]')?.textContent !== '';
}, null, { polling: 5 });
const jump = Date.now() - t1;
// The opening tree over every game (the viewer builds it on request above
// 50,000 games): from the button until the table shows.
await page.locator('#tree button:not(.tree-move)').waitFor({ timeout: 60000 });
const treeMs = Math.round(await clickUntil(page, '#tree', 'button:not(.tree-move)', 'table.tree'));
console.log(`\n${openGames.toLocaleString('en')} games in the viewer (D00 ${(d00Size / 1e6).toFixed(1)} MB, D02 ${(statSync(files[4]).size / 1e6).toFixed(0)} MB read lazily):`);
console.log(`first screen of the list after choosing the files: ${firstScreen} ms`);
console.log(`viewer status: ${status}`);
console.log(`decoder memory / D00 size: ${(mem / d00Size).toFixed(2)}`);
for (const s of searches) console.log(`search ${s}`);
console.log(`jump to the middle of the list, rows filled: ${jump} ms`);
console.log(`opening tree of every game (first 40 plies, D02 read lazily), button to table: ${treeMs} ms`);
await browser.close();
server.close();
rmSync(tmp, { recursive: true, force: true });
