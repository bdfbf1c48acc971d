// End-to-end tests of the address as a request (issue 45): a link pasted
// into the open page, or its hash edited, is followed as if the page had
// loaded with it (the game and move, the filter, the search, the
// position); a link to another database says so and waits for its files;
// Back and Forward step through the games opened. Expected positions and
// counts come from the native CLI (`cadb json`, `cadb search`), so the
// page is checked against an independent reading. The harness is
// tests/e2e/harness.mjs's.
//
// A link is given as the address bar gives it: `page.goto` to the same page
// with another fragment is a fragment navigation (a hashchange), not a load.
//
//   node tests/e2e/address.mjs    (after npm run build; npm run e2e runs it)
//   E2E_ONLY=regex                runs the tests whose names match

import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { cadb, demoCdp as DEMO, error, finish, gameJson, listed, origin, rows, status, test, writeDb } from './harness.mjs';

/** The games of the demo the CLI's search lists (a line each: index, tab, ply). */
const cliCount = (args) => execFileSync(cadb, ['search', DEMO, ...args], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().split('\n').filter((l) => /^\d+\t/.test(l)).length;
const board = (page, fen) => page.waitForFunction((f) => document.querySelector('[data-testid=board]')?.getAttribute('data-fen') === f, fen);
const selected = (page, index) => page.waitForFunction((k) => document.querySelector('.list-row.selected')?.getAttribute('data-index') === String(k), index);
/** The address bar is given `hash` (a fragment navigation: no load). */
const give = (page, hash) => page.goto(`${origin}/${hash}`);
/** The page has written the place it shows (its own write, after it settles). */
const written = (page, hash) => page.waitForFunction((h) => location.hash === h, hash);
/** The notice of a link to a database not open. */
const linkNotice = (page) => page.locator('[data-testid=link-notice]');

await test('a link given to the open page is followed: its game, then another game at its move', async (page) => {
  await written(page, '#db=DEMO&g=1');
  const [five, nine] = [gameJson(4), gameJson(8)];
  await give(page, '#db=DEMO&g=5');
  await selected(page, 4);
  await board(page, five.startFen);
  // The move list is game 5's.
  await page.waitForFunction((f) => [...document.querySelectorAll('[data-testid=move]')].some((m) => m.dataset.fen === f), five.moves.at(-1).fen);
  await give(page, '#db=DEMO&g=9&m=3');
  await selected(page, 8);
  await board(page, nine.moves[2].fen);
  // The same game, another move: only the board moves.
  await give(page, '#db=DEMO&g=9&m=7');
  await board(page, nine.moves[6].fen);
  // The address keeps the place the link named (the page writes it as is).
  await written(page, '#db=DEMO&g=9&m=7');
});

await test('a link to another move of the damaged game shown keeps its damage said', async (page) => {
  const files = writeDb('DAMAGED', '[Event "A"] [White "A"] [Black "B"] [Result "*"]\n\n1. d4 d5 *\n\n' +
    '[Event "B"] [White "C"] [Black "D"] [Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n');
  // An undefined code in the second game's record, at its eighth move: the
  // CLI reads its first seven and names the damage.
  const d02 = files.find((f) => f.endsWith('.D02'));
  const bytes = readFileSync(d02);
  bytes[16] = 0xfe;
  writeFileSync(d02, bytes);
  const cli = spawnSync(cadb, ['pgn', files.find((f) => f.endsWith('.CDP'))], { encoding: 'utf8' });
  assert.match(cli.stderr, /game 1, ply 7: code 254 is not defined/);
  await page.locator('[data-testid=open-files]').setInputFiles(files);
  await status(page, /^Opened DAMAGED/);
  await rows(page).nth(1).click();
  const damage = error(page).filter({ hasText: /^Game 2 is damaged: .*code 254/ });
  await damage.waitFor();
  // A link to its third move: the board goes there, and the game is as damaged as before.
  await give(page, '#db=DAMAGED&g=2&m=3');
  await board(page, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  await written(page, '#db=DAMAGED&g=2&m=3');
  assert.ok(await damage.isVisible(), 'the damage is still said');
});

await test('a hostile link given to the open page costs only what it names: the game and the move still open', async (page) => {
  await written(page, '#db=DEMO&g=1');
  const want = gameJson(3);
  // A position that is none, a query that is no encoding: said, and the game and move followed.
  await give(page, '#db=DEMO&g=4&m=6&pos=not%20a%20position&q=%%%zz&f=');
  await selected(page, 3);
  await board(page, want.moves[5].fen);
  await error(page).filter({ hasText: /fen|FEN|position/ }).waitFor();
  // A game past the end: game 1, at its start.
  await give(page, '#db=DEMO&g=99999&m=99999');
  await selected(page, 0);
  await board(page, gameJson(0).startFen);
  // A database named with markup, an escape sequence and 5,000 letters: a link elsewhere, said as text.
  const before = await rows(page).allTextContents();
  const name = `<b>\u001b[31m${'X'.repeat(5000)}`;
  await give(page, `#db=${encodeURIComponent(name)}&g=2`);
  await linkNotice(page).filter({ hasText: 'X'.repeat(5000) }).waitFor();
  assert.deepEqual(await rows(page).allTextContents(), before);
  assert.equal(await page.locator('.link-notice *').count(), 2, 'the name is text, not markup');
});

await test('an edited hash sets the filter, the search and the position, as a load with it would', async (page) => {
  // The quick filter: Kasparov's games, as the CLI's --text finds them.
  await give(page, '#db=DEMO&f=Kasparov');
  assert.equal(await listed(page), cliCount(['--text', 'Kasparov']));
  assert.equal(await page.locator('[data-testid=filter]').inputValue(), 'Kasparov');
  // The search form: Kasparov's draws; the quick filter goes, as the link has none.
  await give(page, `#db=DEMO&q=${encodeURIComponent('player=Kasparov&result=1/2-1/2')}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=search-player]')?.value === 'Kasparov');
  assert.equal(await listed(page), cliCount(['--player', 'Kasparov', '--result', '1/2-1/2']));
  assert.equal(await page.locator('[data-testid=filter]').inputValue(), '');
  assert.equal(await page.locator('[data-testid=search-result]').inputValue(), '1/2-1/2');
  // The position after 1. e4 e5 2. Nf3 Nc6, alone.
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
  await give(page, `#db=DEMO&pos=${encodeURIComponent(fen)}`);
  await page.locator('[data-testid=position-filter]').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=search-player]')?.value === '');
  assert.equal(await listed(page), cliCount(['--fen', fen]));
});

await test('a link to a database not open says so, shows none of its games, and opens it at its place when its files come', async (page) => {
  const other = writeDb('OTHER', `[Event "Other"] [White "Zed"] [Black "Yan"] [Result "1-0"]\n\n1. d4 d5 2. c4 e6 1-0\n\n[Event "Other"] [White "Xia"] [Black "Wim"] [Result "0-1"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 0-1\n`);
  const before = await rows(page).allTextContents();
  await give(page, '#db=OTHER&g=2&m=4');
  const notice = linkNotice(page);
  await notice.filter({ hasText: 'OTHER' }).waitFor();
  // The games shown are still the demo's, and the page said nothing else.
  assert.deepEqual(await rows(page).allTextContents(), before);
  await status(page, /^Opened DEMO/);
  // Its files: the link is followed, so it was kept (overwritten, the
  // database would open at its first game).
  await notice.locator('[data-testid=link-open]').waitFor();
  await page.locator('[data-testid=open-files]').setInputFiles(other);
  await status(page, /^Opened OTHER/);
  await selected(page, 1);
  const want = gameJson(1, other.find((f) => f.endsWith('.CDP')));
  await board(page, want.moves[3].fen);
  await notice.waitFor({ state: 'hidden' });
  await written(page, '#db=OTHER&g=2&m=4');
});

await test('a link waiting for its files gives way to the next request here: the notice goes, the address follows', async (page) => {
  await give(page, '#db=ELSEWHERE&g=2');
  const notice = linkNotice(page);
  await notice.filter({ hasText: 'ELSEWHERE' }).waitFor();
  await rows(page).nth(3).click();
  await selected(page, 3);
  await notice.waitFor({ state: 'hidden' });
  await written(page, '#db=DEMO&g=4');
  // And a filter typed likewise.
  await give(page, '#db=ELSEWHERE&g=2');
  await notice.waitFor();
  await page.locator('[data-testid=filter]').fill('Kasparov');
  await notice.waitFor({ state: 'hidden' });
  await written(page, '#db=DEMO&g=4&f=Kasparov');
});

await test('in Russian, the link to another database is said in Russian', async (page) => {
  await give(page, '#db=NOWHERE&g=2');
  const notice = linkNotice(page);
  await notice.filter({ hasText: 'Эта ссылка ведёт в базу NOWHERE' }).waitFor();
  assert.match(await notice.locator('[data-testid=link-open]').textContent(), /^Открыть NOWHERE…$/);
}, { locale: 'ru-RU' });

await test('a link to a database opened before in this visit opens it again, at its place', async (page) => {
  const two = writeDb('TWOLINK', '[Event "Two"] [White "A"] [Black "B"] [Result "*"]\n\n1. e4 *\n');
  await page.locator('[data-testid=open-files]').setInputFiles(two);
  await status(page, /^Opened TWOLINK/);
  await give(page, '#db=DEMO&g=3&m=2');
  await status(page, /^Opened DEMO/);
  await selected(page, 2);
  await board(page, gameJson(2).moves[1].fen);
});

await test('Back and Forward step through the games opened; a move is no step of its own', async (page) => {
  await written(page, '#db=DEMO&g=1');
  const entries = await page.evaluate(() => history.length);
  await rows(page).nth(2).click();
  await written(page, '#db=DEMO&g=3');
  await rows(page).nth(3).click();
  await written(page, '#db=DEMO&g=4');
  // Moves replace the entry's place.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await written(page, '#db=DEMO&g=4&m=3');
  await page.goBack();
  await selected(page, 2);
  await board(page, gameJson(2).startFen);
  await page.goBack();
  await selected(page, 0);
  await page.goForward();
  await selected(page, 2);
  await page.goForward();
  await selected(page, 3);
  await board(page, gameJson(3).moves[2].fen);
  // Two games opened, two entries; following them wrote none.
  assert.equal(await page.evaluate(() => history.length), entries + 2);
});

await finish();
