// The viewer's settings, in one place: what the page shows and how it
// behaves. Change them here; every module reads them from this file.

/** The five files of a Chess Assistant database, by extension (lower case). */
export const PARTS = ['cdp', 'emb', 'd00', 'a02', 'd02'] as const;
export type Part = (typeof PARTS)[number];

/** Game list: height of one row in CSS pixels (the list is virtualised, so
 * rows must all have this height), and rows rendered beyond the visible ones. */
export const ROW_HEIGHT = 28;
export const OVERSCAN = 8;

/** Game list columns: key, header text, and the sort column of the API. */
export interface Column {
  key: RowKey;
  title: string;
  sort?: import('../pkg/cadb.js').SortColumn;
  /** CSS width. */
  width: string;
  numeric?: boolean;
}
export type RowKey =
  | 'number' | 'white' | 'whiteElo' | 'black' | 'blackElo' | 'result' | 'date' | 'event' | 'site'
  | 'round' | 'eco' | 'annotator' | 'source' | 'gameType' | 'plies';

export const COLUMNS: Column[] = [
  { key: 'number', title: '#', sort: 'index', width: '4.5em', numeric: true },
  { key: 'white', title: 'White', sort: 'white', width: '11em' },
  { key: 'whiteElo', title: 'Elo', sort: 'whiteElo', width: '3.5em', numeric: true },
  { key: 'black', title: 'Black', sort: 'black', width: '11em' },
  { key: 'blackElo', title: 'Elo', sort: 'blackElo', width: '3.5em', numeric: true },
  { key: 'result', title: 'Result', sort: 'result', width: '4.5em' },
  { key: 'date', title: 'Date', sort: 'date', width: '6.5em' },
  { key: 'event', title: 'Event', sort: 'event', width: '10em' },
  { key: 'site', title: 'Site', sort: 'site', width: '8em' },
  { key: 'round', title: 'Rd', sort: 'round', width: '2.5em', numeric: true },
  { key: 'eco', title: 'ECO', sort: 'eco', width: '3.5em' },
  { key: 'annotator', title: 'Annotator', sort: 'annotator', width: '8em' },
  { key: 'source', title: 'Source', sort: 'source', width: '8em' },
  { key: 'gameType', title: 'Type', sort: 'gameType', width: '8em' },
  { key: 'plies', title: 'Plies', width: '3.5em', numeric: true },
];

/** Text encodings offered; the first is the default (Chess Assistant was Russian). */
export const ENCODINGS = [
  { value: 'cp1251', label: 'Windows-1251 (Cyrillic)' },
  { value: 'cp866', label: 'CP866 (DOS Cyrillic)' },
  { value: 'latin1', label: 'Latin-1' },
  { value: 'utf-8', label: 'UTF-8' },
] as const;

/** The filter box waits this long after a keystroke before searching. */
export const FILTER_DEBOUNCE_MS = 60;

/** Keys on the move list and board. */
export const KEYS = {
  back: ['ArrowLeft'],
  forward: ['ArrowRight'],
  start: ['ArrowUp', 'Home'],
  end: ['ArrowDown', 'End'],
  flip: ['f'],
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
