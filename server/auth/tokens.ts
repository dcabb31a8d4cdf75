import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** Only this algorithm is ever accepted: `alg: none`, RS/HS confusion and others are refused. */
export const JWT_ALG = 'HS256';

export interface TokenClaims {
  /** user id */
  sub: string;
  /** the user's token version when the token was issued */
  ver: number;
}

/** Signs and verifies the app's access tokens with one secret; built once in startServer (AppDeps.tokens). */
export interface Tokens {
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  /** Verifies signature, algorithm and expiry (exp required). Returns null for any bad token. */
  verify(token: string): Promise<TokenClaims | null>;
  /** How many verified tokens are kept (tests). */
  readonly cachedCount: number;
}

/** Bounded: past it, the least recently used token goes first (and is verified again when it comes back). */
export const TOKEN_CACHE_MAX = 10_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface CachedToken {
  claims: TokenClaims;
  exp: number;
}

/**
 * The key is a KeyObject made once: given raw bytes, jose imports a key on every call, which was a
 * visible share of each signed-in request.
 *
 * Tokens that already verified are kept, keyed by the whole token string: a signed-in request would
 * otherwise pay an HMAC verification on every request, a visible share of the list's floor (decision
 * 073). An entry exists only for a token that passed the full check, with this secret, and is used only
 * while its exp is in the future, exactly as jose judges it (expired when exp <= now, in whole seconds,
 * no clock tolerance); an expired entry is dropped when met. A tampered token is another string, so it
 * never meets an entry and is verified (and refused) as before. Revocation is not this cache's
 * business: the actor lookup still compares the token version on every request.
 */
export function createTokens(secret: Uint8Array, options: { max?: number } = {}): Tokens {
  const key: KeyObject = createSecretKey(secret);
  const verified = new LRUCache<string, CachedToken>({ max: options.max ?? TOKEN_CACHE_MAX });

  const cachedClaims = (token: string): TokenClaims | null => {
    const hit = verified.get(token);
    if (!hit) return null;
    if (hit.exp <= nowSeconds()) {
      verified.delete(token);
      return null;
    }
    return { ...hit.claims };
  };

  return {
    sign: (claims, ttlSeconds) =>
      new SignJWT({ ver: claims.ver })
        .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(nowSeconds() + ttlSeconds)
        .sign(key),
    async verify(token) {
      const cached = cachedClaims(token);
      if (cached) return cached;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [JWT_ALG],
          requiredClaims: ['exp', 'sub'],
        });
        const ver = payload.ver;
        if (typeof payload.sub !== 'string' || typeof ver !== 'number') return null;
        const claims = { sub: payload.sub, ver };
        verified.set(token, { claims: { ...claims }, exp: payload.exp as number });
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
    get cachedCount() {
      return verified.size;
    },
  };
}
