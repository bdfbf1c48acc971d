// Files grouped into databases in the page (www/files.ts, issue 47), in
// Node on the compiled www/: the rule src/archive/group.rs states, with
// expected names and order written out by hand.
//
//   node tests/ui/files.mjs COMPILED_WWW_DIR   (scripts/ui-test.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir] = process.argv.slice(2);
const { groupFiles } = await import(pathToFileURL(path.resolve(dir, 'files.js')).href);

const PARTS = ['CDP', 'EMB', 'D00', 'A02', 'D02'];
/** The five files of `stem` in `folder` (`ext`: how each extension is spelled). */
const set = (folder, stem, ext = (p) => p) => PARTS.map((p) => ({ file: new File([], `${stem}.${ext(p)}`), folder }));
const names = (g) => g.complete.map((s) => s.name);

// Stems and extensions without regard to case; unrelated files ignored.
let g = groupFiles([...set('', 'Games', (p) => p.toLowerCase()).map((f, k) => (k === 2 ? { ...f, file: new File([], 'GAMES.D00') } : f)),
  { file: new File([], 'README.TXT'), folder: '' }]);
assert.deepEqual(names(g), ['Games']);
assert.deepEqual(g.problems, []);
assert.equal(g.complete[0].files.d00.name, 'GAMES.D00');

// The archive's order: by folder, then stem, without regard to case.
g = groupFiles([...set('b', 'ZED'), ...set('a', 'mid'), ...set('a', 'Alpha'), ...set('', 'top')]);
assert.deepEqual(names(g), ['top', 'Alpha', 'mid', 'ZED']);
assert.deepEqual(g.complete.map((s) => s.folder), ['', 'a', 'a', 'b']);

// The same stem in two folders: two databases, each named by its folder;
// a stem in one folder only keeps its plain name.
g = groupFiles([...set('2001', 'GAMES'), ...set('1998', 'games'), ...set('1998', 'ECO')]);
assert.deepEqual(names(g), ['ECO', '1998/games', '2001/GAMES']);

// A set that lacks a part names it (upper case for an upper-case stem);
// the others open.
g = groupFiles([...set('', 'FULL'), ...set('', 'HALF').filter((f) => !f.file.name.endsWith('.A02')), ...set('', 'low', (p) => p.toLowerCase()).slice(0, 3)]);
assert.deepEqual(names(g), ['FULL']);
assert.deepEqual(g.problems, ['HALF.A02 is missing', 'low.a02, low.d02 are missing']);

// A part given twice (A.cdp and A.CDP on a case-sensitive disk): which is
// meant is unknown, so the set is no database, and says so.
g = groupFiles([...set('', 'TWICE'), { file: new File([], 'twice.cdp'), folder: '' }, ...set('', 'OK')]);
assert.deepEqual(names(g), ['OK']);
assert.deepEqual(g.problems, ['TWICE.CDP was given twice (which is meant is unknown)']);

console.log('files: grouping into databases ok');
