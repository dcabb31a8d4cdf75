import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DICTIONARY_TEXT, parseDictionary } from '#scripts/gs1/ai-dictionary.ts';
import { AI_DICTIONARY } from '#shared/gs1/ai-dictionary.ts';
import {
  AI_RULES,
  aiValueProblem,
  DL_PRIMARY_KEYS,
  matchesAiPattern,
  pairingProblem,
} from '#shared/gs1/ai-syntax.ts';

const text = readFileSync(DICTIONARY_TEXT, 'utf8');
const problem = (ai: string, value: string) => aiValueProblem(AI_RULES.get(ai)!, value);

describe('the AI table is generated from GS1 syntax dictionary text, not typed by hand (decision 190)', () => {
  it('the committed table is what the generator reads in the committed text', () => {
    expect(AI_DICTIONARY).toEqual(parseDictionary(text));
  });

  it('the text is GS1 dictionary under its Apache 2.0 notice, whole', () => {
    expect(text).toContain('# GS1 Barcode Syntax Dictionary');
    expect(text).toContain('Licensed under the Apache License, Version 2.0');
    // The copy's length is the one stored upstream (github.com/gs1/gs1-syntax-dictionary, commit f7e477f).
    expect([...text].length).toBe(29483);
    expect(AI_DICTIONARY).toHaveLength(219);
  });

  it('expands ranges and reads flags, components and attributes', () => {
    expect(AI_RULES.size).toBeGreaterThan(500);
    expect(['3100', '3105', '91', '99'].every((ai) => AI_RULES.has(ai))).toBe(true);
    expect(AI_RULES.has('3106')).toBe(false);
    expect(AI_RULES.get('17')).toMatchObject({
      dataAttribute: true,
      requires: [[['01'], ['02'], ['03'], ['255'], ['8006'], ['8026']]],
    });
    expect(AI_RULES.get('21')).toMatchObject({ dataAttribute: false, excludes: ['235'] });
    expect(AI_RULES.get('01')?.keyQualifiers).toEqual([['22', '10', '21'], ['235']]);
    expect(AI_RULES.get('414')?.keyQualifiers).toEqual([['254'], ['7040']]);
    expect(AI_RULES.get('00')?.keyQualifiers).toEqual([[]]);
    expect(AI_RULES.get('8030')?.requires).toEqual([
      [
        ['00'],
        ['01', '21'],
        ['253'],
        ['255'],
        ['8003'],
        ['8004'],
        ['8006', '21'],
        ['8010', '8011'],
        ['8017'],
        ['8018'],
      ],
    ]);
    expect(DL_PRIMARY_KEYS).toEqual([
      '00',
      '01',
      '253',
      '255',
      '401',
      '402',
      '414',
      '415',
      '417',
      '8003',
      '8004',
      '8006',
      '8010',
      '8013',
      '8017',
      '8018',
    ]);
  });

  it('has no member named like an Object.prototype property', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(AI_RULES.get(name)).toBeUndefined();
  });
});

describe('values, component by component', () => {
  it.each([
    // fixed and variable lengths
    ['00', '106141411234567897', null],
    ['00', '10614141123456789', 'LENGTH'],
    ['10', '', 'LENGTH'],
    ['10', 'A'.repeat(20), null],
    ['10', 'A'.repeat(21), 'LENGTH'],
    ['99', 'x'.repeat(90), null],
    ['99', 'x'.repeat(91), 'LENGTH'],
    // optional trailing components: present or not, each within its own length
    ['253', '1231231231232', null],
    ['253', `1231231231232${'A'.repeat(17)}`, null],
    ['253', `1231231231232${'A'.repeat(18)}`, 'LENGTH'],
    ['4330', '001234', null],
    ['4330', '001234-', null],
    ['4330', '001234+', 'CONTENT'],
    ['7007', '261231', null],
    ['7007', '261231270101', null],
    ['7007', '26123127010', 'LENGTH'],
    // character sets
    ['3103', '00019A', 'CHARSET'],
    ['10', 'Lô', 'CHARSET'],
    ['10', 'A B', 'CHARSET'],
    ['10', `!"%&'()*+,-./:;<=>?_`, null],
    ['8010', '0614141#-/AZ', null],
    ['8010', '0614141a', 'CHARSET'],
    ['8030', 'AbC-_09=', null],
    ['8030', 'AbC+/', 'CHARSET'],
    // check digits: GS1 mod 10, and the alphanumeric check pair (GS1 syntax dictionary lint_csumalpha vectors)
    ['01', '09506000134352', null],
    ['01', '09506000134353', 'CHECK_DIGIT'],
    ['8013', '1987654Ad4X4bL5ttr2310c2K', null],
    ['8013', '12345678901234567890123NT', null],
    ['8013', '12345_ABCDEFGHIJKLMCP', null],
    ['8013', '1987654Ad4X4bL5ttr2310cXK', 'CHECK_DIGIT'],
    ['8013', '1987654Ad4X4bL5ttr2310c2X', 'CHECK_DIGIT'],
    // a GS1 Company Prefix starts a key
    ['401', '1234ABC', null],
    ['401', '123ABC', 'CONTENT'],
    // dates and times
    ['17', '261231', null],
    ['17', '261200', null],
    ['17', '000229', null],
    ['17', '010229', 'DATE'],
    ['17', '261301', 'DATE'],
    ['7006', '261200', 'DATE'],
    ['7250', '20000229', null],
    ['7250', '20260229', 'DATE'],
    ['8008', '26123123', null],
    ['8008', '26123124', 'DATE'],
    ['8008', '2612312359', null],
    ['8008', '2612312360', 'DATE'],
    ['4324', '2612312400', 'DATE'],
    // flags and small enumerations
    ['4321', '1', null],
    ['4321', '2', 'FLAG'],
    ['7252', '9', null],
    ['7252', '3', 'CONTENT'],
    ['7241', '10', null],
    ['7241', '11', 'CONTENT'],
    ['7241', '80', null],
    ['8001', '12345678901291', null],
    ['8001', '12345678901251', 'CONTENT'],
    ['8001', '00005678901291', 'CONTENT'],
    ['8006', '095060001343520202', null],
    ['8006', '095060001343520302', 'CONTENT'],
    ['8006', '095060001343520002', 'CONTENT'],
    ['7258', '1/2', null],
    ['7258', '3/2', 'CONTENT'],
    ['8011', '0', null],
    ['8011', '012', 'CONTENT'],
    ['8014', '1987654Ad4X4bL5ttr2310c2K', null],
    // a MUDI must hold a letter or a symbol: all digits (with a right check pair) is a GMN's shape only
    ['8013', '109999822', null],
    ['8014', '109999822', 'CONTENT'],
    ['4300', 'A%20B', null],
    ['4300', 'A%2', 'CONTENT'],
    ['4309', '18000000003600000000', null],
    ['4309', '18000000013600000000', 'CONTENT'],
    ['8007', 'GB82WEST12345698765432', null],
    ['8007', 'GB82WEST12345698765433', 'CONTENT'],
    ['7040', '1A-_', null],
    ['7040', '1AB!', 'CONTENT'],
    ['8003', '01234567890128', null],
    ['8003', '11234567890128', 'CONTENT'],
  ])('AI (%s) %s → %s', (ai, value, expected) => {
    expect(problem(ai, value)).toBe(expected);
  });

  it('holds a value to its length and set where the check is a code list it does not carry', () => {
    expect(problem('422', '704')).toBeNull();
    expect(problem('422', '70')).toBe('LENGTH');
    expect(problem('4307', 'VN')).toBeNull();
    expect(problem('4307', 'V')).toBe('LENGTH');
  });
});

describe('pairings of AIs (req= and ex=)', () => {
  it('reads patterns with n for any digit', () => {
    expect(matchesAiPattern('310n', '3103')).toBe(true);
    expect(matchesAiPattern('31nn', '3125')).toBe(true);
    expect(matchesAiPattern('310n', '3113')).toBe(false);
    expect(matchesAiPattern('01', '011')).toBe(false);
  });

  it.each([
    [['01', '17'], null],
    [['00', '17'], { ai: '17', problem: 'REQUIRES' }],
    [['00', '02', '37', '10'], null],
    [['01', '21', '250'], null],
    [['01', '250'], { ai: '250', problem: 'REQUIRES' }],
    [['8006', '250'], { ai: '250', problem: 'REQUIRES' }],
    [['01', '37'], { ai: '01', problem: 'EXCLUDES' }],
    [['01', '3103', '3102'], { ai: '3103', problem: 'EXCLUDES' }],
    [['01', '3103'], null],
    [['01', '8030'], { ai: '8030', problem: 'REQUIRES' }],
    [['01', '21', '8030'], null],
    [['415', '8020'], null],
    [['415'], { ai: '415', problem: 'REQUIRES' }],
  ])('%j → %j', (ais, expected) => {
    expect(pairingProblem(ais)).toEqual(expected);
  });
});
