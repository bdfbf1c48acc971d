// End-to-end tests of the viewer in Debian's Chromium, driven by
// playwright-core (never downloads a browser). Serves dist/ (built by
// `scripts/build.sh --bundle`) on a free localhost port, with the response
// headers dist/_headers names, and checks the test contract of issue 6.
// Expected positions come from the native CLI (`cadb json`), so the page is
// checked against an independent replay. The recovery tests use dist-e2e/,
// the same bundle with fault hooks (www/e2e-hooks.ts), served under /e2e/;
// `npm run e2e` builds it first. The server, the browser and the helpers
// are tests/e2e/harness.mjs's (shared with search.mjs).
//
//   node tests/e2e/viewer.mjs           (npm run e2e)
//   SCREENSHOTS=1 node tests/e2e/viewer.mjs   also rewrites docs/*.png
//   E2E_ONLY=regex node tests/e2e/viewer.mjs  runs the tests whose names match

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, copyFileSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import {
  root, dist, distE2e, demoDir, cadb, offline, served, updateServiceWorker, origin, browser, test, check, finish, fen, openCompactness, demoFiles, DEMO_PGN, DEMO_GAMES,
  gameJson, tmp, writeDb, rows, error, status, fault, openRow, rowsFilled, listed,
} from './harness.mjs';

await test('the demo opens and the first game is shown', async (page) => {
  await page.getByText(/Opened DEMO/).waitFor();
  const count = Number((await page.locator('[data-testid=game-count]').textContent()).replace(/,/g, ''));
  assert.equal(count, DEMO_GAMES.length);
  assert.ok((await page.locator('[data-testid=game-row]').count()) > 5);
  assert.ok((await page.locator('[data-testid=move]').count()) > 0);
});

await test('stepping with the keys follows the main line of the PGN', async (page) => {
  const want = gameJson(0);
  await page.locator('[data-testid=move]').first().waitFor();
  assert.equal(await fen(page), want.startFen);
  const moves = want.moves.slice(0, 30);
  for (const m of moves) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await fen(page), m.fen, `after ${m.san}`);
  }
  await page.keyboard.press('ArrowLeft');
  assert.equal(await fen(page), moves.at(-2)?.fen ?? want.startFen);
  await page.keyboard.press('Home');
  assert.equal(await fen(page), want.startFen);
  await page.keyboard.press('End');
  assert.equal(await fen(page), want.moves.at(-1).fen);
  // f flips the board.
  await page.keyboard.press('f');
  assert.ok(await page.locator('.cg-wrap.orientation-black').count());
});

/** Opens list rows until `pred(page)` holds; returns the row's game index. */
async function openUntil(page, pred) {
  const rows = page.locator('[data-testid=game-row]');
  const n = Math.min(await rows.count(), 25);
  for (let i = 0; i < n; i++) {
    await rows.nth(i).click();
    await page.waitForFunction((k) => document.querySelector('.list-row.selected')?.getAttribute('data-index') === String(k),
      Number(await rows.nth(i).getAttribute('data-index')));
    if (await pred(page)) return i;
  }
  throw new Error('no game among the first rows qualifies');
}

await test('clicking into a variation, and seeing comments', async (page) => {
  await openUntil(page, async (p) => (await p.locator('[role=group] [data-testid=move]').count()) > 0
    && (await p.locator('[data-testid=comment]').count()) > 0);
  const varMove = page.locator('[role=group] [data-testid=move]').first();
  await varMove.click();
  assert.equal(await fen(page), await varMove.getAttribute('data-fen'));
  // Forward stays in the variation when it goes on.
  const next = page.locator('[role=group]').first().locator('[data-testid=move]').nth(1);
  if (await next.count()) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await fen(page), await next.getAttribute('data-fen'));
  }
  const comment = page.locator('[data-testid=comment]').first();
  assert.ok(await comment.isVisible());
  assert.ok((await comment.textContent()).trim().length > 0);
  assert.equal(await comment.getAttribute('role'), 'note');
});

await test('a sort keeps the open game\'s row in view, where the list put it', async (page) => {
  await status(page, /^Opened DEMO/);
  const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  /** The open game's row, and whether it lies inside the list below its head. */
  const inView = () => page.evaluate(() => {
    const list = document.querySelector('.game-list');
    const row = list.querySelector('.list-row.selected');
    if (!row) return 'no row drawn';
    const box = list.getBoundingClientRect();
    const head = list.querySelector('.list-head').getBoundingClientRect();
    const r = row.getBoundingClientRect();
    return r.top >= head.bottom - 1 && r.bottom <= box.bottom + 1 ? 'in view' : `out of view (row ${r.top}–${r.bottom}, list ${head.bottom}–${box.bottom}, scrollTop ${list.scrollTop})`;
  });
  // Each order moves the first game (the open one) down the list: the list
  // scrolls to it, and the browser must not scroll it again (scroll anchoring).
  for (const dir of ['ascending', 'descending']) {
    await page.locator('.list-head [data-column=whiteElo]').click();
    await page.waitForFunction((d) => document.querySelector('[data-column=whiteElo]')?.getAttribute('aria-sort') === d, dir);
    await frames();
    assert.equal(await inView(), 'in view', dir);
  }
});

await test('steps made while the open game is read again stand (the click came first)', async (page) => {
  await status(page, /^Opened DEMO/);
  const start = await fen(page);
  // The game's next read answers 600 ms late: the steps come before it.
  await fault(page, 'game', 'delay');
  await rows(page).first().click();
  for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') !== f, start);
  const stepped = await fen(page);
  await page.waitForFunction(() => (window.cadbPosts.game ?? 0) >= 1);
  await page.waitForTimeout(1200);
  assert.equal(await fen(page), stepped);
  assert.equal(await page.locator('[data-testid=game-row].selected').getAttribute('data-index'), '0');
}, { path: '/e2e/' });

await test('a sort under way is marked at once, and said to assistive technology only once the rows are in it', async (page) => {
  await status(page, /^Opened DEMO/);
  await fault(page, 'sort', 'hang');
  const head = page.locator('.list-head [data-column=whiteElo]');
  await head.click();
  await page.waitForFunction(() => document.querySelector('.list-head [data-column=whiteElo]')?.classList.contains('sorted'));
  // The background Worker is still sorting: the rows are in the games' order.
  await page.waitForTimeout(300);
  assert.equal(await head.getAttribute('aria-sort'), 'none');
  assert.equal(await rows(page).first().getAttribute('data-index'), '0');
}, { path: '/e2e/' });

await test('sorting by a column and filtering the list', async (page) => {
  const elos = async () => (await page.locator('[data-testid=game-row] .cell[data-column=whiteElo]').allTextContents()).map(Number);
  await page.locator('.list-head [data-column=whiteElo]').click();
  await page.waitForFunction(() => document.querySelector('[data-column=whiteElo]')?.getAttribute('aria-sort') === 'ascending');
  await page.waitForTimeout(200);
  let v = await elos();
  assert.deepEqual(v, [...v].sort((a, b) => a - b), 'ascending');
  await page.locator('.list-head [data-column=whiteElo]').click();
  await page.waitForFunction(() => document.querySelector('[data-column=whiteElo]')?.getAttribute('aria-sort') === 'descending');
  await page.waitForTimeout(200);
  v = await elos();
  assert.deepEqual(v, [...v].sort((a, b) => b - a), 'descending');
  assert.ok(v[0] > 0, 'the highest rated game comes first');

  // Filter by the first row's White player.
  const name = (await page.locator('[data-testid=game-row] .cell[data-column=white]').first().textContent()).trim();
  assert.ok(name, 'a named player');
  await page.locator('[data-testid=filter]').fill(name.slice(0, 6));
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  await page.waitForTimeout(200);
  const rows = await page.locator('[data-testid=game-row]').allTextContents();
  assert.ok(rows.length > 0);
  for (const r of rows) assert.ok(r.toLowerCase().includes(name.slice(0, 6).toLowerCase()), r);
});

await test('exporting PGN downloads every game', async (page) => {
  const count = Number((await page.locator('[data-testid=game-count]').textContent()).replace(/,/g, ''));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-pgn]').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.equal((text.match(/^\[Event /gm) ?? []).length, count);
  const [one] = await Promise.all([page.waitForEvent('download'), page.locator('#save-game').click()]);
  assert.match(readFileSync(await one.path(), 'utf8'), /^\[Event /);
});

await test('opening a database through the file input', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(demoFiles);
  await page.getByText(/Opened DEMO: .* games/).waitFor();
  assert.equal(await page.locator('[data-testid=error]').isVisible(), false);
  await page.locator('[data-testid=game-row]').nth(1).click();
  const want = gameJson(1);
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.startFen);
  await page.keyboard.press('End');
  assert.equal(await fen(page), want.moves.at(-1).fen);
});

await test('the compactness panel shows bytes per move', async (page) => {
  await openCompactness(page);
  const table = page.locator('[data-testid=compactness] table');
  await table.waitFor();
  const text = await table.textContent();
  for (const f of ['CA D02', 'Jose', 'UCI16', 'PGC', 'MGC', 'PGN']) assert.ok(text.includes(f), f);
});

await test('the encoding menu starts at Auto, takes a choice, and remembers it for the database', async (page) => {
  const select = page.locator('#encoding');
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(values, ['auto', 'cp1251', 'cp866', 'latin1', 'utf-8']);
  assert.equal(await select.inputValue(), 'auto');
  await select.selectOption('cp866');
  await page.waitForFunction(() => document.querySelector('#encoding')?.value === 'cp866');
  // The choice is the database's: a reload opens it with it.
  await page.reload();
  await page.locator('[data-testid=status]').filter({ hasText: /^Opened DEMO/ }).waitFor();
  assert.equal(await select.inputValue(), 'cp866');
  await select.selectOption('auto');
  await page.waitForFunction(() => document.querySelector('#encoding')?.value === 'auto');
  await page.reload();
  await page.locator('[data-testid=status]').filter({ hasText: /^Opened DEMO/ }).waitFor();
  assert.equal(await select.inputValue(), 'auto');
});

await test('an incomplete file set names the missing part', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(demoFiles.filter((f) => !/\.A02$/i.test(f)));
  const error = page.locator('[data-testid=error]');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /DEMO\.A02 is missing/);
});

// ---- a hostile or broken file cannot take the page down (issue 14) ----

// Another database, of two games, written by the CLI.
const twoFiles = writeDb('TWO', `[Event "E2E"] [White "Anna"] [Black "Boris"] [Result "1-0"]
1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0

[Event "E2E"] [White "Cleo"] [Black "Anna"] [Result "0-1"]
1. d4 d5 0-1
`);
// The demo with its EMB cut short: the core refuses it at open.
const brokenFiles = demoFiles.map((f) => {
  const to = path.join(tmp, `BROKEN${path.extname(f)}`);
  if (/\.EMB$/i.test(f)) writeFileSync(to, readFileSync(f).subarray(0, 100));
  else copyFileSync(f, to);
  return to;
});

// ---- what the reader inferred (issue 13) ----

// Russian names stored as CP866 (DOS), which the reader must guess.
const dosFiles = writeDb('DOS', `[Event "Чемпионат СССР"] [White "Таль, Михаил"] [Black "Петросян, Тигран"] [Result "1/2-1/2"]
1. e4 c5 2. Nf3 d6 1/2-1/2
`, ['--encoding', 'cp866']);
const notice = (page) => page.locator('[data-testid=db-notice]');
const openDbPanel = (page) => page.locator('#db-panel > summary').click();

await test('the Database panel shows each reading with its evidence; a clean database has no notice', async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=readings]').waitFor({ state: 'attached' });
  assert.equal(await notice(page).isVisible(), false, 'no notice for the demo');
  await openDbPanel(page);
  const text = await page.locator('[data-testid=diagnosis]').textContent();
  for (const q of ['(Q17)', '(Q33)', '(Q11)', '(Q25)']) assert.ok(text.includes(q), q);
  assert.match(text, /strong/);
  // The evidence is a disclosure: counts under the reading.
  await page.locator('[data-testid=readings] li').first().locator('summary').click();
  assert.match(await page.locator('[data-testid=readings] li').first().locator('table').textContent(), /legal under right only/);
});

await test('a database with a weak reading shows a notice that leads to the panel; the report copies without names', async (page) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid=open-files]').setInputFiles(twoFiles);
  await status(page, /^Opened TWO/);
  await notice(page).waitFor({ state: 'visible' });
  assert.match(await notice(page).textContent(), /file direction of move offsets: (weak|undecided) evidence/);
  await page.locator('#notice-details').click();
  assert.equal(await page.locator('#db-panel').evaluate((d) => d.open), true);
  await page.locator('[data-testid=copy-report]').click();
  await page.getByText('Report copied.').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /\(Q17\)/);
  for (const name of ['Anna', 'Boris', 'Cleo', 'E2E']) assert.ok(!copied.includes(name), `${name} in the report`);
  // Another database, clean: the notice goes.
  await page.locator('[data-testid=open-files]').setInputFiles(demoFiles);
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=readings]').waitFor({ state: 'attached' });
  await notice(page).waitFor({ state: 'hidden' });
});

// The demo's games under another name, which this page has never opened.
const cleanFiles = writeDb('CLEAN', DEMO_PGN);

await test("opening another database drops the old one's doctor's notice, even when the link's filter fails", async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(twoFiles);
  await status(page, /^Opened TWO/);
  await notice(page).waitFor({ state: 'visible' });
  // A link that names the next database with a filter, whose search fails:
  // the page asks for its files (and keeps the link until they come).
  await page.evaluate(() => { location.hash = '#db=CLEAN&f=a'; });
  await page.locator('[data-testid=link-notice]').filter({ hasText: 'CLEAN' }).waitFor();
  await fault(page, 'search', 'format');
  await page.locator('[data-testid=open-files]').setInputFiles(cleanFiles);
  await error(page).filter({ hasText: /search refused \(e2e hook\)/ }).waitFor();
  await fault(page, 'search', null);
  // The clean demo's report, not TWO's notice; the link has been followed.
  await page.locator('[data-testid=readings]').waitFor({ state: 'attached' });
  await notice(page).waitFor({ state: 'hidden' });
  await page.locator('[data-testid=link-notice]').waitFor({ state: 'hidden' });
}, { path: '/e2e/' });

await test('a DOS database reads right with no choice; Auto names the guess, and a choice still wins', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(dosFiles);
  await status(page, /^Opened DOS/);
  await rows(page).first().filter({ hasText: 'Таль, Михаил' }).waitFor();
  const select = page.locator('#encoding');
  assert.equal(await select.inputValue(), 'auto');
  assert.match(await select.locator('option:checked').textContent(), /Auto: CP866/);
  await select.selectOption('cp1251');
  await page.waitForFunction(() => !document.querySelector('[data-testid=game-row]')?.textContent?.includes('Таль'));
  await select.selectOption('auto');
  await rows(page).first().filter({ hasText: 'Таль, Михаил' }).waitFor();
});

await test('a damaged database leaves the open one on screen, and working', async (page) => {
  const before = await rows(page).allTextContents();
  await page.locator('[data-testid=open-files]').setInputFiles(brokenFiles);
  await error(page).waitFor({ state: 'visible' });
  assert.match(await error(page).textContent(), /EMB/);
  await status(page, 'BROKEN not opened. DEMO is still open.');
  assert.deepEqual(await rows(page).allTextContents(), before, 'the list is the same');
  assert.match(await page.locator('#info').textContent(), /DEMO/);
  // The Worker still has DEMO: another of its games opens.
  await openRow(page, 3);
});

await test('a trap in the Worker: the error shows, the database reopens by itself, another opens', async (page) => {
  await status(page, /^Opened DEMO/);
  await fault(page, 'game', 'trap');
  await rows(page).nth(2).click();
  await error(page).filter({ hasText: /The decoder stopped on "game": unreachable \(e2e hook\) \[trap\]/ }).waitFor();
  await error(page).filter({ hasText: /DEMO reopened\.$/ }).waitFor();
  await status(page, 'DEMO reopened in a fresh decoder.');
  assert.ok(await rows(page).count() > 5, 'the list is still shown');
  // The fresh Worker answers: a sort fetches other rows, a game opens.
  await page.locator('.list-head [data-column=whiteElo]').click();
  await page.locator('.list-head [data-column=whiteElo]').click();
  await page.waitForFunction(() => document.querySelector('[data-column=whiteElo]')?.getAttribute('aria-sort') === 'descending');
  await rowsFilled(page);
  await openRow(page, 1);
  // And another database opens.
  await page.locator('[data-testid=open-files]').setInputFiles(twoFiles);
  await status(page, /^Opened TWO: 2 games/);
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), '2');
  assert.equal(await error(page).isVisible(), false);
  assert.equal(await rows(page).count(), 2);
}, { path: '/e2e/' });

await test('a page of rows that fails is not asked again until Retry', async (page) => {
  await status(page, /^Opened DEMO/);
  await fault(page, 'rows', 'format');
  // A new encoding drops the list's rows: they are asked for again, and refused.
  const posts = () => page.evaluate(() => window.cadbPosts.rows ?? 0);
  const before = await posts();
  await page.locator('#encoding').selectOption('cp866');
  const retry = page.locator('[data-testid=list-retry]');
  await retry.waitFor();
  assert.match(await page.locator('.list-problem').textContent(), /rows refused \(e2e hook\) \[format\]/);
  assert.equal(await page.locator('.list-problem').getAttribute('role'), 'alert');
  await page.waitForTimeout(2000);
  const sent = (await posts()) - before;
  assert.ok(sent >= 1 && sent <= 2, `${sent} rows requests in 2 s`);
  await fault(page, 'rows', null);
  await retry.click();
  await rowsFilled(page);
  assert.equal(await retry.count(), 0);
}, { path: '/e2e/' });

await test('Cancel stops a long task, and the page goes on in a fresh Worker', async (page) => {
  await status(page, /^Opened DEMO/);
  await fault(page, 'openingTree', 'hang');
  await rows(page).nth(1).click();
  const cancel = page.locator('[data-testid=cancel]');
  await cancel.waitFor({ state: 'visible' });
  assert.match(await cancel.textContent(), /Cancel opening tree/);
  await cancel.click();
  await cancel.waitFor({ state: 'hidden' });
  await page.locator('#tree').filter({ hasText: 'Cancelled.' }).waitFor();
  assert.equal(await error(page).isVisible(), false, 'a cancel is no error');
  // Usable again: rows of a new sort, a game, its opening tree.
  await page.locator('.list-head [data-column=black]').click();
  await page.waitForFunction(() => document.querySelector('[data-column=black]')?.getAttribute('aria-sort') === 'ascending');
  await rowsFilled(page);
  await openRow(page, 4);
  await page.locator('#tree table').waitFor();
  // Esc cancels too: the compactness table this time.
  await fault(page, 'compactness', 'hang');
  await openCompactness(page);
  await cancel.waitFor({ state: 'visible' });
  // Esc cancels the task and closes the dialog.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => /^Cancelled/.test(document.querySelector('[data-testid=compactness]')?.textContent ?? ''));
  assert.equal(await page.locator('#compactness-panel').evaluate((d) => d.open), false);
  await status(page, 'Cancelled.');
  await openRow(page, 5);
  assert.equal(await error(page).isVisible(), false);
}, { path: '/e2e/' });

await test('the page and its Worker each carry their Content-Security-Policy', async (page, seen) => {
  const csp = async (suffix) => {
    const r = seen.responses.find((x) => new URL(x.url()).pathname === suffix);
    assert.ok(r, `a response for ${suffix}`);
    return (await r.allHeaders())['content-security-policy'] ?? '';
  };
  // The interactive Worker's; the background one's is checked once it has started.
  assert.match(await csp('/worker-lite.js'), /script-src 'self' 'wasm-unsafe-eval'/);
  const pageHeader = await csp('/');
  assert.match(pageHeader, /default-src 'none'/);
  assert.doesNotMatch(pageHeader, /wasm-unsafe-eval/);
  const meta = await page.locator('meta[http-equiv=Content-Security-Policy]').getAttribute('content');
  assert.doesNotMatch(meta, /wasm-unsafe-eval/);
  // The <meta> copy is the header less what only a header can say.
  assert.equal(meta, pageHeader.replace(/; frame-ancestors 'none'$/, ''));
  // A session: a game, its opening tree, the compactness table (the test
  // harness fails on any CSP violation or console report of one).
  await openRow(page, 2);
  await page.locator('#tree table').waitFor();
  await openCompactness(page);
  await page.locator('[data-testid=compactness] table').waitFor();
  assert.match(await csp('/worker.js'), /script-src 'self' 'wasm-unsafe-eval'/);
});

check('the shipped bundle holds no e2e hook', () => {
  const text = (dir) => readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile() && !/\.(wasm|D0\d|A02|CDP|EMB)$/i.test(f)).map((f) => readFileSync(f, 'latin1')).join('\n');
  const hooked = text(distE2e);
  assert.ok(hooked.includes('cadbE2E') && hooked.includes('e2e hook'), 'the markers are in the hooked bundle');
  assert.doesNotMatch(text(dist), /cadbE2E|e2e hook/);
});

await test('the benchmark page times every pass on the demo database', async (page) => {
  const result = await page.waitForFunction(() => window.cadbBench, null, { timeout: 120000 }).then((h) => h.jsonValue());
  // The same passes natively (cadb bench), counted independently.
  const native = (pass) => JSON.parse(execFileSync(cadb, ['bench', path.join(demoDir, 'DEMO.CDP'), '--json', '--rounds', '1', '--only', pass]).toString()).measures[0];
  assert.deepEqual(result.passes.map((p) => p.pass), ['replay', 'san', 'tree', 'pgn', 'opening-tree']);
  for (const p of result.passes) {
    const n = native(p.pass);
    assert.equal(p.games, n.games, `${p.pass}: games`);
    assert.equal(p.plies, n.plies, `${p.pass}: plies`);
    assert.equal(p.errors, 0, `${p.pass}: errors`);
    assert.ok(p.medianMs > 0 && p.repeats >= 1, `${p.pass}: a time was taken`);
  }
  // The export wrote the same PGN text as the native export.
  assert.equal(result.passes[3].bytes, native('pgn').bytes);
  assert.equal(await page.locator('[data-testid=bench-table] tr').count(), 6);
  assert.match(await page.locator('[data-testid=bench-status]').textContent(), new RegExp(`${DEMO_GAMES.length} games`));
}, { path: '/bench.html?auto=1&rounds=1' });

// ---- the search form and the player card (issue 16) ----

// A database made for these tests; every expected count is computed here
// from these games, not by the code under test.
const SEARCH_GAMES = [
  { White: 'Карпов, Анатолий', Black: 'Tal, Mikhail', WhiteElo: 2700, BlackElo: 2600, Result: '1-0', Date: '1985.01.01', ECO: 'B90', moves: '1. e4 c5 2. Nf3 d6' },
  { White: 'Tal, Mikhail', Black: 'Anna', WhiteElo: 2600, BlackElo: 2300, Result: '0-1', Date: '1992.01.01', ECO: 'B92', moves: '1. e4 c5 {Sicilian} 2. Nf3' },
  { White: 'Anna', Black: 'Tal, Mikhail', WhiteElo: 2350, BlackElo: 2650, Result: '1/2-1/2', Date: '1995.01.01', ECO: 'B90', moves: '1. e4 c5 (1... e5) 2. Nf3 d6 3. d4' },
  { White: 'Boris', Black: 'Anna', WhiteElo: 2450, BlackElo: 2410, Result: '1-0', Date: '1996.01.01', ECO: 'C42', moves: '1. e4 e5 2. Nf3 Nf6' },
  { White: 'Anna', Black: 'Boris', WhiteElo: 0, BlackElo: 2500, Result: '0-1', Date: '1989.01.01', ECO: 'B90', moves: '1. e4 c5' },
];
const searchFiles = writeDb('SRCH', SEARCH_GAMES.map((g) => `[Event "Search"] [White "${g.White}"] [Black "${g.Black}"] [Result "${g.Result}"] [Date "${g.Date}"] [ECO "${g.ECO}"]` +
  (g.WhiteElo ? ` [WhiteElo "${g.WhiteElo}"]` : '') + ` [BlackElo "${g.BlackElo}"]\n${g.moves} ${g.Result}\n`).join('\n'));

await test('the search form finds the Najdorf games against 2400+ after 1990', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(searchFiles);
  await status(page, /^Opened SRCH/);
  await page.locator('.search-panel > summary').click();
  await page.locator('[data-testid=search-player]').fill('anna');
  await page.locator('[data-testid=search-eco-from]').fill('b90');
  await page.locator('[data-testid=search-eco-to]').fill('B99');
  await page.locator('[data-testid=search-min-elo]').fill('2400');
  await page.locator('[data-testid=search-elo-of]').selectOption('opponent');
  await page.locator('[data-testid=search-year-from]').fill('1990');
  await page.locator('[data-testid=search-apply]').click();
  const year = (g) => Number(g.Date.slice(0, 4));
  const want = SEARCH_GAMES.filter((g) => [[g.White, g.BlackElo], [g.Black, g.WhiteElo]].some(([p, opp]) => p.toLowerCase().includes('anna') && opp >= 2400) &&
    g.ECO >= 'B90' && g.ECO <= 'B99' && year(g) >= 1990);
  assert.equal(await listed(page), want.length);
  assert.ok(want.length > 0 && want.length < SEARCH_GAMES.length);
  // The quick box ANDs with the form: "1992" is a year.
  await page.locator('[data-testid=filter]').fill('1992');
  await page.waitForFunction((n) => document.querySelector('[data-testid=game-count]')?.textContent === String(n), want.filter((g) => year(g) === 1992).length);
  // Only annotated games, alone: the ones with a comment or a variation.
  await page.locator('[data-testid=filter]').fill('');
  await page.locator('[data-testid=search-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
  await page.locator('[data-testid=search-annotated]').check();
  await page.locator('[data-testid=search-apply]').click();
  assert.equal(await listed(page), SEARCH_GAMES.filter((g) => /[{(]/.test(g.moves)).length);
  await page.locator('[data-testid=search-annotated]').uncheck();
  await page.locator('[data-testid=search-plies-from]').fill('4');
  await page.locator('[data-testid=search-apply]').click();
  const plies = (g) => g.moves.replace(/\{[^}]*\}|\([^)]*\)/g, '').split(/\s+/).filter((t) => t && !/^\d+\.+$/.test(t)).length;
  await page.waitForFunction((n) => document.querySelector('[data-testid=game-count]')?.textContent === String(n), SEARCH_GAMES.filter((g) => plies(g) >= 4).length);
  // A query in Latin finds the Cyrillic name.
  await page.locator('[data-testid=search-clear]').click();
  await page.locator('[data-testid=filter]').fill('karpov');
  await page.waitForFunction(() => document.querySelector('[data-testid=game-count]')?.textContent === '1');
  await rows(page).first().filter({ hasText: 'Карпов, Анатолий' }).waitFor();
});

await test('a player card opens with the right totals and lists their games', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(searchFiles);
  await status(page, /^Opened SRCH/);
  const name = 'Tal, Mikhail';
  await page.locator('[data-testid=player-link]', { hasText: name }).first().click();
  const card = page.locator('[data-testid=player-card]');
  await card.locator('[data-testid=card-totals]').waitFor();
  // Games, wins, draws, losses as White, as Black and in all, from the games above.
  const tally = (side) => {
    const mine = SEARCH_GAMES.filter((g) => g[side] === name);
    const won = side === 'White' ? '1-0' : '0-1';
    const lost = side === 'White' ? '0-1' : '1-0';
    return [mine.length, mine.filter((g) => g.Result === won).length, mine.filter((g) => g.Result === '1/2-1/2').length, mine.filter((g) => g.Result === lost).length];
  };
  const [w, b] = [tally('White'), tally('Black')];
  const want = [w, b, w.map((x, k) => x + b[k])].map((r) => r.map(String));
  const got = await card.locator('[data-testid=card-totals] tr').evaluateAll((trs) => trs.slice(1).map((tr) => Array.from(tr.children).slice(1, 5).map((td) => td.textContent)));
  assert.deepEqual(got, want);
  assert.match(await card.locator('[data-testid=card-opponents]').textContent(), /Anna/);
  await card.locator('[data-testid=player-filter]').click();
  assert.equal(await listed(page), w[0] + b[0]);
  assert.equal(await card.isVisible(), false);
  // From the game's header too, keyboard-reachable.
  await rows(page).first().click();
  // The title is redrawn when the game has loaded: focus the new link.
  const white = (await rows(page).first().locator('.cell[data-column=white]').textContent()).trim();
  await page.waitForFunction((w) => document.querySelector('#game-title [data-testid=player-link]')?.textContent?.includes(w), white);
  const link = page.locator('#game-title [data-testid=player-link]').first();
  await link.focus();
  await page.keyboard.press('Enter');
  await card.locator('[data-testid=card-totals]').waitFor();
  await card.locator('[data-testid=player-close]').click();
  assert.equal(await card.isVisible(), false);
});

await test('the URL hash keeps the search across a reload; Clear removes it', async (page) => {
  const total = Number((await page.locator('[data-testid=game-count]').textContent()).replace(/,/g, ''));
  // The demo's games: Kasparov's draws.
  const want = DEMO_GAMES.filter((g) => /^\[(White|Black) "[^"]*kasparov/im.test(g) && /^\[Result "1\/2-1\/2"\]/m.test(g)).length;
  assert.ok(want > 0);
  await page.locator('.search-panel > summary').click();
  await page.locator('[data-testid=search-player]').fill('Kasparov');
  await page.locator('[data-testid=search-result]').selectOption('1/2-1/2');
  await page.locator('[data-testid=search-apply]').click();
  assert.equal(await listed(page), want);
  await page.waitForFunction(() => /(^#|&)q=/.test(location.hash));
  await page.reload();
  await page.locator('[data-testid=game-row]').first().waitFor();
  assert.equal(await listed(page), want);
  assert.equal(await page.locator('[data-testid=search-result]').inputValue(), '1/2-1/2');
  assert.equal(await page.locator('[data-testid=search-player]').inputValue(), 'Kasparov');
  await page.locator('[data-testid=search-clear]').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid=game-count]')?.textContent === n, String(total));
  await page.waitForFunction(() => !/(^#|&)q=/.test(location.hash));
});

// ---- position search (issue 16) ----

// Games 0 and 1 reach the position after 1. e4 e5 2. Nf3 Nc6 by different
// move orders, game 2 only in a variation (not searched), game 3 never.
const POSITION_GAMES = ['1. e4 e5 2. Nf3 Nc6 3. Bb5 *', '1. Nf3 Nc6 2. e4 e5 3. d4 *', '1. d4 (1. e4 e5 2. Nf3 Nc6) 1... d5 *', '1. e4 c5 2. Nf3 Nc6 *'];
const positionFiles = writeDb('POS', POSITION_GAMES.join('\n\n'));

// Each of the two with `?helpers=2` too: the background Worker splits a
// position search between two helper Workers, a stretch of D02 each, and
// joins their hits and next moves (www/pool.ts; its order and staleness
// tests/ui/pool.mjs shows).
for (const helpers of [0, 2]) {
await test(`a position search${helpers ? ' split between two helper Workers' : ''} filters the list and opens each game at the position`, async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(positionFiles);
  await status(page, /^Opened POS/);
  await rows(page).first().click();
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'));
  await page.keyboard.press('Home');
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
  const wanted = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R';
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.startsWith(f), wanted);
  await page.locator('[data-testid=position-search]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), '2');
  assert.match(await page.locator('[data-testid=position-filter]').textContent(), /2 games reach it/);
  // The second game, by transposition, opens at the position (its ply 4).
  // (Game 0 showed the same position: wait for game 1's moves, 1. Nf3 first.)
  await rows(page).nth(1).click();
  await page.waitForFunction(() => /Nf3/.test(document.querySelector('[data-testid=moves]')?.textContent?.slice(0, 12) ?? ''));
  await page.waitForFunction(() => /e5/.test(document.querySelector('[data-testid=moves] .current')?.textContent ?? ''));
  assert.ok((await fen(page)).startsWith(wanted));
  // It goes away with its button.
  await page.locator('[data-testid=position-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), String(POSITION_GAMES.length));
}, { path: `/?helpers=${helpers}` });
}

// The opening tree drives the list: a row plays its move (the game's own,
// or a line of the tree's when the game has not got it) and lists the
// games reaching the new position.
const treeRow = (page, san) => page.locator('[data-testid=tree-row]').filter({ has: page.locator('.tree-move', { hasText: new RegExp(`^${san.replace(/[+]/g, '\\+')}$`) }) });
const listedNow = (page, n) => page.waitForFunction((k) => document.querySelector('[data-testid=game-count]')?.textContent === k, String(n));

await test('a tree click plays its move, follows the tree without the game, and filters the list', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(positionFiles);
  await status(page, /^Opened POS/);
  await rows(page).first().click();
  await page.keyboard.press('Home');
  // 1.e4: games 0 and 3 (game 2 plays it in a variation only, game 1 1.Nf3).
  await treeRow(page, 'e4').locator('button').click();
  await listedNow(page, 2);
  assert.ok((await fen(page)).startsWith('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b'));
  // The game's own move: its move list follows.
  await page.waitForFunction(() => /e4/.test(document.querySelector('[data-testid=moves] .current')?.textContent ?? ''));
  // 1...c5 is not in game 0: the board follows the tree, the list has game 3 only.
  await treeRow(page, 'c5').locator('button').click();
  await listedNow(page, 1);
  assert.ok((await fen(page)).startsWith('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w'));
  assert.match(await page.locator('[data-testid=tree-line]').textContent(), /1\.\.\. c5/);
  await treeRow(page, 'Nf3').locator('button').click();
  await page.waitForFunction(() => /1\.\.\. c5 Nf3|c5 2\. Nf3/.test(document.querySelector('[data-testid=tree-line]')?.textContent ?? ''));
  await listedNow(page, 1);
  // The row shows its statistics: one game, no Elo, no year (the PGN had none).
  assert.equal(await page.locator('[data-testid=tree-row]').count(), 1);
  // ← takes the line's last move back; "Back to the game" leaves it.
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.startsWith('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w'));
  await page.locator('[data-testid=tree-line] button', { hasText: 'Back to the game' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.startsWith('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b'));
  assert.equal(await page.locator('[data-testid=tree-line]').count(), 0);
  // The list's game opens at the position it was filtered by (game 3 after 1.e4 c5 2.Nf3).
  await treeRow(page, 'c5').locator('button').click();
  await treeRow(page, 'Nf3').locator('button').click();
  await page.waitForFunction(() => /c5 2\. Nf3/.test(document.querySelector('[data-testid=tree-line]')?.textContent ?? ''));
  await listedNow(page, 1);
  await rows(page).first().click();
  await page.waitForFunction(() => /Nf3/.test(document.querySelector('[data-testid=moves] .current')?.textContent ?? '') && !document.querySelector('[data-testid=tree-line]'));
  assert.ok((await fen(page)).startsWith('rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b'));
});

// Past the tree's 40 plies: the panel's rows come from a position search.
// Both games share 42 plies (Kasparov–Topalov, Wijk aan Zee 1999), then
// part: 22.Nd5 in one, 22.Na4 in the other.
const LONG_PREFIX = '[Date "1999.01.20"]\n[Result "1-0"]\n\n1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4';
const LONG_GAMES = [`${LONG_PREFIX} 22. Nd5 Nbxd5 23. exd5 Qd6 1-0`, `${LONG_PREFIX.replace('1999.01.20', '2001.??.??').replace('1-0', '*')} 22. Na4 *`];
const longFiles = writeDb('LONG', LONG_GAMES.join('\n\n'));

for (const helpers of [0, 2]) {
await test(`past the tree's ply cap, the tree panel shows the moves a position search${helpers ? ' split between two helper Workers' : ''} finds`, async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(longFiles);
  await status(page, /^Opened LONG/);
  await rows(page).first().click();
  // Game 0's own moves (23...Qd6) before stepping: keys before it would step nothing.
  await page.waitForFunction(() => /Qd6/.test(document.querySelector('[data-testid=moves]')?.textContent ?? ''));
  await page.keyboard.press('Home');
  for (let k = 0; k < 42; k++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^d4/.test(document.querySelector('[data-testid=moves] .current')?.textContent ?? ''));
  await page.locator('#tree').filter({ hasText: /Past the tree's first 40 plies: the moves of the 2 games/ }).waitFor();
  const sans = await page.locator('[data-testid=tree-row] .tree-move').allTextContents();
  assert.deepEqual(sans.sort(), ['Na4', 'Nd5']);
  assert.match(await treeRow(page, 'Nd5').textContent(), /1999/);
  assert.match(await treeRow(page, 'Na4').textContent(), /2001/);
  // Its rows play like the tree's: Na4 is not game 0's move.
  await treeRow(page, 'Na4').locator('button').click();
  await listedNow(page, 1);
  assert.match(await page.locator('[data-testid=tree-line]').textContent(), /22\. Na4/);
  await page.locator('#tree').filter({ hasText: 'The games reaching this position end here.' }).waitFor();
}, { path: `/?helpers=${helpers}` });
}

// A D02 of several read-ahead blocks: the fixture games 60 times (about
// 13,000 games, 9.8 MB). The tree is built in steps while the read-ahead
// Worker reads the block after the one a step decodes (www/lazy-file.ts);
// a block read wrong or out of place would change the counts.
const fixturePgn = readdirSync(path.join(root, 'tests/data/pgn')).filter((f) => f.endsWith('.pgn')).sort()
  .map((f) => readFileSync(path.join(root, 'tests/data/pgn', f), 'utf8')).join('\n\n');
const manyFiles = writeDb('MANY', Array(60).fill(fixturePgn).join('\n\n'), ['--plain']);

await test("a big database's opening tree, read in blocks ahead, is the CLI's", async (page, seen) => {
  assert.ok(statSync(manyFiles.find((f) => f.endsWith('.D02'))).size > 8e6);
  await page.locator('[data-testid=open-files]').setInputFiles(manyFiles);
  await status(page, /^Opened MANY/);
  await rows(page).first().click();
  // Until the panel shows this database's tree of the board's position (the
  // demo's may still be up): the same moves and counts as `cadb tree`'s.
  const cdp = manyFiles.find((f) => f.endsWith('.CDP'));
  const cli = new Map();
  const cliRows = (at) => {
    if (!cli.has(at)) {
      cli.set(at, execFileSync(cadb, ['tree', cdp, '--fen', at]).toString().split('\n').slice(3).filter(Boolean)
        .map((line) => line.split(/\s+/)).map(([san, , games]) => `${san} ${games}`).sort());
    }
    return cli.get(at);
  };
  let last = null;
  for (const end = Date.now() + 60000; Date.now() < end; await page.waitForTimeout(100)) {
    const at = await fen(page);
    const shown = await page.locator('[data-testid=tree-row]').evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector('.tree-move').dataset.san} ${tr.cells[1].textContent.replace(/\D/g, '')}`));
    last = { at, shown: shown.sort(), cli: cliRows(at) };
    if (last.cli.length > 0 && JSON.stringify(last.shown) === JSON.stringify(last.cli)) break;
  }
  assert.ok(last.cli.length > 0, last.at);
  assert.deepEqual(last.shown, last.cli, last.at);
  assert.ok(seen.responses.some((r) => new URL(r.url()).pathname === '/read-ahead.js'), 'the read-ahead Worker started');
});

await test('another database opened while a tree waits for its next block ends that build', async (page) => {
  // The read-ahead's blocks are held: MANY's tree, begun with its first
  // game, waits for one until TWO opens and the read-ahead Worker is
  // stopped. The old build must end then: a request left waiting keeps its
  // task (and Cancel) up for good.
  await fault(page, 'openingTree', 'stall');
  await page.locator('[data-testid=open-files]').setInputFiles(manyFiles);
  await status(page, /^Opened MANY/);
  await page.waitForFunction(() => !document.querySelector('[data-testid=cancel]').hidden);
  await page.locator('[data-testid=open-files]').setInputFiles(twoFiles);
  await status(page, /^Opened TWO/);
  await rows(page).first().click();
  await page.locator('[data-testid=tree-row]').first().waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=cancel]').hidden, null, { timeout: 5000 });
}, { path: '/e2e/' });

// ---- the last request wins (issue 33) ----

// The demo's five files, held until `release()`: the page is still
// fetching the demo when the test chooses its files.
function holdDemo() {
  let release;
  let allServed;
  let firstAsked;
  let served = 0;
  const held = new Promise((ok) => { release = ok; });
  const done = new Promise((ok) => { allServed = ok; });
  const asked = new Promise((ok) => { firstAsked = ok; });
  return {
    route: (context) => context.route(/\.(CDP|EMB|D00|A02|D02)$/i, async (route) => {
      firstAsked();
      await held;
      await route.continue();
      if (++served === 5) allServed();
    }),
    /** The demo's fetch has begun (and waits). */
    asked,
    release: () => release(),
    served: done,
  };
}

const heldDemo = holdDemo();
await test('files chosen while the demo is still loading are the database that opens', async (page) => {
  // Chosen while the demo's files are on their way (chosen before its
  // fetch begins, the demo is never fetched, which tests less).
  await heldDemo.asked;
  await page.locator('[data-testid=open-files]').setInputFiles(searchFiles);
  await status(page, /^Opened SRCH/);
  // Now the demo's files arrive: the older open must not replace the choice.
  heldDemo.release();
  await heldDemo.served;
  // Time enough for the demo to open (a few ms) had its answer been taken.
  await page.waitForTimeout(1500);
  assert.match(await page.locator('[data-testid=status]').textContent(), /SRCH/);
  assert.equal(await rows(page).count(), SEARCH_GAMES.length);
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), String(SEARCH_GAMES.length));
  assert.match(await page.locator('#game-title').textContent(), /Карпов/);
  // The Workers hold SRCH too: a search finds its players.
  await page.locator('[data-testid=filter]').fill('anna');
  await page.waitForFunction(() => document.querySelector('[data-testid=game-count]')?.textContent === '4');
}, { before: (context) => heldDemo.route(context), ready: false, serviceWorkers: 'block' });

// ---- board shapes: %cal/%csl from comments, and the user's own ----

// What chessground drew in its SVG layer: each shape's cgHash ("width,
// height,orig,dest,brush") and its element (line: an arrow, circle: a circle).
const drawn = (page) => page.locator('[data-testid=board] svg.cg-shapes > g > g')
  .evaluateAll((gs) => gs.map((g) => `${g.getAttribute('cgHash')} ${g.firstElementChild?.tagName}`));
const drawnCount = (page, n) => page.waitForFunction((k) => document.querySelectorAll('[data-testid=board] svg.cg-shapes > g > g').length === k, n);
const moveButton = (page, san) => page.locator('[data-testid=move]', { hasText: new RegExp(`^${san}$`) }).first();

await test('arrows from %cal and circles from %csl are drawn, and hidden from the comments', async (page) => {
  // Game 0, the Immortal Game, opens by itself: {[%cal Gd6f8,Rb2a1] ...} at 18.Bd6.
  const want = gameJson(0);
  await moveButton(page, 'Bd6').click();
  assert.equal(await fen(page), want.moves[34].fen);
  await drawnCount(page, 2);
  const shapes = (await drawn(page)).sort();
  assert.match(shapes[0], /,b2,a1,red line$/);
  assert.match(shapes[1], /,d6,f8,green line$/);
  const comments = await page.locator('[data-testid=comment]').allTextContents();
  assert.ok(comments.some((c) => c.startsWith('Both rooks are offered.')), 'the comment without its command');
  assert.ok(comments.every((c) => !c.includes('[%c')), 'no %cal/%csl left in the text');
  await page.keyboard.press('ArrowRight');
  await drawnCount(page, 0);
  // 7...Nh5 {[%csl Gf4] The knight guards the f4-pawn.}
  await moveButton(page, 'Nh5').click();
  await drawnCount(page, 1);
  assert.match((await drawn(page))[0], /,f4,green circle$/);
  assert.ok(comments.includes('The knight guards the f4-pawn.'));
  // At the start: none.
  await page.keyboard.press('Home');
  await drawnCount(page, 0);
  // A comment that was only a command is not drawn at all: game 1's 19.Rad1 {[%cal Gd1d7,Ge1e7]}
  // is followed by Black's move, with no comment and no move number between.
  await page.locator('[data-testid=game-row][data-index="1"]').click();
  await moveButton(page, 'Rad1').click();
  await drawnCount(page, 2);
  const between = await moveButton(page, 'Rad1').evaluate((b) => {
    const seen = [];
    for (let e = b.nextElementSibling; e && !e.classList.contains('move'); e = e.nextElementSibling) seen.push(e.className);
    return seen;
  });
  assert.deepEqual(between, ['nag']);
});

await test("the user's arrows and circles: right-drag and right-click draw, a click or a new position clears them", async (page) => {
  const want = gameJson(0);
  await moveButton(page, 'e4').waitFor();
  const box = await page.locator('[data-testid=board] cg-board').boundingBox();
  // The centre of a square, White at the bottom (file 0-7, rank 1-8).
  const at = (sq) => ({ x: box.x + ('abcdefgh'.indexOf(sq[0]) + 0.5) * box.width / 8, y: box.y + (8.5 - Number(sq[1])) * box.height / 8 });
  // chessground reads the square under the pointer once a frame: a
  // press and release in the same frame would draw nothing.
  const drag = async (from, to) => {
    await page.mouse.move(at(from).x, at(from).y);
    await page.mouse.down({ button: 'right' });
    if (to !== from) await page.mouse.move(at(to).x, at(to).y, { steps: 6 });
    await page.waitForTimeout(100);
    await page.mouse.up({ button: 'right' });
  };
  await drag('e2', 'e4');
  await drawnCount(page, 1);
  assert.match((await drawn(page))[0], /,e2,e4,green line$/);
  await drag('d5', 'd5');
  await drawnCount(page, 2);
  assert.ok((await drawn(page)).some((s) => /,d5,green circle$/.test(s)));
  // A left click clears them, and moves nothing; it takes the focus from
  // a field, as a click elsewhere does (the keys step again).
  await page.locator('[data-testid=filter]').focus();
  await page.mouse.click(at('e2').x, at('e2').y);
  await drawnCount(page, 0);
  assert.equal(await fen(page), want.startFen);
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
  // A new position clears them too.
  await drag('g1', 'f3');
  await drawnCount(page, 1);
  await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), want.moves[0].fen);
  await drawnCount(page, 0);
  // The wheel over the board still steps through the game.
  await page.mouse.move(at('d4').x, at('d4').y);
  await page.mouse.wheel(0, 100);
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.moves[1].fen);
});

await test('on a phone, a swipe that starts on a piece still scrolls the page', async (page) => {
  // chessground prevents a touch's default on a piece (to drag it): the
  // board keeps touches from it, as nothing on it is dragged.
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await moveButton(page, 'e4').waitFor();
  const box = await page.locator('[data-testid=board] cg-board').boundingBox();
  const [x, y] = [box.x + box.width / 16, box.y + box.height * 15 / 16];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let k = 1; k <= 10; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - k * 30 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => window.scrollY > 100);
});

// ---- the graph under the board ----

const graphKind = (page, kind) => page.waitForFunction((k) => document.querySelector('[data-testid=eval-graph]')?.dataset.kind === k, kind);
/** Clicks the graph where ply `ply` is drawn (its column's centre). */
async function clickPly(page, ply) {
  const box = await page.locator(`[data-testid=eval-graph] [data-ply="${ply}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

await test('the eval graph is present and clicking it moves the board', async (page) => {
  // Game 0 has [%eval] at 11.Rg1 (ply 21, -0.59) and 18.Bd6 (ply 35, -3.68).
  const want = gameJson(0);
  await graphKind(page, 'eval');
  const svg = page.locator('[data-testid=eval-graph] svg');
  assert.equal(await svg.getAttribute('role'), 'img');
  assert.equal(await svg.getAttribute('aria-label'), "Evaluation graph over 23 moves, White's view: 2 evaluations, from −0.59 to −3.68");
  // A column a ply, and the start.
  assert.equal(await page.locator('[data-testid=eval-graph] [data-ply]').count(), want.moves.length + 1);
  assert.equal(await page.locator('[data-testid=eval-graph] [data-ply="21"] title').textContent(), '11. Rg1: −0.59');
  await clickPly(page, 21);
  assert.equal(await fen(page), want.moves[20].fen);
  await page.waitForFunction(() => /Rg1/.test(document.querySelector('[data-testid=moves] .current')?.textContent ?? ''));
  await clickPly(page, 30);
  assert.equal(await fen(page), want.moves[29].fen);
  await clickPly(page, 0);
  assert.equal(await fen(page), want.startFen);
  // The current ply is marked: the cursor follows the keys.
  const cursorX = () => page.locator('[data-testid=eval-graph] .graph-cursor').evaluate((l) => l.getBoundingClientRect().x);
  const column = async (ply) => {
    const b = await page.locator(`[data-testid=eval-graph] [data-ply="${ply}"]`).boundingBox();
    return [b.x, b.x + b.width];
  };
  await page.keyboard.press('End');
  const [l, r] = await column(want.moves.length);
  const x = await cursorX();
  assert.ok(x >= l - 1 && x <= r + 1, `the cursor at the last ply (${x} in ${l}..${r})`);
});

await test('a game without evaluations shows its material instead', async (page) => {
  const index = DEMO_GAMES.findIndex((g) => !g.includes('%eval'));
  assert.ok(index > 0);
  const want = gameJson(index);
  // White minus Black, in pawns, from a FEN (independent of the page's code).
  const material = (f) => [...f.split(' ')[0]].reduce((sum, c) => {
    const v = { p: 1, n: 3, b: 3, r: 5, q: 9 }[c.toLowerCase()] ?? 0;
    return sum + (c === c.toLowerCase() ? -v : v);
  }, 0);
  const signed = (n) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)}`;
  await page.locator(`[data-testid=game-row][data-index="${index}"]`).click();
  await graphKind(page, 'material');
  const moves = Math.floor(want.moves.at(-1).ply / 2) - Math.floor(want.moves[0].ply / 2) + 1;
  assert.equal(await page.locator('[data-testid=eval-graph] svg').getAttribute('aria-label'),
    `Material graph over ${moves} moves, White minus Black in pawns: from ${signed(material(want.startFen))} to ${signed(material(want.moves.at(-1).fen))}`);
  assert.equal(await page.locator('[data-testid=eval-graph] .graph-caption').textContent(), 'Material');
  await clickPly(page, 10);
  assert.equal(await fen(page), want.moves[9].fen);
});

// ---- Russian and English, keyboard first, state kept (issue 17) ----

const moveTexts = (page) => page.locator('[data-testid=move]').allTextContents();

await test('in a Russian browser the page is in Russian, with Russian piece letters; PGN stays English', async (page) => {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
  assert.equal((await page.locator('.open span').textContent()).trim(), 'Открыть базу…');
  assert.equal(await page.locator('.list-head [data-column=white]').textContent(), 'Белые');
  await page.locator('[data-testid=status]').filter({ hasText: /^Открыта DEMO: 42 партии за/ }).waitFor();
  assert.match(await page.locator('.count').textContent(), /^Партии: 42$/);
  // Game 0 (the Immortal Game): 6. Nf3 and 8. Nh4 in Russian letters, no Latin piece letter left.
  await page.locator('[data-testid=move]').first().waitFor();
  const sans = await moveTexts(page);
  assert.ok(sans.includes('Кf3') && sans.includes('Кh4') && sans.includes('Фf3'), sans.join(' '));
  assert.deepEqual(sans.filter((m) => /[KQRBN]/.test(m)), []);
  assert.match(await page.locator('#nav-forward').getAttribute('aria-label'), /^Вперёд$/);
  // Figurines, by choice, remembered.
  await page.locator('#tools summary').click();
  await page.locator('[data-testid=notation]').selectOption('figurine');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=move]')].some((m) => m.textContent === '♘f3'));
  // The saved game is standard English SAN.
  const [one] = await Promise.all([page.waitForEvent('download'), page.locator('#save-game').click()]);
  const pgn = readFileSync(await one.path(), 'utf8');
  assert.match(pgn, / Nf3 /);
  assert.doesNotMatch(pgn, /Кf3|♘/);
  // Errors: the page's own in Russian; the core's (English) after the gist of their kind.
  await page.locator('[data-testid=open-files]').setInputFiles(demoFiles.filter((f) => !/\.A02$/i.test(f)));
  await error(page).filter({ hasText: 'Не хватает файла DEMO.A02' }).waitFor();
  await page.locator('[data-testid=open-files]').setInputFiles(brokenFiles);
  await error(page).filter({ hasText: /^[а-яё ]+: .*EMB.* \[[a-z-]+\]$/ }).waitFor();
  await status(page, 'BROKEN не открыта. DEMO по-прежнему открыта.');
  // The switch: English, and a reload keeps it (and the figurines).
  await page.locator('[data-testid=language]').selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.locator('.list-head [data-column=white]').textContent(), 'White');
  await page.reload();
  await page.locator('[data-testid=move]').first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal((await page.locator('.open span').textContent()).trim(), 'Open database…');
  assert.ok((await moveTexts(page)).includes('♘f3'));
}, { locale: 'ru-RU' });

await test('in an English browser the page is in English, with English piece letters', async (page) => {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.locator('[data-testid=status]').filter({ hasText: /^Opened DEMO: 42 games in/ }).waitFor();
  assert.match(await page.locator('.count').textContent(), /^42 games$/);
  await page.locator('[data-testid=move]').first().waitFor();
  const sans = await moveTexts(page);
  assert.ok(sans.includes('Nf3') && sans.includes('Qf3'), sans.join(' '));
  assert.equal(await page.locator('.list-head [data-column=white]').textContent(), 'White');
  // The game's header: players, then the event, site and date (in the locale), ECO.
  assert.match(await page.locator('[data-testid=game-header]').textContent(), /Anderssen, Adolf – Kieseritzky, Lionel1-0/);
  assert.equal(await page.locator('[data-testid=game-facts]').textContent(), 'London casual games · London ENG · 06/21/1851');
  // The stored C33 agrees with the opening by position (c.tsv's line): one name.
  assert.equal(await page.locator('[data-testid=game-opening]').textContent(), "C33 King's Gambit Accepted: Bishop's Gambit, Bryan Countergambit");
});

await test('keyboard only: open the third game, step, enter and leave a variation, go to the next game', async (page) => {
  await page.locator('[data-testid=move]').first().waitFor();
  // Tab to the list: its one focusable row is the open game's.
  for (let k = 0; k < 60 && !(await page.evaluate(() => document.activeElement?.matches('[data-testid=game-row]'))); k++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-index')), '0');
  assert.equal(await page.locator('#list').getAttribute('role'), 'grid');
  assert.equal(await page.locator('#list').getAttribute('aria-rowcount'), String(DEMO_GAMES.length + 1));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected')), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-index')), '2');
  await page.keyboard.press('Enter');
  const want = gameJson(2);
  await page.waitForFunction(() => document.querySelector('.list-row.selected')?.getAttribute('data-index') === '2');
  await page.waitForFunction((f) => [...document.querySelectorAll('[data-testid=move]')].some((m) => m.dataset.fen === f), want.moves.at(-1).fen);
  // Step to the move before the first that has a variation, then into it and out.
  const k = want.moves.findIndex((m) => m.variations.length > 0);
  assert.ok(k > 0, 'game 3 has a variation');
  for (let i = 0; i < k; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), want.moves[k - 1].fen);
  // The move just played is said.
  assert.match(await page.locator('[data-testid=announce]').textContent(), new RegExp(`^${Math.floor((k - 1) / 2) + 1}\\.`));
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal(await fen(page), want.moves[k].variations[0][0].fen);
  await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), want.moves[k].variations[0][1]?.fen ?? want.moves[k].variations[0][0].fen);
  await page.keyboard.press('Shift+ArrowLeft');
  assert.equal(await fen(page), want.moves[k - 1].fen);
  await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), want.moves[k].fen);
  // n: the next game of the list.
  await page.keyboard.press('n');
  await page.waitForFunction(() => document.querySelector('.list-row.selected')?.getAttribute('data-index') === '3');
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('.list-row.selected')?.getAttribute('data-index') === '2');
  // ? shows the keys; Esc closes them.
  await page.keyboard.press('?');
  await page.locator('[data-testid=keys-dialog]').waitFor();
  assert.match(await page.locator('[data-testid=keys-dialog]').textContent(), /Shift\+→/);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=keys-dialog]').waitFor({ state: 'hidden' });
});

await test('a column dragged wider stays wider, after a reload too; a double click resets it', async (page) => {
  const head = page.locator('.list-head [data-column=event]');
  const width = async () => (await head.boundingBox()).width;
  const cellWidth = () => page.locator('[data-testid=game-row]').first().locator('.cell[data-column=event]').evaluate((c) => c.getBoundingClientRect().width);
  const before = await width();
  const grip = head.locator('[data-testid=column-resize]');
  const box = await grip.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const after = await width();
  assert.ok(Math.abs(after - before - 90) <= 2, `${before} -> ${after}`);
  // The rows follow the head; the drag sorted nothing.
  assert.ok(Math.abs((await cellWidth()) - after) <= 1);
  assert.equal(await head.getAttribute('aria-sort'), 'none');
  await page.reload();
  await page.locator('[data-testid=game-row]').first().waitFor();
  assert.ok(Math.abs((await width()) - after) <= 1, 'kept across a reload');
  await head.locator('[data-testid=column-resize]').dblclick();
  assert.ok(Math.abs((await width()) - before) <= 1, 'back to the default');
});

await test('the wheel over the board steps once a notch, and a trackpad\'s small deltas add up to a step', async (page) => {
  const want = gameJson(0);
  await page.locator('[data-testid=move]').first().waitFor();
  const box = await page.locator('[data-testid=board]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // A trackpad: ten deltas of 6 px make one step, not ten.
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 6);
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.moves[0].fen);
  await page.waitForTimeout(400);
  assert.equal(await fen(page), want.moves[0].fen);
  // Mouse notches (120 px each in Chromium): one step each.
  await page.mouse.wheel(0, 120);
  await page.mouse.wheel(0, 120);
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.moves[2].fen);
  await page.waitForTimeout(400);
  assert.equal(await fen(page), want.moves[2].fen);
  await page.mouse.wheel(0, -120);
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.moves[1].fen);
});

await test("in a list without the open game, the keyboard starts on the first row and ↓ goes to the second", async (page) => {
  await page.locator('[data-testid=move]').first().waitFor();
  // Game 0 (Anderssen) is open; Tal's games do not include it.
  await page.locator('[data-testid=filter]').fill('Tal');
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  const second = await rows(page).nth(1).getAttribute('data-index');
  await rows(page).first().focus();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('tabindex')), '0');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((k) => document.activeElement?.getAttribute('data-index') === k, second);
  await page.keyboard.press('Enter');
  await page.waitForFunction((k) => document.querySelector('.list-row.selected')?.getAttribute('data-index') === k, second);
});

await test('a hostile hash and damaged storage cost only what they name: the demo, the game and the move still open', async (page) => {
  const want = gameJson(3);
  await page.evaluate(() => localStorage.setItem('cadb.prefs.v1',
    '{"encodings":{"DEMO":"klingon"},"columns":{"event":"wide","white":-5},"language":7,"panels":{"db-panel":"yes"}}'));
  // Loaded with it (a new page: one open would follow it as a link, tests/e2e/address.mjs).
  await page.goto('about:blank');
  await page.goto(`${origin}/#db=DEMO&g=4&m=6&pos=not%20a%20position&q=%%%zz&f=`);
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.moves[5].fen);
  await page.waitForFunction(() => document.querySelector('.list-row.selected')?.getAttribute('data-index') === '3');
  // The bad position is said; the encoding kept is no encoding: Auto.
  await error(page).filter({ hasText: /fen|FEN|position/ }).waitFor();
  assert.equal(await page.locator('#encoding').inputValue(), 'auto');
  assert.equal(await page.locator('#db-panel').evaluate((d) => d.open), false);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // A game past the end opens game 1 instead.
  await page.goto('about:blank');
  await page.goto(`${origin}/#db=DEMO&g=99999&m=99999`);
  await page.waitForFunction(() => document.querySelector('.list-row.selected')?.getAttribute('data-index') === '0');
});

await test('a reload keeps the game, the move and the filter', async (page) => {
  await page.locator('[data-testid=filter]').fill('Tal');
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  await rowsFilled(page).catch(() => {});
  const index = Number(await rows(page).nth(1).getAttribute('data-index'));
  await rows(page).nth(1).click();
  const want = gameJson(index);
  await page.waitForFunction((f) => [...document.querySelectorAll('[data-testid=move]')].some((m) => m.dataset.fen === f), want.moves.at(-1).fen);
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), want.moves[6].fen);
  await page.waitForFunction((g) => location.hash.includes(`g=${g}&m=7`), index + 1);
  const count = await page.locator('[data-testid=game-count]').textContent();
  await page.reload();
  await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, want.moves[6].fen);
  assert.equal(await page.locator('[data-testid=filter]').inputValue(), 'Tal');
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), count);
  await page.waitForFunction((i) => document.querySelector('.list-row.selected')?.getAttribute('data-index') === String(i), index);
  await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), want.moves[7].fen);
});

// ---- offline and installable: the web app manifest and the service worker ----

/** Waits until the service worker (www/sw.ts) controls the page: it has
 * then kept every file (install precedes activation). */
const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });

await test('the web app manifest is linked, parses, and every file it names is served', async (page) => {
  const href = await page.locator('link[rel=manifest]').evaluate((l) => l.href);
  assert.equal(new URL(href).pathname, '/manifest.webmanifest');
  const manifest = await page.evaluate(async (u) => (await fetch(u)).json(), href);
  assert.equal(manifest.name, 'cadb: Chess Assistant databases');
  assert.equal(manifest.short_name, 'cadb');
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.length > 0);
  // Its start URL, its scope and its icons, fetched from the page (its CSP allows them).
  const urls = [manifest.start_url, manifest.scope, ...manifest.icons.map((i) => i.src)].map((u) => new URL(u, href).href);
  const served = await page.evaluate((us) => Promise.all(us.map(async (u) => {
    const r = await fetch(u);
    return [u, r.status, r.headers.get('content-type')];
  })), urls);
  for (const [u, statusCode] of served) assert.equal(statusCode, 200, u);
  for (const [, , type] of served.slice(2)) assert.equal(type, 'image/svg+xml');
  // The favicon is the manifest's icon, inline (a data: URL): a browser
  // fetches a favicon outside the HTTP cache, so a file would be fetched
  // twice on a first visit (issue 46).
  const favicon = await page.locator('link[rel=icon]').evaluate((l) => l.href);
  assert.match(favicon, /^data:image\/svg\+xml;base64,/);
  const icon = await page.evaluate(async (u) => (await fetch(u)).text(), urls[2]);
  assert.equal(Buffer.from(favicon.split(',')[1], 'base64').toString(), icon);
  // Chromium reads it with no error.
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  assert.deepEqual(read.errors, [], 'manifest errors');
  assert.equal(read.url, href);
  // The service worker's script has its own policy, and no long caching.
  const sw = await fetch(`${origin}/sw.js`);
  assert.equal(sw.headers.get('content-security-policy'), "default-src 'none'; connect-src 'self'");
  assert.equal(sw.headers.get('cache-control'), 'no-cache');
});

await test('the opening names fill in after the first game, and the rows drawn before them stay until then', async (page) => {
  // From the first row drawn with its players to the first with its
  // opening, no row of the list is drawn empty (they are asked again).
  const emptied = await page.evaluate(() => new Promise((done) => {
    const white = () => document.querySelector('[data-testid=game-row][data-index="0"] [data-column=white]')?.textContent ?? '';
    const opening = () => document.querySelector('[data-testid=game-row][data-index="0"] [data-column=opening]')?.textContent ?? '';
    let drawn = false;
    let empty = 0;
    const check = (o) => {
      if (white()) drawn = true;
      else if (drawn) empty++;
      if (!opening()) return;
      o?.disconnect();
      done({ drawn, empty });
    };
    const observer = new MutationObserver((_, o) => check(o));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check(null);
  }));
  assert.ok(emptied.drawn, 'the rows were drawn before the names came');
  assert.equal(emptied.empty, 0, 'a row was drawn empty while the names came');
  assert.equal((await page.locator('[data-testid=game-opening]').textContent()).trim().slice(0, 3), 'C33');
}, { ready: false, serviceWorkers: 'block' });

await test('a first visit fetches each file once, the service worker\'s included, and the whole module only after its first game', async (page) => {
  await controlled(page);
  const counts = new Map();
  for (const { path: p } of served.log) counts.set(p, (counts.get(p) ?? 0) + 1);
  assert.deepEqual([...counts].filter(([, n]) => n > 1), [], 'files fetched more than once');
  // The service worker keeps what the page fetched: the whole module, the
  // opening names and the background Worker's script were fetched once, by
  // the page; the others it was the first to fetch (read-ahead.js, ...).
  const wasm = (name) => served.log.find((r) => new RegExp(`^/assets/${name}\\.[0-9a-f]{8}\\.wasm$`).test(r.path));
  const firstGame = await page.evaluate(() => window.cadbFirstGame);
  assert.ok(wasm('cadb_lite_bg')?.at <= firstGame, 'the interactive module came before the first game');
  // The whole module is fetched by the background Worker, which starts as
  // the first game is drawn: only after its script has come and run.
  assert.ok(wasm('cadb_bg')?.at >= firstGame, 'the whole module came after the first game');
  for (const f of ['/worker.js', '/worker-lite.js', '/sw.js', '/']) assert.equal(counts.get(f), 1, f);
}, {
  before: (context) => {
    served.log.length = 0;
    return context.addInitScript(() => new MutationObserver((_, o) => {
      if (!document.querySelector('[data-testid=move]') || !document.querySelector('[data-testid=game-row]')) return;
      window.cadbFirstGame = Date.now();
      o.disconnect();
    }).observe(document, { childList: true, subtree: true }));
  },
});

await test('offline: after the first visit, the page and the demo open with no network at all', async (page, seen) => {
  await controlled(page);
  // Its cache holds every file of the bundle but the source maps, _headers,
  // sw.js, the engine (kept on first use: tests/e2e/engine.mjs) and the
  // benchmark page, the page under its directory's URL.
  const want = readdirSync(dist, { recursive: true }).filter((f) => statSync(path.join(dist, f)).isFile())
    .filter((f) => !/\.map$|^_headers$|^sw\.js$|^engine\/|^bench\.(html|js)$/.test(f)).map((f) => `/${f.replace('index.html', '')}`).sort();
  const cached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith('cadb '));
    const keys = await (await caches.open(names[0])).keys();
    return { names, paths: keys.map((r) => new URL(r.url).pathname).sort() };
  });
  assert.equal(cached.names.length, 1, 'one cache');
  assert.deepEqual(cached.paths, want);
  const before = seen.responses.length;
  await page.context().setOffline(true);
  offline.on = true;
  try {
    // With a query, and a link's hash (a request's URL keeps its fragment):
    // the page is served all the same, and goes where the link says.
    await page.goto(`${origin}/?offline#db=DEMO&g=5&m=3`);
    await rows(page).first().waitFor({ timeout: 20000 });
    await status(page, /^Opened DEMO/);
    await page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, gameJson(4).moves[2].fen);
    // The opening names' table came from the cache too (c.tsv of lichess's
    // chess-openings names the Immortal Game's 4...b5).
    assert.equal((await page.locator('[data-testid=game-row][data-index="0"] [data-column=opening]').textContent()).trim(),
      "C33 King's Gambit Accepted: Bishop's Gambit, Bryan Countergambit");
    // The Worker (its script and wasm from the cache) opens another game.
    await openRow(page, 4);
    // The page and the Worker came from the cache, with the headers kept
    // there: the page's CSP (frame-ancestors is in the header only), the
    // Worker's.
    const after = seen.responses.slice(before);
    const response = (p) => after.find((r) => new URL(r.url()).pathname === p);
    for (const p of ['/', '/main.js', '/worker-lite.js', '/worker.js']) assert.ok(response(p)?.fromServiceWorker(), `${p} from the service worker`);
    assert.match((await response('/').allHeaders())['content-security-policy'], /^default-src 'none'.*frame-ancestors 'none'$/);
    assert.match((await response('/worker.js').allHeaders())['content-security-policy'], /'wasm-unsafe-eval'/);
    assert.ok(await page.locator('meta[http-equiv=Content-Security-Policy]').count());
    // Nothing reached the server but, perhaps, the browser's own update
    // check of sw.js.
    assert.deepEqual(offline.refused.filter((u) => !u.endsWith('/sw.js')), [], 'requests to the server while offline');
  } finally {
    offline.on = false;
    offline.refused = [];
    await page.context().setOffline(false);
  }
});

await test('a new build of the service worker replaces its cache, and the page goes on', async (page) => {
  await controlled(page);
  const names = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('cadb ')));
  const [old] = await names();
  assert.match(old, /^cadb http:\/\/127\.0\.0\.1:\d+\/ [0-9a-f]{16}$/);
  // Another build: the same files, another version.
  await updateServiceWorker(page);
  assert.deepEqual(await names(), [`${old}-next`]);
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');
  await openRow(page, 1);
});

await test('offline under a sub-path: the e2e bundle, served under /e2e/, works offline too', async (page) => {
  await controlled(page);
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope), `${origin}/e2e/`);
  // The reload's URL has the place the page wrote (a request keeps its fragment).
  await page.waitForFunction(() => location.hash === '#db=DEMO&g=1');
  await page.context().setOffline(true);
  offline.on = true;
  try {
    await page.reload();
    await rows(page).first().waitFor({ timeout: 20000 });
    await status(page, /^Opened DEMO/);
    await openRow(page, 2);
    assert.deepEqual(offline.refused.filter((u) => !u.endsWith('/sw.js')), [], 'requests to the server while offline');
  } finally {
    offline.on = false;
    offline.refused = [];
    await page.context().setOffline(false);
  }
}, { path: '/e2e/' });

// The export of a database read from files, its records shuffled against
// game order (the writer's default layout): the core reads a window of
// games' records in file order first (src/ca/game_order.rs). With
// `?helpers=2` the background Worker splits it between two helper Workers
// (www/pool.ts) and passes their slices on in order. Either way the file is
// byte for byte what `cadb pgn` writes. (That the pool splits it, and
// merges in order whatever the timing, tests/ui/pool.mjs shows.)
const shuffledFiles = writeDb('SHUF', Array(4).fill(fixturePgn).join('\n\n'));
const shuffledCli = (() => {
  const cdp = shuffledFiles.find((f) => f.endsWith('.CDP'));
  try {
    return execFileSync(cadb, ['pgn', cdp], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    // Exit 1: some game could not be fully decoded; its PGN says so.
    return e.stdout;
  }
})();
for (const helpers of [2, 0]) {
  await test(`exporting a shuffled database from files${helpers ? ' split between two helper Workers' : ''} writes the CLI's bytes`, async (page) => {
    await page.locator('[data-testid=open-files]').setInputFiles(shuffledFiles);
    await status(page, /^Opened SHUF/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-pgn]').click()]);
    const got = readFileSync(await download.path());
    assert.ok(shuffledCli.length > 5e5, `${shuffledCli.length} bytes`);
    assert.equal(got.length, shuffledCli.length);
    assert.ok(got.equals(shuffledCli), 'the bytes differ from cadb pgn');
    await status(page, /^Exported 864 games/);
  }, { path: `/?helpers=${helpers}` });
}

// The doctor's full check of a database bigger than its sample (20,000
// games), some records damaged: with `?helpers=2` the background Worker
// splits the scan between two helper Workers, a stretch of D02 each, and
// joins their counts. The report is the one a single Worker makes, and it
// is `cadb doctor`'s.
const bigFiles = writeDb('BIG', Array(93).fill(fixturePgn).join('\n\n'));
{
  const d02 = bigFiles.find((f) => f.endsWith('.D02'));
  const bytes = readFileSync(d02);
  for (const at of [0.3, 0.55, 0.8]) bytes.fill(0xff, Math.floor(bytes.length * at), Math.floor(bytes.length * at) + 40);
  writeFileSync(d02, bytes);
}
/** `cadb doctor BIG` with `args`: its output (exit 1 for damage found). */
const bigDoctor = (...args) => {
  try {
    return execFileSync(cadb, ['doctor', bigFiles.find((f) => f.endsWith('.CDP')), ...args], { maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch (e) {
    return e.stdout.toString();
  }
};
const bigDamaged = JSON.parse(bigDoctor('--json')).points.find((p) => p.id === 'file-direction').evidence.find((c) => c.what.includes('(damaged)')).count;
const fullReports = {};
for (const helpers of [2, 0]) {
  await test(`the full check of a database bigger than the sample${helpers ? ', split between two helper Workers,' : ''} is cadb doctor's`, async (page) => {
    await page.locator('[data-testid=open-files]').setInputFiles(bigFiles);
    await status(page, /^Opened BIG/);
    await openDbPanel(page);
    await page.locator('[data-testid=check-all]').click();
    await page.locator('[data-testid=diagnosis]').filter({ hasText: /every game's record checked \(20,088\)/ }).waitFor();
    const text = await page.locator('[data-testid=report-text]').inputValue();
    fullReports[helpers] = text;
    assert.ok(bigDamaged > 0, 'no damaged record to count');
    // (The CLI's report ends with the duplicates it did not count.)
    assert.equal(text.trim(), bigDoctor().split('\n\nDuplicate games')[0].trim());
    if (helpers === 0) assert.equal(fullReports[0], fullReports[2], 'the split check differs from one Worker\'s');
  }, { path: `/?helpers=${helpers}` });
}

// A big export (10,000 games or more) goes straight into a file the user
// picks, where the browser lets a page ask (showSaveFilePicker, here a stub
// that keeps what is written): the bytes are cadb pgn's, the file is closed
// once complete, and no download is made of it.
const manyCli = (() => {
  try {
    return execFileSync(cadb, ['pgn', manyFiles.find((f) => f.endsWith('.CDP'))], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    return e.stdout;
  }
})();
const savePicker = (declined) => (context) => context.addInitScript((declined) => {
  window.showSaveFilePicker = async ({ suggestedName }) => {
    if (declined) throw new DOMException('The user aborted a request.', 'AbortError');
    const saved = window.cadbSaved = { name: suggestedName, parts: [], closed: false, aborted: false };
    return {
      createWritable: async () => ({
        write: async (bytes) => void saved.parts.push(new Uint8Array(bytes)),
        close: async () => void (saved.closed = true),
        abort: async () => void (saved.aborted = true),
      }),
    };
  };
}, declined);

await test('a big export is written into the file the user picks, as it comes', async (page) => {
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  await page.locator('[data-testid=open-files]').setInputFiles(manyFiles);
  await status(page, /^Opened MANY/);
  await page.locator('[data-testid=export-pgn]').click();
  await status(page, /^Exported 12,960 games/);
  const saved = await page.evaluate(async () => {
    const { name, parts, closed, aborted } = window.cadbSaved;
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', all))].map((b) => b.toString(16).padStart(2, '0')).join('');
    return { name, closed, aborted, bytes: all.length, parts: parts.length, hash };
  });
  assert.equal(saved.name, 'MANY.pgn');
  assert.deepEqual([saved.closed, saved.aborted], [true, false]);
  assert.equal(saved.bytes, manyCli.length);
  assert.ok(saved.parts > 10, `${saved.parts} writes`);
  assert.equal(saved.hash, createHash('sha256').update(manyCli).digest('hex'));
  assert.equal(downloads.length, 0);
}, { before: savePicker(false) });

await test('closing the save dialog exports nothing and says nothing', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(manyFiles);
  await status(page, /^Opened MANY/);
  const said = await page.locator('[data-testid=status]').textContent();
  await page.locator('[data-testid=export-pgn]').click();
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.cadbPosts.exportPgn ?? 0), 0);
  assert.equal(await page.locator('[data-testid=status]').textContent(), said);
  assert.equal(await error(page).isVisible(), false);
}, { before: savePicker(true) });

if (process.env.SCREENSHOTS) {
  // The Immortal Game at 18.Bd6 (its comment's arrows, its evaluations), in
  // both languages, light and dark, on a desktop and on a phone.
  const shot = async (name, options, dark) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(origin);
    await page.locator('[data-testid=move]').first().waitFor();
    if (dark) await page.locator('#theme').click();
    for (let i = 0; i < 35; i++) await page.keyboard.press('ArrowRight');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(root, 'docs', name) });
    await context.close();
  };
  const desktop = { viewport: { width: 1400, height: 860 } };
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
  await shot('screenshot-en.png', { ...desktop, locale: 'en-US' }, false);
  await shot('screenshot-en-dark.png', { ...desktop, locale: 'en-US' }, true);
  await shot('screenshot-ru.png', { ...desktop, locale: 'ru-RU' }, false);
  await shot('screenshot-ru-dark.png', { ...desktop, locale: 'ru-RU' }, true);
  await shot('screenshot-phone-ru.png', { ...phone, locale: 'ru-RU' }, false);
  await shot('screenshot-phone-en-dark.png', { ...phone, locale: 'en-US' }, true);
  console.log('screenshots written to docs/');
}

await finish();
