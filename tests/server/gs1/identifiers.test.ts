import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gs1CheckDigit,
  gtinProblem,
  isValidGln,
  isValidLotCode,
  isValidTaxCode,
  taxCodeProblem,
  normalizeGtin,
} from '#shared/gs1/identifiers.ts';
import { readVector } from '#tests/helpers/interop.ts';

/** Vectors observed with digital-link.js and GS1's own examples (copied from the interop kit). */
const vectors = readVector<{
  gtinCheckDigit: { body: string; check: string; gtin: string }[];
  valid: string[];
  invalid: { uri: string; why: string }[];
}>('digital-link-vectors.json');

describe('gs1CheckDigit', () => {
  it.each(vectors.gtinCheckDigit)('$body → $check', ({ body, check, gtin }) => {
    expect(gs1CheckDigit(body)).toBe(Number(check));
    expect(normalizeGtin(gtin)).toBe(gtin.padStart(14, '0'));
  });

  it('matches GS1 examples of every length', () => {
    expect(gs1CheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('893000000001')).toBe(9); // the demo product's GTIN-13
    expect(gs1CheckDigit('1234567890')).toBe(5);
  });

  it('refuses non-digits', () => {
    expect(() => gs1CheckDigit('12a')).toThrow(RangeError);
  });

  it('catches every single-digit error', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{13}$/),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const gtin = `${body}${gs1CheckDigit(body)}`;
          const changed = `${gtin.slice(0, at)}${(Number(gtin[at]) + delta) % 10}${gtin.slice(at + 1)}`;
          expect(normalizeGtin(gtin)).toBe(gtin);
          expect(normalizeGtin(changed)).toBeNull();
        },
      ),
    );
  });
});

describe('normalizeGtin', () => {
  it('pads GTIN-8, -12 and -13 to 14 digits', () => {
    expect(normalizeGtin('96385074')).toBe('00000096385074');
    expect(normalizeGtin('036000291452')).toBe('00036000291452');
    expect(normalizeGtin('8930000000019')).toBe('08930000000019');
    expect(normalizeGtin(' 08930000000019 ')).toBe('08930000000019');
  });

  it('says why a GTIN is refused', () => {
    expect(gtinProblem('8930000000018')).toBe('checkDigit');
    expect(gtinProblem('893000000001')).toBe('checkDigit'); // a GTIN-12 whose last digit is wrong
    expect(gtinProblem('12345')).toBe('length');
    expect(gtinProblem('893-0000000019')).toBe('format');
    expect(normalizeGtin('')).toBeNull();
  });

  it('refuses the GTINs of the invalid vectors with a bad check digit', () => {
    for (const { uri } of vectors.invalid.filter((v) => v.why === 'bad check digit')) {
      const gtin = /\/01\/(\d+)/.exec(uri)?.[1] ?? '';
      expect(normalizeGtin(gtin), uri).toBeNull();
    }
  });

  it('accepts the GTINs of the valid vectors', () => {
    for (const uri of vectors.valid) {
      const gtin = /\/01\/(\d+)/.exec(uri)?.[1] ?? '';
      expect(normalizeGtin(gtin), uri).toBe(gtin);
    }
  });
});

describe('isValidLotCode', () => {
  it('takes 1-20 characters of set 82', () => {
    expect(isValidLotCode('L2405A')).toBe(true);
    expect(isValidLotCode('ABC-123/4_x.%')).toBe(true);
    expect(isValidLotCode('ABCDEFGHIJKLMNOPQRST')).toBe(true);
  });

  it('refuses diacritics, spaces, empty and long codes (the invalid vectors)', () => {
    expect(isValidLotCode('ABCDEFGHIJKLMNOPQRSTU')).toBe(false);
    expect(isValidLotCode('Lô')).toBe(false);
    expect(isValidLotCode('L 1')).toBe(false);
    expect(isValidLotCode('L#1')).toBe(false);
    expect(isValidLotCode('')).toBe(false);
    for (const { uri } of vectors.invalid.filter((v) => v.why.includes('lot'))) {
      const lot = decodeURIComponent(/\/10\/([^/?]+)/.exec(uri)?.[1] ?? '');
      expect(isValidLotCode(lot), uri).toBe(false);
    }
  });
});

describe('isValidGln and isValidTaxCode', () => {
  it('checks a GLN', () => {
    expect(isValidGln('8930000000002')).toBe(true);
    expect(isValidGln('8930000000003')).toBe(false);
    expect(isValidGln('893000000000')).toBe(false);
  });

  it('checks a tax code, its check digit included (decision 200)', () => {
    expect(isValidTaxCode('0100233488')).toBe(true);
    expect(isValidTaxCode('0314409058-002')).toBe(true);
    expect(isValidTaxCode(' 0312687878 ')).toBe(true);
    expect(taxCodeProblem('0100233480')).toBe('checkDigit');
    expect(taxCodeProblem('0101234567')).toBe('checkDigit');
    expect(taxCodeProblem('010123456')).toBe('format');
    expect(taxCodeProblem('0101234565-1')).toBe('format');
    expect(taxCodeProblem('0314409058-000')).toBe('format');
    expect(taxCodeProblem('0100000000')).toBe('format');
    expect(taxCodeProblem('01002334880')).toBe('format');
  });
});
