// The open game's moves for stepping: the API's move tree flattened into
// an array (flatten), and where each step goes from a move (target).

import type { GameView, MoveNode, Opening } from '../pkg/cadb.js';
import type { ExploreState, FlatMove, GameState } from './state.js';

/** The standard start position: the board with no game open. */
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Flattens the tree: ids in document order (the order view/moves.ts
 * draws them in); `next` follows each line. */
export function flatten(view: GameView): FlatMove[] {
  const nodes: FlatMove[] = [];
  const line = (moves: MoveNode[], before: number) => {
    let prev = before;
    moves.forEach((m, i) => {
      const id = nodes.length;
      nodes.push({ id, parent: prev, next: -1, san: m.san, uci: m.uci, fen: m.fen, move: m });
      // Only moves after the first continue a line: a variation's first move
      // leaves `before.next` on the line it branches from.
      if (i > 0) nodes[prev].next = id;
      // Each variation replaces this move: it starts from the same position.
      for (const v of m.variations) line(v, prev);
      prev = id;
    });
  };
  line(view.moves, -1);
  return nodes;
}

export type Step = 'back' | 'forward' | 'start' | 'end';

/** The move a step goes to from the current one (-1: the start position;
 * null: nowhere, forward at the end of a line). */
export function target(g: GameState, step: Step): number | null {
  const next = (id: number) => nextOnLine(g, id);
  const cur = g.current;
  switch (step) {
    case 'back':
      return cur < 0 ? -1 : g.nodes[cur].parent;
    case 'forward': {
      const n = next(cur);
      return n >= 0 ? n : null;
    }
    case 'start':
      return -1;
    case 'end': {
      let id = cur;
      for (let n = next(id); n >= 0; n = next(id)) id = n;
      return id;
    }
  }
}

/** The main line's move after `ply` plies (-1: the start position; the
 * last move when the line is shorter). */
export function mainLineMove(g: GameState, ply: number): number {
  let id = -1;
  for (let k = 0; k < ply; k++) {
    const next = nextOnLine(g, id);
    if (next < 0) break;
    id = next;
  }
  return id;
}

/** What the board shows: the end of an explored line, else the game's
 * current position (null: neither). `uci` and `san` are the move that led
 * there (null at a start). */
export interface Shown {
  fen: string;
  uci: string | null;
  san: string | null;
  /** Plies from the game's start (the tree counts its cap in these). */
  ply: number;
}

export function shown(g: GameState | null, explore: ExploreState | null): Shown | null {
  const last = explore?.moves.at(-1);
  const base = explore ? explore.from : g ? g.current : -1;
  let ply = explore ? explore.moves.length : 0;
  for (let id = base; g && id >= 0; id = g.nodes[id].parent) ply++;
  if (last) return { fen: last.fen, uci: last.uci, san: last.san, ply };
  if (!g) return explore ? { fen: explore.startFen, uci: null, san: null, ply } : null;
  const node = g.current >= 0 ? g.nodes[g.current] : null;
  return { fen: node ? node.fen : g.view.startFen, uci: node?.uci ?? null, san: node?.san ?? null, ply };
}

/** Placement and side to move: what a position search compares. */
export function samePosition(a: string, b: string): boolean {
  return a.split(' ', 2).join(' ') === b.split(' ', 2).join(' ');
}

/** An explored line in SAN with move numbers ("12...Nf6 13. Bd3"), from
 * the FEN before each move; `san` shows each move (the language's letters). */
export function exploredText(e: ExploreState, san: (s: string) => string = (s) => s): string {
  return e.moves
    .map((m, k) => {
      const [, turn, , , , full] = (k === 0 ? e.startFen : e.moves[k - 1].fen).split(' ');
      const n = Number(full) || 1;
      if (turn === 'w') return `${n}. ${san(m.san)}`;
      return k === 0 ? `${n}... ${san(m.san)}` : san(m.san);
    })
    .join(' ');
}

/** The opening named at the position shown: the deepest named position on
 * the way to it (the explored line's last named one, else the game's, back
 * from the move shown to the start). */
export function shownOpening(g: GameState | null, e: ExploreState | null): Opening | undefined {
  if (e) {
    for (let k = e.moves.length - 1; k >= 0; k--) {
      const o = e.moves[k].opening;
      if (o) return o;
    }
  }
  if (!g) return undefined;
  for (let id = e ? e.from : g.current; id >= 0; id = g.nodes[id].parent) {
    const o = g.nodes[id].move.opening;
    if (o) return o;
  }
  return undefined;
}

/** The move after `id` on its line (-1: none); from the start, the main
 * line's first. */
export function nextOnLine(g: GameState, id: number): number {
  return id < 0 ? (g.nodes.length > 0 ? 0 : -1) : g.nodes[id].next;
}

/** Into a variation (Shift+→): the first move of the first variation of
 * the move that comes next (null: it has none). */
export function enterVariation(g: GameState): number | null {
  const main = nextOnLine(g, g.current);
  const alt = g.nodes.find((n) => n.parent === g.current && n.id !== main);
  return alt ? alt.id : null;
}

/** Out of the variation the current move is in (Shift+←): the position it
 * branches from, on the line above (null: on the main line). */
export function leaveVariation(g: GameState): number | null {
  for (let id = g.current; id >= 0; id = g.nodes[id].parent) {
    const n = g.nodes[id];
    if (nextOnLine(g, n.parent) !== id) return n.parent;
  }
  return null;
}
