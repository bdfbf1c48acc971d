// Board annotations in comments: `[%cal Gd6f8,Rb2a1]` (arrows) and
// `[%csl Gf4]` (circled squares), as lichess and ChessBase write them, split
// out of a comment's text into chessground shapes. Other `[%...]` commands
// (a clock, `[%clk 0:01:00]`) stay in the text: nothing else shows them.

import type { DrawShape } from 'chessground/draw';
import type { Key } from 'chessground/types';
import type { MoveNode } from '../pkg/cadb.js';

/** The colour letters and chessground's default brushes for them. */
const BRUSHES: Record<string, string> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };

const COMMAND = /\[%(cal|csl)\s+([^\]]*)\]/gi;
const ARROW = /^([GRYB])([a-h][1-8])([a-h][1-8])$/i;
const CIRCLE = /^([GRYB])([a-h][1-8])$/i;

export interface ParsedComment {
  /** The comment without its %cal/%csl commands, trimmed ('' : nothing left to show). */
  text: string;
  shapes: DrawShape[];
}

/** Splits the %cal and %csl commands out of `comment`. A malformed entry
 * ("Gz9", a missing colour) is dropped; its command is still removed. */
export function parseComment(comment: string): ParsedComment {
  const shapes: DrawShape[] = [];
  const text = comment.replace(COMMAND, (_, kind: string, list: string) => {
    for (const entry of list.split(',').map((e) => e.trim())) {
      const m = (kind.toLowerCase() === 'cal' ? ARROW : CIRCLE).exec(entry);
      if (!m) continue;
      const brush = BRUSHES[m[1].toUpperCase()];
      const [orig, dest] = [m[2].toLowerCase() as Key, m[3]?.toLowerCase() as Key | undefined];
      shapes.push(dest ? { orig, dest, brush } : { orig, brush });
    }
    return ' ';
  });
  // A command between words leaves one space (runs of spaces show as one anyway).
  return { text: text.replace(/ {2,}/g, ' ').trim(), shapes };
}

/** The shapes a move's comments (before and after it) draw on its position. */
export function moveShapes(m: MoveNode): DrawShape[] {
  return [...m.commentsBefore, ...m.commentsAfter].flatMap((c) => parseComment(c).shapes);
}
