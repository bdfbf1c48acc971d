// End-to-end tests of a choice of many databases (issue 47): every
// complete set among the files chosen is kept, in the archive's order
// (folder, then stem, without regard to case: src/archive/group.rs), the
// first is shown, and the Database menu shows each other one; a set that
// lacks a part is named with what it lacks, without costing the others.
// The harness is tests/e2e/harness.mjs's; each database is written by the
// CLI from games whose players name it, so a row tells which one is shown.
//
//   node tests/e2e/archive.mjs    (after npm run build; npm run e2e runs it)
//   E2E_ONLY=regex                runs the tests whose names match

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cadb, demoFiles, error, finish, rows, rowsFilled, status, test, tmp, writeDb } from './harness.mjs';

/** `n` games whose White is "NAME k". */
const games = (name, n) => Array.from({ length: n }, (_, k) => `[Event "E2E"] [White "${name} ${k + 1}"] [Black "Other"] [Result "1-0"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`).join('\n');

// Five databases, named in no order and in mixed case: the archive's
// order is ECO, Lessons, PROMO, PUZZLES, scalachess.
const FIVE = { PUZZLES: 3, ECO: 1, scalachess: 2, Lessons: 4, PROMO: 5 };
const fiveFiles = Object.entries(FIVE).flatMap(([name, n]) => writeDb(name, games(name, n)));
// A sixth set without its A02.
const half = writeDb('HALF', games('HALF', 1)).filter((f) => !/\.A02$/i.test(f));

const menu = (page) => page.locator('[data-testid=database-pick]');
const options = (page) => menu(page).locator('option').allTextContents();
const firstWhite = (page) => rows(page).first().locator('.cell[data-column=white]').textContent();
const count = async (page) => Number((await page.locator('[data-testid=game-count]').textContent()).replace(/\D/g, ''));

await test('five databases chosen at once (25 files) are each shown, with the right count; an incomplete set is named', async (page) => {
  await status(page, /^Opened DEMO/);
  assert.equal(await menu(page).count(), 0, 'no menu for the demo alone');
  await page.locator('[data-testid=open-files]').setInputFiles([...fiveFiles, ...half]);
  await status(page, /^Opened ECO:/);
  assert.match(await error(page).textContent(), /HALF\.A02 is missing/);
  assert.deepEqual(await options(page), ['All 5 as one list', 'ECO (1 game)', 'Lessons', 'PROMO', 'PUZZLES', 'scalachess']);
  assert.match(await page.locator('.database-pick').textContent(), /^5 databases:/);
  assert.equal(await menu(page).inputValue(), 'ECO');
  assert.equal(await count(page), 1);
  assert.equal(await firstWhite(page), 'ECO 1');
  // Each of the others, from the menu: its own games, and its count in the menu.
  for (const name of ['PUZZLES', 'scalachess', 'Lessons', 'PROMO']) {
    await menu(page).selectOption(name);
    await status(page, new RegExp(`^Opened ${name}:`));
    assert.equal(await count(page), FIVE[name], name);
    assert.equal(await firstWhite(page), `${name} 1`);
    assert.equal(await menu(page).inputValue(), name);
    await page.waitForFunction((n) => location.hash.includes(`db=${n}`), name);
  }
  assert.deepEqual(await options(page), ['All 5 as one list', 'ECO (1 game)', 'Lessons (4 games)', 'PROMO (5 games)', 'PUZZLES (3 games)', 'scalachess (2 games)']);
  // Back goes to the database shown before, from its files.
  await page.goBack();
  await status(page, /^Opened Lessons:/);
  assert.equal(await firstWhite(page), 'Lessons 1');
  assert.equal(await menu(page).inputValue(), 'Lessons');
  // A choice of one database is a new choice: the menu goes.
  await page.locator('[data-testid=open-files]').setInputFiles(writeDb('ALONE', games('ALONE', 2)));
  await status(page, /^Opened ALONE:/);
  assert.equal(await menu(page).count(), 0);
});

await test('the menu follows the last choice: a database picked while another opens is the one shown', async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=open-files]').setInputFiles(fiveFiles);
  await status(page, /^Opened ECO:/);
  // Two choices in a row: the second wins, and the menu says so throughout.
  await menu(page).selectOption('PROMO');
  await menu(page).selectOption('PUZZLES');
  assert.equal(await menu(page).inputValue(), 'PUZZLES');
  await status(page, /^Opened PUZZLES:/);
  assert.equal(await firstWhite(page), 'PUZZLES 1');
  assert.equal(await count(page), FIVE.PUZZLES);
});

await test('all five as one list: every game with its database, searched, sorted and opened across them', async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=open-files]').setInputFiles(fiveFiles);
  await status(page, /^Opened ECO:/);
  const head = page.locator('.list-head [data-column=database]');
  assert.equal(await head.isVisible(), false, 'one database: no Database column');
  await menu(page).selectOption('*');
  await status(page, /^Opened all databases:/);
  assert.equal(await menu(page).inputValue(), '*');
  assert.equal(await count(page), 15);
  assert.ok(await head.isVisible(), 'the Database column');
  await rowsFilled(page);
  // The archive's order, each database's games in their order; "#" is a
  // game's number in its own database.
  const order = ['ECO', 'Lessons', 'PROMO', 'PUZZLES', 'scalachess'].flatMap((n) => Array.from({ length: FIVE[n] }, (_, k) => [n, k + 1]));
  const cells = (column) => page.locator(`[data-testid=game-row] .cell[data-column=${column}]`).allTextContents();
  assert.deepEqual(await cells('database'), order.map(([n]) => n));
  assert.deepEqual(await cells('white'), order.map(([n, k]) => `${n} ${k}`));
  assert.deepEqual(await cells('index'), order.map(([, k]) => String(k)));
  // A game of the fourth database opens from the list, with its own headers.
  await rows(page).nth(11).click();
  await page.locator('[data-testid=game-header]').filter({ hasText: 'PUZZLES 2' }).waitFor();
  await page.waitForFunction(() => location.hash.includes('g=12'));
  // The filter finds games in every database.
  await page.locator('[data-testid=filter]').fill('s 2');
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 3);
  assert.deepEqual(await cells('white'), ['Lessons 2', 'PUZZLES 2', 'scalachess 2']);
  await page.locator('[data-testid=filter]').fill('');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 15);
  // Sorted by White, the names compared across the databases (case aside),
  // then by Database, descending: the last database's games first.
  await page.locator('.list-head [data-column=white]').click();
  await page.locator('.list-head [data-column=white]').click();
  await page.waitForFunction(() => document.querySelector('.list-head [data-column=white]')?.getAttribute('aria-sort') === 'descending');
  assert.deepEqual(await cells('white'), order.map(([n, k]) => `${n} ${k}`).reverse());
  await head.click();
  await head.click();
  await page.waitForFunction(() => document.querySelector('.list-head [data-column=database]')?.getAttribute('aria-sort') === 'descending');
  const byDatabase = await cells('database');
  assert.deepEqual(byDatabase, [...order.map(([n]) => n)].reverse());
  // The opening tree counts every database's games: all 15 play 1. e4.
  await page.keyboard.press('Home');
  const e4 = page.locator('[data-testid=tree-row]').filter({ has: page.locator('.tree-move[data-san=e4]') });
  await e4.waitFor();
  assert.equal(await e4.locator('td.num').first().textContent(), '15');
  assert.equal(await page.locator('[data-testid=tree-row]').count(), 1);
  // The card of "Other", Black in every game of every database: 15 lost,
  // and "List games" lists all 15.
  const card = page.locator('[data-testid=player-card]');
  await page.locator('#game-title [data-testid=player-link]', { hasText: 'Other' }).click();
  await card.locator('[data-testid=card-totals]').waitFor();
  const totals = await card.locator('[data-testid=card-totals] tr').evaluateAll((trs) => trs.slice(1).map((tr) => Array.from(tr.children).slice(1, 5).map((td) => td.textContent)));
  assert.deepEqual(totals, [['0', '0', '0', '0'], ['15', '0', '0', '15'], ['15', '0', '0', '15']]);
  await card.locator('[data-testid=player-filter]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === false);
  assert.equal(await count(page), 15);
  await page.locator('[data-testid=search-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
  // "Games with this position" searches every database: after 3. Bc4,
  // every game of all five.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.locator('[data-testid=position-search]').click();
  await page.locator('[data-testid=position-filter]').filter({ hasText: /15 games reach it/ }).waitFor();
  assert.equal(await count(page), 15);
  await page.locator('[data-testid=position-clear]').click();
  // A database of the menu opens alone again.
  await menu(page).selectOption('PROMO');
  await status(page, /^Opened PROMO:/);
  assert.equal(await count(page), FIVE.PROMO);
  assert.equal(await head.isVisible(), false);
  await page.locator('[data-testid=tree-row]').first().waitFor();
});

await test('500 databases chosen at once: each is in the menu, the first is shown, and the last opens from it', async (page) => {
  await status(page, /^Opened DEMO/);
  // One small database under 500 names (2,500 files).
  const one = writeDb('ONE', games('ONE', 1));
  const names = Array.from({ length: 500 }, (_, k) => `DB${String(k).padStart(3, '0')}`);
  const files = names.flatMap((name) => one.map((f) => {
    const to = path.join(tmp, `${name}${path.extname(f)}`);
    copyFileSync(f, to);
    return to;
  }));
  await page.locator('[data-testid=open-files]').setInputFiles(files);
  await status(page, /^Opened DB000:/);
  // Each of them, after "All 500 as one list".
  assert.equal(await menu(page).locator('option').count(), 501);
  assert.match(await page.locator('.database-pick').textContent(), /^500 databases:/);
  // The page answers at once: a row opens its game.
  await rows(page).first().click();
  await page.locator('[data-testid=move]').first().waitFor();
  await menu(page).selectOption('DB499');
  await status(page, /^Opened DB499:/);
  assert.equal(await count(page), 1);
});

// The five and a damaged one (the demo with its EMB cut short: the core
// refuses it at open), first in the archive's order, in a folder of their
// own: what `cadb pgn FOLDER` writes of it is the oracle.
const folder = path.join(tmp, 'archive');
mkdirSync(folder);
const inFolder = fiveFiles.map((f) => {
  const to = path.join(folder, path.basename(f));
  copyFileSync(f, to);
  return to;
});
const broken = demoFiles.map((f) => {
  const to = path.join(folder, `BROKEN${path.extname(f)}`);
  if (/\.EMB$/i.test(f)) writeFileSync(to, readFileSync(f).subarray(0, 100));
  else copyFileSync(f, to);
  return to;
});
/** `cadb pgn` of `args`' bytes (an exit of 1, a database that did not
 * open, is expected when `failing`). */
const cli = (args, failing = false) => {
  try {
    const out = execFileSync(cadb, ['pgn', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    if (failing) throw new Error(`cadb pgn ${args.join(' ')}: every database opened`);
    return out;
  } catch (e) {
    if (!failing || !e.stdout) throw e;
    return e.stdout;
  }
};
// The page merges duplicates unless told not to; these five have none.
const cliAll = cli([folder, '--dedupe'], true);
assert.deepEqual(cliAll, cli([folder], true));
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
/** A stand-in for the browser's file picker that keeps what is written. */
const savePicker = (context) => context.addInitScript(() => {
  window.showSaveFilePicker = async ({ suggestedName }) => {
    const saved = window.cadbSaved = { name: suggestedName, parts: [], closed: false };
    return { createWritable: async () => ({ write: async (b) => void saved.parts.push(new Uint8Array(b)), close: async () => void (saved.closed = true), abort: async () => undefined }) };
  };
});

// With `?helpers=2`, the background Worker hands each database to one of
// two helper Workers (www/pool.ts `exportArchive`), and passes their PGN on
// in the databases' order: the same bytes. (That it does so whatever the
// timing, within its bound on what waits, tests/ui/pool.mjs shows.)
/** How many requests of `type` for a database of an archive (`exportPgn
 * NAME`, a helper's share, or `duplicateKeys`) the page's Workers were
 * asked: each logs its requests in the e2e bundle (www/e2e-hooks.ts,
 * served at /e2e/). */
const shares = async (page, type) => {
  const logs = await Promise.all(page.workers().map((w) => w.evaluate(() => globalThis.cadbE2ERequests ?? [])));
  return logs.flat().filter((r) => r === type || r.startsWith(`${type} `)).length;
};
for (const helpers of [0, 2]) {
  await test(`a damaged database costs only itself; every database exported as one PGN${helpers ? ' by two helper Workers' : ''} is cadb pgn FOLDER's`, async (page) => {
    await status(page, /^Opened DEMO/);
    await page.locator('[data-testid=open-files]').setInputFiles([...broken, ...inFolder]);
    // BROKEN comes first, and does not open: ECO, the next, does.
    await status(page, /^Opened ECO:/);
    assert.match(await error(page).textContent(), /^BROKEN: /);
    assert.deepEqual(await options(page), ['All 6 as one list', 'BROKEN', 'ECO (1 game)', 'Lessons', 'PROMO', 'PUZZLES', 'scalachess']);
    await page.locator('[data-testid=export-all]').click();
    await status(page, /^Exported 5 databases as one PGN: 15 games/);
    assert.match(await page.locator('[data-testid=status]').textContent(), /Not opened, so not exported: BROKEN \(/);
    const saved = await page.evaluate(() => {
      const { name, parts, closed } = window.cadbSaved;
      return { name, closed, bytes: parts.flatMap((p) => [...p]) };
    });
    assert.equal(saved.name, 'databases.pgn');
    assert.ok(saved.closed);
    assert.equal(sha256(Uint8Array.from(saved.bytes)), sha256(cliAll), 'the bytes of cadb pgn FOLDER');
    assert.match(cliAll.toString(), /\[CASource "PUZZLES game 2"\]/);
    // Each database that opened, by a helper.
    assert.equal(await shares(page, 'exportPgn'), helpers ? 5 : 0);
  }, { before: savePicker, path: `/e2e/?helpers=${helpers}` });
}

await test("the list of all, with a damaged database among them: every other game, and its ⤓ PGN is cadb pgn FOLDER's", async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=open-files]').setInputFiles([...broken, ...inFolder]);
  await status(page, /^Opened ECO:/);
  await menu(page).selectOption('*');
  await status(page, /^Opened all databases:/);
  // BROKEN costs only itself: the others' 15 games, and its failure said.
  assert.equal(await count(page), 15);
  await page.locator('#db-panel > summary').click();
  await page.locator('#info').filter({ hasText: /BROKEN not opened/ }).waitFor();
  // A small export is downloaded.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-pgn]').click()]);
  await status(page, /^Exported 15 games/);
  assert.equal(download.suggestedFilename(), 'all-databases.pgn');
  assert.equal(sha256(readFileSync(await download.path())), sha256(cliAll), 'the bytes of cadb pgn FOLDER');
});

await test('without a file picker, the export of every database is downloaded', async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=open-files]').setInputFiles(inFolder);
  await status(page, /^Opened ECO:/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-all]').click()]);
  assert.equal(download.suggestedFilename(), 'databases.pgn');
  assert.equal(sha256(readFileSync(await download.path())), sha256(cliAll));
}, { before: (context) => context.addInitScript(() => { delete window.showSaveFilePicker; }) });

// Two copies of one database, and another: every game of the first is a
// duplicate, and written once.
const twice = path.join(tmp, 'twice');
mkdirSync(twice);
const twiceFiles = ['Lessons', 'Lessons-copy', 'PROMO'].flatMap((name) => fiveFiles
  .filter((f) => path.basename(f).startsWith(`${name.replace('-copy', '')}.`))
  .map((f) => {
    const to = path.join(twice, `${name}${path.extname(f)}`);
    copyFileSync(f, to);
    return to;
  }));
const savedBytes = async (page) => Uint8Array.from(await page.evaluate(() => window.cadbSaved.parts.flatMap((p) => [...p])));

for (const helpers of [0, 2]) {
  await test(`two copies of a database: each game written once${helpers ? ' (read and written by two helper Workers)' : ''}, as cadb pgn FOLDER --dedupe writes it; unmerged, as cadb pgn FOLDER`, async (page) => {
    await status(page, /^Opened DEMO/);
    await page.locator('[data-testid=open-files]').setInputFiles(twiceFiles);
    await status(page, /^Opened Lessons:/);
    assert.deepEqual(await options(page), ['All 3 as one list', 'Lessons (4 games)', 'Lessons-copy', 'PROMO']);
    assert.equal(await page.locator('[data-testid=merge-copies]').isChecked(), true);
    await page.locator('[data-testid=export-all]').click();
    await status(page, /^Exported 3 databases as one PGN: 9 games .* Duplicates: 4 copies not written, of 4 groups/);
    const merged = cli([twice, '--dedupe']);
    assert.match(merged.toString(), /\[CACopies "Lessons-copy game 0"\]/);
    assert.equal(sha256(await savedBytes(page)), sha256(merged), 'the bytes of cadb pgn FOLDER --dedupe');
    // Unmerged: every game of the three.
    await page.locator('[data-testid=merge-copies]').uncheck();
    await page.locator('[data-testid=export-all]').click();
    await status(page, /^Exported 3 databases as one PGN: 13 games \(\d+ KB\)\.$/);
    assert.equal(sha256(await savedBytes(page)), sha256(cli([twice])), 'the bytes of cadb pgn FOLDER');
    // Each database's keys, then its share twice (merged, then not), by a helper.
    assert.deepEqual([await shares(page, 'duplicateKeys'), await shares(page, 'exportPgn')], helpers ? [3, 6] : [0, 0]);
  }, { before: savePicker, path: `/e2e/?helpers=${helpers}` });
}

// Three databases whose games say "brilliant" in a comment or not (White
// names the game and whether it does): a search of the moves in the list
// of all lists those that do, in the list's order, whether the background
// Worker searches every database or a helper each (pool.ts
// `archiveSearch`).
const remarked = (name, says) => says.map((yes, k) => `[Event "E2E"] [White "${name} ${k + 1}${yes ? ' says' : ''}"] [Black "Other"] [Result "1-0"]\n1. e4 e5 2. Qh5 ${yes ? '{brilliant} ' : ''}Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`).join('\n');
const remarkedFiles = [
  ...writeDb('Alpha', remarked('Alpha', [true, false, true])),
  ...writeDb('Beta', remarked('Beta', [false, true])),
  ...writeDb('Gamma', remarked('Gamma', [true, false])),
];
for (const helpers of [0, 2]) {
  await test(`a search of the moves and of a position in the list of all finds each database's games${helpers ? ', a database a helper Worker' : ''}`, async (page) => {
    await status(page, /^Opened DEMO/);
    await page.locator('[data-testid=open-files]').setInputFiles(remarkedFiles);
    await status(page, /^Opened Alpha:/);
    await menu(page).selectOption('*');
    await status(page, /^Opened all databases:/);
    assert.equal(await count(page), 7);
    await page.locator('.search-panel > summary').click();
    await page.locator('#search-moves > summary').click();
    await page.locator('[data-testid=search-comment]').fill('brilliant');
    await page.locator('[data-testid=search-apply]').click();
    await status(page, /listed in/);
    const whites = () => page.locator('[data-testid=game-row] .cell[data-column=white]').allTextContents();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 4);
    assert.deepEqual(await whites(), ['Alpha 1 says', 'Alpha 3 says', 'Beta 2 says', 'Gamma 1 says']);
    // A game opens at its hit: after 2. Qh5, the comment's move.
    await rows(page).nth(2).click();
    await page.locator('[data-testid=game-header]').filter({ hasText: 'Beta 2 says' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.startsWith('rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR '));
    // Another search: none says "dull".
    await page.locator('[data-testid=search-comment]').fill('dull');
    await page.locator('[data-testid=search-apply]').click();
    await page.locator('[data-testid=status]').filter({ hasText: /^0 games listed in/ }).waitFor();
    // "Games with this position" (after 2. Qh5, the board's): all seven.
    await page.locator('[data-testid=search-clear]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
    await page.locator('[data-testid=position-search]').click();
    await page.locator('[data-testid=position-filter]').filter({ hasText: /7 games reach it/ }).waitFor();
    assert.equal(await count(page), 7);
    // The background Worker's requests, and one a database to the helpers
    // each time, each helper keeping its share open from the first.
    const asked = await Promise.all(['searchHits', 'positionSearch', 'keep'].map((type) => shares(page, type)));
    assert.deepEqual(asked, helpers ? [8, 4, 2] : [2, 1, 0]);
  }, { path: `/e2e/?helpers=${helpers}` });
}

/** `cadb doctor PATH --duplicates`'s count: { copies, groups }. */
const cliDuplicates = (at) => JSON.parse(execFileSync(cadb, ['doctor', at, '--duplicates', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()).duplicates;

await test('two copies in the list of all: duplicates hidden leave out every copy, keeping the first of equals; grouped, each group together with its databases', async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=open-files]').setInputFiles(twiceFiles);
  await status(page, /^Opened Lessons:/);
  await menu(page).selectOption('*');
  await status(page, /^Opened all databases:/);
  assert.equal(await count(page), 13);
  const copies = page.locator('[data-testid=copies-mode]');
  await copies.selectOption('hide');
  await status(page, /4 duplicates hidden, of 4 groups\.$/);
  assert.equal(await count(page), 9);
  await rowsFilled(page);
  const cells = (column) => page.locator(`[data-testid=game-row] .cell[data-column=${column}]`).allTextContents();
  assert.deepEqual(await cells('database'), [...Array(4).fill('Lessons'), ...Array(5).fill('PROMO')]);
  // Its ⤓ PGN: each kept game tagged with the copies it stands for, the
  // bytes of cadb pgn FOLDER --dedupe.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-pgn]').click()]);
  await status(page, /^Exported 9 games/);
  assert.equal(sha256(readFileSync(await download.path())), sha256(cli([twice, '--dedupe'])), 'the bytes of cadb pgn FOLDER --dedupe');
  // With the filter too.
  await page.locator('[data-testid=filter]').fill('Lessons 2');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 1);
  await page.locator('[data-testid=filter]').fill('');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 9);
  // Only the groups, each together, its kept game first, each row with its
  // database (found once: no second reading).
  await copies.selectOption('groups');
  await status(page, /4 groups of duplicates, each together\.$/);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 8);
  await rowsFilled(page);
  const pairs = [1, 2, 3, 4].flatMap((k) => [['Lessons', `Lessons ${k}`], ['Lessons-copy', `Lessons ${k}`]]);
  assert.deepEqual(await cells('database'), pairs.map(([d]) => d));
  assert.deepEqual(await cells('white'), pairs.map(([, w]) => w));
  const starts = () => page.locator('[data-testid=game-row].group-start .cell[data-column=white]').allTextContents();
  assert.deepEqual(await starts(), ['Lessons 1', 'Lessons 2', 'Lessons 3', 'Lessons 4']);
  // Sorted, the groups move, each still together.
  await page.locator('.list-head [data-column=white]').click();
  await page.locator('.list-head [data-column=white]').click();
  await page.waitForFunction(() => document.querySelector('.list-head [data-column=white]')?.getAttribute('aria-sort') === 'descending');
  await page.waitForFunction(() => document.querySelector('[data-testid=game-row] .cell[data-column=white]')?.textContent === 'Lessons 4');
  assert.deepEqual(await cells('white'), ['Lessons 4', 'Lessons 4', 'Lessons 3', 'Lessons 3', 'Lessons 2', 'Lessons 2', 'Lessons 1', 'Lessons 1']);
  assert.equal(await page.locator('[data-testid=game-row]').count(), 8);
  assert.deepEqual(await starts(), ['Lessons 4', 'Lessons 3', 'Lessons 2', 'Lessons 1']);
  // Sorted by database, descending, the copies come first: each group
  // still together, where its copy is, its kept game first.
  const database = page.locator('.list-head [data-column=database]');
  await database.click();
  await database.click();
  await page.waitForFunction(() => document.querySelector('.list-head [data-column=database]')?.getAttribute('aria-sort') === 'descending');
  assert.deepEqual(await cells('database'), pairs.map(([d]) => d));
  // With the filter: the group's games it finds.
  await page.locator('[data-testid=filter]').fill('Lessons 2');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 2);
  assert.deepEqual(await cells('database'), ['Lessons', 'Lessons-copy']);
  await page.locator('[data-testid=filter]').fill('');
  await copies.selectOption('all');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=game-row]').length === 13);
  assert.equal(await page.locator('[data-testid=game-row].group-start').count(), 0);
});

for (const helpers of [0, 2]) {
  await test(`the doctor counts the duplicates of every database chosen${helpers ? ' (read by two helper Workers)' : ''}, as cadb doctor FOLDER --duplicates does, and of one alone`, async (page) => {
    await status(page, /^Opened DEMO/);
    await page.locator('[data-testid=open-files]').setInputFiles(twiceFiles);
    await status(page, /^Opened Lessons:/);
    await page.locator('#db-panel > summary').click();
    const count = page.locator('[data-testid=count-duplicates]');
    assert.equal(await count.textContent(), 'Count duplicates in all 3 databases');
    await count.click();
    const want = cliDuplicates(twice);
    assert.deepEqual(want, { copies: 4, groups: 4 });
    await page.locator('[data-testid=duplicates]').filter({ hasText: /^Duplicates: 4 copies in 4 groups, of 13 games in 3 databases/ }).waitFor();
    // Another database shown: the count was of the choice, and is asked again.
    await menu(page).selectOption('PROMO');
    await status(page, /^Opened PROMO:/);
    assert.equal(await page.locator('[data-testid=duplicates]').isHidden(), true);
    // One database alone, with a game twice (and one that is not).
    const oneFiles = writeDb('SELF', games('SELF', 1) + '\n' + games('SELF', 1) + '\n' + games('OTHER', 1));
    await page.locator('[data-testid=open-files]').setInputFiles(oneFiles);
    await status(page, /^Opened SELF:/);
    assert.equal(await count.textContent(), 'Count duplicates');
    await count.click();
    assert.deepEqual(cliDuplicates(oneFiles.find((f) => f.endsWith('.CDP'))), { copies: 1, groups: 1 });
    await page.locator('[data-testid=duplicates]').filter({ hasText: /^Duplicates: 1 copy in 1 group, of 3 games \(/ }).waitFor();
    // The three databases' keys, then the one's, by a helper.
    assert.equal(await shares(page, 'duplicateKeys'), helpers ? 4 : 0);
  }, { path: `/e2e/?helpers=${helpers}` });
}

// Lessons, and PROMO with its D02 damaged in the middle.
const doc = path.join(tmp, 'doctor');
mkdirSync(doc);
const docFiles = ['Lessons', 'PROMO'].flatMap((name) => fiveFiles.filter((f) => path.basename(f).startsWith(`${name}.`)).map((f) => {
  const to = path.join(doc, path.basename(f));
  copyFileSync(f, to);
  return to;
}));
{
  const d02 = docFiles.find((f) => f.endsWith('PROMO.D02'));
  const bytes = readFileSync(d02);
  bytes.fill(0xff, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 12);
  writeFileSync(d02, bytes);
}
/** `cadb doctor` of database `name` in `doc`: its report (exit 1 for damage found). */
/** `cadb doctor DIR/NAME.CDP`'s report, without its count of duplicates. */
const doctorIn = (dir, name) => {
  let out;
  try {
    out = execFileSync(cadb, ['doctor', path.join(dir, `${name}.CDP`)], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch (e) {
    out = e.stdout.toString();
  }
  // (The CLI's report ends with the duplicates it did not count.)
  return out.split('\n\nDuplicate games')[0].trim();
};

await test("the list of all: the doctor's report of each database under its name, as cadb doctor gives it; a damaged one needs a look", async (page) => {
  await status(page, /^Opened DEMO/);
  await page.locator('[data-testid=open-files]').setInputFiles(docFiles);
  await status(page, /^Opened Lessons:/);
  await menu(page).selectOption('*');
  await status(page, /^Opened all databases:/);
  await page.locator('#db-panel > summary').click();
  const reports = page.locator('[data-testid=member-report]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=member-report]').length === 2);
  const summaries = await reports.locator(':scope > summary').allTextContents();
  assert.match(summaries[0], /^Lessons — every game's record checked \(4\)$/);
  assert.match(summaries[1], /^PROMO — every game's record checked \(5\) needs a look$/);
  // Only the one that needs a look is open; the notice names it.
  assert.deepEqual(await reports.evaluateAll((ds) => ds.map((d) => d.open)), [false, true]);
  assert.match(await page.locator('[data-testid=db-notice]').textContent(), /^A database needs a look: PROMO: /);
  const text = await page.locator('[data-testid=report-text]').inputValue();
  assert.equal(text.trim(), `== Lessons ==\n${doctorIn(doc, 'Lessons')}\n\n== PROMO ==\n${doctorIn(doc, 'PROMO')}`);
  assert.notEqual(doctorIn(doc, 'Lessons'), doctorIn(doc, 'PROMO'));
});

// The full check of the list of all, with a database bigger than the
// doctor's sample (20,000 games): each database's report, as `cadb doctor`
// gives it, whether the background Worker checks every database or the
// helpers keeping them (pool.ts `archiveDiagnose`).
const checkDir = path.join(tmp, 'check');
mkdirSync(checkDir);
const checkFiles = [...writeDb('Big', games('Big', 20_001)), ...fiveFiles.filter((f) => path.basename(f).startsWith('Lessons.'))].map((f) => {
  const to = path.join(checkDir, path.basename(f));
  copyFileSync(f, to);
  return to;
});
for (const helpers of [0, 2]) {
  await test(`the list of all: the full check of every game gives each database's report as cadb doctor does${helpers ? ', checked by two helper Workers' : ''}`, async (page) => {
    await status(page, /^Opened DEMO/);
    await page.locator('[data-testid=open-files]').setInputFiles(checkFiles);
    await status(page, /^Opened Big:/);
    await menu(page).selectOption('*');
    await status(page, /^Opened all databases:/);
    await page.locator('#db-panel > summary').click();
    await page.locator('[data-testid=check-all]').waitFor();
    const before = await shares(page, 'diagnose');
    await page.locator('[data-testid=check-all]').click();
    const reports = page.locator('[data-testid=member-report] > summary');
    await reports.filter({ hasText: /^Big — every game's record checked \(20,001\)/ }).waitFor({ timeout: 120000 });
    const text = await page.locator('[data-testid=report-text]').inputValue();
    assert.equal(text.trim(), `== Big ==\n${doctorIn(checkDir, 'Big')}\n\n== Lessons ==\n${doctorIn(checkDir, 'Lessons')}`);
    // The background Worker's request for the full check, and one a
    // database to the helpers.
    assert.equal(await shares(page, 'diagnose') - before, helpers ? 3 : 1);
  }, { path: `/e2e/?helpers=${helpers}` });
}

await finish();
