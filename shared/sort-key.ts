/**
 * The Vietnamese sort key of a name (decision 085): a string whose plain byte order is the
 * Vietnamese dictionary order of the names, so the database sorts and indexes it without a
 * collation of its own (SQLite has no Vietnamese one; better-sqlite3 cannot add one to an index;
 * PostgreSQL would need ICU and would give another order than SQLite).
 *
 * Three levels, as a dictionary compares them:
 * 1. letters without tone or case, in the alphabet's order: a ă â b c d đ e ê (f) g h i (j) k l m n
 *    o ô ơ p q r s t u ư v (w) x y (z); a space before punctuation, punctuation before digits,
 *    digits before letters, any other character after the letters by code point;
 * 2. when the letters are equal, the tones letter by letter: none, huyền, hỏi, ngã, sắc, nặng;
 * 3. then the case letter by letter, lower case first.
 * So "Cà phê Đắk Lắk" comes before "Cà phê Robusta", "ca" before "cà" before "cá" before "cab".
 *
 * The key uses only 0-9 and a-z, so every collation orders it as bytes do. Changing this function
 * changes stored keys: a migration must then empty the `name_sort` columns, which are refilled at start.
 */

/** The base letters, in order; f, j, w and z are not Vietnamese but appear in names. */
const ALPHABET = 'aăâbcdđeêfghijklmnoôơpqrstuưvwxyz';
/** Tone marks (combining characters after NFD), in dictionary order after "no tone". */
const TONES = ['\u0300', '\u0309', '\u0303', '\u0301', '\u0323'];
/** Marks that make a distinct letter: breve (ă), circumflex (â ê ô), horn (ơ ư). */
const LETTER_MARKS: Record<string, Record<string, string>> = {
  '\u0306': { a: 'ă' },
  '\u0302': { a: 'â', e: 'ê', o: 'ô' },
  '\u031b': { o: 'ơ', u: 'ư' },
};

const DIGITS = 36;
const WIDTH = 2;
/** Ends the letters' level and the tones' level; lower than any character's code, so "ca" < "cab". */
const LEVEL_END = '00';
/** Characters outside the table: this prefix (above every table code) and the code point in 4 digits. */
const OTHER = 'zz';

const enc = (n: number, width = WIDTH) => n.toString(DIGITS).padStart(width, '0');

/** Primary codes: space, ASCII punctuation, digits, letters, each one up from 1. */
const PRIMARY = new Map<string, string>();
{
  let next = 1;
  PRIMARY.set(' ', enc(next++));
  for (let c = 0x21; c < 0x7f; c++) {
    const ch = String.fromCharCode(c);
    if (!/[0-9A-Za-z]/.test(ch)) PRIMARY.set(ch, enc(next++));
  }
  for (let d = 0; d < 10; d++) PRIMARY.set(String(d), enc(next++));
  for (const letter of ALPHABET) PRIMARY.set(letter, enc(next++));
}

const MARK = /\p{M}/u;
/** A combining mark: Vietnamese ones are all in U+0300-U+036F; others are asked of Unicode's table. */
const isMark = (ch: string) => {
  const code = ch.charCodeAt(0);
  return (code >= 0x300 && code <= 0x36f) || (code > 0x36f && MARK.test(ch));
};

/**
 * The key of a name; equal names (up to Unicode normalization and spacing) get equal keys. One pass
 * over the decomposed text: each base character with the marks that follow it is one letter.
 */
export function vietnameseSortKey(value: string): string {
  const chars = value.normalize('NFD').replace(/\s+/g, ' ').trim();
  const primary: string[] = [];
  const tones: string[] = [];
  const cases: string[] = [];
  for (let i = 0; i < chars.length; ) {
    const ch = String.fromCodePoint(chars.codePointAt(i)!);
    i += ch.length;
    if (isMark(ch)) continue; // a mark with no letter before it (at the very start) is dropped
    let lower = ch.toLowerCase();
    const upper = lower !== ch;
    let tone = 0;
    while (i < chars.length && isMark(chars[i]!)) {
      const mark = chars[i++]!;
      const toneAt = TONES.indexOf(mark);
      if (toneAt >= 0) tone = toneAt + 1;
      else lower = LETTER_MARKS[mark]?.[lower] ?? lower; // other marks (ü, ç...) sort as the base letter
    }
    primary.push(PRIMARY.get(lower) ?? OTHER + enc(lower.codePointAt(0) ?? 0, 4));
    tones.push(String(tone));
    cases.push(upper ? '1' : '0');
  }
  return `${primary.join('')}${LEVEL_END}${tones.join('')}${LEVEL_END}${cases.join('')}`;
}

/** Compares two names the Vietnamese way (for lists sorted in memory, such as a company's categories). */
export const compareVietnamese = (a: string, b: string): number => {
  const ka = vietnameseSortKey(a);
  const kb = vietnameseSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** The key to store beside a name being written; undefined (column left as is) when the name is not. */
export const nameSortOf = <T extends string | undefined>(name: T): T extends string ? string : undefined =>
  (name === undefined ? undefined : vietnameseSortKey(name)) as T extends string ? string : undefined;
