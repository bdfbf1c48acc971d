// Opening a database (chosen, dropped, linked in the URL, the demo at the
// start), showing the place the address names in it, and choosing its
// encoding. Each open begins its generation at the user's action, before
// anything is read: a choice made while the demo is fetched, or while
// another database opens, is the one that opens.

import { DEMO_NAME } from '../config.js';
import type { Controller } from '../controller.js';
import { fetchDemo } from '../demo.js';
import { droppedFiles, groupFiles, type Picked, picked } from '../files.js';
import { errorText } from '../errors.js';
import { T } from '../i18n/index.js';
import { type Fresh, Stale } from '../latest.js';
import { loadPrefs, savePrefs } from '../prefs.js';
import { type Member, type OpenSource, type TextChoice } from '../protocol.js';
import { asksMoves, type Place, placeOfHash } from '../query.js';
import { isCancelled, isFatal } from '../worker-host.js';
import { type Asked, AT_START, filtersOf, placeShown } from './address.js';
import { ALL, freshList, freshRows, shownAs } from '../state.js';

export class DatabaseCtrl {
  constructor(private c: Controller) {}

  /** Opens `source` (`asked`: by a link, which it lands on). */
  openDatabase(source: OpenSource, asked = this.c.address.asked()): Promise<void> {
    const fresh = this.c.latest.begin('open');
    return this.c.attempt(() => this.open(source, fresh, asked));
  }

  /** The encoding kept for database `name`, if it is one the decoder
   * knows (storage can hold anything); else the decoder's guess. */
  keptEncoding(name: string): TextChoice {
    const kept: unknown = loadPrefs().encodings?.[name];
    return this.c.state.encodings.some((e) => e.name === kept) ? (kept as TextChoice) : 'auto';
  }

  /** Databases `names` of this visit as a whole-archive pass opens them:
   * their files, each with its kept encoding. */
  members(names: string[]): Member[] {
    return names.flatMap((name) => {
      const source = this.c.requests.sources.get(name);
      return source ? [{ source, encoding: this.keptEncoding(name) }] : [];
    });
  }

  /** Another database of the last choice of many (the Database menu), or
   * all of them as one list (ALL: an archive of every member, each with
   * its kept encoding). */
  openMember(name: string): Promise<void> {
    const names = this.c.state.databases.map((d) => d.name);
    const source: OpenSource | undefined = name === ALL
      ? { kind: 'archive', name: ALL, members: this.members(names) }
      : this.c.requests.sources.get(name);
    return source ? this.openDatabase(source) : Promise.resolve();
  }

  /** Files picked: the first complete database among them, the others
   * in the Database menu. */
  openFiles(files: File[]): Promise<void> {
    const [fresh, asked] = [this.c.latest.begin('open'), this.c.address.asked()];
    return this.c.attempt(() => this.openFirst(picked(files), fresh, asked));
  }

  openDrop(data: DataTransfer): Promise<void> {
    const [fresh, asked] = [this.c.latest.begin('open'), this.c.address.asked()];
    return this.c.attempt(async () => this.openFirst(await droppedFiles(data), fresh, asked));
  }

  /** The page's start: the decoder's encodings for the menu, then the demo
   * database, unless the user has chosen one by then. The address is
   * followed from now on. Once the first game is shown (or none can be),
   * the background Worker starts and the opening names are fetched: a first
   * visit downloads nothing else before it (issue 46). */
  start(): Promise<void> {
    this.c.address.listen();
    const fresh = this.c.latest.begin('open');
    // Fetched while the module compiles (the first answer needs it).
    const demo = fetchDemo();
    demo.catch(() => undefined);
    return this.c.attempt(async () => {
      this.c.state.encodings = await this.c.rpc.call('encodings', {});
      this.c.redraw();
      if (!fresh()) return;
      // Not the user's choice: a link the page was opened with stands.
      await this.open({ kind: 'bytes', name: DEMO_NAME, files: await demo }, fresh, AT_START);
    }).finally(() => this.c.rpc.startBackground());
  }

  /** Opens `source`, asked for when the address held `asked`
   * (address.ts take: which link governs where it lands). */
  async open(source: OpenSource, fresh: Fresh, asked: Asked): Promise<void> {
    // A newer choice was made while this one was read or fetched.
    if (!fresh()) return;
    const r = this.c.requests;
    r.opening = source.name;
    try {
      await this.land(source, fresh, asked);
    } finally {
      if (fresh()) {
        r.opening = null;
        this.c.address.opened();
      }
      // Its first game is shown (or none could be): the background's turn.
      this.c.rpc.startBackground();
    }
  }

  private async land(source: OpenSource, fresh: Fresh, asked: Asked): Promise<void> {
    const s = this.c.state;
    const encoding = this.keptEncoding(source.name);
    s.error = null;
    s.status = { say: () => T.status.opening(shownAs(source.name)) };
    this.c.redraw();
    const t0 = performance.now();
    let opened;
    try {
      // Each database's code page is guessed from its own names, unless
      // the user chose one for it before.
      opened = await this.c.rpc.call('open', { source, encoding }, { forward: fresh });
    } catch (err) {
      if (!fresh()) throw new Stale();
      // The Worker keeps the database it had, and so does the page; one that
      // went stale may have replaced it since: the one shown goes back.
      if (this.c.requests.opened && this.c.requests.stray) {
        // Every request sent since may be answered by that database: all
        // are dropped, until both Workers hold the one shown again.
        this.c.latest.settled();
        await this.c.rpc.call('open', this.c.requests.opened).catch(() => undefined);
        this.c.requests.stray = false;
        this.c.latest.settled();
        if (!fresh()) throw new Stale();
      }
      const still = s.info ? shownAs(s.name) : null;
      s.status = { say: () => T.status.notOpened(shownAs(source.name), still) };
      if (s.info) this.resume();
      throw err;
    }
    if (!fresh()) {
      this.c.requests.stray = true;
      throw new Stale();
    }
    const { info, wasmBytes } = opened;
    this.c.requests.opened = { source, encoding };
    this.c.requests.sources.set(source.name, source);
    this.c.requests.stray = false;
    // The place a link names in this database (an old `#q=` link names no
    // database: its query applies to any), else its start.
    const place = this.c.address.take(source.name, asked) ?? placeOfHash('');
    const list = freshList(place.query);
    list.input = list.filter = place.filter;
    this.c.showDatabase(source.name, info, list);
    const entry = s.databases.find((d) => d.name === source.name);
    if (entry) entry.games = info.games;
    // Landed: a link given from now on is followed in it.
    this.c.requests.opening = null;
    s.encoding = encoding;
    this.showQuery();
    this.c.redraw();
    // In the background Worker: never after the list, whose filter may fail.
    void this.c.panels.refreshCompactness();
    void this.c.panels.refreshDiagnosis(false);
    try {
      await this.c.address.showing(fresh, async (still) => {
        const failed = s.list.query || s.list.filter ? await this.listPlaced() : null;
        // The time until the list is drawn.
        const ms = Math.round(performance.now() - t0);
        this.c.say(() => T.status.opened(shownAs(source.name), info.games, ms, wasmBytes / 1048576));
        if (still('game')) await this.placeGame(place, true);
        if (failed !== null) this.c.fail(failed);
        // After the game, so that a position the link names that is no
        // position costs only its filter (and its error stays on the page).
        if (place.position && still('position')) await this.c.tree.filterToPosition(place.position).catch((err: unknown) => this.c.fail(err));
      });
    } finally {
      this.c.requests.address.placed = true;
    }
  }

  /** The list of the filter and search a place names; its failure (null:
   * none), said once the game has opened (which clears the error line):
   * it costs only the list, and a newer search only makes it stale. */
  private listPlaced(): Promise<unknown> {
    return this.c.list.applyPlaced().then(() => null, (err: unknown) => err);
  }

  /** The form shows the query the place names, in its panel, open (kept
   * open, as a click there would). */
  private showQuery(): void {
    const q = this.c.state.list.query;
    if (q) this.c.panels.setPanelOpen('search', true);
    if (asksMoves(q)) this.c.panels.setPanelOpen('moves', true);
  }

  /** Shows the game and move `place` names (its first game when it names
   * none, or one the database lacks); `opened`: the database has just
   * opened, and no game of it is shown yet. */
  private async placeGame(place: Place, opened: boolean): Promise<void> {
    const s = this.c.state;
    const games = s.info?.games ?? 0;
    if (games === 0) return;
    const game = place.game !== null && place.game < games ? place.game : 0;
    const move = place.game === game ? place.move : null;
    // The game shown: only the move.
    if (!opened && move !== null && s.game?.index === game) this.c.game.showMove(move);
    else await this.c.game.loadGame(game, move);
  }

  /** Shows the place a link names in the database shown, as an open
   * would: the filter, the search, the game and move, the position; each
   * while it is `still` asked for (AddressCtrl.showing). */
  async takePlace(place: Place, still: (part: 'game' | 'position') => boolean): Promise<void> {
    const s = this.c.state;
    const l = s.list;
    const position = l.position?.fen ?? null;
    let failed: unknown = null;
    if (filtersOf(place) !== filtersOf(placeShown(s))) {
      clearTimeout(l.filterTimer);
      l.filterTimer = 0;
      l.query = place.query;
      l.input = l.filter = place.filter;
      l.refused = null;
      if (place.position !== position) l.position = null;
      this.showQuery();
      this.c.redraw();
      failed = await this.listPlaced();
    }
    if (still('game')) await this.placeGame(place, false);
    if (failed !== null) this.c.fail(failed);
    if (place.position && place.position !== position && still('position')) await this.c.tree.filterToPosition(place.position);
  }

  /** An open failed and the page keeps the database it shows: what the
   * open made stale of it (every request begun before the open began, and
   * any answered by a database that went stale) is asked again, so no
   * panel waits for an answer that was dropped. */
  private resume(): void {
    const s = this.c.state;
    if (this.c.requests.askedGame !== null && this.c.requests.askedGame !== s.game?.index) void this.c.game.openGame(this.c.requests.askedGame);
    if (s.diagnosis.view.kind !== 'data') void this.c.panels.refreshDiagnosis(s.diagnosis.full);
    if (s.compactness.view.kind === 'text') {
      s.compactness.forName = '';
      void this.c.panels.refreshCompactness();
    }
    if (s.card && s.card.view.kind !== 'data') void this.c.panels.openPlayer(s.card.name);
    if (s.list.filter || s.list.query || s.list.sort) void this.c.attempt(() => this.c.list.applyView());
    void this.c.tree.refreshTree();
    this.c.address.asksAgain();
  }

  /** Opens the first database of `files`. Several: each is kept (its
   * files, in `requests.sources`) for the Database menu, and an incomplete
   * set is named with what it lacks, without costing the others. */
  private async openFirst(files: Picked[], fresh: Fresh, asked: Asked): Promise<void> {
    const { complete, problems } = groupFiles(files);
    if (complete.length === 0) {
      throw new Error(problems.length ? problems.join('; ') : T.errors.noFiles);
    }
    if (!fresh()) return;
    const sources: OpenSource[] = complete.map((set) => ({ kind: 'files', name: set.name, files: set.files }));
    for (const source of sources) this.c.requests.sources.set(source.name, source);
    // The menu is this choice's: a choice of one has none.
    this.c.state.databases = sources.length > 1 ? sources.map((source) => ({ name: source.name, games: null })) : [];
    // A database that does not open costs only itself: the next one opens.
    const failed: string[] = [];
    for (const source of sources) {
      try {
        await this.open(source, fresh, asked);
        break;
      } catch (err) {
        if (err instanceof Stale || isFatal(err) || isCancelled(err) || !fresh() || sources.length === 1) throw err;
        failed.push(`${source.name}: ${errorText(err)}`);
        if (failed.length === sources.length) throw new Error([...problems, ...failed].join('; '));
      }
    }
    const notes = [...problems, ...failed];
    if (notes.length) this.c.fail(notes.join('; '));
  }

  setEncoding(encoding: TextChoice): Promise<void> {
    const s = this.c.state;
    const before = s.encoding;
    s.encoding = encoding;
    if (!s.info) return Promise.resolve();
    const fresh = this.c.latest.begin('encoding');
    return this.c.attempt(async () => {
      try {
        s.info = await this.c.latest.answer(fresh, this.c.rpc.call('setEncoding', { encoding }));
      } catch (err) {
        if (err instanceof Stale) throw err;
        s.encoding = before;
        throw err;
      }
      if (this.c.requests.opened) this.c.requests.opened.encoding = encoding;
      const encodings = { ...loadPrefs().encodings };
      if (encoding === 'auto') delete encodings[s.name];
      else encodings[s.name] = encoding;
      savePrefs({ encodings });
      s.list.rows = freshRows();
      this.c.redraw();
      void this.c.panels.refreshDiagnosis(s.diagnosis.full);
      if (s.game) await this.c.game.loadGame(s.game.index);
    });
  }
}
