// The settings and choices kept across reloads, in localStorage: language,
// piece letters, theme, the panels open, the encoding chosen for each
// database, the game list's column widths. Nothing leaves the machine. A browser that refuses storage
// (private mode, a policy) just forgets them.

import type { Kept, Settings, Widths } from './state.js';
import { preferredLanguage } from './i18n/index.js';
import type { TextChoice } from './protocol.js';

const KEY = 'cadb.prefs.v1';

export interface Prefs {
  language?: string;
  notation?: string;
  theme?: string;
  /** Panel id to open (true) or closed (false). */
  panels?: Record<string, boolean>;
  /** Database name to the encoding chosen for it (none: Auto). */
  encodings?: Record<string, TextChoice>;
  /** The game list's column widths the user dragged, in CSS pixels. */
  columns?: Widths;
}

/** What is stored, each field kept only if it has its type (storage is
 * the user's: an older version, an extension or a hand may have written it). */
export function loadPrefs(): Prefs {
  let v: unknown;
  try {
    v = JSON.parse(localStorage.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!v || typeof v !== 'object') return {};
  const p = v as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const record = <T>(x: unknown, ok: (y: unknown) => y is T): Record<string, T> | undefined =>
    x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).filter(([, y]) => ok(y))) : undefined;
  const isText = (y: unknown): y is string => typeof y === 'string';
  return {
    language: text(p.language),
    notation: text(p.notation),
    theme: text(p.theme),
    panels: record(p.panels, (y): y is boolean => typeof y === 'boolean'),
    encodings: record(p.encodings, isText) as Record<string, TextChoice> | undefined,
    columns: record(p.columns, (y): y is number => typeof y === 'number' && y > 0 && y < 10_000),
  };
}

/** Merges `change` into the stored preferences. */
export function savePrefs(change: Prefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...loadPrefs(), ...change }));
  } catch {
    // Storage refused or full: the choice lasts until the page closes.
  }
}

/** Keeps whether panel `id` is open. */
export function rememberPanel(id: string, open: boolean): void {
  savePrefs({ panels: { ...loadPrefs().panels, [id]: open } });
}

/** The settings to start with: stored, else the browser's language and
 * the system's theme. */
export function initialSettings(p: Prefs = loadPrefs()): Settings {
  return {
    language: preferredLanguage(p.language ?? null, navigator.languages?.length ? navigator.languages : [navigator.language]),
    notation: p.notation === 'figurine' ? 'figurine' : 'letters',
    theme: p.theme === 'light' || p.theme === 'dark' ? p.theme : null,
    treeOpen: p.panels?.tree ?? true,
  };
}

/** The panels open and the column widths kept from the last visit. */
export function keptLayout(p: Prefs = loadPrefs()): Kept {
  return { disclosures: { db: p.panels?.['db-panel'] ?? false, search: p.panels?.['search-panel'] ?? false, moves: p.panels?.['search-moves'] ?? false }, columns: p.columns ?? {} };
}
