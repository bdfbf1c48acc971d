#!/usr/bin/env node
// No circles between files: reads every src/**/*.rs, finds which other
// files each one uses, and fails on a cycle, naming the edges that make it.
//
// A file uses another when it names an item of it by path: `use crate::…`,
// `use super::…`, `use self::…`, `use child::…`, or `crate::x::`,
// `super::x::`, `self::x::` in code. A path is followed to the file that
// defines the item, through `use` and `pub use` lines on the way (a
// `mod.rs`'s re-exports are not its own items). Left out: `mod x;`
// declarations, `pub use` lines themselves (a re-export is not a use),
// `#[cfg(test)]` modules (inline or in their own file), comments and
// strings. Method calls are not paths, so an `impl Database` in another
// file is an edge to the file that defines `Database`, never back.
//
// Usage: node scripts/file-cycles.mjs [--edges] [root]
// (`--edges` prints every edge; root defaults to the repository.)

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

// Cycles tolerated for now, each a sorted list of files joined by ' ';
// every entry says why. Keep it empty if at all possible.
const ALLOWED = new Set([]);

const args = process.argv.slice(2);
const printEdges = args.includes('--edges');
const root = args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.rs') ? [p] : [];
  });
}

// Comments and string/char literals become spaces (newlines kept, so
// offsets still give line numbers).
function strip(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const j = end < 0 ? n : end;
      out += blank(text.slice(i, j));
      i = j;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') { depth++; j += 2; }
        else if (text[j] === '*' && text[j + 1] === '/') { depth--; j += 2; }
        else j++;
      }
      out += blank(text.slice(i, j));
      i = j;
    } else if ((c === 'r' || (c === 'b' && next === 'r')) && /^b?r#*"/.test(text.slice(i, i + 10)) && !/\w/.test(text[i - 1] ?? '')) {
      const m = /^b?r(#*)"/.exec(text.slice(i));
      const close = '"' + m[1];
      const end = text.indexOf(close, i + m[0].length);
      const j = end < 0 ? n : end + close.length;
      out += blank(text.slice(i, j));
      i = j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += blank(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === "'") {
      // A char literal ('a', '\n', '\u{..}'), else a lifetime.
      const m = /^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'/.exec(text.slice(i));
      if (m) { out += blank(m[0]); i += m[0].length; } else { out += c; i++; }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// The end of the brace block that opens at or after `from`.
function blockEnd(text, from) {
  let i = text.indexOf('{', from);
  let depth = 0;
  for (; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

const TEST_MOD = /#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])/g;

// Removes inline #[cfg(test)] modules; returns the names of test modules
// declared `mod x;` (their files are left out).
function dropTests(text) {
  const testFiles = [];
  let out = text;
  for (;;) {
    TEST_MOD.lastIndex = 0;
    const m = TEST_MOD.exec(out);
    if (!m) break;
    const end = m[2] === ';' ? m.index + m[0].length : blockEnd(out, m.index);
    if (m[2] === ';') testFiles.push(m[1]);
    out = out.slice(0, m.index) + out.slice(m.index, end).replace(/[^\n]/g, ' ') + out.slice(end);
  }
  return { text: out, testFiles };
}

// `a::{b, c::{d, self}}` → [['a','b'], ['a','c','d'], ['a','c']]
function expandUse(tree) {
  tree = tree.replace(/\s+as\s+/g, '@').replace(/\s+/g, '');
  const out = [];
  const go = (prefix, s) => {
    let depth = 0;
    let start = 0;
    const parts = [];
    for (let i = 0; i <= s.length; i++) {
      const ch = s[i];
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      else if ((ch === ',' || i === s.length) && depth === 0) { parts.push(s.slice(start, i)); start = i + 1; }
    }
    for (const part of parts) {
      if (!part) continue;
      const brace = part.indexOf('{');
      if (brace >= 0) {
        const head = part.slice(0, brace).replace(/::$/, '');
        go([...prefix, ...(head ? head.split('::') : [])], part.slice(brace + 1, part.lastIndexOf('}')));
      } else {
        const [path, alias] = part.split('@');
        const segs = path.split('::').filter(Boolean);
        if (segs[segs.length - 1] === 'self') segs.pop();
        const all = [...prefix, ...segs];
        out.push({ segs: all, name: alias ?? all[all.length - 1] });
      }
    }
  };
  go([], tree);
  return out;
}

// Modules: key "crate:a::b" → { file, crate, path, uses, imports, defines }.
const modules = new Map();
const files = walk(src).sort();
const crateOf = (rel) => {
  const m = /^bin\/([^/]+)(\/|\.rs$)/.exec(rel);
  return m ? `bin:${m[1]}` : 'lib';
};
function modPathOf(rel) {
  const crate = crateOf(rel);
  let parts = rel.replace(/\.rs$/, '').split('/');
  if (crate !== 'lib') parts = parts.slice(2); // bin/<name>/…
  if (['mod', 'lib', 'main'].includes(parts[parts.length - 1])) parts.pop();
  if (crate !== 'lib' && rel.endsWith('.rs') && /^bin\/[^/]+\.rs$/.test(rel)) parts = [];
  return { crate, path: parts };
}
const key = (crate, path) => `${crate}:${path.join('::')}`;

const testFiles = new Set();
for (const file of files) {
  const rel = relative(src, file);
  const { crate, path } = modPathOf(rel);
  const { text, testFiles: tests } = dropTests(strip(readFileSync(file, 'utf8')));
  const isModRoot = /(^|\/)(mod|lib|main)\.rs$/.test(rel) || /^bin\/[^/]+\.rs$/.test(rel);
  const childDir = isModRoot ? dirname(file) : join(dirname(file), basename(file, '.rs'));
  for (const t of tests) {
    testFiles.add(join(childDir, `${t}.rs`));
    testFiles.add(join(childDir, t, 'mod.rs'));
  }
  modules.set(key(crate, path), { file: rel, crate, path, text, uses: [], imports: new Map(), globs: [] });
}
for (const t of testFiles) {
  const rel = relative(src, t);
  for (const [k, m] of modules) if (m.file === rel || m.file.startsWith(rel.replace(/mod\.rs$/, ''))) {
    if (m.file === rel || (rel.endsWith('mod.rs') && m.file.startsWith(dirname(rel) + '/'))) modules.delete(k);
  }
}

const lineOf = (text, at) => text.slice(0, at).split('\n').length;
const EXTERNAL = new Set(['alloc', 'core', 'std']);

for (const m of modules.values()) {
  let rest = m.text;
  const USE = /(^|[;{}\s])((?:pub(?:\s*\([^)]*\))?\s+)?)use\s+([^;]+);/g;
  for (const u of m.text.matchAll(USE)) {
    const at = u.index + u[1].length;
    rest = rest.slice(0, at) + ' '.repeat(u[0].length - u[1].length) + rest.slice(at + u[0].length - u[1].length);
    const reexport = u[2].trim() !== '';
    for (const { segs, name } of expandUse(u[3])) {
      if (name === '*') m.globs.push(segs.slice(0, -1));
      else m.imports.set(name, segs);
      if (!reexport) m.uses.push({ segs, line: lineOf(m.text, at), how: `use ${segs.join('::')}` });
    }
  }
  for (const p of rest.matchAll(/\b(crate|super|self)((?:\s*::\s*\w+)+)/g)) {
    const segs = [p[1], ...p[2].split('::').map((s) => s.trim()).filter(Boolean)];
    m.uses.push({ segs, line: lineOf(m.text, p.index), how: segs.join('::') });
  }
}

const defines = (m, name) =>
  new RegExp(`\\b(fn|struct|enum|trait|union|const|static|type|mod|macro_rules!)\\s+${name}\\b`).test(m.text);

// The file (module) that defines what `segs` names, seen from module `m`;
// null for another crate.
function resolve(m, segs, seen = new Set()) {
  const tag = `${m.file}|${segs.join('::')}`;
  if (seen.has(tag)) return null;
  seen.add(tag);
  let path;
  let i;
  if (segs[0] === 'crate') { path = []; i = 1; }
  else if (segs[0] === 'self') { path = [...m.path]; i = 1; }
  else if (segs[0] === 'super') {
    path = [...m.path];
    i = 0;
    while (segs[i] === 'super') { path.pop(); i++; }
  } else if (modules.has(key(m.crate, [...m.path, segs[0]]))) { path = [...m.path]; i = 0; }
  else if (m.imports.has(segs[0]) && !EXTERNAL.has(segs[0])) {
    return resolve(m, [...m.imports.get(segs[0]), ...segs.slice(1)], seen);
  } else return null;
  while (i < segs.length && modules.has(key(m.crate, [...path, segs[i]]))) path.push(segs[i++]);
  const target = modules.get(key(m.crate, path));
  if (!target) return null;
  if (i >= segs.length || segs[i] === '*') return target;
  const item = segs[i];
  if (target.imports.has(item) && !defines(target, item)) {
    return resolve(target, [...target.imports.get(item), ...segs.slice(i + 1)], seen);
  }
  if (!defines(target, item)) {
    for (const g of target.globs) {
      const via = resolve(target, [...g, item], seen);
      if (via && via !== target) return via;
    }
  }
  return target;
}

// Edges: from file → to file → evidence.
const edges = new Map();
for (const m of modules.values()) {
  for (const u of m.uses) {
    const t = resolve(m, u.segs);
    if (!t || t === m) continue;
    if (!edges.has(m.file)) edges.set(m.file, new Map());
    const to = edges.get(m.file);
    if (!to.has(t.file)) to.set(t.file, []);
    to.get(t.file).push(`${m.file}:${u.line} ${u.how}`);
  }
}

if (printEdges) {
  for (const [from, to] of [...edges].sort()) for (const t of [...to.keys()].sort()) console.log(`${from} -> ${t}`);
}

// Tarjan's strongly connected components.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const sccs = [];
let counter = 0;
function visit(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const scc = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); scc.push(w); } while (w !== v);
    if (scc.length > 1) sccs.push(scc.sort());
  }
}
for (const m of modules.values()) if (!index.has(m.file)) visit(m.file);

// The shortest way from `start` back to itself inside one component.
function shortestCircle(start, inside) {
  const prev = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!inside.has(w) || prev.has(w)) continue;
      prev.set(w, v);
      if (w === start) {
        const nodes = [];
        for (let x = v; x !== start; x = prev.get(x)) nodes.push(x);
        return [start, ...nodes.reverse(), start];
      }
      queue.push(w);
    }
  }
  return [start];
}

let failed = 0;
for (const scc of sccs) {
  const name = scc.join(' ');
  const allowed = ALLOWED.has(name);
  if (!allowed) failed++;
  console.log(`${allowed ? 'allowed' : 'CYCLE'} between ${scc.length} files: ${scc.map((f) => `src/${f}`).join(', ')}`);
  const inside = new Set(scc);
  console.log(`  shortest circle: ${shortestCircle(scc[0], inside).map((f) => `src/${f}`).join(' -> ')}`);
  for (const from of scc) {
    for (const [to, why] of edges.get(from) ?? []) {
      if (inside.has(to)) console.log(`  src/${from} -> src/${to}: ${why.slice(0, 3).join('; ')}${why.length > 3 ? ` (+${why.length - 3})` : ''}`);
    }
  }
}
for (const a of ALLOWED) if (!sccs.some((s) => s.join(' ') === a)) console.log(`note: allowed cycle no longer exists: ${a}`);
const nEdges = [...edges.values()].reduce((s, t) => s + t.size, 0);
console.log(`${modules.size} files, ${nEdges} edges between them, ${sccs.length} cycle(s), ${failed} not allowed`);
process.exit(failed ? 1 : 0);
