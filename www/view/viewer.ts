// The game's section, as a pure view function: its header, the board
// (chessground, made when its element is inserted) with the engine's bar
// beside it when the engine is on, the graph under it,
// the buttons, and the move just played in words for a screen reader.

import { h, thunk, type VNode } from 'snabbdom';
import { Board } from '../board.js';
import type { Controller } from '../controller.js';
import { mainLineMove, shown } from '../game.js';
import { T } from '../i18n/index.js';
import { moveShapes } from '../shapes.js';
import { evalBar } from './engine.js';
import { renderGraph } from './graph.js';
import { renderHeader } from './header.js';
import { patternEditor } from './pattern.js';

/** The chessground boards, by their element: an imperative widget the
 * view makes and then only feeds. */
const boards = new WeakMap<Element, Board>();

function board(ctrl: Controller): VNode {
  const s = ctrl.state;
  const g = s.game;
  const at = shown(g, s.explore);
  // The shapes of the move's comments; none in an explored line.
  const shapes = g && !s.explore && g.current >= 0 ? moveShapes(g.nodes[g.current].move) : [];
  // The board is given a position only when it changes: that clears the
  // user's own arrows, which a redraw for anything else must not.
  const key = at ? `${at.fen} ${at.uci} ${g?.index} ${g?.current} ${s.explore?.moves.length ?? -1}` : '';
  const feed = (v: VNode, old?: VNode) => {
    const b = boards.get(v.elm as Element);
    if (!b) return;
    if (at && old?.data?.shown !== key) b.show(at.fen, at.uci, at.san, shapes);
    if (old?.data?.orientation !== s.orientation) b.orient(s.orientation);
  };
  return h('div#board.cg-wrap-outer', {
    shown: key,
    orientation: s.orientation,
    on: {
      wheel: (e: WheelEvent) => {
        e.preventDefault();
        ctrl.game.wheel(e.deltaY, e.deltaMode === WheelEvent.DOM_DELTA_PIXEL, performance.now());
      },
    },
    hook: {
      insert: (v) => {
        boards.set(v.elm as Element, new Board(v.elm as HTMLElement));
        feed(v);
      },
      postpatch: (old, v) => feed(v, old),
      destroy: (v) => boards.get(v.elm as Element)?.destroy(),
    },
  });
}

/** The graph under the board (hidden for a game with no moves). */
function graphWrap(ctrl: Controller): VNode {
  const g = ctrl.state.game;
  const a = ctrl.state.analysis;
  const analysed = g && a?.result && a.index === g.index ? a.result : null;
  const graph = g ? renderGraph(g, analysed, (ply) => ctrl.game.goTo(mainLineMove(g, ply))) : null;
  return h('div.graph-wrap', { attrs: { 'data-testid': 'eval-graph', hidden: graph === null, 'data-kind': graph?.kind ?? '' } }, graph ? [graph.svg] : []);
}

const button = (id: string, label: string, title: string, text: string, onClick: () => void) =>
  h(`button#${id}`, { attrs: { type: 'button', title, 'aria-label': label }, on: { click: onClick } }, text);

export function viewer(ctrl: Controller): VNode {
  const s = ctrl.state;
  const g = s.game;
  const p = T.page;
  const blocked = !s.info || s.tasks.length > 0;
  const title = h('div#game-title.game-header', { attrs: { 'data-testid': 'game-header' } }, g ? renderHeader(g.view.headers, g.view.opening, (name) => void ctrl.panels.openPlayer(name)) : []);
  const announce = h('p#announce.sr-only', { attrs: { 'data-testid': 'announce', 'aria-live': 'polite' } }, s.said?.() ?? '');
  // The pattern editor takes the board's place; the game's board is made
  // again when it closes, at the game's position.
  if (s.pattern) return h('section.viewer', { attrs: { 'aria-label': p.gameSection } }, [title, patternEditor(ctrl, s.pattern), announce]);
  return h('section.viewer', { attrs: { 'aria-label': p.gameSection } }, [
    title,
    h('div.board-wrap', { class: { 'with-bar': s.engine.on } }, [
      ...(s.engine.on ? [evalBar(ctrl)] : []),
      board(ctrl),
      // A thunk: drawn again only when the game, its move or the settings change.
      thunk('div.graph-wrap', graphWrap, [ctrl, g, g?.current, s.settings, s.analysis?.result]),
    ]),
    h('div.controls', [
      button('nav-start', p.start, p.startTitle, '«', () => ctrl.game.step('start')),
      button('nav-back', p.back, p.backTitle, '‹', () => ctrl.game.step('back')),
      button('nav-forward', p.forward, p.forwardTitle, '›', () => ctrl.game.step('forward')),
      button('nav-end', p.end, p.endTitle, '»', () => ctrl.game.step('end')),
      button('flip', p.flip, p.flipTitle, '⇅', () => ctrl.game.flip()),
      h('button#copy-fen', { attrs: { type: 'button' }, on: { click: () => ctrl.game.copyFen() } }, p.copyFen),
      h('button#copy-pgn', { attrs: { type: 'button' }, on: { click: () => void ctrl.game.copyPgn() } }, p.copyPgn),
      h('button#save-game', { attrs: { type: 'button' }, on: { click: () => void ctrl.game.saveGame() } }, p.saveGame),
      h('button#position-search', {
        attrs: { type: 'button', 'data-testid': 'position-search', title: p.positionSearchTitle },
        props: { disabled: blocked },
        on: { click: () => void ctrl.tree.searchPosition() },
      }, p.positionSearch),
    ]),
    announce,
  ]);
}
