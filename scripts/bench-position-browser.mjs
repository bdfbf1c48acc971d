// Position search in the viewer's Worker on a big database opened through
// the file input (D02 read lazily), beside the opening tree of the same
// games (every game replayed to 40 plies) in the same page. The board
// shows game ROW's position after each PLY given; for each, the time from
// the button to the filtered list (the worker's whole search) and the
// games found. The searches after the first reuse what it learnt of each
// game (the Worker's search memo): a repeated search. Needs
// `bash scripts/build.sh --bundle` (dist/); DIST=dir serves another build
// (e.g. an older commit's, side by side), TREE=0 skips the tree, HELPERS=N
// opens the page with `?helpers=N` (0: the background Worker alone). A
// FOLDER in place of DB.CDP: every database in it chosen, then "All N as
// one list" searched.
//   node scripts/bench-position-browser.mjs DB.CDP|FOLDER [ROW] [PLY...]
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesOf, launchChromium, serve } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [cdp, row = '0', ...plyArgs] = process.argv.slice(2);
const plies = plyArgs.length ? plyArgs.map(Number) : [0, 30];
const folder = statSync(cdp).isDirectory();
const files = filesOf(cdp);
const stem = files[0].replace(/\.[^.]+$/, '');
const dist = process.env.DIST ?? path.join(root, 'dist');
const server = await serve([['/', dist]]);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(`http://127.0.0.1:${server.address().port}/${process.env.HELPERS === undefined ? '' : `?helpers=${process.env.HELPERS}`}`);
await page.getByText(/Opened DEMO/).waitFor({ timeout: 60000 });
await page.locator('[data-testid=open-files]').setInputFiles(files);
const stem0 = path.basename(stem);
await page.waitForFunction((n) => (document.querySelector('[data-testid=status]')?.textContent ?? '').startsWith(`Opened ${n}`), stem0, { timeout: 120000 });
if (folder) {
  await page.locator('[data-testid=database-pick]').selectOption('*');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.startsWith('Opened all databases'), null, { timeout: 600000, polling: 50 });
  await page.waitForTimeout(3000);
}
const games = await page.locator('[data-testid=game-count]').textContent();
const d02 = files.filter((f) => /\.d02$/i.test(f)).reduce((a, f) => a + statSync(f).size, 0);
console.log(`${games} games, D02 ${(d02 / 1e6).toFixed(0)} MB read lazily`);
const total = () => page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false, null, { timeout: 600000, polling: 10 });
for (const ply of plies) {
  await page.locator('[data-testid=game-row]').nth(Number(row)).click();
  // The game loads in the Worker: wait for its moves before stepping.
  await page.locator('[data-testid=moves] .current, [data-testid=moves] button, [data-testid=moves] span').first().waitFor();
  await page.waitForTimeout(500);
  await page.keyboard.press('Home');
  for (let k = 0; k < ply; k++) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(200);
  const fen = await page.locator('[data-testid=board]').getAttribute('data-fen');
  const t = Date.now();
  await page.locator('[data-testid=position-search]').click();
  await total();
  const ms = Date.now() - t;
  const found = await page.locator('[data-testid=game-count]').textContent();
  console.log(`position search, game row ${row} at ply ${ply} (${fen}): ${ms} ms, ${found} games reach it`);
  await page.locator('[data-testid=position-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
}
// The opening tree: every game replayed to 40 plies, in the same Worker.
if (process.env.TREE === '0') {
  await browser.close();
  server.close();
  process.exit(0);
}
await page.locator('#tree button').waitFor({ timeout: 60000 });
const t = Date.now();
await page.locator('#tree button').click();
await page.locator('#tree table.tree').waitFor({ timeout: 1200000 }).catch(async (e) => {
  console.log(`no tree table: ${await page.locator('#tree').textContent()}`);
  throw e;
});
console.log(`opening tree of every game (40 plies each), button to table: ${Date.now() - t} ms`);
await browser.close();
server.close();
