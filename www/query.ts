// The search form's query (a `SearchQuery` of the API) and its place in the
// URL hash: `#q=` then the fields as URLSearchParams, so a reload keeps it.
// Pure functions: the controller keeps the query in the state, the view
// fills the form from it, main.ts reads the form into one.

import type { SearchQuery } from '../pkg/cadb.js';

/** The text fields of SearchQuery the form has, in form order. */
export const TEXT_FIELDS = ['player', 'event', 'site', 'annotator', 'source', 'ecoFrom', 'ecoTo', 'gameType'] as const;
/** Its number fields. */
export const NUMBER_FIELDS = ['yearFrom', 'yearTo', 'minElo', 'pliesFrom', 'pliesTo'] as const;
/** Its choices: each field's values, the first meaning "any" (not set). */
export const CHOICES = {
  color: ['either', 'white', 'black'],
  result: ['', '1-0', '0-1', '1/2-1/2', '*'],
  eloOf: ['both', 'either', 'opponent'],
} as const;
/** Its yes/no fields. */
export const FLAGS = ['annotated', 'playerExact'] as const;

export type FormField = (typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | keyof typeof CHOICES | (typeof FLAGS)[number];

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
  const color = values.color;
  if (color === 'white' || color === 'black') q.color = color;
  const result = CHOICES.result.find((r) => r !== '' && r === values.result);
  if (result) q.result = result;
  const eloOf = values.eloOf;
  if (q.minElo !== undefined && (eloOf === 'either' || eloOf === 'opponent')) q.eloOf = eloOf;
  if (values.annotated === '1') q.annotated = true;
  if (q.player && values.playerExact === '1') q.playerExact = true;
  // The colour alone asks nothing.
  const asked = Object.keys(q).filter((k) => k !== 'color');
  return asked.length ? q : null;
}

/** The form's values for a query (null: an empty form). */
export function valuesOf(q: SearchQuery | null): Record<FormField, string> {
  const out = {} as Record<FormField, string>;
  for (const k of [...TEXT_FIELDS, ...NUMBER_FIELDS]) out[k] = q?.[k] === undefined ? '' : String(q[k]);
  out.color = q?.color ?? 'either';
  out.result = q?.result ?? '';
  out.eloOf = q?.eloOf ?? 'both';
  for (const k of FLAGS) out[k] = q?.[k] ? '1' : '';
  return out;
}

/** The hash that names `q` ('' for none). */
export function hashOf(q: SearchQuery | null): string {
  if (!q) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(valuesOf(q))) {
    const empty = v === '' || (k === 'color' && v === 'either') || (k === 'eloOf' && v === 'both');
    if (!empty) params.set(k, v);
  }
  return `#q=${encodeURIComponent(params.toString())}`;
}

/** The query a hash names (null: none, or not a query). */
export function queryOfHash(hash: string): SearchQuery | null {
  const m = /^#q=(.*)$/.exec(hash);
  if (!m) return null;
  let params;
  try {
    params = new URLSearchParams(decodeURIComponent(m[1]));
  } catch {
    return null;
  }
  const values: Partial<Record<FormField, string>> = {};
  for (const [k, v] of params) values[k as FormField] = v;
  return queryOf(values);
}
