// One helper Worker of the pool (pool.ts): a Worker of the background
// Worker's own script, set up with the module it compiled and the opening
// names' table it loaded, and the calls it has not answered.

import type { Request, RequestType, Requests, Response, WorkerSetup } from './protocol.js';

interface Call {
  onChunk?: (bytes: Uint8Array<ArrayBuffer>) => void;
  onProgress?: (done: number, total: number) => void;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/** One helper Worker, and the calls it has not answered. */
export class Helper {
  readonly worker: Worker;
  private next = 1;
  private calls = new Map<number, Call>();
  /** The generation of the database it holds (0: none yet). */
  generation = 0;
  /** Its share of a list of many being opened (`Pool.keeping`), which
   * passes asked meanwhile wait for. */
  keeping: { generation: number; done: Promise<void> } | null = null;

  constructor(module: WebAssembly.Module, names: Promise<Uint8Array | null>, failed: (e: Error) => void) {
    // This Worker's own script (worker.js): a `new URL('./worker.ts')`
    // here is bundled as another chunk's (webpack gave read-ahead.js).
    this.worker = new Worker(location.href, { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<Response>) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      failed(Object.assign(new Error(`a helper Worker failed: ${e.message}`), { code: 'internal' }));
    };
    // The names' table follows once the background Worker has it: a
    // helper's searches wait for it, as the background Worker's do.
    this.worker.postMessage({ setup: { module, bytes: null, openings: undefined, pool: { helpers: 0 } } } satisfies WorkerSetup);
    void names.then((table) => this.call('loadOpenings', { table })).catch(() => undefined);
  }

  call<T extends RequestType>(type: T, args: Requests[T]['args'], on: Omit<Call, 'resolve' | 'reject'> = {}): Promise<Requests[T]['result']> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { ...on, resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, type, args } satisfies Request<T>);
    });
  }

  /** Every call under way fails with `err`. */
  fail(err: Error): void {
    for (const c of this.calls.values()) c.reject(err);
    this.calls.clear();
  }

  private receive(r: Response): void {
    const c = this.calls.get(r.id);
    if (!c) return;
    switch (r.kind) {
      case 'chunk':
        return c.onChunk?.(r.bytes);
      case 'progress':
        return c.onProgress?.(r.done, r.total);
      case 'result':
        this.calls.delete(r.id);
        return c.resolve(r.result);
      case 'error':
        this.calls.delete(r.id);
        return c.reject(Object.assign(new Error(r.message), { code: r.code }));
      case 'module':
        return;
    }
  }
}
