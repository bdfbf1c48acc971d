// The pattern editor (issue 35), as a pure view of `state.pattern`: in the
// board's place, the pattern's board (chessground, made when its element is
// inserted, then only fed), the palette of the 12 pieces and Forbid, the
// expression as it will be written, and Done, Cancel, Clear.
// Keyboard: the board takes the focus when it opens; arrows move its
// square, Enter or Space puts or removes the piece, a piece's letter
// chooses it (K Q R B N P, with Shift White's), x toggles Forbid, Esc
// cancels. What a square then holds is said (the viewer's live region).

import type { Key } from 'chessground/types';
import { h, type VNode } from 'snabbdom';
import { PatternBoard } from '../board.js';
import type { Controller } from '../controller.js';
import { T } from '../i18n/index.js';
import { type PatternEditor, PIECES, type PieceCode, patternShapes, patternText, placement } from '../pattern.js';

/** The palette's pieces, drawn as the figurines (their names are labels). */
const GLYPHS: Record<PieceCode, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

const boards = new WeakMap<Element, PatternBoard>();

/** The arrow keys as steps (files, ranks) on a board seen from White. */
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

function onBoardKey(ctrl: Controller, e: PatternEditor, ev: KeyboardEvent): void {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const step = ARROWS[ev.key];
  const flip = ctrl.state.orientation === 'black' ? -1 : 1;
  if (step) ctrl.pattern.moveCursor(step[0] * flip, step[1] * flip);
  else if (ev.key === 'Enter' || ev.key === ' ') ctrl.pattern.put(e.cursor, true);
  else if (/^[KQRBNPkqrbnp]$/.test(ev.key)) ctrl.pattern.choose(ev.key as PieceCode);
  else if (ev.key === 'x' || ev.key === 'X') ctrl.pattern.setForbid(!e.forbid);
  else return;
  // None of these reaches the page's keys (n, p: the next game; arrows: steps).
  ev.preventDefault();
  ev.stopPropagation();
}

function board(ctrl: Controller, e: PatternEditor): VNode {
  const fen = placement(e.draft.terms);
  const shapes = patternShapes(e.draft.terms, e.keyboard ? e.cursor : null);
  const orientation = ctrl.state.orientation;
  const feed = (v: VNode) => boards.get(v.elm as Element)?.show(fen, shapes, orientation);
  return h('div#pattern-board.cg-wrap-outer', {
    attrs: {
      tabindex: '0', role: 'application', 'aria-label': T.patternEditor.board, 'data-testid': 'pattern-board', 'data-pattern': patternText(e.draft),
    },
    on: { keydown: (ev: KeyboardEvent) => onBoardKey(ctrl, e, ev) },
    hook: {
      insert: (v) => {
        const el = v.elm as HTMLElement;
        boards.set(el, new PatternBoard(el, (key: Key) => ctrl.pattern.put(key)));
        // chessground keeps a press from focusing: the keys go on from the square clicked.
        el.addEventListener('mousedown', () => el.focus({ preventScroll: true }));
        feed(v);
        // Where the keyboard goes on (and the page scrolls to, on a phone).
        el.focus();
      },
      postpatch: (_, v) => feed(v),
      destroy: (v) => boards.get(v.elm as Element)?.destroy(),
    },
  });
}

function palette(ctrl: Controller, e: PatternEditor): VNode {
  const P = T.patternEditor;
  return h('div.pattern-palette', { attrs: { role: 'group', 'aria-label': P.palette } }, [
    ...PIECES.map((p) => h('button.pattern-piece', {
      attrs: { type: 'button', 'aria-pressed': String(e.tool === p), 'aria-label': P.pieces[p], title: `${P.pieces[p]} (${p})`, 'data-piece': p, 'data-testid': 'pattern-piece' },
      on: { click: () => ctrl.pattern.choose(p) },
    }, GLYPHS[p])),
    h('button.pattern-forbid', {
      attrs: { type: 'button', 'aria-pressed': String(e.forbid), title: P.forbidTitle, 'data-testid': 'pattern-forbid' },
      on: { click: () => ctrl.pattern.setForbid(!e.forbid) },
    }, `⊘ ${P.forbid}`),
  ]);
}

export function patternEditor(ctrl: Controller, e: PatternEditor): VNode {
  const P = T.patternEditor;
  const text = patternText(e.draft);
  const button = (id: string, label: string, title: string, onClick: () => void) =>
    h(`button#${id}`, { attrs: { type: 'button', title, 'data-testid': id }, on: { click: onClick } }, label);
  return h('div.pattern-editor', {
    attrs: { role: 'group', 'aria-label': P.title, 'data-testid': 'pattern-editor' },
    on: {
      keydown: (ev: KeyboardEvent) => {
        if (ev.key !== 'Escape') return;
        ctrl.pattern.close();
        ev.preventDefault();
        ev.stopPropagation();
      },
    },
  }, [
    h('div.board-wrap', [board(ctrl, e)]),
    h('p.pattern-help', P.help),
    palette(ctrl, e),
    h('p.pattern-text', [h('code', { attrs: { 'data-testid': 'pattern-text' } }, text || '—')]),
    h('div.controls', [
      button('pattern-done', P.done, P.doneTitle, () => ctrl.pattern.done()),
      button('pattern-cancel', P.cancel, P.cancelTitle, () => ctrl.pattern.close()),
      button('pattern-clear', P.clear, '', () => ctrl.pattern.clear()),
    ]),
  ]);
}
