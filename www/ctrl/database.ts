// Opening a database (chosen, dropped, linked in the URL, the demo at the
// start) and choosing its encoding. Each open begins its generation at the
// user's action, before anything is read: a choice made while the demo is
// fetched, or while another database opens, is the one that opens.

import { DEMO_NAME } from '../config.js';
import type { Controller } from '../controller.js';
import { fetchDemo } from '../demo.js';
import { droppedFiles, groupFiles } from '../files.js';
import { T } from '../i18n/index.js';
import { type Fresh, Stale } from '../latest.js';
import { loadPrefs, savePrefs } from '../prefs.js';
import { type OpenSource, type TextChoice } from '../protocol.js';
import { asksMoves, placeOfHash } from '../query.js';
import { freshList, freshRows } from '../state.js';

export class DatabaseCtrl {
  constructor(private c: Controller) {}

  openDatabase(source: OpenSource): Promise<void> {
    const fresh = this.c.latest.begin('open');
    return this.c.attempt(() => this.open(source, fresh));
  }

  /** Files picked or dropped: the first complete database among them. */
  openFiles(files: File[]): Promise<void> {
    const fresh = this.c.latest.begin('open');
    return this.c.attempt(() => this.openFirst(files, fresh));
  }

  openDrop(data: DataTransfer): Promise<void> {
    const fresh = this.c.latest.begin('open');
    return this.c.attempt(async () => this.openFirst(await droppedFiles(data), fresh));
  }

  /** The page's start: the decoder's encodings for the menu, then the demo
   * database, unless the user has chosen one by then. */
  start(): Promise<void> {
    const fresh = this.c.latest.begin('open');
    return this.c.attempt(async () => {
      this.c.state.encodings = await this.c.rpc.call('encodings', {});
      this.c.redraw();
      if (!fresh()) return;
      await this.open({ kind: 'bytes', name: DEMO_NAME, files: await fetchDemo() }, fresh);
    });
  }

  async open(source: OpenSource, fresh: Fresh): Promise<void> {
    // A newer choice was made while this one was read or fetched.
    if (!fresh()) return;
    const s = this.c.state;
    // The place the URL names, if it is in this database (an old `#q=`
    // link names no database: its query applies to any).
    const place = placeOfHash(location.hash);
    const here = place.db === null || place.db === source.name;
    // The encoding kept for it, if it is one the decoder knows (storage
    // can hold anything).
    const kept: unknown = loadPrefs().encodings?.[source.name];
    const encoding = s.encodings.some((e) => e.name === kept) ? (kept as TextChoice) : 'auto';
    s.error = null;
    s.status = { say: () => T.status.opening(source.name) };
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
      const still = s.info ? s.name : null;
      s.status = { say: () => T.status.notOpened(source.name, still) };
      if (s.info) this.resume();
      throw err;
    }
    if (!fresh()) {
      this.c.requests.stray = true;
      throw new Stale();
    }
    const { info, wasmBytes } = opened;
    this.c.requests.opened = { source, encoding };
    this.c.requests.stray = false;
    const list = freshList(here ? place.query : null);
    if (here) list.input = list.filter = place.filter;
    this.c.showDatabase(source.name, info, list);
    s.encoding = encoding;
    // The form shows the query the link names, in its panel, open (kept
    // open, as a click there would).
    if (s.list.query) this.c.panels.setPanelOpen('search', true);
    if (asksMoves(s.list.query)) this.c.panels.setPanelOpen('moves', true);
    this.c.redraw();
    // In the background Worker: never after the list, whose filter may fail.
    void this.c.panels.refreshCompactness();
    void this.c.panels.refreshDiagnosis(false);
    if (s.list.query || s.list.filter) await this.c.list.applyPlaced();
    // The time until the list is drawn.
    const ms = Math.round(performance.now() - t0);
    this.c.say(() => T.status.opened(source.name, info.games, ms, wasmBytes / 1048576));
    try {
      const game = here && place.game !== null && place.game < info.games ? place.game : 0;
      if (info.games > 0) await this.c.game.loadGame(game, here && place.game === game ? place.move : null);
      // After the game, so that a position the link names that is no
      // position costs only its filter (and its error stays on the page).
      if (here && place.position) await this.c.tree.filterToPosition(place.position).catch((err: unknown) => this.c.fail(err));
    } finally {
      this.c.requests.placed = true;
    }
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
  }

  private async openFirst(files: File[], fresh: Fresh): Promise<void> {
    const { complete, problems } = groupFiles(files);
    if (complete.length === 0) {
      throw new Error(problems.length ? problems.join('; ') : T.errors.noFiles);
    }
    // Several databases: open the first; say which ones were left.
    const set = complete[0];
    await this.open({ kind: 'files', name: set.stem, files: set.files }, fresh);
    const notes = [...problems, ...complete.slice(1).map((s) => T.errors.oneAtATime(s.stem))];
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
