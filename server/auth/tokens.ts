import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Only this algorithm is ever accepted: `alg: none`, RS/HS confusion and others are refused. */
export const JWT_ALG = 'HS256';

export interface TokenClaims {
  /** user id */
  sub: string;
  /** the user's token version when the token was issued */
  ver: number;
}

export async function signAccessToken(
  claims: TokenClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * The secret as a KeyObject, made once per secret: given raw bytes, jose imports a key on every call,
 * which was a visible share of each signed-in request.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens that already verified, per secret, keyed by the whole token string: a signed-in request
 * otherwise pays an HMAC verification (jose imports a WebCrypto key every call) on every request, a
 * visible share of the list's floor (decision 073). An entry exists only for a token that passed the
 * full check below, with the same secret, and is used only while its exp is in the future, exactly
 * as jose judges it (expired when exp <= now, in whole seconds, no clock tolerance); an expired entry
 * is dropped when met. A tampered token is another string, so it never meets an entry and is
 * verified (and refused) as before. Revocation is not this cache's business: the actor lookup still
 * compares the token version on every request. Bounded: the oldest entry goes first.
 */
export const TOKEN_CACHE_MAX = 10_000;
interface CachedToken {
  claims: TokenClaims;
  exp: number;
}
const verified = new WeakMap<Uint8Array, Map<string, CachedToken>>();

const nowSeconds = () => Math.floor(Date.now() / 1000);

function cachedClaims(token: string, secret: Uint8Array): TokenClaims | null {
  const cache = verified.get(secret);
  const hit = cache?.get(token);
  if (!hit) return null;
  if (hit.exp <= nowSeconds()) {
    cache!.delete(token);
    return null;
  }
  return { ...hit.claims };
}

function remember(token: string, secret: Uint8Array, claims: TokenClaims, exp: number): void {
  let cache = verified.get(secret);
  if (!cache) {
    cache = new Map();
    verified.set(secret, cache);
  }
  if (cache.size >= TOKEN_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(token, { claims: { ...claims }, exp });
}

/** Verifies signature, algorithm and expiry (exp required). Returns null for any bad token. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  const cached = cachedClaims(token, secret);
  if (cached) return cached;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [JWT_ALG],
      requiredClaims: ['exp', 'sub'],
    });
    const ver = payload.ver;
    if (typeof payload.sub !== 'string' || typeof ver !== 'number') return null;
    const claims = { sub: payload.sub, ver };
    remember(token, secret, claims, payload.exp as number);
    return claims;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}

/** How many verified tokens are held for `secret` (tests). */
export function verifiedTokenCount(secret: Uint8Array): number {
  return verified.get(secret)?.size ?? 0;
}
