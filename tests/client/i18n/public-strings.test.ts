/**
 * The public strings of every language (decision 211): the same keys as Vietnamese's, nothing left empty
 * (but Vietnamese's marker, never shown), every function saying each of its arguments, and no Vietnamese
 * letter left in the English or Chinese texts.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_LANGUAGES } from '#shared/i18n/languages.ts';
import { type PublicStrings, publicStringsOf } from '#shared/i18n/public/index.ts';

type Leaf = { path: string; value: unknown };

function leaves(node: unknown, path = ''): Leaf[] {
  if (node !== null && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
  return [{ path, value: node }];
}

/** Sample arguments by a function's parameter count: text that no translation could contain by chance. */
const SAMPLES = ['ARG-ONE-7', 'ARG-TWO-8', 'ARG-THREE-9'];
const sampleArgs = (fn: (...args: never[]) => unknown) =>
  Array.from({ length: fn.length }, (_, i) => SAMPLES[i] ?? `ARG-${i}`);

/** Letters only Vietnamese writes (its vowels with marks, and đ). */
const VIETNAMESE_LETTERS = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

const vi = publicStringsOf('vi');

describe('public strings', () => {
  for (const lang of PUBLIC_LANGUAGES) {
    const strings: PublicStrings = publicStringsOf(lang);
    const own = leaves(strings);

    it(`${lang}: has exactly Vietnamese's keys`, () => {
      expect(own.map((l) => l.path).sort()).toEqual(
        leaves(vi)
          .map((l) => l.path)
          .sort(),
      );
    });

    it(`${lang}: leaves nothing empty`, () => {
      const empty = own.filter(
        (l) =>
          typeof l.value === 'string' &&
          l.value.trim() === '' &&
          !(lang === 'vi' && l.path === 'fallbackMarker'),
      );
      expect(empty.map((l) => l.path)).toEqual([]);
    });

    it(`${lang}: every function says each of its arguments`, () => {
      for (const leaf of own) {
        if (typeof leaf.value !== 'function') continue;
        const fn = leaf.value as (...args: string[]) => unknown;
        const args = sampleArgs(fn);
        const said = fn(...args);
        expect(typeof said, leaf.path).toBe('string');
        for (const arg of args) expect(said, leaf.path).toContain(arg);
        const viFn = leaves(vi).find((l) => l.path === leaf.path)?.value as (...a: never[]) => unknown;
        expect(fn.length, leaf.path).toBe(viFn.length);
      }
    });

    if (lang !== 'vi')
      it(`${lang}: keeps no Vietnamese letter`, () => {
        const texts = own.map((l) => ({
          path: l.path,
          text:
            typeof l.value === 'function'
              ? String((l.value as (...a: string[]) => unknown)(...sampleArgs(l.value as () => unknown)))
              : String(l.value),
        }));
        expect(texts.filter((t) => VIETNAMESE_LETTERS.test(t.text)).map((t) => t.path)).toEqual([]);
      });
  }

  it('marks a Vietnamese fallback in the page language', () => {
    expect(publicStringsOf('vi').fallbackMarker).toBe('');
    expect(publicStringsOf('en').fallbackMarker).toBe('(Vietnamese)');
    expect(publicStringsOf('zh-Hans').fallbackMarker).toBe('(越南语)');
  });
});
