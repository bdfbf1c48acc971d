// Long tasks (progress and Cancel; the PGN export is one), and a fresh
// Worker after a trap or a cancel: the database shown is reopened in it,
// or, when that fails, the page closes it and says why.

import { DEMO_NAME } from '../config.js';
import type { Controller } from '../controller.js';
import type { Side } from '../decoders.js';
import { fetchDemo } from '../demo.js';
import { BlobSink, type PgnSink, pickFile, secondsLeft, STREAM_FROM } from '../download.js';
import { errorText } from '../errors.js';
import { T } from '../i18n/index.js';
import { Stale } from '../latest.js';
import { ARCHIVE_STEPS, type RequestType, type Requests } from '../protocol.js';
import { ALL, freshList, listedGames, type Say, type Task } from '../state.js';
import { type CallOptions, isCancelled, isFatal, type WorkerError } from '../worker-host.js';
import { AT_START } from './address.js';

export class TasksCtrl {
  constructor(private c: Controller) {}

  /** Saves the PGN of every game listed (all, or the filter's): a big
   * export into a file the user picks, where the browser offers that, as
   * it is written; else a download once it is complete. The list of many
   * with its copies hidden is written merged: each kept game tagged with
   * the copies it stands for, as `cadb pgn FOLDER --dedupe` does. */
  exportAll(): Promise<void> {
    const s = this.c.state;
    const { order, filtered } = s.list.view;
    const merged = s.name === ALL && s.list.copies?.mode === 'hide';
    const name = `${s.name === ALL ? 'all-databases' : s.name || 'games'}${filtered ? '-filtered' : ''}.pgn`;
    const games = listedGames(s.list.view, s.info?.games ?? 0);
    // Asked for now, in the click: the browser shows its dialog only then.
    const picked = games >= STREAM_FROM ? pickFile(name) : Promise.resolve(null);
    return this.c.attempt(async () => {
      const summary = await this.saveTo(name, picked, (push, started) => this.long('export', 'exportPgn', { indices: filtered ? order : null, merged }, {
        onChunk: push,
        progress: (done, total) => T.status.exporting(done, total, secondsLeft(started, done, total)),
      }));
      if (summary) this.c.say(() => T.status.exported(summary.games, Math.round(summary.bytes / 1024), summary.errors.length));
    });
  }

  /** Saves one PGN of every database of the Database menu, in its order,
   * each game tagged with its database ([CASource "NAME game N"], as `cadb
   * pgn FOLDER` writes it; with `mergeCopies`, each group of duplicates
   * once, as `--dedupe` does): streamed into a file where the browser
   * offers that. A database that does not open costs only itself, and is
   * named. */
  exportArchive(): Promise<void> {
    const s = this.c.state;
    const members = this.c.db.members(s.databases.map((d) => d.name));
    const name = 'databases.pgn';
    const picked = pickFile(name);
    const merge = s.mergeCopies;
    return this.c.attempt(async () => {
      const summary = await this.saveTo(name, picked, (push, started) => this.long('export', 'exportArchive', { members, merge }, {
        onChunk: push,
        progress: (done, total) => {
          // Merged, a first pass reads every database for its duplicates.
          const step = Math.min(Math.floor(done / ARCHIVE_STEPS), total / ARCHIVE_STEPS - 1);
          const [pass, k] = [Math.floor(step / members.length), (step % members.length) + 1];
          const left = secondsLeft(started, done, total);
          return merge && pass === 0 ? T.status.findingCopies(k, members.length, left) : T.status.exportingAll(k, members.length, left);
        },
      }));
      if (!summary) return;
      const { databases, games, bytes, damaged, failed, groups, copies } = summary;
      this.c.say(() => T.status.exportedAll(databases, games, Math.round(bytes / 1024), damaged)
        + (groups === null || copies === null ? '' : ` ${T.status.merged(copies, groups)}`)
        + (failed.length ? ` ${T.status.notExported(failed)}` : ''));
    });
  }

  /** An export's bytes from `run` into the file `picked`, or a download
   * named `name` when the browser offers none: the bar shows at once (the
   * first progress comes after a chunk), the file is closed once complete
   * and dropped on a failure (`started`: after the dialog, for the time
   * left). Null: the user closed the file dialog. */
  private async saveTo<R>(
    name: string,
    picked: Promise<PgnSink | null | 'declined'>,
    run: (push: (bytes: Uint8Array<ArrayBuffer>) => void, started: number) => Promise<R>,
  ): Promise<R | null> {
    const file = await picked;
    if (file === 'declined') return null;
    const out = file ?? new BlobSink(name);
    this.c.state.exporting = { done: 0, total: 0 };
    try {
      const result = await run((bytes) => out.push(bytes), performance.now());
      await out.finish();
      return result;
    } catch (err) {
      out.abort();
      throw err;
    }
  }

  /** Whether "⤓ PGN of all" merges duplicates. */
  setMergeCopies(on: boolean): void {
    this.c.state.mergeCopies = on;
    this.c.redraw();
  }

  /** A request that may take long: Cancel is offered while it runs. With
   * `progress`, its progress shows in the bar until it ends, and in the
   * status line too when `progress` gives the text. */
  async long<R extends RequestType>(
    name: Task,
    type: R,
    args: Requests[R]['args'],
    options: CallOptions & { progress?: true | ((done: number, total: number) => string) } = {},
  ): Promise<Requests[R]['result']> {
    const s = this.c.state;
    const { progress, ...call } = options;
    if (progress) {
      call.onProgress = (done, total) => {
        s.exporting = { done, total };
        if (progress !== true) s.status = { say: () => progress(done, total) };
        this.c.redraw();
      };
    }
    s.tasks = [...s.tasks, name];
    this.c.redraw();
    try {
      return await this.c.rpc.call(type, args, { ...call, cancellable: true });
    } finally {
      if (progress) s.exporting = null;
      const k = s.tasks.indexOf(name);
      s.tasks = s.tasks.filter((_, i) => i !== k);
      this.c.redraw();
    }
  }

  /** Stops the long tasks under way (the Worker is replaced); said quietly. */
  cancel(): void {
    if (this.c.state.tasks.length === 0) return;
    this.c.rpc.cancel();
    this.c.say(() => T.status.cancelled);
  }

  /** A host has replaced its Worker (of `side`), after a fatal error or a
   * cancel: the database the page shows goes into the fresh one. This runs
   * before any other request reaches it, so the reopen is its first, and a
   * database chosen since is sent after it: the newer choice wins. */
  restarted(side: Side, cause: WorkerError): void {
    const s = this.c.state;
    const cancelled = isCancelled(cause);
    if (this.c.requests.reopening[side]) {
      // Cancelled: the host sends the reopen again. Failed: trying again could loop.
      const name = s.name;
      if (!cancelled) this.close(() => T.errors.stoppedAgain(name || T.errors.theDatabase, errorText(cause)));
      return;
    }
    const stopped = () => (cancelled ? '' : T.errors.stopped(cause.request ?? null, errorText(cause)));
    const again = this.c.requests.opened;
    // What is said is dropped once the user opens another database.
    const fresh = this.c.latest.current('open');
    if (!again) {
      // Nothing had opened: the demo, as at the start. It begins no
      // generation of its own: a database the user chose is sent after it, and wins.
      if (cancelled || side === 'bg') return;
      s.error = { say: () => `${stopped()}.` };
      this.c.redraw();
      void this.reopen(side, async () => this.c.db.open({ kind: 'bytes', name: DEMO_NAME, files: await fetchDemo() }, fresh, AT_START),
        () => T.errors.stoppedDemo(stopped(), DEMO_NAME));
      return;
    }
    const name = again.source.name;
    // What is said of it is dropped once another database is on screen.
    const told = this.c.latest.begin('restart');
    const reopened = this.c.rpc.callIn(side, 'open', { ...again, dropOld: side === 'bg' });
    if (cancelled) {
      void this.reopen(side, () => reopened.then(() => undefined), null);
      return;
    }
    s.error = { say: () => T.errors.stoppedReopening(stopped(), name) };
    this.c.say(() => T.status.reopening(name));
    void this.reopen(side, async () => {
      await reopened;
      if (told()) this.c.say(() => T.status.reopened(name));
    }, () => (told() ? T.errors.stoppedReopened(stopped(), name) : ''));
  }

  /** Runs a reopen in the Worker of `side`; `said` is the error line once
   * it succeeded. It never throws: a fatal failure was said by
   * `restarted`, another one closes. */
  private async reopen(side: Side, action: () => Promise<void>, said: Say | null): Promise<void> {
    this.c.requests.reopening[side] = true;
    try {
      await action();
      if (said) this.c.state.error = said() ? { say: said } : null;
      this.c.redraw();
    } catch (err) {
      const name = this.c.state.name;
      if (!isFatal(err) && !(err instanceof Stale)) this.close(() => T.errors.notReopened(name || T.errors.theDatabase, errorText(err)));
    } finally {
      this.c.requests.reopening[side] = false;
    }
  }

  /** No database any more: the page shows none, and says why. */
  private close(why: Say): void {
    const s = this.c.state;
    this.c.requests.opened = null;
    this.c.showDatabase('', null, freshList());
    s.status = { say: () => T.status.noDatabase };
    s.error = { say: why };
    this.c.redraw();
  }
}
