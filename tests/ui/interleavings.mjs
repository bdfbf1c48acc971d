// The viewer's rule, "the user's last request wins", over thousands of
// interleavings of a user's requests with the two Workers' answers.
//
// The real controller (www/controller.ts) and request routing
// (www/decoders.ts), compiled by tsc, run in Node with fake Worker hosts:
// each answers its requests in order, as a Worker does, but only when the
// schedule says so. A seeded random schedule mixes the user's actions
// (open a database, one that fails to open; with one on screen, click a
// game, open or close a player's card, search the games' moves) with steps of either Worker, some
// of which trap (the Worker is replaced and the database reopened in it). After every step, nothing on
// screen (game, card, doctor's report, opening tree) belongs to another
// database than the one named; once every
// Worker has answered, the page shows the last database chosen (or, if
// that one failed, the one shown before, which both Workers hold), the
// last game clicked after it opened (else its first), the last card
// asked for after it opened, and the games of the last search of the
// moves made after it opened (each hit's ply names its database).
// The engine (a fake Stockfish, tests/ui/fake-stockfish.mjs) is in the mix:
// the user turns it on and off, asks for 1-3 lines, analyses the game
// shown and cancels it, and the engine's words come in any order with the
// Workers' answers. After every step the engine's lines are of the
// position shown and an analysis is of the game shown; at the end the
// engine searches the position shown when it is on, nothing when it is
// off or crashed, and an analysis left is finished or says why not.
//
//   node tests/ui/interleavings.mjs COMPILED_WWW_DIR [SCHEDULES] [SEED]
// (scripts/ui-test.sh compiles www/ and runs it.)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FakeStockfish, fenOf, tag } from './fake-stockfish.mjs';
import { rng } from './rng.mjs';

const [dir, schedules = '3000', seed0 = '1'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node tests/ui/interleavings.mjs COMPILED_WWW_DIR [SCHEDULES] [SEED]');
  process.exit(2);
}

// What the controller touches of a page. Its timers run on a clock the
// schedule moves ("time passes"), so a write of the address pending while
// a link comes is one of the interleavings. The address bar and its
// history: a link given (pasted, an edited hash) is a new entry, as a
// browser makes it, with its hashchange event; Back and Forward move
// through the entries with popstate and hashchange.
const store = new Map();
const clock = { now: 0, next: 1, timers: new Map() };
const listeners = new Map();
const page = { entries: [''], at: 0 };
const hashIn = (url) => (url.startsWith('#') ? url : '');
/** The page's history writes, counted (a link's follow must replace its entry, not push one). */
const historyApi = {
  pushState(_, __, url) {
    page.entries.splice(page.at + 1, Infinity, hashIn(url));
    page.at++;
    globalThis.location.hash = page.entries[page.at];
  },
  replaceState(_, __, url) {
    page.entries[page.at] = hashIn(url);
    globalThis.location.hash = page.entries[page.at];
  },
};
Object.assign(globalThis, {
  window: globalThis,
  self: globalThis,
  Worker: FakeStockfish,
  // webpack's DefinePlugin sets it in the bundles (the end-to-end tests' hooks).
  __E2E_HOOKS__: false,
  __ENGINE_FILES__: { single: 'engine/single.js', multi: 'engine/multi.js' },
  location: { hash: '', pathname: '/', search: '' },
  history: historyApi,
  setTimeout: (fn, ms = 0) => {
    const id = clock.next++;
    clock.timers.set(id, { at: clock.now + ms, fn });
    return id;
  },
  clearTimeout: (id) => clock.timers.delete(id),
  addEventListener: (type, fn) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
  localStorage: {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
  },
});
const load = (f) => import(pathToFileURL(path.resolve(dir, f)).href);
const { Controller } = await load('controller.js');
const { Decoders } = await load('decoders.js');
const { WorkerError } = await load('worker-host.js');
const { START_FEN, shown: shownPosition } = await load('game.js');
const { hashOf } = await load('query.js');
const { placeShown } = await load('ctrl/address.js');

/** Time passes until the next timer, which fires; false: none is set. */
function tick() {
  const next = [...clock.timers].sort(([, a], [, b]) => a.at - b.at)[0];
  if (!next) return false;
  clock.timers.delete(next[0]);
  clock.now = Math.max(clock.now, next[1].at);
  next[1].fn();
  return true;
}
// The browser's events of the address are tasks of their own: queued when
// the address changes, delivered when the schedule says (a timer of the
// page may run first, as in a browser).
const addressEvents = [];
/** Delivers the next event queued; false: none. */
function deliver() {
  const type = addressEvents.shift();
  if (!type) return false;
  (listeners.get(type) ?? []).forEach((fn) => fn());
  return true;
}
/** The user gives the address `hash` (a link pasted, or the hash edited): a new entry. */
function giveLink(hash) {
  historyApi.pushState(null, '', hash);
  addressEvents.push('hashchange');
}
/** Back (-1) or Forward (1), as the browser does it. */
function traverse(delta) {
  const before = location.hash;
  page.at += delta;
  location.hash = page.entries[page.at];
  addressEvents.push('popstate');
  if (location.hash !== before) addressEvents.push('hashchange');
}

/** The databases a user can choose, by game count; any other name fails to open. */
const DBS = { A: 7, B: 12, C: 5 };
const FAILS = 'X';
/** The requests a Worker may trap on (a hostile game; the tree and the
 * doctor read every game). */
const TRAPS = ['game', 'openingTree', 'diagnose', 'searchHits'];
/** The searches of the moves a user makes. */
const QUERIES = ['RB vs RN', 'Q vs RR', 'RR vs RR for 2'];

/** A search's answer in database `db`: the games whose index is a multiple
 * of the query's length mod 4, plus one; each hit's ply names the database. */
function hitsOf(db, query) {
  const step = (query.material.length % 4) + 1;
  const games = Array.from({ length: DBS[db] }, (_, i) => i).filter((i) => i % step === 0);
  return { games: Uint32Array.from(games), plies: Uint32Array.from(games, (i) => DBS[db] * 1000 + i), searched: DBS[db], damaged: 0 };
}

/** A Worker's host that answers in order, one request a step. Every answer
 * names the database the Worker held when it answered. */
class FakeHost {
  queue = [];
  db = null;
  /** Answers nothing until started (the background one: Decoders.startBackground). */
  started = false;
  go() {
    this.started = true;
  }
  setOpenings() {}
  compiled = Promise.resolve();
  /** The controller's `restarted` for this side. */
  restarted = null;
  call(type, args, options = {}) {
    return new Promise((resolve, reject) => this.queue.push({ type, args, resolve, reject, cancellable: !!options.cancellable }));
  }
  /** The request at the head traps, as worker-host.ts handles it: the
   * Worker is replaced (no database in it), that request and the long
   * tasks reject, the controller reopens its database, the rest are sent
   * again after it. */
  trap() {
    const calls = this.queue;
    const cause = new WorkerError('trap', 'RuntimeError: unreachable', calls[0].type);
    const kept = calls.slice(1).filter((p) => !p.cancellable);
    for (const p of calls) if (!kept.includes(p)) p.reject(cause);
    this.queue = [];
    this.db = null;
    this.restarted(cause);
    this.queue.push(...kept);
  }
  busy() {
    return this.queue.length > 0;
  }
  cancel() {
    throw new Error('no schedule cancels');
  }
  step() {
    const r = this.queue.shift();
    try {
      r.resolve(this.answer(r.type, r.args));
    } catch (err) {
      r.reject(err);
    }
  }
  need() {
    if (!this.db) throw new WorkerError('no-database', 'no database is open');
    return this.db;
  }
  answer(type, args) {
    switch (type) {
      case 'encodings':
        return [];
      case 'open': {
        const name = args.source.name;
        if (!(name in DBS)) throw new WorkerError('format', `${name} is not a database`);
        this.db = name;
        return { info: { games: DBS[name] }, wasmBytes: 1 << 20 };
      }
      case 'game': {
        const db = this.need();
        if (args.index >= DBS[db]) throw new WorkerError('no-such-game', `no game ${args.index} in ${db}`);
        // Each game's position is its own, so the engine's lines can tell them apart.
        return { index: args.index, headers: { white: `${db}#${args.index}` }, startFen: gameFen(db, args.index), setup: false, comments: [], moves: [], plies: 0 };
      }
      case 'playerCard':
        return { name: `${this.need()}/${args.name}` };
      case 'diagnose':
        return { text: this.need(), points: [] };
      case 'openingTree':
        return [{ san: this.need(), uci: 'e2e4', fen: START_FEN, count: 1 }];
      case 'searchHits':
        return hitsOf(this.need(), args.query);
      case 'line':
        return [];
      case 'annotate': {
        const db = this.need();
        return { pgn: `${db}#${args.index}`, scores: args.scores, stored: args.scores.map(() => false), marks: [] };
      }
      default:
        throw new Error(`unexpected request ${type}`);
    }
  }
}

/** Game `index` of database `db`: a position of its own (fake-stockfish.mjs). */
const gameFen = (db, index) => fenOf(DBS[db] * 100 + index + 1);

/** Lets every answer given so far run its course in the controller. */
const settle = () => new Promise((done) => setImmediate(done));

/** Of the page: the database each thing shown came from ('' for none). */
function shownFrom(s) {
  return {
    name: s.info ? s.name : '',
    game: s.game ? s.game.view.headers.white.split('#')[0] : null,
    card: s.card?.view.kind === 'data' ? s.card.view.data.name.split('/')[0] : null,
    report: s.diagnosis.view.kind === 'data' ? s.diagnosis.view.data.map((m) => m.report.text).join('+') : null,
    tree: s.tree.view.kind === 'data' ? s.tree.view.data.moves[0].san : null,
    hits: s.list.hits ? Object.keys(DBS).find((db) => s.list.hits.plies.every((p) => Math.floor(p / 1000) === DBS[db])) ?? '?' : null,
  };
}

/** Nothing on screen is of another database than the one named. */
function consistent(s, where) {
  const f = shownFrom(s);
  for (const k of ['game', 'card', 'report', 'tree', 'hits']) {
    if (f[k] !== null) assert.equal(f[k], f.name, `${where}: the ${k} shown is of ${f[k]}, the page names ${f.name}`);
  }
  const at = shownPosition(s.game, s.explore)?.fen ?? '';
  for (const line of s.engine.lines) {
    assert.equal(line.pv[0], tag(at), `${where}: an engine line of ${line.pv[0]} beside the position ${tag(at)}`);
  }
  if (s.analysis) {
    assert.equal(s.analysis.index, s.game?.index, `${where}: the analysis of game ${s.analysis.index} beside game ${s.game?.index}`);
    if (s.analysis.result) assert.equal(s.analysis.result.pgn, `${f.name}#${s.game.index}`, `${where}: the analysis is of another database's game`);
  }
  assert.deepEqual(FakeStockfish.last?.violations ?? [], [], `${where}: the engine was sent a command while it searched`);
}

async function schedule(seed) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const hosts = { fg: new FakeHost(), bg: new FakeHost() };
  hosts.fg.go();
  FakeStockfish.last = null;
  /** One step of the engine (read a command, say a depth, deliver a message), if it has one. */
  const engineStep = () => {
    const f = FakeStockfish.last;
    const can = [];
    if (f?.input.length) can.push(() => f.read());
    if (f?.search) can.push(() => f.think());
    if (f?.output.length) can.push(() => f.deliver());
    if (!can.length) return false;
    // Now and then it crashes: the page says so and a game's analysis ends.
    if (r() < 0.01) can.splice(0, can.length, () => f.crash());
    pick(can)();
    return true;
  };
  const decoders = new Decoders(() => assert.fail('the fake hosts call restarted themselves'), { host: (side) => hosts[side], names: () => new Promise(() => {}) });
  clock.timers.clear();
  listeners.clear();
  addressEvents.length = 0;
  page.entries = [''];
  page.at = 0;
  location.hash = '';
  const c = new Controller(decoders, () => {}, { language: 'en', notation: 'san', theme: 'light', treeOpen: true });
  c.address.listen();
  for (const side of ['fg', 'bg']) hosts[side].restarted = (cause) => c.tasks.restarted(side, cause);
  // The kinds of request that trapped since the database shown settled:
  // their panel may show the failure instead of an answer.
  let trapped = new Set();
  const log = [];
  // What the user did since the database now shown was settled on screen.
  let lastOpen = null;
  let sinceSettled = [];
  // The game and search the last open lands on (a link's, else its first
  // game and none).
  // (Either of two when a link waited for its files: the page may have
  // dropped it for a click on the game shown.)
  let landing = [{ game: 0, query: null }];
  // The last open has landed (its database is on screen).
  let landed = false;
  // The databases shown so far: a link to one opens it again.
  const everShown = new Set();
  // The last request for a place, when it was a link (or Back, Forward):
  // its hash, and the history as it left it. The page never overwrites it,
  // nor pushes an entry over it.
  let lastLink = null;
  // A link to a database never shown, with no request for a place since;
  // and the same with none but links and opens since.
  let pendingLink = null;
  let waitingLink = null;
  // The database on screen: a new one (or the same reopened) is a new info.
  let shown = null;
  /** A user acts only once the browser has delivered the address's
   * events (a person is slower than a task). */
  const userTurn = async () => {
    while (addressEvents.length) {
      log.push(`the browser delivers ${addressEvents[0]}`);
      deliver();
      await after();
    }
  };
  /** After each event: its effects run, then the page is checked. */
  const after = async () => {
    await settle();
    if (c.state.info !== shown) {
      // A database was settled on screen: what the user did before is of the one before.
      shown = c.state.info;
      if (shown) everShown.add(c.state.name);
      if (shown && c.state.name === lastOpen) landed = true;
      sinceSettled = [];
      trapped = new Set();
    }
    const where = `seed ${seed}\n${log.join('\n')}\n`;
    consistent(c.state, where);
    if (lastLink && !trapped.size) {
      assert.ok([lastLink.hash, lastLink.leads].includes(location.hash), `${where}the link given last is in the address: ${location.hash}`);
      assert.deepEqual({ at: page.at, entries: page.entries.length }, lastLink.history, `${where}the link's history entry is followed in place`);
    }
  };
  /** The user asks for another place than a link: an open, a click, a search. */
  const placeAsked = () => {
    lastLink = null;
    pendingLink = null;
  };
  /** A link to `place` was given (the address is now its hash): what the
   * page must do, by the rule. */
  const linked = (place) => {
    // (A link that names no game leads to the first: the address then says so.)
    const leads = hashOf({ db: place.db, game: place.game ?? 0, move: -1, filter: '', query: place.query, position: null });
    lastLink = { hash: location.hash, leads, history: { at: page.at, entries: page.entries.length } };
    pendingLink = waitingLink = null;
    const at = { game: place.game ?? 0, query: place.query };
    if (place.db === lastOpen) {
      // The database asked for last: this game and search in it, now or as it lands.
      landing = [at];
      sinceSettled.push({ game: at.game }, { query: at.query });
    } else if (everShown.has(place.db)) {
      // Another one shown before: opened again, at this game and search.
      lastOpen = place.db;
      landed = false;
      landing = [at];
      sinceSettled.push({ game: at.game }, { query: at.query });
    } else {
      pendingLink = waitingLink = { db: place.db, hash: location.hash, at };
      // The open under way lands at its start (the address names another),
      // or where it would have if it lands before the page hears of the link.
      if (!landed) landing = [{ game: 0, query: null }, ...landing];
    }
  };
  const steps = 6 + Math.floor(r() * 30);
  for (let k = 0; k < steps; k++) {
    const x = r();
    if (x < 0.3 && FakeStockfish.last) {
      // A few words at once: it speaks far more often than a Worker answers.
      const n = 1 + Math.floor(r() * 6);
      log.push(`the engine steps ${n} times`);
      for (let i = 0; i < n && engineStep(); i++);
    } else if (x < 0.5 && lastOpen !== null) {
      const side = pick(['fg', 'bg'].filter((s) => hosts[s].started && hosts[s].queue.length));
      const head = side && hosts[side].queue[0].type;
      if (side && TRAPS.includes(head) && r() < 0.1) {
        log.push(`${side} traps on ${head}`);
        // It fails, and so does every long task in that Worker.
        trapped.add(head);
        for (const p of hosts[side].queue) if (p.cancellable) trapped.add(p.type);
        hosts[side].trap();
      } else if (side) {
        log.push(`${side} answers ${head}`);
        hosts[side].step();
      }
    } else if (x < 0.65 || !c.state.info) {
      // (With no database on screen there is no row or name to click.)
      const name = pick(['A', 'B', 'C', 'A', 'B', 'C', FAILS]);
      await userTurn();
      log.push(`user opens ${name}`);
      lastOpen = name;
      landed = false;
      // Its start; or where a link waiting for its files asks.
      landing = [{ game: 0, query: null }, ...(waitingLink?.db === name ? [waitingLink.at] : [])];
      waitingLink = null;
      placeAsked();
      void c.db.openDatabase({ kind: 'bytes', name, files: {} });
    } else if (x < 0.8) {
      const index = Math.floor(r() * 5);
      await userTurn();
      log.push(`user clicks game ${index}`);
      sinceSettled.push({ game: index });
      placeAsked();
      void c.game.openGame(index);
    } else if (x < 0.9) {
      const query = { material: pick(QUERIES) };
      await userTurn();
      log.push(`user searches ${query.material}`);
      sinceSettled.push({ query });
      placeAsked();
      void c.list.search(query);
    } else if (x < 0.93 && (clock.timers.size || addressEvents.length)) {
      // The next task: a timer of the page, or the browser's event of the address.
      if (addressEvents.length && (!clock.timers.size || r() < 0.5)) {
        log.push(`the browser delivers ${addressEvents[0]}`);
        deliver();
      } else {
        log.push('time passes');
        tick();
      }
    } else if (x < 0.95 && lastOpen !== null) {
      // A link: to a database opened or not (D never is), with a game and
      // perhaps a search; or Back, or Forward.
      await userTurn();
      const way = pick(['link', 'link', 'link', 'back', 'forward']);
      if (way === 'link' || (way === 'back' && page.at === 0) || (way === 'forward' && page.at === page.entries.length - 1)) {
        const place = { db: pick(['A', 'B', 'C', 'D']), game: r() < 0.2 ? null : Math.floor(r() * 5), move: -1, filter: '', query: r() < 0.3 ? { material: pick(QUERIES) } : null, position: null };
        // The address it holds already: the browser says nothing, no request.
        if (hashOf(place) === location.hash) {
          log.push(`user gives the link ${hashOf(place)}, the address already: nothing`);
        } else {
          log.push(`user gives the link ${hashOf(place)}`);
          giveLink(hashOf(place));
          linked(place);
        }
      } else if (!page.entries[page.at + (way === 'back' ? -1 : 1)]) {
        log.push(`user presses ${way}, to the page's first address: none`);
      } else {
        log.push(`user presses ${way}`);
        traverse(way === 'back' ? -1 : 1);
        const p = placeOfEntry(location.hash);
        linked(p);
      }
    } else if (x < 0.96) {
      const act = pick(['e', 'e', 'lines', 'analyse', 'analyse', 'cancel', 'cancel']);
      await userTurn();
      log.push(`user: engine ${act}`);
      if (act === 'e') c.engine.toggle();
      else if (act === 'lines') c.engine.setLines(1 + Math.floor(r() * 3));
      else if (act === 'analyse') c.analysis.start();
      else c.analysis.cancel();
    } else if (x < 0.975) {
      const name = pick(['Tal', 'Botvinnik']);
      await userTurn();
      log.push(`user opens ${name}'s card`);
      sinceSettled.push({ card: name });
      void c.panels.openPlayer(name);
    } else {
      await userTurn();
      log.push('user closes the card');
      sinceSettled.push({ card: null });
      c.panels.closePlayer();
    }
    await after();
  }
  // Every Worker answers all it has, and the engine says all it has (a
  // search to a depth reaches it; an infinite one goes on), in any order;
  // then time passes, until no timer is left.
  for (;;) {
    const side = pick(['fg', 'bg'].filter((s) => hosts[s].started && hosts[s].queue.length));
    const f = FakeStockfish.last;
    if (f && (f.input.length || f.output.length || (f.search && f.search.depth !== null)) && (!side || r() < 0.5)) {
      log.push('the engine steps');
      if (f.input.length) f.read();
      else if (f.output.length) f.deliver();
      else f.think();
    } else if (side) {
      log.push(`${side} answers ${hosts[side].queue[0].type}`);
      hosts[side].step();
    } else if (addressEvents.length) {
      log.push(`the browser delivers ${addressEvents[0]}`);
      deliver();
    } else if (clock.timers.size) {
      log.push('time passes');
      tick();
    } else {
      break;
    }
    await after();
  }
  const where = `seed ${seed}\n${log.join('\n')}\n`;
  const s = c.state;
  const f = shownFrom(s);
  if (lastOpen !== FAILS) {
    assert.equal(f.name, lastOpen, `${where}the last database chosen is shown`);
    if (!trapped.size) assert.equal(s.error, null, `${where}no error: ${s.error && s.error.say()}`);
  } else {
    assert.notEqual(f.name, FAILS, where);
    // Said on the status line (a later click's answer may clear the error line).
    // (A reopen after a trap says so there instead.)
    // (A query in place is searched again after it, which says its count there.)
    if (!trapped.size && s.list.query === null) assert.match(s.status.say(), /X/, `${where}the failed open is said`);
  }
  if (f.name) {
    assert.equal(hosts.fg.db, f.name, `${where}the interactive Worker holds the database shown`);
    assert.equal(hosts.bg.db, f.name, `${where}the background Worker holds the database shown`);
    if (!trapped.has('diagnose')) assert.equal(f.report, f.name, `${where}the doctor's report is of the database shown`);
    // (The tree is of the game shown: none after a trap on the only load.)
    if (!trapped.has('openingTree') && s.game) assert.equal(f.tree, f.name, `${where}the opening tree is of the database shown`);
  }
  // The engine follows the position shown while it is on, and stops when off;
  // an analysis left is finished, not stuck.
  const fake = FakeStockfish.last;
  const at = shownPosition(s.game, s.explore)?.fen ?? '';
  if (s.engine.on && !s.engine.failed && at) assert.equal(fake?.search?.fen, at, `${where}the engine searches the position shown`);
  if (!s.engine.on || s.engine.failed) assert.equal(fake?.search ?? null, null, `${where}the engine is off (or failed) and searches nothing`);
  if (s.analysis) assert.ok(!s.analysis.running && (s.analysis.result || s.analysis.failed), `${where}the analysis left is finished, or says why not`);
  if (f.name && s.card) {
    assert.equal(f.card, f.name, `${where}a card asked for is shown, not left counting`);
  }
  if (lastOpen !== FAILS) {
    // The last game clicked once it was on screen (every database has
    // the games clicked), else its first game.
    const sameQuery = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const click = sinceSettled.filter((a) => 'game' in a).at(-1);
    const searched = sinceSettled.some((a) => 'query' in a);
    const land = landing.find((l) => (click || l.game === s.game?.index) && (searched || sameQuery(l.query, s.list.query))) ?? landing[0];
    if (!trapped.has('game')) assert.equal(s.game?.index, click?.game ?? land.game, `${where}the last game clicked (or linked) is shown`);
    const query = searched ? sinceSettled.filter((a) => 'query' in a).at(-1).query : land.query;
    if (query && !trapped.has('searchHits')) {
      assert.deepEqual(s.list.query, query, `${where}the last search is the query applied`);
      assert.deepEqual([...s.list.view.order], [...hitsOf(f.name, query).games], `${where}the last search's games are listed`);
      assert.equal(f.hits, f.name, `${where}the hits are of the database shown`);
    } else if (!query) {
      assert.equal(s.list.query, null, `${where}no search`);
    }
    const card = sinceSettled.filter((a) => 'card' in a).at(-1);
    if (card?.card) assert.equal(s.card?.view.kind === 'data' && s.card.view.data.name, `${f.name}/${card.card}`, `${where}the last card asked for`);
    else assert.equal(s.card, null, `${where}no card`);
  }
  // The address: a link to a database never shown is said and kept until
  // another place is asked for; else it names the place shown.
  if (pendingLink) {
    assert.equal(s.link?.name, pendingLink.db, `${where}the link to ${pendingLink.db} is said`);
    assert.equal(location.hash, pendingLink.hash, `${where}the link to ${pendingLink.db} stays in the address`);
  } else if (!s.link && f.name && !trapped.size) {
    assert.equal(location.hash, hashOf(placeShown(s)), `${where}the address names the place shown`);
  }
  return log.length;
}

/** The place of a history entry the page wrote (read here, not by query.js's
 * placeOfHash, which the page follows Back and Forward with). */
function placeOfEntry(hash) {
  const p = new URLSearchParams(hash.slice(1));
  const q = p.get('q') ? Object.fromEntries(new URLSearchParams(p.get('q'))) : null;
  return { db: p.get('db'), game: p.get('g') ? Number(p.get('g')) - 1 : null, query: q };
}

const n = Number(schedules);
let events = 0;
for (let i = 0; i < n; i++) events += await schedule(Number(seed0) + i);
console.log(`${n} schedules (${events} events): the last request won in every one`);
process.exit(0);
