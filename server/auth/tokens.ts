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

/** Verifies signature, algorithm and expiry (exp required). Returns null for any bad token. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [JWT_ALG],
      requiredClaims: ['exp', 'sub'],
    });
    const ver = payload.ver;
    if (typeof payload.sub !== 'string' || typeof ver !== 'number') return null;
    return { sub: payload.sub, ver };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
