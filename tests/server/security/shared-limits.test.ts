import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import {
  clearAccountSignInBlock,
  createLimits,
  type Limits,
  limitedPhotoScan,
  limitedSignIn,
  PHOTO_SCANS_PER_IP_PER_MINUTE,
  prepareRateLimitStore,
  SIGN_IN_FAILS_PER_EMAIL_AND_IP,
} from '#server/security/limits.ts';
import { type PgCluster, pgMissingNotice, startPgCluster } from '#tests/helpers/pg-cluster-lite.ts';

/**
 * Two instances of the app on one PostgreSQL each build their own limits over their own pool
 * (decision 157): the attempts made on both must add up to the block one instance alone would give.
 */
const missing = pgMissingNotice('the shared rate-limit tests');

const wrongPassword = () => Promise.reject(new AppError('UNAUTHORIZED', 'Sai mật khẩu'));
const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));

async function attempt(limits: Limits, email: string, ip: string): Promise<string> {
  try {
    await limitedSignIn({ limits, req: { ip } }, email, wrongPassword);
    return 'ok';
  } catch (err) {
    return codeOf(err);
  }
}

describe.skipIf(missing)('[limits] on PostgreSQL, counted across instances', () => {
  let cluster: PgCluster;
  let poolA: pg.Pool;
  let poolB: pg.Pool;
  let a: Limits;
  let b: Limits;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase('limits');
    poolA = cluster.pool(url);
    poolB = cluster.pool(url);
    // Both instances prepare the store at once, as N instances starting together do.
    await Promise.all([prepareRateLimitStore(poolA), prepareRateLimitStore(poolB)]);
    a = createLimits({}, { pgPool: poolA });
    b = createLimits({}, { pgPool: poolB });
  }, 60_000);

  afterAll(async () => {
    await poolA?.end();
    await poolB?.end();
    cluster?.stop();
  });

  it('wrong passwords on instance A and instance B add up to one block, in parallel', async () => {
    const email = 'nguyen.van.a@example.vn';
    const ip = '203.0.113.7';
    const half = SIGN_IN_FAILS_PER_EMAIL_AND_IP / 2;
    const first = await Promise.all([
      ...Array.from({ length: half }, () => attempt(a, email, ip)),
      ...Array.from({ length: half }, () => attempt(b, email, ip)),
    ]);
    expect(first).toEqual(Array(SIGN_IN_FAILS_PER_EMAIL_AND_IP).fill('UNAUTHORIZED'));
    // The limit is spent on both, whichever instance the next attempt reaches.
    expect(await attempt(a, email, ip)).toBe('TOO_MANY_REQUESTS');
    expect(await attempt(b, email, ip)).toBe('TOO_MANY_REQUESTS');
    // Another address is not blocked by this one's failures.
    expect(await attempt(b, email, '198.51.100.4')).toBe('UNAUTHORIZED');
  });

  it('one instance counts as before: the same attempts through A alone block at the same point', async () => {
    const email = 'tran.thi.b@example.vn';
    const results: string[] = [];
    for (let i = 0; i <= SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++)
      results.push(await attempt(a, email, '203.0.113.8'));
    expect(results.filter((r) => r === 'UNAUTHORIZED')).toHaveLength(SIGN_IN_FAILS_PER_EMAIL_AND_IP);
    expect(results.at(-1)).toBe('TOO_MANY_REQUESTS');
  });

  it('a password reset through instance A frees the account on instance B', async () => {
    const email = 'le.van.c@example.vn';
    const ip = '203.0.113.9';
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++) await attempt(i % 2 ? a : b, email, ip);
    expect(await attempt(b, email, ip)).toBe('TOO_MANY_REQUESTS');
    await clearAccountSignInBlock({ limits: a }, email);
    expect(await attempt(b, email, ip)).toBe('UNAUTHORIZED');
  });

  it('a successful sign-in on B forgets the failures counted on A', async () => {
    const email = 'pham.d@example.vn';
    const ip = '203.0.113.10';
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP - 1; i++) await attempt(a, email, ip);
    await limitedSignIn({ limits: b, req: { ip } }, email, async () => 'signed in');
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++)
      expect(await attempt(a, email, ip)).toBe('UNAUTHORIZED');
  });

  it('photo scans from one address count on both instances', async () => {
    const scope = (limits: Limits) => ({ limits, req: { ip: '192.0.2.55' } });
    const results = await Promise.allSettled(
      Array.from({ length: PHOTO_SCANS_PER_IP_PER_MINUTE + 2 }, (_, i) =>
        limitedPhotoScan(scope(i % 2 ? a : b), async () => 'read'),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(PHOTO_SCANS_PER_IP_PER_MINUTE);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => codeOf((r as PromiseRejectedResult).reason)),
    ).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
  });

  it('a key longer than rate-limiter-flexible would store (a long e-mail with an address) is counted', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(180)}.example.vn`;
    expect(await attempt(a, email, '2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('UNAUTHORIZED');
  });
});

describe('[limits] in memory without a pool (one server)', () => {
  it('two limit sets in one process count apart, as two SQLite servers never share a limit', async () => {
    const a = createLimits();
    const b = createLimits();
    const email = 'mot.may@example.vn';
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++) await attempt(a, email, '203.0.113.1');
    expect(await attempt(a, email, '203.0.113.1')).toBe('TOO_MANY_REQUESTS');
    expect(await attempt(b, email, '203.0.113.1')).toBe('UNAUTHORIZED');
    await clearAccountSignInBlock({ limits: a }, email);
    expect(await attempt(a, email, '203.0.113.1')).toBe('UNAUTHORIZED');
  });
});
