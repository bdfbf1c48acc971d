// The open game's header by the board, as a pure view function: each
// player's name (a link to their card), title and Elo, the result, then
// the event, site, date, round and ECO. Missing facts are left out. Then
// the opening by position (lichess's English names): where the ECO the file
// stores disagrees with it, both ("ECO B20 (file) · B90 Sicilian ...").

import { h, type VNode } from 'snabbdom';
import type { GameHeaders, Opening } from '../../pkg/cadb.js';
import { pgnDate } from '../i18n/format.js';
import { T } from '../i18n/index.js';
import { playerLink } from './list.js';

function player(name: string | undefined, title: string | undefined, elo: number | undefined, side: string, onPlayer: (name: string) => void): VNode {
  return h(`span.player.${side}`, [
    name ? playerLink(name, onPlayer) : T.header.unknown,
    ...(title ? [' ', h('abbr.title', title)] : []),
    ...(elo ? [' ', h('span.elo', String(elo))] : []),
  ]);
}

/** The opening line: the name (English: lichess has no other), after the
 * stored ECO where that differs. */
function openingLine(stored: string | undefined, o: Opening): VNode {
  const name = h('span', { attrs: { lang: 'en' } }, `${o.eco} ${o.name}`);
  const before = stored && stored !== o.eco ? [`${T.header.storedEco(stored)} · `] : [];
  // The whole line as a tooltip: a phone cuts it.
  const title = `${before.join('')}${o.eco} ${o.name}`;
  return h('div.opening', { attrs: { 'data-testid': 'game-opening', title } }, [...before, name]);
}

export function renderHeader(h0: GameHeaders, opening: Opening | undefined, onPlayer: (name: string) => void): VNode[] {
  // With a name, the stored ECO goes to the opening line (where it differs).
  const eco = opening ? '' : h0.eco;
  const facts = [h0.event, h0.site, pgnDate(h0.date), h0.round ? T.header.round(h0.round) : '', eco].filter((x): x is string => !!x);
  return [
    h('div.players', [
      player(h0.white, h0.whiteTitle, h0.whiteElo, 'white', onPlayer),
      h('span.dash', ' – '),
      player(h0.black, h0.blackTitle, h0.blackElo, 'black', onPlayer),
      h('span.result', h0.result === '1/2-1/2' ? '½–½' : h0.result),
    ]),
    h('div.facts', { attrs: { 'data-testid': 'game-facts' } }, facts.join(' · ')),
    ...(opening ? [openingLine(h0.eco, opening)] : []),
  ];
}
