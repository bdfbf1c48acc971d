// The service worker: keeps the viewer's files (the page, its scripts and
// styles, the wasm, the demo database, the manifest and icon) in a cache, so
// that after the first visit the viewer opens with no network at all. User
// files never pass here: they are read from File objects. offline.ts registers
// it in production builds only.

/** Put in front of this script by webpack (webpack.config.js, Precache): the
 * emitted files to keep, relative to this script, and a hash of their
 * contents, which names the cache: a new build gets a new one. */
declare const CADB_PRECACHE: { version: string; files: string[] };

// The few service-worker types used: TypeScript's DOM library, which the
// other files need and which cannot be mixed with its WebWorker one, has
// none of them.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
const sw = self as unknown as {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
};

// The scope in the name: another copy of the viewer on this origin (under
// another path) keeps its own cache.
const PREFIX = `cadb ${sw.registration.scope} `;
const CACHE = PREFIX + CADB_PRECACHE.version;
// The page is kept under its directory's URL, which every static host
// serves (some redirect /index.html there, and a redirected response cannot
// answer a navigation).
const PAGE = new URL('./', location.href).href;
const FILES = CADB_PRECACHE.files.map((f) => (f === 'index.html' ? PAGE : new URL(f, location.href).href));
const KEPT = new Set(FILES);
// The engine (engine/*: Stockfish's Worker scripts and wasm, a few MB) is
// not precached for every visitor: each file is kept as it is first
// fetched, so only someone who turned the engine on pays for it, and it
// then runs offline. Its files have a cache of their own, named by their
// bytes' hash, so a new build of the viewer with the same engine keeps
// them (else a user who updated online could lose the engine offline).
const ENGINE = new URL('engine/', sw.registration.scope).href;
const ENGINE_PREFIX = `cadb-engine ${sw.registration.scope} `;
const ENGINE_CACHE = ENGINE_PREFIX + __ENGINE_VERSION__;

sw.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Revalidated, never a stale copy from the HTTP cache: main.js and
    // worker.js keep their names from one build to the next.
    await cache.addAll(FILES.map((url) => new Request(url, { cache: 'no-cache' })));
    await sw.skipWaiting();
  })());
});

sw.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if ((key.startsWith(PREFIX) && key !== CACHE) || (key.startsWith(ENGINE_PREFIX) && key !== ENGINE_CACHE)) await caches.delete(key);
    }
    await sw.clients.claim();
  })());
});

/** The cache entry answering a request, or null: not one of ours. A
 * request's URL keeps its fragment (the Fetch standard), and the viewer's
 * address always has one once a game is shown (`#db=…&g=…`): a reload or
 * a link must not miss the cache for it. */
function keyOf(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') {
    // The page, whatever its query (bench.html?auto=1 likewise).
    url.search = '';
    if (url.href === PAGE || url.href === `${PAGE}index.html`) return PAGE;
  }
  return KEPT.has(url.href) ? url.href : null;
}

/** An engine file: from the cache, else from the network, then kept.
 * Answered as a new Response, which has no URL of its own: a Worker then
 * keeps the URL it was started with. The multi-threaded build starts its
 * threads from its own URL with a fragment saying so, and a response
 * carrying the URL without it would make each thread a whole engine. */
async function engineFile(request: Request): Promise<Response> {
  const cache = await caches.open(ENGINE_CACHE);
  const key = request.url.split('#')[0];
  let response = await cache.match(key);
  if (!response) {
    response = await fetch(request);
    if (!response.ok) return response;
    await cache.put(key, response.clone());
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

sw.addEventListener('fetch', (e) => {
  if (e.request.method === 'GET' && e.request.url.startsWith(ENGINE)) {
    e.respondWith(engineFile(e.request));
    return;
  }
  const key = keyOf(e.request);
  // Anything else goes to the network untouched (other pages of the origin
  // included).
  if (key === null) return;
  e.respondWith((async () => (await (await caches.open(CACHE)).match(key)) ?? fetch(e.request))());
});

export {};
