// How the pool (pool.ts) cuts a pass between its helpers, and joins
// their answers in order: an export's slices of the games' order, a list
// of many's shares of its databases, and the parts' hits merged in game
// order.

import type { ExportSummary } from '../pkg/cadb.js';
import type { ListMember, Opened } from './pool.js';

/** About this many bytes of records a slice: what the core holds at once
 * when they lie out of game order (HOLD_BYTES in src/wasm/export.rs), so
 * a slice costs one read through D02; at most SLICES_EACH slices a helper. */
const SLICE_BYTES = 96 << 20;
const SLICES_EACH = 4;

/** Which of `members` each of `n` helpers keeps: the biggest D02 first,
 * each to the helper with the fewest bytes so far (they search in about
 * the same time); each share in the list's order. */
export function shares(members: ListMember[], n: number): number[][] {
  const size = (k: number) => { const { source } = members[k].member; return source.kind === 'files' ? source.files.d02.size : 0; };
  const out = Array.from({ length: n }, () => ({ bytes: 0, share: [] as number[] }));
  for (const k of members.map((_, k) => k).sort((a, b) => size(b) - size(a) || a - b)) {
    const least = out.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    least.bytes += size(k);
    least.share.push(k);
  }
  return out.map((o) => o.share.sort((a, b) => a - b));
}

/** Where each of `members` (the list of many) begins in the list's numbering. */
export const startsOf = (members: ListMember[]): number[] => {
  let at = 0;
  return members.map((m) => (at += m.games) - m.games);
};

/** Column `column` of each database's answer, one after another; with
 * `starts`, each database's games numbered after those before it. */
export function joined<T, C extends Uint32Array | Uint16Array | Uint8Array>(
  answers: T[],
  column: (answer: T) => C,
  make: new (length: number) => C,
  starts?: number[],
): C {
  const out = new make(sum(answers, (a) => column(a).length));
  let at = 0;
  for (const [k, a] of answers.entries()) {
    const c = column(a);
    out.set(starts ? c.map((g) => g + starts[k]) : c, at);
    at += c.length;
  }
  return out;
}

/** The pass of `total` games cut into slices `[from, to)` of its order:
 * about SLICE_BYTES of records each, at least one a helper and at most
 * SLICES_EACH each. */
export function cut(total: number, opened: Opened, helpers: number): [number, number][] {
  const d02Bytes = opened.source.kind === 'files' ? opened.source.files.d02.size : 0;
  const perGame = d02Bytes / Math.max(1, opened.games);
  const bySize = Math.ceil((total * perGame) / SLICE_BYTES);
  const count = Math.max(1, Math.min(total, Math.max(helpers, Math.min(bySize, helpers * SLICES_EACH))));
  const out: [number, number][] = [];
  for (let k = 0; k < count; k++) out.push([Math.floor((total * k) / count), Math.floor((total * (k + 1)) / count)]);
  return out;
}

/** The slices' summaries as one, in order (an error names its game by
 * the database's index: each slice was given the games' indices). */
export function merge(results: ExportSummary[]): ExportSummary {
  return {
    games: results.reduce((a, r) => a + r.games, 0),
    bytes: results.reduce((a, r) => a + r.bytes, 0),
    errors: results.flatMap((r) => r.errors),
  };
}

/** For the parts' games joined in game order, the part each comes from:
 * each part's games are in game order, and a game is in one part only,
 * so a merge of the parts (a few: the helpers, at most 8, times
 * PARTS_EACH). */
export function interleave(games: Uint32Array[]): Uint8Array {
  const from = new Uint8Array(games.reduce((a, g) => a + g.length, 0));
  const at = games.map(() => 0);
  for (let k = 0; k < from.length; k++) {
    let j = -1;
    for (let i = 0; i < games.length; i++) {
      if (at[i] < games[i].length && (j < 0 || games[i][at[i]] < games[j][at[j]])) j = i;
    }
    from[k] = j;
    at[j]++;
  }
  return from;
}

/** A column of the parts (what goes with each game), in the order
 * `interleave` gave, into `out`; a part without it gives zeros. */
export function gather<C extends Uint32Array | Uint16Array | Uint8Array>(from: Uint8Array, columns: (C | undefined)[], out: C): C {
  const at = columns.map(() => 0);
  for (let k = 0; k < from.length; k++) {
    const j = from[k];
    out[k] = columns[j]?.[at[j]] ?? 0;
    at[j]++;
  }
  return out;
}

export const sum = <T>(xs: T[], f: (x: T) => number): number => xs.reduce((a, x) => a + f(x), 0);
