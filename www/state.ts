// The viewer's state, owned by the controller (controller.ts, changed only
// by its actions in ctrl/*.ts): everything the page shows is drawn from it
// by the views (view/*.ts), and all the page's state is here, down to the
// panels open, the list's rows fetched and the requests under way. The
// language's strings (`T`, i18n/) follow `settings.language`. The Worker
// holds the database itself; the page holds only what is on screen.

import type { AnnotatedGame, ColumnKey, CompactnessRow, DbInfo, Duplicates, EncodingChoice, GameView, MemberDiagnosis, MoveNode, Opening, PlayerCard, SearchQuery, SortColumn, TreeMove } from '../pkg/cadb.js';
import type { Build } from './engine.js';
import type { Strings } from './i18n/en.js';
import { type Language, type Notation, T } from './i18n/index.js';
import type { Side } from './decoders.js';
import { ANALYSIS_DEPTH } from './config.js';
import { Latest } from './latest.js';
import type { PatternEditor } from './pattern.js';
import type { LineMove, OpenSource, Row, TextChoice } from './protocol.js';
import type { Score } from './uci.js';

/** A move of the open game, flattened from the API's move tree (the API's
 * `MoveNode`) so that stepping is array lookups. Ids index `GameState.nodes`;
 * -1 is the start position. */
export interface FlatMove {
  id: number;
  /** The move before this one on its line (-1: the start). */
  parent: number;
  /** The move after this one on the same line (-1: the line ends). */
  next: number;
  san: string;
  uci: string;
  /** The position after the move. */
  fen: string;
  /** The API's move: its comments and evaluations (the board's shapes, the graph). */
  move: MoveNode;
}

export interface GameState {
  index: number;
  view: GameView;
  nodes: FlatMove[];
  /** The selected move; -1 is the start position. */
  current: number;
}

/** How a list of many databases shows its duplicates. */
export type CopiesMode = 'all' | 'hide' | 'groups';

/** The games listed: a new object each time the list is filtered or sorted
 * (the list then scrolls back to the top). */
export interface ListView {
  /** Games in view order: null = all games in database order. */
  order: Uint32Array | null;
  /** The order is the result of a filter (the count says "n of total"). */
  filtered: boolean;
  /** The sort `order` is in (null: none). The list's head says it to
   * assistive technology (aria-sort) only once the rows are in it; the
   * sort asked for (ListState.sort) is marked at once. */
  sorted: { column: SortColumn; descending: boolean } | null;
  /** Only the groups of duplicates are listed, each together: the first
   * game of each as listed (a line above it). */
  groupStarts: ReadonlySet<number> | null;
}

/** How many games the list shows (`games`: all in the database). */
export function listedGames(view: ListView, games: number): number {
  return view.order ? view.order.length : games;
}

/** The list's rows fetched from the Worker, a window of them at a time
 * (list.ts asks for those in view); a new object for new data. */
export interface RowsState {
  /** The rows fetched, by game index. */
  cache: Map<number, Row>;
  /** A request is under way (one at a time). */
  pending: boolean;
  /** Why the last request failed: none is made again until Retry or new
   * data (null: it did not fail). */
  failed: string | null;
  /** Counts the answers, so the list redraws when one arrives. */
  loaded: number;
  /** The same games' rows as drawn before, shown until `cache` has them
   * again (the opening names have come: Controller.namesLoaded), so the
   * list never flashes empty rows. */
  shown: ReadonlyMap<number, Row>;
}

export function freshRows(shown: ReadonlyMap<number, Row> = new Map()): RowsState {
  return { cache: new Map(), pending: false, failed: null, loaded: 0, shown };
}

/** What the list shows is computed in one place (ctrl/list.ts applyView):
 * 1. the header filter: `filter` (the quick box's text) and `query` (the
 *    search form) ANDed into one `db.search` call (none: every game); a
 *    query that asks about the games' moves (query.ts asksMoves) is one
 *    `db.searchHits` call in the background Worker instead, which also
 *    gives each game's first hit (`hits`);
 * 2. any other filter (a position filter, a set of game indices) is
 *    intersected with that result there, as one more AND;
 * 3. then `sort` orders what is left.
 * Each filter is one field here: null / '' when it does not apply. */
export interface ListState {
  /** The filter box's text, and the filter applied (after a short pause). */
  input: string;
  filter: string;
  /** The search form's query, applied (also in the URL hash); null: none. */
  query: SearchQuery | null;
  /** Where the query's games first match, when it asks about their moves
   * (query.ts asksMoves): a game opened from the list opens there. */
  hits: Hits | null;
  /** A query not applied: the core refused it as malformed (code 'query'),
   * nothing searched, or its search was cancelled. The form shows it as
   * typed, with the core's message (none for a cancel), and the query
   * applied stays `query`; null: none. */
  refused: { query: SearchQuery; say: Say } | null;
  /** "Games with this position": the games reaching a board position (in
   * game order), ANDed with the header filter; null: none. */
  position: PositionFilter | null;
  /** The pending timer of the filter box (0: none). */
  filterTimer: number;
  sort: { column: SortColumn; descending: boolean } | null;
  view: ListView;
  /** The duplicates of a list of many databases, once read (the list's
   * "Duplicates" menu), and how it lists them: every game, without the
   * copies (each group's kept game stays), or only the groups, each
   * together; null: not read. */
  copies: { found: Duplicates; mode: CopiesMode } | null;
  /** Games found damaged (marked in the list once opened). */
  broken: ReadonlySet<number>;
  /** The rows' text fetched (new for a database or an encoding). */
  rows: RowsState;
  /** The keyboard's row: a position in the list (-1: none yet). */
  cursor: number;
}

/** A move played from the opening tree (a tree row). */
export interface ExploredMove {
  uci: string;
  san: string;
  /** The position after it. */
  fen: string;
  /** The opening named there, if one is (the tree row's). */
  opening?: Opening;
}

/** A line followed in the opening tree past the open game's own moves:
 * the board shows its end, the game and its move list stay as they were.
 * Any move of the game (a click, Home, End) leaves it. */
export interface ExploreState {
  /** The game's move it branches from (-1: the start), and the position there. */
  from: number;
  startFen: string;
  /** Its moves, each a new array when one is played or taken back. */
  moves: readonly ExploredMove[];
}

/** What a side panel shows. */
export type PanelView<T> = { kind: 'none' } | { kind: 'text'; say: Say } | { kind: 'data'; data: T };

/** The opening-tree panel's rows: from the tree, or, past its ply cap,
 * from a position search (`reached`: the games that reach the position). */
export interface TreeRows {
  moves: TreeMove[];
  reached: number | null;
}

/** The opening-tree panel also offers to build the tree of a big database,
 * and, past the tree's ply cap in one, to search its games. */
export type TreeView = PanelView<TreeRows> | { kind: 'ask'; games: number } | { kind: 'ask-search'; games: number };

export interface TreeState {
  /** Its <details> is open (a closed panel is not computed). The state
   * opens and closes it: a click on its summary is an action. */
  open: boolean;
  /** The user asked for the tree of a database too big to build it unasked. */
  wanted: boolean;
  /** Past the cap in a big database: the position whose games the user
   * asked to search ('' : none). */
  searchFor: string;
  view: TreeView;
}

/** The doctor's report of the open database (the Database panel, the notice). */
export interface DiagnosisState {
  /** Each database's report: the one shown, or every member of a list of all. */
  view: PanelView<MemberDiagnosis[]>;
  /** Whether every game's record was scanned ("Check every game"). */
  full: boolean;
  /** "Copied" after the report was copied, for the live region. */
  copied: Message | null;
  /** The count of duplicates, once asked for (`countDuplicates`): in the
   * database shown, or in every database of the choice it is one of. */
  duplicates: Message | null;
}

/** The player card (null: closed). */
export interface CardState {
  /** The name clicked. */
  name: string;
  view: PanelView<PlayerCard>;
}

export interface CompactnessState {
  open: boolean;
  /** The database the table was computed for (once per database). */
  forName: string;
  view: PanelView<CompactnessRow[]>;
}

/** A long task, by its name in `T.tasks`. */
export type Task = keyof Strings['tasks'];

/** A text for the user, made when it is drawn: in the language of the
 * moment (`T` of i18n/index.ts), so a switch redraws it translated. */
export type Say = () => string;

/** A line for the user: a new object each time it is said, so the page
 * writes it again even when the text is the same. */
export interface Message {
  say: Say;
}

/** Column widths the user set by dragging, in CSS pixels (kept in prefs). */
export type Widths = Partial<Record<ColumnKey, number>>;

/** The page's disclosures that the state opens and closes (besides the
 * tree panel, the compactness dialog and the keys dialog). The Database
 * and Search panels are kept open across visits (prefs.ts). */
export interface Disclosures {
  db: boolean;
  search: boolean;
  /** The search form's "Position and moves" group. */
  moves: boolean;
  /** The Tools menu. */
  tools: boolean;
}

/** One of the engine's best lines (MultiPV). */
export interface EngineLine {
  /** 1: the best. */
  multipv: number;
  depth: number;
  /** White's view (uci.ts toWhite). */
  score: Score;
  /** The line as the engine gave it (UCI). */
  pv: string[];
  /** Its first moves in SAN, with the position after each (from the
   * decoder's playLine; null until it has answered). */
  moves: LineMove[] | null;
}

/** The engine beside the board (ctrl/engine.ts): off until the user turns
 * it on; then it searches the position shown, each new one replacing the
 * search before at once. */
export interface EngineState {
  on: boolean;
  /** The build started and its threads (null: not started yet). */
  build: Build | null;
  threads: number;
  /** Why the engine failed to start (null: it did not). */
  failed: Say | null;
  /** How many lines to show (1-3). */
  multiPv: number;
  /** The position searched ('': none), and the search's latest depth, speed and lines. */
  fen: string;
  depth: number;
  nps: number;
  lines: EngineLine[];
}

/** "Analyse game" (ctrl/analysis.ts): every main-line position of game
 * `index` searched to `depth`, one after another, with the live engine
 * paused; opening another game or database drops it. */
export interface AnalysisState {
  index: number;
  depth: number;
  /** Positions searched of `total` (the start and each main-line ply). */
  done: number;
  total: number;
  running: boolean;
  /** The scores computed so far, White's view, by ply (0: the start). */
  scores: (Score | null)[];
  /** The core's merge of them with the stored evaluations, its marks and
   * PGN (null: not yet, or it failed: `failed` says why). */
  result: AnnotatedGame | null;
  failed: Say | null;
}

/** The settings kept in localStorage (prefs.ts). */
export interface Settings {
  language: Language;
  notation: Notation;
  /** null: the system's. */
  theme: 'light' | 'dark' | null;
  /** The opening-tree panel starts open. */
  treeOpen: boolean;
}

/** The controller's bookkeeping of requests: never drawn, kept here so
 * that all the viewer's state is in one place. */
export interface Requests {
  /** The last request of each kind: older answers are dropped (latest.ts). */
  latest: Latest;
  /** The database the page shows, to open it again in a fresh Worker. */
  opened: { source: OpenSource; encoding: TextChoice | undefined } | null;
  /** An open that went stale succeeded since the database shown opened:
   * the foreground Worker may hold that one (it answers in order, so only
   * until the newest open is done; if the newest fails, the one shown goes
   * back). The background one never gets it (decoders.ts `forward`). */
  stray: boolean;
  /** A reopen is under way in a Worker: if it fails too, it is not tried again. */
  reopening: Record<Side, boolean>;
  /** The game asked for last (shown, or on its way). */
  askedGame: number | null;
  /** The position a filter search is running for (the tree panel past its
   * cap waits for its rows rather than searching too). */
  positionPending: string | null;
  /** The user's requests for a place: a game, a move (a step, a move
   * clicked, a line explored), a filter, a search, a position. What tells
   * that the user went elsewhere (LinkState). */
  asks: number;
  /** List views being computed (ListCtrl.applyView): the address names
   * a filter or search once it is applied, not while it may be refused. */
  listing: number;
  /** The database an open under way will show (null: none under way). */
  opening: string | null;
  /** The databases opened in this visit, by name: a link (or Back) to one
   * of them opens it again from its files. */
  sources: Map<string, OpenSource>;
  address: AddressState;
}

/** The address's bookkeeping (ctrl/address.ts). */
export interface AddressState {
  /** The URL hash follows the state once the first database has taken
   * the place it named (before, it would wipe it). */
  placed: boolean;
  /** The pending write of the URL hash (0: none). */
  timer: number;
  /** The hash the page wrote or took last: another one in the address
   * was given by the user (a link to follow). */
  known: string;
  /** The database and game of the history entry shown: a place with
   * another is a new entry (null: the entry is a link's, filled in by
   * the place it leads to). */
  entry: string | null;
  /** Links followed in the database shown, under way: the place is not
   * written until they are shown. */
  following: number;
  /** Links given so far: one given after an open was asked for is newer
   * than that open. */
  links: number;
  /** Links followed in the database shown so far: a newer one ends what
   * is left of an older one's place, or of an open's. */
  goes: number;
  /** The address holds a link waiting for its database's files. */
  waiting: boolean;
}

/** A link to a database the page does not have: its files are asked for,
 * and the address keeps the link until the user asks for another place
 * (answers to what was asked before it may still land). */
export interface LinkState {
  name: string;
  /** The user's requests for a place (Requests.asks) when the link came
   * (null: counted when the open under way ends); another count means
   * the user went elsewhere. */
  asks: number | null;
}

export interface State {
  settings: Settings;
  /** The keys dialog (?) is open. */
  keysOpen: boolean;
  disclosures: Disclosures;
  /** The game list's column widths. */
  columns: Widths;
  engine: EngineState;
  /** The game's analysis (null: none asked for this game). */
  analysis: AnalysisState | null;
  /** The depth "Analyse game" searches each position to (the user sets it). */
  analysisDepth: number;
  /** The board's wheel: a trackpad's small deltas add up, since `at`
   * (ms), to a move per WHEEL_STEP. */
  wheel: { sum: number; at: number };
  /** The move just played, in words for the screen reader (null: nothing
   * to say; a game just opened says nothing). */
  said: Say | null;
  name: string;
  info: DbInfo | null;
  /** The databases of the last choice of many files, in the archive's
   * order (folder, then stem), each with its games once opened: the
   * Database menu (issue 47). A choice of one database empties it. Their
   * files are in `requests.sources`. */
  databases: { name: string; games: number | null }[];
  /** "⤓ PGN of all" writes each group of duplicates once (the checkbox
   * beside it; on unless the user turns it off). */
  mergeCopies: boolean;
  /** The encodings the decoder knows, its default first (from the Worker). */
  encodings: EncodingChoice[];
  /** The encoding chosen; 'auto' (or undefined before any database): the
   * decoder's guess from the names. */
  encoding: TextChoice | undefined;
  list: ListState;
  game: GameState | null;
  /** A line of tree moves the board shows instead of the game (null: none). */
  explore: ExploreState | null;
  /** The pattern editor, which the board shows instead of the game while
   * it is open (null: closed; the game's board comes back as it was). */
  pattern: PatternEditor | null;
  /** The pattern its Done wrote last, for the form's field (a new object
   * each time, so the form writes it even when the text is the same). */
  patternDone: { text: string } | null;
  card: CardState | null;
  orientation: 'white' | 'black';
  tree: TreeState;
  compactness: CompactnessState;
  diagnosis: DiagnosisState;
  /** The status line. */
  status: Message;
  /** The error line (null: hidden). */
  error: Message | null;
  /** A link to another database than the one shown (null: none). */
  link: LinkState | null;
  /** A PGN export under way: games done of total. */
  exporting: { done: number; total: number } | null;
  /** The long tasks under way (opening tree, export, ...): Cancel stops them. */
  tasks: readonly Task[];
  requests: Requests;
}

/** A position filter: the position (FEN) and the games reaching it. */
export interface PositionFilter {
  fen: string;
  games: Uint32Array;
  /** The ply of each game's first occurrence, to open the game there. */
  plies: Uint32Array;
  damaged: number;
  /** The moves the games play next (tree rows, with no ply cap). */
  next: TreeMove[];
}

/** The games a search of their moves found (a SearchHits of the API),
 * in game order, and the ply of each one's first hit (0: the start). */
export interface Hits {
  games: Uint32Array;
  plies: Uint32Array;
}

/** The list of a database just opened: all games, unsorted, unfiltered. */
export function freshList(query: SearchQuery | null = null): ListState {
  return {
    input: '',
    filter: '',
    query,
    hits: null,
    refused: null,
    position: null,
    filterTimer: 0,
    sort: null,
    view: { order: null, filtered: false, sorted: null, groupStarts: null },
    copies: null,
    broken: new Set(),
    rows: freshRows(),
    cursor: -1,
  };
}

/** Whether the database shown (or opening: the user's last choice) is
 * one of a choice of many: the Database menu, the export of all and the
 * count of their duplicates show (issue 47). */
export function amongMany(s: State): boolean {
  const shown = shownName(s);
  return s.databases.length > 1 && (shown === ALL || s.databases.some((d) => d.name === shown));
}

/** The name of the list of every database of a choice of many, as one
 * (an `Archive`, issue 47): no stem is `*`. */
export const ALL = '*';

/** The doctor's reports as one plain text (what "Copy report" copies):
 * each after its database's name when there are many. */
export function reportText(reports: MemberDiagnosis[]): string {
  return reports.length === 1 ? reports[0].report.text : reports.map((m) => `== ${m.name} ==\n${m.report.text}`).join('\n');
}

/** The list shown is of many databases. */
export function isArchive(s: State): boolean {
  return s.name === ALL && s.info !== null;
}

/** A database's name as the user reads it (the list of all: its words). */
export function shownAs(name: string): string {
  return name === ALL ? T.list.allName : name;
}

/** The database shown, or the one opening: the user's last choice. */
export function shownName(s: State): string {
  return s.requests.opening ?? s.name;
}

/** What the page starts with besides the settings (prefs.ts keeps it). */
export interface Kept {
  disclosures: Pick<Disclosures, 'db' | 'search' | 'moves'>;
  columns: Widths;
}

export function initialState(settings: Settings, kept: Kept = { disclosures: { db: false, search: false, moves: false }, columns: {} }): State {
  return {
    settings,
    keysOpen: false,
    disclosures: { ...kept.disclosures, tools: false },
    columns: kept.columns,
    engine: { on: false, build: null, threads: 0, failed: null, multiPv: 1, fen: '', depth: 0, nps: 0, lines: [] },
    analysis: null,
    analysisDepth: ANALYSIS_DEPTH,
    wheel: { sum: 0, at: 0 },
    said: null,
    name: '',
    info: null,
    databases: [],
    mergeCopies: true,
    encodings: [],
    encoding: undefined,
    list: freshList(),
    game: null,
    explore: null,
    pattern: null,
    patternDone: null,
    card: null,
    orientation: 'white',
    tree: { open: settings.treeOpen, wanted: false, searchFor: '', view: { kind: 'none' } },
    compactness: { open: false, forName: '', view: { kind: 'none' } },
    diagnosis: { view: { kind: 'none' }, full: false, copied: null, duplicates: null },
    status: { say: () => T.status.loading },
    error: null,
    link: null,
    exporting: null,
    tasks: [],
    requests: {
      latest: new Latest(), opened: null, stray: false, reopening: { fg: false, bg: false },
      askedGame: null, positionPending: null, asks: 0, listing: 0, opening: null, sources: new Map(),
      address: { placed: false, timer: 0, known: location.hash, entry: null, following: 0, links: 0, goes: 0, waiting: false },
    },
  };
}
