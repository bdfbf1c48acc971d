// The background Worker's pool (www/pool.ts), in Node on the compiled www/,
// with fake helper Workers that answer after random delays: a split export
// comes out in the games' order whatever the timing (each game's text is
// known: "g<index>\n"), every game once, its progress ending at the total;
// a helper's error fails the pass, and the next pass starts fresh helpers
// that reopen the database; a new database is opened in the helpers before
// the next pass, each helper's open given what the background Worker's read. A search inside games split into stretches of D02 finds
// what one search finds (the even games, at ply index % 7), in game
// order, and a newer search makes an older one stop handing out parts;
// a position search joins its parts' hits with their next moves, each
// helper searching the same parts every time; the doctor's full check
// gives each part's numbers in the parts' order. An archive's export and
// count of duplicates: each database opened by one helper, the PGN in the
// databases' order within the bound on what waits, and a pass over the
// open database never run while they hold the helpers.
//
//   node tests/ui/pool.mjs COMPILED_WWW_DIR [SCHEDULES] [SEED]   (scripts/ui-test.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rng } from './rng.mjs';

const [dir, schedules = '200', seed = '1'] = process.argv.slice(2);
const { Pool } = await import(pathToFileURL(path.resolve(dir, 'pool.js')).href);
const { ARCHIVE_HOLD_BYTES } = await import(pathToFileURL(path.resolve(dir, 'config.js')).href);
/** An archive's pass under way, as the fake helpers see it: its
 * databases, the pool's helpers, the databases each opened (in turn),
 * and which exports were answered. */
const exporting = { members: [], helpers: 0, opened: [], answered: [], kept: [], searched: [], reached: [], checked: [] };

let random = rng(Number(seed));
const text = new TextEncoder();
/** Every fake helper made, in order. */
const made = [];
/** The games of a database of `n` in D02 order, as the fake helpers
 * keep them: reversed, then every third moved to the front. */
const inD02 = (n) => {
  const reversed = Array.from({ length: n }, (_, k) => n - 1 - k);
  return [...reversed.filter((g) => g % 3 === 0), ...reversed.filter((g) => g % 3 !== 0)];
};
/** The opening names' table the background Worker loaded: every helper
 * is given it before its first search. */
const TABLE = Uint8Array.of(1, 2, 3);
const names = Promise.resolve(TABLE);
/** Fails the next export slice that holds this game (null: none). */
let failAt = null;

class FakeHelper {
  constructor(url, options) {
    assert.equal(url, 'worker.js');
    assert.deepEqual(options, { type: 'module' });
    this.opened = [];
    this.terminated = false;
    this.setup = null;
    made.push(this);
  }

  postMessage(message) {
    if ('setup' in message) {
      // A helper never makes helpers of its own.
      assert.deepEqual(message.setup.pool, { helpers: 0 });
      this.setup = message.setup;
      return;
    }
    const { id, type, args } = message;
    assert.ok(this.setup, 'a request before the setup');
    // Soon or a little later: the helpers' answers interleave at random.
    const later = (f) => {
      const g = () => !this.terminated && f();
      const r = random();
      if (r < 0.3) queueMicrotask(g);
      else if (r < 0.8) setImmediate(g);
      else setTimeout(g, 0);
    };
    if (type === 'open') {
      // What the background Worker's open read goes to each helper's; an
      // archive's database is opened by one helper, from its File.
      const { source } = args;
      assert.deepEqual(args.primed, source.member === undefined ? readsOf(source.name) : null);
      this.opened.push(source.name);
      this.games = source.games;
      if (source.broken) {
        // Nothing of it waits: the pool goes on past it.
        exporting.answered[source.member] = true;
        // Each time for another reason: the first is the one named.
        const n = (source.opens = (source.opens ?? 0) + 1);
        later(() => this.onmessage({ data: { id, kind: 'error', code: 'format', message: `${source.name} is broken (${n})` } }));
        return;
      }
      if (source.member !== undefined) exporting.opened.push(source.member);
      later(() => this.onmessage({ data: { id, kind: 'result', result: { info: { games: source.games }, wasmBytes: 0 } } }));
      return;
    }
    if (type === 'keep') {
      // A share of the list of many: each database's games, or why it
      // does not open; each searched whole from then on.
      const sources = args.members.map((m) => m.source);
      this.kept = sources.map((m) => (m.broken ? null : m));
      exporting.kept.push(...sources.map((m) => m.member));
      const answer = sources.map((m) => (m.broken ? `${m.name} is broken (${(m.opens = (m.opens ?? 0) + 1)})` : m.games));
      later(() => this.onmessage({ data: { id, kind: 'result', result: answer } }));
      return;
    }
    if (type === 'loadOpenings') {
      assert.equal(args.table, TABLE);
      this.table = args.table;
      later(() => this.onmessage({ data: { id, kind: 'result', result: null } }));
      return;
    }
    if (type === 'searchHits' || type === 'positionSearch') assert.equal(this.table, TABLE, `${type} before the names' table`);
    if (type === 'duplicateKeys') {
      // An archive's database's keys: its name and games, as bytes.
      const name = this.opened.at(-1);
      later(() => this.onmessage({ data: { id, kind: 'progress', done: 0, total: this.games } }));
      later(() => later(() => this.onmessage({ data: { id, kind: 'result', result: text.encode(`${name}:${this.games}`) } })));
      return;
    }
    if (type === 'searchHits') {
      // Part `part` of `parts`: a stretch of the games in D02 order (here
      // the database's games reversed, then every third moved to the
      // front), its hits in game order.
      // (`member`: a database kept, whole.)
      const { part = 0, parts = 1, member } = args;
      assert.ok(Number.isInteger(part) && part >= 0 && part < parts, `part ${part} of ${parts}`);
      if (member !== undefined) exporting.searched.push(this.kept[member].member);
      const n = member === undefined ? this.games : this.kept[member].games;
      const stretch = inD02(n).slice(Math.floor((n * part) / parts), Math.floor((n * (part + 1)) / parts));
      const hits = stretch.filter((g) => g % 2 === 0).sort((a, b) => a - b);
      later(() => this.onmessage({ data: { id, kind: 'progress', done: Math.min(1, stretch.length), total: stretch.length } }));
      later(() => later(() => this.onmessage({ data: { id, kind: 'result', result: {
        games: Uint32Array.from(hits), plies: Uint32Array.from(hits, (g) => g % 7), searched: stretch.length, damaged: hits.length % 2,
      } } })));
      return;
    }
    if (type === 'positionSearch') {
      // Part `part` of `parts`: a stretch of the games in D02 order (the
      // same order as the searches inside games), its hits in game order,
      // each with the ply, whether in a variation, and its next move.
      // (`member`: a database kept, whole.)
      const { part = 0, parts = 1, member } = args;
      assert.ok(Number.isInteger(part) && part >= 0 && part < parts, `part ${part} of ${parts}`);
      assert.equal(args.next, false, 'a part leaves the rows to the join');
      if (member === undefined) (this.positionParts ??= []).push(part);
      else exporting.reached.push(this.kept[member].member);
      const n = member === undefined ? this.games : this.kept[member].games;
      const stretch = inD02(n).slice(Math.floor((n * part) / parts), Math.floor((n * (part + 1)) / parts));
      const hits = stretch.filter((g) => g % 3 !== 1).sort((a, b) => a - b);
      later(() => this.onmessage({ data: { id, kind: 'progress', done: 0, total: stretch.length } }));
      later(() => later(() => this.onmessage({ data: { id, kind: 'result', result: {
        games: Uint32Array.from(hits), plies: Uint32Array.from(hits, (g) => g % 5), inVariation: Uint8Array.from(hits, (g) => g % 2),
        nextMoves: Uint16Array.from(hits, (g) => 1000 + g), searched: stretch.length, damaged: 1, read: hits.length, fromMemory: 0,
      } } })));
      return;
    }
    if (type === 'diagnose') {
      // A kept database's full check: a report naming it.
      assert.deepEqual([args.maxGames, Number.isInteger(args.member)], [null, true]);
      const m = this.kept[args.member];
      exporting.checked.push(m.member);
      later(() => this.onmessage({ data: { id, kind: 'progress', done: 0, total: m.games } }));
      later(() => later(() => this.onmessage({ data: { id, kind: 'result', result: { text: `${m.name} checked`, games: m.games } } })));
      return;
    }
    if (type === 'diagnosePart') {
      // Part `part` of `parts` of the records: its count first, then
      // numbers that name the part (`Database.diagnosePart`'s shape).
      const { part, parts } = args;
      assert.ok(Number.isInteger(part) && part >= 0 && part < parts, `part ${part} of ${parts}`);
      const scanned = Math.floor((this.games * (part + 1)) / parts) - Math.floor((this.games * part) / parts);
      later(() => this.onmessage({ data: { id, kind: 'progress', done: 0, total: scanned } }));
      later(() => later(() => this.onmessage({ data: { id, kind: 'result', result: Float64Array.of(scanned, part, parts) } })));
      return;
    }
    assert.equal(type, 'exportPgn');
    // An archive's database (no indices: every game), each line naming it
    // and its share of the merge.
    const archive = args.source !== undefined;
    const games = archive ? Array.from({ length: this.games }, (_, k) => k) : [...args.indices];
    const line = archive ? (g) => `${args.source}/${args.merge ? Buffer.from(args.merge).toString() : '-'} g${g}\n` : (g) => `g${g}\n`;
    if (archive) {
      // The pool's bound on what waits: fewer ahead than helpers, and
      // their D02s within ARCHIVE_HOLD_BYTES (counted from the first
      // database not yet answered, at least the pool's own count).
      const k = exporting.members.findIndex((m) => m.name === this.opened.at(-1));
      const first = exporting.answered.findIndex((a) => !a);
      const ahead = exporting.members.slice(first + 1, k + 1).reduce((a, m) => a + m.files.d02.size, 0);
      assert.ok(k === first || (k - first < exporting.helpers && ahead <= ARCHIVE_HOLD_BYTES), `database ${k} began with ${ahead} bytes ahead of ${first}`);
    }
    if (failAt !== null && games.includes(failAt)) {
      later(() => this.onmessage({ data: { id, kind: 'error', code: 'trap', message: 'unreachable' } }));
      return;
    }
    // Chunks of 1 to 5 games, each after a delay, then the result.
    let k = 0;
    const step = () => {
      if (k >= games.length) {
        const errors = games.filter((g) => g % 97 === 0).map((game) => ({ game, code: 'format', message: 'x' }));
        if (archive) exporting.answered[exporting.members.findIndex((m) => m.name === this.opened.at(-1))] = true;
        this.onmessage({ data: { id, kind: 'result', result: { games: games.length, bytes: 0, errors } } });
        return;
      }
      const n = 1 + Math.floor(random() * 5);
      const part = games.slice(k, k + n);
      k += part.length;
      this.onmessage({ data: { id, kind: 'chunk', bytes: text.encode(part.map(line).join('')) } });
      this.onmessage({ data: { id, kind: 'progress', done: k, total: games.length } });
      later(step);
    };
    later(step);
  }

  terminate() {
    this.terminated = true;
  }
}
globalThis.Worker = FakeHelper;
globalThis.location = { href: 'worker.js' };

const module = {};
// A File's size is all the pool reads of the files (to cut its slices).
// (Its count of games rides along for the fake helpers' searches.)
const files = (name, d02Bytes, games) => ({ kind: 'files', name, games, files: { d02: { size: d02Bytes } } });
/** What the open of database `name` read from D02 (LazyFile's record). */
const readsOf = (name) => [{ offset: name.charCodeAt(0), bytes: new TextEncoder().encode(name) }];
const opened = (name, games, generation, perGame = 700) => ({
  source: files(name, games * perGame, games), encoding: undefined, generation, games, reads: readsOf(name),
});

/** One export through `pool`: the text posted in order, the summary, the last progress. */
async function exportOf(pool, db, indices) {
  const chunks = [];
  let last = null;
  const post = (m, transfer) => {
    assert.equal(m.kind, 'chunk');
    assert.equal(m.id, 7);
    assert.deepEqual(transfer, [m.bytes.buffer]);
    chunks.push(Buffer.from(m.bytes).toString());
  };
  const summary = await pool.exportPgn(db, indices, 7, post, (done, total) => {
    assert.ok(last === null || done >= last.done, 'progress went back');
    last = { done, total };
  });
  return { text: chunks.join(''), summary, last };
}

const expected = (indices) => indices.map((g) => `g${g}\n`).join('');

// Not wanted: no helpers, a database from bytes, or fewer games than asked.
assert.equal(new Pool(module, { helpers: 0 }, names).wants(opened('A', 500_000, 1), 500_000), false);
assert.equal(new Pool(module, { helpers: 2 }, names).wants({ ...opened('A', 500_000, 1), source: { kind: 'bytes', name: 'A', files: {} } }, 500_000), false);
assert.equal(new Pool(module, { helpers: 2 }, names).wants(opened('A', 500_000, 1), 1_000), false);
assert.equal(new Pool(module, { helpers: 2 }, names).wants(opened('A', 500_000, 1), 500_000), true);
assert.equal(new Pool(module, { helpers: 2, from: 1 }, names).wants(opened('A', 10, 1), 10), true);
assert.equal(new Pool(module, { helpers: 2 }, names).wants(null, 500_000), false);

for (let s = 0; s < Number(schedules); s++) {
  random = rng(Number(seed) * 1_000_003 + s);
  made.length = 0;
  failAt = null;
  const helpers = 1 + Math.floor(random() * 4);
  const pool = new Pool(module, { helpers, from: 1 }, names);
  const games = 1 + Math.floor(random() * 300);
  // Small records: a slice a helper; big ones: up to four each.
  const perGame = random() < 0.5 ? 700 : 4e6;
  const db = opened('A', games, 1, perGame);
  // Every game, then a filter's order (any order, repeats too).
  const all = await exportOf(pool, db, null);
  const every = Array.from({ length: games }, (_, k) => k);
  assert.equal(all.text, expected(every), `schedule ${s}`);
  assert.deepEqual(all.last, { done: games, total: games });
  assert.equal(all.summary.games, games);
  assert.deepEqual(all.summary.errors.map((e) => e.game), every.filter((g) => g % 97 === 0));
  assert.equal(made.length, helpers);
  const order = Array.from({ length: 1 + Math.floor(random() * 200) }, () => Math.floor(random() * games));
  const some = await exportOf(pool, db, Uint32Array.from(order));
  assert.equal(some.text, expected(order), `schedule ${s}, a subset`);
  // Opened once each, and kept for the second pass.
  assert.equal(made.length, helpers);
  for (const h of made) assert.deepEqual(h.opened, ['A']);

  // Another database: each helper opens it before the pass.
  const other = opened('B', games, 2, perGame);
  assert.equal((await exportOf(pool, other, null)).text, expected(every));
  for (const h of made) assert.deepEqual(h.opened, ['A', 'B']);

  // A search: the hits of every part, in game order; the counts summed.
  let last = 0;
  const found = await pool.searchHits(other, { material: 'x' }, (done, total) => {
    assert.ok(done <= total);
    last = done;
  });
  const hits = every.filter((g) => g % 2 === 0);
  assert.deepEqual([...found.games], hits, `schedule ${s}, search`);
  assert.deepEqual([...found.plies], hits.map((g) => g % 7));
  assert.equal(found.searched, games);
  assert.equal(last, games, 'the progress ends at every game searched');
  // Two searches at once: the older stops (cancelled), the newer finds all.
  const older = pool.searchHits(other, { material: 'x' }, () => undefined);
  const newer = pool.searchHits(other, { material: 'y' }, () => undefined);
  const [a, b] = await Promise.allSettled([older, newer]);
  assert.equal(b.status, 'fulfilled');
  assert.deepEqual([...b.value.games], hits);
  // Begun in the same turn, the older is stale before its first slice.
  assert.equal(a.status, 'rejected');
  assert.equal(a.reason.code, 'cancelled');
  assert.equal(made.length, helpers, 'a stale search drops no helper');

  // A position search: the hits of every part in game order, each with
  // its ply, variation flag and next move; the counts summed; each helper
  // given the same parts every time (its memo knows their games).
  for (const h of made) h.positionParts = [];
  const position = await pool.positionSearch(other, 'fen', false, () => undefined);
  const reached = every.filter((g) => g % 3 !== 1);
  assert.deepEqual([...position.games], reached, `schedule ${s}, position`);
  assert.deepEqual([...position.plies], reached.map((g) => g % 5));
  assert.deepEqual([...position.inVariation], reached.map((g) => g % 2));
  assert.deepEqual([...position.nextMoves], reached.map((g) => 1000 + g));
  // One part a helper (each reports one damaged game), the same part each time.
  assert.deepEqual([position.searched, position.damaged, position.read], [games, helpers, reached.length]);
  const firstParts = made.map((h) => h.positionParts.splice(0));
  assert.deepEqual(firstParts.flat().sort((a, b) => a - b), Array.from({ length: helpers }, (_, k) => k));
  await pool.positionSearch(other, 'fen', false, () => undefined);
  assert.deepEqual(made.map((h) => h.positionParts), firstParts, 'a helper kept its parts');
  const [olderPosition, newerPosition] = await Promise.allSettled([
    pool.positionSearch(other, 'a', false, () => undefined), pool.positionSearch(other, 'b', false, () => undefined),
  ]);
  assert.equal(olderPosition.status, 'rejected');
  assert.equal(olderPosition.reason.code, 'cancelled');
  assert.equal(newerPosition.status, 'fulfilled');

  // The doctor's full check: each part's numbers once, in the parts'
  // order, whichever helper answered first; the progress ends at every game.
  let checked = 0;
  const parts = await pool.diagnose(other, (done, total) => {
    assert.ok(done <= total);
    checked = done;
  });
  assert.deepEqual(parts.map((p) => [p[1], p[2]]), parts.map((_, k) => [k, parts.length]), `schedule ${s}, check`);
  assert.equal(parts.length, 2 * helpers);
  assert.equal(checked, games, 'the check\'s progress ends at every game');

  // A helper fails: the pass fails, every helper ends, and the next pass
  // starts fresh ones, which open the database again.
  failAt = Math.floor(random() * games);
  await assert.rejects(exportOf(pool, other, null), (e) => e.code === 'trap');
  assert.ok(made.every((h) => h.terminated));
  failAt = null;
  const again = await exportOf(pool, other, null);
  assert.equal(again.text, expected(every));
  assert.equal(made.length, 2 * helpers);
  for (const h of made.slice(helpers)) assert.deepEqual(h.opened, ['B']);

  // An archive's export: each database opened by one helper (none
  // primed), in any order; the PGN in the databases' order whatever the
  // timing, within the bound on what waits; one that does not open named
  // once, in order, and the rest written. Merged: the keys added in the
  // databases' order, a missing one for each that did not open, and each
  // database exported with its share (none: written whole).
  const count = 1 + Math.floor(random() * 6);
  const members = Array.from({ length: count }, (_, k) => {
    const name = `M${k}`;
    const source = { kind: 'files', name, member: k, games: Math.floor(random() * 40), files: { d02: { size: Math.floor(random() * 160e6) } } };
    if (random() < 0.15) source.broken = true;
    return { source, encoding: undefined };
  });
  Object.assign(exporting, { members: members.map((m) => m.source), helpers, opened: [], answered: members.map(() => false) });
  for (const merged of [false, true]) {
    for (const m of members) delete m.source.opens;
    exporting.opened = [];
    exporting.answered = members.map(() => false);
    const added = [];
    const plan = merged ? {
      addKeys: (name, games, bytes) => added.push(`${name} ${games} ${Buffer.from(bytes).toString()}`),
      addMissing: (name) => added.push(`${name} missing`),
      share: (k) => (k % 2 === 0 ? text.encode(`share${k}`) : undefined),
    } : null;
    const failed = [];
    if (plan) {
      const read = await pool.readKeys(members, plan, failed, { member: () => undefined });
      assert.equal(read, members.filter((m) => !m.source.broken).reduce((a, m) => a + m.source.games, 0));
      assert.deepEqual(added, members.map(({ source: m }) => (m.broken ? `${m.name} missing` : `${m.name} ${m.games} ${m.name}:${m.games}`)), `schedule ${s}, keys`);
      assert.deepEqual([...exporting.opened].sort((a, b) => a - b), members.flatMap((m) => (m.source.broken ? [] : [m.source.member])), 'each read by one helper');
      exporting.answered = members.map(() => false);
      exporting.opened = [];
    }
    const chunks = [];
    const out = { databases: 0, games: 0, bytes: 0, damaged: 0, failed: [], groups: null, copies: null };
    const fractions = members.map(() => 0);
    // A search of the open database under way, and a position search asked
    // meanwhile: the archive's pass waits for the one, the other for it
    // (each opens databases of its own in the same helpers).
    const before = pool.searchHits(other, { material: 'x' }, () => undefined);
    const archive = pool.exportArchive(members, plan, 9, (m) => chunks.push(Buffer.from(m.bytes).toString()), out, failed, {
      member: (k, f) => {
        assert.ok(f >= 0 && f <= 1);
        fractions[k] = f;
      },
    });
    await new Promise((ok) => setImmediate(ok));
    const during = pool.positionSearch(other, 'fen', false, () => undefined);
    // (worker.ts runs a list's search itself meanwhile.)
    assert.equal(pool.held, true, 'the archive\'s pass holds the helpers');
    await archive;
    assert.equal(pool.held, false);
    assert.deepEqual([...(await before).games], hits, `schedule ${s}, a search before the archive's pass`);
    assert.deepEqual([...(await during).games], reached, `schedule ${s}, a search during it`);
    const written = members.filter((m) => !m.source.broken);
    const want = written.map(({ source: m }) => {
      const name = plan && count === 1 ? null : m.name;
      const share = plan && m.member % 2 === 0 ? `share${m.member}` : '-';
      return Array.from({ length: m.games }, (_, g) => `${name}/${share} g${g}\n`).join('');
    }).join('');
    assert.equal(chunks.join(''), want, `schedule ${s}, archive${merged ? ' merged' : ''}`);
    assert.deepEqual([out.databases, out.games], [written.length, written.reduce((a, m) => a + m.source.games, 0)]);
    assert.deepEqual(failed.map((why, k) => [k, why]).filter(([, why]) => why), members.flatMap(({ source: m }, k) => (m.broken ? [[k, `${m.name} is broken (1)`]] : [])));
    assert.deepEqual(fractions, members.map(() => 1), 'every database\'s progress ends done');
    assert.deepEqual([...exporting.opened].sort((a, b) => a - b), written.map((m) => m.source.member), 'each opened by one helper');
  }
  // A search of the list of many (the databases that opened): each helper
  // keeps its share of the databases from one search to the next, and
  // searches each whole, its hits after the games of those before it. A
  // second search asked at once makes the first stale: it searches no
  // database, and fails as cancelled. A database that no longer opens, or
  // opens with other games, fails the search, named.
  const list = members.filter((m) => !m.source.broken).map((member) => ({ member, games: member.source.games }));
  Object.assign(exporting, { kept: [], searched: [] });
  const generation = 1000 + s;
  let done = 0;
  const first = pool.archiveSearch(generation, list, { material: 'x' }, () => undefined).then(() => 'answered', (err) => err.code);
  const second = pool.archiveSearch(generation, list, { material: 'y' }, (d, total) => {
    assert.ok(d >= done && d <= total, `progress ${d} of ${total} after ${done}`);
    done = d;
  });
  const listed = await second;
  assert.equal(await first, 'cancelled', `schedule ${s}, the older search`);
  let start = 0;
  const want = { games: [], plies: [], searched: 0, damaged: 0 };
  for (const { games } of list) {
    const even = Array.from({ length: games }, (_, g) => g).filter((g) => g % 2 === 0);
    want.games.push(...even.map((g) => start + g));
    want.plies.push(...even.map((g) => g % 7));
    want.searched += games;
    want.damaged += even.length % 2;
    start += games;
  }
  assert.deepEqual({ ...listed, games: [...listed.games], plies: [...listed.plies] }, want, `schedule ${s}, the list's search`);
  assert.equal(done, start, 'its progress ends at every game');
  const each = list.map((m) => m.member.source.member);
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  assert.deepEqual(sorted(exporting.kept), each, `schedule ${s}, each database kept once for both`);
  assert.deepEqual(sorted(exporting.searched), each, `schedule ${s}, each searched once, for the newer`);
  // Searched again: kept since, so opened no more.
  const third = await pool.archiveSearch(generation, list, { material: 'z' }, () => undefined);
  assert.deepEqual([...third.games], want.games);
  assert.deepEqual(sorted(exporting.kept), each, `schedule ${s}, kept from one search to the next`);
  // A position search of the list: the same databases kept, each searched
  // whole, its hits with their next moves after the games of those before
  // it; a newer position search makes an older one stale.
  exporting.reached = [];
  const olderListed = pool.archivePositionSearch(generation, list, 'fen', true, () => undefined).then(() => 'answered', (err) => err.code);
  const listPosition = await pool.archivePositionSearch(generation, list, 'fen', false, () => undefined);
  assert.equal(await olderListed, 'cancelled', `schedule ${s}, the older position search`);
  const wantPosition = { games: [], plies: [], inVariation: [], nextMoves: [], searched: 0, damaged: 0, read: 0, fromMemory: 0 };
  start = 0;
  for (const { games } of list) {
    const hit = Array.from({ length: games }, (_, g) => g).filter((g) => g % 3 !== 1);
    wantPosition.games.push(...hit.map((g) => start + g));
    wantPosition.plies.push(...hit.map((g) => g % 5));
    wantPosition.inVariation.push(...hit.map((g) => g % 2));
    wantPosition.nextMoves.push(...hit.map((g) => 1000 + g));
    Object.assign(wantPosition, { searched: wantPosition.searched + games, damaged: wantPosition.damaged + 1, read: wantPosition.read + hit.length });
    start += games;
  }
  const plain = (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? v : [...v]]));
  assert.deepEqual(plain(listPosition), wantPosition, `schedule ${s}, the list's position search`);
  assert.deepEqual(sorted(exporting.reached), each, `schedule ${s}, each database searched once for the position`);
  assert.deepEqual(sorted(exporting.kept), each, `schedule ${s}, and kept still`);
  // The doctor's full check of each: the reports in the list's order.
  exporting.checked = [];
  const reports = await pool.archiveDiagnose(generation, list, () => undefined);
  assert.deepEqual(reports, list.map(({ member }) => ({ text: `${member.source.name} checked`, games: member.source.games })), `schedule ${s}, the list's full check`);
  assert.deepEqual(sorted(exporting.checked), each);
  assert.deepEqual(sorted(exporting.kept), each, `schedule ${s}, kept still for the check`);
  if (count > 1) {
    const changed = random() < 0.5;
    const k = Math.floor(random() * count);
    // The others as they opened.
    const odd = members.flatMap((member, j) => (j === k ? [{ member, games: member.source.games + (changed ? 1 : 0) }] : member.source.broken ? [] : [{ member, games: member.source.games }]));
    const m = members[k].source;
    const why = m.broken ? `${m.name}: ${m.name} is broken` : changed ? `${m.name}: ${m.games} games, not the ${m.games + 1}` : null;
    if (why) await assert.rejects(pool.archiveSearch(generation + 1, odd, {}, () => undefined), (err) => err.message.startsWith(why) && err.code === 'io');
  }

  // The next pass over a database opens it again in each helper that
  // opened one of the archive's since.
  assert.equal((await exportOf(pool, other, null)).text, expected(every));
  for (const h of made.slice(-helpers)) assert.equal(h.opened.at(-1), 'B');
}
console.log(`pool: ${schedules} schedules (seed ${seed}) passed`);
