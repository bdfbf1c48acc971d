#!/usr/bin/env bash
# Packs the npm package (pkg/, built by scripts/build.sh), installs the
# tarball into a fresh temporary project, and uses it from Node (the snippet
# of the package's README, which is docs/api.md, run as written) and from a
# tiny webpack 5 build run in Chromium.
# This catches files missing from the package and a broken exports map.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

cadb="${CADB_BIN:-$CADB_ROOT/target/release/cadb}"
[[ -f pkg/package.json && -x $cadb ]] || bash scripts/build.sh
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "==> npm pack pkg/"
tarball="$(cd "$tmp" && npm pack --silent "$CADB_ROOT/pkg" 2>/dev/null | tail -n1)"
tar -tzf "$tmp/$tarball" | sort | sed 's/^/    /'

# CADB_PACKAGE_APP=dir keeps the test project there (scripts/stress.mjs runs
# its page again and again); by default it goes with the temporary folder.
app="${CADB_PACKAGE_APP:-$tmp/app}"
rm -rf "$app"
mkdir -p "$app/src"
cd "$app"
printf '{ "name": "cadb-package-test", "private": true, "type": "module" }\n' >package.json
# The package has no dependencies, so the install needs no network.
npm install --silent --offline --no-audit --no-fund "$tmp/$tarball"

# A small database, written by the CLI from two games.
"$cadb" write "$app/GAMES" <<'PGN'
[Event "Package test"] [White "Anna"] [Black "Boris"] [WhiteElo "2400"] [Date "1998.01.02"] [Result "1-0"]
1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 1-0

[Event "Package test"] [White "Cleo"] [Black "Anna"] [WhiteElo "2500"] [Date "1999.??.??"] [Result "0-1"]
1. d4 d5 0-1
PGN

echo "==> Node: the snippet of the package's README (docs/api.md)"
# Read from the installed package: what an npm user reads is what runs.
grep -q '<!-- snippet:node -->' node_modules/cadb/README.md
awk '/<!-- snippet:node -->/{on=1; next} /<!-- \/snippet -->/{on=0} on' node_modules/cadb/README.md \
  | sed '/^```/d' >snippet.mjs
node snippet.mjs | tee node.out
grep -qx '2 games; .*' node.out
grep -qx 'Anna - Boris' node.out
grep -qx 'e4 e5 Nf3 Nc6 Bb5' node.out
# c.tsv of lichess's chess-openings: 1.e4 e5 2.Nf3 Nc6 3.Bb5 is C60 Ruy Lopez.
grep -qx 'C60 Ruy Lopez' node.out
grep -q '^2 found; [1-9][0-9]* bytes of PGN$' node.out

echo "==> TypeScript (strict, node16 resolution): the package's types, exact"
# Resolved through the package's `exports` (types condition), as a user's
# project would. The @ts-expect-error lines check the types are not loose.
cat >types.ts <<'TS'
import init, { Database, ecoString, loadOpenings, uci16Encode, stats64Decode } from 'cadb';
import type { HeaderColumns, GameView, MoveNode, SearchQuery, SortColumn, DbInfo, TreeMove, ExportSummary, CadbError } from 'cadb';
await init();
const db: Database = Database.open({ cdp: new Uint8Array(), emb: new Uint8Array(), d00: new Uint8Array(), a02: new Uint8Array(), d02: new Uint8Array() });
const info: DbInfo = db.info();
const cols: HeaderColumns = db.headers(0, 50);
const white: Uint32Array = cols.white;
const elo: Uint16Array = cols.whiteElo;
const name: string = db.names().players[white[0] ?? 0] ?? '';
const g: GameView = db.game(0);
const first: MoveNode | undefined = g.moves[0];
const fen: string = first?.variations[0]?.[0]?.fen ?? g.startFen;
const q: SearchQuery = { player: 'anna', color: 'white', yearFrom: 1990, ecoFrom: 'B00', result: '1-0' };
const col: SortColumn = 'whiteElo';
const order: Uint32Array = db.sort(col, true, db.search(q));
const sum: ExportSummary = db.exportPgn(order, (text) => text.length);
const lazySum: ExportSummary = db.exportPgn(null, () => {}, (done, total) => done / total);
const parts: Uint8Array<ArrayBuffer>[] = [];
const byteSum: ExportSummary = db.exportPgnBytes(order, (bytes) => parts.push(bytes), null);
const file = new Blob(parts);
const tree: TreeMove[] = db.openingTree(fen);
const named: number = loadOpenings(new Uint8Array());
const openingName: string | undefined = g.opening?.name ?? first?.opening?.eco ?? tree[0]?.opening?.name;
const lazy = Database.openLazy({ cdp: new Uint8Array(), emb: new Uint8Array(), a02: new Uint8Array(), d02Size: 0, d00Size: 0,
  read: (file, offset, length) => new Uint8Array(length + offset + (file === 'd02' ? 1 : 0)) });
const stats = stats64Decode(0n);
const wdl: 'win' | 'draw' | 'loss' = stats.wdl;
console.log(named, openingName, info.games, elo[0], name, sum.errors.length, lazySum.bytes, byteSum.games, file.size, tree[0]?.san, lazy.count, wdl, ecoString(cols.eco[0] ?? 0), uci16Encode(['e2e4']).length);
try { db.pgn(0); } catch (e) { console.log((e as CadbError).code); }
// @ts-expect-error: not a sort column
db.sort('colour');
// @ts-expect-error: a chunk of exportPgnBytes is bytes, not text
db.exportPgnBytes(null, (text: string) => text.length);
// @ts-expect-error: san is a string
const n: number = first!.san;
// @ts-expect-error: unknown search field
db.search({ colour: 'white' });
// @ts-expect-error: not an encoding
db.setEncoding('ebcdic');
console.log(n);
TS
# wasm-bindgen declares `[Symbol.dispose]()` on Database: TypeScript needs the
# esnext.disposable lib (or skipLibCheck), as docs/api.md says.
cat >tsconfig.json <<'JSON'
{ "compilerOptions": { "target": "es2022", "module": "node16", "moduleResolution": "node16", "strict": true,
  "noEmit": true, "lib": ["es2022", "esnext.disposable", "dom"], "types": [] }, "files": ["types.ts"] }
JSON
node "$CADB_ROOT/node_modules/typescript/bin/tsc" -p tsconfig.json
if grep -nw any node_modules/cadb/*.d.ts | grep -v '^\S*:\s*\(\*\|//\)'; then
  echo "the package's .d.ts files use \`any\`" >&2
  exit 1
fi

echo "==> webpack 5: a page that imports cadb, run in Chromium"
cat >src/index.js <<'JS'
import init, { Database, uci16Encode, uci16Decode } from 'cadb';
await init();
const bytes = uci16Encode(['e2e4', 'e7e5']);
document.title = `ok ${uci16Decode(bytes).join(' ')} ${typeof Database.open}`;
JS
cat >webpack.config.cjs <<'JS'
module.exports = { mode: 'production', entry: './src/index.js', output: { path: __dirname + '/dist' } };
JS
node "$CADB_ROOT/node_modules/webpack/bin/webpack.js" --config webpack.config.cjs >webpack.log 2>&1 \
  || { cat webpack.log; exit 1; }
ls dist
printf '<!doctype html><script src="main.js"></script>\n' >dist/index.html
CADB_DIST="$app/dist" node "$CADB_ROOT/tests/e2e/title.mjs" 'ok e2e4 e7e5 function'
echo "package test: ok"
