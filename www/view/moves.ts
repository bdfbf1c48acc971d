// The moves of the open game, drawn with variations inline in parentheses,
// comments, NAG glyphs, evaluations and diagram markers (renderMoves), and
// the current move marked (markCurrent). Variations are role=group and
// comments role=note, so a screen reader can walk the tree. A comment's
// %cal/%csl commands are drawn on the board (shapes.ts), not shown here.

import type { GameView, MoveNode } from '../../pkg/cadb.js';
import { NAGS } from '../config.js';
import { pawns } from '../i18n/format.js';
import { displaySan, T } from '../i18n/index.js';
import { parseComment } from '../shapes.js';
import type { FlatMove } from '../state.js';

function text(tag: string, cls: string, content: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = content;
  return el;
}

/** A comment's text without its board commands; none when nothing is left. */
function comments(cs: string[]): HTMLElement[] {
  return cs.map((c) => parseComment(c).text).filter((t) => t !== '').map((t) => {
    const el = text('span', 'comment', t);
    el.setAttribute('role', 'note');
    el.dataset.testid = 'comment';
    return el;
  });
}

function nag(n: number): HTMLElement {
  const glyph = NAGS[n] ?? `$${n}`;
  const meaning = T.nags[n] ?? T.nag(n);
  const el = text('span', 'nag', glyph);
  el.title = meaning;
  el.setAttribute('aria-label', meaning);
  return el;
}

/** Draws the game's moves into a fragment; `nodes` is the same tree
 * flattened (game.ts), `onPick(id)` is called on a click. */
export function renderMoves(view: GameView, nodes: FlatMove[], onPick: (id: number) => void): DocumentFragment {
  const frag = document.createDocumentFragment();
  let id = 0;
  const line = (moves: MoveNode[], into: HTMLElement | DocumentFragment, depth: number) => {
    let needNumber = true;
    for (const m of moves) {
      const node = nodes[id++];
      into.append(...comments(m.commentsBefore));
      if (m.diagramBefore) into.append(text('span', 'diagram', '⊞'));
      const white = m.ply % 2 === 0;
      const number = Math.floor(m.ply / 2) + 1;
      if (white) into.append(text('span', 'num', `${number}.`));
      else if (needNumber) into.append(text('span', 'num', `${number}…`));
      const el = text('button', 'move', displaySan(m.san));
      el.setAttribute('type', 'button');
      el.dataset.testid = 'move';
      el.dataset.id = String(node.id);
      el.dataset.fen = m.fen;
      el.dataset.san = m.san;
      el.addEventListener('click', () => onPick(node.id));
      into.append(el);
      for (const n of m.nags) into.append(nag(n));
      for (const e of m.evals) {
        const t = e.kind === 'engine' ? pawns(e.centipawns, e.cap) : e.text;
        into.append(text('span', 'eval', t));
      }
      if (m.diagramAfter) into.append(text('span', 'diagram', '⊞'));
      needNumber = false;
      const after = comments(m.commentsAfter);
      into.append(...after);
      if (after.length) needNumber = true;
      for (const v of m.variations) {
        const group = document.createElement('span');
        group.className = `variation depth-${Math.min(depth + 1, 3)}`;
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', T.moves.variation);
        line(v, group, depth + 1);
        into.append(group);
        needNumber = true;
      }
    }
  };
  if (view.moves.length === 0) frag.append(...comments(view.comments));
  line(view.moves, frag, 0);
  if (view.moves.length > 0) frag.append(...comments(view.comments));
  frag.append(text('span', 'result', view.headers.result));
  return frag;
}

/** Marks move `id` (-1: none) as the current one, scrolled into view. */
export function markCurrent(root: HTMLElement, id: number): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('.move.current'))) {
    el.classList.remove('current');
    el.removeAttribute('aria-current');
  }
  const el = id >= 0 ? root.querySelector<HTMLElement>(`.move[data-id="${id}"]`) : null;
  if (el) {
    el.classList.add('current');
    el.setAttribute('aria-current', 'step');
    el.scrollIntoView({ block: 'nearest' });
  }
}
