// The page's short texts, as pure functions of the state: the game's title
// line, the game count, and an error's message.

import type { Diagnosis, GameHeaders } from '../../pkg/cadb.js';
import type { State } from '../state.js';

/** "White (Elo) – Black (Elo)  result · event · site · date". */
export function gameTitle(h: GameHeaders): string {
  return gameTitleParts(h).join('');
}

/** The title in four parts, so the two names can be links: White's name,
 * what joins it to Black's, Black's name, the rest. */
export function gameTitleParts(h: GameHeaders): [string, string, string, string] {
  const elo = (e?: number) => (e ? ` (${e})` : '');
  return [h.white ?? '?', `${elo(h.whiteElo)} – `, h.black ?? '?', `${elo(h.blackElo)}  ${h.result}` +
    [h.event, h.site, h.date.replace(/\.\?\?/g, '').replace(/^\?+$/, '')].filter(Boolean).map((s) => ` · ${s}`).join('')];
}

/** The games listed: "216", or "12 of 216" when filtered. */
export function gameCount(s: State): string {
  const { order } = s.list.view;
  if (!s.info) return '–';
  return String(order ? order.length : s.info.games);
}

/** Beside the count of a filtered list: of how many; '' when not filtered. */
export function gameTotal(s: State): string {
  return s.info && s.list.view.order && s.list.view.filtered ? ` of ${s.info.games.toLocaleString('en')}` : '';
}

/** "1 game", "2,016 games". */
export function gamesText(n: number): string {
  return `${n.toLocaleString('en')} ${n === 1 ? 'game' : 'games'}`;
}

/** The position filter's label. */
export function positionLabel(games: number, damaged: number): string {
  const skipped = damaged > 0 ? ` (${gamesText(damaged).replace('game', 'damaged game')} skipped)` : '';
  return `Position: ${games === 1 ? '1 game reaches' : `${gamesText(games)} reach`} it${skipped}`;
}

/** The status line after the list was filtered or sorted. */
export function listedText(games: number, ms: number): string {
  return `${gamesText(games)} listed in ${ms} ms.`;
}

/** The status line while a position search runs. */
export function positionProgress(done: number, total: number): string {
  return `Searching for the position: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} games…`;
}

/** The notice above the page when a reading was weak or a part is
 * damaged: the first issue in a few words, and how many more; '' for none. */
export function noticeText(d: Diagnosis | null): string {
  if (!d || !d.needsAttention) return '';
  const issues = [
    ...d.points.filter((p) => p.certainty === 'weak' || p.certainty === 'undecided').map((p) => `${p.title.toLowerCase()}: ${p.certainty} evidence`),
    ...d.warnings.filter((w) => w.code !== 'uncertain-reading').map((w) => w.message),
  ];
  const first = issues[0] ?? d.warnings[0]?.message ?? 'see the details';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `This database needs a look: ${first}${more}.`;
}

/** Whether a game was read under the file direction its database does not use. */
export function rescuedTo(h: GameHeaders): string | null {
  return h.other.find(([k]) => k === 'CAConvention')?.[1] ?? null;
}

/** The Cancel button's label: what it stops. */
export function cancelLabel(tasks: readonly string[]): string {
  return `✕ Cancel ${[...new Set(tasks)].join(', ')}`;
}

/** An error's message, with its code when it has one ("… [truncated]"). */
export function errorText(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err ? ` [${String(err.code)}]` : '';
  const message = err instanceof Error ? err.message : String(err);
  return `${message}${code}`;
}

/** The status line while a search reads every game's record (plies, annotated). */
export function searchingText(done: number, total: number): string {
  return `Reading the games' moves for the search: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}…`;
}

/** The opening-tree panel's texts. */
export const TREE_TEXT = {
  none: 'No game plays a move from this position in its first 40 plies (the games reaching it may end here).',
  noneNext: 'The games reaching this position end here.',
  searching: 'Searching the games for this position…',
  /** Past the tree's cap: where the rows come from. */
  fromSearch: (plies: number, games: number) =>
    `Past the tree's first ${plies} plies: the moves of the ${games === 1 ? 'game that reaches' : `${gamesText(games)} that reach`} this position (a position search).`,
  askSearch: (games: number) => `Search all ${games.toLocaleString('en')} games for the moves played here`,
  build: (games: number) => `Build the tree from all ${games.toLocaleString('en')} games`,
  line: 'Line from the tree:',
  back: 'Back',
  backLabel: 'Take back the last move of the line',
  toGame: 'Back to the game',
  headers: ['Move', 'Games', 'White · Draw · Black', 'Avg Elo', 'Years'],
  years: (first: number, last: number) => (first === last ? String(first) : `${first}–${last}`),
  bar: (w: number, d: number, b: number) => `White ${w}, draws ${d}, Black ${b}`,
};

/** The player card's texts (whole phrases, each with its numbers). */
export const CARD_TEXT = {
  close: 'Close',
  filter: 'List their games',
  asWhite: 'As White',
  asBlack: 'As Black',
  total: 'Total',
  byYear: 'By year',
  openingsWhite: 'Openings as White',
  openingsBlack: 'Openings as Black',
  opponents: 'Frequent opponents',
  unknownYear: 'unknown',
  none: 'none',
  rating: (r: number) => `Rating ${r}`,
  fideId: (id: number) => `FIDE id ${id}`,
  /** Column heads of a score table. */
  heads: ['', 'Games', '+', '=', '−', 'Score'],
  /** "2.5 / 4 (63%)": points of the finished games. */
  score: (points2: number, finished: number) =>
    finished === 0 ? '–' : `${(points2 / 2).toLocaleString('en')} / ${finished} (${Math.round((50 * points2) / finished)}%)`,
  playerTitle: (name: string) => `Open the card of ${name}`,
} as const;
