// The interactive decoding Worker: what the user waits for (rows, a game,
// its PGN, a header search, a player's card, an engine's line), with the
// small module (pkg-lite: `cadb` built with the feature `wasm-lite`, issue
// 46), which is all a first visit downloads before its first game. It
// never waits for the opening names: rows and games carry them once the
// page has handed the table over.

import init, { Archive, Database, encodings, loadOpenings, playLine } from '../pkg-lite/cadb_lite.js';
import { databaseHandlers, type Handlers, progressOf, serve } from './worker-core.js';

const handlers: Handlers<Database, Archive> = {
  ...databaseHandlers<Database, Archive>(),
  encodings: () => encodings(),
  rows: ({ indices }, _id, w) => w.list().rows(indices),
  search: ({ query }, id, w) => w.list().search(query, progressOf(id)),
  playerCard: ({ name }, _id, w) => w.list().playerCard(name),
  game: ({ index }, _id, w) => w.list().game(index),
  pgn: ({ index }, _id, w) => w.list().pgn(index),
  line: ({ fen, moves }) => {
    const flat = playLine(fen, moves);
    return Array.from({ length: flat.length / 3 }, (_, k) => ({ uci: flat[3 * k], san: flat[3 * k + 1], fen: flat[3 * k + 2] }));
  },
};

serve({ init, Database, Archive, loadOpenings }, new URL('../pkg-lite/cadb_lite_bg.wasm', import.meta.url), handlers, new Set());
