// The doctor's full check in the viewer as a user feels it, alone and
// split between helper Workers: a database chosen through the file input,
// the Database panel opened, then "Check every game" clicked; the time
// runs from the click to the report saying every game's record was
// checked, measured in the page. Twice a page: the first check (the
// helpers open the database on their first pass), then another (they keep
// it). Settings alternate round by round (this machine is noisy).
//
//   node scripts/bench-doctor.mjs ROUNDS DB.CDP|FOLDER DIST [HELPERS=0,2]
//
// A FOLDER: every database in it chosen, then "All N as one list" checked.
// HELPERS: the `?helpers=N` of each setting (0: the background Worker alone).
import { statSync } from 'node:fs';
import { alternateHelpers, openChosen } from './browser.mjs';

const [rounds = '3', cdp = '', dist = '', helpersList = '0,2'] = process.argv.slice(2);
if (!cdp || !dist) {
  console.error('usage: node scripts/bench-doctor.mjs ROUNDS DB.CDP DIST [HELPERS=0,2]');
  process.exit(2);
}
const settings = helpersList.split(',').map(Number);

/** Clicks "Check every game" and returns the ms to the full report. */
async function timed(page) {
  const t0 = await page.evaluate(() => {
    window.__checked = null;
    const seen = new MutationObserver(() => {
      const d = document.querySelector('[data-testid=diagnosis]');
      if (d && /every game's record checked/.test(d.textContent)) {
        window.__checked = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    const t = performance.now();
    document.querySelector('[data-testid=check-all]').click();
    return t;
  });
  await page.waitForFunction(() => window.__checked, null, { timeout: 1800000, polling: 50 });
  return (await page.evaluate(() => window.__checked)) - t0;
}

/** A folder's list of all, once its databases are chosen. */
async function showAll(page) {
  if (!statSync(cdp).isDirectory()) return;
  await page.locator('[data-testid=database-pick]').selectOption('*');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.startsWith('Opened all databases'), null, { timeout: 600000, polling: 50 });
  await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 3000));
}

/** One round: on a page with the database opened, two checks. */
async function round(page, files) {
  await showAll(page);
  await page.locator('#db-panel > summary').click();
  const out = [];
  for (let k = 0; k < 2; k++) {
    // The sample's report first, with its button.
    await page.locator('[data-testid=check-all]').waitFor({ timeout: 600000 });
    out.push({ ms: await timed(page) });
    // The next check starts from the sample again: the database reopened.
    if (k === 0) {
      await openChosen(page, files, Number(process.env.SETTLE_MS ?? 3000));
      await showAll(page);
      if (!(await page.locator('#db-panel').evaluate((d) => d.open))) await page.locator('#db-panel > summary').click();
    }
  }
  return out;
}

await alternateHelpers(Number(rounds), cdp, dist, settings, ['first', 'second'], round);
