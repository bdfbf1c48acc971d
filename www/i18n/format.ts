// Numbers, dates and plurals in the chosen locale (i18n/index.ts sets it).
// The language modules (en.ts, ru.ts) build their phrases with these.

import type { Failed } from '../protocol.js';

let locale = 'en-US';
/** Intl's formatters, made once a locale and kind: each one made costs
 * about as much as a thousand uses (toLocaleString makes one a call, which
 * was a tenth of the first game's main-thread time: issue 46). */
let made = new Map<string, unknown>();

function formatter<T>(key: string, make: () => T): T {
  let f = made.get(key) as T | undefined;
  if (!f) made.set(key, (f = make()));
  return f;
}

/** Makes the formatters a database's first opening uses (its status
 * line, the list's dates, the header), while the page waits for its
 * Worker: the first one made costs about 30 ms, the next ones 10 each
 * (issue 46), which a first game would otherwise wait for. */
export function warmFormatters(): void {
  fixed(0, 1);
  plural(0, { one: '', other: '' });
  pgnDate('2000.01.01');
  pgnDate('2000.01.??');
}

/** Sets the locale every formatter uses. */
export function setLocale(tag: string): void {
  if (tag !== locale) made = new Map();
  locale = tag;
}

/** "2,016" in English, "2 016" in Russian. */
export function num(n: number): string {
  // Below a thousand no locale of ours groups or changes a digit, and
  // making the formatter costs a first game 30 ms (issue 46).
  // (Intl writes -0 as "-0".)
  if (Number.isInteger(n) && n < 1000 && (n > 0 || Object.is(n, 0))) return String(n);
  return formatter('num', () => new Intl.NumberFormat(locale)).format(n);
}

/** A number with `digits` decimals: "0.35", "0,35". */
export function fixed(n: number, digits: number): string {
  return formatter(`fixed${digits}`, () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })).format(n);
}

/** A signed number with `digits` decimals, the minus a true minus:
 * "+0.35", "−3,68", "0". */
export function signed(n: number, digits: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : ''}${fixed(Math.abs(n), digits)}`;
}

/** An engine evaluation by the move, in pawns from its centipawns
 * (White's view): "+0.35", "+0.00", with the literal tag CAP when stored
 * with it. */
export function pawns(centipawns: number, cap: boolean): string {
  return `${centipawns >= 0 ? '+' : '−'}${fixed(Math.abs(centipawns) / 100, 2)}${cap ? ' CAP' : ''}`;
}

/** Years a move was played in: "1851", "1927–1999". */
export function years(first: number, last: number): string {
  return first === last ? String(first) : `${first}–${last}`;
}

/** A score: "2.5 / 4 (63%)" (points doubled, so halves stay exact); '–' for no finished game. */
export function score(points2: number, finished: number): string {
  return finished === 0 ? '–' : `${num(points2 / 2)} / ${num(finished)} (${Math.round((50 * points2) / finished)}%)`;
}

/** The form of a word for `n` (Intl's plural categories: English has
 * one/other, Russian one/few/many). */
export function plural(n: number, forms: { one: string; few?: string; many?: string; other: string }): string {
  const category = formatter('plural', () => new Intl.PluralRules(locale)).select(n) as keyof typeof forms;
  return forms[category] ?? forms.other;
}

/** A PGN date ("1998.06.21", "1998.06.??", "1998.??.??", "????.??.??") in
 * the locale: a full date in numbers, a month and year, a year, or ''. */
export function pgnDate(date: string): string {
  const m = /^(\d{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)$/.exec(date.trim());
  if (!m) return date.replace(/^[?.]+$/, '');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!(month >= 1 && month <= 12)) return m[1];
  // UTC noon: no time zone moves the day.
  const at = new Date(Date.UTC(year, month - 1, day >= 1 && day <= 31 ? day : 1, 12));
  // Years before 100 would be read as 19xx by the constructor.
  at.setUTCFullYear(year);
  const full = day >= 1 && day <= 31;
  const options: Intl.DateTimeFormatOptions = full
    ? { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }
    : { year: 'numeric', month: 'short', timeZone: 'UTC' };
  return formatter(full ? 'day' : 'month', () => new Intl.DateTimeFormat(locale, options)).format(at);
}

/** Databases that did not open, each with why: "B (truncated); C (...)". */
export function failures(failed: Failed[]): string {
  return failed.map((f) => `${f.name} (${f.why})`).join('; ');
}
