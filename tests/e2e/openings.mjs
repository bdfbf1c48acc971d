// End-to-end tests of the opening names in the viewer (issue 35): the list's
// Opening column, the header by the board, the tree's rows and the line
// above the tree, in English and Russian pages, on the demo database, with
// the harness of tests/e2e/viewer.mjs (dist/ served with its shipped
// headers, so the Worker's fetch of the table meets the real
// Content-Security-Policy).
//
// The expected names come from the lichess TSVs by hand (src/openings/data),
// read against the demo's games (tests/data/demo/demo.pgn), not from the code:
// - game index 0, the Immortal Game (stored C33): 1.e4 e5 2.f4 exf4 3.Bc4 Qh4+
//   4.Kf1 b5 is c.tsv's "C33 King's Gambit Accepted: Bishop's Gambit, Bryan
//   Countergambit", and no longer line starts so;
// - game index 20 (stored B86): 1.e4 c5 ... 5.Nc3 a6 6.Bc4 is b.tsv's "B90 Sicilian
//   Defense: Najdorf Variation, Lipnitsky Attack"; the only longer line
//   (B87, 7.Bb3 b5) is not played (7...Be7);
// - 1.e4 is b.tsv's "B00 King's Pawn Game".
//
//   node tests/e2e/openings.mjs     (needs dist/ and the CLI: scripts/build.sh --bundle; CADB_BIN names another)
//   SHOTS=dir node tests/e2e/openings.mjs   also saves screenshots there

import assert from 'node:assert/strict';
import path from 'node:path';
import { finish, test } from './harness.mjs';

const IMMORTAL = "C33 King's Gambit Accepted: Bishop's Gambit, Bryan Countergambit";
const LIPNITSKY = 'B90 Sicilian Defense: Najdorf Variation, Lipnitsky Attack';
const KINGS_PAWN = "B00 King's Pawn Game";

/** Scrolls the (virtualised) list until game `index`'s row is drawn. */
async function showRow(page, index) {
  await page.evaluate((i) => {
    const list = document.querySelector('.game-list');
    list.scrollTop = Math.max(0, i * 28 - 40);
  }, index);
  await page.locator(`[data-testid=game-row][data-index="${index}"]`).waitFor();
}
const cell = (page, index, column) => page.locator(`[data-testid=game-row][data-index="${index}"] [data-column=${column}]`);
const text = async (locator) => (await locator.textContent()).trim();
async function openGame(page, index) {
  await showRow(page, index);
  await page.locator(`[data-testid=game-row][data-index="${index}"]`).click();
  await page.waitForFunction((g) => location.hash.includes(`g=${g}`), index + 1);
}
const shot = async (page, name) => {
  if (process.env.SHOTS) await page.screenshot({ path: path.join(process.env.SHOTS, name) });
};

for (const [lang, locale, head, stored, openingLabel] of [
  ['English', 'en-US', 'Opening', 'ECO B86 (file)', 'Opening:'],
  ['Russian', 'ru-RU', 'Дебют', 'ECO B86 (в файле)', 'Дебют:'],
]) {
  await test(`${lang}: the list's Opening column names each game by position`, async (page) => {
    assert.equal(await text(page.locator('.list-head [data-column=opening]')), head);
    await cell(page, 0, 'opening').waitFor();
    assert.equal(await text(cell(page, 0, 'opening')), IMMORTAL);
    // The study from a set-up position has no name.
    assert.equal(await text(cell(page, 5, 'opening')), '');
    await showRow(page, 20);
    assert.equal(await text(cell(page, 20, 'opening')), LIPNITSKY);
    // The stored ECO stays what the file says, in its own column.
    assert.equal(await text(cell(page, 20, 'eco')), 'B86');
  }, { locale, serviceWorkers: 'block' });

  await test(`${lang}: the header names the opening, with the stored ECO where it differs`, async (page) => {
    await openGame(page, 0);
    await page.locator('[data-testid=game-opening]').filter({ hasText: IMMORTAL }).waitFor();
    assert.equal(await text(page.locator('[data-testid=game-opening]')), IMMORTAL);
    await openGame(page, 20);
    await page.locator('[data-testid=game-opening]').filter({ hasText: LIPNITSKY }).waitFor();
    assert.equal(await text(page.locator('[data-testid=game-opening]')), `${stored} · ${LIPNITSKY}`);
    await shot(page, `header-${locale}.png`);
  }, { locale, serviceWorkers: 'block' });

  await test(`${lang}: the tree's rows and the line above it name positions`, async (page) => {
    await openGame(page, 0);
    await page.locator('[data-testid=game-opening]').waitFor();
    // At the start: no name above the tree; the 1.e4 row names its position.
    await page.keyboard.press('Home');
    const e4 = page.locator('[data-testid=tree-row]').filter({ has: page.locator('.tree-move[data-san=e4]') });
    await e4.waitFor({ timeout: 20000 });
    assert.equal(await page.locator('[data-testid=tree-opening]').count(), 0);
    assert.equal(await text(e4.locator('[data-testid=tree-row-opening]')), KINGS_PAWN);
    // After 4...b5 (8 plies) the position shown is the Bryan Countergambit,
    // and it stays the name 10 plies on (the deepest named on the way).
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid=tree-opening]').filter({ hasText: IMMORTAL }).waitFor();
    assert.equal(await text(page.locator('[data-testid=tree-opening]')), `${openingLabel} ${IMMORTAL}`);
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') !== null);
    assert.equal(await text(page.locator('[data-testid=tree-opening]')), `${openingLabel} ${IMMORTAL}`);
    await shot(page, `tree-${locale}.png`);
  }, { locale, serviceWorkers: 'block' });
}

for (const [locale, stored] of [['en-US', 'ECO B86 (file)'], ['ru-RU', 'ECO B86 (в файле)']]) {
  await test(`a phone-width page (${locale}) shows the names too`, async (page) => {
    const opening = page.locator('[data-testid=game-opening]');
    await opening.filter({ hasText: LIPNITSKY }).waitFor();
    assert.equal(await text(opening), `${stored} · ${LIPNITSKY}`);
    await shot(page, `phone-${locale}.png`);
  }, { locale, serviceWorkers: 'block', viewport: { width: 390, height: 844 }, path: '/#db=DEMO&g=21&m=12' });
}

await finish();
