import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  signAccessToken,
  TOKEN_CACHE_MAX,
  verifiedTokenCount,
  verifyAccessToken,
} from '#server/auth/tokens.ts';

/**
 * verifyAccessToken keeps tokens that already verified (decision 073). The cache must never make a
 * token acceptable that the full check refuses: tampered, other algorithm, other secret, expired.
 */
const secretOf = (s: string) => new TextEncoder().encode(s.padEnd(40, '-'));
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

afterEach(() => {
  vi.useRealTimers();
});

describe('[auth] verified-token cache', () => {
  it('a tampered token is refused after the genuine one was verified and cached', async () => {
    const secret = secretOf('cache-tamper');
    const token = await signAccessToken({ sub: '7', ver: 2 }, secret, 3600);
    expect(await verifyAccessToken(token, secret)).toEqual({ sub: '7', ver: 2 });
    expect(verifiedTokenCount(secret)).toBe(1);
    // From the cache now: the same answer.
    expect(await verifyAccessToken(token, secret)).toEqual({ sub: '7', ver: 2 });

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [
      `${header}.${b64({ ...claims, sub: '1' })}.${signature}`,
      `${header}.${b64({ ...claims, ver: 3 })}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret),
    ];
    for (const bad of tampered) expect(await verifyAccessToken(bad, secret), bad).toBeNull();
    // Refused tokens are never remembered.
    expect(verifiedTokenCount(secret)).toBe(1);
  });

  it('a token cached under one secret is refused under another', async () => {
    const secret = secretOf('cache-secret-a');
    const other = secretOf('cache-secret-b');
    const token = await signAccessToken({ sub: '3', ver: 0 }, secret, 3600);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    expect(await verifyAccessToken(token, other)).toBeNull();
  });

  it('a cached token is refused from its exp on, exactly when jose would refuse it, and dropped', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 10, 23, 12, 0, 0);
    vi.setSystemTime(start);
    const secret = secretOf('cache-expiry');
    const token = await signAccessToken({ sub: '9', ver: 1 }, secret, 60);
    expect(await verifyAccessToken(token, secret)).toEqual({ sub: '9', ver: 1 });
    expect(verifiedTokenCount(secret)).toBe(1);

    vi.setSystemTime(start + 59_999); // the last moment before exp
    expect(await verifyAccessToken(token, secret)).toEqual({ sub: '9', ver: 1 });

    vi.setSystemTime(start + 60_000); // exp itself: expired
    expect(await verifyAccessToken(token, secret)).toBeNull();
    expect(verifiedTokenCount(secret)).toBe(0);
    vi.setSystemTime(start + 3_600_000);
    expect(await verifyAccessToken(token, secret)).toBeNull();
    expect(verifiedTokenCount(secret)).toBe(0);
  });

  it('a token without exp is refused and not cached', async () => {
    const secret = secretOf('cache-no-exp');
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('4')
      .setIssuedAt()
      .sign(secret);
    expect(await verifyAccessToken(token, secret)).toBeNull();
    expect(verifiedTokenCount(secret)).toBe(0);
  });

  it('holds at most TOKEN_CACHE_MAX tokens, dropping the oldest; a dropped token still verifies', async () => {
    const secret = secretOf('cache-bound');
    const tokens: string[] = [];
    for (let i = 0; i <= TOKEN_CACHE_MAX; i++) {
      const token = await signAccessToken({ sub: String(i), ver: 0 }, secret, 3600);
      tokens.push(token);
      expect(await verifyAccessToken(token, secret)).not.toBeNull();
    }
    expect(verifiedTokenCount(secret)).toBe(TOKEN_CACHE_MAX);
    expect(await verifyAccessToken(tokens[0]!, secret)).toEqual({ sub: '0', ver: 0 });
    expect(verifiedTokenCount(secret)).toBe(TOKEN_CACHE_MAX);
  }, 30_000);
});
