// The engine in Chromium (issue 36): bench.html?engine=1 (www/bench-engine.ts)
// run on dist/ served with its shipped headers (the end-to-end harness's
// server, so the page is cross-origin isolated as deployed): nodes per
// second of each Stockfish build side by side, single-threaded lite and
// multi-threaded lite (the viewer's threads, and every core), and the time
// "Analyse game" takes over the demo's first game at the default depth.
//
//   node scripts/bench-engine-browser.mjs      (after npm run build; prints JSON)

import { test, finish } from '../tests/e2e/harness.mjs';

await test('the engine in Chromium', async (page) => {
  await page.waitForFunction(() => window.cadbEngineBench, null, { timeout: 900000, polling: 1000 });
  const result = await page.evaluate(() => ({
    isolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency, userAgent: navigator.userAgent, builds: window.cadbEngineBench,
  }));
  console.log(JSON.stringify(result, null, 1));
}, { path: '/bench.html?engine=1', serviceWorkers: 'block' });
await finish();
