// The board: chessground, view only. It shows the current position, the
// last move and check; `data-fen` on the element is the test contract.

import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Key } from 'chessground/types';

export class Board {
  private cg: Api;

  constructor(private el: HTMLElement) {
    el.dataset.testid = 'board';
    this.cg = Chessground(el, {
      viewOnly: true,
      coordinates: true,
      animation: { enabled: true, duration: 150 },
      drawable: { enabled: false },
    });
  }

  /** Shows `fen`; `uci` is the move that led there, `san` its SAN (for check). */
  show(fen: string, uci: string | null, san: string | null): void {
    this.el.dataset.fen = fen;
    const lastMove = uci && uci !== '0000' ? ([uci.slice(0, 2), uci.slice(2, 4)] as Key[]) : undefined;
    const check = !!san && /[+#]$/.test(san);
    this.cg.set({
      fen: fen.split(' ')[0],
      turnColor: fen.split(' ')[1] === 'b' ? 'black' : 'white',
      lastMove,
      check,
    });
  }

  orient(color: 'white' | 'black'): void {
    this.cg.set({ orientation: color });
  }
}
