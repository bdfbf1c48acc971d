// "Analyse game": every position of the open game's main line searched to
// a fixed depth, one after another on the live engine (paused meanwhile),
// then handed to the core (Database.annotate), which merges the scores
// with the evaluations stored in the database (stored ones win), marks
// the mistakes (?!, ?, ??) and writes the PGN to export. The analysis
// belongs to its game: another game or database drops it (`drop`).

import { ANALYSIS_DEPTHS } from '../config.js';
import type { Controller } from '../controller.js';
import { download, gameFileName } from '../download.js';
import { nextOnLine } from '../game.js';
import { messageOf } from '../errors.js';
import { T } from '../i18n/index.js';
import { type Fresh, Stale } from '../latest.js';
import type { AnalysisState } from '../state.js';
import type { Score } from '../uci.js';

export class AnalysisCtrl {
  constructor(private c: Controller) {}

  /** The depth each position is searched to. */
  setDepth(depth: number): void {
    if (!Number.isFinite(depth)) return;
    this.c.state.analysisDepth = Math.max(ANALYSIS_DEPTHS.min, Math.min(ANALYSIS_DEPTHS.max, Math.round(depth)));
    this.c.redraw();
  }

  /** Analyses the open game's main line (the last request wins: a run
   * under way is replaced). */
  start(): void {
    const st = this.c.state;
    const g = st.game;
    const engine = this.c.engine.use();
    if (!g || !engine) {
      this.c.redraw();
      return;
    }
    const fens = [g.view.startFen];
    for (let id = nextOnLine(g, -1); id >= 0; id = g.nodes[id].next) fens.push(g.nodes[id].fen);
    // The live search stops; it resumes after (`finish`).
    this.c.engine.halt();
    // Its answer is of the database shown now: one opened since makes it stale.
    const fresh = this.c.latest.begin('analysis');
    const run: AnalysisState = {
      index: g.index, depth: st.analysisDepth, done: 0, total: fens.length, running: true,
      scores: [], result: null, failed: null,
    };
    st.analysis = run;
    const next = () => {
      if (st.analysis !== run || !run.running) return;
      if (run.done === run.total) {
        void this.finish(run, fresh);
        return;
      }
      const fen = fens[run.done];
      let score: Score | null = null;
      engine.start({ fen, multiPv: 1, depth: run.depth }, {
        info: (info) => {
          if (info.multipv === 1) score = info.score;
        },
        done: () => {
          if (st.analysis !== run) return;
          // Mated already (mate 0): the core scores such a position itself.
          run.scores.push(score && 'mate' in score && score.mate === 0 ? null : score);
          run.done++;
          this.c.redraw();
          next();
        },
      });
    };
    this.c.redraw();
    next();
  }

  /** The scores go to the core, and the live engine resumes. */
  private async finish(run: AnalysisState, fresh: Fresh): Promise<void> {
    run.running = false;
    this.c.engine.follow();
    this.c.redraw();
    try {
      const result = await this.c.latest.answer(fresh, this.c.rpc.call('annotate', { index: run.index, scores: run.scores }));
      if (this.c.state.analysis !== run) return;
      run.result = result;
    } catch (err) {
      if (this.c.state.analysis !== run) return;
      // Another database was asked for meanwhile (even one that failed to
      // open): the Worker may no longer hold this game, so the run is dropped.
      if (err instanceof Stale) this.c.state.analysis = null;
      else run.failed = () => messageOf(err);
    }
    this.c.redraw();
  }

  /** Cancel: the run stops where it is (what was computed is dropped). */
  cancel(): void {
    const run = this.c.state.analysis;
    if (!run?.running) return;
    this.c.state.analysis = null;
    this.c.engine.use()?.stop();
    this.c.engine.follow();
    this.c.redraw();
  }

  /** Another game (`index`: its index) or database (null) is asked for:
   * the analysis of the one before is dropped, a run under way stopped. */
  drop(index: number | null): void {
    const run = this.c.state.analysis;
    if (!run || run.index === index) return;
    this.c.state.analysis = null;
    if (!run.running) return;
    this.c.engine.use()?.stop();
    // The live engine resumes on the position shown until the new one is
    // (a game or database asked for may never come: a later request wins).
    this.c.engine.follow();
  }

  /** Downloads the analysed game: its PGN with the scores as [%eval] and the marks as NAGs. */
  exportGame(): void {
    const st = this.c.state;
    const run = st.analysis;
    const g = st.game;
    if (!run?.result || !g || g.index !== run.index) return;
    download(gameFileName(g.view.headers.white, g.view.headers.black, g.index).replace(/\.pgn$/, '-analysed.pgn'), [run.result.pgn]);
    this.c.say(() => T.analysis.exported);
  }
}
