// DOM helpers shared by the viewer (view/*.ts, list.ts) and the benchmark
// page (bench.ts).

/** The element with `data-testid="id"`: the pages' fixed parts. */
export function byTestId<T extends HTMLElement>(id: string): T {
  const el = document.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`page is missing [data-testid=${id}]`);
  return el;
}

/** The element with this id. */
export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page is missing #${id}`);
  return el as T;
}

/** A new element with a class and, optionally, text. */
export function el(tag: string, cls: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Which key of `keys` (a name to its `KeyboardEvent.key` values) a key
 * press is; none while typing in a field or with a modifier held. */
export function keyOf<K extends string>(e: KeyboardEvent, keys: Record<K, readonly string[]>): K | undefined {
  const t = e.target as HTMLElement | null;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return undefined;
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  return (Object.keys(keys) as K[]).find((k) => keys[k].includes(e.key));
}
