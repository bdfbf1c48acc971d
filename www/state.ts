// The viewer's state: everything the page shows is derived from this. The
// worker holds the database itself; the page holds only what is on screen.

import type { DbInfo, GameView, NameTables, SortColumn, TreeMove } from '../pkg/cadb.js';

/** A move of the open game, flattened from the API's tree so that stepping
 * is array lookups. Ids index `GameState.nodes`; -1 is the start position. */
export interface MoveNode {
  id: number;
  /** The move before this one on its line (-1: the start). */
  parent: number;
  /** The move after this one on the same line (-1: the line ends). */
  next: number;
  san: string; uci: string; fen: string;
  /** 0 = White's first move. */
  ply: number;
}

export interface GameState {
  index: number;
  view: GameView;
  nodes: MoveNode[];
  /** The selected move; -1 is the start position. */
  current: number;
  /** Set when the record is damaged. */
  error?: string;
}

export interface ListState {
  /** Games in view order: null = all games in database order. */
  order: Uint32Array | null;
  count: number;
  sort: { column: SortColumn; descending: boolean } | null;
  filter: string;
  /** The index of the game open, for highlighting its row. */
  selected: number;
}

export interface State {
  name: string;
  info: DbInfo | null;
  names: NameTables | null;
  list: ListState;
  game: GameState | null;
  orientation: 'white' | 'black';
  tree: TreeMove[] | null;
}

export function initialState(): State {
  return {
    name: '',
    info: null,
    names: null,
    list: { order: null, count: 0, sort: null, filter: '', selected: -1 },
    game: null,
    orientation: 'white',
    tree: null,
  };
}
