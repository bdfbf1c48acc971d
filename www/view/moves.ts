// The moves of the open game, drawn with variations inline in parentheses,
// comments, NAG glyphs, evaluations and diagram markers, the current move
// marked (and scrolled into view when it changes). Variations are
// role=group and comments role=note, so a screen reader can walk the tree.
// A comment's %cal/%csl commands are drawn on the board (shapes.ts), not here.

import { h, type VNode } from 'snabbdom';
import type { GameView, MoveNode } from '../../pkg/cadb.js';
import { NAGS } from '../config.js';
import { pawns } from '../i18n/format.js';
import { displaySan, T } from '../i18n/index.js';
import { parseComment } from '../shapes.js';
import type { FlatMove } from '../state.js';

/** A comment's text without its board commands; none when nothing is left. */
function comments(cs: string[]): VNode[] {
  return cs.map((c) => parseComment(c).text).filter((t) => t !== '').map((t) =>
    h('span.comment', { attrs: { role: 'note', 'data-testid': 'comment' } }, t));
}

/** A NAG's glyph; `engine`: a mark of the engine's analysis, not the database's. */
function nag(n: number, engine = false): VNode {
  const meaning = T.nags[n] ?? T.nag(n);
  return h('span.nag', { class: { 'by-engine': engine }, attrs: { title: meaning, 'aria-label': meaning, ...(engine ? { 'data-testid': 'analysis-mark' } : {}) } }, NAGS[n] ?? `$${n}`);
}

/** Scrolls the current move into view when it becomes the current one. */
function scrollIn(el: Element): void {
  el.scrollIntoView({ block: 'nearest' });
}

/** The game's moves; `nodes` is the same tree flattened (game.ts),
 * `current` the selected move, `onPick(id)` is called on a click; `marks`:
 * the analysis's NAG of a move by id (shown unless the move has it already). */
export function renderMoves(view: GameView, nodes: FlatMove[], current: number, onPick: (id: number) => void, marks: ReadonlyMap<number, number> = new Map()): VNode[] {
  const out: VNode[] = [];
  let id = 0;
  const line = (moves: MoveNode[], into: VNode[], depth: number) => {
    let needNumber = true;
    for (const m of moves) {
      const node = nodes[id++];
      into.push(...comments(m.commentsBefore));
      if (m.diagramBefore) into.push(h('span.diagram', '⊞'));
      const white = m.ply % 2 === 0;
      const number = Math.floor(m.ply / 2) + 1;
      if (white) into.push(h('span.num', `${number}.`));
      else if (needNumber) into.push(h('span.num', `${number}…`));
      const on = node.id === current;
      into.push(h('button.move', {
        class: { current: on },
        attrs: { type: 'button', 'data-testid': 'move', 'data-id': String(node.id), 'data-fen': m.fen, 'data-san': m.san, ...(on ? { 'aria-current': 'step' } : {}) },
        on: { click: () => onPick(node.id) },
        hook: on ? {
          insert: (v) => scrollIn(v.elm as Element),
          update: (old, v) => {
            if (!old.data?.class?.current) scrollIn(v.elm as Element);
          },
        } : {},
      }, displaySan(m.san)));
      for (const n of m.nags) into.push(nag(n));
      const mark = marks.get(node.id);
      if (mark !== undefined && !m.nags.includes(mark)) into.push(nag(mark, true));
      for (const e of m.evals) into.push(h('span.eval', e.kind === 'engine' ? pawns(e.centipawns, e.cap) : e.text));
      if (m.diagramAfter) into.push(h('span.diagram', '⊞'));
      needNumber = false;
      const after = comments(m.commentsAfter);
      into.push(...after);
      if (after.length) needNumber = true;
      for (const v of m.variations) {
        const group: VNode[] = [];
        line(v, group, depth + 1);
        into.push(h(`span.variation.depth-${Math.min(depth + 1, 3)}`, { attrs: { role: 'group', 'aria-label': T.moves.variation } }, group));
        needNumber = true;
      }
    }
  };
  if (view.moves.length === 0) out.push(...comments(view.comments));
  line(view.moves, out, 0);
  if (view.moves.length > 0) out.push(...comments(view.comments));
  out.push(h('span.result', view.headers.result));
  return out;
}
