// Serves $CADB_DIST on localhost, opens it in Debian's Chromium and waits
// until document.title equals argv[2] (used by scripts/test-package.sh).
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../scripts/browser.mjs';

const dist = process.env.CADB_DIST;
const want = process.argv[2];
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const file = path.join(dist, new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html'));
  if (!file.startsWith(dist) || !existsSync(file)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const browser = await launchChromium();
const page = await browser.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(`http://127.0.0.1:${server.address().port}/`);
try {
  await page.waitForFunction((t) => document.title === t, want, { timeout: 15000 });
  console.log(`page title: ${await page.title()}`);
} catch (e) {
  console.error(`title is ${JSON.stringify(await page.title())}, wanted ${JSON.stringify(want)}; errors: ${errors.join('; ')}`);
  process.exitCode = 1;
}
await browser.close();
server.close();
