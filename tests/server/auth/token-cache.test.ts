import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokens, TOKEN_CACHE_MAX } from '#server/auth/tokens.ts';

/**
 * A Tokens object (one per app: AppDeps.tokens) keeps tokens that already verified (decision 073).
 * The cache must never make a token acceptable that the full check refuses: tampered, other algorithm, other secret, expired.
 */
const secretOf = (s: string) => new TextEncoder().encode(s.padEnd(40, '-'));
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

afterEach(() => {
  vi.useRealTimers();
});

describe('[auth] verified-token cache', () => {
  it('a tampered token is refused after the genuine one was verified and cached', async () => {
    const secret = secretOf('cache-tamper');
    const tokens = createTokens(secret);
    const token = await tokens.sign({ sub: '7', ver: 2 }, 3600);
    expect(await tokens.verify(token)).toEqual({ sub: '7', ver: 2 });
    expect(tokens.cachedCount).toBe(1);
    // From the cache now: the same answer.
    expect(await tokens.verify(token)).toEqual({ sub: '7', ver: 2 });

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [
      `${header}.${b64({ ...claims, sub: '1' })}.${signature}`,
      `${header}.${b64({ ...claims, ver: 3 })}.${signature}`,
      // One character of the signature changed: its first, whose bits all count (its last two were once
      // replaced by "AA", and a signature ending in "AA" itself, 1 in 256, made that the genuine token).
      `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret),
    ];
    for (const bad of tampered) expect(await tokens.verify(bad), bad).toBeNull();
    // Refused tokens are never remembered.
    expect(tokens.cachedCount).toBe(1);
  });

  it('a token cached under one secret is refused under another', async () => {
    const secret = secretOf('cache-secret-a');
    const tokens = createTokens(secret);
    const other = secretOf('cache-secret-b');
    const token = await tokens.sign({ sub: '3', ver: 0 }, 3600);
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await createTokens(other).verify(token)).toBeNull();
  });

  it('a cached token is refused from its exp on, exactly when jose would refuse it, and dropped', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 10, 23, 12, 0, 0);
    vi.setSystemTime(start);
    const secret = secretOf('cache-expiry');
    const tokens = createTokens(secret);
    const token = await tokens.sign({ sub: '9', ver: 1 }, 60);
    expect(await tokens.verify(token)).toEqual({ sub: '9', ver: 1 });
    expect(tokens.cachedCount).toBe(1);

    vi.setSystemTime(start + 59_999); // the last moment before exp
    expect(await tokens.verify(token)).toEqual({ sub: '9', ver: 1 });

    vi.setSystemTime(start + 60_000); // exp itself: expired
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.cachedCount).toBe(0);
    vi.setSystemTime(start + 3_600_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.cachedCount).toBe(0);
  });

  it('a token without exp is refused and not cached', async () => {
    const secret = secretOf('cache-no-exp');
    const tokens = createTokens(secret);
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('4')
      .setIssuedAt()
      .sign(secret);
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.cachedCount).toBe(0);
  });

  it('holds at most TOKEN_CACHE_MAX tokens, dropping the oldest; a dropped token still verifies', async () => {
    const secret = secretOf('cache-bound');
    const tokens = createTokens(secret);
    const issued: string[] = [];
    for (let i = 0; i <= TOKEN_CACHE_MAX; i++) {
      const token = await tokens.sign({ sub: String(i), ver: 0 }, 3600);
      issued.push(token);
      expect(await tokens.verify(token)).not.toBeNull();
    }
    expect(tokens.cachedCount).toBe(TOKEN_CACHE_MAX);
    expect(await tokens.verify(issued[0]!)).toEqual({ sub: '0', ver: 0 });
    expect(tokens.cachedCount).toBe(TOKEN_CACHE_MAX);
  }, 30_000);

  it("each app keeps its own tokens: one app verifying a token fills no other app's cache", async () => {
    const secret = secretOf('cache-per-app');
    const one = createTokens(secret);
    const other = createTokens(secret);
    const token = await one.sign({ sub: '5', ver: 0 }, 3600);
    expect(await one.verify(token)).toEqual({ sub: '5', ver: 0 });
    expect(one.cachedCount).toBe(1);
    expect(other.cachedCount).toBe(0);
    expect(await other.verify(token)).toEqual({ sub: '5', ver: 0 });
  });
});
