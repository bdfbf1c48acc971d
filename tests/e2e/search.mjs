// End-to-end tests of the search of the games' moves (issue 35) in
// Chromium: material, patterns (typed, and built on the board), maneuvers,
// comment words, NAGs and evaluations, a malformed expression, Cancel, the
// URL hash, and games opening at their first hit. Every expected answer is
// a hand-known fact of the games below (written into a database by the
// native CLI, `cadb write`), or read from the demo's PGN here, never from
// the code under test.
//
//   node tests/e2e/search.mjs        (after `npm run e2e` built dist-e2e/)
//   E2E_ONLY=regex node tests/e2e/search.mjs
//   SCREENSHOTS=1 node tests/e2e/search.mjs   also saves the form and the
//     editor, in English and Russian, on a desktop and a phone, in /tmp/cadb-search-*.png

import assert from 'node:assert/strict';
import { DEMO_GAMES, browser, fen, finish, listed, origin, rows, status, test, writeDb, fault, error } from './harness.mjs';

// The games, by index. Plies count from the start position (0).
const MOVES_PGN = `[Event "Moves"] [White "Breyer"] [Black "Ruy"] [Result "*"]
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 *

[Event "Moves"] [White "Rook and bishop"] [Black "Rook and knight"] [Result "*"] [SetUp "1"] [FEN "r3n1k1/3b1ppp/8/1N6/2B5/8/6PP/R5K1 b - - 0 1"]
1... Bxb5 2. Bxb5 Nd6 3. h3 Nxb5 *

[Event "Moves"] [White "Comment"] [Black "Mark"] [Result "*"]
1. e4 e5 2. Nf3 {Блестяще!} Nc6 3. Bb5 $2 a6 *

[Event "Moves"] [White "Engine"] [Black "Swing"] [Result "*"]
1. d4 {[%eval 0.20]} d5 {[%eval 0.25]} 2. c4 {[%eval 0.30]} dxc4 {[%eval 0.35]} 3. e3 {[%eval 0.30]} b5 {[%eval 3.30]} *

[Event "Moves"] [White "Sicilian"] [Black "Knight"] [Result "*"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Nd5 e6 *

[Event "Moves"] [White "Caro"] [Black "Knight"] [Result "*"]
1. e4 c6 2. Nc3 e5 3. Nd5 Nf6 *
`;
const GAMES = 6;
const movesFiles = writeDb('MOVES', MOVES_PGN);
// What each game's position is at a hit, worked out by hand (placement only).
const AT = {
  // Game 0, ply 27: 14. Ng3 of the Breyer Ruy Lopez.
  breyer27: 'r2qrbk1/1bpn1ppp/p2p1n2/1p2p3/3PP3/2P2NNP/PPB2PP1/R1BQR1K1',
  // Game 1, ply 4 (after 3. h3): rook and bishop against rook and knight for plies 2, 3, 4.
  rooks4: 'r5k1/5ppp/3n4/1B6/8/7P/6P1/R5K1',
  // Game 1, ply 0: its set-up position.
  rooks0: 'r3n1k1/3b1ppp/8/1N6/2B5/8/6PP/R5K1',
  // Game 2, ply 3: 2. Nf3 {Блестяще!}.
  comment3: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R',
  // Game 3, ply 6: 3... b5, evaluated 3.30 after 0.30.
  swing6: 'rnbqkbnr/p1p1pppp/8/1p6/2pP4/4P3/PP3PPP/RNBQKBNR',
  // Game 4, ply 11: 6. Nd5, no black c-pawn left.
  sicilian11: 'rnbqkb1r/1p2pppp/p2p1n2/3N4/3NP3/8/PPP2PPP/R1BQKB1R',
  // Game 4, ply 10: 5... a6, b.tsv's "B90 Sicilian Defense: Najdorf Variation".
  najdorf10: 'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R',
  // Game 5, ply 5: 3. Nd5, a black pawn on c6.
  caro5: 'rnbqkbnr/pp1p1ppp/2p5/3Np3/4P3/8/PPPP1PPP/R1BQKBNR',
};

const placement = async (page) => (await fen(page))?.split(' ')[0];
const field = (page, name) => page.locator(`[data-testid=search-${name}]`);
/** Opens the database of these games and the search panel. */
async function openMoves(page) {
  await page.locator('[data-testid=open-files]').setInputFiles(movesFiles);
  await status(page, /^(Opened|Открыта) MOVES/);
  await openForm(page);
}
/** Opens the search panel and its group "Position and moves". */
async function openForm(page) {
  await page.locator('.search-panel > summary').click();
  await page.locator('#search-moves > summary').click();
}
/** Fills the form's fields (name to text), applies it, and returns the
 * count listed once this search has said its count on the status line. */
async function search(page, values) {
  for (const [name, text] of Object.entries(values)) await field(page, name).fill(text);
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid=status]');
    window.cadbListedObserver?.disconnect();
    window.cadbListed = 0;
    window.cadbListedObserver = new MutationObserver(() => {
      if (/listed in|В списке/.test(el.textContent)) window.cadbListed++;
    });
    window.cadbListedObserver.observe(el, { childList: true, subtree: true, characterData: true });
  });
  await page.locator('[data-testid=search-apply]').click();
  await page.waitForFunction(() => window.cadbListed > 0);
  return listed(page);
}
/** The players of the listed games, in list order (each game's White
 * names it above), once the list's rows have their text. */
async function listedWhites(page) {
  const n = await listed(page);
  await page.waitForFunction((k) => {
    const cells = [...document.querySelectorAll('[data-testid=game-row] .cell[data-column=white]')];
    return cells.length === k && cells.every((c) => c.textContent.trim() !== '');
  }, n);
  return page.locator('[data-testid=game-row] .cell[data-column=white]').allTextContents();
}
/** Opens list row `n` and waits until the board shows `want` (a placement). */
async function openAt(page, n, want) {
  await rows(page).nth(n).click();
  await page.waitForFunction((w) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen')?.split(' ')[0] === w, want);
}

await test('material: rook and bishop against rook and knight for 3 plies, and not for 4; the game opens where the run reaches 3', async (page) => {
  await openMoves(page);
  assert.equal(await search(page, { material: 'RB vs RN for 3' }), 1);
  assert.deepEqual(await listedWhites(page), ['Rook and bishop']);
  await openAt(page, 0, AT.rooks4);
  // One more ply is asked than the run has: no game.
  await page.locator('[data-testid=search-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
  assert.equal(await search(page, { material: 'RB vs RN for 4' }), 0);
  // A hit at ply 0 (the set-up position, before the first capture) opens at the start.
  assert.equal(await search(page, { material: 'RBN vs RBN' }), 1);
  await openAt(page, 0, AT.rooks0);
  assert.equal(await page.locator('[data-testid=moves] .current').count(), 0, 'no move is current at the start');
});

await test('maneuver: the knight b1-d2-f1-g3 opens at 14. Ng3, and castling moves the rook h1-f1', async (page) => {
  await openMoves(page);
  assert.equal(await search(page, { maneuver: 'Nb1-d2-f1-g3' }), 1);
  assert.deepEqual(await listedWhites(page), ['Breyer']);
  await openAt(page, 0, AT.breyer27);
  assert.match(await page.locator('[data-testid=moves] .current').textContent(), /Ng3/);
  assert.equal(await search(page, { maneuver: 'Rh1-f1-e1' }), 1);
  // The same knight's route with a square it never went to: none.
  assert.equal(await search(page, { maneuver: 'Nb1-d2-f3' }), 0);
});

await test('pattern typed: a white knight on d5 in two games; without a black c-pawn in one, opened at 6. Nd5', async (page) => {
  await openMoves(page);
  assert.equal(await search(page, { pattern: 'Nd5' }), 2);
  assert.deepEqual(await listedWhites(page), ['Sicilian', 'Caro']);
  await openAt(page, 1, AT.caro5);
  assert.equal(await search(page, { pattern: 'Nd5 !pc' }), 1);
  assert.deepEqual(await listedWhites(page), ['Sicilian']);
  await openAt(page, 0, AT.sicilian11);
});

await test('pattern on the board: a click requires a white knight on d5, the keys forbid a black pawn on c6; Done writes it, and the board comes back', async (page) => {
  await openMoves(page);
  await rows(page).nth(2).click();
  await page.waitForFunction(() => /Nf3/.test(document.querySelector('[data-testid=moves]')?.textContent ?? ''));
  const before = await fen(page);
  await field(page, 'pattern').fill('either');
  await page.locator('[data-testid=pattern-edit]').click();
  const board = page.locator('[data-testid=pattern-board]');
  await board.waitFor();
  assert.equal(await page.locator('[data-testid=board]').count(), 0, 'the editor has the board');
  // The mouse: the white knight, d5 (White at the bottom: file d is the 4th column, rank 5 the 4th row).
  await page.locator('[data-testid=pattern-piece][data-piece=N]').click();
  const box = await board.boundingBox();
  const square = box.width / 8;
  await page.mouse.click(box.x + 3.5 * square, box.y + 3.5 * square);
  await page.waitForFunction(() => document.querySelector('[data-testid=pattern-text]')?.textContent === 'Nd5 either');
  // (chessground draws at the next frame.)
  await board.locator('cg-board piece.knight.white').waitFor();
  // The keyboard, from d5: p (the black pawn), x (forbid), ← ↑ to c6, Enter.
  for (const key of ['p', 'x', 'ArrowLeft', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
  await page.waitForFunction(() => document.querySelector('[data-testid=pattern-text]')?.textContent === 'Nd5 !pc6 either');
  assert.match(await page.locator('[data-testid=announce]').textContent(), /^c6: black pawn forbidden$/);
  await board.locator('svg circle').first().waitFor({ state: 'attached' });
  // Enter again takes it back; once more puts it again.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=pattern-text]')?.textContent === 'Nd5 either');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=pattern-done]').click();
  assert.equal(await field(page, 'pattern').inputValue(), 'Nd5 !pc6 either');
  assert.equal(await fen(page), before, 'the game is back on the board, where it was');
  // Cancel leaves the field as it was.
  await page.locator('[data-testid=pattern-edit]').click();
  await page.locator('[data-testid=pattern-piece][data-piece=Q]').click();
  await page.mouse.click(box.x + 0.5 * square, box.y + 0.5 * square);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=board]').waitFor();
  assert.equal(await field(page, 'pattern').inputValue(), 'Nd5 !pc6 either');
  // `either` also asks for the colours swapped (a black knight on d4, no
  // white pawn on c3), which no game has: the Sicilian alone.
  await page.locator('[data-testid=search-apply]').click();
  assert.equal(await listed(page), 1);
  await openAt(page, 0, AT.sicilian11);
});

await test('comment words in a Russian page: "блестяще" finds "Блестяще!" and opens after the move it follows', async (page) => {
  await openMoves(page);
  assert.equal(await search(page, { comment: 'блестяще' }), 1);
  assert.deepEqual(await listedWhites(page), ['Comment']);
  await openAt(page, 0, AT.comment3);
  // A word of no comment: none.
  assert.equal(await search(page, { comment: 'блестяще сильно' }), 0);
}, { locale: 'ru-RU' });

await test('NAG and evaluations: "? mistake" from the menu, evaluations, and a swing of 2 pawns but not of 4', async (page) => {
  await openMoves(page);
  await page.locator('[data-testid=search-nag-pick]').selectOption('2');
  assert.equal(await field(page, 'nag').inputValue(), '2');
  assert.equal(await search(page, {}), 1);
  assert.deepEqual(await listedWhites(page), ['Comment']);
  await page.locator('[data-testid=search-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
  await page.locator('[data-testid=search-has-eval]').check();
  assert.equal(await search(page, {}), 1);
  assert.deepEqual(await listedWhites(page), ['Engine']);
  assert.equal(await search(page, { 'eval-swing': '2' }), 1);
  await openAt(page, 0, AT.swing6);
  assert.equal(await search(page, { 'eval-swing': '4' }), 0);
});

await test('opening: "Najdorf" lists the Sicilian game by its moves (the file has no ECO) and opens it at 5... a6', async (page) => {
  await openMoves(page);
  assert.equal(await search(page, { opening: 'Najdorf' }), 1);
  assert.deepEqual(await listedWhites(page), ['Sicilian']);
  await openAt(page, 0, AT.najdorf10);
  assert.match(await page.locator('[data-testid=game-header]').textContent(), /B90 Sicilian Defense: Najdorf Variation/);
  // The ECO of the classification finds it too; a name no game has, none.
  await page.locator('[data-testid=search-clear]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=game-total]')?.hidden === true);
  assert.equal(await search(page, { opening: 'b90' }), 1);
  assert.equal(await search(page, { opening: 'Grünfeld' }), 0);
});

await test('a malformed expression is said at the form, naming its token, and nothing is listed differently', async (page) => {
  await openMoves(page);
  await field(page, 'material').fill('RB vs RX');
  await page.locator('[data-testid=search-apply]').click();
  const said = page.locator('[data-testid=search-error]');
  await said.waitFor();
  const text = await said.textContent();
  assert.match(text, /material/);
  assert.match(text, /X/);
  assert.equal(await field(page, 'material').inputValue(), 'RB vs RX', 'the field keeps what was typed');
  assert.equal(await field(page, 'material').getAttribute('aria-invalid'), 'true');
  assert.equal(await page.locator('[data-testid=game-total]').isHidden(), true, 'the list is not filtered');
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), String(GAMES));
  assert.equal(await error(page).isVisible(), false, 'said at the form, not on the error line');
  assert.doesNotMatch(await page.evaluate(() => location.hash), /material/);
  // Put right, it searches, and the message goes.
  assert.equal(await search(page, { material: 'RB vs RN' }), 1);
  assert.equal(await said.isHidden(), true);
});

await test('in Russian, a malformed expression is said at the form with its kind in Russian', async (page) => {
  await openMoves(page);
  await field(page, 'pattern').fill('Nz9');
  await page.locator('[data-testid=search-apply]').click();
  const said = page.locator('[data-testid=search-error]');
  await said.waitFor();
  const text = await said.textContent();
  assert.match(text, /[а-я]/, 'a Russian gist');
  assert.match(text, /pattern/);
}, { locale: 'ru-RU' });

await test('Cancel stops a search of the moves, and the page searches again', async (page) => {
  await openMoves(page);
  await fault(page, 'searchHits', 'hang');
  await field(page, 'material').fill('RB vs RN');
  await page.locator('[data-testid=search-apply]').click();
  const cancel = page.locator('[data-testid=cancel]');
  await cancel.waitFor({ state: 'visible' });
  assert.match(await cancel.textContent(), /Cancel search/);
  await cancel.click();
  await cancel.waitFor({ state: 'hidden' });
  await status(page, 'Cancelled.');
  assert.equal(await error(page).isVisible(), false, 'a cancel is no error');
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), String(GAMES));
  assert.equal(await field(page, 'material').inputValue(), 'RB vs RN', 'the form keeps the query cancelled');
  assert.equal(await search(page, {}), 1);
}, { path: '/e2e/' });

// The demo's games, read from its PGN: those with an engine evaluation, and
// those with "immortal" in a comment.
const comments = (g) => (g.match(/\{[^}]*\}/g) ?? []).join(' ');
const DEMO_EVALS = DEMO_GAMES.filter((g) => /\[%eval /.test(g)).length;
const DEMO_IMMORTAL = DEMO_GAMES.filter((g) => /immortal/i.test(comments(g))).length;
const DEMO_IMMORTAL_EVALS = DEMO_GAMES.filter((g) => /immortal/i.test(comments(g)) && /\[%eval /.test(g)).length;

await test('the URL hash keeps a search of the moves across a reload (the demo); its progress is said', async (page) => {
  assert.ok(DEMO_IMMORTAL > 0 && DEMO_EVALS > 0);
  // Every text of the status line, as it changes (each Worker message is a task of its own).
  await page.evaluate(() => {
    const seen = (window.cadbStatusSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=status]')?.textContent ?? '';
      if (text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await openForm(page);
  assert.equal(await search(page, { comment: 'Immortal' }), DEMO_IMMORTAL);
  // The search's progress (the core reports at least its end) came before its count.
  const seen = await page.evaluate(() => window.cadbStatusSeen);
  const k = seen.findIndex((t) => /^Searching the games: [\d,]+ of [\d,]+…$/.test(t));
  assert.ok(k >= 0, `progress said: ${seen.join(' | ')}`);
  assert.ok(seen.slice(k).some((t) => /listed in/.test(t)), 'then the count');
  await page.locator('[data-testid=search-clear]').click();
  await page.locator('[data-testid=search-has-eval]').check();
  assert.equal(await search(page, { comment: 'immortal' }), DEMO_IMMORTAL_EVALS);
  // The hash follows a moment later: the new query, not the one before.
  await page.waitForFunction(() => {
    const q = new URLSearchParams(new URLSearchParams(location.hash.slice(1)).get('q') ?? '');
    return q.get('comment') === 'immortal' && q.get('hasEval') === '1';
  });
  await page.reload();
  await page.locator('[data-testid=game-row]').first().waitFor();
  assert.equal(await listed(page), DEMO_IMMORTAL_EVALS);
  assert.equal(await field(page, 'comment').inputValue(), 'immortal');
  assert.equal(await field(page, 'has-eval').isChecked(), true);
  assert.equal(await page.locator('#search-moves').evaluate((d) => d.open), true, 'the group is open');
  await page.locator('[data-testid=search-clear]').click();
  await page.locator('[data-testid=search-has-eval]').check();
  assert.equal(await search(page, {}), DEMO_EVALS);
});

await test('a malformed expression in the URL hash is said at the form; the demo and its first game open all the same', async (page) => {
  await status(page, /^Opened DEMO/);
  const said = page.locator('[data-testid=search-error]');
  await said.waitFor();
  assert.match(await said.textContent(), /material/);
  assert.equal(await field(page, 'material').inputValue(), 'RB vs RX');
  assert.equal(await page.locator('[data-testid=game-count]').textContent(), String(DEMO_GAMES.length));
  await page.locator('[data-testid=move]').first().waitFor();
}, { path: `/#db=DEMO&q=${encodeURIComponent('material=RB vs RX')}` });

if (process.env.SCREENSHOTS) {
  const shot = async (name, options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(origin);
    await page.locator('[data-testid=game-row]').first().waitFor();
    await openForm(page);
    // A search of the demo, its first game opened at the hit (a white knight on e5, no black f-pawn).
    await field(page, 'pattern').fill('Ne5 !pf');
    await page.locator('[data-testid=search-apply]').click();
    await page.locator('[data-testid=game-total]').waitFor();
    await rows(page).first().click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/cadb-search-${name}-form.png`, fullPage: true });
    await page.locator('[data-testid=pattern-edit]').click();
    await page.locator('[data-testid=pattern-board]').waitFor();
    for (const key of ['p', 'x', 'ArrowLeft', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/cadb-search-${name}-editor.png`, fullPage: true });
    await context.close();
  };
  await shot('en', { viewport: { width: 1400, height: 900 }, locale: 'en-US' });
  await shot('ru', { viewport: { width: 1400, height: 900 }, locale: 'ru-RU' });
  await shot('phone-ru', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'ru-RU' });
  console.log('screenshots written to /tmp/cadb-search-*.png');
}

// With `?helpers=2` the background Worker splits a search inside games
// between two helper Workers, a range of games each (www/pool.ts): hits
// from both ranges, listed in game order, each game opening at its hit.
// (That the pool joins the slices in order whatever the timing, and that
// a newer search makes an older one stale, tests/ui/pool.mjs shows.)
await test('a search inside games split between two helper Workers lists what one Worker lists, by opening names too', async (page) => {
  await openMoves(page);
  assert.equal(await search(page, { pattern: 'Nd5', material: '' }), 2);
  assert.deepEqual(await listedWhites(page), ['Sicilian', 'Caro']);
  await openAt(page, 0, AT.sicilian11);
  assert.equal(await search(page, { pattern: '', comment: 'блестяще' }), 1);
  assert.deepEqual(await listedWhites(page), ['Comment']);
  assert.equal(await search(page, { comment: '', material: 'RB vs RN for 3' }), 1);
  assert.deepEqual(await listedWhites(page), ['Rook and bishop']);
  await openAt(page, 0, AT.rooks4);
  // The helpers classify the games' openings by the same names' table.
  assert.equal(await search(page, { material: '', opening: 'Najdorf' }), 1);
  assert.deepEqual(await listedWhites(page), ['Sicilian']);
}, { path: '/?helpers=2' });

await finish();
