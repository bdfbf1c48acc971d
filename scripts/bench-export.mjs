// The viewer's whole-database PGN export as a user feels it: a database
// chosen through the file input, then "⤓ PGN" clicked; the time runs from
// the click to the download handed to the browser (the page's `<a
// download>` clicked on the Blob of the whole PGN, or the file written,
// whichever way the build saves it), measured in the page. Builds
// alternate round by round (this machine is noisy).
// SINK=file: where the page asks for a file to write into (10,000 games or
// more), it gets one that drops the bytes. HELPERS=N: `?helpers=N`.
// SETTLE_MS: the wait after opening before the click (default 3,000).
// A FOLDER in place of a DB.CDP: every database in it chosen at once, and
// "⤓ PGN of all" clicked (issue 47); MERGE=0: with "merge duplicates" off.
//
//   node scripts/bench-export.mjs ROUNDS DB.CDP|FOLDER[,...] DIST [BASE_DIST]
//
// DIST is a viewer bundle (`npm run build`'s dist/); BASE_DIST another one
// (an older commit's, built in a worktree) measured side by side.
import { statSync } from 'node:fs';
import path from 'node:path';
import { filesOf, launchChromium, openChosen, serve } from './browser.mjs';

const [rounds = '3', dbs = '', ...dists] = process.argv.slice(2);
if (!dbs || dists.length === 0) {
  console.error('usage: node scripts/bench-export.mjs ROUNDS DB.CDP[,DB2.CDP...] DIST [BASE_DIST]');
  process.exit(2);
}

/** Notes, in the page, when a download is handed over and how big it is;
 * with `file`, a big export goes to a file picked (a stub that counts the
 * bytes written and drops them, as a disk would take them). */
function hook(file) {
  const w = window;
  w.__exported = null;
  // Without it, no picker: the download, as in browsers that have none
  // (headless Chromium's own picker closes the page).
  if (!file) w.showSaveFilePicker = undefined;
  else {
    w.showSaveFilePicker = async ({ suggestedName }) => ({
      createWritable: async () => {
        let bytes = 0;
        return {
          write: async (b) => void (bytes += b.byteLength),
          close: async () => void (w.__exported = { at: performance.now(), name: suggestedName, bytes }),
          abort: async () => undefined,
        };
      },
    });
  }
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    w.__exportBytes = blob.size;
    return create(blob);
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download) w.__exported = { at: performance.now(), name: this.download, bytes: w.__exportBytes };
    // Not saved: only the time to hand it over counts.
  };
  void click;
}

/** One round: opens `files` in a fresh page of `origin`, exports; returns { ms, bytes, status }. */
async function round(browser, origin, files, all) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block', acceptDownloads: false });
  await context.addInitScript(hook, process.env.SINK === 'file');
  const page = await context.newPage();
  await page.goto(origin + (process.env.HELPERS ? `?helpers=${process.env.HELPERS}` : ''));
  await page.locator('[data-testid=game-row]').first().waitFor({ timeout: 60000 });
  await openChosen(page, files, Number(process.env.SETTLE_MS ?? 3000));
  if (all && process.env.MERGE === '0') await page.locator('[data-testid=merge-copies]').uncheck();
  const t0 = await page.evaluate((button) => {
    const t = performance.now();
    document.querySelector(`[data-testid=${button}]`).click();
    return t;
  }, all ? 'export-all' : 'export-pgn');
  await page.waitForFunction(() => window.__exported, null, { timeout: 1800000, polling: 100 });
  const got = await page.evaluate(() => ({ ...window.__exported, status: document.querySelector('[data-testid=status]').textContent }));
  await context.close();
  return { ms: got.at - t0, bytes: got.bytes, status: got.status };
}

const browser = await launchChromium();
const servers = await Promise.all(dists.map((d) => serve([['/', path.resolve(d)]])));
const origins = servers.map((s) => `http://127.0.0.1:${s.address().port}/`);
for (const cdp of dbs.split(',')) {
  const all = statSync(cdp).isDirectory();
  const files = filesOf(cdp);
  const ms = dists.map(() => []);
  for (let r = 0; r < Number(rounds); r++) {
    for (let b = 0; b < dists.length; b++) {
      const got = await round(browser, origins[b], files, all);
      ms[b].push(got.ms);
      console.log(`${path.basename(cdp)} ${dists[b]} round ${r + 1}: ${got.ms.toFixed(0)} ms, ${got.bytes} bytes; ${got.status}`);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const line = dists.map((d, b) => `${d}: ${median(ms[b]).toFixed(0)} ms`).join(', ');
  console.log(`${path.basename(cdp)} median: ${line}${dists.length > 1 ? `; ratio ${(median(ms[1]) / median(ms[0])).toFixed(2)}` : ''}`);
}
await browser.close();
for (const s of servers) s.close();
