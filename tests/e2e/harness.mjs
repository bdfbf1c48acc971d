// The end-to-end tests' harness, shared by tests/e2e/viewer.mjs and
// tests/e2e/search.mjs: a static server of dist/ (and dist-e2e/ under
// /e2e/) with the response headers dist/_headers names, Debian's Chromium
// driven by playwright-core, `test` (one fresh browser context a test, with
// the checks every test ends with), `finish` (the summary), and the helpers
// both use: databases written by the native CLI (`cadb write`) into a
// temporary folder, the list's rows and count, the status line.
//
//   E2E_ONLY=regex   runs only the tests whose names match
//   E2E_SHOTS=1      saves a screenshot of each failure in /tmp (or E2E_SHOTS=DIR: there)

import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { launchChromium } from '../../scripts/browser.mjs';
import { parseHeaders } from '../../scripts/headers.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = path.join(root, 'dist');
export const distE2e = path.join(root, 'dist-e2e');
export const demoDir = path.join(root, 'www/demo');
// The CLI: the release build (npm run build), or the one npm test names.
export const cadb = process.env.CADB_BIN ?? path.join(root, 'target/release/cadb');
for (const p of [dist, demoDir, cadb]) {
  if (!existsSync(p)) throw new Error(`${p} is missing: run \`bash scripts/build.sh --bundle\` first`);
}
if (!existsSync(distE2e)) throw new Error(`${distE2e} is missing: run \`webpack --mode production --env e2e\` (npm run e2e does)`);
// The shipped headers, applied as a static host would.
const headerRules = parseHeaders(readFileSync(path.join(dist, '_headers'), 'utf8'));

const MIME = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.map': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json',
};
// The offline tests switch the server off: it then refuses every request,
// and notes it (nothing must come from the network). `rewrite` changes a
// file as served (another build's sw.js).
export const offline = { on: false, refused: [] };
/** `served.rewrite(path, bytes)` changes a file as served (another build's
 * sw.js); `served.isolated = false` drops the cross-origin isolation
 * headers (COOP, COEP), as a host that does not send them; `served.log`
 * holds each request answered: its path and when (Date.now()). */
export const served = { rewrite: null, isolated: true, log: [] };
const ISOLATION_HEADERS = new Set(['cross-origin-opener-policy', 'cross-origin-embedder-policy']);
const server = createServer((req, res) => {
  if (offline.on) {
    offline.refused.push(req.url);
    req.socket.destroy();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  served.log.push({ path: url.pathname, at: Date.now() });
  const [dir, at] = url.pathname.startsWith('/e2e/') ? [distE2e, url.pathname.slice(4)] : [dist, url.pathname];
  const file = path.join(dir, at === '/' ? 'index.html' : decodeURIComponent(at));
  if (!file.startsWith(dir) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  const headers = Object.entries(headerRules[at] ?? {}).filter(([k]) => served.isolated || !ISOLATION_HEADERS.has(k));
  res.writeHead(200, { 'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream', ...Object.fromEntries(headers) });
  res.end(served.rewrite ? served.rewrite(url.pathname, readFileSync(file)) : readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
export const origin = `http://127.0.0.1:${server.address().port}`;

export const browser = await launchChromium();
const failures = [];
let passed = 0;
// `path` is the page to open: the viewer (the default, once its list shows;
// /e2e/ is the viewer with the fault hooks) or another page of dist/. `fn`
// gets the page and what was seen: every response, and requests to the
// Worker counted by type (window.cadbPosts).
// `before(context)` runs before the page loads (routes); `ready: false`
// starts `fn` at once, without waiting for the demo's list and its opening
// names; `viewport` is
// the desktop's unless a test asks for a phone's.
export async function test(name, fn, { path: page0 = '/', locale = 'en-US', serviceWorkers = 'allow', before = null, ready = true, viewport = { width: 1400, height: 900 } } = {}) {
  if (process.env.E2E_ONLY && !new RegExp(process.env.E2E_ONLY).test(name)) return;
  const context = await browser.newContext({ viewport, acceptDownloads: true, locale, serviceWorkers });
  await context.addInitScript(() => {
    window.cadbPosts = {};
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...args) {
      const type = args[0]?.type ?? 'other';
      window.cadbPosts[type] = (window.cadbPosts[type] ?? 0) + 1;
      return post.apply(this, args);
    };
    window.cadbCsp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cadbCsp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await before?.(context);
  const page = await context.newPage();
  const requests = [];
  const seen = { responses: [] };
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => seen.responses.push(r));
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  const cspMessages = [];
  // The page's last words, printed with a failure (what it said and did).
  const consoleTail = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) cspMessages.push(m.text());
    consoleTail.push(`${m.type()}: ${m.text()}`.slice(0, 300));
    if (consoleTail.length > 20) consoleTail.shift();
  });
  try {
    await page.goto(origin + page0);
    if (page0.endsWith('/') && ready) {
      await page.locator('[data-testid=game-row]').first().waitFor({ timeout: 20000 });
      // The opening names come after the first game, and the rows drawn
      // without them are drawn again with them: a test starts once they
      // have (the demo's first game, C33, has one).
      await page.waitForFunction(() => document.querySelector('[data-testid=game-row][data-index="0"] [data-column=opening]')?.textContent?.trim(), null, { timeout: 20000 });
    }
    await fn(page, seen);
    // No request ever leaves this origin (files never leave the browser).
    const remote = requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'));
    assert.deepEqual(remote, [], 'requests to other origins');
    assert.deepEqual(pageErrors, [], 'uncaught page errors');
    // Nothing the page does is refused by its Content-Security-Policy.
    assert.deepEqual([...cspMessages, ...await page.evaluate(() => window.cadbCsp)], [], 'CSP violations');
    passed++;
    console.log(`ok    ${name}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL  ${name}\n${e.stack ?? e}`);
    // What the page showed when it failed: where, its status and error lines.
    const shown = await page.evaluate(() => ({
      href: location.href,
      status: document.querySelector('[data-testid=status]')?.textContent ?? null,
      error: document.querySelector('[data-testid=error]')?.textContent ?? null,
    })).catch((err) => ({ unreadable: String(err) }));
    console.log(`      the page: ${JSON.stringify(shown)}`);
    if (consoleTail.length) console.log(`      its console:\n${consoleTail.map((l) => `        ${l}`).join('\n')}`);
    if (pageErrors.length) console.log(`      its errors: ${pageErrors.join('; ')}`);
    const shots = process.env.E2E_SHOTS;
    if (shots) await page.screenshot({ path: path.join(shots === '1' ? '/tmp' : shots, `e2e-fail-${process.pid}-${failures.length}.png`) }).catch(() => {});
  } finally {
    await context.close();
  }
}


/** Another build of the viewer (the same files, sw.js with another
 * version) installed and active ('activated': its activate event, which
 * deletes the old caches, is over). */
export async function updateServiceWorker(page) {
  served.rewrite = (at, bytes) => (at === '/sw.js' ? bytes.toString().replace(/"version":"(\w+)"/, '"version":"$1-next"') : bytes);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
      const next = registration.installing ?? registration.waiting;
      if (!next) throw new Error('no new service worker');
      await Promise.race([
        new Promise((ok) => {
          const check = () => (next.state === 'activated' ? ok() : next.addEventListener('statechange', check, { once: true }));
          check();
        }),
        new Promise((_, no) => setTimeout(() => no(new Error(`the new service worker is ${next.state} after 20 s`)), 20000)),
      ]);
    });
  } finally {
    served.rewrite = null;
  }
}

export const fen = (page) => page.locator('[data-testid=board]').getAttribute('data-fen');
/** The Tools menu's compactness dialog. */
export async function openCompactness(page) {
  await page.locator('#tools summary').click();
  await page.locator('[data-testid=open-compactness]').click();
}
export const demoFiles = readdirSync(demoDir).filter((f) => /^DEMO\.(CDP|EMB|D00|A02|D02)$/i.test(f)).map((f) => path.join(demoDir, f));
// The demo's games, as written into it (scripts/build.sh).
export const DEMO_PGN = readFileSync(path.join(root, 'tests/data/demo/demo.pgn'), 'utf8');
export const DEMO_GAMES = DEMO_PGN.split(/^\[Event /m).slice(1);
export const demoCdp = path.join(demoDir, 'DEMO.CDP');
/** Game `n` (0-based) of a database (the demo's by default), as the CLI reads it (`cadb json`). */
export const gameJson = (n, cdp = demoCdp) => JSON.parse(execFileSync(cadb, ['json', cdp, '--game', String(n)]).toString());

export const tmp = mkdtempSync(path.join(os.tmpdir(), 'cadb-e2e-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
/** A database `name` written by the CLI from `pgn` (`args`: more options
 * of `cadb write`); its five files. */
export function writeDb(name, pgn, args = []) {
  execFileSync(cadb, ['write', path.join(tmp, name), ...args], { input: pgn });
  return readdirSync(tmp).filter((f) => f.startsWith(`${name}.`)).map((f) => path.join(tmp, f));
}
export const rows = (page) => page.locator('[data-testid=game-row]');
export const error = (page) => page.locator('[data-testid=error]');
export const status = (page, text) => page.locator('[data-testid=status]').filter({ hasText: text }).waitFor();
export const fault = (page, type, f) => page.evaluate(([t, k]) => window.cadbE2E.fault(t, k), [type, f]);
/** Opens row `n` of the list; checks the board against the CLI's replay of
 * that game, and goes back to its start. */
export async function openRow(page, n) {
  const index = Number(await rows(page).nth(n).getAttribute('data-index'));
  await rows(page).nth(n).click();
  const want = gameJson(index);
  // Its moves are shown (every game starts from the same position: the board alone cannot tell).
  const last = want.moves.at(-1)?.fen ?? want.startFen;
  await page.waitForFunction(([f, l]) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f
    && (!document.querySelector('[data-testid=move]') || [...document.querySelectorAll('[data-testid=move]')].some((m) => m.dataset.fen === l)), [want.startFen, last]);
  await page.keyboard.press('End');
  assert.equal(await fen(page), want.moves.at(-1)?.fen ?? want.startFen, `game ${index + 1}: the last position`);
  await page.keyboard.press('Home');
}
/** The list's first rows have their text (fetched from the Worker; every game has a result). */
export const rowsFilled = (page) => page.waitForFunction(() => {
  const cells = [...document.querySelectorAll('[data-testid=game-row] .cell[data-column=result]')].slice(0, 5);
  return cells.length === 5 && cells.every((c) => c.textContent.trim() !== '');
});
/** The count of a filtered list (a plain number; "of N" beside it). */
export const listed = async (page) => {
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  return Number((await page.locator('[data-testid=game-count]').textContent()));
};

/** A check with no page (a file's content): counted as a test. */
export function check(name, fn) {
  if (process.env.E2E_ONLY && !new RegExp(process.env.E2E_ONLY).test(name)) return;
  try {
    fn();
    passed++;
    console.log(`ok    ${name}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL  ${name}\n${e.stack ?? e}`);
  }
}

/** Closes the browser and the server, prints the summary; exits 1 on a failure. */
export async function finish() {
  await browser.close();
  server.close();
  console.log(`\n${passed} passed, ${failures.length} failed`);
  if (failures.length) process.exit(1);
}
