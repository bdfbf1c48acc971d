// The page's side of the Worker protocol: typed calls that return promises.

import type { Request, RequestType, Requests, Response } from './protocol.js';

export class WorkerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  onChunk?: (text: string) => void;
  onProgress?: (done: number, total: number) => void;
}

export class Rpc {
  private worker: Worker;
  private next = 1;
  private pending = new Map<number, Pending>();

  /** `started`: told the Worker (the end-to-end tests' hooks). */
  constructor(started?: (worker: Worker) => void) {
    // The chunk's name, worker.js, is what its CSP header names (scripts/headers.mjs).
    this.worker = new Worker(new URL(/* webpackChunkName: "worker" */ './worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<Response>) => this.receive(e.data);
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new WorkerError('worker', e.message));
      this.pending.clear();
    };
    started?.(this.worker);
  }

  call<T extends RequestType>(
    type: T,
    args: Requests[T]['args'],
    stream?: { onChunk?: (text: string) => void; onProgress?: (done: number, total: number) => void },
  ): Promise<Requests[T]['result']> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, ...stream });
      const request: Request<T> = { id, type, args };
      this.worker.postMessage(request);
    });
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
        this.pending.delete(r.id);
        p.resolve(r.result);
        return;
      case 'error':
        this.pending.delete(r.id);
        p.reject(new WorkerError(r.code, r.message));
        return;
    }
  }
}
