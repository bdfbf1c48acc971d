// A File read in pieces, synchronously, for the core's `read(file, offset,
// length)` callback (openLazy), in the decoding Worker. While a pass runs in
// steps (the opening tree: `streaming`), a big read, one of the core's
// read-ahead blocks, also starts the read of the block after it in a
// helper Worker (read-ahead.ts); between two steps `settle()` waits for it,
// and the next step's first read is served from it. So reading D02 and
// decoding it overlap. Any read the block does not cover is read at once.

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

export class LazyFile {
  /** Set while a pass in steps runs: big reads then read the next block ahead. */
  streaming = false;
  private readonly reader = new FileReaderSync();
  private ahead: Ahead | null = null;
  private seq = 0;
  /** Started on first use; null when no Worker can be started here. */
  private helper: Worker | null | undefined;
  private done: ((reply: AheadReply) => void) | null = null;

  constructor(readonly file: File) {}

  /** Exactly `length` bytes at `offset`. */
  read(offset: number, length: number): Uint8Array {
    const a = this.ahead;
    const end = offset + length;
    const bytes = a?.bytes && offset >= a.start && end <= a.end
      ? new Uint8Array(a.bytes, offset - a.start, length)
      : new Uint8Array(this.reader.readAsArrayBuffer(this.file.slice(offset, end)));
    if (this.streaming && length >= AHEAD_FROM && end < this.file.size) {
      this.readAhead(Math.max(0, end - OVERLAP), Math.min(this.file.size, end + BLOCK));
    }
    return bytes;
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
