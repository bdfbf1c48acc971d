// TEMPORARY (issue 35): the core's new search API as the contract names it,
// until h35-core is merged and pkg/cadb.d.ts has it. Removed at the merge.
import '../pkg/cadb.js';

declare module '../pkg/cadb.js' {
  interface SearchQuery {
    material?: string; pattern?: string; maneuver?: string; comment?: string;
    nag?: number; hasEval?: boolean; evalSwing?: number; opening?: string;
  }
  interface SearchHits { games: Uint32Array; plies: Uint32Array; searched: number; damaged: number }
  interface Database {
    searchHits(query: SearchQuery, onProgress?: ((done: number, total: number) => void) | null): SearchHits;
  }
}
