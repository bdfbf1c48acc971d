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
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { error, finish, rows, status, test, tmp, writeDb } from './harness.mjs';

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
  assert.deepEqual(await options(page), ['ECO (1 game)', 'Lessons', 'PROMO', 'PUZZLES', 'scalachess']);
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
  assert.deepEqual(await options(page), ['ECO (1 game)', 'Lessons (4 games)', 'PROMO (5 games)', 'PUZZLES (3 games)', 'scalachess (2 games)']);
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
  assert.equal(await menu(page).locator('option').count(), 500);
  assert.match(await page.locator('.database-pick').textContent(), /^500 databases:/);
  // The page answers at once: a row opens its game.
  await rows(page).first().click();
  await page.locator('[data-testid=move]').first().waitFor();
  await menu(page).selectOption('DB499');
  await status(page, /^Opened DB499:/);
  assert.equal(await count(page), 1);
});

await finish();
