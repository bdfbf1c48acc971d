// The search form, index.html's own (it is not a snabbdom view): Apply
// reads it into a query, Clear empties it; it shows the query applied
// (from the URL hash too), and its panel opens and closes with the state.

import type { SearchQuery } from '../../pkg/cadb.js';
import type { Controller } from '../controller.js';
import { type FormField, queryOf, valuesOf } from '../query.js';

export class SearchForm {
  /** The query the form shows (undefined: none drawn yet). */
  private shown: SearchQuery | null | undefined = undefined;

  constructor(
    private form: HTMLFormElement,
    private panel: HTMLDetailsElement,
    ctrl: Controller,
  ) {
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
    panel.addEventListener('toggle', () => ctrl.panels.setPanelOpen('search', panel.open));
  }

  show(q: SearchQuery | null, open: boolean): void {
    if (this.panel.open !== open) this.panel.open = open;
    if (q === this.shown) return;
    this.shown = q;
    for (const [k, v] of Object.entries(valuesOf(q))) {
      const input = this.form.elements.namedItem(k);
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = v === '1';
      else if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = v;
    }
  }
}
