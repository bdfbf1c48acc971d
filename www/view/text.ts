// The page's short texts, as pure functions of the state: the game's title
// line, the game count, and an error's message.

import type { GameHeaders } from '../../pkg/cadb.js';
import type { State } from '../state.js';

/** "White (Elo) – Black (Elo)  result · event · site · date". */
export function gameTitle(h: GameHeaders): string {
  const elo = (e?: number) => (e ? ` (${e})` : '');
  return `${h.white ?? '?'}${elo(h.whiteElo)} – ${h.black ?? '?'}${elo(h.blackElo)}  ${h.result}` +
    [h.event, h.site, h.date.replace(/\.\?\?/g, '').replace(/^\?+$/, '')].filter(Boolean).map((s) => ` · ${s}`).join('');
}

/** The games listed: "216", or "12 of 216" when filtered. */
export function gameCount(s: State): string {
  const games = s.info?.games ?? 0;
  const { order, filtered } = s.list.view;
  if (!s.info) return '–';
  const n = order ? order.length : games;
  return order && filtered ? `${n.toLocaleString('en')} of ${games.toLocaleString('en')}` : n.toLocaleString('en');
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
