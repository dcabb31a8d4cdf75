import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Slow salted hashes with node's scrypt (no native dependency). Stored as
 * `scrypt$<log2N>$<r>$<p>$<salt>$<hash>` so the cost can rise later without breaking old hashes.
 * The work runs on libuv's thread pool, not the event loop.
 */
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, logN = 15): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, 8, 1);
  return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash that matches no password, computed at the configured cost: sign-in runs one verification
 * even for an unknown e-mail, so response times do not tell which accounts exist.
 */
export function dummyHash(logN: number): Promise<string> {
  return hashPassword(randomBytes(12).toString('hex'), logN);
}

/** SHA-256 for high-entropy secrets (reset tokens, codes bound to a user and a short lifetime). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
