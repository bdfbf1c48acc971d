/** Text encoding of names and comments. Absent or "auto": guessed from the
 * database's names (see diagnose()), single UTF-8 strings read as UTF-8. */
export type Encoding = "cp1251" | "cp866" | "latin1" | "utf-8";

/** An encoding and its label for a menu, as encodings() lists them (the default first). */
export interface EncodingChoice { name: Encoding; label: string }

/** The stable code of an error: its kind (the Rust ErrorKind), or "internal" for a bug in cadb. */
export type ErrorCode = "truncated" | "bad-signature" | "unknown-code" | "record-overrun" | "illegal-move"
  | "no-such-piece" | "bad-setup" | "chain-cycle" | "chain-out-of-range" | "bad-names" | "shared-records"
  | "uncertain-reading" | "missing-inner-file" | "bad-fragment" | "too-large" | "too-deep" | "no-such-game"
  | "bad-encoding" | "bad-argument" | "query" | "invalid" | "io" | "internal";

/** A JS Error thrown by cadb, with its stable `code`. */
export interface CadbError extends Error { code: ErrorCode }

/** The five files of a database, in memory. */
export interface DatabaseBytes {
  cdp: Uint8Array | ArrayBuffer; emb: Uint8Array | ArrayBuffer; d00: Uint8Array | ArrayBuffer;
  a02: Uint8Array | ArrayBuffer; d02: Uint8Array | ArrayBuffer; encoding?: Encoding | "auto";
  /** Most entries of the opening tree (default 2^24, about 640 MB); the
   * tree stops taking games there and info().warnings says so. */
  maxTreeEntries?: number;
}

/** A database whose D02 (and D00, if `d00` is absent) is read on demand. */
export interface LazyDatabaseSource {
  cdp: Uint8Array | ArrayBuffer; emb: Uint8Array | ArrayBuffer; a02: Uint8Array | ArrayBuffer;
  d00?: Uint8Array | ArrayBuffer;
  /** Size of D00 in bytes; required when `d00` is absent. */
  d00Size?: number;
  d02Size: number;
  /**
   * Synchronous: returns exactly `length` bytes (in a Worker, FileReaderSync over File.slice).
   * Small reads are widened to a block that later reads are served from: 4 KB
   * after a jump, growing to 8 MB while reads follow in file order, so a pass
   * over every game calls this about once per 8 MB.
   */
  read: (file: "d00" | "d02", offset: number, length: number) => Uint8Array;
  encoding?: Encoding | "auto";
  /** As in DatabaseBytes. */
  maxTreeEntries?: number;
}

/** How a move's file offset counts (spec §0): the reading the spec chose, or the literal one. */
export type Convention = "right" | "left";

export interface DbInfo {
  signature: string; version: string; comment: string;
  /** Games readable: the smaller of the CDP count and the D00 records. */
  games: number; cdpCount: number; d00Records: number;
  players: number; events: number; sites: number; sources: number;
  /** The file-direction convention detected (spec §0). */
  convention: Convention;
  /** The code page in use; `encodingGuessed` when it is the guess, not a caller's choice. */
  encoding: Encoding; encodingGuessed: boolean;
  /** Problems found while opening (damaged name tables, count mismatch, ...). */
  warnings: string[];
}

/** The stable key of a diagnosis point ("players-d00" only when the database has a players list). */
export type DiagnosisPointId = "file-direction" | "encoding" | "eco-zero" | "ids" | "names" | "symbols"
  | "game-type" | "round" | "codes" | "d00-offset-28" | "players-d00";

/** One reading of the format the reader had to make (spec §10). */
export interface DiagnosisPoint {
  id: DiagnosisPointId;
  /** The spec's open question ("Q17"), or "". */
  question: string; title: string;
  /** The reading in use. */
  reading: string;
  certainty: "strong" | "weak" | "undecided" | "chosen" | "n/a";
  /** The counts it rests on. */
  evidence: { what: string; count: number }[];
}

/** diagnose(): what the reader inferred and found, with no game content. */
export interface Diagnosis {
  signature: string; version: string; cdpCount: number; d00Records: number; games: number;
  /** Games whose D02 record was scanned. */
  gamesScanned: number; stopped: boolean;
  points: DiagnosisPoint[];
  warnings: { code: ErrorCode; message: string }[];
  /** A weak or undecided reading, or a warning: worth a notice. */
  needsAttention: boolean;
  /** The same as a plain-text report (what `cadb doctor` prints). */
  text: string;
}

/** Archive.diagnose(): one member's report, by its name. */
export interface MemberDiagnosis { name: string; report: Diagnosis }

/** Headers of rows start..start+count as columns. The name columns (white,
 * black, event, site, annotator, source) index db.names(); 0 is no name. */
export interface HeaderColumns {
  start: number; count: number;
  white: Uint32Array; black: Uint32Array;
  /** 0 = unrated. */
  whiteElo: Uint16Array; blackElo: Uint16Array;
  /** 0 "*", 1 "1-0", 2 "0-1", 3 "1/2-1/2". */
  result: Uint8Array;
  /** The D00 outcome code: 1-4 results, 5-16 assessments (see outcomeSymbol). */
  outcome: Uint8Array;
  /** 0 = unknown. */
  year: Uint16Array; month: Uint8Array; day: Uint8Array;
  event: Uint32Array; site: Uint32Array; annotator: Uint32Array; source: Uint32Array;
  /** Round × 2 (3.5 is 7); 0 = none. */
  round2: Uint8Array;
  /** 0-499 = A00-E99 (ecoString); other values = none. */
  eco: Uint16Array;
  /** 1-30 one type, larger a bit set, 0 none (gameTypeName). */
  gameType: Uint32Array;
}

/** Name tables, each name once: ids the file redirects to one record share
 * it. Header name columns index them; index 0 is "" (no name). */
export interface NameTables { players: string[]; events: string[]; sites: string[]; sources: string[] }

/** A game's result, as PGN writes it ("*": unknown or unfinished). */
export type GameResult = "1-0" | "0-1" | "1/2-1/2" | "*";

/**
 * A search (db.search, db.searchHits): every field set must match; text matches are
 * case-insensitive substrings. The header fields read D00 only; the fields from `material`
 * on are conditions on the games' contents: the games the header fields leave are replayed,
 * once each (docs/search.md has the whole syntax). Ply 0 is the start position, ply n the
 * position after the n-th half-move of the main line. A malformed expression throws a
 * CadbError with code "query" naming the field, the token and what was expected.
 */
export interface SearchQuery {
  /** Substring of either player, the event or the site; a 4-digit year also matches the year. */
  text?: string;
  player?: string; color?: "white" | "black" | "either";
  event?: string; site?: string; annotator?: string;
  yearFrom?: number; yearTo?: number;
  /** Inclusive, "A00".."E99". */
  ecoFrom?: string; ecoTo?: string;
  result?: GameResult;
  /** The players of `eloOf` rated at least this. */
  minElo?: number;
  /** Whose Elo `minElo` bounds: both players (the default), either, or
   * the opponent of `player` (either, with no player). */
  eloOf?: "both" | "either" | "opponent";
  /** `player` is the whole name (case-insensitive), not a part of it. */
  playerExact?: boolean;
  source?: string;
  /** A game type: its English name (gameTypeName) or number 1-30. */
  gameType?: string | number;
  /** Main-line plies, inclusive. These and `annotated` read every game's
   * record the first time (search's onProgress), never replaying it. */
  pliesFrom?: number; pliesTo?: number;
  /** Only games with a comment, a symbol or a variation. */
  annotated?: boolean;
  /**
   * Material, side against side or as differences (White minus Black); piece letters Q R B N P.
   * Pieces not named on a side are absent, but pawns are free; `*` leaves a side free; a count is
   * `N`, `N-M` or `N+`. Options: `for N` (on N consecutive plies), `plies A-B` (or `A-`),
   * `either` (also with the colours swapped). Examples: `RB vs RN` · `Q vs RR either` ·
   * `diff Q=1 R=-2 either for 4` · `diff points>=3 plies 20-60` · `RBP3 vs RNP2+ for 2`.
   */
  material?: string;
  /**
   * Pieces on squares or files (UPPER CASE White, lower case Black); `!` forbids. Or
   * `board MODE FEN` with MODE exact, pawns, files or material. Options: `either` (colours
   * swapped, board turned), `mirror` (files a-h mirrored), `for N`, `plies A-B`. Examples:
   * `Nd5 !pc` · `Pd4 !Pc !Pe` (an isolated d-pawn) · `Pd4 !Pc pc6 pd5 !pe either` ·
   * `board pawns rnbqkbnr/pp3ppp/2p5/3p4/3P4/8/PP3PPP/RNBQKBNR`.
   */
  pattern?: string;
  /**
   * One piece's route: it stands on the first square, then its next own moves go to the
   * following squares in order (main line; castling moves the king e1-g1 and the rook h1-f1).
   * Examples: `Nb1-d2-f1-g3` (White) · `nb8-d7-f8-g6` (Black) · `Bc1-g5`.
   */
  maneuver?: string;
  /** Words or "a quoted phrase", all in one comment (case-insensitive): `блестяще "lost on time"`. */
  comment?: string;
  /** A NAG 1-255 on a move, main line or variation (3 = !!). */
  nag?: number;
  /** Games with an evaluation. */
  hasEval?: boolean;
  /** Two engine evaluations on consecutive main-line plies differ by at least this many pawns (> 0). */
  evalSwing?: number;
  /** A part of the opening name or ECO code classified from the game's moves: "B90", "Najdorf". */
  opening?: string;
}

/** db.searchHits(): the games matching a SearchQuery, in game order. */
export interface SearchHits {
  games: Uint32Array;
  /** The ply of each game's first hit (0 when only header fields were asked). */
  plies: Uint32Array;
  /** Games searched, and games damaged before a hit could be found. */
  searched: number; damaged: number;
}

/** Games won, drawn, lost and unfinished ("*"), from one player's side. */
export interface Score { wins: number; draws: number; losses: number; unfinished: number }

/** db.playerCard(): one player's games, from the headers only. */
export interface PlayerCard {
  name: string;
  /** Index in names().players. */
  index: number;
  title?: string;
  white: Score; black: Score;
  /** Ascending; year 0 = unknown date. */
  byYear: { year: number; score: Score }[];
  /** The 10 most played ECO codes with each colour, most games first. */
  ecoWhite: { eco: string; score: Score }[]; ecoBlack: { eco: string; score: Score }[];
  /** The 10 most frequent opponents, most games first. */
  opponents: { name: string; score: Score }[];
  /** From the players list (Players.d00), when it has them. */
  rating?: number; fideId?: number;
  /** The player's games (a search with playerExact lists them). */
  games: number;
}

/**
 * A page of game-list rows (db.rows), as the list shows them: `columns[key][k]` is
 * the text of game `index[k]` ("" when empty). Indices past the end are left out.
 */
export interface GameRows { index: Uint32Array; columns: Record<ColumnKey, string[]> }

/** Archive.rows(): the rows with each one's database (its member number);
 * the "database" column names it, "index" is the game's number there. */
export interface ArchiveRows extends GameRows { database: Uint32Array }

/** Archive.duplicates(): the copies a merged list leaves out (ascending),
 * the number of groups, and every group's games one group after another
 * (each group's kept game first, then its copies), with each group's size. */
export interface Duplicates { copies: Uint32Array; groups: number; grouped: Uint32Array; sizes: Uint32Array }

/** A database of an Archive: its name, games, and its first game in the archive's numbering. */
export interface ArchiveMember { name: string; games: number; start: number }

export type Eval = { kind: "engine"; centipawns: number; cap: boolean } | { kind: "author"; text: string };
/**
 * An item kept as read, with no meaning in the game model: its codec, its code
 * there (Chess Assistant 233-236, Jose 0xe1-0xe5) and its bytes (for a Chess
 * Assistant comment string: the comment type, then the text).
 */
export interface RawItem { source: "ca" | "jose"; code: number; bytes: number[] }

export interface MoveNode {
  /** Ply number in the game: 0 = White's first move (from the FEN's move number). */
  ply: number;
  san: string; uci: string;
  /** The position after the move. */
  fen: string;
  commentsBefore: string[]; commentsAfter: string[];
  nags: number[]; nagsBefore: number[];
  evals: Eval[];
  diagramBefore: boolean; diagramAfter: boolean;
  raw: RawItem[];
  /** Each variation replaces this move. */
  variations: MoveNode[][];
  /** The opening named at the position after the move (after loadOpenings). */
  opening?: Opening;
}

/** A named opening of lichess's chess-openings: "B90", "Sicilian Defense: Najdorf Variation" (English only). */
export interface Opening { eco: string; name: string }

export interface Assessment { code: number; symbol: string; nag: number; meaning: string }

export interface GameHeaders {
  event?: string; site?: string;
  /** PGN form, "1998.??.??" when partly unknown. */
  date: string; year?: number; round?: string;
  white?: string; black?: string; result: GameResult;
  whiteElo?: number; blackElo?: number; whiteTitle?: string; blackTitle?: string;
  eco?: string; annotator?: string; source?: string; gameType?: string;
  assessment?: Assessment;
  other: [string, string][];
}

export interface GameView {
  index: number;
  headers: GameHeaders;
  startFen: string; setup: boolean;
  comments: string[];
  moves: MoveNode[];
  plies: number;
  /** The game's opening by position: the last named position its main line
   * reaches (after loadOpenings; absent when none is). The stored ECO is
   * `headers.eco`, which may differ. */
  opening?: Opening;
  /** Set when the record is damaged: `moves` then hold what decoded before the error. */
  error?: { code: ErrorCode; message: string; ply?: number };
}

/** An engine's score from White's view: centipawns, or mate in N moves (N > 0: White mates; N < 0: Black mates). */
export type EngineScore = { cp: number } | { mate: number };

/** Database.annotate: a game with an engine's analysis applied. */
export interface AnnotatedGame {
  /** The game as PGN with [%eval] and the marks as NAGs ($6 ?!, $2 ?, $4 ??). */
  pgn: string;
  /** Main line, plies 0..n: the effective score (a stored evaluation wins), or null. */
  scores: (EngineScore | null)[];
  /** stored[i]: scores[i] came from the database. */
  stored: boolean[];
  /** Per ply 1..n (index k-1 for ply k): the mark's NAG (6, 2 or 4), or null. */
  marks: (number | null)[];
}

export interface ExportSummary {
  games: number; bytes: number;
  errors: { game: number; code: ErrorCode; message: string }[];
}

/** Options of `positionSearch`. */
export interface PositionSearchOptions {
  /** Look inside variations too (default false). */
  variations?: boolean;
  /** Search only these games (e.g. a header search's result). */
  games?: Uint32Array;
  /** Also return `next`: the moves the games play from the position. */
  next?: boolean;
  /** Search only part `part` of `parts` (a stretch of D02's record
   * order), for a pool of Workers: the hits come with `nextMoves`, which
   * `positionNext` turns into rows once the parts are joined. */
  part?: number;
  parts?: number;
}

/** The games reaching a position, in game order. */
export interface PositionHits {
  /** Game indices. */
  games: Uint32Array;
  /** The ply of each game's first occurrence (0: the start position). */
  plies: Uint32Array;
  /** 1 where that occurrence is inside a variation. */
  inVariation: Uint8Array;
  /** Games searched, and games damaged before they could reach it. */
  searched: number;
  damaged: number;
  /** Games read from their records: the others were ruled out by what
   * earlier searches of this database learnt of them. */
  read: number;
  /** Of those, the games whose record an earlier search kept in memory. */
  fromMemory: number;
  /** With `part`: each hit's next move, packed (`positionNext` reads them). */
  nextMoves?: Uint16Array;
  /** With `next`: the moves played from the position, as tree rows. */
  next?: TreeMove[];
}

export interface TreeMove {
  san: string; uci: string;
  /** The position after the move. */
  fen: string;
  count: number;
  /** White wins, draws, Black wins. */
  white: number; draws: number; black: number;
  whiteElo?: number; blackElo?: number; eloDiff?: number;
  /** 128 neutral, lower favours White. */
  weight: number;
  /** The earliest and latest year of the games with a date. */
  firstYear?: number; lastYear?: number;
  /** The opening named at the position after the move (after loadOpenings). */
  opening?: Opening;
}

/** How far the opening tree's build is (openingTreeStep): games in, of `total`. */
export interface TreeProgress { done: number; total: number }

/** One 64-bit move-statistics record, field by field. */
export interface MoveStatsRecord {
  from: string; to: string; promotion: "" | "n" | "b" | "r" | "q";
  whiteElo: number; eloDiff: number; eloDiffNeg: boolean;
  wdl: "win" | "draw" | "loss"; wdlPercent: number;
  count: number; weight: number;
}

export type MoveOrdering = "san" | "seed" | "best";

/** One row of the compactness report: a format's bytes over the games it can hold. */
export interface CompactnessRow {
  format: string;
  /** What the format keeps: "main line", or variations and comments too. */
  keeps: string;
  bytes: number; games: number;
  /** Main-line plies of those games. */
  moves: number;
  /** Games the format cannot hold. */
  skipped: number;
  /** bytes / moves, the report's headline figure (0 when there are no moves). */
  bytesPerMove: number;
  /** bytes / games (0 when there are no games). */
  bytesPerGame: number;
}
