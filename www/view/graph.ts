// The graph under the board: the main line's stored engine evaluations or,
// in a game without any, its material balance; after "Analyse game", the
// core's merge of the engine's scores with the stored ones (stored ones
// marked with a square: they win over computed ones). An inline SVG
// (renderGraph), the current move marked. A click goes to
// the nearest ply's move. It is a convenience for the mouse: the move list
// is the keyboard's path, so the SVG is one image with a summary label.

import { h, type VNode } from 'snabbdom';
import { nextOnLine } from '../game.js';
import { signed } from '../i18n/format.js';
import { displaySan, T as strings } from '../i18n/index.js';

/** A material balance in pawns: "+2", "−5", "0". */
const balance = (n: number) => signed(n, 0);
import type { AnnotatedGame } from '../../pkg/cadb.js';
import type { GameState } from '../state.js';
import { cpChances as chances, winner } from '../uci.js';
import { scoreText } from './engine.js';

export type GraphKind = 'eval' | 'material';

/** What the graph shows, for the main line's plies 0 (the start) to n. */
export interface GraphData {
  kind: GraphKind;
  /** The move at each ply from 1: ids[k - 1] is ply k's (game.ts's ids). */
  ids: number[];
  /** The value at each ply 0..n, White's view: centipawns (eval) or pawns
   * (material); null where no evaluation is stored. */
  values: (number | null)[];
  /** An analysed game's: each ply's score as text, and whether it is the
   * database's (stored) or the engine's. */
  analysed?: { texts: (string | null)[]; stored: boolean[] };
}

/** A mate as centipawns for the graph's scale (its winning chances are ±1). */
const MATE_CP = 100_000;

const VALUES: Record<string, number> = { p: 1, n: 3, b: 3, r: 5, q: 9 };

/** White's material minus Black's, in pawns, from a FEN's placement. */
export function material(fen: string): number {
  let sum = 0;
  for (const c of fen.split(' ')[0]) {
    const v = VALUES[c.toLowerCase()];
    if (v) sum += c === c.toLowerCase() ? -v : v;
  }
  return sum;
}

/** The main line's values: the engine evaluations stored on its moves (the
 * database keeps centipawns from White's view, PGN's %eval convention: see
 * `Eval::Engine` in src/game/mod.rs; `cap` only tags a value as CAP's, its
 * scale is the same), or the material balance when none of them has one. */
export function graphData(g: GameState, analysed: AnnotatedGame | null = null): GraphData {
  const ids: number[] = [];
  for (let id = nextOnLine(g, -1); id >= 0; id = g.nodes[id].next) ids.push(id);
  if (analysed) {
    const fenAt = (k: number) => (k === 0 ? g.view.startFen : g.nodes[ids[k - 1]].fen);
    const scores = [0, ...ids].map((_, k) => analysed.scores[k] ?? null);
    return {
      kind: 'eval', ids,
      values: scores.map((sc, k) => (sc === null ? null : 'cp' in sc ? sc.cp : winner(sc, fenAt(k)) * MATE_CP)),
      analysed: { texts: scores.map((sc) => (sc === null ? null : scoreText(sc))), stored: scores.map((_, k) => analysed.stored[k] ?? false) },
    };
  }
  const evals = ids.map((id) => {
    const e = g.nodes[id].move.evals.find((x) => x.kind === 'engine');
    return e && e.kind === 'engine' ? e.centipawns : null;
  });
  if (evals.some((v) => v !== null)) return { kind: 'eval', ids, values: [null, ...evals] };
  return { kind: 'material', ids, values: [material(g.view.startFen), ...ids.map((id) => material(g.nodes[id].fen))] };
}

// The SVG's own units: it scales with its width (the board's), keeping
// this shape, so dots stay round.
const W = 400;
const H = 48;
const PAD = 5;


const xOf = (ply: number, plies: number) => PAD + (ply * (W - 2 * PAD)) / Math.max(1, plies);

/** "18. Bd6", "18… Bxg1": the move at ply k ≥ 1. */
function moveName(g: GameState, id: number): string {
  const m = g.nodes[id].move;
  return `${Math.floor(m.ply / 2) + 1}${m.ply % 2 === 0 ? '.' : '…'} ${displaySan(m.san)}`;
}

/** The graph of game `g` (null: no moves to draw), its current move
 * marked; `onPick(ply)` is called on a click, with the nearest ply (0: the
 * start). Plies without a stored evaluation are interpolated between their
 * neighbours' (a straight line; none before the first or after the last). */
export function renderGraph(g: GameState, annotated: AnnotatedGame | null, onPick: (ply: number) => void): { kind: GraphKind; svg: VNode } | null {
  const { kind, ids, values, analysed } = graphData(g, annotated);
  const n = ids.length;
  if (n === 0) return null;
  const T = strings.graph;
  const known = values.flatMap((v, ply) => (v === null ? [] : [{ ply, v }]));
  const limit = kind === 'material' ? Math.max(4, ...known.map((p) => Math.abs(p.v))) : 1;
  const yOf = (v: number) => H / 2 - ((kind === 'eval' ? chances(v) : v / limit) * (H / 2 - PAD));
  const pts = known.map(({ ply, v }) => [xOf(ply, n), yOf(v)] as const);

  const first = known[0].v;
  const last = known[known.length - 1].v;
  const moves = Math.floor(g.nodes[ids[n - 1]].move.ply / 2) - Math.floor(g.nodes[ids[0]].move.ply / 2) + 1;
  const fmt = kind === 'eval' ? (cp: number) => scoreText({ cp }) : balance;
  const text = (ply: number, v: number) => analysed?.texts[ply] ?? fmt(v);
  const firstPly = known[0].ply;
  const lastPly = known[known.length - 1].ply;
  const storedCount = analysed ? known.filter((p) => analysed.stored[p.ply]).length : 0;
  const label = analysed
    ? T.analysedLabel(moves, storedCount, known.length - storedCount, text(firstPly, first), text(lastPly, last))
    : kind === 'eval' ? T.evalLabel(moves, known.length, fmt(first), fmt(last)) : T.materialLabel(moves, fmt(first), fmt(last));

  const line = pts.map(([x, y], k) => `${k ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
  const [x0, xn] = [pts[0][0], pts[pts.length - 1][0]];
  // Sparse evaluations are dots too, to show where the values are; dense
  // ones would bead the line.
  const dots = analysed
    ? known.flatMap((p, k) => (analysed.stored[p.ply]
      ? [h('rect.graph-stored', { attrs: { x: (pts[k][0] - 2.5).toFixed(1), y: (pts[k][1] - 2.5).toFixed(1), width: 5, height: 5, 'data-stored-ply': String(p.ply) } })]
      : []))
    : kind === 'eval' && known.length * 2 <= n + 1
      ? pts.map(([x, y]) => h('circle.graph-dot', { attrs: { cx: x.toFixed(1), cy: y.toFixed(1), r: 2.5 } }))
      : [];
  // The current move's ply; a move off the main line (in a variation) is
  // marked at its ply, dashed, and past the main line's end at the end.
  let ply = 0;
  for (let id = g.current; id >= 0; id = g.nodes[id].parent) ply++;
  const cursor = xOf(Math.min(ply, n), n).toFixed(1);

  // One column a ply, to the midpoints with its neighbours: a click goes
  // to the nearest ply, and hovering shows its value.
  const step = (W - 2 * PAD) / n;
  const hits: VNode[] = [];
  for (let k = 0; k <= n; k++) {
    const x = Math.max(0, xOf(k, n) - step / 2);
    const right = Math.min(W, xOf(k, n) + step / 2);
    const v = values[k];
    const name = k === 0 ? T.start : moveName(g, ids[k - 1]);
    const title = kind === 'material' ? T.materialPoint(name, balance(v ?? 0))
      : v === null ? T.noEval(name)
        : analysed ? (analysed.stored[k] ? T.storedPoint : T.computedPoint)(name, text(k, v))
          : T.evalPoint(name, scoreText({ cp: v }));
    hits.push(h('rect.graph-hit', { attrs: { x: x.toFixed(2), y: 0, width: (right - x).toFixed(2), height: H, 'data-ply': String(k) } }, [h('title', title)]));
  }
  const svg = h('svg.graph', {
    attrs: { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, 'data-plies': String(n), 'data-analysed': String(!!analysed), 'data-stored': String(storedCount) },
    on: {
      click: (e: Event) => {
        const at = (e.target as Element).closest('[data-ply]')?.getAttribute('data-ply');
        if (at != null) onPick(Number(at));
      },
    },
  }, [
    h('rect.graph-bg', { attrs: { x: 0, y: 0, width: W, height: H, rx: 3 } }),
    h('line.graph-zero', { attrs: { x1: 0, x2: W, y1: H / 2, y2: H / 2 } }),
    h('path.graph-area', { attrs: { d: `M${x0.toFixed(1)},${H / 2}${line.replace(/^M/, 'L')}L${xn.toFixed(1)},${H / 2}Z` } }),
    h('path.graph-line', { attrs: { d: line } }),
    ...dots,
    h('text.graph-caption', { attrs: { x: PAD + 1, y: 12 } }, kind === 'eval' ? T.evalCaption : T.materialCaption),
    h('line.graph-cursor', { class: { 'off-line': !onMainLine(g, g.current) }, attrs: { x1: cursor, x2: cursor, y1: 0, y2: H } }),
    ...hits,
  ]);
  return { kind, svg };
}

/** Whether move `id` (-1: the start) is on the main line. */
function onMainLine(g: GameState, id: number): boolean {
  // A variation's first move has a parent whose `next` is another move.
  for (let at = id; at >= 0; at = g.nodes[at].parent) {
    if (nextOnLine(g, g.nodes[at].parent) !== at) return false;
  }
  return true;
}
