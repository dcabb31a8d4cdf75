import { describe, expect, it } from 'vitest';
import {
  buildDigitalLink,
  canonicalDigitalLink,
  isValidGs1Date,
  parseDigitalLink,
  parseDigitalLinkPath,
} from '#shared/gs1/digital-link.ts';
import { gs1CheckDigit } from '#shared/gs1/identifiers.ts';
import { type DigitalLinkVectors, readInterop } from '#tests/helpers/interop.ts';

const vectors = readInterop<DigitalLinkVectors>('vectors', 'digital-link-vectors.json');

describe('GS1 check digits', () => {
  it.each(vectors.gtinCheckDigit)('$gtin ends with check digit $check', ({ body, check, gtin }) => {
    expect(gs1CheckDigit(body)).toBe(Number(check));
    expect(`${body}${check}`).toBe(gtin);
  });
});

describe('Digital Link vectors', () => {
  it.each(vectors.valid)('accepts %s', (uri) => {
    const parsed = parseDigitalLink(uri);
    expect(parsed.ok).toBe(true);
  });

  it.each(vectors.invalid)('refuses $uri ($why)', ({ uri }) => {
    expect(parseDigitalLink(uri).ok).toBe(false);
  });

  // Where digital-link.js and the standard disagree, the standard's verdict holds (decision 130). The
  // vectors word the standard's verdict in prose; read here as: valid unless it says invalid or 14DIGIT.
  it.each(vectors.libraryGaps)('follows the standard on $uri', ({ uri, spec }) => {
    const standardSaysValid = !/invalid|14DIGIT/.test(spec);
    expect(parseDigitalLink(uri).ok).toBe(standardSaysValid);
  });

  it('reads the four gaps as the standard does', () => {
    expect(vectors.libraryGaps.map((g) => [g.uri, parseDigitalLink(g.uri).ok])).toEqual([
      ['https://id.gs1.org/01/09506000134352?17=261331', false],
      ['https://id.gs1.org/01/09506000134352/235/XYZ', true],
      ['https://id.gs1.org/01/9506000134352', false],
      ['HTTPS://ID.GS1.ORG/01/09506000134352', true],
    ]);
  });
});

describe('parsing', () => {
  it('reads the key, qualifiers in order, data attributes and other parameters', () => {
    const parsed = parseDigitalLink(
      'https://trace.example.vn/dl/01/09506000134352/22/V1/10/AB%2F12/21/7?17=261231&linkType=gs1:pip',
    );
    expect(parsed).toEqual({
      ok: true,
      link: {
        base: 'https://trace.example.vn/dl',
        primary: '01',
        value: '09506000134352',
        qualifiers: [
          ['22', 'V1'],
          ['10', 'AB/12'],
          ['21', '7'],
        ],
        attributes: [['17', '261231']],
        params: [['linkType', 'gs1:pip']],
      },
    });
  });

  it('names each refusal', () => {
    expect(parseDigitalLinkPath('/01/9506000134352', '')).toEqual({ ok: false, error: 'BAD_GTIN' });
    expect(parseDigitalLinkPath('/01/09506000134353', '')).toEqual({ ok: false, error: 'BAD_CHECK_DIGIT' });
    expect(parseDigitalLinkPath('/01/09506000134352/21/1/10/2', '')).toEqual({
      ok: false,
      error: 'QUALIFIER_ORDER',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/10/1/10/2', '')).toEqual({
      ok: false,
      error: 'QUALIFIER_ORDER',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/235/X/10/1', '')).toEqual({
      ok: false,
      error: 'QUALIFIER_ORDER',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/99/1', '')).toEqual({
      ok: false,
      error: 'BAD_QUALIFIER',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/10/%E0%A4%A', '')).toEqual({
      ok: false,
      error: 'BAD_VALUE',
    });
    expect(parseDigitalLinkPath('/01/09506000134352/10/', '')).toEqual({
      ok: false,
      error: 'NO_PRIMARY_KEY',
    });
    expect(parseDigitalLinkPath('/01/09506000134352', '?17=260230')).toEqual({
      ok: false,
      error: 'BAD_ATTRIBUTE',
    });
    expect(parseDigitalLinkPath('/products/1', '')).toEqual({ ok: false, error: 'NO_PRIMARY_KEY' });
    expect(parseDigitalLink('ftp://x/01/09506000134352')).toEqual({ ok: false, error: 'NOT_A_URI' });
  });

  it('checks N6 dates, day 00 meaning the end of the month', () => {
    expect(isValidGs1Date('261231')).toBe(true);
    expect(isValidGs1Date('261200')).toBe(true);
    expect(isValidGs1Date('280229')).toBe(true);
    expect(isValidGs1Date('270229')).toBe(false);
    expect(isValidGs1Date('261331')).toBe(false);
    expect(isValidGs1Date('260431')).toBe(false);
    expect(isValidGs1Date('26123')).toBe(false);
  });

  it('names of Object.prototype are no primary key and no qualifier, wherever they stand', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(parseDigitalLinkPath(`/01/${name}/x`, ''), name).toEqual({ ok: false, error: 'NO_PRIMARY_KEY' });
      expect(parseDigitalLinkPath(`/01/${name}/1`, ''), name).toEqual({ ok: false, error: 'NO_PRIMARY_KEY' });
      expect(parseDigitalLinkPath(`/${name}/1`, ''), name).toEqual({ ok: false, error: 'NO_PRIMARY_KEY' });
      expect(parseDigitalLinkPath(`/01/09506000134352/${name}/1`, '').ok, name).toBe(false);
    }
  });
});

describe('building', () => {
  it('writes qualifiers in the grammar order, percent-encoded, and parses back', () => {
    const uri = buildDigitalLink(
      'https://trace.example.vn/',
      { gtin: '09506000134352', serial: 'S 1', lot: 'A/B', cpv: 'V1' },
      [['17', '261231']],
    );
    expect(uri).toBe('https://trace.example.vn/01/09506000134352/22/V1/10/A%2FB/21/S%201?17=261231');
    const parsed = parseDigitalLink(uri.replace('S%201', 'S1'));
    expect(parsed.ok && canonicalDigitalLink(parsed.link)).toBe(
      'https://trace.example.vn/01/09506000134352/22/V1/10/A%2FB/21/S1',
    );
  });

  it('every valid vector rebuilds to its own path without the trailing slash or query', () => {
    for (const uri of vectors.valid) {
      const parsed = parseDigitalLink(uri);
      if (!parsed.ok) throw new Error(uri);
      expect(canonicalDigitalLink(parsed.link)).toBe(uri.replace(/\?.*$/, '').replace(/\/$/, ''));
    }
  });
});
