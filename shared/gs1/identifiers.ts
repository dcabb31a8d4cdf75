/**
 * GS1 identifiers as this app stores them (decision 125): GTIN (AI 01) always as 14 digits, GLN
 * (AI 414) as 13, lot codes (AI 10) in the AI encodable character set 82, and the Vietnamese tax
 * code (MST) of a company. Pure functions: the server validates with them and the client checks
 * as the user types.
 */

/** GS1 mod-10 check digit of the digits before it: weights 3,1,3,1… from the right. */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  if (!/^\d+$/.test(digitsWithoutCheck)) throw new RangeError('gs1CheckDigit: digits only');
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of `digits` is the GS1 check digit of the others. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Why a GTIN is refused, or null when it is valid. */
export type GtinProblem = 'format' | 'length' | 'checkDigit';

export function gtinProblem(input: string): GtinProblem | null {
  const s = input.trim();
  if (!/^\d+$/.test(s)) return 'format';
  if (!(GTIN_LENGTHS as readonly number[]).includes(s.length)) return 'length';
  if (!hasValidCheckDigit(s)) return 'checkDigit';
  return null;
}

/**
 * A GTIN-8, -12, -13 or -14 (spaces around it ignored) as the 14 digits GS1 Digital Link and EPCIS
 * use (zero-padded on the left), or null when it is not a valid GTIN.
 */
export function normalizeGtin(input: string): string | null {
  if (typeof input !== 'string' || gtinProblem(input) !== null) return null;
  return input.trim().padStart(14, '0');
}

/** A GS1 Global Location Number: 13 digits with a valid check digit. */
export function isValidGln(s: string): boolean {
  return typeof s === 'string' && /^\d{13}$/.test(s) && hasValidCheckDigit(s);
}

/**
 * GS1 AI encodable character set 82 (GS1 General Specifications, figure 7.11-1): digits, Latin
 * letters without diacritics and ! " % & ' ( ) * + , - . / : ; < = > ? _
 */
export const GS1_CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

export const LOT_CODE_MAX = 20;

/** A lot or batch number (GS1 AI 10): 1-20 characters of character set 82. */
export function isValidLotCode(s: string): boolean {
  return typeof s === 'string' && s.length >= 1 && s.length <= LOT_CODE_MAX && GS1_CSET82.test(s);
}

/** Why a Vietnamese tax code is refused, or null when it is valid. */
export type TaxCodeProblem = 'format' | 'checkDigit';

/** The weights of the first nine digits of a tax code (mã số thuế), as the tax authority computes its tenth. */
const TAX_CODE_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3];

/**
 * A Vietnamese tax code (mã số thuế): 10 digits, or 10 digits, '-' and 3 digits for a branch. The first
 * two digits are the province, the next seven a number that is not all zeros, the tenth a check digit:
 * 10 - (the weighted sum of the first nine mod 11), which a sum of 0 mod 11 can never match. A branch's
 * number is 001-999.
 */
export function taxCodeProblem(input: string): TaxCodeProblem | null {
  const m = /^(\d{10})(?:-(\d{3}))?$/.exec(typeof input === 'string' ? input.trim() : '');
  if (!m) return 'format';
  const digits = m[1] as string;
  if (digits.slice(2, 9) === '0000000' || m[2] === '000') return 'format';
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (TAX_CODE_WEIGHTS[i] as number);
  return 10 - (sum % 11) === digits.charCodeAt(9) - 48 ? null : 'checkDigit';
}

export function isValidTaxCode(s: string): boolean {
  return taxCodeProblem(s) === null;
}
