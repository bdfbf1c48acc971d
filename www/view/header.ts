// The open game's header by the board, as a pure view function: each
// player's name (a link to their card), title and Elo, the result, then
// the event, site, date, round and ECO. Missing facts are left out.

import { h, type VNode } from 'snabbdom';
import type { GameHeaders } from '../../pkg/cadb.js';
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

export function renderHeader(h0: GameHeaders, onPlayer: (name: string) => void): VNode[] {
  const facts = [h0.event, h0.site, pgnDate(h0.date), h0.round ? T.header.round(h0.round) : '', h0.eco].filter((x): x is string => !!x);
  return [
    h('div.players', [
      player(h0.white, h0.whiteTitle, h0.whiteElo, 'white', onPlayer),
      h('span.dash', ' – '),
      player(h0.black, h0.blackTitle, h0.blackElo, 'black', onPlayer),
      h('span.result', h0.result === '1/2-1/2' ? '½–½' : h0.result),
    ]),
    h('div.facts', { attrs: { 'data-testid': 'game-facts' } }, facts.join(' · ')),
  ];
}
