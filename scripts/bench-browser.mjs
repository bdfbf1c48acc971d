// Browser benchmarks, printed side by side with the native figures of the
// same run (headless Debian Chromium through playwright-core):
//  1. wasm vs native: the same whole-database passes (cadb::bench) on the
//     same database, natively (`cadb bench --json`) and in the page.
//  2. A 1,000,000-game database opened in the viewer through its file input
//     (D02 read lazily in the Worker): time to the first screen of the list,
//     decoder memory against the D00 size, and a search over all headers.
// Needs `bash scripts/build.sh --bundle` first (pkg/, dist/, target/release/cadb).
//   node scripts/bench-browser.mjs [GAMES_FOR_PASSES] [GAMES_FOR_OPEN]
// (GAMES_FOR_OPEN 0 skips part 2; CADB_PKG=dir measures another wasm build.)
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

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

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
function serve(mounts) {
  const server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    for (const [prefix, dir] of mounts) {
      if (!url.startsWith(prefix)) continue;
      const file = path.join(dir, url.slice(prefix.length) || 'index.html');
      if (file.startsWith(dir) && existsSync(file) && statSync(file).isFile()) {
        res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
        res.end(readFileSync(file));
        return;
      }
    }
    res.writeHead(404).end();
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

const browser = await chromium.launch({
  executablePath: process.env.CADB_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync'],
});

// ---- 1. wasm vs native ----
const ROUNDS = 5;
const passes = ['replay', 'san', 'pgn'];
const native = {};
for (const p of passes) {
  const out = JSON.parse(execFileSync(cadb, ['bench', path.join(tmp, 'PASS.CDP'), '--json', '--rounds', String(ROUNDS), '--only', p]).toString());
  native[p] = out.measures[0];
}
writeFileSync(path.join(tmp, 'pass.html'), `<!doctype html><script type="module">
import init, { Database } from '/pkg/cadb.js';
await init();
const get = async (e) => new Uint8Array(await (await fetch('/db/PASS.' + e)).arrayBuffer());
const db = Database.open({ cdp: await get('CDP'), emb: await get('EMB'), d00: await get('D00'), a02: await get('A02'), d02: await get('D02') });
const out = {};
for (const p of ${JSON.stringify(passes)}) {
  const times = [];
  let t;
  for (let r = 0; r < ${ROUNDS}; r++) { const t0 = performance.now(); t = db.benchPass(p); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  out[p] = { ms: times[times.length >> 1], ...t };
}
// Paging the header columns as a virtualised list does: 50 rows a call,
// timed in batches of 200 calls (the page's clock is coarse).
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
out.headers50 = { medianMs: batches[batches.length >> 1], p99Ms: batches[batches.length - 1] };
window.result = out;
</script>`);
let server = await serve([['/pkg/', process.env.CADB_PKG ?? path.join(root, 'pkg')], ['/db/', tmp]]);
let page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/db/pass.html`);
const wasm = await page.waitForFunction(() => window.result, null, { timeout: 600000 }).then((h) => h.jsonValue());
await page.close();
server.close();
console.log(`\nwasm (Chromium) vs native, ${passGames} games, median of ${ROUNDS}:`);
console.log('pass              native ms   wasm ms   wasm/native   plies (native = wasm)');
for (const p of passes) {
  const n = native[p].medianSeconds * 1000;
  const w = wasm[p].ms;
  console.log(`${p.padEnd(16)} ${n.toFixed(1).padStart(10)} ${w.toFixed(1).padStart(9)} ${(w / n).toFixed(2).padStart(12)}   ${native[p].plies} = ${wasm[p].plies}`);
}

console.log(`headers(start, 50): ${(wasm.headers50.medianMs * 1000).toFixed(1)} µs a call (median of 10 batches of 200; slowest batch ${(wasm.headers50.p99Ms * 1000).toFixed(1)} µs)`);

// ---- 2. a million games in the viewer ----
if (openGames === 0) {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
}
server = await serve([['/', path.join(root, 'dist')]]);
page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.getByText(/Opened DEMO/).waitFor({ timeout: 60000 });
const files = ['CDP', 'EMB', 'D00', 'A02', 'D02'].map((e) => path.join(tmp, `OPEN.${e}`));
const t0 = Date.now();
await page.locator('[data-testid=open-files]').setInputFiles(files);
await page.waitForFunction((n) => document.querySelector('[data-testid=game-count]')?.textContent === n
  && document.querySelectorAll('[data-testid=game-row] .cell:nth-child(15)')[0]?.textContent !== '',
  openGames.toLocaleString('en'), { timeout: 120000, polling: 10 });
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
  return r && Number(r.getAttribute('data-index')) > 1000 && r.querySelector('.cell:nth-child(15)')?.textContent !== '';
}, null, { polling: 5 });
const jump = Date.now() - t1;
console.log(`\n${openGames.toLocaleString('en')} games in the viewer (D00 ${(d00Size / 1e6).toFixed(1)} MB, D02 ${(statSync(files[4]).size / 1e6).toFixed(0)} MB read lazily):`);
console.log(`first screen of the list after choosing the files: ${firstScreen} ms`);
console.log(`viewer status: ${status}`);
console.log(`decoder memory / D00 size: ${(mem / d00Size).toFixed(2)}`);
for (const s of searches) console.log(`search ${s}`);
console.log(`jump to the middle of the list, rows filled: ${jump} ms`);
await browser.close();
server.close();
rmSync(tmp, { recursive: true, force: true });
