// The list of many databases as one (issue 47), as a user feels it: every
// database of a folder chosen at once, then "All N as one list" from the
// Database menu, then 20 clicks on rows spread over the whole list (each
// after a jump of the list there: its rows drawn), 20 steps with →, a sort
// by Event (names ranked across the databases), the filter and the opening
// tree of every game (each member's built, then summed). Each time is measured in the page, from the
// action to the change it asks for (a MutationObserver). The decoder's
// memory comes from the status line ("decoder memory N MB"): one database,
// then all of them.
//
//   node scripts/bench-archive.mjs ROUNDS FOLDER DIST
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, serve } from './browser.mjs';

const [rounds = '2', folder = '', dist = ''] = process.argv.slice(2);
if (!folder || !dist) {
  console.error('usage: node scripts/bench-archive.mjs ROUNDS FOLDER DIST');
  process.exit(2);
}
const files = readdirSync(folder).filter((f) => /\.(cdp|emb|d00|a02|d02)$/i.test(f)).sort().map((f) => path.join(folder, f));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const memory = (text) => Number(/decoder memory ([\d.,]+) MB/.exec(text)?.[1].replace(',', '') ?? NaN);

/** Installs `benchTimed(act, done)` in the page: the ms from `act()` to
 * `done()` holding (checked at every change of the page). Each use is a
 * function of its own: the page's CSP allows no `eval`. */
const installTimer = (page) => page.evaluate(() => {
  window.benchTimed = (act, done) => new Promise((resolve) => {
    const t = performance.now();
    // What never comes is NaN (said as such), not a wait for ever.
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(NaN);
    }, 20000);
    const check = () => {
      if (!done()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - t);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    act();
    check();
  });
});

async function round(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(origin);
  await page.locator('[data-testid=game-row]').first().waitFor({ timeout: 60000 });
  const t0 = Date.now();
  await page.locator('[data-testid=open-files]').setInputFiles(files);
  await page.locator('[data-testid=status]').filter({ hasText: /^Opened (?!DEMO)/ }).waitFor({ timeout: 120000 });
  const firstOpen = Date.now() - t0;
  const one = memory(await page.locator('[data-testid=status]').textContent());
  await installTimer(page);
  // The first database's opening tree alone, to set the list's beside.
  const treeOne = await page.evaluate(() => window.benchTimed(() => document.querySelector('#tree-panel button').click(),
    () => document.querySelector('[data-testid=tree-row]') !== null));
  // "All N as one list": from the choice to its first game shown.
  const all = await page.evaluate(() => window.benchTimed(() => {
    const menu = document.querySelector('[data-testid=database-pick]');
    menu.value = '*';
    menu.dispatchEvent(new Event('change', { bubbles: true }));
  }, () => document.querySelector('[data-testid=status]').textContent.startsWith('Opened all databases')
    && document.querySelector('[data-testid=game-row][data-index="0"].selected') !== null));
  const status = await page.locator('[data-testid=status]').textContent();
  const games = Number(/: ([\d,]+) games/.exec(status)?.[1].replace(/,/g, '') ?? 0);
  // Clicks over the whole list: a jump there (its rows drawn), then a row.
  const clicks = [];
  for (let k = 0; k < 20; k++) {
    const at = Math.floor(((k + 0.5) / 20) * games);
    await page.evaluate((at) => {
      const list = document.getElementById('list');
      list.scrollTop = at * document.querySelector('[data-testid=game-row]').getBoundingClientRect().height;
    }, at);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=game-row] .cell[data-column=database]')].slice(10, 12).every((c) => c.textContent !== ''));
    clicks.push(await page.evaluate(() => {
      const row = document.querySelectorAll('[data-testid=game-row]')[11];
      const selected = () => document.querySelector(`[data-testid=game-row][data-index="${row.dataset.index}"].selected`) !== null;
      // Its game's moves drawn: new nodes (or new text) in the moves.
      let drawn = false;
      new MutationObserver((_, o) => {
        drawn = true;
        o.disconnect();
      }).observe(document.querySelector('[data-testid=moves]'), { childList: true, subtree: true, characterData: true, attributes: true });
      // Or its header or first position (a game may repeat the moves of
      // the one before: the fixture's lessons recur).
      const look = () => `${document.querySelector('[data-testid=game-header]')?.textContent}|${document.querySelector('[data-testid=board]')?.getAttribute('data-fen')}`;
      const before = look();
      return window.benchTimed(() => row.click(), () => selected() && (drawn || look() !== before));
    }));
  }
  const steps = [];
  for (let k = 0; k < 20; k++) {
    // At the end of a short game → changes nothing: Home, not counted.
    const atEnd = await page.evaluate(() => {
      const main = [...document.querySelectorAll('[data-testid=move]')].filter((el) => !el.closest('[role=group]'));
      return main.length === 0 || document.querySelector('.move.current') === main[main.length - 1];
    });
    if (atEnd) {
      await page.keyboard.press('Home');
      await page.waitForTimeout(100);
    }
    steps.push(await page.evaluate(() => {
      const fen = () => document.querySelector('[data-testid=board]').getAttribute('data-fen');
      const before = fen();
      return window.benchTimed(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })), () => fen() !== before);
    }));
  }
  // A sort by White over every game, click to its rows drawn.
  const sort = await page.evaluate(() => window.benchTimed(() => document.querySelector('.list-head [data-column=event]').click(),
    () => document.querySelector('.list-head [data-column=event]')?.getAttribute('aria-sort') === 'ascending'
      && [...document.querySelectorAll('[data-testid=game-row] .cell[data-column=event]')].slice(0, 3).every((c) => c.textContent !== '')));
  // The filter: typed, to the count of games it lists.
  await page.locator('[data-testid=filter]').fill('');
  const filter = await page.evaluate(() => window.benchTimed(() => {
    const f = document.querySelector('[data-testid=filter]');
    f.value = 'lesson';
    f.dispatchEvent(new Event('input', { bubbles: true }));
  }, () => document.querySelector('[data-testid=game-total]')?.hidden === false));
  const allMemory = memory(status);
  // The opening tree of all the games: the tree panel's Build, to its rows.
  const tree = await page.evaluate(() => window.benchTimed(() => document.querySelector('#tree-panel button').click(),
    () => document.querySelector('[data-testid=tree-row]') !== null));
  await context.close();
  return { firstOpen, all, clicks, steps, sort, filter, treeOne, tree, one, allMemory, games };
}

const browser = await launchChromium();
const server = await serve([['/', path.resolve(dist)]]);
const origin = `http://127.0.0.1:${server.address().port}/`;
const got = [];
for (let r = 0; r < Number(rounds); r++) got.push(await round(browser, origin));
const f = (x) => Math.round(x).toString().padStart(6);
const line = (all) => {
  const xs = all.filter((x) => !Number.isNaN(x));
  const missed = all.length - xs.length;
  return `${f(pct(xs, 50))} ${f(pct(xs, 95))} ${f(Math.max(...xs))}${missed ? ` (${missed} never came)` : ''}`;
};
console.log(`${files.length / 5} databases, ${got[0].games} games (${rounds} rounds; ms; p50 / p95 / max)`);
console.log(`first database opened (whole choice): ${line(got.map((g) => g.firstOpen))}`);
console.log(`"All" opened, to its first game:       ${line(got.map((g) => g.all))}`);
console.log(`row clicks over the whole list:        ${line(got.flatMap((g) => g.clicks))}`);
console.log(`steps (→):                             ${line(got.flatMap((g) => g.steps))}`);
console.log(`sort by Event, to its rows:            ${line(got.map((g) => g.sort))}`);
console.log(`filter "lesson", to its count:         ${line(got.map((g) => g.filter))}`);
console.log(`opening tree of the first database:    ${line(got.map((g) => g.treeOne))}`);
console.log(`opening tree of every game, to its rows: ${line(got.map((g) => g.tree))}`);
console.log(`decoder memory: one database ${got.map((g) => g.one).join(' / ')} MB; all ${got.map((g) => g.allMemory).join(' / ')} MB`);
await browser.close();
server.close();
