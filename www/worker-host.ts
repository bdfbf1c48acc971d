// The decoding Worker's lifecycle and the typed calls to it (the page's side
// of protocol.ts). A Worker whose wasm trapped, or that failed inside, is
// unusable (with panic = "abort" a trap leaves wasm-bindgen's borrow flags
// set), so it is terminated and a fresh one started; Cancel does the same on
// the user's word. Then the controller is told (`restarted`), and the
// database it reopens there is the fresh Worker's first request.

import type { PoolSetup } from './pool.js';
import type { Request, RequestType, Requests, Response, WorkerSetup } from './protocol.js';
import { T } from './i18n/index.js';

/** An error from the Worker, with the core's code ('format', 'bad-argument',
 * ...) or one of the host's: 'trap', 'internal' and 'worker' (fatal: the
 * Worker was replaced), 'cancelled'. */
export class WorkerError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The request it answers, when one is to blame. */
    readonly request?: RequestType,
  ) {
    super(message);
  }
}

const FATAL = new Set(['trap', 'internal', 'worker']);
export const CANCELLED = 'cancelled';

export const isFatal = (err: unknown): boolean => err instanceof WorkerError && FATAL.has(err.code);
export const isCancelled = (err: unknown): boolean => err instanceof WorkerError && err.code === CANCELLED;

/** Replacements in a row with no answer in between, after which the host
 * gives up (a Worker that cannot even start would loop). */
const MAX_RESTARTS = 3;

export interface CallOptions {
  onChunk?: (bytes: Uint8Array<ArrayBuffer>) => void;
  onProgress?: (done: number, total: number) => void;
  /** A long task: Cancel stops it, and it is never sent again by itself. */
  cancellable?: boolean;
}

interface Pending extends CallOptions {
  request: Request;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

export class WorkerHost {
  /** null until `go` (a Worker started later: decoders.ts). */
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, Pending>();
  private restarts = 0;
  private broken: WorkerError | null = null;
  /** Its module, compiled by its first Worker: each one after it starts
   * from it, and downloads nothing. */
  private module: WebAssembly.Module | null = null;
  /** The opening names' table, once the page has it (null: none). */
  private openings: Uint8Array | null | undefined = undefined;
  private running!: () => void;
  /** Resolves once a Worker of this host has its module (or the host gave up). */
  readonly compiled = new Promise<void>((ok) => (this.running = ok));

  constructor(
    /** A new Worker of this host's script (a literal `new Worker(new URL(...))` for webpack). */
    private script: () => Worker,
    /** Called with the fresh Worker in place, before the calls it kept are sent again. */
    private restarted: (cause: WorkerError) => void,
    /** Each new Worker (the end-to-end tests' hooks). */
    private started?: (worker: Worker) => void,
    /** Starts its Worker at once; else at `go`, and calls made before wait for it. */
    now = true,
    /** Its module's bytes, fetched by the page (index.html preloads them):
     * the first Worker compiles them rather than fetching its own. */
    private bytes: Promise<ArrayBuffer | null> | null = null,
    /** Helper Workers its Worker may start for a whole-database pass (pool.ts). */
    private pool: PoolSetup = { helpers: 0 },
  ) {
    if (now) this.go();
  }

  /** Starts the Worker, if not yet started: the calls made so far go to it, in order. */
  go(): void {
    if (this.worker || this.broken) return;
    this.worker = this.start();
    for (const p of this.pending.values()) this.worker.postMessage(p.request);
  }

  call<T extends RequestType>(type: T, args: Requests[T]['args'], options: CallOptions = {}): Promise<Requests[T]['result']> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      const request: Request<T> = { id, type, args };
      this.pending.set(id, { request, resolve: resolve as (v: unknown) => void, reject, ...options });
      this.worker?.postMessage(request);
    });
  }

  /** Hands the opening names' table (null: none) to this Worker and to every one after it. */
  setOpenings(table: Uint8Array | null): void {
    this.openings = table;
    void this.call('loadOpenings', { table }).catch(() => undefined);
  }

  /** Whether a long task (a cancellable call) is under way. */
  busy(): boolean {
    for (const p of this.pending.values()) if (p.cancellable) return true;
    return false;
  }

  /** Stops every long task under way: they reject with 'cancelled'. */
  cancel(): void {
    if (!this.broken) this.restart(new WorkerError(CANCELLED, T.status.cancelled), () => false);
  }

  private start(): Worker {
    const worker = this.script();
    // Messages of a Worker already replaced are dropped.
    worker.onmessage = (e: MessageEvent<Response>) => worker === this.worker && this.receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      // Outside any request (the script failed to load or to run): which
      // request is to blame is unknown, so none is sent again.
      if (worker === this.worker) this.restart(new WorkerError('worker', T.errors.workerFailed(e.message)), () => true);
    };
    const setup = { module: this.module, bytes: null, openings: this.openings, pool: this.pool };
    const given = this.module ? null : this.bytes;
    this.bytes = null;
    // The requests posted meanwhile wait for it in the Worker.
    if (given) void given.then((bytes) => worker.postMessage({ setup: { ...setup, bytes } } satisfies WorkerSetup, bytes ? [bytes] : []));
    else worker.postMessage({ setup } satisfies WorkerSetup);
    this.started?.(worker);
    return worker;
  }

  /** A fresh Worker for the one that failed or was cancelled. Calls
   * `blamed` and long tasks reject with `cause`; the others are sent again
   * once the controller has reopened its database there. */
  private restart(cause: WorkerError, blamed: (p: Pending) => boolean): void {
    const was = this.worker;
    was?.terminate();
    const calls = [...this.pending.values()];
    this.pending.clear();
    if (!isCancelled(cause) && ++this.restarts > MAX_RESTARTS) {
      // Not fatal itself: nothing is restarted for it, it is only shown.
      this.broken = new WorkerError('broken', T.errors.brokenWorker(MAX_RESTARTS, cause.message));
      this.running();
      for (const p of calls) p.reject(this.broken);
      return;
    }
    const kept = calls.filter((p) => !blamed(p) && !p.cancellable);
    for (const p of calls) if (!kept.includes(p)) p.reject(cause);
    for (const p of kept) this.pending.set(p.request.id, p);
    // Not started yet: the calls kept wait for it still.
    if (!was) return;
    this.worker = this.start();
    this.restarted(cause);
    for (const p of kept) this.worker.postMessage(p.request);
  }

  private receive(r: Response): void {
    if (r.kind === 'module') {
      this.module = r.module;
      this.running();
      return;
    }
    const p = this.pending.get(r.id);
    if (!p) return;
    switch (r.kind) {
      case 'chunk':
        p.onChunk?.(r.bytes);
        return;
      case 'progress':
        p.onProgress?.(r.done, r.total);
        return;
      case 'result':
        this.restarts = 0;
        this.pending.delete(r.id);
        p.resolve(r.result);
        return;
      case 'error': {
        const err = new WorkerError(r.code, r.message, p.request.type);
        if (isFatal(err)) return this.restart(err, (q) => q === p);
        this.restarts = 0;
        this.pending.delete(r.id);
        p.reject(err);
        return;
      }
    }
  }
}
