// End-to-end tests of the engine beside the board (issue 36), in Chromium
// with the real Stockfish builds of dist/engine/: a mate found, a step
// cancelling the search, the bar turning with the board, "Analyse game",
// the engine offline after its first use, and the build picked by the
// page's isolation. Run after the bundles are built (npm run e2e).
//
//   E2E_ONLY=regex   runs only the tests whose names match

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test, finish, fen, writeDb, rows, status, offline, origin, served, updateServiceWorker, openRow } from './harness.mjs';

// Two set-up positions, each a mate in 2 for the side to move: White's
// (1. Kc7 Ka7 2. Ra1#), and the same mirrored with Black to move, which
// White's view shows as #-2.
const mateFiles = writeDb('MATE', `[Event "Mate in two"] [White "W"] [Black "B"] [Result "*"] [SetUp "1"] [FEN "k7/8/2K5/8/8/8/8/1R6 w - - 0 1"]

*

[Event "Mated in two"] [White "W"] [Black "B"] [Result "*"] [SetUp "1"] [FEN "1r6/8/8/8/8/2k5/8/K7 b - - 0 1"]

*
`);

// A short game with a known blunder: the Scholar's mate, where 3... Nf6??
// allows 4. Qxf7#.
const BLUNDER_PGN = `[Event "Blunder"] [White "W"] [Black "B"] [Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
`;
const blunderFiles = writeDb('BLUNDER', BLUNDER_PGN);

const engine = (page) => page.locator('[data-testid=engine]');
const lines = (page) => page.locator('[data-testid=engine-line]');

/** Opens the database `files`, and its game `n` (a row of the list). */
async function openGame(page, files, name, n = 0) {
  await page.locator('[data-testid=open-files]').setInputFiles(files);
  await status(page, new RegExp(`^Opened ${name}`));
  await rows(page).nth(n).click();
  await page.locator('[data-testid=game-header]').filter({ hasText: /\S/ }).waitFor();
}

/** Turns the engine on (the key `e`). */
async function engineOn(page) {
  await page.keyboard.press('e');
  await page.locator('[data-testid=engine-toggle][aria-pressed=true]').waitFor();
}

/** Waits until the best line of the position shown has a score matching `re`. */
const bestScore = (page, re, timeout = 60000) => page.waitForFunction(([src, flags]) => {
  const l = document.querySelector('[data-testid=engine-line][data-multipv="1"]');
  const board = document.querySelector('[data-testid=board]')?.getAttribute('data-fen');
  return l && l.getAttribute('data-fen') === board && new RegExp(src, flags).test(l.getAttribute('data-score') ?? '');
}, [re.source, re.flags], { timeout });

await test('a mate in two shows as #2 (White to move) and #-2 (Black to move, White\'s view), in the bar and the line', async (page) => {
  await openGame(page, mateFiles, 'MATE', 0);
  await engineOn(page);
  await bestScore(page, /^#2$/);
  assert.equal(await page.locator('[data-testid=eval-bar]').getAttribute('aria-label'), 'White mates in 2');
  // The line in SAN, its moves buttons: 1. Kc7 Ka7 2. Ra1#.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=engine-line][data-multipv="1"] [data-testid=engine-move]')].map((b) => b.textContent).join(' ').startsWith('Kc7 Ka7 Ra1#'));
  // Depth and speed are shown.
  await page.locator('[data-testid=engine-nps]').waitFor();
  assert.match(await page.locator('[data-testid=engine-depth]').textContent(), /^Depth \d+$/);
  // The other game: Black mates, which White's view shows as #-2.
  await rows(page).nth(1).click();
  await bestScore(page, /^#-2$/);
  assert.equal(await page.locator('[data-testid=eval-bar]').getAttribute('aria-label'), 'Black mates in 2');
  // A line's move plays the line to it on the board, as a tree line is explored.
  const second = page.locator('[data-testid=engine-line][data-multipv="1"] [data-testid=engine-move]').nth(1);
  await second.waitFor();
  await second.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=board]').getAttribute('data-fen').startsWith('1r6/8/8/8/8/8/K1k5/8 b'));
});

await test('Russian: the line in Russian letters, the bar and the key help in Russian', async (page) => {
  await page.locator('[data-testid=open-files]').setInputFiles(mateFiles);
  await page.locator('[data-testid=game-row]').filter({ hasText: 'Mate in two' }).click();
  await engineOn(page);
  await bestScore(page, /^#2$/);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=engine-line][data-multipv="1"] [data-testid=engine-move]')].map((b) => b.textContent).join(' ').startsWith('Крc7 Крa7 Лa1#'));
  assert.equal(await page.locator('[data-testid=eval-bar]').getAttribute('aria-label'), 'Белые ставят мат в 2 хода');
  await page.keyboard.press('?');
  await page.getByText('Включить или выключить движок').waitFor();
}, { locale: 'ru-RU' });

await test('stepping during a search cancels it: stop is sent, and nothing of the old position is shown after the step', async (page) => {
  // Loaded (the demo's first game may already be shown, and a click on its
  // row reloads it, which would reset the steps below), at its start.
  await openRow(page, 1);
  // After White's 10th move: Black to move.
  for (let k = 0; k < 19; k++) await page.keyboard.press('ArrowRight');
  // The board is drawn on the next frame: wait for the 19th move's position.
  await page.waitForFunction(() => / b \S+ \S+ \d+ 10$/.test(document.querySelector('[data-testid=board]')?.dataset.fen ?? ''));
  const before = await fen(page);
  await engineOn(page);
  await page.locator('[data-testid=engine-line]').first().waitFor({ timeout: 60000 });
  // Deep enough that the search would go on for long.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=engine-depth]')?.dataset.depth) >= 8, null, { timeout: 60000 });
  // Every line drawn from now on is noted, with the board at that time.
  await page.evaluate(() => {
    window.seenLines = [];
    const note = () => {
      for (const l of document.querySelectorAll('[data-testid=engine-line]')) {
        window.seenLines.push({ pv: l.dataset.pv, fen: l.dataset.fen, board: document.querySelector('[data-testid=board]').dataset.fen });
      }
    };
    new MutationObserver(note).observe(document.querySelector('[data-testid=engine]'), { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const logBefore = await page.evaluate(() => window.cadbEngineLog.length);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => document.querySelector('[data-testid=board]')?.dataset.fen !== b, before);
  const after = await fen(page);
  assert.equal(after.split(' ')[1], 'w');
  // The new position's lines come (at some depth), and the engine was told to stop.
  await page.waitForFunction((f) => {
    const l = document.querySelector('[data-testid=engine-line]');
    return l?.dataset.fen === f && Number(document.querySelector('[data-testid=engine-depth]')?.dataset.depth) >= 6;
  }, after, { timeout: 60000 });
  const log = (await page.evaluate(() => window.cadbEngineLog)).slice(logBefore);
  const stop = log.indexOf('> stop');
  assert.ok(stop >= 0, 'stop sent');
  assert.ok(stop < log.findIndex((l) => l.startsWith('> position')), 'stop before the new position');
  // Every line drawn is of the position on the board as it is drawn (the
  // old search may still draw its lines until the key is handled: the page
  // promises nothing about when that is, only that a line never outlives
  // its position). Once the board shows the new position, every line is of
  // it: its first move is a White piece's (Black's moved before the step).
  const seen = await page.evaluate(() => window.seenLines);
  const board = parseBoard(after);
  for (const s of seen) assert.equal(s.fen, s.board, `a line of ${s.fen} beside the board ${s.board}`);
  const afterStep = seen.filter((s) => s.board === after);
  assert.ok(afterStep.length > 0, 'lines drawn after the step');
  for (const s of afterStep) {
    const from = s.pv.slice(0, 2);
    assert.ok(/[PNBRQK]/.test(board[from] ?? ''), `line ${s.pv} starts with a move of no White piece at ${from}`);
  }
}, { path: '/e2e/' });

/** Square -> piece letter of a FEN's placement. */
function parseBoard(f) {
  const out = {};
  f.split(' ')[0].split('/').forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else out[`${'abcdefgh'[file++]}${8 - r}`] = c;
    }
  });
  return out;
}

await test('the bar shows White\'s share from White\'s side, and turns with the board', async (page) => {
  await openGame(page, mateFiles, 'MATE', 0);
  await engineOn(page);
  await bestScore(page, /^#2$/);
  const edges = () => page.evaluate(() => {
    const bar = document.querySelector('[data-testid=eval-bar]').getBoundingClientRect();
    const white = document.querySelector('[data-testid=eval-bar] .eval-white').getBoundingClientRect();
    return { top: Math.round(white.top - bar.top), bottom: Math.round(bar.bottom - white.bottom), height: white.height / bar.height };
  });
  // White mates: the bar is White's, nearly whole, from the bottom.
  await page.waitForFunction(() => {
    const bar = document.querySelector('[data-testid=eval-bar]').getBoundingClientRect();
    return document.querySelector('[data-testid=eval-bar] .eval-white').getBoundingClientRect().height / bar.height > 0.95;
  });
  const up = await edges();
  assert.ok(up.bottom <= 1, `White's part at the bottom: ${JSON.stringify(up)}`);
  await page.keyboard.press('f');
  await page.waitForFunction(() => document.querySelector('[data-testid=eval-bar]').classList.contains('flipped'));
  const down = await edges();
  assert.ok(down.top <= 1, `White's part at the top when turned: ${JSON.stringify(down)}`);
});

await test('Analyse game: progress, the graph filled with the engine\'s evaluations, the blunder marked ??, the export with [%eval and $4', async (page) => {
  await openGame(page, blunderFiles, 'BLUNDER', 0);
  assert.equal(await page.locator('[data-testid=eval-graph]').getAttribute('data-kind'), 'material');
  await page.locator('[data-testid=analysis-depth]').fill('10');
  await page.locator('[data-testid=analysis-depth]').dispatchEvent('change');
  await page.locator('[data-testid=analyse-game]').click();
  await page.locator('[data-testid=analysis-progress]').filter({ hasText: /\/8$/ }).first().waitFor();
  await page.locator('[data-testid=analysis-done]').waitFor({ timeout: 120000 });
  assert.equal(await page.locator('[data-testid=eval-graph]').getAttribute('data-kind'), 'eval');
  assert.equal(await page.locator('svg.graph').getAttribute('data-analysed'), 'true');
  assert.match(await page.locator('svg.graph').getAttribute('aria-label'), /0 stored in the database, \d+ computed by the engine/);
  // 3... Nf6?? (ply 6) allows mate in one.
  const marked = page.locator('[data-testid=move][data-san=Nf6] + [data-testid=analysis-mark]');
  assert.equal(await marked.textContent(), '??');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=analysis-export]').click()]);
  const pgn = readFileSync(await download.path(), 'utf8');
  assert.match(pgn, /\[%eval /);
  assert.match(pgn, /\$4/);
});

await test('Analyse game keeps the evaluations stored in the database, marked as such on the graph and in its summary', async (page) => {
  // The demo's game 1 has [%eval] at 11.Rg1 (ply 21, -0.59) and 18.Bd6 (ply 35, -3.68).
  await rows(page).nth(0).click();
  await page.locator('[data-testid=move]').first().waitFor();
  assert.equal(await page.locator('[data-testid=eval-graph]').getAttribute('data-kind'), 'eval');
  await page.locator('[data-testid=analysis-depth]').fill('6');
  await page.locator('[data-testid=analysis-depth]').dispatchEvent('change');
  await page.locator('[data-testid=analyse-game]').click();
  await page.locator('[data-testid=analysis-done]').waitFor({ timeout: 180000 });
  const graph = page.locator('svg.graph');
  assert.equal(await graph.getAttribute('data-stored'), '2');
  assert.deepEqual(await page.locator('rect.graph-stored').evaluateAll((rs) => rs.map((r) => r.dataset.storedPly)), ['21', '35']);
  assert.match(await graph.getAttribute('aria-label'), /2 stored in the database, \d+ computed by the engine/);
  // The stored value wins over the engine's, and says so.
  assert.equal(await page.locator('rect.graph-hit[data-ply="35"] title').textContent(), '18. Bd6: −3.68 (stored)');
});

await test('Analyse game: Cancel stops it, and opening another game drops it', async (page) => {
  await openGame(page, blunderFiles, 'BLUNDER', 0);
  await page.locator('[data-testid=analysis-depth]').fill('24');
  await page.locator('[data-testid=analysis-depth]').dispatchEvent('change');
  await page.locator('[data-testid=analyse-game]').click();
  await page.locator('[data-testid=analysis-cancel]').click();
  await page.locator('[data-testid=analyse-game]').waitFor();
  assert.equal(await page.locator('[data-testid=analysis-progress]').count(), 0);
  await page.locator('[data-testid=analyse-game]').click();
  await page.locator('[data-testid=analysis-progress]').waitFor();
  await page.locator('[data-testid=open-files]').setInputFiles(mateFiles);
  await status(page, /^Opened MATE/);
  await page.locator('[data-testid=analysis-progress]').waitFor({ state: 'detached' });
});

await test('offline after the first use, and after an update of the viewer: the engine\'s files are kept by the service worker, and it answers with no network', async (page) => {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await openGame(page, mateFiles, 'MATE', 0);
  await engineOn(page);
  await bestScore(page, /^#2$/);
  const kept = () => page.evaluate(async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith('cadb-engine '));
    const keys = names.length === 1 ? await (await caches.open(names[0])).keys() : [];
    return keys.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/engine/')).sort();
  });
  const files = await kept();
  assert.ok(files.some((p) => p.endsWith('.wasm')) && files.some((p) => p.endsWith('.js')), `engine files kept: ${files}`);
  // A new build of the viewer (the same engine) replaces the viewer's cache,
  // and keeps the engine's.
  await updateServiceWorker(page);
  assert.deepEqual(await kept(), files, 'the engine\'s files after an update');
  await page.context().setOffline(true);
  offline.on = true;
  try {
    await page.goto(`${origin}/?offline`);
    await rows(page).first().waitFor({ timeout: 20000 });
    await openGame(page, mateFiles, 'MATE', 0);
    await engineOn(page);
    await bestScore(page, /^#2$/);
    assert.deepEqual(offline.refused.filter((u) => !u.endsWith('/sw.js')), [], 'requests to the server while offline');
  } finally {
    offline.on = false;
    offline.refused = [];
    await page.context().setOffline(false);
  }
});

await test('isolated (COOP and COEP sent): the page is cross-origin isolated and runs the multi-threaded build', async (page) => {
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  await openGame(page, mateFiles, 'MATE', 0);
  await engineOn(page);
  await bestScore(page, /^#2$/);
  const stats = page.locator('[data-testid=engine-stats]');
  assert.equal(await stats.getAttribute('data-build'), 'multi');
  assert.ok(Number(await stats.getAttribute('data-threads')) >= 1);
  assert.ok(await page.evaluate(() => window.cadbEngineLog.some((l) => l.startsWith('< id name Stockfish'))));
}, { path: '/e2e/' });

served.isolated = false;
await test('not isolated (no COOP or COEP): the single-threaded build runs, and everything else works', async (page) => {
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  await openGame(page, mateFiles, 'MATE', 0);
  await engineOn(page);
  await bestScore(page, /^#2$/);
  assert.equal(await page.locator('[data-testid=engine-stats]').getAttribute('data-build'), 'single');
  assert.equal(await page.locator('[data-testid=engine-stats]').getAttribute('data-threads'), '1');
}, { path: '/e2e/', serviceWorkers: 'block' });
served.isolated = true;

await finish();
