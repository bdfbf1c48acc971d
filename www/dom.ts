// DOM helpers shared by the viewer (main.ts, panels.ts) and the benchmark
// page (bench.ts).

/** The element with `data-testid="id"`: the pages' fixed parts. */
export function byTestId<T extends HTMLElement>(id: string): T {
  const el = document.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`page is missing [data-testid=${id}]`);
  return el;
}

/** A new element with a class and, optionally, text. */
export function el(tag: string, cls: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
