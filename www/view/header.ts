// The open game's header by the board, as a pure view function: each
// player's name (a link to their card), title and Elo, the result, then
// the event, site, date, round and ECO. Missing facts are left out.

import type { GameHeaders } from '../../pkg/cadb.js';
import { el } from '../dom.js';
import { pgnDate } from '../i18n/format.js';
import { T } from '../i18n/index.js';
import { playerLink } from './list.js';

function player(name: string | undefined, title: string | undefined, elo: number | undefined, side: string, onPlayer: (name: string) => void): HTMLElement {
  const span = el('span', `player ${side}`);
  span.append(name ? playerLink(name, onPlayer) : T.header.unknown);
  if (title) span.append(' ', el('abbr', 'title', title));
  if (elo) span.append(' ', el('span', 'elo', String(elo)));
  return span;
}

export function renderHeader(h: GameHeaders, onPlayer: (name: string) => void): Node[] {
  const players = el('div', 'players');
  players.append(
    player(h.white, h.whiteTitle, h.whiteElo, 'white', onPlayer),
    el('span', 'dash', ' – '),
    player(h.black, h.blackTitle, h.blackElo, 'black', onPlayer),
    el('span', 'result', h.result === '1/2-1/2' ? '½–½' : h.result),
  );
  const facts = [h.event, h.site, pgnDate(h.date), h.round ? T.header.round(h.round) : '', h.eco].filter((x): x is string => !!x);
  const line = el('div', 'facts', facts.join(' · '));
  line.dataset.testid = 'game-facts';
  return [players, line];
}
