// The browser suites' stress mode: every browser suite, N rounds, while K
// busy processes load every core; then a table of each test and how many of
// its runs passed. A test that fails by chance here is a bug, in the page or
// in the test (docs/development.md, "Stress mode").
//
//   node scripts/stress.mjs [--runs N] [--load K] [--suites a,b] [--only REGEX] [--out DIR]
//
//   --runs N     rounds (default 10)
//   --load K     busy processes beside the suites (default: one per core)
//   --suites     any of viewer, address, archive, openings, engine, search, title, wasm
//                (default: all; wasm is tests/wasm_browser.rs in Chromium)
//   --only REGEX runs only the e2e tests whose names match (E2E_ONLY)
//   --out DIR    where each run's log is kept (default target/stress)
//
// It builds what is missing first (the bundles, the CLI, the npm package's
// test page for `title`), never rebuilds what is there: build first when
// the code changed (`npm run build` and `npm run e2e`, or `npm test`).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    load: { type: 'string', default: String(os.availableParallelism()) },
    suites: { type: 'string', default: 'viewer,address,archive,openings,engine,search,title,wasm' },
    only: { type: 'string' },
    out: { type: 'string', default: path.join(root, 'target/stress') },
  },
});
const runs = Number(opts.runs);
const load = Number(opts.load);
const out = path.resolve(opts.out);
const env = { ...process.env, PATH: `${root}/node_modules/.bin:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };
if (opts.only) env.E2E_ONLY = opts.only;

/** Each suite: the command of one run (and, for a suite that names no test, the one test it counts as). */
const TITLE_APP = path.join(root, 'target/package-app');
const SUITES = {
  viewer: { cmd: ['node', 'tests/e2e/viewer.mjs'] },
  address: { cmd: ['node', 'tests/e2e/address.mjs'] },
  archive: { cmd: ['node', 'tests/e2e/archive.mjs'] },
  openings: { cmd: ['node', 'tests/e2e/openings.mjs'] },
  engine: { cmd: ['node', 'tests/e2e/engine.mjs'] },
  search: { cmd: ['node', 'tests/e2e/search.mjs'] },
  // The npm package's page (scripts/test-package.sh builds it), its title.
  title: { cmd: ['node', 'tests/e2e/title.mjs', 'ok e2e4 e7e5 function'], env: { CADB_DIST: path.join(TITLE_APP, 'dist') }, whole: 'the npm package\'s page sets its title' },
  wasm: { cmd: ['bash', 'scripts/browser-test.sh', 'chrome'] },
};
const suites = opts.suites.split(',').map((s) => s.trim()).filter(Boolean);
for (const s of suites) if (!SUITES[s]) throw new Error(`unknown suite ${s}: one of ${Object.keys(SUITES).join(', ')}`);

/** Runs a build step, its output shown; exits on a failure. */
function build(what, cmd, args, extra = {}) {
  console.log(`stress: building ${what}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, env: { ...env, ...extra }, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (!existsSync(path.join(root, 'dist/index.html')) || !existsSync(process.env.CADB_BIN ?? path.join(root, 'target/release/cadb'))) build('the viewer', 'bash', ['scripts/build.sh', '--bundle']);
if (!existsSync(path.join(root, 'dist-e2e/index.html'))) build('the e2e bundle', 'webpack', ['--mode', 'production', '--env', 'e2e', '--stats', 'errors-warnings']);
if (suites.includes('title') && !existsSync(path.join(TITLE_APP, 'dist/index.html'))) build('the npm package\'s page', 'bash', ['scripts/test-package.sh'], { CADB_PACKAGE_APP: TITLE_APP });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The load: K processes that spin for ever, at the suites' own priority.
const busy = [];
for (let k = 0; k < load; k++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoad = () => busy.forEach((p) => p.kill('SIGKILL'));
process.on('exit', stopLoad);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** suite and test name -> { suite, name, passed, failed: [the log of each failed run] } */
const table = new Map();
const note = (suite, name, ok, log) => {
  const key = `${suite}\0${name}`;
  const t = table.get(key) ?? { suite, name, passed: 0, failed: [] };
  if (ok) t.passed++;
  else t.failed.push(log);
  table.set(key, t);
};

/** One run of a suite: its log, and each test's end as it reports it. */
function runSuite(suite, round) {
  const { cmd, env: extra, whole } = SUITES[suite];
  const log = path.join(out, `${String(round).padStart(2, '0')}-${suite}.log`);
  return new Promise((done) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => { text += d; });
    child.stderr.on('data', (d) => { text += d; });
    child.on('close', (code) => {
      writeFileSync(log, text);
      let seen = 0;
      for (const line of text.split('\n')) {
        // The e2e harness: "ok    name" / "FAIL  name"; wasm-bindgen-test:
        // "test name ... ok" / "... FAILED".
        let m = /^(ok|FAIL)  {1,4}(\S.*)$/.exec(line);
        if (m) {
          note(suite, m[2], m[1] === 'ok', log);
          seen++;
          continue;
        }
        m = /^test (\S+) \.\.\. (ok|FAILED)$/.exec(line);
        if (m) {
          note(suite, m[1], m[2] === 'ok', log);
          seen++;
        }
      }
      // A suite whose tests are not named one by one (title), or that died
      // before naming them, counts as one test.
      if (whole) note(suite, whole, code === 0, log);
      else if (code !== 0 && seen === 0) note(suite, '(the suite did not run its tests)', false, log);
      else if (code !== 0 && ![...table.values()].some((t) => t.suite === suite && t.failed.includes(log))) note(suite, '(the suite failed outside its tests)', false, log);
      done(code);
    });
  });
}

const t0 = Date.now();
console.log(`stress: ${runs} rounds of ${suites.join(', ')}${opts.only ? ` (only /${opts.only}/)` : ''}, with ${load} busy processes on ${os.availableParallelism()} cores; logs in ${path.relative(root, out) || out}`);
for (let round = 1; round <= runs; round++) {
  for (const suite of suites) {
    const r0 = Date.now();
    const code = await runSuite(suite, round);
    console.log(`stress: round ${round}/${runs} ${suite}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - r0) / 1000)} s`);
  }
}
stopLoad();

const rowsOut = [...table.values()];
const lines = [
  `| suite | test | passed |`,
  `|---|---|--:|`,
  ...rowsOut.map((t) => `| ${t.suite} | ${t.name.replace(/\|/g, '\\|')} | ${t.passed} of ${t.passed + t.failed.length} |`),
];
const failing = rowsOut.filter((t) => t.failed.length);
const summary = `${rowsOut.length} tests, ${runs} rounds, ${load} busy processes on ${os.availableParallelism()} cores, ${Math.round((Date.now() - t0) / 60000)} min; ${failing.length ? `${failing.length} failed at least once` : 'every run of every test passed'}`;
writeFileSync(path.join(out, 'table.md'), `${lines.join('\n')}\n\n${summary}\n`);
console.log(`\n${lines.join('\n')}\n\n${summary}`);
for (const t of failing) console.log(`FAILED  ${t.suite}: ${t.name}: see ${t.failed.map((l) => path.relative(root, l)).join(', ')}`);
process.exit(failing.length ? 1 : 0);
