// The demo database (www/demo/DEMO.*, written by `npm start` from the
// fixture games), fetched from the page's own origin. The viewer opens it at
// start; the benchmark page measures it.

import { PARTS, type Part } from './config.js';
import { T } from './i18n/index.js';

/** The five files of the demo database. */
export async function fetchDemo(): Promise<Record<Part, Uint8Array>> {
  // Literal URLs, one per file, so webpack emits each as an asset.
  const urls: Record<Part, URL> = {
    cdp: new URL('./demo/DEMO.CDP', import.meta.url),
    emb: new URL('./demo/DEMO.EMB', import.meta.url),
    d00: new URL('./demo/DEMO.D00', import.meta.url),
    a02: new URL('./demo/DEMO.A02', import.meta.url),
    d02: new URL('./demo/DEMO.D02', import.meta.url),
  };
  const entries = await Promise.all(
    PARTS.map(async (p) => {
      const r = await fetch(urls[p]);
      if (!r.ok) throw new Error(T.errors.demo(r.status, urls[p].pathname));
      return [p, new Uint8Array(await r.arrayBuffer())] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Part, Uint8Array>;
}
