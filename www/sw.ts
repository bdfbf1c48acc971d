// The service worker: keeps the viewer's files (the page, its scripts and
// styles, the wasm, the demo database, the manifest and icon) in a cache, so
// that after the first visit the viewer opens with no network at all. User
// files never pass here: they are read from File objects. offline.ts registers
// it in production builds only.

/** Put in front of this script by webpack (webpack.config.js, Precache): the
 * emitted files to keep, relative to this script, each with the SHA-256 of
 * its bytes (hex, the first 16 digits), and a hash of all their contents,
 * which names the cache: a new build gets a new one. */
declare const CADB_PRECACHE: { version: string; files: Record<string, string> };

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
const urlOf = (f: string) => (f === 'index.html' ? PAGE : new URL(f, location.href).href);
const KEPT = new Set(Object.keys(CADB_PRECACHE.files).map(urlOf));
// The engine (engine/*: Stockfish's Worker scripts and wasm, a few MB) is
// not precached for every visitor: each file is kept as it is first
// fetched, so only someone who turned the engine on pays for it, and it
// then runs offline. Its files have a cache of their own, named by their
// bytes' hash, so a new build of the viewer with the same engine keeps
// them (else a user who updated online could lose the engine offline).
const ENGINE = new URL('engine/', sw.registration.scope).href;
const ENGINE_PREFIX = `cadb-engine ${sw.registration.scope} `;
const ENGINE_CACHE = ENGINE_PREFIX + __ENGINE_VERSION__;

/** The first 16 hex digits of the SHA-256 of `bytes`. */
async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** File `f` of this build, as a response to keep. The page registers this
 * worker once it has fetched everything a visit needs, so each file is
 * taken from the HTTP cache, even stale: a first visit fetches each once
 * (issue 46). A copy that is not this build's bytes (main.js and worker.js
 * keep their names from one build to the next, and a new build may have
 * come since the page loaded) is fetched again from the network. */
async function fetchKept(f: string, sha: string): Promise<Response> {
  const url = urlOf(f);
  for (const cache of ['force-cache', 'no-cache'] as const) {
    const response = await fetch(new Request(url, { cache }));
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (cache === 'no-cache' || (await digest(await response.clone().arrayBuffer())) === sha) return response;
  }
  throw new Error('unreachable');
}

sw.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const files = Object.entries(CADB_PRECACHE.files);
    const responses = await Promise.all(files.map(([f, sha]) => fetchKept(f, sha)));
    await Promise.all(responses.map((r, k) => cache.put(urlOf(files[k][0]), r)));
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
