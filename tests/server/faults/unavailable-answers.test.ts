import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi, type TestApi } from '#tests/helpers/http.ts';

/**
 * What a client is answered when the database is away (decisions 178, 179), on either engine: the request
 * that needed it gets a 503 with Retry-After and the Vietnamese message, never a generic 500; health stays
 * 200 and says why; readiness is 503 while a reason holds; until the start is done, only health answers.
 * The database's failure is simulated where the app meets it, with the driver's own errors.
 */
const lost = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const trpcGet = (t: TestApi, path: string, input: unknown) =>
  t.app.request(`/api/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`);

describe('[faults] answers while the database is away', () => {
  let t: TestApi;
  let token: string;

  beforeAll(async () => {
    t = await createTestApi();
    token = await tokenFor(t.deps, await createUser(t.deps, { role: 'COMPANY_ADMIN' }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    t.deps.health.clear('database');
  });

  it('[COMPANY_ADMIN][REST][products]: a list whose connection is lost is 503 with Retry-After and the Vietnamese message', async () => {
    vi.spyOn(t.deps.productLists, 'get').mockImplementation(() => {
      throw lost();
    });
    const res = await t.call('GET', '/products', { token });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body).toEqual({ statusCode: 503, message: messages.errors.databaseUnavailable });
  });

  it('[VISITOR][REST and tRPC][products.resolve]: a scan whose read fails on a lost connection is 503, in each edge its own shape', async () => {
    vi.spyOn(t.deps.publicAnswers, 'product').mockRejectedValue(
      new Error('Connection terminated unexpectedly'),
    );
    const rest = await t.call('GET', '/products/qr-codes/ABC123');
    expect(rest.status).toBe(503);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rest.body.message).toBe(messages.errors.databaseUnavailable);

    const trpc = await trpcGet(t, 'products.resolve', { code: 'ABC123' });
    expect(trpc.status).toBe(503);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    const [answer] = (await trpc.json()) as Array<{
      error: { message: string; data: { httpStatus: number } };
    }>;
    expect(answer?.error.message).toBe(messages.errors.databaseUnavailable);
    expect(answer?.error.data.httpStatus).toBe(503);
  });

  it('[COMPANY_ADMIN][REST]: a signed-in request whose user cannot be read is 503 (not 401: the session stays), while /health stays 200', async () => {
    const actors = t.deps.actors;
    t.deps.actors = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    try {
      const res = await t.call('GET', '/products', { token });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(messages.errors.databaseUnavailable);
      expect((await t.call('GET', '/health', { token })).status).toBe(200);
    } finally {
      t.deps.actors = actors;
    }
  });

  it('[VISITOR][REST][health]: liveness is 200 and says why it is degraded; readiness is 503 with Retry-After and the reasons while one holds', async () => {
    expect((await t.call('GET', '/health')).body.data).toEqual({ status: 'ok', ready: true, reasons: [] });
    expect((await t.call('GET', '/health/ready')).status).toBe(200);

    t.deps.health.set('database');
    const live = await t.call('GET', '/health');
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({
      status: 'degraded',
      ready: false,
      reasons: [{ key: 'database', message: messages.health.reasons.database }],
    });
    const ready = await t.call('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ready.body).toEqual({
      statusCode: 503,
      message: messages.health.notReady,
      errors: { database: messages.health.reasons.database },
    });

    t.deps.health.clear('database');
    expect((await t.call('GET', '/health/ready')).status).toBe(200);
  });

  it('[VISITOR][REST]: until the start is done, only health answers; the rest is 503 with Retry-After', async () => {
    t.deps.health.set('starting');
    try {
      for (const path of ['/products/qr-codes/ABC123', '/config']) {
        const res = await t.call('GET', path);
        expect(res.status, path).toBe(503);
        expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
        expect(res.body.message, path).toBe(messages.errors.starting);
      }
      expect((await t.call('GET', '/health')).body.data).toMatchObject({ status: 'starting', ready: false });
      expect((await t.call('GET', '/health/ready')).body.errors).toEqual({
        starting: messages.health.reasons.starting,
      });
    } finally {
      t.deps.health.clear('starting');
    }
    expect((await t.call('GET', '/config')).status).toBe(200);
  });
});
