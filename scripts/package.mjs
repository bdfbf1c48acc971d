// Finishes the npm package that wasm-pack wrote to pkg/: adds the `exports`
// map (types + import, and the .wasm for Node), the licence file, and the
// README (docs/api.md, the JavaScript API, in place of the repository's
// README that wasm-pack copied); and types the raw wasm exports (InitOutput,
// cadb_bg.wasm.d.ts) with `unknown` where wasm-bindgen writes `any`, so the
// published types have no `any` at all. Run by scripts/build.sh after `wasm-pack build`.
import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = path.join(root, 'pkg');
const json = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));

json.exports = {
  '.': { types: './cadb.d.ts', import: './cadb.js', default: './cadb.js' },
  // For Node and other hosts that load the module bytes themselves.
  './cadb_bg.wasm': './cadb_bg.wasm',
  // The opening names' table, for loadOpenings (docs/api.md).
  './openings.bin': './openings.bin',
  './package.json': './package.json',
};
json.files = ['cadb_bg.wasm', 'cadb_bg.wasm.d.ts', 'cadb.js', 'cadb.d.ts', 'openings.bin', 'LICENSE', 'README.md'];
json.sideEffects = false;
delete json.repository; // no public repository yet
json.engines = { node: '>=18' };
writeFileSync(path.join(pkg, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
copyFileSync(path.join(root, 'LICENSE'), path.join(pkg, 'LICENSE'));

// The package's README is docs/api.md. Its links to other files of the
// repository would not resolve on npm (the package holds none of them), so
// they become their plain text; links with a scheme and code stay as they are.
const api = readFileSync(path.join(root, 'docs', 'api.md'), 'utf8');
let inCode = false;
const readme = api.split('\n').map((line) => {
  if (/^\s{0,3}(```|~~~)/.test(line)) inCode = !inCode;
  if (inCode || /^\s{0,3}(```|~~~)/.test(line)) return line;
  // Odd pieces of the split are `code spans`, left alone.
  return line.split(/(`+[^`]*`+)/).map((part, i) => (i % 2 ? part
    : part.replace(/\[((?:[^[\]]|\[[^[\]]*\])*)\]\((?![a-z][a-z0-9+.-]*:|#)[^)\s]*\)/gi, '$1'))).join('');
}).join('\n');
writeFileSync(path.join(pkg, 'README.md'), readme);

// Only the raw exports' lines (`readonly name: (a: any) => any;` in
// InitOutput, `export const name: ...` in cadb_bg.wasm.d.ts) carry `any`; the
// API's own types come from typescript_custom_section and have none.
for (const file of ['cadb.d.ts', 'cadb_bg.wasm.d.ts']) {
  const p = path.join(pkg, file);
  const text = readFileSync(p, 'utf8').replace(/^(\s*(?:readonly|export const) \w+: \(.*)$/gm,
    (line) => line.replace(/\bany\b/g, 'unknown'));
  const left = text.split('\n').filter((l) => /\bany\b/.test(l) && !/^\s*(\*|\/\/)/.test(l));
  if (left.length) throw new Error(`${file}: \`any\` left in:\n${left.join('\n')}`);
  writeFileSync(p, text);
}
console.log(`pkg/package.json: exports, files (${json.files.length})`);
