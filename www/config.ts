// The viewer's settings, in one place: what the page shows and how it
// behaves. Change them here; every module reads them from this file.

import type { ColumnKey, SortColumn } from '../pkg/cadb.js';
import type { Member } from './protocol.js';

/** The five files of a Chess Assistant database, by extension (lower case). */
export const PARTS = ['cdp', 'emb', 'd00', 'a02', 'd02'] as const;
export type Part = (typeof PARTS)[number];

/** Game list: height of one row in CSS pixels (the list is virtualised, so
 * rows must all have this height), and rows rendered beyond the visible ones. */
export const ROW_HEIGHT = 28;
export const OVERSCAN = 8;

/** How the game list shows a column: CSS width, alignment (its head's
 * text is the language's: `T.columns`). */
export interface ColumnLook {
  width: string;
  numeric?: boolean;
  /** Whether its header sorts (exactly the columns db.sort takes: checked by the type). */
  sortable: boolean;
}

/** The game list's columns, in list order; the keys and texts are db.rows's. */
export const COLUMNS: { [K in ColumnKey]: ColumnLook & { sortable: K extends SortColumn ? true : false } } = {
  index: { width: '4.5em', numeric: true, sortable: true },
  /** Shown only in the list of many databases (issue 47). */
  database: { width: '8em', sortable: true },
  white: { width: '11em', sortable: true },
  whiteElo: { width: '3.5em', numeric: true, sortable: true },
  black: { width: '11em', sortable: true },
  blackElo: { width: '3.5em', numeric: true, sortable: true },
  result: { width: '4.5em', sortable: true },
  date: { width: '6.5em', sortable: true },
  event: { width: '10em', sortable: true },
  site: { width: '8em', sortable: true },
  round: { width: '2.5em', numeric: true, sortable: true },
  eco: { width: '3.5em', sortable: true },
  opening: { width: '16em', sortable: false },
  annotator: { width: '8em', sortable: true },
  source: { width: '8em', sortable: true },
  gameType: { width: '8em', sortable: true },
  plies: { width: '3.5em', numeric: true, sortable: false },
};
export const COLUMN_KEYS = Object.keys(COLUMNS) as ColumnKey[];

export function isSortColumn(key: ColumnKey): key is SortColumn {
  return COLUMNS[key].sortable;
}

/** The URL hash follows the page this long after its last change. */
export const HASH_DELAY_MS = 200;

/** The filter box waits this long after a keystroke before searching. */
export const FILTER_DEBOUNCE_MS = 60;

/** Keys anywhere on the page (not while typing in a field). The game
 * list takes ↑/↓ itself while it has the focus (list.ts). */
export const KEYS = {
  back: ['ArrowLeft'],
  forward: ['ArrowRight'],
  start: ['ArrowUp', 'Home'],
  end: ['ArrowDown', 'End'],
  flip: ['f'],
  cancel: ['Escape'],
  nextGame: ['n'],
  previousGame: ['p'],
  keys: ['?'],
  engine: ['e'],
} as const;

/** "Analyse game" searches each position this deep by default (the user
 * may change it): about a second a position on one thread. */
export const ANALYSIS_DEPTH = 14;
/** The depths the user may choose for it. */
export const ANALYSIS_DEPTHS = { min: 6, max: 24 } as const;

/** The engine's lines are drawn at most this often while it searches. */
export const ENGINE_REDRAW_MS = 150;
/** An engine line is shown in SAN this many plies deep. */
export const ENGINE_LINE_PLIES = 12;

/** With Shift: into the variation of the next move, and out of one. */
export const VARIATION_KEYS = { enter: 'ArrowRight', leave: 'ArrowLeft' } as const;

/** A wheel event this big (a mouse's notch: 100 or 120 pixels) is one
 * move; a trackpad's small deltas step a move per this much. */
export const WHEEL_STEP = 50;
/** A pause this long starts a new wheel gesture. */
export const WHEEL_RESET_MS = 250;

/** NAG glyphs (PGN standard, plus the common extensions); their meanings
 * are the language's (`T.nags`). */
export const NAGS: Record<number, string> = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 11: '=', 12: '=', 13: '∞', 14: '⩲', 15: '⩱',
  16: '±', 17: '∓', 18: '+−', 19: '−+', 22: '⨀', 32: '⟳', 36: '↑', 40: '→', 44: '=∞', 132: '⇆', 138: '⊕', 140: '∆', 146: 'N',
};

/** The demo database, written by `npm start` from the fixture games. */
export const DEMO_NAME = 'DEMO';

/** The opening tree decodes every game once. Up to this many games it is
 * built as soon as a game opens; beyond, only when the user asks. */
export const AUTO_TREE_MAX_GAMES = 50_000;

/** The tree holds each game's first 40 plies (the decoder's
 * `DEFAULT_MAX_PLIES`); past them, the panel's moves come from a position
 * search. */
export const TREE_MAX_PLIES = 40;

/** Past the cap, the panel's own search starts once the board has stayed
 * on a position this long (stepping through a game queues none). */
export const TREE_SEARCH_PAUSE_MS = 250;

/** The Database panel's report scans the D02 records of this many games
 * (spread over the file) when a database opens; "Check every game" scans
 * them all. Every D00 record is scanned either way. */
export const DIAGNOSE_MAX_GAMES = 20_000;

/** A whole-database pass of fewer games runs in the background Worker
 * alone, not split between its helpers (www/pool.ts): on two cores a
 * split export of 100,000 games took as long as one Worker's, the
 * helpers' opening included (0.1–0.2 s, BENCHMARKS.md "Export in the
 * page"). */
export const POOL_FROM = 200_000;

/** Whether a whole-database pass over `games` games goes to the pool's
 * helpers: the page gave some, from `from` games (POOL_FROM unless the
 * page says), and the database is read from files (the demo, from bytes,
 * is never big enough). The one rule: pool.ts splits by it, and the
 * background Worker keeps what its open read for the helpers by it. */
export function poolSplits(setup: { helpers: number; from?: number }, source: { kind: string }, games: number): boolean {
  return setup.helpers > 0 && source.kind === 'files' && games >= (setup.from ?? POOL_FROM);
}

/** An archive's export or count of duplicates goes to the pool's helpers
 * when its D02s hold at least this many bytes (about 25,000 games of
 * moves alone, 3,000 annotated ones: a second's work or less): each
 * database is opened by one helper instead of the background Worker, so
 * the helpers cost only their start (a few hundred ms), not a database's
 * opening again as a split of one database does. */
export const ARCHIVE_POOL_FROM_BYTES = 2 << 20;

/** While a helper exports one of an archive's databases ahead of the one
 * being written, its PGN waits in the background Worker: a helper starts
 * another database ahead only while their D02s stay under this many
 * bytes (the PGN is about 1.5 times its D02), so the tab holds about
 * 300 MB at most, whatever the number of cores. */
export const ARCHIVE_HOLD_BYTES = 192 << 20;

/** Whether a whole-archive pass over `members` goes to the pool's
 * helpers (`poolSplits`' rule for an archive): the page gave some, every
 * member is read from files, and they are big enough together (any size
 * when the page set `from`, as `?helpers=N` does). */
export function poolTakesArchive(setup: { helpers: number; from?: number }, members: Member[]): boolean {
  const sizes = members.map(({ source }) => (source.kind === 'files' ? source.files.d02.size : -1));
  const bytes = sizes.reduce((a, b) => a + b, 0);
  return setup.helpers > 0 && sizes.every((b) => b >= 0) && (setup.from !== undefined || bytes >= ARCHIVE_POOL_FROM_BYTES);
}
