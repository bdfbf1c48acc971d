// The viewer's latency as a user feels it: a database chosen through the
// file input, then, at once (the background work of opening still running),
// 20 clicks on rows, 20 steps with → and 20 scrolls of the list by a page.
// Each time is measured in the page,
// from the input or the click to the change it asks for (a MutationObserver,
// never Playwright's polling): the first game shown, the row's game shown
// (its row selected and its moves drawn), the board's next position, and
// the Database panel's report (the doctor's sample run on opening), the
// rows scrolled into view drawn with their text (fetched from the Worker).
// Only selectors both today's page and older ones have are used.
// Builds alternate round by round (this machine is noisy).
//
//   node scripts/bench-latency.mjs ROUNDS DB.CDP[,DB2.CDP...] DIST [BASE_DIST]
//
// DIST is a viewer bundle (`npm run build`'s dist/); BASE_DIST another one
// (an older commit's, built in a worktree) measured side by side.
import path from 'node:path';
import { filesOf, launchChromium, serve } from './browser.mjs';

const [rounds = '3', dbs = '', ...dists] = process.argv.slice(2);
if (!dbs || dists.length === 0) {
  console.error('usage: node scripts/bench-latency.mjs ROUNDS DB.CDP[,DB2.CDP...] DIST [BASE_DIST]');
  process.exit(2);
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** One round: opens `files` in a fresh page of `origin`; returns the times in ms. */
async function round(browser, origin, files) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(origin);
  await page.locator('[data-testid=game-row]').first().waitFor({ timeout: 60000 });
  const stem = path.basename(files[0]).replace(/\.[^.]+$/, '');
  // Armed before the files are set: the time from the input's change to the
  // new database's first game (its first row selected and moves drawn).
  const firstGame = page.evaluate((stem) => new Promise((done) => {
    const input = document.querySelector('[data-testid=open-files]');
    const status = document.querySelector('[data-testid=status]');
    input.addEventListener('change', () => {
      const t = performance.now();
      let opened = false;
      const check = () => {
        // "Opened STEM", not "Opening STEM…": with the old database's first
        // row still selected, the clicks would begin during the open, and the
        // open would make the first one stale (it waited for ever).
        opened ||= status.textContent.startsWith(`Opened ${stem}`);
        if (opened && document.querySelector('[data-testid=game-row][data-index="0"].selected')) {
          observer.disconnect();
          done(performance.now() - t);
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    }, { once: true });
  }), stem);
  // The Database panel's report (the doctor's sample, run on opening): a
  // new list of readings.
  const report = page.evaluate(() => new Promise((done) => {
    const input = document.querySelector('[data-testid=open-files]');
    input.addEventListener('change', () => {
      const t = performance.now();
      const old = document.querySelector('[data-testid=readings]');
      const observer = new MutationObserver(() => {
        const now = document.querySelector('[data-testid=readings]');
        if (!now || now === old) return;
        observer.disconnect();
        done(performance.now() - t);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }, { once: true });
  }));
  await page.locator('[data-testid=open-files]').setInputFiles(files);
  const first = await firstGame;
  // Row clicks: rows 1..20 of the list, each until its game is shown.
  const clicks = [];
  for (let k = 1; k <= 20; k++) {
    clicks.push(await page.evaluate((k) => new Promise((done) => {
      const row = document.querySelectorAll('[data-testid=game-row]')[k];
      const index = row.dataset.index;
      const moves = document.querySelector('[data-testid=moves]');
      // Redrawn moves: new nodes, or (a virtual DOM reuses them) new text.
      let drawn = false;
      new MutationObserver((_, o) => {
        drawn = true;
        o.disconnect();
      }).observe(moves, { childList: true, subtree: true, characterData: true, attributes: true });
      const t = performance.now();
      const check = () => {
        if (drawn && document.querySelector(`[data-testid=game-row][data-index="${index}"].selected`)) {
          observer.disconnect();
          done(performance.now() - t);
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      row.click();
    }), k % 10 + 1));
  }
  // Steps: → twenty times in the last game, each until the board changes;
  // at the end of its main line (a short game), Home first, not counted.
  const steps = [];
  while (steps.length < 20) {
    const atEnd = await page.evaluate(() => {
      const moves = document.querySelector('[data-testid=moves]');
      const main = [...moves.querySelectorAll('[data-testid=move]')].filter((el) => !el.closest('[role=group]'));
      return main.length === 0 || moves.querySelector('.move.current') === main[main.length - 1];
    });
    if (atEnd) {
      await page.keyboard.press('Home');
      await page.waitForTimeout(100);
    }
    steps.push(await page.evaluate(() => new Promise((done) => {
      const board = document.querySelector('[data-testid=board]');
      const before = board.getAttribute('data-fen');
      const t = performance.now();
      const observer = new MutationObserver(() => {
        if (board.getAttribute('data-fen') === before) return;
        observer.disconnect();
        done(performance.now() - t);
      });
      observer.observe(board, { attributes: true });
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    })));
  }
  // Scrolls: the list down by a page, twenty times from the top, each
  // until the rows at the top and bottom of the view show their text.
  await page.evaluate(() => {
    document.getElementById('list').scrollTop = 0;
  });
  await page.waitForTimeout(200);
  const scrolls = [];
  for (let k = 0; k < 20; k++) {
    scrolls.push(await page.evaluate(() => new Promise((done) => {
      const list = document.getElementById('list');
      const rowHeight = document.querySelector('[data-testid=game-row]').getBoundingClientRect().height;
      const head = list.querySelector('[role=row]').getBoundingClientRect().height;
      const to = list.scrollTop + list.clientHeight - head;
      const first = Math.floor(to / rowHeight);
      const last = Math.floor((to + list.clientHeight - head) / rowHeight) - 1;
      // A row's cells past its number are empty until its text is drawn.
      const shown = (p) => {
        const row = list.querySelector(`[data-testid=game-row][aria-rowindex="${p + 2}"]`);
        return row !== null && [...row.children].slice(1).some((c) => c.textContent !== '');
      };
      const t = performance.now();
      let over = false;
      const check = () => {
        if (!over && shown(first) && shown(last)) {
          over = true;
          observer.disconnect();
          done(performance.now() - t);
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(list, { childList: true, subtree: true, attributes: true, characterData: true });
      // Rows already drawn (fetched ahead) may change nothing: checked once
      // the list has handled the scroll too.
      list.addEventListener('scroll', check, { once: true });
      list.scrollTop = to;
    })));
  }
  const reported = await report;
  await context.close();
  return { first, clicks, steps, scrolls, report: reported };
}

const browser = await launchChromium();
const servers = await Promise.all(dists.map((d) => serve([['/', path.resolve(d)]])));
const origins = servers.map((s) => `http://127.0.0.1:${s.address().port}/`);
for (const cdp of dbs.split(',')) {
  const files = filesOf(cdp);
  const results = dists.map(() => ({ first: [], clicks: [], steps: [], scrolls: [], report: [] }));
  for (let r = 0; r < Number(rounds); r++) {
    for (let b = 0; b < dists.length; b++) {
      const got = await round(browser, origins[b], files);
      results[b].first.push(got.first);
      results[b].report.push(got.report);
      results[b].clicks.push(...got.clicks);
      results[b].steps.push(...got.steps);
      results[b].scrolls.push(...got.scrolls);
    }
  }
  console.log(`\n${path.basename(cdp)} (${rounds} rounds; ms; p50 / p95 / max)`);
  const f = (x) => Math.round(x).toString().padStart(6);
  const line = (xs) => `${f(pct(xs, 50))} ${f(pct(xs, 95))} ${f(Math.max(...xs))}`;
  console.log(`${'build'.padEnd(28)} ${'first game'.padStart(20)}   ${'row clicks'.padStart(20)}   ${'steps (→)'.padStart(20)}   ${'list scrolls'.padStart(20)}   ${'doctor\'s report'.padStart(20)}`);
  dists.forEach((d, b) => {
    const x = results[b];
    console.log(`${d.slice(-28).padEnd(28)} ${line(x.first)}   ${line(x.clicks)}   ${line(x.steps)}   ${line(x.scrolls)}   ${line(x.report)}`);
  });
}
await browser.close();
for (const s of servers) s.close();
