import { describe, expect, it } from 'vitest';
import { epcUriOf, type Gs1Key, gs1KeyOf, parseEpcUri } from '#shared/gs1/epc-uri.ts';

const key = (ai: string, value: string, ...qualifiers: Array<[string, string]>): Gs1Key => ({
  ai,
  value,
  qualifiers,
});

/**
 * EPC URIs and the GS1 keys they name. The first ones are the pairs GS1's event hash reference
 * implementation converts (tests/fixtures/interop/epcis/event-hash/expected.json); the GTIN-13 ones are
 * written from the Tag Data Standard for GS1's example GTIN 9506000134352 (company prefix 9506000).
 */
const VECTORS: Array<[uri: string, key: Gs1Key]> = [
  ['urn:epc:id:sgtin:0614141.107346.2018', key('01', '10614141073464', ['21', '2018'])],
  ['urn:epc:id:sgtin:4012345.011111.9876', key('01', '04012345111118', ['21', '9876'])],
  ['urn:epc:class:lgtin:4012345.012345.998877', key('01', '04012345123456', ['10', '998877'])],
  ['urn:epc:idpat:sgtin:4012345.066666.*', key('01', '04012345666663')],
  ['urn:epc:id:sscc:0614141.1234567890', key('00', '106141412345678908')],
  ['urn:epc:id:sgln:0012345.11111.400', key('414', '0012345111112', ['254', '400'])],
  ['urn:epc:id:sgln:4012345.00011.0', key('414', '4012345000115')],
  ['urn:epc:id:pgln:4012345.00225', key('417', '4012345002256')],
  ['urn:epc:id:gdti:0614141.00001.1618034', key('253', '06141410000121618034')],
  ['urn:epc:id:gsrn:0614141.0000010253', key('8018', '061414100000102534')],
  ['urn:epc:id:giai:4000001.111', key('8004', '4000001111')],
  ['urn:epc:id:sgtin:9506000.013435.1001', key('01', '09506000134352', ['21', '1001'])],
  ['urn:epc:class:lgtin:9506000.013435.LOT2405', key('01', '09506000134352', ['10', 'LOT2405'])],
  // The same GTIN split after a 9-digit company prefix.
  ['urn:epc:class:lgtin:950600013.0435.LOT2405', key('01', '09506000134352', ['10', 'LOT2405'])],
  // TDS escapes: '/' is %2F in a URI part.
  ['urn:epc:class:lgtin:9506000.013435.LOT%2F24', key('01', '09506000134352', ['10', 'LOT/24'])],
];

describe('EPC URIs and GS1 keys', () => {
  it.each(VECTORS)('%s names its GS1 key', (uri, expected) => {
    expect(parseEpcUri(uri)).toMatchObject(expected);
  });

  it.each(VECTORS.filter(([uri]) => /sgtin|lgtin|sgln/.test(uri)))(
    '%s is written back from its key and the company prefix length',
    (uri) => {
      const parsed = parseEpcUri(uri);
      if (!parsed) throw new Error(uri);
      expect(epcUriOf(parsed, parsed.companyPrefixLength)).toBe(uri);
    },
  );

  it('knows the company prefix length from the dot, and a pattern from its wildcard', () => {
    expect(parseEpcUri('urn:epc:class:lgtin:950600013.0435.LOT2405')).toMatchObject({
      scheme: 'lgtin',
      pattern: false,
      companyPrefixLength: 9,
    });
    expect(parseEpcUri('urn:epc:idpat:sgtin:9506000.013435.*')).toMatchObject({
      pattern: true,
      qualifiers: [],
    });
  });

  it.each([
    ['a reference one digit short', 'urn:epc:id:sgtin:0614141.12345.400'],
    ['a 5-digit company prefix', 'urn:epc:id:sgtin:06141.41123451.400'],
    ['no serial', 'urn:epc:id:sgtin:0614141.112345'],
    ['a broken escape', 'urn:epc:id:sgtin:0614141.112345.4%ZZ'],
    ['a pattern with a serial', 'urn:epc:idpat:sgtin:0614141.112345.400'],
    ['a company-wide pattern (no GTIN)', 'urn:epc:idpat:sgtin:0614141.*.*'],
    ['a coupon serial that is not digits', 'urn:epc:id:sgcn:4012345.67890.A1'],
    ['an unknown scheme', 'urn:epc:id:foo:0614141.112345.400'],
    ['a Digital Link', 'https://id.gs1.org/01/09506000134352'],
  ])('refuses %s', (_why, uri) => {
    expect(parseEpcUri(uri)).toBeNull();
  });

  it('writes LGTIN, SGTIN, SGTIN patterns and SGLNs, escaping what a URI part may not carry', () => {
    expect(epcUriOf(key('01', '09506000134352', ['10', 'LOT/24']), 7)).toBe(
      'urn:epc:class:lgtin:9506000.013435.LOT%2F24',
    );
    expect(epcUriOf(key('01', '09506000134352'), 9)).toBe('urn:epc:idpat:sgtin:950600013.0435.*');
    expect(epcUriOf(key('414', '8930000000019'), 6)).toBe('urn:epc:id:sgln:893000.000001.0');
    expect(epcUriOf(key('00', '106141412345678908'), 7)).toBeNull();
    expect(epcUriOf(key('01', '09506000134352'), 13)).toBeNull();
  });

  it('reads the same key from a Digital Link on any host and from an EPC URI', () => {
    const lot = key('01', '09506000134352', ['10', 'LOT2405']);
    expect(gs1KeyOf('https://id.gs1.org/01/09506000134352/10/LOT2405')).toEqual(lot);
    expect(gs1KeyOf('https://truyxuat.example.vn/01/09506000134352/10/LOT2405?17=261231')).toEqual(lot);
    expect(gs1KeyOf('urn:epc:class:lgtin:9506000.013435.LOT2405')).toEqual(lot);
    expect(gs1KeyOf('urn:epc:id:sgln:893000.000001.0')).toEqual(key('414', '8930000000019'));
    expect(gs1KeyOf('https://example.vn/farm/1')).toBeNull();
    expect(gs1KeyOf('https://id.gs1.org/01/09506000134353')).toBeNull();
  });
});
