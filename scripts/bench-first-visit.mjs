// A first visit as a visitor on a phone network feels it (issue 46): a
// built viewer (dist/) served gzipped by a plain static server that sends no
// cache headers (no Cache-Control, Last-Modified or ETag: nothing is reused
// but what the page keeps itself), opened in a fresh Chromium profile with
// its network throttled, until the board shows the demo's first game and
// the list has a row. Two builds side by side, run by run in turn (this
// machine is noisy): `--vs DIR` is the other one (a dist/ made in a git
// worktree of the commit before).
//
//   node scripts/bench-first-visit.mjs [--dist dist] [--vs DIR] [--runs 5]
//        [--networks slow,fast] [--linger 4000]
//
// For each build and network it prints the median time to the first game,
// the bytes (as sent, gzipped) and requests before it, and, over the whole
// visit (the service worker's precache included, `--linger` ms after the
// first game), every file fetched more than once.

import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './browser.mjs';
import { parseHeaders } from './headers.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const builds = [['this', path.resolve(opt('dist', 'dist'))]];
if (opt('vs', null)) builds.push(['vs', path.resolve(opt('vs'))]);
const RUNS = Number(opt('runs', '5'));
const LINGER = Number(opt('linger', '4000'));
// Chrome DevTools' presets: download and upload in bytes a second, latency in ms.
const NETWORKS = {
  slow: { name: 'slow 4G (1.6 Mb/s, 150 ms RTT)', latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
  fast: { name: 'fast 4G (9 Mb/s, 60 ms RTT)', latency: 60, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 },
  // Not throttled: what the page's own work costs.
  none: { name: 'no throttling (the machine\'s own time)', latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
};
const networks = opt('networks', 'slow,fast').split(',').map((n) => {
  if (!NETWORKS[n]) throw new Error(`--networks: ${n} is none of ${Object.keys(NETWORKS).join(', ')}`);
  return NETWORKS[n];
});
for (const [, dir] of builds) if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}/index.html is missing: build it (npm run build)`);

const MIME = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.json': 'application/json',
};

/** A static server of `dir`: every file gzipped (-9, once), the headers
 * its _headers names (the CSPs), and a log of what each request sent. */
async function serveGzipped(dir) {
  const rules = existsSync(path.join(dir, '_headers')) ? parseHeaders(readFileSync(path.join(dir, '_headers'), 'utf8')) : {};
  const zipped = new Map();
  const log = [];
  const server = createServer((req, res) => {
    const at = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, at === '/' ? 'index.html' : at);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      log.push({ at, bytes: 0, t: Date.now() });
      res.writeHead(404).end();
      return;
    }
    if (!zipped.has(file)) zipped.set(file, gzipSync(readFileSync(file), { level: 9 }));
    const body = zipped.get(file);
    log.push({ at, bytes: body.length, t: Date.now() });
    res.writeHead(200, {
      'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      ...(rules[at] ?? {}),
    });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, log, origin: `http://127.0.0.1:${server.address().port}` };
}

/** Resolves, in the page, when a game's moves are shown and the list has a
 * row: the binding `firstGame` is called with the page's clock
 * (milliseconds since the navigation began) and the wall clock's. */
function watchFirstGame() {
  const shown = () => document.querySelector('[data-testid=game-row]') && document.querySelector('[data-testid=move]');
  const check = (observer) => {
    if (!shown()) return;
    observer?.disconnect();
    window.firstGame(performance.now(), Date.now());
  };
  new MutationObserver((_, o) => check(o)).observe(document, { childList: true, subtree: true });
}

const browser = await launchChromium();
const servers = [];
for (const [label, dir] of builds) servers.push({ label, dir, ...(await serveGzipped(dir)) });

async function visit(srv, network) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  let firstAt = null;
  let resolveFirst;
  const first = new Promise((ok) => (resolveFirst = ok));
  // The page's clock at the moment, for the server's log: the requests
  // made by the task that drew the game are not "before" it.
  await page.exposeFunction('firstGame', (ms, wall) => {
    if (firstAt !== null) return;
    firstAt = { ms, wall };
    resolveFirst();
  });
  await page.addInitScript(watchFirstGame);
  // The page and its dedicated Workers share the page's network
  // conditions; the service worker's fetches are throttled by its own target.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  srv.log.length = 0;
  await page.goto(srv.origin + '/', { waitUntil: 'commit' });
  await Promise.race([first, new Promise((_, no) => setTimeout(() => no(new Error('no first game in 60 s')), 60000))]);
  await new Promise((ok) => setTimeout(ok, LINGER));
  const before = srv.log.filter((r) => r.t <= firstAt.wall);
  const counts = new Map();
  for (const r of srv.log) counts.set(r.at, (counts.get(r.at) ?? 0) + 1);
  await context.close();
  return {
    ms: firstAt.ms,
    bytes: before.reduce((s, r) => s + r.bytes, 0),
    requests: before.length,
    files: [...new Set(before.map((r) => r.at))],
    twice: [...counts].filter(([, n]) => n > 1).map(([at, n]) => `${at} ×${n}`),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`first visit: ${RUNS} runs a network, builds in turn: ${servers.map((s) => `${s.label} = ${s.dir}`).join(', ')}`);
for (const network of networks) {
  const results = new Map(servers.map((s) => [s.label, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const srv of run % 2 ? [...servers].reverse() : servers) results.get(srv.label).push(await visit(srv, network));
  }
  console.log(`\n${network.name}`);
  for (const srv of servers) {
    const rs = results.get(srv.label);
    const last = rs.at(-1);
    console.log(`  ${srv.label.padEnd(5)} first game: median ${median(rs.map((r) => r.ms)).toFixed(0)} ms (runs ${rs.map((r) => r.ms.toFixed(0)).join(', ')}); ` +
      `before it: ${median(rs.map((r) => r.bytes)).toLocaleString('en')} bytes in ${median(rs.map((r) => r.requests))} requests`);
    console.log(`        fetched before it: ${last.files.join(' ')}`);
    const twice = [...new Set(rs.flatMap((r) => r.twice))];
    console.log(`        fetched more than once in the visit: ${twice.length ? twice.join(', ') : 'none'}`);
  }
  if (servers.length === 2) {
    const [a, b] = servers.map((s) => median(results.get(s.label).map((r) => r.ms)));
    console.log(`  ratio this / vs: ${(a / b).toFixed(2)}`);
  }
}
await browser.close();
for (const s of servers) s.server.close();
