// The page's numbers (www/i18n/format.ts) in each of its locales, in Node
// on the compiled www/: num() skips Intl below a thousand (issue 46: making
// the formatter cost the first game 30 ms), so it must write there exactly
// what Intl writes, and keep Intl's grouping above.
//
//   node tests/ui/format.mjs COMPILED_WWW_DIR   (scripts/ui-test.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir] = process.argv.slice(2);
const { num, setLocale } = await import(pathToFileURL(path.resolve(dir, 'i18n/format.js')).href);

const numbers = [...Array(2100).keys(), 999.5, 0.25, -1, -999, -1000, 12345, 1234567, 2 ** 32, -0];
for (const locale of ['en-US', 'ru-RU']) {
  setLocale(locale);
  const intl = new Intl.NumberFormat(locale);
  for (const n of numbers) assert.equal(num(n), intl.format(n), `${locale}: ${n}`);
}
// Grouped above a thousand, as each language writes it.
setLocale('en-US');
assert.equal(num(1234567), '1,234,567');
setLocale('ru-RU');
assert.equal(num(1234567), '1\u00a0234\u00a0567');
console.log(`format: num() equals Intl.NumberFormat on ${numbers.length} numbers in en-US and ru-RU`);
