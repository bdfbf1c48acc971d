// The move list: the game's tree flattened for stepping (flatten), and drawn
// with variations inline in parentheses, comments, NAG glyphs, evaluations
// and diagram markers (render). Variations are role=group and comments
// role=note, so a screen reader can walk the tree.

import type { GameView, MoveNode as ApiMove } from '../pkg/cadb.js';
import { NAGS } from './config.js';
import type { MoveNode } from './state.js';

/** Flattens the tree: ids in document order; `next` follows each line. */
export function flatten(view: GameView): MoveNode[] {
  const nodes: MoveNode[] = [];
  const line = (moves: ApiMove[], before: number) => {
    let prev = before;
    moves.forEach((m, i) => {
      const id = nodes.length;
      nodes.push({ id, parent: prev, next: -1, san: m.san, uci: m.uci, fen: m.fen, ply: m.ply });
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

/** The first move of the main line, where stepping forward from the start goes. */
export function firstMove(nodes: MoveNode[]): number {
  return nodes.length > 0 ? 0 : -1;
}

function text(tag: string, cls: string, content: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = content;
  return el;
}

function comment(c: string): HTMLElement {
  const el = text('span', 'comment', c);
  el.setAttribute('role', 'note');
  el.dataset.testid = 'comment';
  return el;
}

function nag(n: number): HTMLElement {
  const [glyph, meaning] = NAGS[n] ?? [`$${n}`, `NAG ${n}`];
  const el = text('span', 'nag', glyph);
  el.title = meaning;
  el.setAttribute('aria-label', meaning);
  return el;
}

/** Draws the game's moves into a fragment; `onPick(id)` on a click. */
export function render(view: GameView, nodes: MoveNode[], onPick: (id: number) => void): DocumentFragment {
  const frag = document.createDocumentFragment();
  let id = 0;
  const line = (moves: ApiMove[], into: HTMLElement | DocumentFragment, depth: number) => {
    let needNumber = true;
    for (const m of moves) {
      const node = nodes[id++];
      for (const c of m.commentsBefore) into.append(comment(c));
      if (m.diagramBefore) into.append(text('span', 'diagram', '⊞'));
      const white = m.ply % 2 === 0;
      const number = Math.floor(m.ply / 2) + 1;
      if (white) into.append(text('span', 'num', `${number}.`));
      else if (needNumber) into.append(text('span', 'num', `${number}…`));
      const el = text('button', 'move', m.san);
      el.setAttribute('type', 'button');
      el.dataset.testid = 'move';
      el.dataset.id = String(node.id);
      el.dataset.fen = m.fen;
      el.dataset.san = m.san;
      el.addEventListener('click', () => onPick(node.id));
      into.append(el);
      for (const n of m.nags) into.append(nag(n));
      for (const e of m.evals) {
        const t = e.kind === 'engine' ? `${e.centipawns >= 0 ? '+' : ''}${(e.centipawns / 100).toFixed(2)}${e.cap ? ' CAP' : ''}` : e.text;
        into.append(text('span', 'eval', t));
      }
      if (m.diagramAfter) into.append(text('span', 'diagram', '⊞'));
      needNumber = false;
      for (const c of m.commentsAfter) {
        into.append(comment(c));
        needNumber = true;
      }
      for (const v of m.variations) {
        const group = document.createElement('span');
        group.className = `variation depth-${Math.min(depth + 1, 3)}`;
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', 'variation');
        line(v, group, depth + 1);
        into.append(group);
        needNumber = true;
      }
    }
  };
  for (const c of view.comments.length && view.moves.length === 0 ? view.comments : []) frag.append(comment(c));
  line(view.moves, frag, 0);
  if (view.moves.length > 0) for (const c of view.comments) frag.append(comment(c));
  frag.append(text('span', 'result', view.headers.result));
  return frag;
}
