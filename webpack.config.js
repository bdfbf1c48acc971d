// Bundles the viewer (www/) with the wasm package built by wasm-pack (pkg/).
// `webpack serve` serves it on localhost; `webpack --mode production` writes
// dist/; `--env e2e` writes dist-e2e/, the same bundle with the end-to-end
// tests' fault hooks (www/e2e-hooks.ts) compiled in.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { ENGINE_BUILDS, ENGINE_DIR, HEADERS, SW_FILE, renderHeaders } from './scripts/headers.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

// dist/_headers: the Content-Security-Policy of the page and of the Worker
// for static hosting (scripts/headers.mjs).
class HeadersFile {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HeadersFile', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HeadersFile', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('_headers', new webpack.sources.RawSource(renderHeaders()));
      });
    });
  }
}

// index.html names the interactive module's file (hashed) in its preload,
// and has its icon inline (a data: URL): a browser fetches a page's icon
// by itself, outside the HTTP cache the service worker's precache reads,
// so the file would be fetched twice a first visit. The web app manifest
// still names icon.svg.
class Preload {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('Preload', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'Preload', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const wasm = compilation.getAssets().find((a) => /^assets\/cadb_lite_bg\.[0-9a-f]+\.wasm$/.test(a.name));
        if (!wasm) throw new Error('Preload: the interactive module (assets/cadb_lite_bg.*.wasm) was not emitted');
        const icon = `data:image/svg+xml;base64,${compilation.getAsset('icon.svg').source.buffer().toString('base64')}`;
        compilation.updateAsset('index.html', (source) => new webpack.sources.RawSource(source.source().toString()
          .replace('CADB_LITE_WASM', wasm.name).replace('<link rel="icon" href="icon.svg"', `<link rel="icon" href="${icon}"`)));
      });
    });
  }
}

// engine/: Stockfish's two lite builds (npm stockfish, GPL-3.0), copied as
// they are: each .js is a Worker script that loads the .wasm beside it.
// Not precached (NOT_KEPT): sw.ts keeps them once the engine has been used.
const engineFile = (build, ext) => path.resolve(root, 'node_modules/stockfish/bin', build + ext);

/** The engine's files, by their bytes: the service worker keeps them from
 * one build of the viewer to the next while this stays the same. */
const ENGINE_VERSION = (() => {
  const hash = createHash('sha256');
  for (const build of Object.values(ENGINE_BUILDS)) for (const ext of ['.js', '.wasm']) hash.update(readFileSync(engineFile(build, ext)));
  return hash.digest('hex').slice(0, 16);
})();

class EngineFiles {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EngineFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EngineFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const build of Object.values(ENGINE_BUILDS)) {
          for (const ext of ['.js', '.wasm']) {
            const from = engineFile(build, ext);
            compilation.fileDependencies.add(from);
            // Already minified: not passed through Terser again.
            compilation.emitAsset(`${ENGINE_DIR}/${build}${ext}`, new webpack.sources.RawSource(readFileSync(from)), { minimized: true });
          }
        }
      });
    });
  }
}

// sw.js (www/sw.ts) gets the files to keep, each with its bytes' hash, and
// a cache version hashed from their contents, as a first line:
// `const CADB_PRECACHE = {...};`. Every emitted file is kept but source
// maps, licence comments, _headers and sw.js itself, the engine (kept on
// first use) and the benchmark page (not a visitor's). _headers is hashed
// all the same: the cache keeps the responses with the headers it names,
// so a new policy needs a new cache.
const NOT_HASHED = /\.map$|\.LICENSE\.txt$|^sw\.js$/;
const NOT_KEPT = new RegExp(`^_headers$|^${ENGINE_DIR}/|^bench\\.(html|js)$`);
class Precache {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('Precache', (compilation) => {
      // After minification, source maps and the real content hashes: every
      // name and byte is final.
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1;
      compilation.hooks.processAssets.tap({ name: 'Precache', stage }, () => {
        const hashed = compilation.getAssets().filter((a) => !NOT_HASHED.test(a.name))
          .sort((a, b) => (a.name < b.name ? -1 : 1));
        const hash = createHash('sha256');
        for (const a of hashed) {
          const bytes = a.source.buffer();
          hash.update(`${a.name}\0${bytes.length}\0`).update(bytes);
        }
        // Each file with its bytes' hash: sw.ts takes it from the HTTP cache when it is this build's.
        const files = Object.fromEntries(hashed.filter((a) => !NOT_KEPT.test(a.name))
          .map((a) => [a.name, createHash('sha256').update(a.source.buffer()).digest('hex').slice(0, 16)]));
        const precache = { version: hash.digest('hex').slice(0, 16), files };
        const { ConcatSource, RawSource } = webpack.sources;
        compilation.updateAsset(SW_FILE, (source) => new ConcatSource(`const CADB_PRECACHE = ${JSON.stringify(precache)};\n`, source));
        // The source map, one line down to match.
        const map = compilation.getAsset(`${SW_FILE}.map`);
        if (map) {
          const json = JSON.parse(map.source.source().toString());
          json.mappings = `;${json.mappings}`;
          compilation.updateAsset(map.name, new RawSource(JSON.stringify(json)));
        }
      });
    });
  }
}

export default (env, argv) => ({
  mode: argv.mode ?? 'development',
  context: root,
  // index.html, the CSS (ours and chessground's), the web app manifest and
  // the icon are entries too, copied as they are (see the rules). The Worker
  // (www/worker.ts) is its own chunk.
  entry: {
    main: [
      './www/index.html',
      './www/manifest.webmanifest',
      './www/icon.svg',
      './www/style.css',
      './node_modules/chessground/assets/chessground.base.css',
      './node_modules/chessground/assets/chessground.brown.css',
      './node_modules/chessground/assets/chessground.cburnett.css',
      './www/main.ts',
    ],
    // The browser benchmark page (bench.html); it shares style.css.
    bench: ['./www/bench.html', './www/bench.ts'],
    // The service worker, sw.js beside index.html: its scope is the page's
    // directory.
    sw: './www/sw.ts',
  },
  output: {
    path: path.resolve(root, env.e2e ? 'dist-e2e' : 'dist'),
    filename: '[name].js',
    // The Workers' chunks are worker-lite.js and worker.js (named in
    // decoders.ts): their own CSP
    // header names it.
    chunkFilename: '[name].js',
    // pkg/cadb_bg.wasm, pkg-lite/cadb_lite_bg.wasm, pkg/openings.bin and
    // www/demo/* (through `new URL(..., import.meta.url)`).
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    clean: true,
  },
  // No eval: the page's Content-Security-Policy does not allow it.
  devtool: 'source-map',
  resolve: {
    // Outside the e2e bundle the hooks are an empty module (their calls are
    // dead code), so not even the source maps hold them.
    alias: env.e2e ? {} : { [path.resolve(root, 'www/e2e-hooks.ts')]: false },
    extensions: ['.ts', '.js'],
    extensionAlias: { '.js': ['.ts', '.js'] },
  },
  module: {
    rules: [
      { test: /\.ts$/, use: 'ts-loader', exclude: /node_modules/ },
      {
        test: /\.(html|css|webmanifest|svg)$/,
        // The real path: webpack resolves symlinks (node_modules may be one,
        // as in a git worktree).
        include: [path.resolve(root, 'www'), realpathSync(path.resolve(root, 'node_modules/chessground/assets'))],
        type: 'asset/resource',
        generator: { filename: '[name][ext]' },
      },
    ],
  },
  plugins: [
    new webpack.DefinePlugin({
      // false in every shipped build: the hooks' code is then dead and removed.
      __E2E_HOOKS__: JSON.stringify(Boolean(env.e2e)),
      // The service worker is registered by production builds only: under
      // `webpack serve` its cache would fight live reload.
      __SERVICE_WORKER__: JSON.stringify(argv.mode === 'production'),
      // The engine's scripts, named in one place (scripts/headers.mjs, which gives each its headers).
      __ENGINE_VERSION__: JSON.stringify(ENGINE_VERSION),
      __ENGINE_FILES__: JSON.stringify(Object.fromEntries(Object.entries(ENGINE_BUILDS).map(([k, b]) => [k, `${ENGINE_DIR}/${b}.js`]))),
    }),
    new HeadersFile(),
    new Preload(),
    new EngineFiles(),
    new Precache(),
  ],
  performance: { hints: false },
  devServer: {
    host: 'localhost',
    port: 8080,
    static: false,
    hot: false,
    liveReload: true,
    client: { overlay: { warnings: false } },
    // The same policies as dist/_headers; the live-reload client's WebSocket
    // goes to this same host and port, which 'self' allows.
    headers: (req) => HEADERS[req.path] ?? {},
  },
});
