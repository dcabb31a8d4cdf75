import { describe, expect, it } from 'vitest';
import { DL_PRIMARY_KEYS } from '#shared/gs1/ai-syntax.ts';
import {
  buildDigitalLink,
  canonicalDigitalLink,
  type DigitalLinkResult,
  parseDigitalLink,
  parseDigitalLinkPath,
} from '#shared/gs1/digital-link.ts';
import { gs1CheckDigit } from '#shared/gs1/identifiers.ts';
import { type DigitalLinkVectors, readVector } from '#tests/helpers/interop.ts';

const vectors = readVector<DigitalLinkVectors>('digital-link-vectors.json');

/** `path?query` parsed; the verdict as `OK` or `ERROR ai`, the way the cases below read. */
function verdict(uri: string): string {
  const [path, query] = uri.split('?') as [string, string?];
  const r: DigitalLinkResult = parseDigitalLinkPath(path, query === undefined ? '' : `?${query}`);
  return r.ok ? 'OK' : `${r.error}${r.ai ? ` ${r.ai}` : ''}`;
}

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

/**
 * Every primary key of GS1's syntax dictionary (`dlpkey`), with a well-formed value (from GS1's
 * examples and the syntax engine's own tests where they give one) and values the standard refuses:
 * a wrong check digit on every key that has one, a wrong length, a character outside the key's set.
 */
const PRIMARY_KEY_CASES: Record<string, Array<[string, string]>> = {
  '00': [
    ['/00/006141411234567890', 'OK'],
    ['/00/106141411234567897', 'OK'],
    ['/00/006141411234567891', 'BAD_CHECK_DIGIT 00'],
    ['/00/00614141123456789', 'BAD_VALUE 00'],
    ['/00/0061414112345678901', 'BAD_VALUE 00'],
    ['/00/00614141123456789A', 'BAD_VALUE 00'],
  ],
  '01': [
    ['/01/09506000134352', 'OK'],
    ['/01/09520123456788', 'OK'],
    ['/01/09506000134353', 'BAD_CHECK_DIGIT 01'],
    ['/01/9506000134352', 'BAD_GTIN 01'],
    ['/01/0950600013435A', 'BAD_GTIN 01'],
  ],
  '253': [
    ['/253/1231231231232', 'OK'],
    ['/253/1231231231232TEST5678901234567', 'OK'],
    ['/253/1231231231233', 'BAD_CHECK_DIGIT 253'],
    ['/253/1231231231232TEST56789012345678', 'BAD_VALUE 253'],
    ['/253/123123123123', 'BAD_VALUE 253'],
  ],
  '255': [
    ['/255/4012345000115', 'OK'],
    ['/255/4012345000115123456789012', 'OK'],
    ['/255/4012345000116', 'BAD_CHECK_DIGIT 255'],
    ['/255/4012345000115ABC', 'BAD_VALUE 255'],
    ['/255/40123450001151234567890123', 'BAD_VALUE 255'],
  ],
  '401': [
    ['/401/12345678', 'OK'],
    ['/401/9520123ABC-1', 'OK'],
    ['/401/12A45678', 'BAD_VALUE 401'],
    [`/401/1234${'X'.repeat(27)}`, 'BAD_VALUE 401'],
    ['/401/1234%C3%94', 'BAD_VALUE 401'],
  ],
  '402': [
    ['/402/12345678901234560', 'OK'],
    ['/402/12345678901234561', 'BAD_CHECK_DIGIT 402'],
    ['/402/1234567890123456', 'BAD_VALUE 402'],
  ],
  '414': [
    ['/414/9520123456788', 'OK'],
    ['/414/9520123456788/254/32a%2Fb', 'OK'],
    ['/414/9520123456781', 'BAD_CHECK_DIGIT 414'],
    ['/414/952012345678', 'BAD_VALUE 414'],
  ],
  '415': [
    ['/415/9520123456788/8020/ABC123', 'OK'],
    ['/415/9520123456781/8020/ABC123', 'BAD_CHECK_DIGIT 415'],
    // AI 415 requires AI 8020 (req=8020): a payee alone is not a Digital Link.
    ['/415/9520123456788', 'MISSING_AI 415'],
  ],
  '417': [
    ['/417/9520123456788', 'OK'],
    ['/417/9520123456788/7040/1ABC', 'OK'],
    ['/417/9520123456787', 'BAD_CHECK_DIGIT 417'],
    ['/417/9520123456788/7040/1AB!', 'BAD_VALUE 7040'],
  ],
  '8003': [
    ['/8003/01234567890128', 'OK'],
    ['/8003/01234567890128SERIAL-1', 'OK'],
    ['/8003/01234567890129', 'BAD_CHECK_DIGIT 8003'],
    ['/8003/11234567890128', 'BAD_VALUE 8003'],
    [`/8003/01234567890128${'S'.repeat(17)}`, 'BAD_VALUE 8003'],
  ],
  '8004': [
    ['/8004/9520614141234567', 'OK'],
    ['/8004/ABC123', 'BAD_VALUE 8004'],
    [`/8004/9520${'1'.repeat(27)}`, 'BAD_VALUE 8004'],
  ],
  '8006': [
    ['/8006/095060001343520102', 'OK'],
    ['/8006/095060001343520102/10/LOT1', 'OK'],
    ['/8006/095060001343530102', 'BAD_CHECK_DIGIT 8006'],
    ['/8006/095060001343520302', 'BAD_VALUE 8006'],
    ['/8006/09506000134352010', 'BAD_VALUE 8006'],
  ],
  '8010': [
    ['/8010/0614141ABC', 'OK'],
    ['/8010/0614141ABC/8011/123', 'OK'],
    ['/8010/0614141abc', 'BAD_VALUE 8010'],
    ['/8010/0614141ABC/8011/0123', 'BAD_VALUE 8011'],
  ],
  '8013': [
    ['/8013/1987654Ad4X4bL5ttr2310c2K', 'OK'],
    ['/8013/1987654Ad4X4bL5ttr2310cXK', 'BAD_CHECK_DIGIT 8013'],
    ['/8013/1987654Ad4X4bL5ttr2310c2X', 'BAD_CHECK_DIGIT 8013'],
  ],
  '8017': [
    ['/8017/123456789012345675', 'OK'],
    ['/8017/123456789012345675/8019/1', 'OK'],
    ['/8017/123456789012345676', 'BAD_CHECK_DIGIT 8017'],
  ],
  '8018': [
    ['/8018/123456789012345675/8019/123', 'OK'],
    ['/8018/123456789012345674', 'BAD_CHECK_DIGIT 8018'],
    ['/8018/123456789012345675/8019/12345678901', 'BAD_VALUE 8019'],
  ],
};

describe('every GS1 primary key (syntax dictionary dlpkey)', () => {
  it('the cases cover exactly the primary keys of the dictionary', () => {
    expect(Object.keys(PRIMARY_KEY_CASES).sort()).toEqual([...DL_PRIMARY_KEYS].sort());
  });

  it.each(Object.entries(PRIMARY_KEY_CASES))(
    '%s: good values pass, bad check digits and formats are named',
    (_, cases) => {
      for (const [uri, expected] of cases) expect(verdict(uri), uri).toBe(expected);
    },
  );
});

describe('key qualifiers: which the key allows, in their order', () => {
  it.each([
    ['/01/09506000134352/22/V1/10/ABC/21/XYZ', 'OK'],
    ['/01/09506000134352/22/V1/21/XYZ', 'OK'],
    ['/01/09506000134352/235/XYZ', 'OK'],
    ['/01/09506000134352/21/1/10/2', 'QUALIFIER_ORDER'],
    ['/01/09506000134352/10/1/22/2', 'QUALIFIER_ORDER'],
    ['/01/09506000134352/10/1/10/2', 'QUALIFIER_ORDER'],
    // 235 (TPX) is an alternative to 22/10/21, never mixed with them
    ['/01/09506000134352/10/1/235/X', 'QUALIFIER_ORDER'],
    ['/01/09506000134352/235/X/10/1', 'QUALIFIER_ORDER'],
    ['/01/09506000134352/254/X', 'BAD_QUALIFIER 254'],
    // a data attribute is not a qualifier: it belongs in the query string
    ['/01/09506000134352/17/261231', 'BAD_QUALIFIER 17'],
    ['/00/006141411234567890/10/4512', 'BAD_QUALIFIER 10'],
    ['/00/006141411234567890/21/1', 'BAD_QUALIFIER 21'],
    ['/253/1231231231232/10/1', 'BAD_QUALIFIER 10'],
    ['/414/9520123456788/254/1/7040/1ABC', 'QUALIFIER_ORDER'],
    ['/414/9520123456788/7040/1ABC', 'OK'],
    ['/8004/9520614141234567/7040/1ABC', 'OK'],
    ['/8004/9520614141234567/254/1', 'BAD_QUALIFIER 254'],
    ['/8006/095060001343520102/10/L/21/S', 'OK'],
    // The URI syntax lists 22 among ITIP's qualifiers, but the syntax dictionary requires 01 with 22
    // (req=01): GS1's engine refuses it, and so does this parser (a known conflict between the standards).
    ['/8006/095060001343520102/22/V1/10/L', 'MISSING_AI 22'],
    ['/8006/095060001343520102/235/X', 'BAD_QUALIFIER 235'],
    ['/8010/0614141ABC/21/1', 'BAD_QUALIFIER 21'],
    ['/8017/123456789012345675/254/1', 'BAD_QUALIFIER 254'],
    // qualifier values: CSET 82, percent-decoded, within the AI's length
    ['/01/09506000134352/10/AB%2F12', 'OK'],
    ['/01/09506000134352/10/L%C3%B4', 'BAD_VALUE 10'],
    ['/01/09506000134352/10/ABCDEFGHIJKLMNOPQRSTU', 'BAD_VALUE 10'],
    ['/01/09506000134352/10/%E0%A4%A', 'BAD_VALUE 10'],
    ['/01/09506000134352/235/1234567890123456789012345678', 'OK'],
    ['/01/09506000134352/235/12345678901234567890123456789', 'BAD_VALUE 235'],
  ])('%s → %s', (uri, expected) => {
    expect(verdict(uri)).toBe(expected);
  });
});

describe('query-string attributes, checked as GS1 syntax engine checks them', () => {
  const GTIN = '/01/09506000134352';
  const SSCC = '/00/106141411234567897';
  it.each([
    // a known AI with a valid value; non-AI parameters pass through whatever they are
    [`${GTIN}?17=261231&3103=000195&3922=0299`, 'OK'],
    [`${GTIN}?linkType=gs1:pip&context=vn&lang=vi&utm_source=qr&utm_medium=x&foo=bar`, 'OK'],
    [`${GTIN}?singleton&17=261231`, 'OK'],
    [`${GTIN}?&&17=261231&&`, 'OK'],
    [`${GTIN}?17`, 'OK'],
    ['/00/952012345678912345?02=09520123456788&37=25&10=ABC123', 'OK'],
    ['/8004/9520614141234567?01=09520123456788', 'OK'],
    // no such AI: any all-digit parameter is an AI or an error
    [`${GTIN}?999=faux`, 'UNKNOWN_AI 999'],
    [`${GTIN}?89=x`, 'UNKNOWN_AI 89'],
    [`${GTIN}?1=x`, 'UNKNOWN_AI 1'],
    // a key qualifier of the primary key belongs in the path
    [`${GTIN}?10=`, 'QUALIFIER_AS_ATTRIBUTE 10'],
    [`${GTIN}?10=ABC`, 'QUALIFIER_AS_ATTRIBUTE 10'],
    [`${GTIN}?21=1`, 'QUALIFIER_AS_ATTRIBUTE 21'],
    [`${GTIN}?22=V1`, 'QUALIFIER_AS_ATTRIBUTE 22'],
    ['/414/9520123456788?254=1', 'QUALIFIER_AS_ATTRIBUTE 254'],
    // an AI the dictionary does not flag as a data attribute
    [`${SSCC}?8020=ABC`, 'NOT_AN_ATTRIBUTE 8020'],
    [`${GTIN}?8200=https%3A%2F%2Fexample.com`, 'NOT_AN_ATTRIBUTE 8200'],
    // each AI once, in the path or the query
    [`${GTIN}?17=261231&17=261231`, 'DUPLICATE_AI 17'],
    [`${GTIN}?17=261231&15=261130&17=270101`, 'DUPLICATE_AI 17'],
    [`${GTIN}?01=09506000134352`, 'DUPLICATE_AI 01'],
    // length
    [`${SSCC}?99=${'x'.repeat(90)}`, 'OK'],
    [`${SSCC}?99=${'x'.repeat(91)}`, 'BAD_VALUE 99'],
    [`${GTIN}?17=26123`, 'BAD_VALUE 17'],
    [`${GTIN}?17=2612310`, 'BAD_VALUE 17'],
    [`${GTIN}?3103=00019`, 'BAD_VALUE 3103'],
    // character sets: N, X (CSET 82), Y (CSET 39), Z (base64url)
    [`${GTIN}?3103=00019A`, 'BAD_VALUE 3103'],
    [`${GTIN}?240=L%C3%B4`, 'BAD_VALUE 240'],
    [`${GTIN}?240=A%20B`, 'BAD_VALUE 240'],
    [`${GTIN}?240=A+B`, 'BAD_VALUE 240'],
    [`${GTIN}?21=1&8030=AbC-_0=`, 'QUALIFIER_AS_ATTRIBUTE 21'],
    [`${GTIN}?8030=AbC-_0%3D`, 'MISSING_AI 8030'],
    ['/01/09506000134352/21/1?8030=AbC-_0%3D', 'OK'],
    ['/01/09506000134352/21/1?8030=AbC%2B0', 'BAD_VALUE 8030'],
    // check digits of AIs in the query
    ['/8004/9520614141234567?01=09520123456789', 'BAD_CHECK_DIGIT 01'],
    [`${SSCC}?02=09520123456788&37=5&410=9520123456781`, 'BAD_CHECK_DIGIT 410'],
    // dates YYMMDD (DD 00: end of the month where the AI allows it) and times
    [`${GTIN}?17=261331`, 'BAD_DATE 17'],
    [`${GTIN}?17=260230`, 'BAD_DATE 17'],
    [`${GTIN}?17=280229`, 'OK'],
    [`${GTIN}?17=270229`, 'BAD_DATE 17'],
    [`${GTIN}?17=261200`, 'OK'],
    [`${GTIN}?7006=261200`, 'BAD_DATE 7006'],
    [`${GTIN}?7003=2612312359`, 'OK'],
    [`${GTIN}?7003=2612312460`, 'BAD_DATE 7003'],
    // flags: 0 or 1
    [`${SSCC}?4321=1`, 'OK'],
    [`${SSCC}?4321=0`, 'OK'],
    [`${SSCC}?4321=2`, 'BAD_FLAG 4321'],
    // pairings of the dictionary: req= and ex=
    [`${GTIN}?4321=1`, 'MISSING_AI 4321'],
    [`${GTIN}?37=5`, 'EXCLUDED_AI 01'],
    [`${GTIN}?3103=000195&3102=001950`, 'EXCLUDED_AI 3103'],
    // a value that does not decode
    [`${GTIN}?17=%E0%A4%A`, 'BAD_VALUE 17'],
  ])('%s → %s', (uri, expected) => {
    expect(verdict(uri)).toBe(expected);
  });

  it('reads at most 64 AIs in one link, path and query together, before checking their pairings', () => {
    // AIs a GTIN may carry together: one measure of each group (3100-3105 exclude each other), 91-99, 710-716.
    const groups = [
      [310, 316],
      [320, 329],
      [330, 337],
      [340, 349],
      [350, 357],
      [360, 369],
    ];
    const measures = groups.flatMap(([a, b]) => Array.from({ length: b! - a! + 1 }, (_, i) => `${a! + i}0`));
    const ais = [
      ...measures,
      '91',
      '92',
      '93',
      '94',
      '95',
      '96',
      '97',
      '98',
      '99',
      '710',
      '711',
      '712',
      '713',
      '714',
    ];
    expect(ais).toHaveLength(67);
    const query = (n: number) =>
      ais
        .slice(0, n)
        .map((ai) => `${ai}=${ai.length === 4 ? '000100' : 'AB1'}`)
        .join('&');
    expect(verdict(`/01/09506000134352?${query(63)}`)).toBe('OK');
    expect(verdict(`/01/09506000134352?${query(64)}`)).toBe('TOO_MANY_AIS');
  });

  it('keeps the attributes and the other parameters apart, in query order, decoded', () => {
    const parsed = parseDigitalLinkPath(
      '/01/09506000134352',
      '?utm_source=q%20r&17=261231&linkType=gs1:pip&99=A%2FB',
    );
    expect(parsed.ok && [parsed.link.attributes, parsed.link.params]).toEqual([
      [
        ['17', '261231'],
        ['99', 'A/B'],
      ],
      [
        ['utm_source', 'q r'],
        ['linkType', 'gs1:pip'],
      ],
    ]);
  });
});

describe('GS1 syntax engine vectors (gs1/gs1-syntax-engine, src/c-lib/dl.c, test_dl_parseDLuri)', () => {
  it.each([
    'http://a/00/006141411234567890',
    'https://a/stem/00/006141411234567890',
    'https://a/more/stem/00/006141411234567890',
    'https://a/00/faux/00/006141411234567890',
    'https://a/01/12312312312333/22/TEST/10/ABC/21/XYZ',
    'https://a/01/12312312312333/235/TEST',
    'https://a/253/1231231231232TEST5678901234567',
    'https://a/8018/123456789012345675/8019/123',
    'https://a/stem/00/006141411234567890?',
    'https://a/stem/00/006141411234567890?99=ABC',
    'https://a/stem/401/12345678?99=ABC',
    'https://a/01/12312312312333?99=ABC&98=XYZ',
    'https://a/01/12312312312333?&&&99=ABC&&&&&&98=XYZ&&&',
    'https://a/01/12312312312333?unknown1=555&99=ABC&unknown2=666&98=XYZ&unknown3=777',
    'https://a/01/12312312312333?singleton1&99=ABC&singleton2&98=XYZ&singleton3',
    'https://a/01/12312312312333/22/ABC%2d123?99=ABC&98=XYZ%2f987',
    'https://a/01/12312312312333/22/test/10/abc/21/xyz#fragment',
    'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426',
    'https://example.com/01/09520123456788?3103=000195&3922=0299&17=201225',
    'https://id.gs1.org/00/952012345678912345?02=09520123456788&37=25&10=ABC123',
    'https://id.gs1.org/414/9520123456788/254/32a%2Fb',
  ])('accepts %s', (uri) => {
    expect(parseDigitalLink(uri).ok).toBe(true);
  });

  it.each([
    'ftp://a/00/006141411234567890',
    'http://a/',
    'https://a/253/1231231231232TEST56789012345678',
    'https://a/01/12312312312333?99=ABC&999=faux',
    'https://example.com/01/09520123456788/89/ABC123?99=XYZ',
    'https://example.com/01/09520123456788?99=XYZ&89=ABC123',
  ])('refuses %s', (uri) => {
    expect(parseDigitalLink(uri).ok).toBe(false);
  });

  it('holds a GTIN to 14 digits where the engine pads a GTIN-13 (decision 130: gtin-value = 14DIGIT)', () => {
    expect(parseDigitalLink('https://example.com/8004/9520614141234567?01=9520123456788')).toEqual({
      ok: false,
      error: 'BAD_GTIN',
      ai: '01',
    });
    expect(parseDigitalLink('https://example.com/8004/9520614141234567?01=09520123456788').ok).toBe(true);
  });

  it('finds the primary key from the end, as the engine does: anything before it is the stem', () => {
    const parsed = parseDigitalLink('https://a/00/faux/00/006141411234567890');
    expect(parsed.ok && [parsed.link.base, parsed.link.primary, parsed.link.value]).toEqual([
      'https://a/00/faux',
      '00',
      '006141411234567890',
    ]);
  });
});

describe('what is not a Digital Link', () => {
  it.each([
    ['/gtin/9506000134352', 'SHORT_NAME'],
    ['/GTIN/09506000134352', 'SHORT_NAME'],
    ['/sscc/106141411234567897', 'SHORT_NAME'],
    ['/01/09506000134352/lot/ABC', 'SHORT_NAME'],
    ['/01/09506000134352/foo', 'NO_PRIMARY_KEY'],
    ['/01', 'NO_PRIMARY_KEY'],
    ['/01/', 'NO_PRIMARY_KEY'],
    ['/01/09506000134352/10/', 'NO_PRIMARY_KEY'],
    ['/01//10/ABC', 'BAD_VALUE 01'],
    ['/products/1', 'NO_PRIMARY_KEY'],
    // names of Object.prototype are no AI: read as data, never as the table's own members
    ['/01/__proto__/x', 'NO_PRIMARY_KEY'],
    ['/__proto__/1', 'NO_PRIMARY_KEY'],
    ['/constructor/1', 'NO_PRIMARY_KEY'],
    ['/01/09506000134352/__proto__/1', 'NO_PRIMARY_KEY'],
    ['/01/09506000134352?__proto__=1&constructor=2&toString', 'OK'],
  ])('%s → %s', (uri, expected) => {
    expect(verdict(uri)).toBe(expected);
  });

  it('refuses other schemes', () => {
    expect(parseDigitalLink('ftp://x/01/09506000134352')).toEqual({ ok: false, error: 'NOT_A_URI' });
    expect(parseDigitalLink('not a uri')).toEqual({ ok: false, error: 'NOT_A_URI' });
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

  it('names of Object.prototype are no primary key and no qualifier, wherever they stand', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(parseDigitalLinkPath(`/01/${name}/x`, '').ok, name).toBe(false);
      expect(parseDigitalLinkPath(`/${name}/1`, '').ok, name).toBe(false);
      expect(parseDigitalLinkPath(`/01/09506000134352/${name}/1`, '').ok, name).toBe(false);
      expect(parseDigitalLinkPath(`/01/09506000134352`, `?${name}=1`).ok, name).toBe(true);
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
