// The viewer's search inside games as a user feels it, alone and split
// between helper Workers: a database chosen through the file input, then
// a search typed in the form's "Position and moves" group and applied; the
// time runs from the click to the status saying how many games are
// listed, measured in the page. Two searches a page: the first (the
// helpers open the database on their first pass), then another (they
// keep it). Settings alternate round by round (this machine is noisy).
//
//   node scripts/bench-search.mjs ROUNDS DB.CDP|FOLDER DIST [HELPERS=0,2] [FIELD=comment] [FIRST=brilliant] [SECOND=blunder]
//
// A FOLDER: every database in it chosen at once, then "All N as one list"
// searched (a database a helper).
// HELPERS: the `?helpers=N` of each setting (0: the background Worker alone).
import { statSync } from 'node:fs';
import { alternateHelpers } from './browser.mjs';

const [rounds = '3', cdp = '', dist = '', helpersList = '0,2', field = 'comment', first = 'brilliant', second = 'blunder'] = process.argv.slice(2);
if (!cdp || !dist) {
  console.error('usage: node scripts/bench-search.mjs ROUNDS DB.CDP DIST [HELPERS=0,2] [FIELD=comment] [FIRST] [SECOND]');
  process.exit(2);
}
const settings = helpersList.split(',').map(Number);

/** Fills `field` with `text`, applies, and returns the ms to the count listed. */
async function timed(page, text) {
  await page.locator(`[data-testid=search-${field}]`).fill(text);
  const t0 = await page.evaluate(() => {
    const el = document.querySelector('[data-testid=status]');
    window.__listed = null;
    const seen = new MutationObserver(() => {
      if (/listed in/.test(el.textContent)) {
        window.__listed = { at: performance.now(), status: el.textContent };
        seen.disconnect();
      }
    });
    seen.observe(el, { childList: true, subtree: true, characterData: true });
    const t = performance.now();
    document.querySelector('[data-testid=search-apply]').click();
    return t;
  });
  await page.waitForFunction(() => window.__listed, null, { timeout: 1800000, polling: 50 });
  const got = await page.evaluate(() => window.__listed);
  return { ms: got.at - t0, status: got.status };
}

/** One round: on a page with the database opened (a folder's list of
 * all), two searches. */
async function round(page) {
  if (statSync(cdp).isDirectory()) {
    await page.locator('[data-testid=database-pick]').selectOption('*');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.startsWith('Opened all databases'), null, { timeout: 600000, polling: 50 });
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 3000));
  }
  await page.locator('.search-panel > summary').click();
  await page.locator('#search-moves > summary').click();
  const a = await timed(page, first);
  const b = await timed(page, second);
  return [a, b];
}

await alternateHelpers(Number(rounds), cdp, dist, settings, ['first', 'second'], round);
