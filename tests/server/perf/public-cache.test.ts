import { describe, expect, it } from 'vitest';
import { scanEvents } from '#server/db/schema/index.ts';
import { publicAnswers } from '#server/services/products/public-answers.ts';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { callerFor, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

/**
 * The public answers are cached serialized (issue 7). These prove the cache never serves an inactive,
 * deleted or outdated product: each write path that changes a public answer is followed by a resolve.
 */
async function world(env: Record<string, string> = {}) {
  const api = createTestApi(env);
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(api.deps, admin);
  const product = await caller.products.create({
    name: 'Cà phê Arabica Cầu Đất',
    status: 'ACTIVE',
    trackings: [{ activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01', description: '' }],
  });
  const resolve = () => api.call('GET', `/products/qr-codes/${product.qr_code}`);
  return { api, admin, caller, product, resolve };
}

describe('[GUEST][REST][perf] the cached public resolve', () => {
  it('answers the same envelope as the procedure, and is cached after the first call', async () => {
    const { api, product, resolve } = await world();
    const first = await resolve();
    expect(first.status).toBe(200);
    expect(first.body.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({ id: product.id, name: 'Cà phê Arabica Cầu Đất', company: { id: product.companyId } });
    expect(first.body.data.trackings).toHaveLength(1);
    expect(first.headers.get('content-type')).toContain('application/json');
    const viaProcedure = await callerFor(api.deps, null).products.resolve({ code: product.qr_code });
    expect(first.body.data).toEqual(viaProcedure);
    expect(publicAnswers(api.deps).size).toBeGreaterThan(0);
  });

  it('every resolve records a scan event, cache hit or not', async () => {
    const { api, resolve } = await world();
    await resolve();
    await resolve();
    await resolve();
    expect(api.deps.db.select().from(scanEvents).all()).toHaveLength(3);
  });

  it('an edit of the product shows at once', async () => {
    const { caller, product, resolve } = await world();
    await resolve();
    await caller.products.update({ id: product.id, name: 'Cà phê Arabica mới' });
    expect((await resolve()).body.data.name).toBe('Cà phê Arabica mới');
  });

  it('a timeline edit shows at once', async () => {
    const { caller, product, resolve } = await world();
    await resolve();
    await caller.products.update({
      id: product.id,
      name: product.name,
      trackings: [
        { activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01', description: '' },
        { activity: 'Rang', location: 'Đà Lạt', date: '2026-10-20', description: 'Rang mộc' },
      ],
    });
    expect((await resolve()).body.data.trackings.map((t: { activity: string }) => t.activity)).toEqual(['Thu hoạch', 'Rang']);
  });

  it('a product set INACTIVE is 404 at once', async () => {
    const { caller, product, resolve } = await world();
    expect((await resolve()).status).toBe(200);
    await caller.products.update({ id: product.id, name: product.name, status: 'INACTIVE' });
    expect((await resolve()).status).toBe(404);
  });

  it('a deleted product is 404 at once', async () => {
    const { caller, product, resolve } = await world();
    expect((await resolve()).status).toBe(200);
    await caller.products.delete({ id: product.id });
    expect((await resolve()).status).toBe(404);
  });

  it("a change of the company's profile shows at once", async () => {
    const { caller, resolve } = await world();
    await resolve();
    await caller.auth.updateCompany({ name: 'HTX Cầu Đất (mới)' });
    expect((await resolve()).body.data.company.name).toBe('HTX Cầu Đất (mới)');
  });

  it('a printed code bound to a product leads to it at once', async () => {
    const { api, admin, caller, product } = await world();
    const [printed] = await caller.shortLinks.create({ count: 1 });
    const before = await api.call('GET', `/shortLinks/${printed!.code}`);
    expect(before.body.data.productId).toBeNull();
    expect((await api.call('GET', `/products/qr-codes/${printed!.code}`)).status).toBe(404);
    await api.call('POST', `/shortLinks/${printed!.code}/bind`, {
      token: await tokenFor(api.deps, admin),
      body: { productId: product.id },
    });
    expect((await api.call('GET', `/shortLinks/${printed!.code}`)).body.data.productId).toBe(product.id);
    expect((await api.call('GET', `/products/qr-codes/${printed!.code}`)).body.data.id).toBe(product.id);
  });

  it('a malformed code is 400 and an unknown one 404, as through the procedure', async () => {
    const { api } = await world();
    expect((await api.call('GET', '/products/qr-codes/%3Cscript%3E')).status).toBe(400);
    expect((await api.call('GET', '/products/qr-codes/khongtontai123')).status).toBe(404);
    expect((await api.call('GET', '/shortLinks/khongtontai123')).status).toBe(404);
  });
});

describe('[perf] buffered scan events', () => {
  it('are gathered for a window: the same product, user and device is one row counting its scans; statistics flush first', async () => {
    const { api, caller, product, resolve } = await world({ SCAN_FLUSH_MS: '50' });
    const rows = () =>
      api.deps.db
        .select({ device: scanEvents.device, scans: scanEvents.scans })
        .from(scanEvents)
        .orderBy(scanEvents.id)
        .all();
    await Promise.all([resolve(), resolve(), resolve()]);
    expect(rows()).toHaveLength(0);
    const stats = await caller.statistics.dashboard({});
    expect(stats.totalScans).toBe(3);
    expect(rows()).toEqual([{ device: 'other', scans: 3 }]);

    // The next window: a phone and another visitor without a User-Agent, each their own count.
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    await api.call('GET', `/products/qr-codes/${product.qr_code}`, { headers: { 'user-agent': phone } });
    await api.call('GET', `/products/qr-codes/${product.qr_code}`, { headers: { 'user-agent': phone } });
    await resolve();
    await new Promise((r) => setTimeout(r, 120));
    expect(rows()).toEqual([
      { device: 'other', scans: 3 },
      { device: 'mobile', scans: 2 },
      { device: 'other', scans: 1 },
    ]);
    const after = await caller.statistics.dashboard({});
    expect(after.totalScans).toBe(6);
    expect(after.topProducts).toEqual([{ id: product.id, name: product.name, scans: 6 }]);
    expect(after.scansByDay.at(-1)?.count).toBe(6);
    expect((await callerFor(api.deps, await createUser(api.deps, { role: 'SUPER_ADMIN' })).statistics.general()).totalScans).toBe(6);
  });

  it('an event of a product deleted before the flush is dropped without losing the others', async () => {
    const { api, caller, product, resolve } = await world({ SCAN_FLUSH_MS: '1000' });
    const other = await caller.products.create({ name: 'Trà xanh', status: 'ACTIVE' });
    await resolve();
    await api.call('GET', `/products/qr-codes/${other.qr_code}`);
    await caller.products.delete({ id: product.id });
    await flushScanEvents(api.deps);
    const rows = api.deps.db.select().from(scanEvents).all();
    expect(rows.map((r) => r.productId)).toEqual([other.id]);
  });
});
