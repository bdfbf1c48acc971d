// The player card (db.playerCard) as a pure view function: scores as White
// and Black, by year, by opening and against opponents, each in a table,
// the list rating and FIDE id, and the button that lists the player's games.

import type { PlayerCard, Score } from '../../pkg/cadb.js';
import { el } from '../dom.js';
import type { CardState } from '../state.js';
import { num, score } from '../i18n/format.js';
import { T as strings } from '../i18n/index.js';

export interface CardActions {
  close: () => void;
  filter: () => void;
}

function button(text: string, testid: string, onClick: () => void): HTMLElement {
  const b = el('button', '', text);
  b.setAttribute('type', 'button');
  b.dataset.testid = testid;
  b.addEventListener('click', onClick);
  return b;
}

/** A table of scores: one row per entry, the label first. */
function scores(caption: string, testid: string, rows: [string, Score][]): HTMLElement {
  const table = el('table', 'card-table');
  table.dataset.testid = testid;
  table.append(el('caption', '', caption));
  const head = el('tr', '');
  for (const h of strings.card.heads) head.append(el('th', '', h));
  table.append(head);
  for (const [label, s] of rows) {
    const tr = el('tr', '');
    const finished = s.wins + s.draws + s.losses;
    for (const v of [label, num(s.wins + s.draws + s.losses + s.unfinished), num(s.wins), num(s.draws), num(s.losses), score(2 * s.wins + s.draws, finished)]) {
      tr.append(el('td', '', v));
    }
    table.append(tr);
  }
  if (rows.length === 0) table.append(el('tr', '', strings.card.none));
  return table;
}

function total(a: Score, b: Score): Score {
  return { wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses, unfinished: a.unfinished + b.unfinished };
}

function body(c: PlayerCard): Node[] {
  const facts = [c.title, c.rating ? strings.card.rating(c.rating) : '', c.fideId ? strings.card.fideId(c.fideId) : ''].filter(Boolean).join(' · ');
  return [
    ...(facts ? [el('p', 'muted', facts)] : []),
    scores(c.name, 'card-totals', [[strings.card.asWhite, c.white], [strings.card.asBlack, c.black], [strings.card.total, total(c.white, c.black)]]),
    scores(strings.card.byYear, 'card-years', c.byYear.map((y) => [y.year ? String(y.year) : strings.card.unknownYear, y.score])),
    scores(strings.card.openingsWhite, 'card-eco-white', c.ecoWhite.map((e) => [e.eco, e.score])),
    scores(strings.card.openingsBlack, 'card-eco-black', c.ecoBlack.map((e) => [e.eco, e.score])),
    scores(strings.card.opponents, 'card-opponents', c.opponents.map((o) => [o.name, o.score])),
  ];
}

/** The card's content: a heading, the tables (or a note) and its buttons. */
export function renderCard(card: CardState, on: CardActions): Node[] {
  const head = el('div', 'card-head');
  head.append(el('h2', '', card.view.kind === 'data' ? card.view.data.name : card.name), button(strings.card.close, 'player-close', on.close));
  const content = card.view.kind === 'data' ? body(card.view.data) : card.view.kind === 'text' ? [el('p', '', card.view.say())] : [];
  const actions = card.view.kind === 'data' ? [button(strings.card.filter, 'player-filter', on.filter)] : [];
  return [head, ...content, ...actions];
}
