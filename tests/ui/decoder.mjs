// The decoding Worker's open (www/worker-core.ts `Decoder`) on a fake
// module: a list of many databases opens member after member, letting
// other requests in between two, and a newer open stops it (the user's
// last choice wins): what it had opened is freed, the newer database is
// the one open, and the stopped open answers `cancelled`. Without a newer
// open, every member is in the archive. A helper's share of a list is
// kept by each database's place in it, one that does not open included.
//
//   node tests/ui/decoder.mjs COMPILED_WWW_DIR   (scripts/ui-test.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir] = process.argv.slice(2);
globalThis.__E2E_HOOKS__ = false;
globalThis.self = globalThis;
const { Decoder } = await import(pathToFileURL(path.resolve(dir, 'worker-core.js')).href);

/** Every fake made, to see what was freed. */
const made = [];
const info = (games) => ({ games, cdpCount: games, d00Records: games, players: 1, events: 1, sites: 1, sources: 0, comment: '', warnings: [] });
class FakeDatabase {
  constructor(name) {
    Object.assign(this, { name, freed: false });
    made.push(this);
  }
  info() {
    return info(this.name.length);
  }
  free() {
    this.freed = true;
  }
}
class FakeArchive {
  constructor() {
    Object.assign(this, { members: [], freed: false });
    made.push(this);
  }
  add(name, db) {
    this.members.push(db);
  }
  free() {
    this.freed = true;
    for (const m of this.members) m.free();
  }
}
// A database named "BAD..." does not open; one named "NOINFO..." opens,
// then fails to say its info.
const pkg = {
  Database: {
    open: ({ cdp }) => {
      if (cdp.startsWith('BAD')) throw new Error(`${cdp} is damaged`);
      const db = new FakeDatabase(cdp);
      if (cdp.startsWith('NOINFO')) db.info = () => { throw new Error(`${cdp} has no info`); };
      return db;
    },
  },
  Archive: FakeArchive,
};
const one = (name) => ({ kind: 'bytes', name, files: { cdp: name } });
const all = (names) => ({ kind: 'archive', name: '*', members: names.map((n) => ({ source: one(n) })) });

// Undisturbed: every member, in order.
{
  const w = new Decoder(pkg);
  const { info: got } = await w.open(all(['A', 'BB', 'CCC']));
  assert.equal(got.games, 6);
  assert.deepEqual(w.archive.members.map((m) => m.name), ['A', 'BB', 'CCC']);
  assert.equal(w.db, null);
}

// A database chosen while the list of all opens: it is the one open at
// once, the list's open stops at its next member, and what it opened is freed.
{
  made.length = 0;
  const w = new Decoder(pkg);
  w.open(one('OLD'));
  const old = w.db;
  const slow = w.open(all(['A', 'BB', 'CCC', 'DDDD']));
  // The first member is opened at once; the rest wait for the event loop.
  assert.equal(w.db, old, 'what was open stays until the list has opened');
  w.open(one('NEW'));
  assert.equal(w.db.name, 'NEW');
  assert.ok(old.freed);
  await assert.rejects(slow, (err) => err.code === 'cancelled');
  assert.equal(w.db.name, 'NEW');
  assert.equal(w.archive, null);
  const archive = made.find((m) => m instanceof FakeArchive);
  assert.ok(archive.freed, 'the stopped list is freed');
  assert.deepEqual(archive.members.map((m) => [m.name, m.freed]), [['A', true]]);
  assert.ok(!w.db.freed);
}

// Two lists one after the other: the second wins, the first stops.
{
  const w = new Decoder(pkg);
  const first = w.open(all(['A', 'BB', 'CCC']));
  const second = w.open(all(['X', 'YY']));
  await assert.rejects(first, (err) => err.code === 'cancelled');
  const { info: got } = await second;
  assert.equal(got.games, 3);
  assert.deepEqual(w.archive.members.map((m) => m.name), ['X', 'YY']);
}
// A helper's share of a list (`keep`): each database's games, or why it
// did not open, each kept one by its place in the share; those kept
// before are freed, and so is one that opened but could not say its info.
{
  made.length = 0;
  const w = new Decoder(pkg);
  assert.deepEqual(w.keep(['A', 'BB'].map((n) => ({ source: one(n) }))), [1, 2]);
  const before = [...made];
  const got = w.keep(['CCC', 'BAD1', 'BAD2', 'NOINFO', 'DDDD'].map((n) => ({ source: one(n) })));
  assert.deepEqual(got, [3, 'BAD1 is damaged', 'BAD2 is damaged', 'NOINFO has no info', 4]);
  assert.ok(before.every((m) => m.freed), 'the share kept before is freed');
  assert.equal(w.keptDatabase(0).name, 'CCC');
  assert.equal(w.keptDatabase(4).name, 'DDDD');
  assert.ok(made.find((m) => m.name === 'NOINFO').freed);
  assert.throws(() => w.keptDatabase(1), (err) => err.code === 'bad-argument');
  // An open frees the share.
  w.open(one('E'));
  assert.ok(made.filter((m) => m.name !== 'E').every((m) => m.freed));
  assert.throws(() => w.keptDatabase(0), (err) => err.code === 'bad-argument');
}
console.log('decoder: a newer open stops a list of many databases between two members; a helper keeps its share of one');
