// The pattern editor (issue 35): the board shows a pattern of the search
// form while it is built, square by square (pattern.ts the model,
// view/pattern.ts its look). Done writes it into the form's field; Cancel
// leaves the field. Neither changes the game: its board comes back as it was.

import type { Key } from 'chessground/types';
import type { Controller } from '../controller.js';
import { T } from '../i18n/index.js';
import { type PieceCode, parsePattern, patternText, stepSquare, termsOn, toggle } from '../pattern.js';

export class PatternCtrl {
  constructor(private c: Controller) {}

  /** Opens the editor on the pattern `text` (the form's field as typed). */
  open(text: string): void {
    const draft = parsePattern(text);
    const first = draft.terms[0];
    this.c.state.pattern = { draft, tool: first?.piece ?? 'N', forbid: first?.forbid ?? false, cursor: first?.square ?? 'e4', keyboard: false };
    this.c.state.said = null;
    this.c.redraw();
  }

  choose(tool: PieceCode): void {
    const e = this.c.state.pattern;
    if (!e) return;
    e.tool = tool;
    this.c.redraw();
  }

  setForbid(forbid: boolean): void {
    const e = this.c.state.pattern;
    if (!e) return;
    e.forbid = forbid;
    this.c.redraw();
  }

  /** A click (or Enter) on `square`: the tool's piece is put there, required
   * or forbidden, or taken away if it was; said for the screen reader. */
  put(square: Key, keyboard = false): void {
    const e = this.c.state.pattern;
    if (!e) return;
    e.draft = { ...e.draft, terms: toggle(e.draft.terms, square, e.tool, e.forbid) };
    e.cursor = square;
    e.keyboard = keyboard;
    this.saySquare(square);
  }

  /** The keyboard's square moves (arrow keys), said with what is on it. */
  moveCursor(files: number, ranks: number): void {
    const e = this.c.state.pattern;
    if (!e) return;
    e.cursor = stepSquare(e.cursor, files, ranks);
    e.keyboard = true;
    this.saySquare(e.cursor);
  }

  /** Removes every square term (the kept text stays). */
  clear(): void {
    const e = this.c.state.pattern;
    if (!e) return;
    e.draft = { ...e.draft, terms: [] };
    this.c.redraw();
  }

  /** Writes the pattern into the form's field and closes the editor. */
  done(): void {
    const e = this.c.state.pattern;
    if (!e) return;
    this.c.state.patternDone = { text: patternText(e.draft) };
    this.close();
  }

  /** Closes the editor, the field as it was. */
  close(): void {
    if (!this.c.state.pattern) return;
    this.c.state.pattern = null;
    this.c.state.said = null;
    this.c.redraw();
  }

  private saySquare(square: Key): void {
    const e = this.c.state.pattern;
    if (!e) return;
    const on = termsOn(e.draft.terms, square);
    const p = () => T.patternEditor;
    this.c.state.said = () => T.patternEditor.square(square, on.length === 0 ? p().empty
      : on.map((t) => (t.forbid ? p().forbidden : p().required)(p().pieces[t.piece])).join(', '));
    this.c.redraw();
  }
}
