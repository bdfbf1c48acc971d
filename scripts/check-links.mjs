// Checks that every relative link and image in the documentation resolves:
// README.md, BENCHMARKS.md and every docs/**/*.md. A link to a file must name
// one that exists; a `#anchor` (alone, or after a .md file) must name one of
// that file's headings, slugged as GitHub does (lower case, punctuation
// dropped, spaces to hyphens, -1, -2, ... for repeats), or an explicit
// <a id="..."> / <a name="...">. Links with a scheme (https:, mailto:) are
// not fetched. Text in code (fenced blocks and `spans`) is not a link.
// Prints file:line and the broken link for each, and exits 1 if any.
//
//   node scripts/check-links.mjs [FILE.md ...]   (default: the files above)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownUnder(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownUnder(p));
    else if (entry.name.endsWith('.md')) out.push(p);
  }
  return out.sort();
}

/** The lines of a Markdown file outside fenced code blocks, with inline
 * code spans blanked: [lineNumber, text] pairs. */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.trim().slice(open[1].length).trim()) fence = null;
      return;
    }
    if (open) {
      fence = open[1];
      return;
    }
    out.push([i + 1, line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, (m) => ' '.repeat(m.length))]);
  });
  return out;
}

/** GitHub's anchor for a heading's text. */
function slug(heading) {
  return heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '') // images
    .replace(/\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/<[^>]+>/g, '') // HTML tags
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();
/** Every anchor a Markdown file defines. */
function anchors(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const text = readFileSync(file, 'utf8');
  const seen = new Map();
  const set = new Set();
  let fence = null;
  for (const line of text.split('\n')) {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const base = slug(h[1].replace(/`/g, ''));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      set.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)\s*=\s*"([^"]+)"/gi)) set.add(m[1]);
  }
  anchorCache.set(file, set);
  return set;
}

/** The link targets on one line of prose: inline links and images,
 * reference definitions, and HTML src/href attributes. */
function targets(line) {
  const out = [];
  for (const m of line.matchAll(/!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
    out.push(m[1].replace(/^<|>$/g, ''));
  }
  const def = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
  if (def) out.push(def[1].replace(/^<|>$/g, ''));
  for (const m of line.matchAll(/<(?:a|img|source)\s[^>]*\b(?:href|src)\s*=\s*"([^"]*)"/gi)) out.push(m[1]);
  return out;
}

function check(file) {
  const problems = [];
  const rel = path.relative(root, file);
  for (const [lineNo, line] of proseLines(readFileSync(file, 'utf8'))) {
    for (const target of targets(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:, ...
      const hash = target.indexOf('#');
      const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      const dest = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
      let why = null;
      if (target === '') why = 'empty link';
      else if (!existsSync(dest)) why = `no such file: ${path.relative(root, dest)}`;
      else if (anchor !== null && anchor !== '') {
        if (!statSync(dest).isFile() || !dest.endsWith('.md')) why = `an anchor into a file that is not Markdown: ${path.relative(root, dest)}`;
        else if (!anchors(dest).has(anchor)) why = `no heading #${anchor} in ${path.relative(root, dest)}`;
      }
      if (why) problems.push(`${rel}:${lineNo}: ${target}: ${why}`);
    }
  }
  return problems;
}

const files = process.argv.length > 2
  ? process.argv.slice(2).map((f) => path.resolve(f))
  : [path.join(root, 'README.md'), path.join(root, 'BENCHMARKS.md'), ...markdownUnder(path.join(root, 'docs'))];
const problems = files.flatMap(check);
for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`check-links: ${problems.length} broken link${problems.length === 1 ? '' : 's'} in ${files.length} files`);
  process.exit(1);
}
console.log(`check-links: every relative link resolves in ${files.length} files`);
