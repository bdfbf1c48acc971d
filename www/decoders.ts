// The page's two decoding Workers, each with its own Database over the same
// files, so that a long task never delays a click. The foreground Worker
// answers what the user waits for: rows, a game, its PGN, a header search,
// a player's card. The background Worker runs the long tasks: the doctor's
// report, the opening tree, position searches, sorting, compactness and
// export. Each Worker answers in order, so a game asked for while the tree
// builds waits only for the games asked before it (docs/history/benchmarks.md §16).

import type { Requests, RequestType } from './protocol.js';
import { type CallOptions, type WorkerError, WorkerHost } from './worker-host.js';

export type Side = 'fg' | 'bg';

/** What a Decoders needs of a Worker's host (worker-host.ts; the
 * interleaving tests give a fake one). */
export type Host = Pick<WorkerHost, 'call' | 'busy' | 'cancel'>;

/** Where each request runs. 'both' changes the database, so each Worker
 * gets it, the background's only after the foreground's succeeded. */
const ROUTE: Record<RequestType, Side | 'both'> = {
  encodings: 'fg',
  open: 'both',
  setEncoding: 'both',
  rows: 'fg',
  game: 'fg',
  pgn: 'fg',
  search: 'fg',
  playerCard: 'fg',
  diagnose: 'bg',
  openingTree: 'bg',
  positionSearch: 'bg',
  searchHits: 'bg',
  sort: 'bg',
  compactness: 'bg',
  exportPgn: 'bg',
  line: 'fg',
  annotate: 'fg',
};

export class Decoders {
  private hosts: Record<Side, Host>;

  constructor(
    /** A host replaced its Worker (worker-host.ts): the database goes into the fresh one. */
    restarted: (side: Side, cause: WorkerError) => void,
    /** Each new Worker (the end-to-end tests' hooks). */
    started?: (side: Side, worker: Worker) => void,
    /** Makes the host of each side: a Worker's, unless a test gives another. */
    host: (side: Side) => Host = (side) => new WorkerHost((cause) => restarted(side, cause), started && ((w) => started(side, w))),
  ) {
    this.hosts = { fg: host('fg'), bg: host('bg') };
  }

  /** Request `type`, in the Worker it belongs to. A request for both
   * answers with the foreground's result; the background's failure is left
   * to its own requests, which then fail with the code it gives. `forward`
   * (both only): whether the background gets it once the foreground has
   * answered; an open the user has since replaced does not go there, so
   * the background keeps the database shown until the newest one opens
   * (else its answers meanwhile would be of the replaced one). */
  call<T extends RequestType>(type: T, args: Requests[T]['args'], options: CallOptions & { forward?: () => boolean } = {}): Promise<Requests[T]['result']> {
    const { forward, ...call } = options;
    const route: Side | 'both' = ROUTE[type];
    if (route !== 'both') return this.hosts[route].call(type, args, call);
    return this.hosts.fg.call(type, args, call).then((result) => {
      if (forward && !forward()) return result;
      // Sent before the caller goes on, so it precedes every background request that follows.
      // A background that fails to open has no database, never the one before.
      const bgArgs = type === 'open' ? { ...args, dropOld: true } : args;
      this.hosts.bg.call(type, bgArgs).catch(() => undefined);
      return result;
    });
  }

  /** Request `type` in the Worker of `side` only (a reopen after a restart). */
  callIn<T extends RequestType>(side: Side, type: T, args: Requests[T]['args']): Promise<Requests[T]['result']> {
    return this.hosts[side].call(type, args);
  }

  /** Stops every long task under way: each Worker running one is replaced. */
  cancel(): void {
    for (const host of Object.values(this.hosts)) if (host.busy()) host.cancel();
  }
}
