// The pattern editor's model (issue 35), pure: a pattern expression of the
// search form (`Nd5 !pc6 either`, docs/api.md) as the squares the board
// can show, and back. A square term (`Nd5`, `!pc6`) is on the board; the
// rest of the text (whole-file terms such as `!pc`, options such as
// `either` or `for 2`) is kept as it was and written after the board's
// terms. Piece letters are English: upper case White, lower case Black.

import type { DrawShape } from 'chessground/draw';
import type { Key, Role } from 'chessground/types';

export type PieceCode = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p';
/** The palette's order: White's pieces, then Black's. */
export const PIECES: readonly PieceCode[] = ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p'];

/** One square term: `piece` required on `square`, or (forbid) not there. */
export interface PatternTerm {
  piece: PieceCode;
  square: Key;
  forbid: boolean;
}

/** A pattern as the editor holds it. */
export interface PatternDraft {
  /** The square terms, in the order they were added. */
  terms: readonly PatternTerm[];
  /** The text the board cannot show, as typed ('' : none). */
  kept: string;
}

/** The editor on the board (state.ts `pattern`). */
export interface PatternEditor {
  draft: PatternDraft;
  /** The piece a click puts (or forbids). */
  tool: PieceCode;
  /** A click forbids the piece rather than requiring it. */
  forbid: boolean;
  /** The keyboard's square. */
  cursor: Key;
  /** The keyboard was used last (its square is then marked). */
  keyboard: boolean;
}

const TERM = /^(!?)([KQRBNPkqrbnp])([a-h][1-8])$/;

/** The draft of a pattern's text. A `board MODE FEN` pattern is no set of
 * squares: the editor starts empty, and Done replaces it. */
export function parsePattern(text: string): PatternDraft {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  if (words[0]?.toLowerCase() === 'board') return { terms: [], kept: '' };
  let terms: readonly PatternTerm[] = [];
  const kept: string[] = [];
  for (const w of words) {
    const m = TERM.exec(w);
    if (m) terms = put(terms, { piece: m[2] as PieceCode, square: m[3] as Key, forbid: m[1] === '!' });
    else kept.push(w);
  }
  return { terms, kept: kept.join(' ') };
}

/** The terms with `t` in them: a square holds one required piece (another
 * replaces it) and any forbidden ones, but never the same piece both. */
function put(terms: readonly PatternTerm[], t: PatternTerm): readonly PatternTerm[] {
  const clash = (u: PatternTerm) => u.square === t.square && (u.piece === t.piece || (!t.forbid && !u.forbid));
  return [...terms.filter((u) => !clash(u)), t];
}

/** A click on `square` with the editor's tool: the term is added, or, when
 * it is there already, removed. */
export function toggle(terms: readonly PatternTerm[], square: Key, piece: PieceCode, forbid: boolean): readonly PatternTerm[] {
  const same = (u: PatternTerm) => u.square === square && u.piece === piece && u.forbid === forbid;
  return terms.some(same) ? terms.filter((u) => !same(u)) : put(terms, { piece, square, forbid });
}

/** The pattern's text: the board's terms in their order, then the kept text. */
export function patternText(d: PatternDraft): string {
  return [...d.terms.map((t) => `${t.forbid ? '!' : ''}${t.piece}${t.square}`), d.kept].filter((w) => w !== '').join(' ');
}

/** The terms on one square. */
export function termsOn(terms: readonly PatternTerm[], square: Key): PatternTerm[] {
  return terms.filter((t) => t.square === square);
}

const ROLES: Record<string, Role> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

export function roleOf(p: PieceCode): Role {
  return ROLES[p.toLowerCase()];
}

export function colorOf(p: PieceCode): 'white' | 'black' {
  return p === p.toUpperCase() ? 'white' : 'black';
}

/** The FEN placement of the required pieces (the pieces the board draws). */
export function placement(terms: readonly PatternTerm[]): string {
  const at = new Map(terms.filter((t) => !t.forbid).map((t) => [t.square, t.piece]));
  const ranks: string[] = [];
  for (let r = 8; r >= 1; r--) {
    let row = '';
    let empty = 0;
    for (const f of 'abcdefgh') {
      const p = at.get(`${f}${r}` as Key);
      if (p) {
        row += (empty || '') + p;
        empty = 0;
      } else {
        empty++;
      }
    }
    ranks.push(row + (empty || ''));
  }
  return ranks.join('/');
}

/** The board's marks: a red circle and a small piece on each forbidden
 * one's square, and the keyboard's square (`cursor`, null: none). */
export function patternShapes(terms: readonly PatternTerm[], cursor: Key | null): DrawShape[] {
  const shapes: DrawShape[] = [];
  const circled = new Set<Key>();
  for (const t of terms.filter((u) => u.forbid)) {
    if (!circled.has(t.square)) shapes.push({ orig: t.square, brush: 'red' });
    circled.add(t.square);
    shapes.push({ orig: t.square, piece: { role: roleOf(t.piece), color: colorOf(t.piece), scale: 0.55 } });
  }
  if (cursor) shapes.push({ orig: cursor, brush: 'blue' });
  return shapes;
}

/** The square `from` moved by (files, ranks), kept on the board. */
export function stepSquare(from: Key, files: number, ranks: number): Key {
  const f = Math.max(0, Math.min(7, from.charCodeAt(0) - 97 + files));
  const r = Math.max(1, Math.min(8, Number(from[1]) + ranks));
  return `${String.fromCharCode(97 + f)}${r}` as Key;
}
