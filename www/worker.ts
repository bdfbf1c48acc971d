// The decoding Worker: holds the open database and answers the page's
// requests (protocol.ts), so the page never freezes on a big database.
// An error the core reports about the input keeps its `code`; a trap
// (WebAssembly.RuntimeError) or any other failure is 'trap' or 'internal',
// on which the page replaces this Worker (worker-host.ts).

import init, { Database, encodings, loadOpenings, playLine } from '../pkg/cadb.js';
import { e2eFault, hookMessage } from './e2e-hooks.js';
import { LazyFile } from './lazy-file.js';
import type { OpenSource, Request, RequestType, Requests, Response, TextChoice } from './protocol.js';

const scope = self as unknown as {
  postMessage(message: Response, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<Request>) => void) | null;
};

let db: Database | null = null;
/** The open database's D02 when it is read from a File (openLazy). */
let d02: LazyFile | null = null;
/** The opening tree's build under way, which later requests wait for. */
let building: { db: Database; job: Promise<void> } | null = null;
let memory: WebAssembly.Memory | null = null;
const ready = init().then((wasm) => {
  memory = wasm.memory;
});

/** The opening names' table (pkg/openings.bin, a bundle asset kept out of
 * the .wasm and precached by the service worker), handed to the module once.
 * The requests that show or search names wait for it; without it (a failed
 * fetch) games, rows and tree rows simply carry no names, and a search by
 * opening is refused. */
const openings = ready.then(async () => {
  try {
    const r = await fetch(new URL('../pkg/openings.bin', import.meta.url));
    if (r.ok) loadOpenings(new Uint8Array(await r.arrayBuffer()));
  } catch {
    // No names: everything else works as before.
  }
});
const NAMED: ReadonlySet<RequestType> = new Set<RequestType>(['rows', 'game', 'openingTree', 'positionSearch', 'searchHits']);

function post(message: Response, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

function open(source: OpenSource, encoding: TextChoice | undefined): { db: Database; d02: LazyFile | null } {
  if (source.kind === 'bytes') {
    return { db: Database.open({ ...source.files, encoding }), d02: null };
  }
  const reader = new FileReaderSync();
  const whole = (f: File) => new Uint8Array(reader.readAsArrayBuffer(f));
  const { cdp, emb, d00, a02 } = source.files;
  const d02 = new LazyFile(source.files.d02);
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
  return { db, d02 };
}

/** Builds database `d`'s opening tree in steps when its D02 is read from a
 * File: each step decodes the block read before while the block after is
 * read (lazy-file.ts); between two, the progress goes to request `id`.
 * In memory, `openingTree` builds it at once. */
async function buildTree(d: Database, file: LazyFile | null, id: number): Promise<void> {
  if (!file) return;
  for (;;) {
    file.streaming = true;
    let p;
    try {
      p = d.openingTreeStep();
    } finally {
      file.streaming = false;
    }
    if (p.done === p.total) return;
    post({ id, kind: 'progress', done: p.done, total: p.total });
    await file.settle();
    if (db !== d) throw Object.assign(new Error('another database was opened'), { code: 'no-database' });
  }
}

function need(): Database {
  if (!db) throw Object.assign(new Error('no database is open'), { code: 'no-database' });
  return db;
}

/** Frees a database. Only a broken instance refuses (a trap leaves
 * wasm-bindgen's borrow flag set): what replaces it goes in all the same. */
function release(d: Database | null): void {
  try {
    d?.free();
  } catch {
    // See above.
  }
}

type Handlers = {
  [T in RequestType]: (args: Requests[T]['args'], id: number) => Requests[T]['result'] | Promise<Requests[T]['result']>;
};

const handlers: Handlers = {
  encodings: () => encodings(),
  open: ({ source, encoding, dropOld }) => {
    // The old database stays open until the new one has opened: a failed
    // open leaves the page's list working.
    if (dropOld) {
      d02?.close();
      release(db);
      db = d02 = null;
    }
    const next = open(source, encoding);
    let info;
    try {
      info = next.db.info();
    } catch (err) {
      next.d02?.close();
      release(next.db);
      throw err;
    }
    const old = db;
    d02?.close();
    ({ db, d02 } = next);
    release(old);
    return { info, wasmBytes: memory?.buffer.byteLength ?? 0 };
  },
  setEncoding: ({ encoding }) => {
    need().setEncoding(encoding);
    return need().info();
  },
  rows: ({ indices }) => need().rows(indices),
  search: ({ query }, id) => need().search(query, (done, total) => post({ id, kind: 'progress', done, total })),
  searchHits: ({ query }, id) => need().searchHits(query, (done, total) => post({ id, kind: 'progress', done, total })),
  playerCard: ({ name }) => need().playerCard(name),
  sort: ({ column, descending, subset }) => need().sort(column, descending, subset),
  game: ({ index }) => need().game(index),
  pgn: ({ index }) => need().pgn(index),
  exportPgn: ({ indices }, id) =>
    need().exportPgn(
      indices,
      (text) => post({ id, kind: 'chunk', text }),
      (done, total) => post({ id, kind: 'progress', done, total }),
    ),
  openingTree: async ({ fen }, id) => {
    const d = need();
    const job = building?.db === d ? building.job : buildTree(d, d02, id);
    building = { db: d, job };
    try {
      await job;
    } finally {
      if (building?.job === job) building = null;
    }
    return d.openingTree(fen);
  },
  positionSearch: ({ fen, variations, next }, id) =>
    need().positionSearch(fen, { variations, next }, (done, total) => post({ id, kind: 'progress', done, total })),
  diagnose: ({ maxGames }, id) =>
    need().diagnose(maxGames === null ? null : { maxGames }, (done, total) => post({ id, kind: 'progress', done, total })),
  compactness: () => need().compactness(),
  line: ({ fen, moves }) => {
    const flat = playLine(fen, moves);
    return Array.from({ length: flat.length / 3 }, (_, k) => ({ uci: flat[3 * k], san: flat[3 * k + 1], fen: flat[3 * k + 2] }));
  },
  annotate: ({ index, scores }) => need().annotate(index, scores),
};

/** The buffers of a result that move to the page rather than being copied:
 * a Uint32Array's, or those of an object's fields (SearchHits), each only
 * when the array is its buffer's alone (never the wasm memory). */
function transferable(result: unknown): Transferable[] {
  const arrays = result instanceof Uint32Array ? [result] : typeof result === 'object' && result !== null ? Object.values(result) : [];
  const own = arrays.filter((v): v is Uint32Array => v instanceof Uint32Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength);
  return [...new Set(own.map((v) => v.buffer))];
}

function codeOf(err: unknown): string {
  if (err instanceof WebAssembly.RuntimeError) return 'trap';
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'internal';
}

scope.onmessage = async (e: MessageEvent<Request>) => {
  if (__E2E_HOOKS__ && hookMessage(e.data)) return;
  const { id, type, args } = e.data;
  try {
    await ready;
    if (NAMED.has(type)) await openings;
    if (__E2E_HOOKS__) e2eFault(type);
    const handler = handlers[type] as (a: typeof args, id: number) => unknown;
    const result = await handler(args, id);
    post({ id, kind: 'result', result }, transferable(result));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    post({ id, kind: 'error', code: codeOf(err), message });
  }
};
