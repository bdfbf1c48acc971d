// Faults on demand for the end-to-end tests, compiled only into their
// bundle (`if (__E2E_HOOKS__)` everywhere this is used: false in a shipped
// build, so the code is dead and removed). The page gets
// `window.cadbE2E.fault(type, fault)`, which arms the Worker to fail the next
// request of that type:
//  - 'trap': throws a WebAssembly.RuntimeError, once, and leaves the Worker
//    as a real trap leaves it: every later request fails, as wasm-bindgen's
//    borrow flags stay set after an abort;
//  - 'format': fails with code 'format' (bad input, not fatal), every time
//    until disarmed with fault null;
//  - 'hang': busy-waits (a long task that only a terminate ends), once;
//  - 'delay': answers 600 ms late, once (the page acts meanwhile).
// And `fault(any type, 'stall')` holds every block the read-ahead Worker
// reads from then on (lazy-file.ts): a pass in steps waits for its next
// block until its database is closed. Each Worker logs the requests it is
// asked (`e2eRequest`).

import type { RequestType } from './protocol.js';

export type Fault = 'trap' | 'format' | 'hang' | 'delay' | 'stall';

interface HookMessage {
  e2eHook: { type: RequestType; fault: Fault | null };
}

// ---- the page's side ----

/** Installs window.cadbE2E; returns what the Worker hosts call with each
 * Worker they start. A fault goes to both decoding Workers: only the one
 * that gets requests of its type meets it. */
export function pageHooks(): (side: string, worker: Worker) => void {
  const current = new Map<string, Worker>();
  const hooks = {
    fault(type: RequestType, fault: Fault | null) {
      const message: HookMessage = { e2eHook: { type, fault } };
      for (const worker of current.values()) worker.postMessage(message);
    },
  };
  (window as unknown as { cadbE2E: typeof hooks }).cadbE2E = hooks;
  return (side, worker) => {
    current.set(side, worker);
  };
}

// ---- the Worker's side ----

const armed = new Map<RequestType, Fault>();
let trapped = false;
let stalled = false;

/** Whether the read-ahead's blocks are held ('stall'). */
export function readAheadStalled(): boolean {
  return stalled;
}

/** Takes a hook message (true) or leaves a request alone (false). */
export function hookMessage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || !('e2eHook' in data)) return false;
  const { type, fault } = (data as HookMessage).e2eHook;
  if (fault === 'stall') stalled = true;
  else if (fault) armed.set(type, fault);
  else armed.delete(type);
  return true;
}

/** Logs a request a Worker is asked in `globalThis.cadbE2ERequests`, which
 * a test reads from each Worker (`worker.evaluate`): its type, and the
 * database it is of when it names one (a helper's share of an archive). */
export function e2eRequest(type: RequestType, args: unknown): void {
  const log = ((globalThis as unknown as { cadbE2ERequests?: string[] }).cadbE2ERequests ??= []);
  const of = (args as { source?: unknown } | null)?.source;
  log.push(typeof of === 'string' ? `${type} ${of}` : type);
}

/** Called before a request's handler: fails it if armed. */
export function e2eFault(type: RequestType): void {
  if (trapped) throw new Error('recursive use of an object detected which would lead to unsafe aliasing in rust (after the e2e hook trap)');
  const fault = armed.get(type);
  switch (fault) {
    case 'trap':
      armed.delete(type);
      trapped = true;
      throw new WebAssembly.RuntimeError('unreachable (e2e hook)');
    case 'format':
      throw Object.assign(new Error(`${type} refused (e2e hook)`), { code: 'format' });
    case 'hang':
    case 'delay': {
      const end = Date.now() + (fault === 'hang' ? 120_000 : 600);
      armed.delete(type);
      while (Date.now() < end) {
        // Busy: a hang ends only with terminate().
      }
      return;
    }
    default:
  }
}
