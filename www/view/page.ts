// The page drawn from the state: each part of index.html is redrawn by its
// view function when what it shows has changed (render() runs after every
// action, so it compares the state with what it drew last). The board and
// the game list are components: they get the state through their methods.

import type { CompactnessRow, DbInfo, Diagnosis, EncodingChoice, SearchQuery } from '../../pkg/cadb.js';
import type { Board } from '../board.js';
import type { Controller } from '../controller.js';
import { el as make } from '../dom.js';
import { mainLineMove, shown } from '../game.js';
import { setLanguage, setNotation, spokenMove, T } from '../i18n/index.js';
import type { GameList } from '../list.js';
import { valuesOf } from '../query.js';
import type { CardState, DiagnosisState, ExploreState, GameState, Message, PanelView, Settings, TreeView } from '../state.js';
import { renderCard } from './card.js';
import { renderHeader } from './header.js';
import { markCurrent, renderMoves } from './moves.js';
import { markGraph, renderGraph } from './graph.js';
import { moveShapes } from '../shapes.js';
import { compactnessPanel, renderDiagnosis, renderInfo, treePanel } from './panels.js';
import { cancelLabel, countedGames, gameCount, gameTotal, noticeText, rescuedTo } from './text.js';

/** The fixed elements of index.html that show the state. */
export interface PageElements {
  status: HTMLElement;
  error: HTMLElement;
  count: HTMLElement;
  /** "of N" beside the count of a filtered list. */
  total: HTMLElement;
  /** The words before and after the count. */
  countBefore: HTMLElement;
  countAfter: HTMLElement;
  positionFilter: HTMLElement;
  positionLabel: HTMLElement;
  positionSearch: HTMLButtonElement;
  progress: HTMLProgressElement;
  cancel: HTMLButtonElement;
  encoding: HTMLSelectElement;
  filter: HTMLInputElement;
  info: HTMLElement;
  title: HTMLElement;
  moves: HTMLElement;
  /** The evaluation (or material) graph under the board. */
  graph: HTMLElement;
  tree: HTMLElement;
  compactness: HTMLElement;
  treePanel: HTMLDetailsElement;
  compactnessPanel: HTMLDialogElement;
  keysDialog: HTMLDialogElement;
  keysTable: HTMLElement;
  language: HTMLSelectElement;
  notation: HTMLSelectElement;
  announce: HTMLElement;
  diagnosis: HTMLElement;
  notice: HTMLElement;
  noticeText: HTMLElement;
  searchForm: HTMLFormElement;
  card: HTMLElement;
}

/** What was drawn last. */
interface Drawn {
  settings: Settings | null;
  status: Message | null;
  error: Message | null;
  info: DbInfo | null;
  game: GameState | null;
  current: number;
  explore: ExploreState | null;
  orientation: string;
  tree: TreeView | null;
  compactness: PanelView<CompactnessRow[]> | null;
  encodings: EncodingChoice[];
  diagnosis: PanelView<Diagnosis> | null;
  copied: Message | null;
  query: SearchQuery | null | undefined;
  card: CardState | null;
}

function option(value: string, label: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

/** The encoding menu: Auto (the guess, named when in use), then each code page. */
function encodingOptions(encodings: EncodingChoice[], info: DbInfo | null): HTMLOptionElement[] {
  const auto = info?.encodingGuessed ? T.encoding.autoGuess(encodings.find((e) => e.name === info.encoding)?.label ?? info.encoding) : T.encoding.auto;
  return [option('auto', auto), ...encodings.map((e) => option(e.name, e.label))];
}

/** A note by the moves of a game read under the other file direction. */
function rescueNote(g: GameState): Node[] {
  const to = rescuedTo(g.view.headers);
  if (!to) return [];
  const p = make('p', 'warning', T.moves.rescued(to));
  p.setAttribute('data-testid', 'game-convention');
  return [p];
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Opens a modal dialog or closes it, as the state says. */
function showDialog(dialog: HTMLDialogElement, open: boolean): void {
  if (open && !dialog.open) dialog.showModal();
  else if (!open && dialog.open) dialog.close();
}

const NOTHING_DRAWN: Drawn = {
  settings: null, status: null, error: null, info: null, game: null, current: -1, explore: null, orientation: '', tree: null, compactness: null, encodings: [],
  diagnosis: null, copied: null, query: undefined, card: null,
};

/** The keys dialog's table (T.keys). */
function keysTable(): Node[] {
  return T.keys.rows.map(([keys, what]) => {
    const tr = make('tr', '');
    const th = make('th', '');
    for (const k of keys.split(' ')) th.append(make('kbd', '', k), ' ');
    tr.append(th, make('td', '', what));
    return tr;
  });
}

export class Page {
  private drawn: Drawn = NOTHING_DRAWN;

  constructor(
    private el: PageElements,
    private board: Board,
    private list: GameList,
    private ctrl: Controller,
  ) {
  }

  render(): void {
    const { el, ctrl } = this;
    const s = ctrl.state;
    if (s.settings !== this.drawn.settings) this.applySettings(s.settings);
    const d = this.drawn;
    if (s.status !== d.status) el.status.textContent = s.status.say();
    if (s.error !== d.error) {
      el.error.textContent = s.error?.say() ?? '';
      el.error.hidden = s.error === null;
    }
    setText(el.count, gameCount(s));
    const total = gameTotal(s);
    setText(el.total, total);
    el.total.hidden = total === '';
    setText(el.countBefore, T.count.before);
    setText(el.countAfter, T.count.after(countedGames(s)));
    const pos = s.list.position;
    el.positionFilter.hidden = pos === null;
    if (pos) setText(el.positionLabel, T.position.label(pos.games.length, pos.damaged));
    el.positionSearch.disabled = !s.info || s.tasks.length > 0;
    el.progress.hidden = s.exporting === null;
    if (s.exporting) {
      el.progress.max = s.exporting.total || 1;
      el.progress.value = s.exporting.done;
    }
    el.cancel.hidden = s.tasks.length === 0;
    if (s.tasks.length > 0) setText(el.cancel, cancelLabel(s.tasks));
    if (s.encodings !== d.encodings || s.info !== d.info) el.encoding.replaceChildren(...encodingOptions(s.encodings, s.info));
    const choice = s.encoding ?? 'auto';
    if (el.encoding.value !== choice) el.encoding.value = choice;
    if (el.filter.value !== s.list.input) el.filter.value = s.list.input;
    if (s.info !== d.info) el.info.replaceChildren(...(s.info ? [renderInfo(s.name, s.info)] : []));
    this.renderDiagnosis(s.diagnosis, s.info?.warnings ?? [], d);

    const g = s.game;
    if (g !== d.game) {
      el.title.replaceChildren(...(g ? renderHeader(g.view.headers, (p) => void ctrl.openPlayer(p)) : []));
      el.moves.replaceChildren(...(g ? [...rescueNote(g), renderMoves(g.view, g.nodes, (id) => ctrl.goTo(id))] : []));
      const graph = g ? renderGraph(g, (ply) => ctrl.goTo(mainLineMove(g, ply))) : null;
      el.graph.replaceChildren(...(graph ? [graph.svg] : []));
      el.graph.dataset.kind = graph?.kind ?? '';
      el.graph.hidden = graph === null;
    }
    const current = g ? g.current : -1;
    if (g && (g !== d.game || current !== d.current)) {
      markCurrent(el.moves, current);
      markGraph(el.graph, g);
    }
    if (g !== d.game || current !== d.current || s.explore !== d.explore) {
      const at = shown(g, s.explore);
      // The shapes of the move's comments; none in an explored line.
      const shapes = g && !s.explore && current >= 0 ? moveShapes(g.nodes[current].move) : [];
      if (at) this.board.show(at.fen, at.uci, at.san, shapes);
      // The move just played, in words (a game just opened says nothing).
      const said = at?.san && g === d.game ? spokenMove(at.san, at.fen) : '';
      setText(el.announce, said);
    }
    if (s.orientation !== d.orientation) this.board.orient(s.orientation);
    if (el.treePanel.open !== s.tree.open) el.treePanel.open = s.tree.open;
    showDialog(el.compactnessPanel, s.compactness.open);
    showDialog(el.keysDialog, s.keysOpen);
    if (s.tree.view !== d.tree || s.explore !== d.explore) {
      el.tree.replaceChildren(...treePanel(s.tree.view, s.explore, {
        play: (m) => void ctrl.playTreeMove(m),
        build: () => ctrl.buildTree(),
        search: () => ctrl.searchTree(),
        back: () => ctrl.step('back'),
        leave: () => ctrl.leaveExplore(),
      }));
    }
    if (s.compactness.view !== d.compactness) el.compactness.replaceChildren(...compactnessPanel(s.compactness.view));

    if (s.list.query !== d.query) this.fillForm(s.list.query);
    if (s.card !== d.card) {
      el.card.hidden = s.card === null;
      el.card.replaceChildren(...(s.card ? renderCard(s.card, { close: () => ctrl.closePlayer(), filter: () => void ctrl.filterToPlayer() }) : []));
      el.card.setAttribute('aria-label', T.page.playerCard);
      if (s.card && !d.card) el.card.querySelector('button')?.focus();
    }
    this.list.update({
      view: s.list.view,
      games: s.info?.games ?? 0,
      sort: s.list.sort,
      selected: g ? g.index : -1,
      cursor: s.list.cursor,
      broken: s.list.broken,
      version: s.list.version,
      language: s.settings.language,
    });
    this.drawn = {
      settings: s.settings,
      status: s.status, error: s.error, info: s.info, game: g, current, explore: s.explore, orientation: s.orientation,
      tree: s.tree.view, compactness: s.compactness.view, encodings: s.encodings,
      diagnosis: s.diagnosis.view, copied: s.diagnosis.copied, query: s.list.query, card: s.card,
    };
  }

  /** The language, the piece letters and the theme: a change of either
   * of the first two redraws every part (their texts are the language's). */
  private applySettings(now: Settings): void {
    const before = this.drawn.settings;
    const root = document.documentElement;
    if (now.theme) root.dataset.theme = now.theme;
    else delete root.dataset.theme;
    if (before?.language === now.language && before.notation === now.notation) {
      this.drawn = { ...this.drawn, settings: now };
      return;
    }
    setLanguage(now.language);
    setNotation(now.notation);
    this.el.language.value = now.language;
    this.el.notation.value = now.notation;
    this.el.keysTable.replaceChildren(...keysTable());
    this.drawn = { ...NOTHING_DRAWN, settings: now };
  }

  /** The search form shows the query applied (from the URL hash too). */
  private fillForm(q: SearchQuery | null): void {
    const form = this.el.searchForm;
    for (const [k, v] of Object.entries(valuesOf(q))) {
      const input = form.elements.namedItem(k);
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = v === '1';
      else if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = v;
    }
    if (q) (form.closest('details') as HTMLDetailsElement | null)?.setAttribute('open', '');
  }

  /** The Database panel's report and the notice above the page. */
  private renderDiagnosis(diag: DiagnosisState, shown: readonly string[], d: Drawn): void {
    if (diag.view === d.diagnosis && diag.copied === d.copied) return;
    const { el, ctrl } = this;
    el.diagnosis.replaceChildren(...renderDiagnosis(diag.view, diag.full, diag.copied?.say() ?? '', shown, {
      copy: () => ctrl.copyReport(),
      checkAll: () => void ctrl.refreshDiagnosis(true),
    }));
    const text = noticeText(diag.view.kind === 'data' ? diag.view.data : null);
    setText(el.noticeText, text);
    el.notice.hidden = text === '';
  }
}
