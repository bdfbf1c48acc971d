// The page drawn from the state: each part of index.html is redrawn by its
// view function when what it shows has changed (render() runs after every
// action, so it compares the state with what it drew last). The board and
// the game list are components: they get the state through their methods.

import type { CompactnessRow, DbInfo, EncodingChoice } from '../../pkg/cadb.js';
import type { Board } from '../board.js';
import type { Controller } from '../controller.js';
import type { GameList } from '../list.js';
import type { GameState, Message, PanelView, TreeView } from '../state.js';
import { markCurrent, renderMoves } from './moves.js';
import { compactnessPanel, renderInfo, treePanel } from './panels.js';
import { cancelLabel, gameCount, gameTitle } from './text.js';

/** The fixed elements of index.html that show the state. */
export interface PageElements {
  status: HTMLElement;
  error: HTMLElement;
  count: HTMLElement;
  progress: HTMLProgressElement;
  cancel: HTMLButtonElement;
  encoding: HTMLSelectElement;
  filter: HTMLInputElement;
  info: HTMLElement;
  title: HTMLElement;
  moves: HTMLElement;
  tree: HTMLElement;
  compactness: HTMLElement;
  treePanel: HTMLDetailsElement;
  compactnessPanel: HTMLDetailsElement;
}

/** What was drawn last. */
interface Drawn {
  status: Message | null;
  error: Message | null;
  info: DbInfo | null;
  game: GameState | null;
  current: number;
  orientation: string;
  tree: TreeView | null;
  compactness: PanelView<CompactnessRow[]> | null;
  encodings: EncodingChoice[];
}

function option(value: string, label: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export class Page {
  private drawn: Drawn = {
    status: null, error: null, info: null, game: null, current: -1, orientation: '', tree: null, compactness: null, encodings: [],
  };

  constructor(
    private el: PageElements,
    private board: Board,
    private list: GameList,
    private ctrl: Controller,
  ) {
  }

  render(): void {
    const { el, drawn: d, ctrl } = this;
    const s = ctrl.state;
    if (s.status !== d.status) el.status.textContent = s.status.text;
    if (s.error !== d.error) {
      el.error.textContent = s.error?.text ?? '';
      el.error.hidden = s.error === null;
    }
    setText(el.count, gameCount(s));
    el.progress.hidden = s.exporting === null;
    if (s.exporting) {
      el.progress.max = s.exporting.total || 1;
      el.progress.value = s.exporting.done;
    }
    el.cancel.hidden = s.tasks.length === 0;
    if (s.tasks.length > 0) setText(el.cancel, cancelLabel(s.tasks));
    if (s.encodings !== d.encodings) el.encoding.replaceChildren(...s.encodings.map((e) => option(e.name, e.label)));
    if (s.encoding && el.encoding.value !== s.encoding) el.encoding.value = s.encoding;
    if (el.filter.value !== s.list.input) el.filter.value = s.list.input;
    if (s.info !== d.info) el.info.replaceChildren(...(s.info ? [renderInfo(s.name, s.info)] : []));

    const g = s.game;
    if (g !== d.game) {
      setText(el.title, g ? gameTitle(g.view.headers) : '');
      el.moves.replaceChildren(...(g ? [renderMoves(g.view, g.nodes, (id) => ctrl.goTo(id))] : []));
    }
    const current = g ? g.current : -1;
    if (g && (g !== d.game || current !== d.current)) {
      markCurrent(el.moves, current);
      const node = current >= 0 ? g.nodes[current] : null;
      this.board.show(node ? node.fen : g.view.startFen, node?.uci ?? null, node?.san ?? null);
    }
    if (s.orientation !== d.orientation) this.board.orient(s.orientation);
    if (el.treePanel.open !== s.tree.open) el.treePanel.open = s.tree.open;
    if (el.compactnessPanel.open !== s.compactness.open) el.compactnessPanel.open = s.compactness.open;
    if (s.tree.view !== d.tree) {
      el.tree.replaceChildren(...treePanel(s.tree.view, (uci) => ctrl.playTreeMove(uci), () => ctrl.buildTree()));
    }
    if (s.compactness.view !== d.compactness) el.compactness.replaceChildren(...compactnessPanel(s.compactness.view));

    this.list.update({
      view: s.list.view,
      games: s.info?.games ?? 0,
      sort: s.list.sort,
      selected: g ? g.index : -1,
      broken: s.list.broken,
      version: s.list.version,
    });
    this.drawn = {
      status: s.status, error: s.error, info: s.info, game: g, current, orientation: s.orientation,
      tree: s.tree.view, compactness: s.compactness.view, encodings: s.encodings,
    };
  }
}
