// The opening tree of every game in the viewer (each game to 40 plies, D02
// read lazily through the file input), timed from the button to the table,
// for one or more builds of the viewer side by side: the builds take turns,
// round by round, in the same browser, each on a fresh page, and the medians
// print with their ratio to the first build's. Needs `bash scripts/build.sh
// --bundle` (dist/); another build is a dist/ made the same way elsewhere
// (a git worktree). A build may carry the page's query: `dist?helpers=0`
// (the background Worker alone) beside `dist?helpers=2` (the tree built by
// two helper Workers, www/pool.ts `tree`).
//   node scripts/bench-tree-browser.mjs DB.CDP [ROUNDS] [DIST[?QUERY]...]
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickUntil, launchChromium, serve } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [cdp, roundsArg = '3', ...distArgs] = process.argv.slice(2);
if (!cdp) throw new Error('usage: node scripts/bench-tree-browser.mjs DB.CDP [ROUNDS] [DIST...]');
const rounds = Number(roundsArg);
const builds = (distArgs.length ? distArgs : [path.join(root, 'dist')]).map((d) => {
  const [dir, query = ''] = d.split('?');
  return { dir: path.resolve(dir), query: query ? `?${query}` : '' };
});
const dists = builds.map((b) => `${b.dir}${b.query}`);
const stem = cdp.replace(/\.cdp$/i, '');
const files = ['CDP', 'EMB', 'D00', 'A02', 'D02'].map((e) => `${stem}.${e}`);

// A server for each build, on its own port (the service worker's scope is per origin).
const servers = await Promise.all(builds.map((b) => serve([['/', b.dir]])));
const browser = await launchChromium();

/** Opens the database in build `k`'s viewer and times its tree. */
async function treeMs(k) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${servers[k].address().port}/${builds[k].query}`);
  await page.getByText(/Opened DEMO/).waitFor({ timeout: 60000 });
  await page.locator('[data-testid=open-files]').setInputFiles(files);
  const name = path.basename(stem);
  await page.waitForFunction((n) => (document.querySelector('[data-testid=status]')?.textContent ?? '').startsWith(`Opened ${n}`), name, { timeout: 120000 });
  // Over 50,000 games the viewer builds the tree when asked: its one button.
  await page.locator('#tree button:not(.tree-move)').waitFor({ timeout: 60000 });
  const ms = await clickUntil(page, '#tree', 'button:not(.tree-move)', 'table.tree');
  await context.close();
  return ms;
}

const times = dists.map(() => []);
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < dists.length; k++) times[k].push(Math.round(await treeMs(k)));
  console.log(`round ${r + 1}: ${times.map((t) => `${t.at(-1)} ms`).join(', ')}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nopening tree of every game of ${path.basename(stem)} (D02 ${(statSync(files[4]).size / 1e6).toFixed(0)} MB read lazily), button to table, median of ${rounds}:`);
dists.forEach((d, k) => console.log(`  ${d}: ${median(times[k])} ms (${(median(times[k]) / median(times[0])).toFixed(2)}× the first)`));
await browser.close();
for (const s of servers) s.close();
