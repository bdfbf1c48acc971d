// The address: the URL hash names the place shown (the database, the game
// and move, the filter, the search and the position), and a link given
// while the page is open (pasted, an edited hash, Back or Forward) is a
// request like a click, followed as if the page had loaded with it. The
// user's last request wins: a link is never overwritten by the place shown
// before it, a click made while a link is followed wins over the link, and
// a database the user opens lands at its start unless a link asks for a
// place in it.
//
// A link to a database the page does not have says so and asks for its
// files; it stays in the address until they are opened (the database then
// opens at the link's place) or the user asks for another place.
//
// Back and Forward step through the games opened: a game (or database)
// opened is a new history entry; a move, a filter or a search replaces the
// entry's place. On a phone Back is the gesture for "where I was", and
// leaving the page would lose the files the user chose; moves are not
// entries, since holding → would make hundreds, and browsers throttle
// history writes (hence the delay before each write, HASH_DELAY_MS).

import { HASH_DELAY_MS } from '../config.js';
import type { Controller } from '../controller.js';
import type { Fresh } from '../latest.js';
import { hashOf, type Place, placeOfHash } from '../query.js';
import type { State } from '../state.js';

/** The place the page shows. */
export function placeShown(s: State): Place {
  return {
    db: s.info ? s.name : null, game: s.game?.index ?? null, move: s.game?.current ?? -1,
    filter: s.list.filter, query: s.list.query, position: s.list.position?.fen ?? null,
  };
}

/** The list's part of a place (filter, search, position), as text. */
export const filtersOf = (p: Place): string => hashOf({ ...p, db: null, game: null, move: -1 });

/** What the address held when an open was asked for. */
export interface Asked {
  /** Links given by then: one given later is newer than the open. */
  links: number;
  /** A link was waiting for its database's files. */
  waiting: boolean;
}

/** The page's own open at its start (the demo): never the user's choice,
 * so the link the page was opened with stands. */
export const AT_START: Asked = { links: -1, waiting: false };

export class AddressCtrl {
  constructor(private c: Controller) {}

  /** Links given while the page is open: an edited hash, Back, Forward. */
  listen(): void {
    addEventListener('hashchange', () => this.given());
    addEventListener('popstate', () => this.given());
  }

  private get a() {
    return this.c.requests.address;
  }

  /** What the address holds as the user asks for an open. A link given
   * before is followed no more: the open is newer (a link waiting for
   * files waits no more: for these, or for none if the user chose another
   * database's). */
  asked(): Asked {
    const asked = { links: this.a.links, waiting: this.waits() };
    this.a.waiting = false;
    this.a.known = location.hash;
    return asked;
  }

  /** A link waits for its database's files, and the user has asked for
   * no other place since. */
  private waits(): boolean {
    const link = this.c.state.link;
    return this.a.waiting && link !== null && (link.asks === null || link.asks === this.c.requests.asks);
  }

  /** After each redraw: the place shown goes into the address, a moment
   * after the last change. */
  follow(): void {
    if (!this.a.placed || this.a.timer) return;
    this.a.timer = window.setTimeout(() => {
      this.a.timer = 0;
      this.write();
    }, HASH_DELAY_MS);
  }

  /** An open of `name`, asked for as `asked`, has landed: the place it
   * shows, or null for its start. A link governs it if it was given after
   * the open was asked for, or was waiting for this database's files when
   * it was; a newer link to another database goes on waiting for its own,
   * unless the user has asked for another place since. */
  take(name: string, asked: Asked): Place | null {
    const a = this.a;
    const s = this.c.state;
    // The address as the page has heard it: a link whose event has not
    // come yet is followed when it comes (given).
    const place = placeOfHash(a.known);
    const newer = a.links > asked.links;
    const here = place.db === null || place.db === name;
    if (newer && !here) {
      a.waiting = this.waits();
      s.link = a.waiting && place.db !== null ? { name: place.db, asks: null } : null;
      return null;
    }
    a.waiting = false;
    s.link = null;
    return (newer || asked.waiting) && here ? place : null;
  }

  /** Shows a place (an open's, once its database landed, or a link's):
   * the address is not written until it is shown. Each part of it is shown
   * while `still` holds: no link was followed here and no database opened
   * (`fresh`) meanwhile, and the user asked for no game (or position) since. */
  async showing(fresh: Fresh, show: (still: (part: 'game' | 'position') => boolean) => Promise<void>): Promise<void> {
    const goes = this.a.goes;
    // Older requests for a game or a position would change the place when
    // they land: this one is newer.
    const own = { game: this.c.latest.begin('game'), position: this.c.latest.begin('position') };
    this.a.following++;
    try {
      await show((part) => fresh() && this.a.goes === goes && own[part]());
    } finally {
      this.a.following--;
      this.follow();
    }
  }

  /** An open has ended: a link it left waiting counts the user's requests
   * from now on. */
  opened(): void {
    const s = this.c.state;
    if (s.link && s.link.asks === null) s.link.asks = this.c.requests.asks;
    this.follow();
  }

  private write(): void {
    const a = this.a;
    const r = this.c.requests;
    if (!a.placed || a.following > 0 || r.opening !== null || r.listing > 0) return;
    // Given since the page last wrote (its event may not have come yet):
    // the user's, followed and never overwritten.
    if (location.hash !== a.known) {
      this.given();
      return;
    }
    const s = this.c.state;
    const place = placeShown(s);
    const hash = hashOf(place);
    // A link waiting for its database's files stays, until the user asks
    // for another place here.
    if (s.link) {
      if (this.waits()) return;
      s.link = null;
      a.waiting = false;
      this.c.redraw();
    }
    const entry = `${place.db ?? ''}\0${place.game ?? ''}`;
    if (hash !== location.hash) {
      const url = hash || location.pathname + location.search;
      if (a.entry !== null && a.entry !== entry) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
    a.entry = entry;
    a.known = location.hash;
  }

  /** The address changed outside the page: a link to follow. */
  private given(): void {
    const a = this.a;
    if (location.hash === a.known) return;
    clearTimeout(a.timer);
    a.timer = 0;
    const s = this.c.state;
    const opening = this.c.requests.opening;
    const place = placeOfHash(location.hash);
    // With no database at all, the next open takes it.
    if (opening === null && !s.info && place.db === null) return;
    a.links++;
    a.known = location.hash;
    // The link's own history entry: the place it leads to fills it in.
    a.entry = null;
    // A link given before waits no more.
    a.waiting = false;
    s.link = null;
    // The open under way takes it when it lands.
    if (opening !== null && (place.db === null || place.db === opening)) {
      this.c.redraw();
      return;
    }
    if (place.db === null || (opening === null && s.info && place.db === s.name)) {
      void this.go(place);
      return;
    }
    // Another database: opened again if this visit has its files, else
    // asked for (the games shown are not that database's).
    const source = this.c.requests.sources.get(place.db);
    if (source) {
      void this.c.db.openDatabase(source, { links: a.links - 1, waiting: false });
      return;
    }
    a.waiting = true;
    s.link = { name: place.db, asks: this.c.requests.asks };
    this.c.redraw();
  }

  /** Requests the page made again, not the user (an open failed, and what
   * it made stale is asked again): a link waiting for files stays. */
  asksAgain(): void {
    const link = this.c.state.link;
    if (link && link.asks !== null) link.asks = this.c.requests.asks;
  }

  /** Shows the place a link names in the database shown. */
  private async go(place: Place): Promise<void> {
    this.a.goes++;
    await this.showing(this.c.latest.current('open'), (still) => this.c.attempt(() => this.c.db.takePlace(place, still)));
  }
}
