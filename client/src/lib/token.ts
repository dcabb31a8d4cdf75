/**
 * Client-side token checks. The client never verifies the signature (it has no secret):
 * it only decides whether a stored token is worth sending. The server decides whether it is good.
 */
export interface TokenPayload {
  exp?: number;
  sub?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload, or null (logging 'Invalid token!') when the token cannot be decoded. */
export function decodeToken(token: string): TokenPayload | null {
  try {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts[1]) throw new Error('not a JWT');
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
    return payload as TokenPayload;
  } catch {
    console.warn('Invalid token!');
    return null;
  }
}

/** Valid only if decodable, with an `exp` claim later than now (both in seconds). */
export function isValidToken(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeToken(token);
  if (!payload || typeof payload.exp !== 'number') return false;
  return payload.exp > Math.floor(nowMs / 1000);
}
