// A minimal viewer: opens the demo database on load, or the five files the
// user picks, with the wasm `Database`, and shows the game count and the
// first game's PGN. Everything runs locally; no data leaves the machine.
import init, { Database } from '../pkg/cadb.js';

const EXTENSIONS = ['cdp', 'emb', 'd00', 'a02', 'd02'] as const;
type Extension = (typeof EXTENSIONS)[number];
type Files = Record<Extension, Uint8Array>;

// The demo database (built by `npm start` from the PGN fixtures), bundled by
// webpack as assets.
const DEMO: Record<Extension, URL> = {
  cdp: new URL('./demo/DEMO.CDP', import.meta.url),
  emb: new URL('./demo/DEMO.EMB', import.meta.url),
  d00: new URL('./demo/DEMO.D00', import.meta.url),
  a02: new URL('./demo/DEMO.A02', import.meta.url),
  d02: new URL('./demo/DEMO.D02', import.meta.url),
};

function byTestId<T extends HTMLElement>(id: string): T {
  const el = document.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`page is missing [data-testid=${id}]`);
  return el;
}

const ui = {
  input: byTestId<HTMLInputElement>('open-files'),
  status: byTestId<HTMLElement>('status'),
  error: byTestId<HTMLElement>('error'),
  count: byTestId<HTMLElement>('game-count'),
  pgn: byTestId<HTMLElement>('pgn'),
};

function showError(err: unknown): void {
  const code = err instanceof Error && 'code' in err ? ` [${String(err.code)}]` : '';
  const message = err instanceof Error ? err.message : String(err);
  ui.error.textContent = `${message}${code}`;
  ui.error.hidden = false;
  ui.status.textContent = 'Failed.';
}

function show(name: string, files: Files): void {
  ui.error.hidden = true;
  ui.error.textContent = '';
  let db: Database | undefined;
  try {
    db = Database.open(files.cdp, files.emb, files.d00, files.a02, files.d02, undefined);
    const count = db.count();
    ui.count.textContent = String(count);
    ui.pgn.textContent = count > 0 ? db.pgn(0) : '(the database has no games)';
    ui.status.textContent = `Opened ${name}.`;
  } catch (err) {
    ui.count.textContent = '–';
    ui.pgn.textContent = '';
    showError(err);
  } finally {
    db?.free();
  }
}

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching ${url.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function openDemo(): Promise<void> {
  const entries = await Promise.all(
    EXTENSIONS.map(async (ext) => [ext, await fetchBytes(DEMO[ext])] as const),
  );
  show('the demo database', Object.fromEntries(entries) as Files);
}

async function openPicked(list: FileList): Promise<void> {
  const picked: Partial<Record<Extension, File>> = {};
  for (const file of Array.from(list)) {
    const ext = file.name.split('.').pop()?.toLowerCase();
    if (ext && (EXTENSIONS as readonly string[]).includes(ext)) picked[ext as Extension] = file;
  }
  const missing = EXTENSIONS.filter((ext) => !picked[ext]);
  if (missing.length > 0) {
    throw new Error(`select all five files of the database; missing: ${missing.map((e) => e.toUpperCase()).join(', ')}`);
  }
  const entries = await Promise.all(
    EXTENSIONS.map(async (ext) => [ext, new Uint8Array(await picked[ext]!.arrayBuffer())] as const),
  );
  show(picked.cdp!.name, Object.fromEntries(entries) as Files);
}

async function main(): Promise<void> {
  await init();
  ui.input.addEventListener('change', () => {
    if (ui.input.files && ui.input.files.length > 0) openPicked(ui.input.files).catch(showError);
  });
  ui.status.textContent = 'Opening the demo database…';
  await openDemo();
}

main().catch(showError);
