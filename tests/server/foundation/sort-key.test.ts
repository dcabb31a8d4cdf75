import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVietnamese, vietnameseSortKey } from '#shared/sort-key.ts';

const key = vietnameseSortKey;
const sign = (n: number) => Math.sign(n);
const compareKeys = (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** Vietnamese letters with every tone, both cases, and spaces: the names this order is for. */
const VOWELS = ['a', 'ă', 'â', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y'];
const TONES = ['', '\u0300', '\u0309', '\u0303', '\u0301', '\u0323'];
const letters = [
  ...VOWELS.flatMap((v) => TONES.map((t) => `${v}${t}`.normalize('NFC'))),
  ...'bcdđghklmnpqrstvx'.split(''),
];
const letter = fc.constantFrom(...letters, ...letters.map((l) => l.toUpperCase()), ' ');
const name = fc
  .array(letter, { minLength: 1, maxLength: 12 })
  .map((a) => a.join('').replace(/\s+/g, ' ').trim())
  .filter(Boolean);

describe('[foundation][sort-key]: the Vietnamese order of names', () => {
  it('[foundation][sort-key]: Đ comes after D and before E, not after Z', () => {
    const names = [
      'Cà phê Robusta',
      'Cà phê Đắk Lắk',
      'Cà phê Arabica',
      'Cà phê Dak',
      'Cà phê Zeta',
      'Cà phê Ê',
    ];
    expect([...names].sort(compareVietnamese)).toEqual([
      'Cà phê Arabica',
      'Cà phê Dak',
      'Cà phê Đắk Lắk',
      'Cà phê Ê',
      'Cà phê Robusta',
      'Cà phê Zeta',
    ]);
  });

  it('[foundation][sort-key]: the alphabet a ă â b c d đ e ê … o ô ơ … u ư … y in order', () => {
    const alphabet = 'a ă â b c d đ e ê g h i k l m n o ô ơ p q r s t u ư v x y'.split(' ');
    for (let i = 1; i < alphabet.length; i++)
      expect(key(alphabet[i - 1]!) < key(alphabet[i]!), alphabet[i]).toBe(true);
  });

  it('[foundation][sort-key]: tones after the base letters: a à ả ã á ạ, then ă', () => {
    const order = ['a', 'à', 'ả', 'ã', 'á', 'ạ', 'ă', 'ằ', 'ặ', 'â', 'b'];
    expect([...order].reverse().sort(compareVietnamese)).toEqual(order);
    // A tone never outweighs a later letter: "cá" before "cab", "ca" before "cà".
    expect(['cab', 'cá', 'cà', 'ca'].sort(compareVietnamese)).toEqual(['ca', 'cà', 'cá', 'cab']);
  });

  it('[foundation][sort-key]: the same order as the Vietnamese collation of ICU, for any names', () => {
    const icu = new Intl.Collator('vi', { sensitivity: 'variant' });
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(sign(compareKeys(a, b)), `${a} | ${b}`).toBe(sign(icu.compare(a, b)));
      }),
      { numRuns: 3000 },
    );
  });

  it('[foundation][sort-key]: composed and decomposed text, and spacing, give the same key', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(key(n.normalize('NFD'))).toBe(key(n.normalize('NFC')));
        expect(key(`  ${n.replace(/ /g, '   ')} `)).toBe(key(n));
      }),
    );
  });

  it('[foundation][sort-key]: any text gives a key of 0-9a-z only, so every collation orders it as bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (s) => {
        expect(key(s)).toMatch(/^[0-9a-z]*$/);
      }),
    );
  });

  it('[foundation][sort-key]: a name comes before any longer name it begins', () => {
    fc.assert(
      fc.property(
        name,
        fc.string({ minLength: 1, maxLength: 5 }).filter((s) => s.trim() !== ''),
        (n, more) => {
          expect(key(n) < key(`${n}${more.trim()}`)).toBe(true);
        },
      ),
    );
  });

  it('[foundation][sort-key]: digits before letters, other scripts after them', () => {
    expect(['Trà', '東方', '3 Sao', 'Ánh'].sort(compareVietnamese)).toEqual(['3 Sao', 'Ánh', 'Trà', '東方']);
  });
});
