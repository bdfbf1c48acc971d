// How a Worker can read a File while its thread is busy (the choice behind
// www/lazy-file.ts): blocks of 8 MB of a file, each followed by WORK ms of
// busy computing (a decode), read three ways in headless Chromium:
//  - sync:   FileReaderSync, block after block;
//  - async:  Blob.arrayBuffer() of the next block started before the work;
//  - nested: a second Worker reading with FileReaderSync, two blocks ahead.
// Prints the total and the time spent waiting for bytes.
//   node scripts/bench-file-read.mjs [MB] [WORK_MS]
import { createServer } from 'node:http';
import { mkdtempSync, openSync, writeSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from './browser.mjs';

const mb = Number(process.argv[2] ?? 400);
const work = Number(process.argv[3] ?? 30);
const tmp = mkdtempSync(path.join(tmpdir(), 'cadb-read-'));
const big = path.join(tmp, 'big.bin');
const fd = openSync(big, 'w');
const chunk = Buffer.alloc(1 << 20, 7);
for (let i = 0; i < mb; i++) writeSync(fd, chunk);
closeSync(fd);

const worker = `const B = 8 << 20;
function busy(ms) { const t = performance.now(); while (performance.now() - t < ms); }
onmessage = async ({ data: { file, test, work } }) => {
  const n = Math.floor(file.size / B);
  const t0 = performance.now();
  let waitMs = 0;
  if (test === 'sync') {
    const r = new FileReaderSync();
    for (let i = 0; i < n; i++) { const a = performance.now(); r.readAsArrayBuffer(file.slice(i * B, (i + 1) * B)); waitMs += performance.now() - a; busy(work); }
  } else if (test === 'async') {
    let next = file.slice(0, B).arrayBuffer();
    for (let i = 0; i < n; i++) {
      const a = performance.now(); await next; waitMs += performance.now() - a;
      if (i + 1 < n) next = file.slice((i + 1) * B, (i + 2) * B).arrayBuffer();
      busy(work);
    }
  } else {
    const reader = new Worker('reader.js');
    const got = [];
    let wake = null;
    reader.onmessage = (m) => { got.push(m.data); wake?.(); };
    reader.postMessage({ file, B, n, depth: 2 });
    for (let i = 0; i < n; i++) {
      const a = performance.now();
      while (got.length === 0) await new Promise((ok) => (wake = ok));
      got.shift(); waitMs += performance.now() - a;
      reader.postMessage({ more: 1 });
      busy(work);
    }
    reader.terminate();
  }
  postMessage({ test, blocks: n, totalMs: Math.round(performance.now() - t0), waitMs: Math.round(waitMs) });
};`;
const reader = `let file, B, n, i = 0, credit = 0;
const r = new FileReaderSync();
function pump() { while (credit > 0 && i < n) { const buf = r.readAsArrayBuffer(file.slice(i * B, (i + 1) * B)); i++; credit--; postMessage(buf, [buf]); } }
onmessage = ({ data }) => { if (data.file) { ({ file, B, n } = data); credit = data.depth; } else credit += data.more; pump(); };`;
const page = `<input type=file id=f><script>
window.run = (test, work) => new Promise((ok) => { const w = new Worker('worker.js');
  w.onmessage = (m) => { ok(m.data); w.terminate(); }; w.postMessage({ file: document.getElementById('f').files[0], test, work }); });
</script>`;
const files = { '/': ['text/html', page], '/worker.js': ['text/javascript', worker], '/reader.js': ['text/javascript', reader] };
const server = createServer((req, res) => {
  const f = files[req.url];
  if (!f) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': f[0] }).end(f[1]);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const browser = await launchChromium();
const tab = await browser.newPage();
await tab.goto(`http://127.0.0.1:${server.address().port}/`);
await tab.setInputFiles('#f', big);
console.log(`${mb} MB in 8 MB blocks, ${work} ms of work after each:`);
for (let round = 0; round < 2; round++) {
  for (const test of ['sync', 'async', 'nested']) {
    const r = await tab.evaluate(([t, w]) => window.run(t, w), [test, work]);
    console.log(`  ${test.padEnd(6)} total ${r.totalMs} ms, waiting for bytes ${r.waitMs} ms`);
  }
}
await browser.close();
server.close();
rmSync(tmp, { recursive: true, force: true });
