// The decoding Worker: holds the open database and answers the page's
// requests (protocol.ts), so the page never freezes on a big database.

import init, { Database, ecoString, gameTypeName, outcomeSymbol } from '../pkg/cadb.js';
import type { Encoding, NameTables } from '../pkg/cadb.js';
import type { OpenSource, Request, RequestType, Requests, Response } from './protocol.js';
import type { Row } from './state.js';

// FileReaderSync exists in workers only (not in TypeScript's DOM library).
declare class FileReaderSync {
  readAsArrayBuffer(blob: Blob): ArrayBuffer;
}

const scope = self as unknown as {
  postMessage(message: Response, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<Request>) => void) | null;
};

let db: Database | null = null;
let names: NameTables | null = null;
let memory: WebAssembly.Memory | null = null;
const ready = init().then((wasm) => {
  memory = wasm.memory;
});

function post(message: Response, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

function open(source: OpenSource, encoding: Encoding): Database {
  if (source.kind === 'bytes') {
    return Database.open({ ...source.files, encoding });
  }
  const reader = new FileReaderSync();
  const whole = (f: File) => new Uint8Array(reader.readAsArrayBuffer(f));
  const { cdp, emb, d00, a02, d02 } = source.files;
  return Database.openLazy({
    cdp: whole(cdp),
    emb: whole(emb),
    a02: whole(a02),
    d00: whole(d00),
    d02Size: d02.size,
    read: (file, offset, length) => {
      const f = file === 'd02' ? d02 : d00;
      return new Uint8Array(reader.readAsArrayBuffer(f.slice(offset, offset + length)));
    },
    encoding,
  });
}

function need(): Database {
  if (!db) throw Object.assign(new Error('no database is open'), { code: 'no-database' });
  return db;
}

function date(y: number, m: number, d: number): string {
  if (!y) return '';
  const two = (n: number) => (n ? String(n).padStart(2, '0') : '??');
  return `${y}.${two(m)}.${two(d)}`;
}

const RESULTS = ['*', '1-0', '0-1', '½-½'];

function rows(indices: number[]): Row[] {
  const d = need();
  const n = names ?? (names = d.names());
  const out: Row[] = [];
  for (const index of indices) {
    const h = d.headers(index, 1);
    if (h.count === 0) continue;
    const elo = (e: number) => (e ? String(e) : '');
    const assessment = outcomeSymbol(h.outcome[0]);
    out.push({
      index,
      white: n.players[h.white[0]] ?? '',
      whiteElo: elo(h.whiteElo[0]),
      black: n.players[h.black[0]] ?? '',
      blackElo: elo(h.blackElo[0]),
      result: assessment ? `* ${assessment}` : RESULTS[h.result[0]],
      date: date(h.year[0], h.month[0], h.day[0]),
      event: n.events[h.event[0]] ?? '',
      site: n.sites[h.site[0]] ?? '',
      round: h.round2[0] ? String(h.round2[0] / 2) : '',
      eco: ecoString(h.eco[0]),
      annotator: n.players[h.annotator[0]] ?? '',
      source: n.sources[h.source[0]] ?? '',
      gameType: gameTypeName(h.gameType[0]),
      plies: String(d.plies(index, 1)[0]),
    });
  }
  return out;
}

type Handlers = { [T in RequestType]: (args: Requests[T]['args'], id: number) => Requests[T]['result'] };

const handlers: Handlers = {
  open: ({ source, encoding }) => {
    db?.free();
    db = null;
    names = null;
    db = open(source, encoding);
    return { info: db.info(), wasmBytes: memory?.buffer.byteLength ?? 0 };
  },
  setEncoding: ({ encoding }) => {
    need().setEncoding(encoding);
    names = null;
    return need().info();
  },
  rows: ({ indices }) => rows(indices),
  search: ({ query }) => need().search(query),
  sort: ({ column, descending, subset }) => need().sort(column, descending, subset),
  game: ({ index }) => need().game(index),
  pgn: ({ index }) => need().pgn(index),
  exportPgn: ({ indices }, id) =>
    need().exportPgn(
      indices,
      (text) => post({ id, kind: 'chunk', text }),
      (done, total) => post({ id, kind: 'progress', done, total }),
    ),
  openingTree: ({ fen }) => need().openingTree(fen),
  compactness: () => need().compactness(),
};

scope.onmessage = async (e: MessageEvent<Request>) => {
  const { id, type, args } = e.data;
  try {
    await ready;
    const handler = handlers[type] as (a: typeof args, id: number) => unknown;
    const result = handler(args, id);
    post({ id, kind: 'result', result }, result instanceof Uint32Array ? [result.buffer] : []);
  } catch (err) {
    const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'internal';
    const message = err instanceof Error ? err.message : String(err);
    post({ id, kind: 'error', code, message });
  }
};
