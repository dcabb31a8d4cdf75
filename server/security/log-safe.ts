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

/** A request path fit for the access log: no query string (callers pass the path only), no reset token. */
export function safePath(path: string): string {
  return path.replace(SECRET_PATHS, '$1[redacted]');
}
