// The decoding Worker's lifecycle and the typed calls to it (the page's side
// of protocol.ts). A Worker whose wasm trapped, or that failed inside, is
// unusable (with panic = "abort" a trap leaves wasm-bindgen's borrow flags
// set), so it is terminated and a fresh one started; Cancel does the same on
// the user's word. Then the controller is told (`restarted`), and the
// database it reopens there is the fresh Worker's first request.

import type { Request, RequestType, Requests, Response } from './protocol.js';
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
  onChunk?: (text: string) => void;
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
  private worker: Worker;
  private next = 1;
  private pending = new Map<number, Pending>();
  private restarts = 0;
  private broken: WorkerError | null = null;

  constructor(
    /** Called with the fresh Worker in place, before the calls it kept are sent again. */
    private restarted: (cause: WorkerError) => void,
    /** Each new Worker (the end-to-end tests' hooks). */
    private started?: (worker: Worker) => void,
  ) {
    this.worker = this.start();
  }

  call<T extends RequestType>(type: T, args: Requests[T]['args'], options: CallOptions = {}): Promise<Requests[T]['result']> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      const request: Request<T> = { id, type, args };
      this.pending.set(id, { request, resolve: resolve as (v: unknown) => void, reject, ...options });
      this.worker.postMessage(request);
    });
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
    // The chunk's name, worker.js, is what its CSP header names (scripts/headers.mjs).
    const worker = new Worker(new URL(/* webpackChunkName: "worker" */ './worker.ts', import.meta.url), { type: 'module' });
    // Messages of a Worker already replaced are dropped.
    worker.onmessage = (e: MessageEvent<Response>) => worker === this.worker && this.receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      // Outside any request (the script failed to load or to run): which
      // request is to blame is unknown, so none is sent again.
      if (worker === this.worker) this.restart(new WorkerError('worker', T.errors.workerFailed(e.message)), () => true);
    };
    this.started?.(worker);
    return worker;
  }

  /** A fresh Worker for the one that failed or was cancelled. Calls
   * `blamed` and long tasks reject with `cause`; the others are sent again
   * once the controller has reopened its database there. */
  private restart(cause: WorkerError, blamed: (p: Pending) => boolean): void {
    this.worker.terminate();
    const calls = [...this.pending.values()];
    this.pending.clear();
    if (!isCancelled(cause) && ++this.restarts > MAX_RESTARTS) {
      // Not fatal itself: nothing is restarted for it, it is only shown.
      this.broken = new WorkerError('broken', T.errors.brokenWorker(MAX_RESTARTS, cause.message));
      for (const p of calls) p.reject(this.broken);
      return;
    }
    const kept = calls.filter((p) => !blamed(p) && !p.cancellable);
    for (const p of calls) if (!kept.includes(p)) p.reject(cause);
    this.worker = this.start();
    this.restarted(cause);
    for (const p of kept) {
      this.pending.set(p.request.id, p);
      this.worker.postMessage(p.request);
    }
  }

  private receive(r: Response): void {
    const p = this.pending.get(r.id);
    if (!p) return;
    switch (r.kind) {
      case 'chunk':
        p.onChunk?.(r.text);
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
