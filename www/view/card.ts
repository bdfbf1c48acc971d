// The player card (db.playerCard) as a pure view function: scores as White
// and Black, by year, by opening and against opponents, each in a table,
// the list rating and FIDE id, and the button that lists the player's games.

import { h, type VNode } from 'snabbdom';
import type { PlayerCard, Score } from '../../pkg/cadb.js';
import type { CardState } from '../state.js';
import { num, score } from '../i18n/format.js';
import { T as strings } from '../i18n/index.js';

export interface CardActions {
  close: () => void;
  filter: () => void;
}

function button(text: string, testid: string, onClick: () => void, focus = false): VNode {
  return h('button', {
    attrs: { type: 'button', 'data-testid': testid },
    on: { click: onClick },
    // The card takes the focus when it opens.
    hook: focus ? { insert: (v) => (v.elm as HTMLElement).focus() } : {},
  }, text);
}

/** A table of scores: one row per entry, the label first. */
function scores(caption: string, testid: string, rows: [string, Score][]): VNode {
  return h('table.card-table', { attrs: { 'data-testid': testid } }, [
    h('caption', caption),
    h('tr', strings.card.heads.map((x) => h('th', x))),
    ...rows.map(([label, s]) => {
      const finished = s.wins + s.draws + s.losses;
      const cells = [label, num(s.wins + s.draws + s.losses + s.unfinished), num(s.wins), num(s.draws), num(s.losses), score(2 * s.wins + s.draws, finished)];
      return h('tr', cells.map((v) => h('td', v)));
    }),
    ...(rows.length === 0 ? [h('tr', strings.card.none)] : []),
  ]);
}

function total(a: Score, b: Score): Score {
  return { wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses, unfinished: a.unfinished + b.unfinished };
}

function body(c: PlayerCard): VNode[] {
  const facts = [c.title, c.rating ? strings.card.rating(c.rating) : '', c.fideId ? strings.card.fideId(c.fideId) : ''].filter(Boolean).join(' · ');
  return [
    ...(facts ? [h('p.muted', facts)] : []),
    scores(c.name, 'card-totals', [[strings.card.asWhite, c.white], [strings.card.asBlack, c.black], [strings.card.total, total(c.white, c.black)]]),
    scores(strings.card.byYear, 'card-years', c.byYear.map((y) => [y.year ? String(y.year) : strings.card.unknownYear, y.score])),
    scores(strings.card.openingsWhite, 'card-eco-white', c.ecoWhite.map((e) => [e.eco, e.score])),
    scores(strings.card.openingsBlack, 'card-eco-black', c.ecoBlack.map((e) => [e.eco, e.score])),
    scores(strings.card.opponents, 'card-opponents', c.opponents.map((o) => [o.name, o.score])),
  ];
}

/** The card (hidden when closed): a heading, the tables (or a note) and
 * its buttons. Esc closes it (and nothing else). */
export function renderCard(card: CardState | null, on: CardActions): VNode {
  const content = !card ? [] : [
    h('div.card-head', [h('h2', card.view.kind === 'data' ? card.view.data.name : card.name), button(strings.card.close, 'player-close', on.close, true)]),
    ...(card.view.kind === 'data' ? body(card.view.data) : card.view.kind === 'text' ? [h('p', card.view.say())] : []),
    ...(card.view.kind === 'data' ? [button(strings.card.filter, 'player-filter', on.filter)] : []),
  ];
  return h('div#player-card.player-card', {
    attrs: { 'data-testid': 'player-card', role: 'dialog', 'aria-label': strings.page.playerCard, hidden: card === null },
    on: {
      keydown: (e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        on.close();
      },
    },
  }, content);
}
