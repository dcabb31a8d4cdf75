import { randomInt } from 'node:crypto';
import { codePath } from '#shared/public-paths.ts';

/**
 * QR codes: 12 characters from a 31-letter alphabet without look-alikes (no 0/o, 1/l/i), about 59
 * random bits: unguessable, yet short enough to print under a label and to type by hand.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const CODE_LENGTH = 12;
/** What a code looks like; lookups of anything else are refused before touching the database. */
export { QR_CODE_PATTERN as CODE_PATTERN } from '#shared/constants.ts';

export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The URL a product's QR image encodes: any phone camera opens the product page. */
export function redirectUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${codePath(code)}`;
}
