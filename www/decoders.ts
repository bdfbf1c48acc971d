// The page's two decoding Workers, each with its own Database over the same
// files, so that a long task never delays a click. The foreground Worker
// answers what the user waits for: rows, a game, its PGN, a header search,
// a player's card (worker-lite.ts, the small module). The background Worker
// runs the long tasks: the doctor's report, the opening tree, position
// searches, searches inside games, sorting, compactness, export, annotate
// (worker.ts, the whole module). Each Worker answers in order, so a game
// asked for while the tree builds waits only for the games asked before it
// (docs/history/benchmarks.md §16).
//
// A first visit downloads only the foreground's module before its first
// game (issue 46): the background Worker starts, and the opening names'
// table is fetched, at `startBackground`, which the page calls once its
// first game is shown, or at the first long task asked for (a link's
// search of the moves, say, which the game shown waits for); the other
// requests for it (the doctor's sample on opening) wait until then.

import type { PoolSetup } from './pool.js';
import type { Requests, RequestType } from './protocol.js';
import { type CallOptions, type WorkerError, WorkerHost } from './worker-host.js';

export type Side = 'fg' | 'bg';

/** What a Decoders needs of a Worker's host (worker-host.ts; the
 * interleaving tests give a fake one). */
export type Host = Pick<WorkerHost, 'call' | 'busy' | 'cancel' | 'go' | 'setOpenings' | 'compiled'>;

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
  diagnosePart: 'bg',
  openingTree: 'bg',
  positionSearch: 'bg',
  searchHits: 'bg',
  sort: 'bg',
  compactness: 'bg',
  exportPgn: 'bg',
  exportArchive: 'bg',
  countDuplicates: 'bg',
  duplicateKeys: 'bg',
  keep: 'bg',
  duplicates: 'bg',
  line: 'fg',
  annotate: 'bg',
  // Sent to each host by startBackground, never through `call`.
  loadOpenings: 'both',
};

/** Each side's Worker: literal URLs, so that webpack bundles each script
 * (worker-lite.js and worker.js, the names their CSP headers give). */
const SCRIPTS: Record<Side, () => Worker> = {
  fg: () => new Worker(new URL(/* webpackChunkName: "worker-lite" */ './worker-lite.ts', import.meta.url), { type: 'module' }),
  bg: () => new Worker(new URL(/* webpackChunkName: "worker" */ './worker.ts', import.meta.url), { type: 'module' }),
};

/** A file of the bundle's, or null when it cannot be had. */
async function fetchBytes(url: URL): Promise<ArrayBuffer | null> {
  try {
    const r = await fetch(url);
    return r.ok ? await r.arrayBuffer() : null;
  } catch {
    return null;
  }
}

/** The interactive module's bytes, which index.html preloads (the same
 * URL: this fetch takes the preload's response, and the Worker compiles
 * them); null: the Worker then fetches them itself. */
const fetchLite = () => fetchBytes(new URL('../pkg-lite/cadb_lite_bg.wasm', import.meta.url));

/** The opening names' table: a bundle asset kept out of the .wasm, fetched
 * once a visit (precached by the service worker); null when it cannot be:
 * games, rows and tree rows then carry no names, and a search by opening
 * is refused. */
const fetchOpenings = async () => {
  const bytes = await fetchBytes(new URL('../pkg/openings.bin', import.meta.url));
  return bytes && new Uint8Array(bytes);
};

/** The background Worker's helpers for whole-database passes (pool.ts):
 * one a core, up to 8, fewer where the device says it has little memory
 * (each holds its own database, and up to 96 MB of records while an
 * export reads them out of game order), none on one core. `?helpers=N`
 * in the page's address sets their number and splits every pass, even a
 * small one (0: the background Worker alone), for tests and comparisons. */
function poolSetup(): PoolSetup {
  const asked = Number(new URLSearchParams(location.search).get('helpers') ?? NaN);
  if (Number.isInteger(asked) && asked >= 0) return { helpers: Math.min(asked, 8), from: 1 };
  const cores = navigator.hardwareConcurrency || 1;
  const memory = (navigator as { deviceMemory?: number }).deviceMemory ?? 8;
  const helpers = Math.min(cores, 8, Math.floor(memory / 2));
  return { helpers: helpers >= 2 ? helpers : 0 };
}

export class Decoders {
  private hosts: Record<Side, Host>;
  private background = false;
  private loaded!: () => void;
  /** Resolves once the background Worker has its module and the opening
   * names are in: all a visit downloads unasked (offline.ts then
   * registers the service worker, which finds it all in the HTTP cache). */
  readonly allLoaded = new Promise<void>((ok) => (this.loaded = ok));

  constructor(
    /** A host replaced its Worker (worker-host.ts): the database goes into the fresh one. */
    restarted: (side: Side, cause: WorkerError) => void,
    private options: {
      /** Each new Worker (the end-to-end tests' hooks). */
      started?: (side: Side, worker: Worker) => void;
      /** The opening names have reached the Workers (false: there are
       * none): rows and games asked from now on carry them. */
      namesLoaded?: (loaded: boolean) => void;
      /** Makes the host of each side: a Worker's, unless a test gives another. */
      host?: (side: Side) => Host;
      /** The opening names' table (fetchOpenings, unless a test gives another). */
      names?: () => Promise<Uint8Array | null>;
    } = {},
  ) {
    const { started } = options;
    // The interactive Worker starts now, with the module index.html
    // preloads; the background one at startBackground.
    const host = options.host ?? ((side: Side) => side === 'fg'
      ? new WorkerHost(SCRIPTS.fg, (cause) => restarted('fg', cause), started && ((w) => started('fg', w)), true, fetchLite())
      : new WorkerHost(SCRIPTS.bg, (cause) => restarted('bg', cause), started && ((w) => started('bg', w)), false, null, poolSetup()));
    this.hosts = { fg: host('fg'), bg: host('bg') };
  }

  /** Starts the background Worker and fetches the opening names, once;
   * called when the first game is shown (or none can be). */
  startBackground(): void {
    if (this.background) return;
    this.background = true;
    this.hosts.bg.go();
    const names = (this.options.names ?? fetchOpenings)().then((table) => {
      for (const host of Object.values(this.hosts)) host.setOpenings(table);
      this.options.namesLoaded?.(table !== null);
    });
    void Promise.all([names, this.hosts.bg.compiled]).then(this.loaded);
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
    // A long task is asked for (a user's, or a link's, which the first
    // game may wait for): the background starts now.
    if (route === 'bg' && call.cancellable) this.startBackground();
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
