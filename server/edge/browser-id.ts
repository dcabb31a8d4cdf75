import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { secureCookie } from './secure-cookie.ts';

/**
 * The random first-party cookie that tells one browser's opens of a serialized code apart (decision 206):
 * it names nobody and carries no authority; the server keeps only its hash with the item. Made on a
 * browser's first open, kept a year.
 */
export const BROWSER_COOKIE = 'txng_b';
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export function browserIdOf(c: Context): string {
  const held = getCookie(c, BROWSER_COOKIE);
  if (held && SHAPE.test(held)) return held;
  const made = randomBytes(16).toString('base64url');
  setCookie(c, BROWSER_COOKIE, made, {
    path: '/',
    maxAge: 365 * 24 * 3600,
    sameSite: 'Lax',
    secure: secureCookie(c),
  });
  return made;
}
