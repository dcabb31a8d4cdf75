/**
 * What the logs may say about a person: an e-mail is masked to its first letter and its domain
 * ("h***@example.com"), enough to see a pattern of attacks, not enough to list accounts. Passwords,
 * tokens and codes are never handed to the logger at all.
 */
export function maskEmail(email: string): string {
  const clean = email.trim().toLowerCase();
  const at = clean.lastIndexOf('@');
  if (at < 1) return '***';
  return `${clean[0]}***${clean.slice(at)}`;
}

/** Paths whose last segment is a secret: the reset link the client opens (/auth/new-password/{token}). */
const SECRET_PATHS = /^(\/auth\/new-password\/)[^/]+/;

/**
 * The longest path an access line quotes whole. Paths are the caller's text and node lets a 16 kB one
 * through: written whole on every request, a flood of them was a flood of log (decision 172). Real
 * paths (a code, an id, a Digital Link) are far shorter.
 */
export const LOGGED_PATH_MAX = 256;

/**
 * A request path fit for the access log: no query string (callers pass the path only), no reset token,
 * at most LOGGED_PATH_MAX characters, and then how long it was.
 */
export function safePath(path: string): string {
  const safe = path.replace(SECRET_PATHS, '$1[redacted]');
  return safe.length <= LOGGED_PATH_MAX
    ? safe
    : `${safe.slice(0, LOGGED_PATH_MAX)}…[${safe.length} characters]`;
}
