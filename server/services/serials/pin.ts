import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SERIAL_PIN_LENGTH } from '#shared/serials.ts';

/** A batch's PIN key: random, kept on the batch only (decision 204). */
export function newPinKey(): string {
  return randomBytes(32).toString('base64url');
}

const PIN_SPACE = 10 ** SERIAL_PIN_LENGTH;

/**
 * An item's scratch-off PIN: the first 48 bits of HMAC-SHA256(pinKey, serial) as 6 decimal digits. Nothing
 * per item is stored; the CSV prints it and the verification recomputes it. The modulo's bias on 2^48 is
 * far below what a guess could use.
 */
export function serialPin(pinKey: string, serial: string): string {
  const mac = createHmac('sha256', pinKey).update(serial).digest();
  return (mac.readUIntBE(0, 6) % PIN_SPACE).toString().padStart(SERIAL_PIN_LENGTH, '0');
}

/** Whether `pin` is the item's PIN, compared in constant time. */
export function pinMatches(pinKey: string, serial: string, pin: string): boolean {
  const expected = Buffer.from(serialPin(pinKey, serial));
  const given = Buffer.from(pin.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
