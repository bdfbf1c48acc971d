// The service worker (sw.ts) keeps the viewer for use offline. Registered
// once the page has shown its first game and fetched all it fetches by
// itself (main.ts: Decoders.allLoaded), so that its precache never competes
// with the first visit's downloads, and finds them in the HTTP cache
// (issue 46). Without it (refused, or no support) the page only lacks
// that: nothing to report.

export function registerOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  if (__SERVICE_WORKER__) {
    void navigator.serviceWorker.register('sw.js').catch(() => {});
  } else {
    // A production build served on this origin before would keep serving
    // its own files instead of the dev server's.
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
  }
}
