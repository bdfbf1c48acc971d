// Messages between the page and the decoding Worker. Every request carries
// an id; the worker answers with the same id, and streams export chunks and
// progress before the answer.

import type {
  ColumnKey, CompactnessRow, DbInfo, Diagnosis, Encoding, EncodingChoice, ExportSummary, GameRows, GameView, PlayerCard, SearchQuery, SortColumn,
  AnnotatedGame, Duplicates, EngineScore, MemberDiagnosis, PositionHits, SearchHits, TreeMove,
} from '../pkg/cadb.js';
import type { Part } from './config.js';
import type { PoolSetup } from './pool.js';
import type { Reads } from './lazy-file.js';

/** One game-list row: the text of every column (the list caches them by
 * game index; only visible rows are ever fetched). */
export type Row = Record<ColumnKey, string>;

/** The rows of a page, column by column, as `db.rows` returns them. */
export type RowsResult = GameRows;

/** The rows of a page, one by one. */
export function splitRows(page: RowsResult): [number, Row][] {
  const keys = Object.keys(page.columns) as ColumnKey[];
  return Array.from(page.index, (index, k) => {
    const row = {} as Row;
    for (const key of keys) row[key] = page.columns[key][k];
    return [index, row];
  });
}

export type OpenSource =
  | { kind: 'bytes'; name: string; files: Record<Part, Uint8Array> }
  /** Files picked or dropped: D02 is read on demand, never loaded whole. */
  | { kind: 'files'; name: string; files: Record<Part, File> }
  /** Many databases as one list (an `Archive`, issue 47): every member of
   * a choice of many, each with its own encoding. */
  | { kind: 'archive'; name: string; members: Member[] };

/** A code page, or 'auto': the one the decoder guessed from the names. */
export type TextChoice = Encoding | 'auto';

/** A database of a choice of many, as a whole-archive pass opens it. */
export interface Member {
  source: OpenSource;
  encoding: TextChoice | undefined;
}

/** A database of a whole-archive pass that did not open, and why. */
export interface Failed {
  name: string;
  why: string;
}

/** The duplicates among some databases (`countDuplicates`). */
export interface DuplicateCount {
  /** Databases read, and their games. */
  databases: number;
  games: number;
  /** Groups of copies, and the copies a merged export leaves out. */
  groups: number;
  copies: number;
  /** Databases that did not open, and why. */
  failed: Failed[];
}

/** What an archive's export wrote (`exportArchive`). */
export interface ArchiveExport {
  /** Databases written, games, and bytes of PGN. */
  databases: number;
  games: number;
  bytes: number;
  /** Games written up to their damage. */
  damaged: number;
  /** Databases that did not open (each costs only itself), and why. */
  failed: Failed[];
  /** Merged: the groups of duplicates, and the copies left out (null: not merged). */
  groups: number | null;
  copies: number | null;
}

/** An archive export's progress: this many steps a database. */
export const ARCHIVE_STEPS = 1000;

export interface Requests {
  /** `wasmBytes`: the decoder's memory after opening (D02 is not in it). */
  /** The decoder's encodings, for the menu. */
  encodings: { args: Record<string, never>; result: EncodingChoice[] };
  /** `encoding` undefined: the guess from the names, as 'auto'. */
  /** `dropOld`: the database open before is closed first (the background
   * Worker's: it must never answer for the database before). `primed`:
   * what the background Worker's open of the same database read from D02
   * (a pool helper's open is served it, not the File). */
  open: { args: { source: OpenSource; encoding: TextChoice | undefined; dropOld?: boolean; primed?: Reads | null }; result: { info: DbInfo; wasmBytes: number } };
  setEncoding: { args: { encoding: TextChoice }; result: DbInfo };
  /** What the reader inferred, its evidence and its warnings (a
   * database's, or each member's of an archive); D02 of at most
   * `maxGames` games is scanned (null: every game). */
  /** An archive's: each database's report under its name. `member`:
   * database `member` of those kept (`keep`), its report alone (a
   * helper's share of a list's full check, pool.ts). */
  diagnose: { args: { maxGames: number | null; member?: number }; result: Diagnosis | MemberDiagnosis[] };
  /** Part `part` of `parts` of the full check's scan of the records, as
   * the numbers `Database.diagnoseJoin` takes (a helper's share, pool.ts). */
  diagnosePart: { args: { part: number; parts: number }; result: Float64Array };
  /** Answered by one `db.rows` call. */
  rows: { args: { indices: Uint32Array }; result: RowsResult };
  /** Progress is streamed while the records are read (plies, annotated: the first time). */
  search: { args: { query: SearchQuery }; result: Uint32Array };
  /** A search that reads every game's moves (a query with MOVE_FIELDS,
   * query.ts): the games and each one's first hit's ply; progress streamed.
   * `part` of `parts`: a stretch of the games in D02 order only (a
   * helper's slice, pool.ts); `member`: database `member` of those it
   * keeps (`keep`) only, numbered as that database numbers its games. */
  searchHits: { args: { query: SearchQuery; part?: number; parts?: number; member?: number }; result: SearchHits };
  /** A pool helper's share of the open list of many (pool.ts): each of
   * `members` opened and kept beside the database open, in place of those
   * kept before, until the next open; each one's games, or why it did not open. */
  keep: { args: { members: Member[] }; result: (number | string)[] };
  /** A player's card, by the whole name. */
  playerCard: { args: { name: string }; result: PlayerCard };
  sort: { args: { column: SortColumn; descending: boolean; subset: Uint32Array | null }; result: Uint32Array };
  game: { args: { index: number }; result: GameView };
  pgn: { args: { index: number }; result: string };
  /** `source` and `merge` (a pool helper's share of an archive's export,
   * pool.ts): each game tagged with its database, and merged, a copy left
   * out (`Database.exportPgnBytes`). */
  /** `merged` (the list of many, its copies hidden): each copy left out,
   * each kept game tagged [CACopies] with those it stands for, as
   * `cadb pgn FOLDER --dedupe` writes them (`Archive.exportPgnBytes`). */
  exportPgn: { args: { indices: Uint32Array | null; source?: string | null; merge?: Uint8Array | null; merged?: boolean }; result: ExportSummary };
  /** The duplicate rule's keys of every game of the open database, as
   * `ArchiveMerge.addKeys` takes them (a pool helper's share of an
   * archive's merge); progress streamed. */
  duplicateKeys: { args: Record<string, never>; result: Uint8Array };
  /** Every database of a choice of many as one PGN, in its order, each game
   * tagged [CASource "NAME game N"] as `cadb pgn FOLDER` writes it (issue
   * 47): each opened beside the database shown, exported, and freed.
   * `merge`: each group of duplicates written once, as `--dedupe` does
   * (each database read for its keys first). Its progress counts
   * ARCHIVE_STEPS a database a pass. */
  exportArchive: { args: { members: Member[]; merge: boolean }; result: ArchiveExport };
  /** The duplicates among databases `members` (the rule of `--dedupe`),
   * each opened in turn beside the database shown: progress counts
   * ARCHIVE_STEPS a database. */
  countDuplicates: { args: { members: Member[] }; result: DuplicateCount };
  /** The copies among the games of the open list of many databases (an
   * archive): those a merged list leaves out, ascending, and the groups;
   * every game read once; progress streamed. */
  duplicates: { args: Record<string, never>; result: Duplicates };
  openingTree: { args: { fen: string }; result: TreeMove[] };
  /** `part` of `parts`: a stretch of D02's record order only, each hit's
   * next move in `nextMoves` (a helper's share, pool.ts); `member`:
   * database `member` of those kept (`keep`) whole, the same way. */
  positionSearch: { args: { fen: string; variations: boolean; next: boolean; part?: number; parts?: number; member?: number }; result: PositionHits };
  compactness: { args: Record<string, never>; result: CompactnessRow[] };
  /** An engine's line (UCI) as SAN and positions, from `fen` (no database
   * needed; playLine's flat strings made objects in the Worker). */
  line: { args: { fen: string; moves: string[] }; result: LineMove[] };
  /** Game `index` with the engine's `scores` of its main line's positions
   * (White's view; null: none): merged with the stored evaluations, its
   * mistakes marked, and as PGN (Database.annotate). */
  annotate: { args: { index: number; scores: (EngineScore | null)[] }; result: AnnotatedGame };
  /** The opening names' table (pkg/openings.bin), fetched once by the page
   * after its first game (decoders.ts); null: it could not be, and nothing
   * will carry names. */
  loadOpenings: { args: { table: Uint8Array | null }; result: null };
}
export type RequestType = keyof Requests;

/** A move of an engine's line: as given (UCI), in SAN, and the position after it. */
export interface LineMove {
  uci: string;
  san: string;
  fen: string;
}

export interface Request<T extends RequestType = RequestType> {
  id: number;
  type: T;
  args: Requests[T]['args'];
}

/** A Worker's first message: its module, compiled by the Worker it
 * replaces, or its bytes, fetched by the page (both null: it fetches its
 * own; unless given a module, it posts back the one it compiled as a
 * 'module' response), and the opening names' table if the page has it
 * already (null: there is none; undefined: a loadOpenings follows). */
export interface WorkerSetup {
  setup: {
    module: WebAssembly.Module | null; bytes: ArrayBuffer | null; openings: Uint8Array | null | undefined;
    /** Helper Workers for its whole-database passes (pool.ts); absent: none. */
    pool?: PoolSetup;
  };
}

export type Response =
  | { id: number; kind: 'result'; result: unknown }
  | { id: 0; kind: 'module'; module: WebAssembly.Module }
  | { id: number; kind: 'error'; code: string; message: string }
  | { id: number; kind: 'chunk'; bytes: Uint8Array<ArrayBuffer> }
  | { id: number; kind: 'progress'; done: number; total: number };
