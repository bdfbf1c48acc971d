// The viewer's settings, in one place: what the page shows and how it
// behaves. Change them here; every module reads them from this file.

import type { ColumnKey, SortColumn } from '../pkg/cadb.js';

/** The five files of a Chess Assistant database, by extension (lower case). */
export const PARTS = ['cdp', 'emb', 'd00', 'a02', 'd02'] as const;
export type Part = (typeof PARTS)[number];

/** Game list: height of one row in CSS pixels (the list is virtualised, so
 * rows must all have this height), and rows rendered beyond the visible ones. */
export const ROW_HEIGHT = 28;
export const OVERSCAN = 8;

/** How the game list shows a column: header text, CSS width, alignment. */
export interface ColumnLook {
  title: string;
  width: string;
  numeric?: boolean;
  /** Whether its header sorts (exactly the columns db.sort takes: checked by the type). */
  sortable: boolean;
}

/** The game list's columns, in list order; the keys and texts are db.rows's. */
export const COLUMNS: { [K in ColumnKey]: ColumnLook & { sortable: K extends SortColumn ? true : false } } = {
  index: { title: '#', width: '4.5em', numeric: true, sortable: true },
  white: { title: 'White', width: '11em', sortable: true },
  whiteElo: { title: 'Elo', width: '3.5em', numeric: true, sortable: true },
  black: { title: 'Black', width: '11em', sortable: true },
  blackElo: { title: 'Elo', width: '3.5em', numeric: true, sortable: true },
  result: { title: 'Result', width: '4.5em', sortable: true },
  date: { title: 'Date', width: '6.5em', sortable: true },
  event: { title: 'Event', width: '10em', sortable: true },
  site: { title: 'Site', width: '8em', sortable: true },
  round: { title: 'Rd', width: '2.5em', numeric: true, sortable: true },
  eco: { title: 'ECO', width: '3.5em', sortable: true },
  annotator: { title: 'Annotator', width: '8em', sortable: true },
  source: { title: 'Source', width: '8em', sortable: true },
  gameType: { title: 'Type', width: '8em', sortable: true },
  plies: { title: 'Plies', width: '3.5em', numeric: true, sortable: false },
};
export const COLUMN_KEYS = Object.keys(COLUMNS) as ColumnKey[];

export function isSortColumn(key: ColumnKey): key is SortColumn {
  return COLUMNS[key].sortable;
}

/** The filter box waits this long after a keystroke before searching. */
export const FILTER_DEBOUNCE_MS = 60;

/** Keys on the move list and board. */
export const KEYS = {
  back: ['ArrowLeft'],
  forward: ['ArrowRight'],
  start: ['ArrowUp', 'Home'],
  end: ['ArrowDown', 'End'],
  flip: ['f'],
  cancel: ['Escape'],
} as const;

/** NAG glyphs and their meanings (PGN standard, plus the common extensions). */
export const NAGS: Record<number, [string, string]> = {
  1: ['!', 'good move'], 2: ['?', 'mistake'], 3: ['!!', 'brilliant move'], 4: ['??', 'blunder'],
  5: ['!?', 'interesting move'], 6: ['?!', 'dubious move'], 7: ['□', 'only move'],
  10: ['=', 'equal position'], 11: ['=', 'quiet position'], 12: ['=', 'active position'],
  13: ['∞', 'unclear position'], 14: ['⩲', 'White is slightly better'], 15: ['⩱', 'Black is slightly better'],
  16: ['±', 'White is better'], 17: ['∓', 'Black is better'], 18: ['+−', 'White is winning'],
  19: ['−+', 'Black is winning'], 22: ['⨀', 'zugzwang'], 32: ['⟳', 'development advantage'],
  36: ['↑', 'initiative'], 40: ['→', 'attack'], 44: ['=∞', 'compensation'], 132: ['⇆', 'counterplay'],
  138: ['⊕', 'time trouble'], 140: ['∆', 'with the idea'], 146: ['N', 'novelty'],
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
