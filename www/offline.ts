// The service worker (sw.ts) keeps the viewer for use offline. Registered
// after the load, so that its downloads come after the page's own. Without
// it (refused, or no support) the page only lacks that: nothing to report.

export function registerOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  if (__SERVICE_WORKER__) {
    addEventListener('load', () => void navigator.serviceWorker.register('sw.js').catch(() => {}));
  } else {
    // A production build served on this origin before would keep serving
    // its own files instead of the dev server's.
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
  }
}
