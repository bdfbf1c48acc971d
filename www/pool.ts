// Helpers of the background Worker for a whole-database pass, on every
// core (issue 48): Workers of the same script (worker.ts), each with its
// own Database over the same Files, opened at their first pass and kept
// while that database is open. A helper's open is served what the
// background Worker's own open read of D02 (`Opened.reads`): a few
// hundred reads of a File at about 2 ms each, 0.5–1.4 s, made once.
// A pass is cut into slices: the export's of the games' order; a search's
// inside games, a position search's and the doctor's full check's of
// D02's. Each helper takes the next slice when it is done with one (a
// position search keeps each helper on its own stretch, for its memo), and
// the slices' output goes on in their order. A newer search makes an older
// one stale: it hands out no more slices (the page has no use for its
// answer). An archive's export and count of duplicates go a database a
// helper instead, each opened by that helper alone (readKeys,
// exportArchive); the list of many's searches and full check, a share of
// its databases a helper, kept open from one pass to the next (eachKept). How a pass is cut, and its answers joined, is
// pool-split.ts's; a helper and its calls, helper.ts's. The background
// Worker only hands slices out and passes chunks on, so a click's Worker
// and the page keep a core between them when the helpers take the rest.
//
// Each helper is given the opening names' table the background Worker
// loaded, once it has it (a search by opening classifies games by it).
//
// Cancel and failure: the page terminates the background Worker, and its
// helpers end with it; a helper that fails fails the pass, and the helpers
// are dropped (the next pass starts fresh ones).

import type { ArchiveMerge, Diagnosis, ExportSummary, PositionHits, SearchHits, SearchQuery } from '../pkg/cadb.js';
import { ARCHIVE_HOLD_BYTES, poolSplits } from './config.js';
import { Helper } from './helper.js';
import { InOrder } from './in-order.js';
import { cut, gather, interleave, joined, merge, shares, startsOf, sum } from './pool-split.js';
import type { Reads } from './lazy-file.js';
import type { ArchiveExport, Member, OpenSource, Response, TextChoice } from './protocol.js';

/** A search's or a check's parts a helper: each part reads every header
 * again (the header conditions, the games in D02 order), so few; more
 * than one, so a helper that finishes early takes another's share. */
const PARTS_EACH = 2;

/** What the pool reopens its helpers with when the database changes. */
export interface Opened {
  source: OpenSource;
  encoding: TextChoice | undefined;
  /** Bumped at each open or change of encoding. */
  generation: number;
  games: number;
  /** What the open read from D02, for the helpers' opens (null: too much, or none). */
  reads: Reads | null;
}

/** The pool's size, from the page: `from` overrides POOL_FROM (a page
 * asked for `?helpers=N` splits every pass, for tests and comparisons). */
export interface PoolSetup {
  helpers: number;
  from?: number;
}

type Post = (message: Response, transfer?: Transferable[]) => void;

/** A database of the open list of many (an archive), as it was opened:
 * a helper opens it again for the list's passes (`archiveSearch`). */
export interface ListMember {
  member: Member;
  /** Its games: the list numbers its games after those before it. */
  games: number;
}

/** A whole-archive pass's progress: `member(k, f)`, database `k` is
 * fraction `f` done (worker.ts sums them into steps). */
export interface Progress {
  member(k: number, fraction: number): void;
}

/** Database `k`'s share of `p`, as a pass's `onProgress(done, total)`. */
export const ofMember = (p: Progress, k: number) => (done: number, total: number) => p.member(k, done / Math.max(1, total));

export class Pool {
  private helpers: Helper[] = [];
  /** The newest search inside games begun, and position search: an older one is stale. */
  private search = 0;
  private position = 0;
  /** Passes over the open database under way, and what waits for none to be. */
  private active = 0;
  private idle: (() => void)[] = [];
  /** An archive's pass under way (it has the helpers alone), settled when it ends. */
  private archive: Promise<void> | null = null;

  constructor(
    private module: WebAssembly.Module,
    /** How many helpers, and from how many games a pass goes to them (the page's setup). */
    private setup: PoolSetup,
    /** The opening names' table the background Worker loaded (worker-core.ts `names`). */
    private names: Promise<Uint8Array | null>,
  ) {}

  /** Whether an archive's pass (an export, a count) has the helpers: a
   * pass asked meanwhile that can run without them does (worker.ts). */
  get held(): boolean {
    return this.archive !== null;
  }

  /** Whether a pass over `games` games of `opened` goes to the helpers
   * (a database from bytes, the demo, is never big enough). */
  wants(opened: Opened | null, games: number): opened is Opened {
    return opened !== null && poolSplits(this.setup, opened.source, games);
  }

  /** The PGN of `indices` (every game when null) of `opened`, as
   * `Database.exportPgnBytes` gives it: chunks posted to request `id` in
   * order, with its progress (`progress`: throttled). */
  async exportPgn(opened: Opened, indices: Uint32Array | null, id: number, post: Post, progress: (done: number, total: number) => void): Promise<ExportSummary> {
    return this.shared(async () => {
      const total = indices ? indices.length : opened.games;
      const slices = cut(total, opened, this.setup.helpers);
      const helpers = await this.ready(opened);
      const done = new Array<number>(slices.length).fill(0);
      const results: (ExportSummary | null)[] = slices.map(() => null);
      const order = new InOrder(slices.length, chunkPoster(post, id));
      let next = 0;
      const report = () => progress(done.reduce((a, b) => a + b, 0), total);
      const run = async (h: Helper) => {
        while (next < slices.length) {
          // A helper ahead of the slice being passed on waits rather than
          // take another: at most one slice a helper is held, done or not.
          while (next - order.at >= helpers.length) await order.moved();
          if (next >= slices.length) return;
          const j = next++;
          const [from, to] = slices[j];
          const part = indices ? indices.slice(from, to) : Uint32Array.from({ length: to - from }, (_, k) => from + k);
          results[j] = await h.call('exportPgn', { indices: part }, {
            onChunk: (bytes) => order.chunk(j, bytes),
            onProgress: (d) => {
              done[j] = d;
              report();
            },
          });
          done[j] = to - from;
          report();
          order.done(j);
        }
      };
      try {
        await Promise.all(helpers.map(run));
      } catch (err) {
        this.drop(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
      return merge(results as ExportSummary[]);
    });
  }

  /** The keys of every one of `members` for `plan` (an archive's merge,
   * worker.ts), each database opened and read by one helper (the
   * background Worker opens none), added in their order; one that does
   * not open is added as missing, and named in `failed` (the first reason
   * for each). Returns the games read. */
  async readKeys(members: Member[], plan: ArchiveMerge, failed: (string | undefined)[], progress: Progress): Promise<number> {
    const keys = new Array<{ games: number; bytes: Uint8Array } | null>(members.length).fill(null);
    await this.eachMember(members.length, () => true, async (h, k) => {
      const games = await this.openMember(h, members[k], k, failed);
      if (games === null) return;
      keys[k] = { games, bytes: await h.call('duplicateKeys', {}, { onProgress: ofMember(progress, k) }) };
    }, progress);
    let games = 0;
    for (const [k, { source }] of members.entries()) {
      const read = keys[k];
      if (read) plan.addKeys(source.name, read.games, read.bytes);
      else plan.addMissing(source.name);
      games += read?.games ?? 0;
    }
    return games;
  }

  /** Every one of `members` as PGN (worker.ts `exportArchive`), merged by
   * `plan` when given (after `readKeys` and its `find`): each database
   * opened and exported by one helper, its chunks posted to request `id`
   * in the databases' order. A helper ahead of the database being written
   * keeps its chunks here, and starts another only while the D02s of
   * those ahead stay under ARCHIVE_HOLD_BYTES. What was written is added
   * to `out`; one that does not open is named in `failed`. */
  async exportArchive(members: Member[], plan: ArchiveMerge | null, id: number, post: Post, out: ArchiveExport, failed: (string | undefined)[], progress: Progress): Promise<void> {
    const n = members.length;
    const size = (k: number) => { const { source } = members[k]; return source.kind === 'files' ? source.files.d02.size : 0; };
    const order = new InOrder(n, chunkPoster(post, id));
    // Whether member `k` may start: the one being written always may; one
    // ahead of it while fewer than a helper each are ahead, and their D02s
    // (with its own) stay under the bound.
    const mayStart = (k: number) => {
      let ahead = size(k);
      for (let j = order.at + 1; j < k; j++) ahead += size(j);
      return k === order.at || (k - order.at < this.setup.helpers && ahead <= ARCHIVE_HOLD_BYTES);
    };
    await this.eachMember(n, mayStart, async (h, k) => {
      try {
        const games = await this.openMember(h, members[k], k, failed);
        if (games === null) return;
        const source = plan && n === 1 ? null : members[k].source.name;
        const merge = plan?.share(k, games) ?? null;
        const done = await h.call('exportPgn', { indices: null, source, merge }, {
          onChunk: (bytes) => order.chunk(k, bytes),
          onProgress: ofMember(progress, k),
        });
        out.databases++;
        out.games += done.games;
        out.bytes += done.bytes;
        out.damaged += done.errors.length;
      } finally {
        order.done(k);
      }
    }, progress, () => order.moved());
  }

  /** Runs `work` on each of `count` databases, in their order, a helper
   * taking the next one when it is done with one, once `mayStart` lets
   * it (else it waits for `moved()`). A helper that fails fails the pass,
   * and the helpers are dropped. The pass has the helpers alone: a pass
   * over the open database waits for it, and it for those under way. */
  private async eachMember(
    count: number,
    mayStart: (k: number) => boolean,
    work: (h: Helper, k: number) => Promise<void>,
    progress: Progress,
    moved: () => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    return this.alone(async () => {
      const helpers = this.start();
      let next = 0;
      const run = async (h: Helper) => {
        for (;;) {
          while (next < count && !mayStart(next)) await moved();
          if (next >= count) return;
          const k = next++;
          await work(h, k);
          progress.member(k, 1);
        }
      };
      try {
        await Promise.all(helpers.map(run));
      } catch (err) {
        this.drop(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
    });
  }

  /** Opens `member` (database `k` of an archive's pass) in `h`: its games,
   * or null when it does not open (the first reason noted in `failed`). A
   * helper that fails is not a database that does not open: that throws. */
  private async openMember(h: Helper, { source, encoding }: Member, k: number, failed: (string | undefined)[]): Promise<number | null> {
    // It holds no database of a generation any more.
    h.generation = 0;
    try {
      const { info } = await h.call('open', { source, encoding, dropOld: true, primed: null });
      return info.games;
    } catch (err) {
      if (!this.helpers.includes(h)) throw err;
      failed[k] ??= err instanceof Error ? err.message : String(err);
      return null;
    }
  }

  /** `Database.searchHits` of `query` over every game of `opened`:
   * the games to replay cut into stretches of D02 (a stretch of game
   * indices would read the whole of a shuffled D02 in each slice), the
   * parts' hits joined in game order, with its progress. A search begun
   * after this one makes it stale: it hands out no more parts and fails
   * as cancelled. */
  async searchHits(opened: Opened, query: SearchQuery, progress: (done: number, total: number) => void): Promise<SearchHits> {
    const pass = ++this.search;
    const found = await this.inParts(opened, (h, part, parts, onProgress) => h.call('searchHits', { query, part, parts }, { onProgress }), (r) => r.searched, progress, {
      stale: () => pass !== this.search,
    });
    const from = interleave(found.map((r) => r.games));
    return {
      games: gather(from, found.map((r) => r.games), new Uint32Array(from.length)),
      plies: gather(from, found.map((r) => r.plies), new Uint32Array(from.length)),
      searched: sum(found, (r) => r.searched),
      damaged: sum(found, (r) => r.damaged),
    };
  }

  /** `Archive.searchHits` of `query` over the open list of many
   * (`members`, in its order, opened as `generation`), a database at a
   * time on the helpers keeping them (`eachKept`): the hits numbered as
   * the list numbers its games. A newer search makes it stale, as it does
   * a search's of one database. */
  async archiveSearch(generation: number, members: ListMember[], query: SearchQuery, progress: (done: number, total: number) => void): Promise<SearchHits> {
    const pass = ++this.search;
    const found = await this.eachKept(generation, members, (h, member, onProgress) => h.call('searchHits', { query, member }, { onProgress }), progress, () => pass !== this.search);
    const starts = startsOf(members);
    return {
      games: joined(found, (r) => r.games, Uint32Array, starts),
      plies: joined(found, (r) => r.plies, Uint32Array),
      searched: sum(found, (r) => r.searched),
      damaged: sum(found, (r) => r.damaged),
    };
  }

  /** `Archive.positionSearch` of `fen` over the open list of many, as
   * `archiveSearch` searches it: each database whole on the helper keeping
   * it (its search memo kept with it, for the next click down the tree),
   * the hits with their next moves for `Archive.positionNext`. A newer
   * position search makes it stale. */
  async archivePositionSearch(generation: number, members: ListMember[], fen: string, variations: boolean, progress: (done: number, total: number) => void): Promise<PositionHits> {
    const pass = ++this.position;
    const found = await this.eachKept(generation, members, (h, member, onProgress) => h.call('positionSearch', { fen, variations, next: false, member }, { onProgress }), progress, () => pass !== this.position);
    return {
      games: joined(found, (r) => r.games, Uint32Array, startsOf(members)),
      plies: joined(found, (r) => r.plies, Uint32Array),
      inVariation: joined(found, (r) => r.inVariation, Uint8Array),
      // (A helper's whole-database search gives each hit's next move.)
      nextMoves: joined(found, (r) => r.nextMoves ?? new Uint16Array(r.games.length), Uint16Array),
      searched: sum(found, (r) => r.searched),
      damaged: sum(found, (r) => r.damaged),
      read: sum(found, (r) => r.read),
      fromMemory: sum(found, (r) => r.fromMemory),
    };
  }

  /** `ask` of each of `members` (the open list of many, opened as
   * `generation`), on the helper keeping it (`keeping`), a database at a
   * time a helper: the answers in the list's order, with the progress of
   * the games done. Once `stale()`, no helper begins another database,
   * and the pass fails as cancelled. The list's databases opened when it
   * was: one that no longer opens, or not as it did, or fails its pass,
   * fails it, named (a query's own fault as it is). */
  private async eachKept<T>(
    generation: number,
    members: ListMember[],
    ask: (h: Helper, member: number, onProgress: (done: number, total: number) => void) => Promise<T>,
    progress: (done: number, total: number) => void,
    stale: () => boolean,
  ): Promise<T[]> {
    return this.shared(async () => {
      const answers = new Array<T>(members.length);
      const done = new Array<number>(members.length).fill(0);
      const total = sum(members, (m) => m.games);
      const each: Progress = {
        member: (k, f) => {
          done[k] = f * members[k].games;
          progress(Math.floor(sum(done, (d) => d)), total);
        },
      };
      // A query's own fault is the same in every database.
      const own = (code?: string) => code === 'query' || code === 'bad-argument';
      try {
        const kept = await this.keeping(generation, members);
        await Promise.all(kept.map(async ({ h, share }) => {
          for (const [i, k] of share.entries()) {
            if (stale()) return;
            answers[k] = await ask(h, i, ofMember(each, k)).catch((err: Error & { code?: string }) => {
              throw own(err.code) ? err : named(members[k], err.message, err.code ?? 'internal');
            });
            each.member(k, 1);
          }
        }));
      } catch (err) {
        const { code } = err as { code?: string };
        if (!own(code) && code !== 'io') this.drop(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
      if (stale()) throw cancelled();
      return answers;
    });
  }

  /** The doctor's full check of each database of the open list of many
   * (`Database.diagnose` of every game), as `archiveSearch` goes: the
   * reports in the list's order. */
  archiveDiagnose(generation: number, members: ListMember[], progress: (done: number, total: number) => void): Promise<Diagnosis[]> {
    const check = (h: Helper, member: number, onProgress: (done: number, total: number) => void) => h.call('diagnose', { maxGames: null, member }, { onProgress }) as Promise<Diagnosis>;
    return this.eachKept(generation, members, check, progress, () => false);
  }

  /** The helpers, each keeping its share of the list of many opened as
   * `generation` (`keep`; opened the first time, then kept until another
   * database, or an archive's pass, needs them): with each share's
   * databases, in the list's order. */
  private async keeping(generation: number, members: ListMember[]): Promise<{ h: Helper; share: number[] }[]> {
    const helpers = this.start();
    const split = shares(members, helpers.length);
    const keep = async (h: Helper, share: number[]) => {
      h.generation = 0;
      const kept = share.length > 0 ? await h.call('keep', { members: share.map((k) => members[k].member) }) : [];
      for (const [i, k] of share.entries()) {
        const got = kept[i];
        if (typeof got === 'string') throw named(members[k], got, 'io');
        if (got !== members[k].games) throw named(members[k], `${got} games, not the ${members[k].games} it had when the list was opened`, 'io');
      }
      h.generation = generation;
    };
    return Promise.all(helpers.map(async (h, j) => {
      const share = split[j];
      if (h.generation !== generation) {
        // Once, for the passes that ask while it is opened.
        if (h.keeping?.generation !== generation) {
          const done = keep(h, share);
          h.keeping = { generation, done };
          const settled = () => {
            if (h.keeping?.done === done) h.keeping = null;
          };
          done.then(settled, settled);
        }
        await h.keeping?.done;
      }
      return { h, share };
    }));
  }

  /** `Database.positionSearch` of `fen` over every game of `opened`: its
   * games in stretches of D02, each helper given the same stretch every
   * time (its search memo knows their games then, and keeps the records
   * of the last hits: a step down the tree reads few of them, and those
   * from memory), the hits joined in game order with their next
   * moves (`Database.positionNext` makes the rows). A newer position
   * search makes it stale, as a newer search does a search's. */
  async positionSearch(opened: Opened, fen: string, variations: boolean, progress: (done: number, total: number) => void): Promise<PositionHits> {
    const pass = ++this.position;
    const found = await this.inParts(opened, (h, part, parts, onProgress) => h.call('positionSearch', { fen, variations, next: false, part, parts }, { onProgress }), (r) => r.searched, progress, {
      stale: () => pass !== this.position,
      fixed: true,
    });
    const from = interleave(found.map((r) => r.games));
    return {
      games: gather(from, found.map((r) => r.games), new Uint32Array(from.length)),
      plies: gather(from, found.map((r) => r.plies), new Uint32Array(from.length)),
      inVariation: gather(from, found.map((r) => r.inVariation), new Uint8Array(from.length)),
      nextMoves: gather(from, found.map((r) => r.nextMoves), new Uint16Array(from.length)),
      searched: sum(found, (r) => r.searched),
      damaged: sum(found, (r) => r.damaged),
      read: sum(found, (r) => r.read),
      fromMemory: sum(found, (r) => r.fromMemory),
    };
  }

  /** The doctor's full check of `opened`: its scan of every record cut
   * into stretches of D02, each part's numbers in the parts' order for
   * `Database.diagnoseJoin`, with its progress. */
  diagnose(opened: Opened, progress: (done: number, total: number) => void): Promise<Float64Array[]> {
    // A part's numbers begin with how many records it scanned.
    return this.inParts(opened, (h, part, parts, onProgress) => h.call('diagnosePart', { part, parts }, { onProgress }), (r) => r[0], progress, {});
  }

  /** `ask` of each of PARTS_EACH parts a helper; the answers in the
   * parts' order. A helper takes the next part when it is done with one;
   * with `fixed`, there is one part a helper, helper k's part k every time
   * (a memo that keeps one part's records is not emptied by another's).
   * The progress is summed over the parts, each part's total known once
   * it reports (`size`: what an answer counted). Once `stale()`, no more
   * parts are handed out, and the pass fails as cancelled. */
  private async inParts<T>(
    opened: Opened,
    ask: (h: Helper, part: number, parts: number, onProgress: (done: number, total: number) => void) => Promise<T>,
    size: (answer: T) => number,
    progress: (done: number, total: number) => void,
    { stale = () => false, fixed = false }: { stale?: () => boolean; fixed?: boolean },
  ): Promise<T[]> {
    return this.shared(async () => {
      const helpers = await this.ready(opened);
      const parts = helpers.length * (fixed ? 1 : PARTS_EACH);
      const done = new Array<number>(parts).fill(0);
      const totals = new Array<number>(parts).fill(0);
      const answers = new Array<T>(parts);
      let next = 0;
      const report = () => progress(done.reduce((a, b) => a + b, 0), Math.max(1, totals.reduce((a, b) => a + b, 0)));
      const run = async (h: Helper, k: number) => {
        for (let turn = 0; ; turn++) {
          const part = fixed ? k + turn * helpers.length : next++;
          if (part >= parts) return;
          if (stale()) throw cancelled();
          answers[part] = await ask(h, part, parts, (d, t) => {
            done[part] = d;
            totals[part] = t;
            report();
          });
          done[part] = totals[part] = size(answers[part]);
          report();
        }
      };
      try {
        await Promise.all(helpers.map(run));
      } catch (err) {
        if (!stale()) this.drop(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
      return answers;
    });
  }

  /** Runs a pass over the open database: beside others like it (their
   * helpers hold the same database), but never during an archive's pass,
   * whose helpers open databases of their own. */
  private async shared<T>(run: () => Promise<T>): Promise<T> {
    while (this.archive) await this.archive;
    this.active++;
    try {
      return await run();
    } finally {
      if (--this.active === 0) for (const ok of this.idle.splice(0)) ok();
    }
  }

  /** Runs an archive's pass alone: after the passes under way, and before
   * any asked meanwhile. */
  private async alone<T>(run: () => Promise<T>): Promise<T> {
    while (this.archive) await this.archive;
    let done: () => void = () => undefined;
    this.archive = new Promise<void>((ok) => (done = ok));
    try {
      while (this.active > 0) await new Promise<void>((ok) => this.idle.push(ok));
      return await run();
    } finally {
      this.archive = null;
      done();
    }
  }

  /** The helpers, made if there are none (each opens what it is given). */
  private start(): Helper[] {
    while (this.helpers.length < this.setup.helpers) {
      this.helpers.push(new Helper(this.module, this.names, (err) => this.drop(err)));
    }
    return [...this.helpers];
  }

  /** The helpers, each holding `opened`'s database. */
  private async ready(opened: Opened): Promise<Helper[]> {
    const helpers = this.start();
    await Promise.all(helpers.map(async (h) => {
      if (h.generation === opened.generation) return;
      await h.call('open', { source: opened.source, encoding: opened.encoding, dropOld: true, primed: opened.reads });
      h.generation = opened.generation;
    }));
    return helpers;
  }

  /** Ends every helper; their calls fail with `err`. */
  private drop(err: Error): void {
    for (const h of this.helpers) {
      h.worker.terminate();
      h.fail(err);
    }
    this.helpers = [];
  }
}

/** An error of database `m` of the list of many, named. */
const named = (m: ListMember, message: string, code: string) => Object.assign(new Error(`${m.member.source.name}: ${message}`), { code });

/** What a pass made stale by a newer request fails with. */
const cancelled = () => Object.assign(new Error('a newer request was made'), { code: 'cancelled' });

/** Request `id`'s chunks, each posted to the page (its buffer moved). */
export const chunkPoster = (post: Post, id: number) => (bytes: Uint8Array<ArrayBuffer>) => post({ id, kind: 'chunk', bytes }, [bytes.buffer]);
