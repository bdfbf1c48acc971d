// What a database's open read from D02, kept and handed to a pool helper
// (www/lazy-file.ts): the reads recorded are the bytes read, a LazyFile
// primed with them serves the same reads without touching the file (a
// File read in a Worker costs about 2 ms), a read they do not hold whole
// goes to the file, nothing is served once unprimed, and a recording past
// its limit gives nothing (the helper then reads for itself).
//
//   node tests/ui/lazy-file.mjs COMPILED_WWW_DIR   (scripts/ui-test.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rng } from './rng.mjs';

const [dir] = process.argv.slice(2);
globalThis.__E2E_HOOKS__ = false;
const data = new Uint8Array(1 << 20).map((_, i) => (i * 131 + (i >> 9)) & 0xff);
/** Every read that reached the file, as [start, end]. */
const fileReads = [];
// A File as the Worker reads it: slice, then FileReaderSync.
globalThis.FileReaderSync = class {
  readAsArrayBuffer(blob) {
    fileReads.push([blob.start, blob.end]);
    return data.slice(blob.start, blob.end).buffer;
  }
};
const file = { size: data.length, slice: (start, end) => ({ start, end }) };
const { LazyFile } = await import(pathToFileURL(path.resolve(dir, 'lazy-file.js')).href);

const same = (bytes, offset) => assert.deepEqual([...bytes], [...data.subarray(offset, offset + bytes.length)]);
const random = rng(7);

// An open's reads, recorded: small ones at random places, and a big block.
const opened = new LazyFile(file);
opened.record();
const reads = [[0, 4096], [900_000, 100], [5000, 300_000], [524_288, 1]];
for (let k = 0; k < 40; k++) reads.push([Math.floor(random() * 1_000_000), 1 + Math.floor(random() * 8000)]);
for (const [o, n] of reads) same(opened.read(o, n), o);
const recorded = opened.recorded();
assert.equal(recorded.length, reads.length);
recorded.forEach((r, k) => {
  assert.equal(r.offset, reads[k][0]);
  same(r.bytes, r.offset);
});
// Recording stopped: later reads are not kept.
opened.read(10, 10);
assert.equal(opened.recorded(), null);

// A helper's open, primed: the same reads, and reads inside them, from memory.
fileReads.length = 0;
const helper = new LazyFile(file, recorded);
for (const [o, n] of reads) same(helper.read(o, n), o);
same(helper.read(6000, 1000), 6000);
same(helper.read(900_050, 50), 900_050);
assert.deepEqual(fileReads, [], 'a primed read went to the file');
// One that no read holds whole (across the end of one) goes to the file.
same(helper.read(4000, 200), 4000);
assert.deepEqual(fileReads, [[4000, 4200]]);
// Unprimed: every read goes to the file.
helper.unprime();
same(helper.read(0, 100), 0);
assert.deepEqual(fileReads, [[4000, 4200], [0, 100]]);

// Recorded while primed: a read served from a primed block is copied (a
// buffer of its own, not the block's); one from the file is kept as read,
// not copied again.
const both = new LazyFile(file, recorded);
both.record();
both.read(6000, 1000);
const fromFile = both.read(4000, 200);
const kept = both.recorded();
assert.equal(kept[0].bytes.buffer.byteLength, 1000, 'a view kept its whole block');
same(kept[0].bytes, 6000);
assert.equal(kept[1].bytes, fromFile, 'a read of its own was copied');

// Past the limit (32 MB), nothing is handed on.
const big = new Uint8Array(40 << 20);
const bigFile = { size: big.length, slice: (start, end) => ({ start, end }) };
const saved = globalThis.FileReaderSync;
globalThis.FileReaderSync = class {
  readAsArrayBuffer(blob) {
    return big.slice(blob.start, blob.end).buffer;
  }
};
const heavy = new LazyFile(bigFile);
heavy.record();
for (let k = 0; k < 5; k++) heavy.read(k * (8 << 20), 8 << 20);
assert.equal(heavy.recorded(), null);
globalThis.FileReaderSync = saved;
console.log('lazy-file: recorded reads serve a primed open; others go to the file');
