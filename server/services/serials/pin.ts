import { createHash, createHmac, type Hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SERIAL_PIN_LENGTH } from '#shared/serials.ts';

/** A batch's PIN key: random, kept on the batch only (decision 204). */
export function newPinKey(): string {
  return randomBytes(32).toString('base64url');
}

const PIN_SPACE = 10 ** SERIAL_PIN_LENGTH;

/** The PIN of a MAC: its first 48 bits as 6 decimal digits (the modulo's bias on 2^48 is negligible). */
const pinOf = (mac: Buffer) => (mac.readUIntBE(0, 6) % PIN_SPACE).toString().padStart(SERIAL_PIN_LENGTH, '0');

/**
 * An item's scratch-off PIN: 6 digits from HMAC-SHA256(pinKey, serial) (decision 204). Nothing per item is
 * stored; the CSV prints it and the verification recomputes it.
 */
export function serialPin(pinKey: string, serial: string): string {
  return pinOf(createHmac('sha256', pinKey).update(serial).digest());
}

const BLOCK = 64;

/**
 * serialPin for one key and many serials (a batch's CSV): the same HMAC, its key's inner and outer pads
 * hashed once and copied per serial instead of set up again for each of a million.
 */
export function serialPinsOf(pinKey: string): (serial: string) => string {
  let key = Buffer.from(pinKey);
  if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
  const padded = Buffer.alloc(BLOCK);
  key.copy(padded);
  const pad = (byte: number): Hash => createHash('sha256').update(padded.map((b) => b ^ byte));
  const inner = pad(0x36);
  const outer = pad(0x5c);
  return (serial) => pinOf(outer.copy().update(inner.copy().update(serial).digest()).digest());
}

/** Whether `pin` is the item's PIN, compared in constant time. */
export function pinMatches(pinKey: string, serial: string, pin: string): boolean {
  const expected = Buffer.from(serialPin(pinKey, serial));
  const given = Buffer.from(pin.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
