// The graph under the board: the main line's stored engine evaluations or,
// in a game without any, its material balance, as an inline SVG
// (renderGraph); the current move is marked by markGraph. A click goes to
// the nearest ply's move. It is a convenience for the mouse: the move list
// is the keyboard's path, so the SVG is one image with a summary label.

import { nextOnLine } from '../game.js';
import { signed } from '../i18n/format.js';
import { displaySan, T as strings } from '../i18n/index.js';

/** Centipawns as pawns with a sign: "+0.35", "−3.68", "0.00". */
const pawns = (cp: number) => signed(cp / 100, 2);
/** A material balance in pawns: "+2", "−5", "0". */
const balance = (n: number) => signed(n, 0);
import type { GameState } from '../state.js';

export type GraphKind = 'eval' | 'material';

/** What the graph shows, for the main line's plies 0 (the start) to n. */
export interface GraphData {
  kind: GraphKind;
  /** The move at each ply from 1: ids[k - 1] is ply k's (game.ts's ids). */
  ids: number[];
  /** The value at each ply 0..n, White's view: centipawns (eval) or pawns
   * (material); null where no evaluation is stored. */
  values: (number | null)[];
}

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
export function graphData(g: GameState): GraphData {
  const ids: number[] = [];
  for (let id = nextOnLine(g, -1); id >= 0; id = g.nodes[id].next) ids.push(id);
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

/** Lichess's winning chances: -1 (Black wins) to 1 (White wins). */
const chances = (cp: number) => 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;

const xOf = (ply: number, plies: number) => PAD + (ply * (W - 2 * PAD)) / Math.max(1, plies);

const SVG = 'http://www.w3.org/2000/svg';
function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, cls = ''): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  if (cls) e.setAttribute('class', cls);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** "18. Bd6", "18… Bxg1": the move at ply k ≥ 1. */
function moveName(g: GameState, id: number): string {
  const m = g.nodes[id].move;
  return `${Math.floor(m.ply / 2) + 1}${m.ply % 2 === 0 ? '.' : '…'} ${displaySan(m.san)}`;
}

/** The graph of game `g` (null: no moves to draw); `onPick(ply)` is called
 * on a click, with the nearest ply (0: the start). Plies without a stored
 * evaluation are interpolated between their neighbours' (a straight line;
 * none before the first or after the last). */
export function renderGraph(g: GameState, onPick: (ply: number) => void): { kind: GraphKind; svg: SVGSVGElement } | null {
  const { kind, ids, values } = graphData(g);
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
  const fmt = kind === 'eval' ? pawns : balance;
  const label = kind === 'eval' ? T.evalLabel(moves, known.length, fmt(first), fmt(last)) : T.materialLabel(moves, fmt(first), fmt(last));

  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label }, 'graph');
  root.dataset.plies = String(n);
  root.append(svg('rect', { x: 0, y: 0, width: W, height: H, rx: 3 }, 'graph-bg'));
  root.append(svg('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2 }, 'graph-zero'));
  const line = pts.map(([x, y], k) => `${k ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
  const [x0, xn] = [pts[0][0], pts[pts.length - 1][0]];
  root.append(svg('path', { d: `M${x0.toFixed(1)},${H / 2}${line.replace(/^M/, 'L')}L${xn.toFixed(1)},${H / 2}Z` }, 'graph-area'));
  root.append(svg('path', { d: line }, 'graph-line'));
  // Sparse evaluations are dots too, to show where the values are; dense
  // ones would bead the line.
  if (kind === 'eval' && known.length * 2 <= n + 1) {
    for (const [x, y] of pts) root.append(svg('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 2.5 }, 'graph-dot'));
  }
  const caption = svg('text', { x: PAD + 1, y: 12 }, 'graph-caption');
  caption.textContent = kind === 'eval' ? T.evalCaption : T.materialCaption;
  root.append(caption);
  root.append(svg('line', { x1: 0, x2: 0, y1: 0, y2: H }, 'graph-cursor'));

  // One column a ply, to the midpoints with its neighbours: a click goes
  // to the nearest ply, and hovering shows its value.
  const step = (W - 2 * PAD) / n;
  for (let ply = 0; ply <= n; ply++) {
    const x = Math.max(0, xOf(ply, n) - step / 2);
    const right = Math.min(W, xOf(ply, n) + step / 2);
    const hit = svg('rect', { x: x.toFixed(2), y: 0, width: (right - x).toFixed(2), height: H }, 'graph-hit');
    hit.dataset.ply = String(ply);
    const v = values[ply];
    const name = ply === 0 ? T.start : moveName(g, ids[ply - 1]);
    const title = svg('title', {});
    title.textContent =
      kind === 'material' ? T.materialPoint(name, balance(v ?? 0)) : v === null ? T.noEval(name) : T.evalPoint(name, pawns(v));
    hit.append(title);
    root.append(hit);
  }
  root.addEventListener('click', (e) => {
    const ply = (e.target as Element).closest('[data-ply]')?.getAttribute('data-ply');
    if (ply != null) onPick(Number(ply));
  });
  return { kind, svg: root };
}

/** Marks the current move's ply on the graph in `root`; a move off the
 * main line (in a variation) is marked at its ply, dashed. */
export function markGraph(root: HTMLElement, g: GameState): void {
  const svgEl = root.querySelector('svg.graph');
  const cursor = svgEl?.querySelector('.graph-cursor');
  if (!svgEl || !cursor) return;
  const plies = Number((svgEl as SVGSVGElement).dataset.plies);
  let ply = 0;
  for (let id = g.current; id >= 0; id = g.nodes[id].parent) ply++;
  // A variation may go on past the main line's end: marked at the end.
  const x = xOf(Math.min(ply, plies), plies).toFixed(1);
  cursor.setAttribute('x1', x);
  cursor.setAttribute('x2', x);
  cursor.classList.toggle('off-line', !onMainLine(g, g.current));
}

/** Whether move `id` (-1: the start) is on the main line. */
function onMainLine(g: GameState, id: number): boolean {
  // A variation's first move has a parent whose `next` is another move.
  for (let at = id; at >= 0; at = g.nodes[at].parent) {
    if (nextOnLine(g, g.nodes[at].parent) !== at) return false;
  }
  return true;
}
