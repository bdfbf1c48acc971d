// The viewer's English strings: every text the page shows, says to a
// screen reader, or puts in a title. Phrases with numbers are functions of
// them (whole phrases: no string is built from words elsewhere). ru.ts has
// the same keys, checked by the type.

import type { ErrorCode } from '../../pkg/cadb.js';
import type { Failed } from '../protocol.js';
import { failures, fixed, num, plural } from './format.js';

const games = (n: number) => `${num(n)} ${plural(n, { one: 'game', other: 'games' })}`;

export const en = {
  /** BCP 47 tag: `<html lang>` and Intl formatting. */
  locale: 'en-US',
  /** The language's own name, in the switch. */
  name: 'English',

  /** SAN piece letters (the pawn has none). */
  pieces: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N' },
  /** A move in words, for the screen reader (pgn-viewer's way). */
  spoken: {
    K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight',
    takes: 'takes', check: 'check', mate: 'checkmate', short: 'short castling', long: 'long castling',
    promotes: { Q: 'promotes to a queen', R: 'promotes to a rook', B: 'promotes to a bishop', N: 'promotes to a knight' },
  },

  /** The fixed texts of index.html, by their data-i18n key. */
  page: {
    title: 'cadb: Chess Assistant databases in the browser',
    open: 'Open database…',
    dropHint: 'or drop its files (or folder) here. Nothing leaves this machine.',
    cancelTitle: 'Cancel (Esc)',
    names: 'Names',
    encodingLabel: 'Text encoding',
    theme: 'Light or dark theme',
    language: 'Language',
    notation: 'Piece letters',
    notationLetters: 'Letters',
    notationFigurine: 'Figurines',
    tools: 'Tools',
    benchmark: 'Benchmark: time the decoder in this browser',
    compactness: 'Compactness: bytes per move in each format',
    keys: 'Keyboard shortcuts',
    noticeDetails: 'Details',
    playerCard: 'Player card',
    gamesSection: 'Games',
    filterPlaceholder: 'Filter: player, event, site, year',
    filterLabel: 'Filter games',
    positionClear: 'Remove the position filter',
    exportTitle: 'Download the PGN of every game in the list',
    search: 'Search',
    player: 'Player',
    as: 'as',
    colorEither: 'White or Black',
    colorWhite: 'White',
    colorBlack: 'Black',
    wholeName: 'whole name',
    event: 'Event',
    site: 'Site',
    annotator: 'Annotator',
    source: 'Source',
    yearFrom: 'Year from',
    to: 'to',
    ecoFrom: 'ECO from',
    result: 'Result',
    any: 'any',
    minElo: 'Elo at least',
    for: 'for',
    eloBoth: 'both players',
    eloEither: 'either player',
    eloOpponent: "the player's opponent",
    pliesFrom: 'Plies from',
    gameType: 'Game type',
    gameTypeTitle: "A game type's name or number (1-30)",
    annotated: 'only annotated (comments or variations)',
    positionMoves: 'Position and moves',
    material: 'Material',
    materialHint: 'RB vs RN for 2',
    materialTitle: "Each side's pieces (Q R B N P; pawns free unless named): RB vs RN. Options: for N (N plies in a row), plies A-B, either (colours swapped). Or a difference: diff Q=1 R=-2, diff points>=3",
    pattern: 'Pattern',
    patternHint: 'Nd5 !pc6 either',
    patternTitle: 'Pieces on squares, White upper case, Black lower case: Nd5 (required), !pc6 or !pc (forbidden on a square or a whole file). Options: either, mirror, for N, plies A-B',
    editOnBoard: 'Edit on board',
    maneuver: 'Maneuver',
    maneuverHint: 'Nb1-d2-f1-g3',
    maneuverTitle: "One piece's route, square by square, by its own moves (others' moves between are free): Nb1-d2-f1-g3 (White), nb8-d7-f8-g6 (Black)",
    comment: 'Comment words',
    commentHint: 'brilliant "only move"',
    commentTitle: 'Words, or "a phrase", that one comment has, in any case',
    nag: 'Move mark',
    nagGood: '! good move',
    nagMistake: '? mistake',
    nagBrilliant: '!! brilliant move',
    nagBlunder: '?? blunder',
    nagInteresting: '!? interesting move',
    nagDubious: '?! dubious move',
    nagNumber: 'NAG',
    hasEval: 'has engine evaluations',
    evalSwing: 'Evaluation swing',
    evalSwingTitle: 'Two evaluations of consecutive moves differ by at least this many pawns',
    pawns: 'pawns',
    opening: 'Opening',
    openingHint: 'Sicilian',
    openingTitle: "Part of the opening's name, or its ECO code",
    apply: 'Apply',
    clear: 'Clear',
    gameSection: 'Game',
    start: 'Start',
    startTitle: 'Start (Home, ↑)',
    back: 'Back',
    backTitle: 'Back (←)',
    forward: 'Forward',
    forwardTitle: 'Forward (→)',
    end: 'End',
    endTitle: 'End (End, ↓)',
    flip: 'Flip board',
    flipTitle: 'Flip the board (f)',
    copyFen: 'Copy FEN',
    copyPgn: 'Copy PGN',
    saveGame: 'Save game',
    positionSearch: 'Games with this position',
    positionSearchTitle: 'List the games that reach the position on the board',
    sideSection: 'Moves and panels',
    moves: 'Moves',
    tree: 'Opening tree',
    database: 'Database',
    close: 'Close',
  },

  /** The game count beside the filter: "[12][ of 216] games". */
  count: {
    before: '',
    of: (total: number) => ` of ${num(total)}`,
    after: (n: number) => ` ${plural(n, { one: 'game', other: 'games' })}`,
  },

  /** The game list's column heads. */
  columns: {
    index: '#', database: 'Database', white: 'White', whiteElo: 'Elo', black: 'Black', blackElo: 'Elo', result: 'Result', date: 'Date',
    event: 'Event', site: 'Site', round: 'Rd', eco: 'ECO', opening: 'Opening', annotator: 'Annotator', source: 'Source', gameType: 'Type', plies: 'Plies',
  },
  list: {
    label: 'Games',
    problem: (why: string) => `The games could not be listed: ${why}`,
    retry: 'Retry',
    databases: (n: number) => `${num(n)} databases:`,
    exportAll: '⤓ PGN of all',
    exportAllTitle: 'Download one PGN of every database chosen, in the menu\'s order, each game tagged with its database ([CASource])',
    mergeCopies: 'merge duplicates',
    mergeCopiesTitle: 'Write each group of duplicate games once: the same players, result, year and main line, or a shorter copy (as cadb pgn --dedupe)',
    databaseLabel: 'Show another database of those opened',
    /** A database in the menu: its games once it has been opened. */
    databaseOption: (name: string, n: number | null) => (n === null ? name : `${name} (${games(n)})`),
    /** The menu's first entry: every database of the choice as one list. */
    allDatabases: (n: number) => `All ${num(n)} as one list`,
    /** The list of all of them, where a database's name is said. */
    allName: 'all databases',
    oneDatabase: 'Shown for one database at a time: choose one in the Database menu',
    copiesLabel: 'Duplicates:',
    copiesAll: 'shown',
    copiesHide: 'hidden',
    copiesGroups: 'only them, grouped',
    copiesTitle: 'Games found twice in the databases (the same players, result, year and main line, or a shorter copy): hidden leaves out every copy, keeping the longest, then the most annotated; grouped lists each group together, with the database of each copy',
    copiesGrouped: (groups: number) => `${num(groups)} ${plural(groups, { one: 'group', other: 'groups' })} of duplicates, each together.`,
    copiesHidden: (copies: number, groups: number) =>
      `${num(copies)} ${plural(copies, { one: 'duplicate', other: 'duplicates' })} hidden, of ${num(groups)} ${plural(groups, { one: 'group', other: 'groups' })}.`,
  },

  /** NAG meanings (the glyphs are in config.ts). */
  nags: {
    1: 'good move', 2: 'mistake', 3: 'brilliant move', 4: 'blunder', 5: 'interesting move', 6: 'dubious move', 7: 'only move',
    10: 'equal position', 11: 'quiet position', 12: 'active position', 13: 'unclear position', 14: 'White is slightly better',
    15: 'Black is slightly better', 16: 'White is better', 17: 'Black is better', 18: 'White is winning', 19: 'Black is winning',
    22: 'zugzwang', 32: 'development advantage', 36: 'initiative', 40: 'attack', 44: 'compensation', 132: 'counterplay',
    138: 'time trouble', 140: 'with the idea', 146: 'novelty',
  } as Record<number, string>,
  nag: (n: number) => `NAG ${n}`,

  moves: {
    variation: 'variation',
    rescued: (direction: string) =>
      `Read with the file direction "${direction}": this game does not replay under the database's own. Check its moves.`,
  },

  /** The game's header by the board. */
  header: {
    unknown: '?',
    round: (r: string) => `round ${r}`,
    /** The ECO the file stores, beside a different one by position. */
    storedEco: (eco: string) => `ECO ${eco} (file)`,
  },

  status: {
    loading: 'Loading…',
    opening: (name: string) => `Opening ${name}…`,
    notOpened: (name: string, still: string | null) => `${name} not opened.${still ? ` ${still} is still open.` : ''}`,
    opened: (name: string, n: number, ms: number, mb: number) =>
      `Opened ${name}: ${games(n)} in ${num(ms)} ms; decoder memory ${fixed(mb, 1)} MB.`,
    listed: (n: number, ms: number) => `${games(n)} listed in ${num(ms)} ms.`,
    /** After `listed`: games a search of the moves could not read to the end. */
    skipped: (damaged: number) => `${num(damaged)} damaged ${plural(damaged, { one: 'game', other: 'games' })} not read to the end.`,
    exporting: (done: number, total: number, left: number | null) =>
      `Exporting: ${num(done)} of ${games(total)}${left === null ? '' : `, about ${num(left)} s left`}…`,
    exported: (n: number, kb: number, damaged: number) =>
      `Exported ${games(n)} (${num(kb)} KB)${damaged ? `; ${num(damaged)} damaged, exported up to the damage.` : '.'}`,
    exportingAll: (k: number, n: number, left: number | null) =>
      `Exporting every database: ${num(k)} of ${num(n)}${left === null ? '' : `, about ${num(left)} s left`}…`,
    exportedAll: (databases: number, n: number, kb: number, damaged: number) =>
      `Exported ${num(databases)} databases as one PGN: ${games(n)} (${num(kb)} KB)${damaged ? `; ${num(damaged)} damaged, exported up to the damage.` : '.'}`,
    readingCopies: (done: number, total: number, left: number | null) =>
      `Finding duplicates: ${num(done)} of ${games(total)}${left === null ? '' : `, about ${num(left)} s left`}…`,
    countingCopies: (k: number, n: number, left: number | null) =>
      `Counting duplicates: database ${num(k)} of ${num(n)}${left === null ? '' : `, about ${num(left)} s left`}…`,
    findingCopies: (k: number, n: number, left: number | null) =>
      `Reading every database for its duplicates: ${num(k)} of ${num(n)}${left === null ? '' : `, about ${num(left)} s left`}…`,
    /** After `exportedAll`, merged: the copies left out. */
    merged: (copies: number, groups: number) =>
      `Duplicates: ${num(copies)} ${plural(copies, { one: 'copy', other: 'copies' })} not written, of ${num(groups)} ${plural(groups, { one: 'group', other: 'groups' })} (each written once: the longest, then the most annotated, tagged [CACopies] with the others).`,
    /** After `exportedAll`, or a count of duplicates: the databases that did not open. */
    notExported: (failed: Failed[]) => `Not opened, so not exported: ${failures(failed)}.`,
    notCounted: (failed: Failed[]) => `Not opened, so not counted: ${failures(failed)}.`,
    pgnCopied: 'PGN copied.',
    fenCopied: 'FEN copied.',
    cancelled: 'Cancelled.',
    noDatabase: 'No database open.',
    reopening: (name: string) => `Reopening ${name}…`,
    reopened: (name: string) => `${name} reopened in a fresh decoder.`,
    searching: (done: number, total: number) => `Reading the games' moves for the search: ${num(done)} of ${num(total)}…`,
    searchingGames: (done: number, total: number) => `Searching the games: ${num(done)} of ${num(total)}…`,
    positionSearching: (done: number, total: number) => `Searching for the position: ${num(done)} of ${num(total)} games…`,
  },

  errors: {
    damagedGame: (n: number, why: string) => `Game ${num(n)} is damaged: ${why}`,
    noFiles: 'No Chess Assistant files (.CDP, .EMB, .D00, .A02, .D02) among those.',
    missing: (names: string[]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} missing`,
    doubled: (names: string[]) => `${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} given twice (which is meant is unknown)`,
    stopped: (request: string | null, why: string) => `The decoder stopped${request ? ` on "${request}"` : ''}: ${why}. It was restarted`,
    stoppedDemo: (stopped: string, demo: string) => `${stopped}; ${demo} opened.`,
    stoppedReopening: (stopped: string, name: string) => `${stopped}; reopening ${name}…`,
    stoppedReopened: (stopped: string, name: string) => `${stopped} and ${name} reopened.`,
    stoppedAgain: (name: string, why: string) => `The decoder stopped again while reopening ${name}: ${why}. Open a database to go on.`,
    notReopened: (name: string, why: string) => `${name} could not be reopened: ${why}`,
    theDatabase: 'the database',
    workerFailed: (why: string) => `The decoder failed: ${why || 'it did not start'}`,
    brokenWorker: (times: number, why: string) => `The decoder failed ${times} times in a row (${why}); reload the page.`,
    demo: (status: number, path: string) => `demo database: HTTP ${status} for ${path}`,
  },

  /** A gist of the core's error kinds, by code, put before its (English)
   * message; none in English, where the message says it. */
  errorKinds: {} as Partial<Record<ErrorCode, string>>,

  /** The Cancel button: what it stops. */
  cancel: (tasks: string[]) => `✕ Cancel ${tasks.join(', ')}`,
  tasks: {
    search: 'search', sort: 'sort', position: 'position search', tree: 'opening tree', compactness: 'compactness table',
    check: 'check of every game', export: 'PGN export', duplicates: 'count of duplicates',
  },

  /** The encoding menu. */
  encoding: {
    auto: 'Auto (guessed from the names)',
    autoGuess: (label: string) => `Auto: ${label}`,
  },

  position: {
    label: (n: number, damaged: number) =>
      `Position: ${n === 1 ? '1 game reaches' : `${games(n)} reach`} it${damaged > 0 ? ` (${num(damaged)} damaged ${plural(damaged, { one: 'game', other: 'games' })} skipped)` : ''}`,
  },

  /** A link (the address) to a database other than the one shown. */
  link: {
    other: (name: string) => `This link is to the database ${name}, which is not open here. Open its files to go there.`,
    open: (name: string) => `Open ${name}…`,
  },

  notice: {
    text: (first: string, more: number) => `This database needs a look: ${first}${more > 0 ? ` (and ${num(more)} more)` : ''}.`,
    textMany: (first: string, more: number) => `A database needs a look: ${first}${more > 0 ? ` (and ${num(more)} more)` : ''}.`,
    weak: (title: string, certainty: string) => `${title.toLowerCase()}: ${certainty} evidence`,
    seeDetails: 'see the details',
  },

  tree: {
    building: 'Building the opening tree…',
    cancelled: 'Cancelled.',
    none: 'No game plays a move from this position in its first 40 plies (the games reaching it may end here).',
    noneNext: 'The games reaching this position end here.',
    searching: 'Searching the games for this position…',
    fromSearch: (plies: number, n: number) =>
      `Past the tree's first ${num(plies)} plies: the moves of the ${n === 1 ? 'game that reaches' : `${games(n)} that reach`} this position (a position search).`,
    askSearch: (n: number) => `Search all ${games(n)} for the moves played here`,
    build: (n: number) => `Build the tree from all ${games(n)}`,
    line: 'Line from the tree:',
    /** Before the name of the opening of the position shown. */
    opening: 'Opening:',
    back: 'Back',
    backLabel: 'Take back the last move of the line',
    toGame: 'Back to the game',
    headers: ['Move', 'Games', 'White · Draw · Black', 'Avg Elo', 'Years'],
    bar: (w: number, d: number, b: number) => `White ${num(w)}, draws ${num(d)}, Black ${num(b)}`,
  },

  compactness: {
    computing: 'Transcoding every game…',
    cancelled: 'Cancelled: close and open the panel to compute it again.',
    headers: ['Format', 'Keeps', 'Bytes/move', 'Bytes/game'],
    skipped: (n: number) => ` (${games(n)} skipped)`,
  },

  info: {
    database: 'Database', signature: 'Signature', comment: 'Comment', games: 'Games', players: 'Players', events: 'Events', convention: 'Convention',
    eventsLine: (events: number, sites: number, sources: number) => `${num(events)} · sites ${num(sites)} · sources ${num(sources)}`,
  },

  diagnosis: {
    checking: 'Checking the database…',
    checkingAll: 'Checking every game…',
    failed: (why: string) => `The check failed: ${why}`,
    scopeAll: (n: number) => `every game's record checked (${num(n)})`,
    scopeSome: (scanned: number, n: number) => `${num(scanned)} of ${num(n)} games' records checked`,
    intro: (scope: string) => `What the reader inferred about this database: ${scope}.`,
    introMany: (n: number) => `What the reader inferred about each of the ${num(n)} databases: each has readings of its own.`,
    needsLook: 'needs a look',
    noWarnings: 'No warnings.',
    copy: 'Copy report',
    copyTitle: 'Counts and offsets only: no names, moves or comments',
    checkAll: 'Check every game',
    countDuplicates: 'Count duplicates',
    countDuplicatesAll: (n: number) => `Count duplicates in all ${num(n)} databases`,
    countDuplicatesTitle: 'Read every game for the duplicate rule of cadb pgn --dedupe: the same players, result, year and main line, or a shorter copy',
    countingDuplicates: 'Counting duplicates…',
    duplicates: (copies: number, groups: number, games: number, databases: number) =>
      `Duplicates: ${num(copies)} ${plural(copies, { one: 'copy', other: 'copies' })} in ${num(groups)} ${plural(groups, { one: 'group', other: 'groups' })}, of ${games === 1 ? '1 game' : `${num(games)} games`}${databases > 1 ? ` in ${num(databases)} databases` : ''} (a merged export writes each group once).`,
    reportText: 'Report text',
    copied: 'Report copied.',
    refused: 'The clipboard refused it: the report text is shown below, to copy by hand.',
  },

  card: {
    counting: 'Counting…',
    close: 'Close',
    filter: 'List their games',
    asWhite: 'As White',
    asBlack: 'As Black',
    total: 'Total',
    byYear: 'By year',
    openingsWhite: 'Openings as White',
    openingsBlack: 'Openings as Black',
    opponents: 'Frequent opponents',
    unknownYear: 'unknown',
    none: 'none',
    rating: (r: number) => `Rating ${r}`,
    fideId: (id: number) => `FIDE id ${id}`,
    heads: ['', 'Games', '+', '=', '−', 'Score'],
    playerTitle: (name: string) => `Open the card of ${name}`,
  },

  /** The pattern editor on the board (view/pattern.ts). */
  patternEditor: {
    title: 'Pattern on the board',
    help: 'Choose a piece, then click a square: the piece is required there, or, with Forbid, forbidden there. Click again to remove it.',
    board: 'Pattern board: arrow keys move, Enter or Space puts or removes the piece, letters K Q R B N P choose a piece (Shift: White), x toggles Forbid',
    palette: 'Piece',
    forbid: 'Forbid',
    forbidTitle: 'A click forbids the piece on the square (x)',
    done: 'Done',
    doneTitle: 'Write the pattern into the search form',
    cancel: 'Cancel',
    cancelTitle: 'Leave the pattern as it was (Esc)',
    clear: 'Clear board',
    empty: 'empty',
    required: (piece: string) => `${piece} required`,
    forbidden: (piece: string) => `${piece} forbidden`,
    square: (square: string, what: string) => `${square}: ${what}`,
    pieces: {
      K: 'white king', Q: 'white queen', R: 'white rook', B: 'white bishop', N: 'white knight', P: 'white pawn',
      k: 'black king', q: 'black queen', r: 'black rook', b: 'black bishop', n: 'black knight', p: 'black pawn',
    },
  },

  /** The graph under the board (view/graph.ts); a move is "18. Bd6". */
  graph: {
    evalCaption: 'Evaluation',
    /** The graph of an analysed game: stored and computed evaluations. */
    analysedLabel: (moves: number, stored: number, computed: number, first: string, last: string) =>
      `Evaluation graph ${moves === 1 ? 'over 1 move' : `over ${num(moves)} moves`}, White's view: ${num(stored)} stored in the database, ${num(computed)} computed by the engine, from ${first} to ${last}`,
    storedPoint: (move: string, value: string) => `${move}: ${value} (stored)`,
    computedPoint: (move: string, value: string) => `${move}: ${value} (engine)`,
    materialCaption: 'Material',
    /** The SVG's aria-label: the first and last stored evaluations. */
    evalLabel: (moves: number, count: number, first: string, last: string) =>
      count === 1
        ? `Evaluation graph ${moves === 1 ? 'over 1 move' : `over ${num(moves)} moves`}, White's view: one evaluation, ${first}`
        : `Evaluation graph ${moves === 1 ? 'over 1 move' : `over ${num(moves)} moves`}, White's view: ${num(count)} evaluations, from ${first} to ${last}`,
    /** The SVG's aria-label: the balance at the start and at the end. */
    materialLabel: (moves: number, first: string, last: string) =>
      `Material graph ${moves === 1 ? 'over 1 move' : `over ${num(moves)} moves`}, White minus Black in pawns: from ${first} to ${last}`,
    /** The columns' tooltips: "Start position", "18. Bd6: −3.68". */
    start: 'Start position',
    evalPoint: (move: string, value: string) => `${move}: ${value}`,
    noEval: (move: string) => `${move}: no evaluation`,
    materialPoint: (move: string, value: string) => `${move}: material ${value}`,
  },

  /** The engine beside the board (view/engine.ts). */
  engine: {
    toggle: 'Engine',
    toggleTitle: 'Stockfish analyses the position shown, in this browser (e)',
    on: 'Turn the engine off (e)',
    off: 'Turn the engine on (e)',
    panel: 'Engine analysis',
    lines: 'Lines',
    linesTitle: 'How many best lines to show',
    starting: 'Starting the engine…',
    failed: (message: string) => `The engine could not start: ${message}`,
    /** "Depth 18". */
    depth: (d: number) => `Depth ${num(d)}`,
    /** Nodes per second: "1.2 M nodes/s". */
    nps: (n: number) => (n >= 1e6 ? `${fixed(n / 1e6, 1)} M nodes/s` : `${num(Math.round(n / 1000))} k nodes/s`),
    /** The build running: one thread, or several. */
    build: (threads: number) => (threads > 1 ? `Stockfish 19 lite, ${num(threads)} threads` : 'Stockfish 19 lite, 1 thread'),
    /** The bar's label: "White +0.35", "Black mates in 2". */
    barLabel: (side: 'White' | 'Black', value: string) => `${side} ${value}`,
    mateIn: (side: 'White' | 'Black', n: number) => `${side} mates in ${num(n)}`,
    mated: (side: 'White' | 'Black') => `${side} is mated`,
    /** A line's button: "Line 1, +0.35: 24. Nf3 Nc6 …". */
    lineLabel: (k: number, score: string, moves: string) => `Line ${k}, ${score}: ${moves}`,
    noPosition: 'Open a game to analyse its positions.',
  },

  /** "Analyse game" (view/engine.ts, ctrl/analysis.ts). */
  analysis: {
    start: 'Analyse game',
    startTitle: 'Evaluate every position of the main line with the engine, and mark the mistakes',
    depth: 'Depth',
    depthTitle: 'How deep the engine searches each position',
    progress: (done: number, total: number) => `Analysing: ${num(done)}/${num(total)}`,
    cancel: 'Cancel',
    done: (total: number) => `Analysed: ${num(total)} positions`,
    export: 'Export analysed game',
    exportTitle: 'Download the game as PGN with the evaluations ([%eval]) and the mistakes marked',
    exported: 'Analysed game downloaded',
    failed: (message: string) => `The analysis could not be finished: ${message}`,
  },

  /** The keys dialog (`?`). */
  keys: {
    title: 'Keyboard shortcuts',
    rows: [
      ['← →', 'Step back and forward through the game'],
      ['Home End', 'Start and end of the game'],
      ['↑ ↓', 'Start and end of the game (in the list: move the selection)'],
      ['PgUp PgDn', 'In the list: move the selection a page'],
      ['Enter', 'In the list: open the selected game'],
      ['n p', 'Next and previous game of the list'],
      ['Shift+→', 'Enter the variation of the next move'],
      ['Shift+←', 'Leave the variation'],
      ['f', 'Flip the board'],
      ['e', 'Turn the engine on or off'],
      ['Esc', 'Cancel a long task; close a dialog'],
      ['?', 'Show these keys'],
    ] as [string, string][],
  },
};

export type Strings = typeof en;
