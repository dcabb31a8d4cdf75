import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { parse, serialize } from 'hono/utils/cookie';
import { secureCookie } from './secure-cookie.ts';

/**
 * The random first-party cookie that tells one browser's opens of a serialized code apart (decision 206):
 * it names nobody and carries no authority; the server keeps only its hash with the item. Made on a
 * browser's first open, kept a year. Read and made here for the app (a Hono context) and for the
 * dispatcher in front of it (a Cookie header), one shape and one Set-Cookie.
 */
export const BROWSER_COOKIE = 'txng_b';
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** A browser id as sent, when it has the shape of one. */
const valid = (held: string | undefined) => (held && SHAPE.test(held) ? held : undefined);

/** A new browser id and the Set-Cookie that gives it to the browser. */
export function newBrowserId(secure: boolean): { id: string; setCookie: string } {
  // A random UUID (122 random bits) is of the cookie's shape, and node draws it from a kept pool: cheaper
  // than random bytes of its own for every new browser in a storm of first opens.
  const id = randomUUID();
  const setCookie = serialize(BROWSER_COOKIE, id, {
    path: '/',
    maxAge: 365 * 24 * 3600,
    sameSite: 'Lax',
    secure,
  });
  return { id, setCookie };
}

/** The browser id in a request's Cookie header, if it sent one. */
export const browserIdInHeader = (cookie: string | undefined): string | undefined =>
  cookie?.includes(BROWSER_COOKIE) ? valid(parse(cookie, BROWSER_COOKIE)[BROWSER_COOKIE]) : undefined;

export function browserIdOf(c: Context): string {
  const held = valid(getCookie(c, BROWSER_COOKIE));
  if (held) return held;
  const made = newBrowserId(secureCookie(c));
  c.header('set-cookie', made.setCookie, { append: true });
  return made.id;
}
