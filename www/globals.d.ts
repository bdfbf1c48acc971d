/** webpack's DefinePlugin sets it: true only in the end-to-end tests'
 * bundle (dist-e2e/), so the hooks of e2e-hooks.ts never ship. */
declare const __E2E_HOOKS__: boolean;

/** webpack's DefinePlugin sets it: true in production builds (dist/ and
 * dist-e2e/), which register the service worker (sw.ts); false under
 * `webpack serve`, where its cache would fight live reload. */
declare const __SERVICE_WORKER__: boolean;

/** webpack's DefinePlugin sets it from scripts/headers.mjs (ENGINE_BUILDS):
 * the engine's Worker script of each build, under dist/. */
declare const __ENGINE_FILES__: { single: string; multi: string };

/** webpack's DefinePlugin sets it: a hash of the engine's files, which
 * names the service worker's cache of them (sw.ts). */
declare const __ENGINE_VERSION__: string;

/** Workers only (worker.ts, lazy-file.ts, read-ahead.ts); not in
 * TypeScript's DOM library. */
declare class FileReaderSync {
  readAsArrayBuffer(blob: Blob): ArrayBuffer;
}
