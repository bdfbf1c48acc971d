// The panels and settings: the player card, the language, piece letters
// and theme, the dialogs and disclosures, the column widths, the
// compactness report and the doctor's report, and its count of duplicates.

import { DIAGNOSE_MAX_GAMES } from '../config.js';
import { secondsLeft } from '../download.js';
import { ARCHIVE_STEPS } from '../protocol.js';
import type { Controller } from '../controller.js';
import { codeOf, coreMessage, errorText, messageOf } from '../errors.js';
import { type Language, type Notation, setNotation, T, useLanguage } from '../i18n/index.js';
import { Stale } from '../latest.js';
import { rememberPanel, savePrefs } from '../prefs.js';
import { amongMany, reportText, type Widths } from '../state.js';
import { isCancelled } from '../worker-host.js';

/** What setPanelOpen opens and closes: the tree panel and the compactness
 * dialog are computed when open; the others are the page's disclosures. */
export type Panel = 'tree' | 'compactness' | 'db' | 'search' | 'moves' | 'tools';

/** The prefs key of a disclosure kept across visits. */
const KEPT: Partial<Record<Panel, string>> = { tree: 'tree', db: 'db-panel', search: 'search-panel', moves: 'search-moves' };

export class PanelsCtrl {
  constructor(private c: Controller) {}

  /** Opens the card of the player named `name`. */
  openPlayer(name: string): Promise<void> {
    const s = this.c.state;
    const fresh = this.c.latest.begin('card');
    s.card = { name, view: { kind: 'text', say: () => T.card.counting } };
    this.c.redraw();
    return this.c.attempt(async () => {
      try {
        const data = await this.c.latest.answer(fresh, this.c.rpc.call('playerCard', { name }));
        if (s.card) s.card = { name, view: { kind: 'data', data } };
      } catch (err) {
        if (err instanceof Stale) throw err;
        if (s.card) s.card = { name, view: { kind: 'text', say: () => errorText(err) } };
      }
      this.c.redraw();
    });
  }

  closePlayer(): void {
    this.c.latest.begin('card');
    this.c.state.card = null;
    this.c.redraw();
  }

  /** Lists the games of the card's player (the form shows the query). */
  filterToPlayer(): Promise<void> {
    const c = this.c.state.card;
    if (!c) return Promise.resolve();
    const name = c.view.kind === 'data' ? c.view.data.name : c.name;
    this.closePlayer();
    return this.c.list.search({ player: name, playerExact: true });
  }

  /** A setting changed: shown, and kept for the next visit. */
  private changeSettings(change: { language?: Language; notation?: Notation; theme?: 'light' | 'dark' }): void {
    const now = (this.c.state.settings = { ...this.c.state.settings, ...change });
    useLanguage(now.language);
    setNotation(now.notation);
    savePrefs(change);
    this.c.redraw();
  }

  setLanguage(language: Language): void {
    this.changeSettings({ language });
  }

  setNotation(notation: Notation): void {
    this.changeSettings({ notation });
  }

  /** Light to dark and back (`systemDark`: the theme with none chosen). */
  toggleTheme(systemDark: boolean): void {
    const now = this.c.state.settings.theme ?? (systemDark ? 'dark' : 'light');
    this.changeSettings({ theme: now === 'dark' ? 'light' : 'dark' });
  }

  /** The keys dialog (?). */
  showKeys(open: boolean): void {
    this.c.state.keysOpen = open;
    if (open) this.c.state.disclosures.tools = false;
    this.c.redraw();
  }

  /** Opens or closes a panel: an open one is brought up to date. */
  setPanelOpen(panel: Panel, open: boolean): void {
    const s = this.c.state;
    const was = panel === 'tree' || panel === 'compactness' ? s[panel].open : s.disclosures[panel];
    if (was === open) return;
    if (panel === 'tree' || panel === 'compactness') s[panel].open = open;
    else s.disclosures[panel] = open;
    // A dialog opened from the Tools menu closes the menu.
    if (panel === 'compactness' && open) s.disclosures.tools = false;
    const key = KEPT[panel];
    if (key) rememberPanel(key, open);
    this.c.redraw();
    if (panel === 'tree') void this.c.tree.refreshTree();
    if (panel === 'compactness') void this.refreshCompactness();
  }

  /** The user dragged a column's edge (`done`: let go, the widths are kept). */
  resizeColumns(columns: Widths, done: boolean): void {
    this.c.state.columns = columns;
    if (done) savePrefs({ columns });
    this.c.redraw();
  }

  /** The compactness table decodes every game: computed when its panel
   * opens, once per database. */
  async refreshCompactness(): Promise<void> {
    const s = this.c.state;
    const c = s.compactness;
    if (!c.open || c.forName === s.name) return;
    const fresh = this.c.latest.begin('compactness');
    c.forName = s.name;
    c.view = { kind: 'text', say: () => T.compactness.computing };
    this.c.redraw();
    try {
      c.view = { kind: 'data', data: await this.c.latest.answer(fresh, this.c.tasks.long('compactness', 'compactness', {})) };
    } catch (err) {
      if (err instanceof Stale) return;
      c.forName = '';
      c.view = { kind: 'text', say: isCancelled(err) ? () => T.compactness.cancelled : () => coreMessage(codeOf(err), messageOf(err)) };
    }
    this.c.redraw();
  }

  /** The doctor's report: of a sample of games when a database opens
   * (quick), or of every game when asked (`full`: progress and Cancel). */
  async refreshDiagnosis(full: boolean): Promise<void> {
    const s = this.c.state;
    if (!s.info) return;
    const fresh = this.c.latest.begin('diagnosis');
    const d = s.diagnosis;
    d.full = full;
    d.copied = null;
    d.view = { kind: 'text', say: () => (full ? T.diagnosis.checkingAll : T.diagnosis.checking) };
    this.c.redraw();
    try {
      const report = await this.c.latest.answer(fresh, full
        ? this.c.tasks.long('check', 'diagnose', { maxGames: null }, { progress: true })
        : this.c.rpc.call('diagnose', { maxGames: DIAGNOSE_MAX_GAMES }));
      d.view = { kind: 'data', data: Array.isArray(report) ? report : [{ name: s.name, report }] };
    } catch (err) {
      if (err instanceof Stale) return;
      d.full = false;
      if (full && isCancelled(err)) {
        // The sampled report again, from the fresh decoder.
        void this.refreshDiagnosis(false);
        return;
      }
      d.view = { kind: 'text', say: () => T.diagnosis.failed(errorText(err)) };
    }
    this.c.redraw();
  }

  /** Counts the duplicates (the rule of `cadb pgn --dedupe`) in the
   * database shown, or in every database of the choice it is one of:
   * each read through, with progress and Cancel. */
  async countDuplicates(): Promise<void> {
    const s = this.c.state;
    const members = this.c.db.members(amongMany(s) ? s.databases.map((d) => d.name) : [s.name]);
    if (!s.info || members.length === 0) return;
    const fresh = this.c.latest.begin('duplicates');
    const d = s.diagnosis;
    d.duplicates = { say: () => T.diagnosis.countingDuplicates };
    this.c.redraw();
    try {
      const started = performance.now();
      const n = await this.c.latest.answer(fresh, this.c.tasks.long('duplicates', 'countDuplicates', { members }, {
        progress: (done, total) => T.status.countingCopies(Math.min(members.length, Math.floor(done / ARCHIVE_STEPS) + 1), members.length, secondsLeft(started, done, total)),
      }));
      d.duplicates = { say: () => T.diagnosis.duplicates(n.copies, n.groups, n.games, n.databases) + (n.failed.length ? ` ${T.status.notCounted(n.failed)}` : '') };
    } catch (err) {
      if (err instanceof Stale) return;
      d.duplicates = isCancelled(err) ? null : { say: () => T.diagnosis.failed(errorText(err)) };
    }
    this.c.redraw();
  }

  /** Copies the doctor's report (counts only, no game content). Where the
   * clipboard is refused, the report's text in the panel is selected. */
  copyReport(): void {
    const s = this.c.state;
    const v = s.diagnosis.view;
    if (v.kind !== 'data') return;
    navigator.clipboard.writeText(reportText(v.data)).then(
      () => {
        s.diagnosis.copied = { say: () => T.diagnosis.copied };
        this.c.redraw();
      },
      () => {
        s.diagnosis.copied = { say: () => T.diagnosis.refused };
        this.c.redraw();
      },
    );
  }
}
