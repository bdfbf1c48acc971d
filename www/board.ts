// The board: chessground. It shows the current position, the last move,
// check and the shapes of the move's comments; pieces never move, but the
// user draws arrows (right-drag) and circles (right-click), as on lichess.
// `data-fen` on the element is the test contract.

import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { DrawShape } from 'chessground/draw';
import type { Key } from 'chessground/types';

export class Board {
  private cg: Api;

  constructor(private el: HTMLElement) {
    el.dataset.testid = 'board';
    // viewOnly would bind no pointer event at all, drawing included: the
    // board takes events, and nothing can be moved, selected or premoved.
    // A left click clears the user's shapes (eraseOnClick).
    this.cg = Chessground(el, {
      viewOnly: false,
      coordinates: true,
      animation: { enabled: true, duration: 150 },
      movable: { color: undefined, free: false },
      premovable: { enabled: false },
      draggable: { enabled: false },
      selectable: { enabled: false },
      drawable: { enabled: true, visible: true, eraseOnClick: true },
      // The board's width as drawn, for the graph beside it in its wrapper.
      addDimensionsCssVarsTo: el.parentElement ?? undefined,
    });
    // Touch cannot draw (it needs a right button), and chessground's touch
    // handler would stop the page scrolling under a finger on a piece.
    el.addEventListener('touchstart', (e) => e.stopPropagation(), { capture: true, passive: true });
    // chessground prevents a press's default, focus moving too: a click on
    // the board leaves a field (the filter) as a click elsewhere does, so
    // the arrow keys step through the game again.
    el.addEventListener('mousedown', () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused !== document.body) focused.blur();
    }, { capture: true });
  }

  /** Shows `fen`; `uci` is the move that led there, `san` its SAN (for
   * check), `shapes` those of its comments. A new position clears the
   * user's own shapes (chessground does when given a FEN). */
  show(fen: string, uci: string | null, san: string | null, shapes: DrawShape[]): void {
    this.el.dataset.fen = fen;
    const lastMove = uci && uci !== '0000' ? ([uci.slice(0, 2), uci.slice(2, 4)] as Key[]) : undefined;
    const check = !!san && /[+#]$/.test(san);
    this.cg.set({
      fen: fen.split(' ')[0],
      turnColor: fen.split(' ')[1] === 'b' ? 'black' : 'white',
      lastMove,
      check,
      drawable: { autoShapes: shapes },
    });
  }

  orient(color: 'white' | 'black'): void {
    this.cg.set({ orientation: color });
  }

  /** Its element left the page (the pattern editor took its place). */
  destroy(): void {
    this.cg.destroy();
  }
}

/** The pattern editor's board (view/pattern.ts): the pattern's required
 * pieces, its forbidden ones as marks (shapes), and a click on a square
 * calls `onSquare`. Nothing moves and the user draws nothing. */
export class PatternBoard {
  private cg: Api;

  constructor(el: HTMLElement, onSquare: (key: Key) => void) {
    this.cg = Chessground(el, {
      viewOnly: false,
      coordinates: true,
      animation: { enabled: false },
      movable: { color: undefined, free: false },
      premovable: { enabled: false },
      draggable: { enabled: false },
      selectable: { enabled: false },
      drawable: { enabled: false, visible: true },
      // A press on any square selects it (chessground calls this even with
      // selection off): that is the editor's click.
      events: { select: onSquare },
    });
  }

  /** Shows `placement` (a FEN's first field) with `shapes`, as `color` sees it. */
  show(placement: string, shapes: DrawShape[], color: 'white' | 'black'): void {
    this.cg.set({ fen: placement, orientation: color, lastMove: undefined, drawable: { autoShapes: shapes } });
  }

  destroy(): void {
    this.cg.destroy();
  }
}
