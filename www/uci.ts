// The engine's words (UCI) read, and its scores turned to White's view:
// the one place that knows a UCI score is the side to move's.

/** An evaluation from White's view: centipawns, or mate in N moves
 * (N > 0: White mates; N < 0: Black mates; 0: the side to move is mated,
 * `winner` says which). The package's EngineScore has the same shape, but
 * for mate 0, which Database.annotate refuses (it scores a mated position
 * itself). */
export type Score = { cp: number } | { mate: number };

/** One `info` line of a search with a score and a line. */
export interface Info {
  depth: number;
  /** 1 for the best line (MultiPV). */
  multipv: number;
  /** White's view (toWhite). */
  score: Score;
  nodes: number;
  nps: number;
  /** The line, in UCI moves. */
  pv: string[];
}

/** Whether White is to move in `fen`. */
export const whiteToMove = (fen: string) => fen.split(' ')[1] !== 'b';

/** The engine's score (the side to move's) from White's view. Mate 0 (the
 * side to move is mated) stays 0: `winner` tells who won. */
export function toWhite(score: Score, fen: string): Score {
  if (whiteToMove(fen)) return score;
  return 'cp' in score ? { cp: -score.cp } : { mate: score.mate === 0 ? 0 : -score.mate };
}

/** The side a score favours, from White's view: 1 White, -1 Black, 0 neither;
 * a mate-0 score (no moves left, mated) favours the side not to move in `fen`. */
export function winner(score: Score, fen: string): number {
  if ('cp' in score) return Math.sign(score.cp);
  if (score.mate !== 0) return Math.sign(score.mate);
  return whiteToMove(fen) ? -1 : 1;
}

/** Lichess's winning chances for centipawns from White's view: -1 (Black
 * wins) to 1. Only for drawing the bar and the graph: the page runs no
 * wasm, so it cannot ask the core; the marks (?!, ?, ??) are the core's
 * (cadb::annotate, through Database.annotate). */
export const cpChances = (cp: number) => 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;

/** The same for any score: a mate is a win (1 or -1). */
export function winningChances(score: Score, fen: string): number {
  if ('mate' in score) return winner(score, fen);
  return cpChances(score.cp);
}

/** An `info` line with a score and a line (null: another kind of info,
 * or one without them: currmove, string, hashfull alone). `fen` is the
 * position searched, for the score's side. */
export function parseInfo(line: string, fen: string): Info | null {
  const w = line.split(' ');
  if (w[0] !== 'info') return null;
  let depth = 0;
  let multipv = 1;
  let score: Score | null = null;
  let nodes = 0;
  let nps = 0;
  let pv: string[] = [];
  for (let k = 1; k < w.length; k++) {
    switch (w[k]) {
      case 'depth': depth = Number(w[++k]); break;
      case 'multipv': multipv = Number(w[++k]); break;
      case 'nodes': nodes = Number(w[++k]); break;
      case 'nps': nps = Number(w[++k]); break;
      case 'score': {
        const kind = w[++k];
        const v = Number(w[++k]);
        score = kind === 'mate' ? { mate: v } : { cp: v };
        // "lowerbound"/"upperbound": a bound of an unfinished iteration, shown as it is.
        break;
      }
      case 'pv': pv = w.slice(k + 1); k = w.length; break;
      case 'string': k = w.length; break;
    }
  }
  if (score === null) return null;
  return { depth, multipv, score: toWhite(score, fen), nodes, nps, pv };
}
