// The viewer's HTTP response headers, in one place: webpack writes them to
// dist/_headers (Netlify / Cloudflare Pages format), the dev server sends
// them (webpack.config.js), and the end-to-end server reads dist/_headers
// back with parseHeaders (tests/e2e/viewer.mjs), so the shipped file is
// what is tested.
//
// A dedicated Worker loaded from a same-origin URL takes its policy from its
// own response, not from the page: the Worker, which parses the untrusted
// bytes and is the only one to instantiate wasm, gets its own.

/** The viewer page: scripts, its Worker and service worker from this
 * origin, the demo database fetched from it, chessground's pieces as data:
 * images, its icon (img-src 'self': Chromium checks a favicon against it)
 * and web app manifest. It instantiates no wasm. frame-ancestors works in a
 * header only (the <meta> copy in www/index.html has the rest). */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The decoding Workers: each one's script, the wasm it fetches and
 * compiles, and its read-ahead Worker (read-ahead.js, www/lazy-file.ts). */
export const WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'";

/** The read-ahead Worker reads the File it is sent, and loads nothing. */
export const READ_AHEAD_CSP = "default-src 'none'";

/** The service worker: it fetches the viewer's files into its cache, and
 * from the network what it has not got. */
export const SW_CSP = "default-src 'none'; connect-src 'self'";

/** The benchmark page runs the wasm on the page itself, and the engine's
 * Workers for their speed. */
export const BENCH_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The engine's Workers (Stockfish's lite builds, copied into engine/ by
 * webpack.config.js): each compiles its wasm, and the multi-threaded one
 * starts its threads from its own URL. The only new Workers allowed wasm. */
export const ENGINE_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'";

/** The engine's two builds, in engine/ (www/engine.ts picks one):
 * single-threaded everywhere, multi-threaded where the page is
 * cross-origin isolated (SharedArrayBuffer). */
export const ENGINE_DIR = 'engine';
export const ENGINE_BUILDS = { single: 'stockfish-19-lite-single', multi: 'stockfish-19-lite' };

/** Cross-origin isolation: the page and every Worker it starts (a Worker
 * under COEP must send it too, or it is refused) share memory between
 * threads only when isolated, which the multi-threaded engine needs.
 * Everything the viewer loads is its own origin's, so require-corp costs
 * nothing; without these the single-threaded engine runs. */
export const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** The decoding Workers' bundles (www/decoders.ts names their chunks): the
 * interactive one (the small module) and the background one. */
export const WORKER_FILES = ['worker-lite.js', 'worker.js'];

/** The read-ahead Worker's bundle (www/lazy-file.ts names its chunk). */
export const READ_AHEAD_FILE = 'read-ahead.js';

/** The service worker's bundle (an entry of webpack.config.js). */
export const SW_FILE = 'sw.js';

/** Path -> headers. Exact paths only: Cloudflare Pages joins the values of
 * every rule that matches, and two CSPs both apply. */
export const HEADERS = {
  '/': { 'Content-Security-Policy': PAGE_CSP, ...ISOLATION },
  '/index.html': { 'Content-Security-Policy': PAGE_CSP, ...ISOLATION },
  ...Object.fromEntries(WORKER_FILES.map((f) => [`/${f}`, { 'Content-Security-Policy': WORKER_CSP, ...ISOLATION }])),
  [`/${READ_AHEAD_FILE}`]: { 'Content-Security-Policy': READ_AHEAD_CSP, ...ISOLATION },
  ...Object.fromEntries(Object.values(ENGINE_BUILDS).map((b) => [`/${ENGINE_DIR}/${b}.js`, { 'Content-Security-Policy': ENGINE_CSP, ...ISOLATION }])),
  '/bench.html': { 'Content-Security-Policy': BENCH_CSP, ...ISOLATION },
  // no-cache: no HTTP cache answers an update check with an old copy, so a
  // new build is seen on the next visit (Chromium bypasses it by default).
  [`/${SW_FILE}`]: { 'Content-Security-Policy': SW_CSP, 'Cache-Control': 'no-cache' },
};

/** The _headers file's text. */
export function renderHeaders(rules = HEADERS) {
  const lines = ['# Response headers for static hosting (Netlify, Cloudflare Pages); see docs/hosting.md for nginx and Apache.'];
  for (const [at, headers] of Object.entries(rules)) {
    lines.push(at, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`));
  }
  return `${lines.join('\n')}\n`;
}

/** A _headers file read back: path -> { lower-case name: value }. */
export function parseHeaders(text) {
  const rules = {};
  let current = null;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = rules[line.trim()] = {};
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}
