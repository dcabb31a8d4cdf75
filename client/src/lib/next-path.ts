/**
 * Where sign-in sends someone back to: the page they were going to when a guard or an ended session
 * sent them to sign-in, carried as `?next=` (decision 086). Only a path of this app is followed, so
 * a crafted link to the sign-in page cannot send a person to another site after they sign in.
 */
export const SIGN_IN_PATH = '/auth/sign-in';

const ORIGIN = 'http://app.invalid';

/**
 * The path, search and hash of `raw` when it is a path of this app, else null. Refused: anything not
 * starting with one '/', '//host' and '/\host' (browsers read both as another host), backslashes and
 * control characters anywhere, absolute URLs, and the auth pages themselves (no loop back to sign-in).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that returns to `path` (just the sign-in page when it is not followable). */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}` : SIGN_IN_PATH;
}

/** The `next` of a sign-in page's search string ('?next=%2Fqrs' or 'next=%2Fqrs'), when it is safe. */
export const nextFromSearch = (search: string): string | null =>
  safeNextPath(new URLSearchParams(search).get('next'));
