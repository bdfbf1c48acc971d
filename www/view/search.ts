// The search form, index.html's own (it is not a snabbdom view): Apply
// reads it into a query, Clear empties it; it shows the query applied
// (from the URL hash too), or one the core refused with its message, and
// its panel opens and closes with the state. "Edit on board" opens the
// pattern editor on the field's text, whose Done writes the field.

import type { SearchQuery } from '../../pkg/cadb.js';
import type { Controller } from '../controller.js';
import { type FormField, queryOf, valuesOf } from '../query.js';
import type { State } from '../state.js';

export class SearchForm {
  /** The query the form shows (undefined: none drawn yet). */
  private shown: SearchQuery | null | undefined = undefined;
  private done: State['patternDone'] = null;
  private editing = false;
  private error: HTMLElement;
  private nag: HTMLInputElement;
  private nagPick: HTMLSelectElement;
  private pattern: HTMLInputElement;
  /** The group "Position and moves". */
  private moves: HTMLDetailsElement;
  /** The disclosures as last drawn from the state. */
  private drawn: { search: boolean; moves: boolean };

  constructor(
    private form: HTMLFormElement,
    private panel: HTMLDetailsElement,
    ctrl: Controller,
  ) {
    this.error = form.querySelector('#search-error') as HTMLElement;
    this.nag = form.elements.namedItem('nag') as HTMLInputElement;
    this.nagPick = form.querySelector('#nag-pick') as HTMLSelectElement;
    this.pattern = form.elements.namedItem('pattern') as HTMLInputElement;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const values: Partial<Record<FormField, string>> = {};
      for (const [k, v] of new FormData(form)) values[k as FormField] = String(v);
      void ctrl.list.search(queryOf(values));
    });
    form.querySelector('#search-clear')?.addEventListener('click', () => {
      form.reset();
      void ctrl.list.search(null);
    });
    // The common NAGs' menu writes the number, and follows it.
    this.nagPick.addEventListener('change', () => {
      this.nag.value = this.nagPick.value;
    });
    this.nag.addEventListener('input', () => this.followNag());
    form.querySelector('#pattern-edit')?.addEventListener('click', () => ctrl.pattern.open(this.pattern.value));
    panel.addEventListener('toggle', () => ctrl.panels.setPanelOpen('search', panel.open));
    this.moves = form.querySelector('#search-moves') as HTMLDetailsElement;
    this.moves.addEventListener('toggle', () => ctrl.panels.setPanelOpen('moves', this.moves.open));
    this.drawn = { search: panel.open, moves: this.moves.open };
  }

  private followNag(): void {
    const v = this.nag.value;
    this.nagPick.value = Array.from(this.nagPick.options).some((o) => o.value === v) ? v : '';
  }

  show(s: State): void {
    // Written when the state changed since the last drawing, as snabbdom's
    // props are, never merely because the page differs: a click on a
    // summary opens it at once, and the state follows at its toggle event,
    // which a redraw in between (an answer arriving) must not undo.
    if (s.disclosures.search !== this.drawn.search) this.panel.open = this.drawn.search = s.disclosures.search;
    if (s.disclosures.moves !== this.drawn.moves) this.moves.open = this.drawn.moves = s.disclosures.moves;
    const refused = s.list.refused;
    // A refused query stays as typed, to be put right.
    const q = refused ? refused.query : s.list.query;
    if (q !== this.shown) {
      this.shown = q;
      for (const [k, v] of Object.entries(valuesOf(q))) {
        const input = this.form.elements.namedItem(k);
        if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = v === '1';
        else if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = v;
      }
      this.followNag();
    }
    const message = refused ? refused.say() : '';
    if (this.error.textContent !== message) this.error.textContent = message;
    this.error.hidden = message === '';
    // The field the core named ("material: unexpected …") is marked.
    const field = refused ? /^(?:[^:]*: )?(\w+):/.exec(message)?.[1] : undefined;
    for (const el of Array.from(this.form.querySelectorAll('input[name]'))) {
      const bad = field !== undefined && el.getAttribute('name') === field;
      if (bad) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
    }
    // The editor's Done writes the field; on closing, the field has the focus again.
    if (s.patternDone !== this.done) {
      this.done = s.patternDone;
      if (this.done) this.pattern.value = this.done.text;
    }
    if (this.editing && !s.pattern) this.pattern.focus();
    this.editing = s.pattern !== null;
  }
}
