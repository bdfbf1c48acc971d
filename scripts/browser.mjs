// What the browser scripts (benchmarks and end-to-end tests) share: the
// headless Chromium they drive, a static server, and timing in the page.

import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's Chromium (or $CADB_CHROMIUM), headless, with the flags that
 * work on these machines; never a browser Playwright fetches itself. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CADB_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** The five files of the database whose CDP is `cdp` (found by stem, ignoring case). */
export function filesOf(cdp) {
  // A folder: every database in it, the one the page shows first (the
  // archive's order, case aside) first.
  if (statSync(cdp).isDirectory()) {
    return readdirSync(cdp).filter((f) => /\.(cdp|emb|d00|a02|d02)$/i.test(f)).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).map((f) => path.join(cdp, f));
  }
  const dir = path.dirname(cdp);
  const stem = path.basename(cdp).replace(/\.cdp$/i, '').toLowerCase();
  return readdirSync(dir).filter((f) => /\.(cdp|emb|d00|a02|d02)$/i.test(f) && f.replace(/\.[^.]+$/, '').toLowerCase() === stem).map((f) => path.join(dir, f));
}

/** Chooses the database `files` through the viewer's file input, waits
 * until its status line says the database is opened, then `settleMs` more:
 * the background Worker opens it after the foreground one and runs the
 * doctor's sample, so what is timed next starts with it idle. */
export async function openChosen(page, files, settleMs) {
  const stem = path.basename(files[0]).replace(/\.[^.]+$/, '');
  await page.setInputFiles('[data-testid=open-files]', files);
  await page.waitForFunction((stem) => document.querySelector('[data-testid=status]').textContent.startsWith(`Opened ${stem}`), stem, { timeout: 600000, polling: 50 });
  await page.waitForTimeout(settleMs);
}

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

/** Serves directories on 127.0.0.1 at a free port: `mounts` is a list of
 * [URL prefix, directory]; a directory's index is index.html. */
export function serve(mounts) {
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

/** Clicks `button` (a selector) inside `root` and resolves with the
 * milliseconds until an element matching `shown` is in `root`, measured in
 * the page by a MutationObserver. Waiting from Node with Playwright's
 * `waitFor` would round the time up: it polls at growing steps, 500 ms
 * apart after the first second (the opening tree of a million games was
 * reported as 2.85, 3.36 or 3.87 s, never between). */
export function clickUntil(page, root, button, shown) {
  return page.evaluate(([root, button, shown]) => new Promise((done) => {
    const at = document.querySelector(root);
    const t = performance.now();
    new MutationObserver((_, observer) => {
      if (!at.querySelector(shown)) return;
      observer.disconnect();
      done(performance.now() - t);
    }).observe(at, { childList: true, subtree: true });
    at.querySelector(button).click();
  }), [root, button, shown]);
}

/** Runs `round(page, files)` on a fresh page with each `?helpers=N` of
 * `settings` in turn, the files of `cdp` chosen and opened, `rounds` times
 * (this machine is noisy: settings alternate round by round), over `dist`
 * served; prints each round's times (`what` naming them) and their
 * medians. */
export async function alternateHelpers(rounds, cdp, dist, settings, what, round) {
  const browser = await launchChromium();
  const server = await serve([['/', path.resolve(dist)]]);
  const origin = `http://127.0.0.1:${server.address().port}/`;
  const files = filesOf(cdp);
  const ms = settings.map(() => what.map(() => []));
  const name = path.basename(cdp);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < settings.length; k++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(`${origin}?helpers=${settings[k]}`);
      await page.locator('[data-testid=game-row]').first().waitFor({ timeout: 60000 });
      await openChosen(page, files, Number(process.env.SETTLE_MS ?? 3000));
      const got = await round(page, files);
      await context.close();
      got.forEach((g, j) => ms[k][j].push(g.ms));
      console.log(`${name} helpers=${settings[k]} round ${r + 1}: ${got.map((g, j) => `${what[j]} ${g.ms.toFixed(0)} ms${g.status ? ` (${g.status})` : ''}`).join('; ')}`);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  for (let k = 0; k < settings.length; k++) {
    console.log(`${name} helpers=${settings[k]} median: ${ms[k].map((xs, j) => `${what[j]} ${median(xs).toFixed(0)} ms`).join(', ')}`);
  }
  await browser.close();
  server.close();
}
