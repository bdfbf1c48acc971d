// Timing in the viewer's page for the browser benchmarks: a click, until
// an element shows, measured in the page by a MutationObserver. Waiting
// from Node with Playwright's `waitFor` would round the time up: it polls
// at growing steps, 500 ms apart after the first second (the opening tree
// of a million games was reported as 2.85, 3.36 or 3.87 s, never between).

/** Clicks `button` (a selector) and resolves with the milliseconds until an
 * element matching `shown` is in `root` (a selector). */
export function clickUntil(page, root, button, shown) {
  return page.evaluate(([root, button, shown]) => new Promise((done) => {
    const at = document.querySelector(root);
    const t = performance.now();
    new MutationObserver((_, observer) => {
      if (!at.querySelector(shown)) return;
      observer.disconnect();
      done(performance.now() - t);
    }).observe(at, { childList: true, subtree: true });
    at.querySelector(button).click();
  }), [root, button, shown]);
}
