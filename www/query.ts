// The search form's query (a `SearchQuery` of the API), and the page's
// place in the URL hash (the game, the move, the filters), so a reload
// keeps them.
// Pure functions: the controller keeps the query in the state, the view
// fills the form from it and reads it into one (view/search.ts).

import type { SearchQuery } from '../pkg/cadb.js';

/** The text fields of SearchQuery the form has, in form order. The
 * expressions (material, pattern, maneuver) are the core's to parse
 * (docs/api.md): the page sends them as typed, case and all. */
export const TEXT_FIELDS = [
  'player', 'event', 'site', 'annotator', 'source', 'ecoFrom', 'ecoTo', 'gameType',
  'material', 'pattern', 'maneuver', 'comment', 'opening',
] as const;
/** Its whole-number fields. */
export const NUMBER_FIELDS = ['yearFrom', 'yearTo', 'minElo', 'pliesFrom', 'pliesTo', 'nag'] as const;
/** Its decimal fields (pawns; a comma is a decimal point too). */
export const DECIMAL_FIELDS = ['evalSwing'] as const;
/** Its choices: each field's values, the first meaning "any" (not set). */
export const CHOICES = {
  color: ['either', 'white', 'black'],
  result: ['', '1-0', '0-1', '1/2-1/2', '*'],
  eloOf: ['both', 'either', 'opponent'],
} as const;
/** Its yes/no fields. */
export const FLAGS = ['annotated', 'playerExact', 'hasEval'] as const;

export type FormField =
  | (typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | (typeof DECIMAL_FIELDS)[number]
  | keyof typeof CHOICES | (typeof FLAGS)[number];

/** The fields that ask about a game's moves, positions and comments (the
 * form's "Position and moves"): a query with any of them is searched game
 * by game in the background Worker (`searchHits`), which also finds where
 * each game first matches. */
export const MOVE_FIELDS = ['material', 'pattern', 'maneuver', 'comment', 'nag', 'hasEval', 'evalSwing', 'opening'] as const satisfies readonly FormField[];

/** Whether `q` asks anything of MOVE_FIELDS. */
export function asksMoves(q: SearchQuery | null): boolean {
  return !!q && MOVE_FIELDS.some((k) => q[k] !== undefined);
}

/** `true` when `Listed` has every member of `All`, else the members it lacks. */
type Covers<Listed, All> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
// Checked by tsc, which names what is lacking: the form's fields are
// SearchQuery's but `text` (the list's quick filter), and its choices have
// every value of theirs.
true satisfies Covers<FormField, Exclude<keyof SearchQuery, 'text'>>;
true satisfies Covers<Exclude<keyof SearchQuery, 'text'>, FormField>;
true satisfies Covers<(typeof CHOICES.color)[number], NonNullable<SearchQuery['color']>>;
true satisfies Covers<(typeof CHOICES.result)[number], NonNullable<SearchQuery['result']>>;
true satisfies Covers<(typeof CHOICES.eloOf)[number], NonNullable<SearchQuery['eloOf']>>;

/** A query from the form's values (field name to text; a flag is "1"
 * when set): empty fields are left out, and a query with none is null. */
export function queryOf(values: Partial<Record<FormField, string>>): SearchQuery | null {
  const q: SearchQuery = {};
  for (const k of TEXT_FIELDS) {
    const v = values[k]?.trim();
    if (v) q[k] = k === 'ecoFrom' || k === 'ecoTo' ? v.toUpperCase() : v;
  }
  for (const k of NUMBER_FIELDS) {
    const v = values[k]?.trim();
    if (v && /^\d+$/.test(v)) q[k] = Number(v);
  }
  for (const k of DECIMAL_FIELDS) {
    const v = values[k]?.trim().replace(',', '.');
    if (v && /^(\d+\.?\d*|\.\d+)$/.test(v) && Number(v) > 0) q[k] = Number(v);
  }
  const color = values.color;
  if (color === 'white' || color === 'black') q.color = color;
  const result = CHOICES.result.find((r) => r !== '' && r === values.result);
  if (result) q.result = result;
  const eloOf = values.eloOf;
  if (q.minElo !== undefined && (eloOf === 'either' || eloOf === 'opponent')) q.eloOf = eloOf;
  if (values.annotated === '1') q.annotated = true;
  if (values.hasEval === '1') q.hasEval = true;
  if (q.player && values.playerExact === '1') q.playerExact = true;
  // The colour alone asks nothing.
  const asked = Object.keys(q).filter((k) => k !== 'color');
  return asked.length ? q : null;
}

/** The form's values for a query (null: an empty form). */
export function valuesOf(q: SearchQuery | null): Record<FormField, string> {
  const out = {} as Record<FormField, string>;
  for (const k of [...TEXT_FIELDS, ...NUMBER_FIELDS, ...DECIMAL_FIELDS]) out[k] = q?.[k] === undefined ? '' : String(q[k]);
  out.color = q?.color ?? 'either';
  out.result = q?.result ?? '';
  out.eloOf = q?.eloOf ?? 'both';
  for (const k of FLAGS) out[k] = q?.[k] ? '1' : '';
  return out;
}

/** Where the page is, as the URL hash keeps it: the database (by name),
 * the open game and move, and the list's filters. A reload, or a link
 * shared with someone who has the same files, lands there again. */
export interface Place {
  db: string | null;
  /** The open game's index (null: none). */
  game: number | null;
  /** The move shown: its id in the flattened game (-1: the start). */
  move: number;
  /** The quick filter's text. */
  filter: string;
  query: SearchQuery | null;
  /** The position filter's FEN (null: none). */
  position: string | null;
}

/** The search form's fields as URLSearchParams text ('' for none). */
function queryParams(q: SearchQuery | null): string {
  if (!q) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(valuesOf(q))) {
    const empty = v === '' || (k === 'color' && v === 'either') || (k === 'eloOf' && v === 'both');
    if (!empty) params.set(k, v);
  }
  return params.toString();
}

/** The hash that names a place ('' for nowhere): `#db=…&g=…&m=…&f=…&pos=…&q=…`
 * (games and moves counted from 1; `q` holds the form's fields). */
export function hashOf(p: Place): string {
  const params = new URLSearchParams();
  if (p.db) params.set('db', p.db);
  if (p.game !== null) params.set('g', String(p.game + 1));
  if (p.game !== null && p.move >= 0) params.set('m', String(p.move + 1));
  if (p.filter) params.set('f', p.filter);
  if (p.position) params.set('pos', p.position);
  const q = queryParams(p.query);
  if (q) params.set('q', q);
  const text = params.toString();
  return text ? `#${text}` : '';
}

/** The place a hash names (an old `#q=` link names its query only). */
export function placeOfHash(hash: string): Place {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(hash.replace(/^#/, ''));
  } catch {
    params = new URLSearchParams();
  }
  const count = (k: string) => {
    const v = params.get(k);
    return v && /^\d+$/.test(v) && Number(v) >= 1 ? Number(v) - 1 : null;
  };
  const values: Partial<Record<FormField, string>> = {};
  for (const [k, v] of new URLSearchParams(params.get('q') ?? '')) values[k as FormField] = v;
  return {
    db: params.get('db'),
    game: count('g'),
    move: count('m') ?? -1,
    filter: params.get('f') ?? '',
    query: queryOf(values),
    position: params.get('pos'),
  };
}
