// The JS API in headless Chromium on a 1,000,000-game database: the time to
// open it, to page the header columns as a virtualised list does, to search
// and sort all headers, and the wasm memory against the D00 size.
//
// The database: GAMES short games written by the Chess Assistant writer
// (`cadb write`), with 150,001 players, 20,011 events and 3,001 sites, so the
// name tables are as big as a real million-game database's. Every game has
// its own D02 record; the page holds all five files in memory.
//
// Needs target/release/cadb and pkg/ (`bash scripts/build.sh`).
//   node scripts/bench-browser-api.mjs [GAMES]     (default 1000000)
// CADB_PKG=dir measures another build of the package; CADB_PKG_BASE=dir
// measures that one too, in the same run (its page first), and prints the
// two side by side with their ratio.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cadb = path.join(root, 'target/release/cadb');
const pkg = process.env.CADB_PKG ?? path.join(root, 'pkg');
const basePkg = process.env.CADB_PKG_BASE;
const games = Number(process.argv[2] ?? 1000000);
for (const need of [cadb, path.join(pkg, 'cadb.js')]) {
  if (!existsSync(need)) throw new Error(`${need} is missing: run bash scripts/build.sh first`);
}
const tmp = mkdtempSync(path.join(tmpdir(), 'cadb-api-bench-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

// ---- the database ----
const pgn = path.join(tmp, 'big.pgn');
const out = openSync(pgn, 'w');
const pad = (n) => String(n).padStart(2, '0');
for (let i = 0; i < games; i += 10000) {
  let text = '';
  for (let j = i; j < Math.min(games, i + 10000); j++) {
    const white = (j * 7) % 150001, black = (j * 13 + 5) % 150001;
    text += `[Event "Open ${j % 20011}"]\n[Site "City ${j % 3001}"]\n[Date "${1950 + (j % 70)}.${pad(1 + (j % 12))}.??"]\n`
      + `[White "Player ${white}"]\n[Black "Player ${black}"]\n[WhiteElo "${1800 + (j % 700)}"]\n[BlackElo "${1750 + (j % 750)}"]\n`
      + `[ECO "${'ABCDE'[j % 5]}${pad(j % 100)}"]\n[Result "${['1-0', '0-1', '1/2-1/2'][j % 3]}"]\n\n`
      + `${j % 2 ? '1. e4 e5 2. Nf3 Nc6 3. Bb5' : '1. d4 d5 2. c4 e6 3. Nc3 Nf6'} ${['1-0', '0-1', '1/2-1/2'][j % 3]}\n\n`;
  }
  writeSync(out, text);
}
closeSync(out);
const t0 = Date.now();
execFileSync('bash', ['-c', `"${cadb}" write "${tmp}/BIG" < "${pgn}"`], { stdio: ['ignore', 'ignore', 'inherit'] });
const writeMs = Date.now() - t0;
rmSync(pgn);
const d00 = readFileSync(path.join(tmp, 'BIG.D00'));
const fileSizes = ['CDP', 'EMB', 'D00', 'A02', 'D02'].map((e) => `${e} ${(statSync(path.join(tmp, `BIG.${e}`)).size / 1e6).toFixed(1)} MB`).join(', ');

// ---- the page ----
writeFileSync(path.join(tmp, 'index.html'), `<!doctype html><meta charset="utf-8"><script type="module">
import init, { Database } from '/pkg/cadb.js';
const wasm = await init();
const get = async (e) => new Uint8Array(await (await fetch('/db/BIG.' + e)).arrayBuffer());
const files = { cdp: await get('CDP'), emb: await get('EMB'), d00: await get('D00'), a02: await get('A02'), d02: await get('D02') };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const time = (f) => { const t0 = performance.now(); const r = f(); return [performance.now() - t0, r]; };
const out = { isolated: crossOriginIsolated };

// Memory first, on a fresh module: one lazy open (D00 in wasm memory, D02
// left outside, as a Worker reading a File holds it).
const lazySource = { cdp: files.cdp, emb: files.emb, a02: files.a02, d00: files.d00,
  d02Size: files.d02.length, read: (_f, o, n) => files.d02.subarray(o, o + n) };
const before = wasm.memory.buffer.byteLength;
const first = Database.openLazy(lazySource);
out.memoryLazy = wasm.memory.buffer.byteLength - before;
first.free();
// Opening: in memory (the five files copied into wasm memory), and lazily.
// Median of 5 each.
const opens = [], lazies = [];
for (let r = 0; r < 5; r++) {
  const [t, db] = time(() => Database.open(files)); opens.push(t); db.free();
  const [u, lz] = time(() => Database.openLazy(lazySource)); lazies.push(u); lz.free();
}
out.open = median(opens); out.openLazy = median(lazies);
const db = Database.open(files);
out.count = db.count;
const nameTimes = [];
for (let r = 0; r < 5; r++) nameTimes.push(time(() => db.names())[0]);
out.names = median(nameTimes);
out.nameCount = Object.values(db.names()).reduce((n, t) => n + t.length, 0);

// Paging as a virtualised list does: 50 rows at a random start, timed in
// batches of 100 calls; the median and the slowest batch, per call.
const batches = (rows, nBatches, calls) => {
  const per = [];
  let seed = 12345;
  for (let b = 0; b < nBatches; b++) {
    const t0 = performance.now();
    for (let k = 0; k < calls; k++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const start = seed % (db.count - rows);
      if (db.headers(start, rows).count !== rows) throw new Error('short page');
    }
    per.push((performance.now() - t0) / calls);
  }
  return { median: median(per), max: Math.max(...per) };
};
out.page50 = batches(50, 30, 100);
out.page1000 = batches(1000, 20, 10);
// Scrolling through the whole list page by page (the column arrays only).
[out.scanAll] = time(() => { for (let s = 0; s < db.count; s += 1000) db.headers(s, 1000); });

// Search over every header: the first call also decodes the name tables for
// matching; then each query's median of 5.
const queries = {
  'text "player 12345"': { text: 'player 12345' }, 'text "open 1"': { text: 'open 1' }, 'text "1987"': { text: '1987' },
  'text "zzzz"': { text: 'zzzz' }, 'player "player 777" as White, minElo 2000': { player: 'player 777', color: 'white', minElo: 2000 },
  'ECO B00-B99 and 1-0': { ecoFrom: 'B00', ecoTo: 'B99', result: '1-0' }, 'years 1990-1999': { yearFrom: 1990, yearTo: 1999 },
};
// setEncoding drops the decoded tables, so each round decodes them again.
const firsts = [];
for (let r = 0; r < 5; r++) { db.setEncoding('cp1251'); firsts.push(time(() => db.search({ text: 'x' }))[0]); }
out.firstSearch = median(firsts);
out.search = {};
for (const [name, q] of Object.entries(queries)) {
  const ts = []; let hits = 0;
  for (let r = 0; r < 5; r++) { const [t, found] = time(() => db.search(q)); ts.push(t); hits = found.length; }
  out.search[name] = { ms: median(ts), hits };
}
out.sort = {};
for (const c of ['whiteElo', 'date', 'white', 'event']) {
  const ts = [];
  for (let r = 0; r < 3; r++) ts.push(time(() => db.sort(c, false))[0]);
  out.sort[c] = median(ts);
}
const hits = db.search({ text: 'open 1' });
[out.sortSubset] = time(() => db.sort('white', true, hits));
out.sortSubsetSize = hits.length;
// D00 read through the callback too (a D00 too big to load): a page of
// headers and a search, counting the reads.
let reads = 0;
const fully = Database.openLazy({ cdp: files.cdp, emb: files.emb, a02: files.a02, d00Size: files.d00.length,
  d02Size: files.d02.length, read: (f, o, n) => { reads++; return files[f].subarray(o, o + n); } });
const pageTimes = [];
for (let b = 0; b < 20; b++) {
  const [t] = time(() => { for (let k = 0; k < 50; k++) fully.headers(((b * 50 + k) * 7919) % (fully.count - 50), 50); });
  pageTimes.push(t / 50);
}
out.fullyPage = median(pageTimes);
fully.search({ text: 'x' });
reads = 0;
[out.fullySearch] = time(() => fully.search({ text: 'player 12345' }));
out.fullySearchReads = reads;
fully.free();
// One game's move tree, and a PGN export of 10,000 games in chunks.
const gs = []; for (let i = 0; i < 200; i++) gs.push(time(() => db.game((i * 7919) % db.count))[0]);
out.game = median(gs);
let bytes = 0, chunks = 0;
const ten = Uint32Array.from({ length: 10000 }, (_, i) => i);
[out.export10k] = time(() => db.exportPgn(ten, (c) => { bytes += c.length; chunks++; }));
out.exportBytes = bytes; out.exportChunks = chunks;
out.memoryAtEnd = wasm.memory.buffer.byteLength;
window.result = out;
</script>`);

let servedPkg = pkg;
const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const [prefix, dir] = url.startsWith('/pkg/') ? ['/pkg/', servedPkg] : url.startsWith('/db/') ? ['/db/', tmp] : ['/', tmp];
  const file = path.join(dir, url.slice(prefix.length) || 'index.html');
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  // Cross-origin isolation gives performance.now() its fine resolution.
  res.writeHead(200, {
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp',
  });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const browser = await launchChromium();
// One fresh page per package: the page measures, then reports.
async function measure(dir) {
  servedPkg = dir;
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.waitForFunction(() => window.result, null, { timeout: 600000, polling: 200 }).then((h) => h.jsonValue());
  result.jsHeap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  await page.close();
  return result;
}
const base = basePkg ? await measure(basePkg) : null;
const r = await measure(pkg);
const memory = r.jsHeap;
const version = `Chromium ${browser.version()}`;
await browser.close();
server.close();

const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const us = (x) => `${(x * 1000).toFixed(1)} µs`;
console.log(`JS API in ${version}, headless; ${r.count.toLocaleString('en')} games written by cadb write in ${writeMs} ms (${fileSizes}); fine timer: ${r.isolated}`);
const row = (label, value) => console.log(`${label.padEnd(48)} ${value}`);
row(`Database.open (5 files in memory)`, `${ms(r.open)}  (median of 5)`);
row(`Database.openLazy (D02 through read())`, `${ms(r.openLazy)}`);
row(`names() (${r.nameCount.toLocaleString('en')} names)`, `${ms(r.names)} (median of 5)`);
const perFrame = (16.7 / r.page50.median).toFixed(0);
row(`headers(start, 50), random starts`, `${us(r.page50.median)} a call (median of 30 batches of 100; slowest batch ${us(r.page50.max)}): ${perFrame} pages per 16.7 ms frame`);
row(`headers(start, 1000)`, `${ms(r.page1000.median)} a call = ${(r.page1000.median).toFixed(2)} ms per 1000 rows`);
row(`every header, 1000 rows a call`, `${ms(r.scanAll)}`);
row(`first search (decodes the name tables)`, `${ms(r.firstSearch)} (median of 5, after setEncoding)`);
for (const [name, s] of Object.entries(r.search)) row(`search ${name}`, `${ms(s.ms)}  ${s.hits.toLocaleString('en')} hits`);
row(`lazy D00 too: headers(start, 50)`, `${us(r.fullyPage)} a call (median of 20 batches of 50)`);
row(`lazy D00 too: search text "player 12345"`, `${ms(r.fullySearch)} (${r.fullySearchReads} read() calls)`);
for (const [c, t] of Object.entries(r.sort)) row(`sort ${c}, all games`, ms(t));
row(`sort white desc, ${r.sortSubsetSize.toLocaleString('en')} search hits`, ms(r.sortSubset));
row(`game(i) (move tree, SAN/UCI/FEN per node)`, `${ms(r.game)} (median of 200)`);
row(`exportPgn of 10,000 games`, `${ms(r.export10k)}: ${(r.exportBytes / 1e6).toFixed(1)} MB in ${r.exportChunks} chunks`);
const mb = (x) => `${(x / 1e6).toFixed(1)} MB`;
console.log(`wasm memory grown by openLazy (D02 outside): ${mb(r.memoryLazy)} = ${(r.memoryLazy / d00.length).toFixed(2)} x D00 (${mb(d00.length)})`);
console.log(`wasm memory at the end (all five files in memory, search/sort/export done): ${mb(r.memoryAtEnd)}; page JS heap ${mb(memory)}`);

if (base) {
  console.log(`\nside by side, same run: base ${basePkg} (measured first) vs ${pkg}`);
  const cmp = (label, b, c, fmt) => console.log(`${label.padEnd(48)} ${fmt(b).padStart(10)} ${fmt(c).padStart(10)} ${(c / b).toFixed(2).padStart(7)}`);
  console.log(`${'measure'.padEnd(48)} ${'base'.padStart(10)} ${'this'.padStart(10)} ${'ratio'.padStart(7)}`);
  cmp('Database.open', base.open, r.open, ms);
  cmp('Database.openLazy', base.openLazy, r.openLazy, ms);
  cmp('names()', base.names, r.names, ms);
  cmp('headers(start, 50)', base.page50.median, r.page50.median, us);
  cmp('headers(start, 1000)', base.page1000.median, r.page1000.median, ms);
  cmp('first search', base.firstSearch, r.firstSearch, ms);
  for (const name of Object.keys(r.search)) cmp(`search ${name}`, base.search[name].ms, r.search[name].ms, ms);
  cmp('lazy D00 too: headers(start, 50)', base.fullyPage, r.fullyPage, us);
  cmp('lazy D00 too: search', base.fullySearch, r.fullySearch, ms);
  for (const c of Object.keys(r.sort)) cmp(`sort ${c}, all games`, base.sort[c], r.sort[c], ms);
  cmp('exportPgn of 10,000 games', base.export10k, r.export10k, ms);
  cmp('wasm memory grown by openLazy', base.memoryLazy, r.memoryLazy, mb);
}
