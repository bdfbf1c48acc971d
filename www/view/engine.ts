// The engine's parts of the page: the evaluation bar beside the board
// (White's view, turned with the board), and the panel above the moves
// (beside the board; under it on a phone): on/off, depth, speed, the best lines (each move a button that
// plays the line to it on the board), and "Analyse game" with its depth,
// progress, Cancel and export.

import { h, type VNode } from 'snabbdom';
import { ANALYSIS_DEPTHS } from '../config.js';
import type { Controller } from '../controller.js';
import { signed } from '../i18n/format.js';
import { displaySan, T } from '../i18n/index.js';
import type { EngineLine } from '../state.js';
import { type Score, whiteToMove, winner, winningChances } from '../uci.js';

/** "+0.35", "−1.20", "#3", "#-2" (White's view). */
export function scoreText(score: Score): string {
  return 'cp' in score ? signed(score.cp / 100, 2) : `#${score.mate}`;
}

/** The bar's words: "White +0.35", "Black mates in 2". */
function barLabel(score: Score, fen: string): string {
  const side = winner(score, fen) < 0 ? 'Black' : 'White';
  if ('cp' in score) return T.engine.barLabel(side, scoreText(score));
  return score.mate === 0 ? T.engine.mated(whiteToMove(fen) ? 'White' : 'Black') : T.engine.mateIn(side, Math.abs(score.mate));
}

/** The bar beside the board: White's share of it from the best line's
 * winning chances, White's end at the board's White side. */
export function evalBar(ctrl: Controller): VNode {
  const s = ctrl.state;
  const e = s.engine;
  const best = e.lines[0];
  const share = best ? (1 + winningChances(best.score, e.fen)) / 2 : 0.5;
  const flipped = s.orientation === 'black';
  return h('div.eval-bar', {
    class: { flipped },
    attrs: {
      'data-testid': 'eval-bar', role: 'img',
      'aria-label': best ? barLabel(best.score, e.fen) : T.engine.starting,
      'data-score': best ? scoreText(best.score) : '',
    },
  }, [
    h('div.eval-white', { style: { height: `${(share * 100).toFixed(1)}%` } }),
    h('span.eval-text', { class: { low: share < 0.5 } }, best ? scoreText(best.score) : ''),
  ]);
}

/** A line: its score, then its moves as buttons (SAN, the language's letters). */
function line(ctrl: Controller, l: EngineLine, fen: string): VNode {
  const moves = l.moves ?? [];
  const [, turn, , , , full] = fen.split(' ');
  let n = Number(full) || 1;
  let white = turn !== 'b';
  const items: VNode[] = [];
  moves.forEach((m, k) => {
    if (white) items.push(h('span.num', `${n}.`));
    else if (k === 0) items.push(h('span.num', `${n}…`));
    items.push(h('button.engine-move', {
      attrs: { type: 'button', 'data-testid': 'engine-move', 'data-uci': m.uci },
      on: { click: () => ctrl.engine.explore(l, k) },
    }, displaySan(m.san)));
    if (!white) n++;
    white = !white;
  });
  const text = moves.map((m) => displaySan(m.san)).join(' ');
  return h('div.engine-line', {
    key: l.multipv,
    attrs: {
      role: 'group', 'data-testid': 'engine-line', 'data-multipv': String(l.multipv), 'data-fen': fen,
      'data-pv': l.pv.join(' '), 'data-score': scoreText(l.score),
      'aria-label': T.engine.lineLabel(l.multipv, scoreText(l.score), text),
    },
  }, [h('span.engine-score', scoreText(l.score)), ...items]);
}

function analysis(ctrl: Controller): VNode[] {
  const s = ctrl.state;
  const a = T.analysis;
  const run = s.analysis && s.game && s.analysis.index === s.game.index ? s.analysis : null;
  const depth = h('label.analysis-depth', { attrs: { title: a.depthTitle } }, [
    `${a.depth} `,
    h('input', {
      attrs: { type: 'number', min: ANALYSIS_DEPTHS.min, max: ANALYSIS_DEPTHS.max, 'data-testid': 'analysis-depth' },
      props: { value: String(s.analysisDepth), disabled: !!run?.running },
      on: { change: (e: Event) => ctrl.analysis.setDepth(Number((e.target as HTMLInputElement).value)) },
    }),
  ]);
  const out: VNode[] = [depth];
  if (run?.running) {
    out.push(h('span.analysis-progress', { attrs: { 'data-testid': 'analysis-progress', role: 'status' } }, a.progress(run.done, run.total)));
    out.push(h('button', { attrs: { type: 'button', 'data-testid': 'analysis-cancel' }, on: { click: () => ctrl.analysis.cancel() } }, a.cancel));
    return out;
  }
  out.push(h('button', {
    attrs: { type: 'button', 'data-testid': 'analyse-game', title: a.startTitle },
    props: { disabled: !s.game || !!s.engine.failed },
    on: { click: () => ctrl.analysis.start() },
  }, a.start));
  if (run?.result) {
    out.push(h('span.analysis-progress', { attrs: { 'data-testid': 'analysis-done' } }, a.done(run.total)));
    out.push(h('button', { attrs: { type: 'button', 'data-testid': 'analysis-export', title: a.exportTitle }, on: { click: () => ctrl.analysis.exportGame() } }, a.export));
  }
  if (run?.failed) out.push(h('span.warning', a.failed(run.failed())));
  return out;
}

/** The engine's panel, above the moves. */
export function enginePanel(ctrl: Controller): VNode {
  const s = ctrl.state;
  const e = s.engine;
  const t = T.engine;
  const toggle = h('button.engine-toggle', {
    attrs: { type: 'button', 'data-testid': 'engine-toggle', 'aria-pressed': String(e.on), title: e.on ? t.on : t.off },
    on: { click: () => ctrl.engine.toggle() },
  }, t.toggle);
  const head: VNode[] = [toggle];
  const body: VNode[] = [];
  if (e.on) {
    head.push(h('label.engine-lines', { attrs: { title: t.linesTitle } }, [
      `${t.lines} `,
      h('select', {
        attrs: { 'data-testid': 'engine-multipv' },
        on: { change: (ev: Event) => ctrl.engine.setLines(Number((ev.target as HTMLSelectElement).value)) },
      }, [1, 2, 3].map((n) => h('option', { attrs: { value: String(n) }, props: { selected: n === e.multiPv } }, String(n)))),
    ]));
    if (e.failed) body.push(h('p.warning', { attrs: { 'data-testid': 'engine-failed' } }, e.failed()));
    else if (!e.fen) {
      if (!s.analysis?.running) body.push(h('p.muted', t.noPosition));
    } else {
      head.push(h('span.engine-stats', { attrs: { 'data-testid': 'engine-stats', 'data-build': e.build ?? '', 'data-threads': String(e.threads) } }, [
        h('span', { attrs: { 'data-testid': 'engine-depth', 'data-depth': String(e.depth) } }, e.depth ? t.depth(e.depth) : t.starting),
        e.nps ? h('span', { attrs: { 'data-testid': 'engine-nps' } }, t.nps(e.nps)) : h('span'),
        h('span.muted', t.build(e.threads)),
      ]));
      body.push(h('div.engine-lines-list', { attrs: { 'data-testid': 'engine-lines', 'data-fen': e.fen } }, e.lines.map((l) => line(ctrl, l, e.fen))));
    }
  }
  return h('section.engine', { attrs: { 'aria-label': t.panel, 'data-testid': 'engine' } }, [
    h('div.engine-head', head),
    ...body,
    h('div.analysis', analysis(ctrl)),
  ]);
}
