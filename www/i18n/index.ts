// The language of the page: `T` is the strings of the one in use (en.ts,
// ru.ts), which every view reads when it draws. The controller switches
// it (useLanguage) with the language in its state; the page then draws
// every text in it, the fixed texts of index.html too (translatePage). Also
// SAN for display (piece letters of the language, or figurines) and SAN in
// words for the screen reader. PGN export never passes through here: it
// is always standard English SAN.

import { en, type Strings } from './en.js';
import { setLocale } from './format.js';
import { ru } from './ru.js';

export type Language = 'en' | 'ru';
export const LANGUAGES: Record<Language, Strings> = { en, ru };

/** How SAN shows pieces: the language's letters, or figurines. */
export type Notation = 'letters' | 'figurine';

/** The strings of the language in use (a live binding: read it when drawing). */
export let T: Strings = en;
let notation: Notation = 'letters';

/** The language to start in: the one chosen before, else the browser's. */
export function preferredLanguage(saved: string | null, browser: readonly string[]): Language {
  if (saved === 'en' || saved === 'ru') return saved;
  // Players in Belarus, Kazakhstan or Ukraine with a Russian UI ask for ru first too.
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ru') return 'ru';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** Switches the strings in use: `T`, and the number and date formats.
 * The page's fixed texts follow when it is drawn (translatePage). */
export function useLanguage(lang: Language): void {
  T = LANGUAGES[lang];
  setLocale(T.locale);
}

export function setNotation(n: Notation): void {
  notation = n;
}

const FIGURINES: Record<string, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };

/** SAN as the user reads it: "Кf3", "♘f3", "e8=Ф". Only SAN's upper-case
 * letters are pieces (files are lower case, castling is O-O). */
export function displaySan(san: string): string {
  const map: Record<string, string> = notation === 'figurine' ? FIGURINES : T.pieces;
  return san.replace(/[KQRBN]/g, (p) => map[p]);
}

/** A move in words: "12... knight takes f6, check"; `fen` is the
 * position after it (it says who moved, and the move's number). */
export function spokenMove(san: string, fen: string): string {
  const [, turn, , , , full] = fen.split(' ');
  const white = turn === 'b';
  const moveNumber = (Number(full) || 1) - (white ? 0 : 1);
  const s = T.spoken;
  const words: string[] = [];
  const body = san.replace(/[+#!?]+$/, '');
  if (body.startsWith('O-O-O')) words.push(s.long);
  else if (body.startsWith('O-O')) words.push(s.short);
  else {
    const m = /^([KQRBN])?([a-h]?[1-8]?)(x)?([a-h][1-8])(?:=([QRBN]))?/.exec(body);
    if (m) {
      if (m[1]) words.push(s[m[1] as 'K']);
      if (m[2]) words.push(m[2]);
      if (m[3]) words.push(s.takes);
      words.push(m[4]);
      if (m[5]) words.push(s.promotes[m[5] as 'Q']);
    } else {
      words.push(body);
    }
  }
  const check = san.includes('#') ? s.mate : san.includes('+') ? s.check : '';
  return `${moveNumber}${white ? '.' : '...'} ${words.join(' ')}${check ? `, ${check}` : ''}`;
}

type PageKey = keyof Strings['page'];

/** Fills the fixed texts: `data-i18n="key"` is an element's text,
 * `data-i18n-title`, `-label` (aria-label) and `-placeholder` its
 * attributes; each names a key of `T.page`. */
export function translatePage(root: ParentNode): void {
  const page = T.page;
  const get = (key: string | undefined) => (key && key in page ? page[key as PageKey] : undefined);
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-i18n], [data-i18n-title], [data-i18n-label], [data-i18n-placeholder]'))) {
    const text = get(el.dataset.i18n);
    if (text !== undefined) el.textContent = text;
    const title = get(el.dataset.i18nTitle);
    if (title !== undefined) el.title = title;
    const label = get(el.dataset.i18nLabel);
    if (label !== undefined) el.setAttribute('aria-label', label);
    const placeholder = get(el.dataset.i18nPlaceholder);
    if (placeholder !== undefined) el.setAttribute('placeholder', placeholder);
  }
  document.title = page.title;
}
