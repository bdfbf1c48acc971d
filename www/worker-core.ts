// What the two decoding Workers share (issue 46 split the module in two:
// worker-lite.ts answers clicks with the interactive module, worker.ts the
// long tasks with the whole one): the open database, its setup (the
// compiled module and the opening names, both from the page), and the loop
// answering the page's requests (protocol.ts). An error the core reports
// about the input keeps its `code`; a trap (WebAssembly.RuntimeError) or
// any other failure is 'trap' or 'internal', on which the page replaces
// the Worker (worker-host.ts).

import type { Archive as LiteArchive, Database as LiteDatabase, DatabaseBytes, DbInfo, InitOutput, LazyDatabaseSource } from '../pkg-lite/cadb_lite.js';
import { poolSplits } from './config.js';
import { e2eFault, e2eRequest, hookMessage } from './e2e-hooks.js';
import { LazyFile, type Reads } from './lazy-file.js';
import type { ListMember, Opened, PoolSetup } from './pool.js';
import type { Member, OpenSource, Request, RequestType, Requests, Response, TextChoice, WorkerSetup } from './protocol.js';

const scope = self as unknown as {
  postMessage(message: Response, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<Request | WorkerSetup>) => void) | null;
};

/** What a Worker needs of its wasm package (both packages have it). */
export interface Pkg<D extends LiteDatabase, A extends LiteArchive> {
  init(module: { module_or_path: WebAssembly.Module }): Promise<Pick<InitOutput, 'memory'>>;
  Database: { open(files: DatabaseBytes): D; openLazy(src: LazyDatabaseSource): D };
  Archive: new () => A;
  loadOpenings(table: Uint8Array): number;
}

export type Handlers<D extends LiteDatabase, A extends LiteArchive> = {
  [T in RequestType]?: (args: Requests[T]['args'], id: number, w: Decoder<D, A>) => Requests[T]['result'] | Promise<Requests[T]['result']>;
};

/** An archive's DbInfo: its members' counts summed, the first's
 * signature and readings, every member's warnings after its name, and
 * each one that did not open named with why. */
function archiveInfo(infos: [string, DbInfo][], failed: string[]): DbInfo {
  const sum = (k: 'games' | 'cdpCount' | 'd00Records' | 'players' | 'events' | 'sites' | 'sources') => infos.reduce((n, [, i]) => n + i[k], 0);
  return {
    ...infos[0][1], comment: '',
    games: sum('games'), cdpCount: sum('cdpCount'), d00Records: sum('d00Records'),
    players: sum('players'), events: sum('events'), sites: sum('sites'), sources: sum('sources'),
    warnings: [...failed, ...infos.flatMap(([name, i]) => i.warnings.map((w) => `${name}: ${w}`))],
  };
}

/** Refused for an archive: what only one database at a time shows. */
export function oneDatabase(): Error {
  return Object.assign(new Error('this is shown for one database at a time: choose one in the Database menu'), { code: 'one-database' });
}

export function post(message: Response, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

/** Progress is posted at most this often (and at the end): each post
 * redraws the page, and an export of 100,000 games reports 1,700 chunks. */
const PROGRESS_MS = 100;

/** Posts `progress` of request `id`, at most every PROGRESS_MS and at the end. */
export function progressOf(id: number): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    const now = performance.now();
    if (done < total && now - last < PROGRESS_MS) return;
    last = now;
    post({ id, kind: 'progress', done, total });
  };
}

/** The Worker's open database, or its open archive (many databases as
 * one list, `Archive`: then `db` is null). */
export class Decoder<D extends LiteDatabase, A extends LiteArchive> {
  db: D | null = null;
  archive: A | null = null;
  /** The open database's D02 when it is read from a File (openLazy). */
  d02: LazyFile | null = null;
  /** The open archive's members' D02s read from Files. */
  files: LazyFile[] = [];
  /** The open archive's databases that opened, in its order: the helpers
   * open each again (pool.ts `archiveSearch`). */
  members: ListMember[] = [];
  /** A helper's share of the list of many (`keep`): null, one that did not open. */
  kept: ({ db: D; d02: LazyFile | null } | null)[] = [];
  memory: WebAssembly.Memory | null = null;
  /** The compiled module, and the helpers the page gave it (its setup). */
  module: WebAssembly.Module | null = null;
  pool: PoolSetup = { helpers: 0 };
  /** What the open database was opened from: a helper opens the same (pool.ts). */
  opened: Opened | null = null;
  /** The opening names' table once the page has said (null: none loaded),
   * for the helpers: their searches classify openings by the same names. */
  names: Promise<Uint8Array | null> = Promise.resolve(null);
  /** Opens asked for: an archive's open, between two members, gives way
   * to a newer one (the user's last choice wins). */
  private opens = 0;

  constructor(private pkg: Pkg<D, A>) {}

  /** The open database; refused for an archive (`oneDatabase`). */
  need(): D {
    if (this.archive) throw oneDatabase();
    if (!this.db) throw Object.assign(new Error('no database is open'), { code: 'no-database' });
    return this.db;
  }

  /** The open database or archive: what both answer alike (rows, a
   * search, a sort, a game, its PGN, an export). */
  list(): D | A {
    return this.archive ?? this.need();
  }

  /** Closes what is open. */
  private close(): void {
    this.d02?.close();
    for (const f of this.files) f.close();
    release(this.db);
    release(this.archive);
    this.db = this.d02 = this.archive = null;
    this.files = [];
    this.members = [];
    this.unkeep();
  }

  /** Opens each of `members` and keeps them (a pool helper's share of the
   * list of many), in place of those kept before: each one's games, or
   * why it did not open. */
  keep(members: Member[]): (number | string)[] {
    this.unkeep();
    return members.map(({ source, encoding }) => {
      let m = null;
      try {
        m = this.read(source, encoding, null, false);
        const { games } = m.db.info();
        this.kept.push(m);
        return games;
      } catch (err) {
        dropRead(m);
        this.kept.push(null);
        return err instanceof Error ? err.message : String(err);
      }
    });
  }

  /** Database `k` of those kept. */
  keptDatabase(k: number): D {
    const m = this.kept[k];
    if (!m) throw Object.assign(new Error(`no database ${k} is kept`), { code: 'bad-argument' });
    return m.db;
  }

  private unkeep(): void {
    for (const m of this.kept) dropRead(m);
    this.kept = [];
  }

  /** Opens `source`; the old database stays open until the new one has
   * opened (a failed open leaves the page's list working), unless `dropOld`. */
  open(source: OpenSource, encoding: TextChoice | undefined, dropOld: boolean | undefined, primed?: Reads | null) {
    const seq = ++this.opens;
    if (dropOld) {
      this.close();
      this.opened = null;
    }
    if (source.kind === 'archive') return this.openArchive(source, source.members, seq);
    const next = this.read(source, encoding, primed ?? null);
    let info;
    try {
      info = next.db.info();
    } catch (err) {
      dropRead(next);
      throw err;
    }
    this.close();
    ({ db: this.db, d02: this.d02 } = next);
    this.opened = {
      source,
      encoding,
      generation: (this.opened?.generation ?? 0) + 1,
      games: info.games,
      // Kept only for a database the helpers may open.
      reads: poolSplits(this.pool, source, info.games) ? next.reads : null,
    };
    return { info, wasmBytes: this.memory?.buffer.byteLength ?? 0 };
  }

  /** Opens every one of `members` as one archive: one that does not open
   * costs only itself (named in the warnings); none opening fails. Between
   * two members it lets other requests in: a newer open (open `seq` is
   * no longer the last) stops it, what it opened freed, and what was open
   * before stays. */
  private async openArchive(source: OpenSource, members: Member[], seq: number) {
    const archive = new this.pkg.Archive();
    const [files, infos, failed]: [LazyFile[], [string, DbInfo][], string[]] = [[], [], []];
    const opened: ListMember[] = [];
    for (const [k, { source: m, encoding }] of members.entries()) {
      if (k > 0) await new Promise((next) => setTimeout(next, 0));
      if (this.opens !== seq) {
        for (const f of files) f.close();
        release(archive);
        throw Object.assign(new Error('another database was opened'), { code: 'cancelled' });
      }
      let next;
      try {
        next = this.read(m, encoding, null, false);
        infos.push([m.name, next.db.info()]);
      } catch (err) {
        dropRead(next);
        failed.push(`${m.name} not opened: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      archive.add(m.name, next.db);
      opened.push({ member: members[k], games: infos[infos.length - 1][1].games });
      if (next.d02) files.push(next.d02);
    }
    if (infos.length === 0) {
      for (const f of files) f.close();
      release(archive);
      throw new Error(failed.join('; '));
    }
    this.close();
    this.archive = archive;
    this.files = files;
    this.members = opened;
    const info = archiveInfo(infos, failed);
    this.opened = { source, encoding: undefined, generation: (this.opened?.generation ?? 0) + 1, games: info.games, reads: null };
    return { info, wasmBytes: this.memory?.buffer.byteLength ?? 0 };
  }

  /** Opens `source` (read lazily from its Files), without making it the
   * database shown: an open, and each member of an archive's export. */
  read(source: OpenSource, encoding: TextChoice | undefined, primed: Reads | null, record = this.pool.helpers > 0): { db: D; d02: LazyFile | null; reads: Reads | null } {
    const { Database } = this.pkg;
    if (source.kind === 'bytes') return { db: Database.open({ ...source.files, encoding }), d02: null, reads: null };
    if (source.kind === 'archive') throw Object.assign(new Error('an archive is not a member of another'), { code: 'bad-argument' });
    const reader = new FileReaderSync();
    const whole = (f: File) => new Uint8Array(reader.readAsArrayBuffer(f));
    const { cdp, emb, d00, a02 } = source.files;
    const d02 = new LazyFile(source.files.d02, primed);
    // A Worker with helpers keeps what its open read, for theirs.
    if (record) d02.record();
    const db = Database.openLazy({
      cdp: whole(cdp),
      emb: whole(emb),
      a02: whole(a02),
      d00: whole(d00),
      d02Size: d02.file.size,
      read: (file, offset, length) =>
        file === 'd02' ? d02.read(offset, length) : new Uint8Array(reader.readAsArrayBuffer(d00.slice(offset, offset + length))),
      encoding,
    });
    d02.unprime();
    return { db, d02, reads: d02.recorded() };
  }
}

/** What both Workers answer: the requests that change the database
 * (decoders.ts sends them to both). */
export function databaseHandlers<D extends LiteDatabase, A extends LiteArchive>(): Handlers<D, A> {
  return {
    open: ({ source, encoding, dropOld, primed }, _id, w) => w.open(source, encoding, dropOld, primed),
    setEncoding: ({ encoding }, _id, w) => {
      w.need().setEncoding(encoding);
      if (w.opened) w.opened = { ...w.opened, encoding, generation: w.opened.generation + 1 };
      return w.need().info();
    },
  };
}

/** Frees a database read from Files (`Decoder.read`), its D02 closed. */
export function dropRead(m: { db: { free(): void }; d02: LazyFile | null } | null | undefined): void {
  m?.d02?.close();
  release(m?.db ?? null);
}

/** Frees a database. Only a broken instance refuses (a trap leaves
 * wasm-bindgen's borrow flag set): what replaces it goes in all the same. */
export function release(d: { free(): void } | null): void {
  try {
    d?.free();
  } catch {
    // See above.
  }
}

/** The buffers of a result that move to the page rather than being copied:
 * a Uint32Array's or a Uint8Array's, or those of an object's fields (SearchHits), each only
 * when the array is its buffer's alone (never the wasm memory). */
function transferable(result: unknown): Transferable[] {
  const array = (v: unknown): v is Uint32Array | Uint8Array => v instanceof Uint32Array || v instanceof Uint8Array;
  const arrays = array(result) ? [result] : typeof result === 'object' && result !== null ? Object.values(result) : [];
  const own = arrays.filter((v): v is Uint32Array | Uint8Array => array(v) && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength);
  return [...new Set(own.map((v) => v.buffer))];
}

function codeOf(err: unknown): string {
  if (err instanceof WebAssembly.RuntimeError) return 'trap';
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'internal';
}

/** Answers the page's requests with `handlers`, once the setup (the page's
 * first message) has compiled or brought the module (`wasm`: its URL, a
 * webpack asset) and the opening names. Requests in `named` wait for the
 * names' table (or the page's word that there is none); the others never do. */
export function serve<D extends LiteDatabase, A extends LiteArchive>(pkg: Pkg<D, A>, wasm: URL, handlers: Handlers<D, A>, named: ReadonlySet<RequestType>): void {
  const w = new Decoder(pkg);
  let setUp: (s: WorkerSetup['setup']) => void;
  const setup = new Promise<WorkerSetup['setup']>((ok) => (setUp = ok));
  let namesLoaded: (table: Uint8Array | null) => void;
  const names = (w.names = new Promise<Uint8Array | null>((ok) => (namesLoaded = ok)));
  const loadNames = (table: Uint8Array | null) => {
    try {
      if (table) pkg.loadOpenings(table);
      namesLoaded(table);
    } catch {
      // No names: everything else works as before.
      namesLoaded(null);
    }
  };
  const ready = setup.then(async ({ module, bytes, openings, pool }) => {
    // Compiled here once a visit: the page hands it to the Worker that
    // replaces this one, which then fetches nothing. Its name is its
    // content's hash, so any copy in the HTTP cache is the right one.
    const compiled = module ?? (bytes
      ? await WebAssembly.compile(bytes)
      : await WebAssembly.compileStreaming(fetch(wasm, { cache: 'force-cache' })));
    w.memory = (await pkg.init({ module_or_path: compiled })).memory;
    w.module = compiled;
    w.pool = pool ?? { helpers: 0 };
    if (!module) post({ id: 0, kind: 'module', module: compiled });
    if (openings !== undefined) loadNames(openings);
  });
  // The names' table, when it comes after the setup: a request like any other.
  const all: Handlers<D, A> = { ...handlers, loadOpenings: ({ table }) => {
    loadNames(table);
    return null;
  } };

  // The open under way (an archive's lets other requests in between two
  // members): a request that came after it waits for it, as it is of the
  // database being opened; a newer open does not wait (it stops it).
  let opening: Promise<unknown> = Promise.resolve();
  scope.onmessage = async (e: MessageEvent<Request | WorkerSetup>) => {
    if (__E2E_HOOKS__ && hookMessage(e.data)) return;
    if ('setup' in e.data) return setUp(e.data.setup);
    const { id, type, args } = e.data;
    try {
      await ready;
      if (named.has(type)) await names;
      if (__E2E_HOOKS__) e2eRequest(type, args);
      if (__E2E_HOOKS__) e2eFault(type);
      const handler = all[type];
      if (!handler) throw Object.assign(new Error(`${type} is not answered by this Worker`), { code: 'internal' });
      if (type !== 'open') await opening;
      const answer = (handler as (a: typeof args, id: number, w: Decoder<D, A>) => unknown)(args, id, w);
      if (type === 'open') opening = Promise.resolve(answer).catch(() => undefined);
      const result = await answer;
      post({ id, kind: 'result', result }, transferable(result));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      post({ id, kind: 'error', code: codeOf(err), message });
    }
  };
}
