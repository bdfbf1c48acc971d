// A File read in pieces, synchronously, for the core's `read(file, offset,
// length)` callback (openLazy), in the decoding Worker. While a pass runs in
// steps (the opening tree: `streaming`), a big read, one of the core's
// read-ahead blocks, also starts the read of the block after it in a
// helper Worker (read-ahead.ts); between two steps `settle()` waits for it,
// and the next step's first read is served from it. So reading D02 and
// decoding it overlap. Any read the block does not cover is read at once.
//
// An open reads D02 a few hundred times (its samples), and a read of a
// File in a Worker costs about 2 ms whatever its size: the background
// Worker keeps what its open read (`recording`), and a pool helper
// opening the same database is served those bytes (`primed`) instead of
// reading them again (pool.ts).

import { readAheadStalled } from './e2e-hooks.js';

/** To the read-ahead Worker: bytes `start..end` of `file`. */
export interface AheadRequest { seq: number; file: File; start: number; end: number }
/** Back: the bytes, or why they could not be read. */
export type AheadReply = { seq: number; bytes: ArrayBuffer } | { seq: number; error: string };

/** Reads at least this long are a pass's read-ahead blocks (the core's
 * block grows 4 KB, 16, 64, 256 KB, 1, 4, then 8 MB while a pass reads on). */
const AHEAD_FROM = 1 << 20;
/** The core's largest block (`ReadCache::MAX_AHEAD`): the next read's length. */
const BLOCK = 8 << 20;
/** The next block starts at the first record that did not fit in this one,
 * rounded down to 4 KB: at most a record (32 KB) and 4 KB before this
 * block's end. The block read ahead starts that much earlier. */
const OVERLAP = 64 << 10;

interface Ahead { start: number; end: number; bytes: ArrayBuffer | null; arrived: Promise<void> }

/** Reads made, each where it starts: what an open read. */
export type Reads = { offset: number; bytes: Uint8Array<ArrayBuffer> }[];

/** Past this many bytes the reads recorded are let go: a helper reads
 * them itself (the cost is the reads' number, not their bytes). */
const RECORD_AT_MOST = 32 << 20;

export class LazyFile {
  /** Set while a pass in steps runs: big reads then read the next block ahead. */
  streaming = false;
  private readonly reader = new FileReaderSync();
  private ahead: Ahead | null = null;
  private seq = 0;
  /** Started on first use; null when no Worker can be started here. */
  private helper: Worker | null | undefined;
  private done: ((reply: AheadReply) => void) | null = null;
  /** Set while the reads made are kept (an open's); null past RECORD_AT_MOST. */
  private recording: { reads: Reads; bytes: number } | null = null;

  /** `primed`: reads made of the same file before, served from memory
   * until `unprime()`. */
  constructor(readonly file: File, private primed: Reads | null = null) {}

  /** Keeps the reads made from now on, until `recorded()`. */
  record(): void {
    this.recording = { reads: [], bytes: 0 };
  }

  /** The reads made since `record()` (null if they passed RECORD_AT_MOST);
   * no more are kept. */
  recorded(): Reads | null {
    const r = this.recording;
    this.recording = null;
    return r && r.bytes <= RECORD_AT_MOST ? r.reads : null;
  }

  /** Lets the primed reads go: what is not read yet is read from the file. */
  unprime(): void {
    this.primed = null;
  }

  /** Exactly `length` bytes at `offset`. */
  read(offset: number, length: number): Uint8Array {
    const a = this.ahead;
    const end = offset + length;
    const view = a?.bytes && offset >= a.start && end <= a.end
      ? new Uint8Array(a.bytes, offset - a.start, length)
      : this.fromPrimed(offset, end);
    const bytes: Uint8Array<ArrayBuffer> = view ?? new Uint8Array(this.reader.readAsArrayBuffer(this.file.slice(offset, end)));
    const r = this.recording;
    if (r) {
      r.bytes += length;
      // A read of its own is kept as it is (the core copies what it is
      // given, and changes nothing); a view of a bigger block is copied,
      // not to keep (or post to a helper) the whole block.
      if (r.bytes <= RECORD_AT_MOST) r.reads.push({ offset, bytes: view ? view.slice() : bytes });
    }
    if (this.streaming && length >= AHEAD_FROM && end < this.file.size) {
      this.readAhead(Math.max(0, end - OVERLAP), Math.min(this.file.size, end + BLOCK));
    }
    return bytes;
  }

  /** `offset..end` from a primed read that holds it whole. */
  private fromPrimed(offset: number, end: number): Uint8Array<ArrayBuffer> | null {
    for (const r of this.primed ?? []) {
      if (offset >= r.offset && end <= r.offset + r.bytes.length) return r.bytes.subarray(offset - r.offset, end - r.offset);
    }
    return null;
  }

  /** Resolves once the block read ahead has arrived (or failed). */
  settle(): Promise<void> {
    return this.ahead?.arrived ?? Promise.resolve();
  }

  /** Stops the helper (the database is closed, or the helper failed). A
   * step waiting for its block goes on, and reads what it needs itself. */
  close(): void {
    this.helper?.terminate();
    this.helper = null;
    this.done?.({ seq: this.seq, error: 'the read-ahead Worker was stopped' });
    this.ahead = null;
  }

  private readAhead(start: number, end: number): void {
    const helper = this.start();
    if (!helper) return;
    const seq = ++this.seq;
    let arrive!: () => void;
    const ahead: Ahead = { start, end, bytes: null, arrived: new Promise((ok) => (arrive = ok)) };
    // A reply to an older request is dropped: one block is read ahead at a time.
    this.done = (reply) => {
      if (reply.seq !== seq) return;
      if ('bytes' in reply) ahead.bytes = reply.bytes;
      else if (this.ahead === ahead) this.ahead = null;
      arrive();
    };
    this.ahead = ahead;
    if (__E2E_HOOKS__ && readAheadStalled()) return;
    helper.postMessage({ seq, file: this.file, start, end } satisfies AheadRequest);
  }

  private start(): Worker | null {
    if (this.helper !== undefined) return this.helper;
    try {
      const helper = new Worker(new URL(/* webpackChunkName: "read-ahead" */ './read-ahead.ts', import.meta.url), { type: 'module' });
      helper.onmessage = (e: MessageEvent<AheadReply>) => this.done?.(e.data);
      // A helper that cannot run (a browser without nested Workers, a
      // policy that forbids it): every read is made here, as before.
      helper.onerror = () => this.close();
      this.helper = helper;
    } catch {
      this.helper = null;
    }
    return this.helper;
  }
}
