// The search form's pure parts (issue 35), in Node on the compiled www/:
// the pattern editor's model (www/pattern.ts: a pattern's text as squares
// and back, a click's toggle) and the query's trip through the form and the
// URL hash (www/query.ts) with the fields of the moves. Expected values are
// written out by hand.
//
//   node tests/ui/search-form.mjs COMPILED_WWW_DIR   (scripts/ui-test.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir] = process.argv.slice(2);
const load = (f) => import(pathToFileURL(path.resolve(dir, f)).href);
const { parsePattern, toggle, patternText, placement, patternShapes, stepSquare } = await load('pattern.js');
const { queryOf, valuesOf, hashOf, placeOfHash, asksMoves } = await load('query.js');

// A pattern's text: square terms on the board, the rest kept in its order.
const d = parsePattern('  Nd5 !pc6 !Pc either  for 2 ');
assert.deepEqual(d.terms, [{ piece: 'N', square: 'd5', forbid: false }, { piece: 'p', square: 'c6', forbid: true }]);
assert.equal(d.kept, '!Pc either for 2');
assert.equal(patternText(d), 'Nd5 !pc6 !Pc either for 2');
// A board pattern is no set of squares: the editor starts empty.
assert.deepEqual(parsePattern('board pawns 8/8/8/3p4/3P4/8/8/8'), { terms: [], kept: '' });
assert.equal(patternText({ terms: [], kept: '' }), '');

// A click adds the term; the same click again removes it.
let t = toggle([], 'd5', 'N', false);
assert.deepEqual(t, [{ piece: 'N', square: 'd5', forbid: false }]);
assert.deepEqual(toggle(t, 'd5', 'N', false), []);
// One required piece a square: another replaces it.
t = toggle(t, 'd5', 'Q', false);
assert.deepEqual(t, [{ piece: 'Q', square: 'd5', forbid: false }]);
// Forbidden pieces add up on a square, and never stay beside the same piece required.
t = toggle(toggle(t, 'd5', 'n', true), 'd5', 'p', true);
assert.equal(patternText({ terms: t, kept: '' }), 'Qd5 !nd5 !pd5');
t = toggle(t, 'd5', 'Q', true);
assert.equal(patternText({ terms: t, kept: '' }), '!nd5 !pd5 !Qd5');
t = toggle(t, 'd5', 'n', false);
assert.equal(patternText({ terms: t, kept: '' }), '!pd5 !Qd5 nd5');
// Parsing applies the same rules: the last word wins.
assert.equal(patternText(parsePattern('Nd5 Bd5 !Bd5')), '!Bd5');

// The board: required pieces placed, forbidden ones circled and drawn small.
assert.equal(placement(parsePattern('Nd5 pc6 Ka1 kh8 !Pe4').terms), '7k/8/2p5/3N4/8/8/8/K7');
const shapes = patternShapes(parsePattern('!pc6 !nc6 Nd5').terms, 'a1');
assert.deepEqual(shapes.filter((s) => s.brush === 'red').map((s) => s.orig), ['c6']);
assert.deepEqual(shapes.filter((s) => s.piece).map((s) => `${s.piece.color} ${s.piece.role} ${s.orig}`), ['black pawn c6', 'black knight c6']);
assert.deepEqual(shapes.filter((s) => s.brush === 'blue').map((s) => s.orig), ['a1']);
// The keyboard's square stays on the board.
assert.equal(stepSquare('a1', -1, -1), 'a1');
assert.equal(stepSquare('d5', -1, 1), 'c6');
assert.equal(stepSquare('h8', 1, 1), 'h8');

// The form's fields of the moves, into a query and back through the URL hash.
const q = queryOf({ material: ' RB vs RN for 3 ', pattern: 'Nd5 !pc', maneuver: 'Nb1-d2', comment: '"only move"', nag: '2', hasEval: '1', evalSwing: '2,5', opening: 'Sicilian' });
assert.deepEqual(q, { material: 'RB vs RN for 3', pattern: 'Nd5 !pc', maneuver: 'Nb1-d2', comment: '"only move"', opening: 'Sicilian', nag: 2, evalSwing: 2.5, hasEval: true });
assert.equal(asksMoves(q), true);
assert.equal(asksMoves(queryOf({ player: 'Tal' })), false);
assert.equal(asksMoves(null), false);
const place = { db: 'MOVES', game: 3, move: 5, filter: '', query: q, position: null };
assert.deepEqual(placeOfHash(hashOf(place)), place);
assert.equal(valuesOf(q).evalSwing, '2.5');
// Not numbers, or not above 0: left out.
assert.equal(queryOf({ nag: 'x', evalSwing: '0' }), null);
assert.equal(queryOf({ evalSwing: '-1' }), null);
assert.deepEqual(queryOf({ evalSwing: '.5' }), { evalSwing: 0.5 });

console.log('search form: pattern model and query fields ok');
