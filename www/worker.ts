// The background decoding Worker: the long tasks, whole-database passes
// (the doctor's report, the opening tree, position searches, searches
// inside games, sorting, compactness, export, annotate), with the whole
// module (pkg: the npm package's). The page starts it after the first game
// is shown (decoders.ts), so a first visit never waits for it. The
// requests that show opening names wait for their table.

import init, { Archive, ArchiveMerge, Database, loadOpenings } from '../pkg/cadb.js';
import { LazyFile } from './lazy-file.js';
import { poolTakesArchive } from './config.js';
import { chunkPoster, ofMember, type Opened, Pool, type Progress } from './pool.js';
import { databaseHandlers, type Decoder, type Handlers, dropRead, oneDatabase, post, progressOf, serve } from './worker-core.js';
import { ARCHIVE_STEPS, type ArchiveExport, type DuplicateCount, type Failed, type Member, type RequestType } from './protocol.js';

/** This Worker's helpers (pool.ts), made at the first pass that wants them. */
let pool: Pool | null = null;
const poolOf = (w: Decoder<Database, Archive>): Pool | null => {
  if (!pool && w.module && w.pool.helpers > 0) pool = new Pool(w.module, w.pool, w.names);
  return pool;
};

/** The pool and the database it would split a pass of `games` games of
 * (default: every game) over, when it would (pool.ts `wants`); else null. */
function poolFor(w: Decoder<Database, Archive>, games?: number): { pool: Pool; opened: Opened } | null {
  // An archive's passes go a database at a time (here, or a helper each:
  // archivePool), never by stretches of D02.
  if (w.archive) return null;
  const pool = poolOf(w);
  const { opened } = w;
  return pool?.wants(opened, games ?? opened?.games ?? 0) ? { pool, opened } : null;
}

/** Throws unless `d` is still the database open: a pass's answer came
 * back after another was opened. */
function stillOpen(w: Decoder<Database, Archive>, d: Database | Archive): void {
  if ((w.archive ?? w.db) !== d) throw Object.assign(new Error('another database was opened'), { code: 'no-database' });
}

/** The lists whose duplicates were found here: each keeps the merge
 * planned (`Archive.duplicates`) for a merged export. */
const planned = new WeakSet<Archive>();

/** The opening tree's build under way, which later requests wait for. */
let building: { list: Database | Archive; job: Promise<void> } | null = null;

/** Builds the opening tree of `list` (a database, or each member of an
 * archive in turn) in steps when its D02s are read from `files`: each
 * step decodes the block read before while the block after is read
 * (lazy-file.ts); between two, the progress goes to request `id`. In
 * memory, `openingTree` builds it at once. */
async function buildTree(w: Decoder<Database, Archive>, list: Database | Archive, files: LazyFile[], id: number): Promise<void> {
  if (files.length === 0) return;
  for (;;) {
    for (const f of files) f.streaming = true;
    let p;
    try {
      p = list.openingTreeStep();
    } finally {
      for (const f of files) f.streaming = false;
    }
    if (p.done === p.total) return;
    post({ id, kind: 'progress', done: p.done, total: p.total });
    await Promise.all(files.map((f) => f.settle()));
    stillOpen(w, list);
  }
}

/** Database `member` (`k` of a whole-archive pass), opened beside the one
 * shown for `use`, then freed. One that does not open costs only itself:
 * its first reason is noted in `failed[k]`, as the pool notes it, and
 * `use` is not called (false). */
function withMember(w: Decoder<Database, Archive>, { source, encoding }: Member, k: number, failed: (string | undefined)[], use: (db: Database) => void): boolean {
  let member;
  try {
    member = w.read(source, encoding, null, false);
  } catch (err) {
    failed[k] ??= err instanceof Error ? err.message : String(err);
    return false;
  }
  try {
    use(member.db);
    return true;
  } finally {
    dropRead(member);
  }
}

/** The pool, for a whole-archive pass over `members` when it takes it
 * (config.ts `poolTakesArchive`). */
function archivePool(w: Decoder<Database, Archive>, members: Member[]): Pool | null {
  return poolTakesArchive(w.pool, members) ? poolOf(w) : null;
}

/** The pool, for a search of the open list of many when it takes it and
 * no archive's pass holds it (an export of every database: the search
 * runs here meanwhile rather than wait for it). */
function listPool(w: Decoder<Database, Archive>): Pool | null {
  const pool = archivePool(w, w.members.map(({ member }) => member));
  return pool && !pool.held ? pool : null;
}

/** A whole-archive pass's progress for request `id`: each of `count`
 * databases' fraction of pass `pass` of `passes` (done in turn here, or at
 * once on the helpers), summed into ARCHIVE_STEPS a database. */
function archiveProgress(id: number, count: number, passes: number, pass: number): Progress {
  const fractions = new Array<number>(count).fill(0);
  const report = progressOf(id);
  return {
    member: (k, f) => {
      fractions[k] = f;
      const done = fractions.reduce((a, x) => a + Math.floor(ARCHIVE_STEPS * x), 0);
      report(pass * count * ARCHIVE_STEPS + done, passes * count * ARCHIVE_STEPS);
    },
  };
}

/** The databases of `members` that did not open, in their order, from
 * the first reason each gave (`failed[k]`). */
function named(members: Member[], failed: (string | undefined)[]): Failed[] {
  return members.flatMap(({ source }, k) => (failed[k] === undefined ? [] : [{ name: source.name, why: failed[k] }]));
}

const handlers: Handlers<Database, Archive> = {
  ...databaseHandlers<Database, Archive>(),
  // A big search split between the helpers, a stretch of D02 each; an
  // archive's, a database each when they take it.
  searchHits: async ({ query, part, parts, member }, id, w) => {
    // A helper's share of an archive's search.
    if (member !== undefined) return w.keptDatabase(member).searchHits(query, progressOf(id));
    const { archive } = w;
    if (archive) {
      const pool = listPool(w);
      if (!pool) return archive.searchHits(query, progressOf(id));
      const found = await pool.archiveSearch(w.opened?.generation ?? 0, w.members, query, progressOf(id));
      stillOpen(w, archive);
      return found;
    }
    const d = w.need();
    const split = parts === undefined && poolFor(w);
    if (split) return split.pool.searchHits(split.opened, query, progressOf(id));
    return d.searchHits(query, progressOf(id), part ?? null, parts ?? null);
  },
  sort: ({ column, descending, subset }, _id, w) => w.list().sort(column, descending, subset),
  // UTF-8 chunks, each moved to the page (no copy, no UTF-16 string);
  // a big one split between the helpers.
  exportPgn: async ({ indices, source, merge, merged }, id, w) => {
    const chunk = chunkPoster(post, id);
    // A helper's share of an archive's export (pool.ts `exportArchive`).
    if (source !== undefined || merge !== undefined) {
      return w.need().exportPgnBytes(indices, chunk, progressOf(id), source ?? null, merge ?? null);
    }
    // The list of many, its copies hidden: merged as its duplicates were
    // found (found again in a Worker started since).
    const { archive } = w;
    if (archive && merged) {
      if (!planned.has(archive)) archive.duplicates();
      planned.add(archive);
      return archive.exportPgnBytes(indices, chunk, progressOf(id), true);
    }
    const d = w.list();
    const split = poolFor(w, indices?.length);
    if (split) return split.pool.exportPgn(split.opened, indices, id, post, progressOf(id));
    return d.exportPgnBytes(indices, chunk, progressOf(id));
  },
  // On the helpers, each database read by one of them, when they take it.
  exportArchive: async ({ members, merge }, id, w) => {
    const out: ArchiveExport = { databases: 0, games: 0, bytes: 0, damaged: 0, failed: [], groups: null, copies: null };
    const passes = merge ? 2 : 1;
    const plan = merge ? new ArchiveMerge() : null;
    const failed: (string | undefined)[] = [];
    try {
      const pool = archivePool(w, members);
      const reading = archiveProgress(id, members.length, passes, 0);
      const writing = archiveProgress(id, members.length, passes, passes - 1);
      if (pool) {
        if (plan) {
          await pool.readKeys(members, plan, failed, reading);
          ({ groups: out.groups, copies: out.copies } = plan.find());
        }
        await pool.exportArchive(members, plan, id, post, out, failed, writing);
      } else {
        if (plan) {
          for (const [k, member] of members.entries()) {
            if (!withMember(w, member, k, failed, (db) => plan.addDatabase(member.source.name, db, ofMember(reading, k)))) plan.addMissing(member.source.name);
            reading.member(k, 1);
          }
          ({ groups: out.groups, copies: out.copies } = plan.find());
        }
        const chunk = chunkPoster(post, id);
        for (const [k, member] of members.entries()) {
          const progress = ofMember(writing, k);
          withMember(w, member, k, failed, (db) => {
            const done = plan ? plan.exportDatabase(k, db, chunk, progress) : db.exportPgnBytes(null, chunk, progress, member.source.name);
            out.databases++;
            out.games += done.games;
            out.bytes += done.bytes;
            out.damaged += done.errors.length;
          });
          writing.member(k, 1);
        }
      }
    } finally {
      plan?.free();
    }
    out.failed = named(members, failed);
    return out;
  },
  duplicates: (_args, id, w) => {
    if (!w.archive) throw oneDatabase();
    const found = w.archive.duplicates(progressOf(id));
    planned.add(w.archive);
    return found;
  },
  countDuplicates: async ({ members }, id, w) => {
    const out: DuplicateCount = { databases: 0, games: 0, groups: 0, copies: 0, failed: [] };
    const plan = new ArchiveMerge();
    const failed: (string | undefined)[] = [];
    try {
      const pool = archivePool(w, members);
      const reading = archiveProgress(id, members.length, 1, 0);
      if (pool) out.games = await pool.readKeys(members, plan, failed, reading);
      else {
        for (const [k, member] of members.entries()) {
          const read = withMember(w, member, k, failed, (db) => {
            out.games += db.info().games;
            plan.addDatabase(member.source.name, db, ofMember(reading, k));
          });
          if (!read) plan.addMissing(member.source.name);
          reading.member(k, 1);
        }
      }
      ({ groups: out.groups, copies: out.copies } = plan.find());
    } finally {
      plan.free();
    }
    out.failed = named(members, failed);
    out.databases = members.length - out.failed.length;
    return out;
  },
  // An archive's: each member's tree, the rows summed.
  openingTree: async ({ fen }, id, w) => {
    const list = w.list();
    const files = w.archive ? w.files : w.d02 ? [w.d02] : [];
    const job = building?.list === list ? building.job : buildTree(w, list, files, id);
    building = { list, job };
    try {
      await job;
    } finally {
      if (building?.job === job) building = null;
    }
    return list.openingTree(fen);
  },
  // A big database's search split between the helpers, a stretch of D02
  // each (each helper's memo serves its stretch the next time), the next
  // moves joined here.
  positionSearch: async ({ fen, variations, next, part, parts, member }, id, w) => {
    // A helper's share of an archive's search, each hit's next move packed.
    if (member !== undefined) return w.keptDatabase(member).positionSearch(fen, { variations, part: 0, parts: 1 }, progressOf(id));
    const { archive } = w;
    if (archive && parts === undefined) {
      // An archive's: a database at a time, on the helpers when they take it.
      const pool = listPool(w);
      if (!pool) return archive.positionSearch(fen, { variations, next }, progressOf(id));
      const found = await pool.archivePositionSearch(w.opened?.generation ?? 0, w.members, fen, variations, progressOf(id));
      stillOpen(w, archive);
      const { nextMoves, ...hits } = found;
      return next ? { ...hits, next: archive.positionNext(fen, found.games, nextMoves ?? new Uint16Array(0)) } : hits;
    }
    const d = w.need();
    if (parts !== undefined) return d.positionSearch(fen, { variations, part, parts }, progressOf(id));
    const split = poolFor(w);
    if (!split) return d.positionSearch(fen, { variations, next }, progressOf(id));
    const found = await split.pool.positionSearch(split.opened, fen, variations, progressOf(id));
    stillOpen(w, d);
    const { nextMoves, ...hits } = found;
    return next ? { ...hits, next: d.positionNext(fen, found.games, nextMoves ?? new Uint16Array(0)) } : hits;
  },
  // The full check of a big database split between the helpers, a
  // stretch of D02 each, joined here.
  // An archive's: each member's report, a database at a time (here, or
  // on the helpers keeping them for a full check).
  diagnose: async ({ maxGames, member }, id, w) => {
    const options = maxGames === null ? null : { maxGames };
    if (member !== undefined) return w.keptDatabase(member).diagnose(options, progressOf(id));
    const { archive } = w;
    if (archive) {
      const pool = maxGames === null ? listPool(w) : null;
      if (!pool) return archive.diagnose(options, progressOf(id));
      const reports = await pool.archiveDiagnose(w.opened?.generation ?? 0, w.members, progressOf(id));
      stillOpen(w, archive);
      return reports.map((report, k) => ({ name: w.members[k].member.source.name, report }));
    }
    const d = w.need();
    const split = maxGames === null && poolFor(w);
    if (split) {
      const parts = await split.pool.diagnose(split.opened, progressOf(id));
      stillOpen(w, d);
      // The parts' numbers one after another.
      const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        all.set(p, at);
        at += p.length;
      }
      return d.diagnoseJoin(all);
    }
    return d.diagnose(maxGames === null ? null : { maxGames }, progressOf(id));
  },
  diagnosePart: ({ part, parts }, id, w) => w.need().diagnosePart(part, parts, progressOf(id)),
  duplicateKeys: (_args, id, w) => w.need().duplicateKeys(progressOf(id)),
  keep: ({ members }, _id, w) => w.keep(members),
  compactness: (_args, _id, w) => w.need().compactness(),
  annotate: ({ index, scores }, _id, w) => w.list().annotate(index, scores),
};

const NAMED: ReadonlySet<RequestType> = new Set<RequestType>(['openingTree', 'positionSearch', 'searchHits']);

serve({ init, Database, Archive, loadOpenings }, new URL('../pkg/cadb_bg.wasm', import.meta.url), handlers, NAMED);
