// The engine's rule, "the last search asked for wins", over thousands of
// interleavings of a user's requests with a UCI engine's words.
//
// The real Engine (www/engine.ts), compiled by tsc, runs in Node on a fake
// Stockfish Worker. The fake reads its commands in order and answers as
// Stockfish does: `isready` at once, a search's `info` lines while it
// runs, `bestmove` when it reaches its depth or is stopped. A seeded
// random schedule mixes the user's requests (start a search of a new
// position, with 1 to 3 lines and a depth or none; stop) with steps of the
// engine (read a command, say one more `info`, end a search by itself,
// deliver one message to the page). After every step:
// - the engine is never sent `position`, `go` or `setoption` while a
//   search runs (UCI allows them only when it is idle);
// - a listener hears only its own search's lines, and only while it is the
//   last one asked for;
// - `done` comes only to the last search asked for, and only when it ended
//   by itself (not when it was stopped or replaced).
// Once everything is delivered, the engine is searching the last position
// asked for (or has finished it and said `done`), or nothing after a stop.
//
//   node tests/ui/engine-interleavings.mjs COMPILED_WWW_DIR [SCHEDULES] [SEED]
// (scripts/ui-test.sh compiles www/ and runs it.)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FakeStockfish, fenOf, tag } from './fake-stockfish.mjs';
import { rng } from './rng.mjs';

const [dir, schedules = '3000', seed0 = '1'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node tests/ui/engine-interleavings.mjs COMPILED_WWW_DIR [SCHEDULES] [SEED]');
  process.exit(2);
}

globalThis.Worker = FakeStockfish;
globalThis.self = globalThis;
// webpack's DefinePlugin sets it in the bundles.
globalThis.__ENGINE_FILES__ = { single: 'engine/single.js', multi: 'engine/multi.js' };
const { Engine } = await import(pathToFileURL(path.resolve(dir, 'engine.js')).href);

function run(seed) {
  const r = rng(seed);
  const engine = new Engine('single', 1, (m) => assert.fail(`the engine failed: ${m}`));
  const f = FakeStockfish.last;
  /** The user's requests: { fen, heard: [tags], done }; null entries are stops. */
  const asked = [];
  let n = 0;
  const log = [];
  const last = () => asked[asked.length - 1];

  function request() {
    if (r() < 0.15) {
      log.push('stop');
      engine.stop();
      asked.push(null);
      return;
    }
    const fen = fenOf(++n);
    const multiPv = 1 + Math.floor(r() * 3);
    const depth = r() < 0.5 ? null : 1 + Math.floor(r() * 4);
    const req = { fen, heard: [], done: 0 };
    log.push(`start ${tag(fen)} multipv ${multiPv} depth ${depth}`);
    engine.start({ fen, multiPv, depth }, {
      info: (info) => {
        assert.equal(last(), req, `a line of ${tag(fen)} heard after another request: ${log.join('; ')}`);
        assert.equal(info.pv[0], tag(fen), `${tag(fen)}'s listener heard ${info.pv[0]}'s line: ${log.join('; ')}`);
        assert.ok(info.multipv <= multiPv, `line ${info.multipv} of ${multiPv}: ${log.join('; ')}`);
        req.heard.push(info.pv[0]);
      },
      done: () => {
        assert.equal(last(), req, `done for ${tag(fen)}, not the last request: ${log.join('; ')}`);
        const s = f.started.findLast((x) => x.fen === fen);
        assert.equal(s?.ended, 'self', `done for ${tag(fen)}, whose search was ${s?.ended ?? 'never started'}: ${log.join('; ')}`);
        req.done++;
      },
    });
    asked.push(req);
  }

  /** One engine step, of those possible now. */
  function step() {
    const can = [];
    if (f.input.length) can.push(() => { log.push(`read ${f.input[0]}`); f.read(); });
    if (f.search) can.push(() => { log.push(`think ${tag(f.search.fen)}`); f.think(); });
    if (f.output.length) can.push(() => { log.push(`deliver ${f.output[0]}`); f.deliver(); });
    if (!can.length) return false;
    can[Math.floor(r() * can.length)]();
    return true;
  }

  const actions = 1 + Math.floor(r() * 12);
  for (let a = 0; a < actions; a++) {
    request();
    const steps = Math.floor(r() * 8);
    for (let k = 0; k < steps && step(); k++);
    assert.deepEqual(f.violations, [], log.join('; '));
  }
  // Everything said is delivered; a search that runs is left running (an
  // infinite one never ends), a limited one is let finish.
  for (let guard = 0; guard < 10_000; guard++) {
    if (f.input.length) f.read();
    else if (f.output.length) f.deliver();
    else if (f.search && f.search.depth !== null) f.think();
    else break;
  }
  assert.deepEqual(f.violations, [], log.join('; '));
  const want = last();
  if (want === null) {
    assert.equal(f.search, null, `a search runs after a stop: ${log.join('; ')}`);
  } else {
    const s = f.started[f.started.length - 1];
    assert.equal(s?.fen, want.fen, `the last search started is not the last asked for: ${log.join('; ')}`);
    if (s.ended === null) assert.equal(f.search?.fen, want.fen, log.join('; '));
    else assert.equal(want.done, 1, `the last search ended by itself without done: ${log.join('; ')}`);
    // It was heard, unless it ended before its first depth could (it never does here).
    assert.ok(s.ended === null || want.heard.length > 0, `the last search was never heard: ${log.join('; ')}`);
  }
  engine.terminate();
}

const count = Number(schedules);
for (let i = 0; i < count; i++) run(Number(seed0) + i);
console.log(`engine interleavings: ${count} schedules, each request and engine step in a random order, passed`);
