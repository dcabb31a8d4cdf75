import { describe, expect, it } from 'vitest';
import { scanLogs } from '#server/db/schema/index.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { callerFor, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const a1 = await makeProduct(api.deps, p.companyA.id, {
    name: 'Cà phê',
    status: 'ACTIVE',
    image: '/uploads/cafe.png',
  });
  const a2 = await makeProduct(api.deps, p.companyA.id, { name: 'Trà', status: 'ACTIVE' });
  const b1 = await makeProduct(api.deps, p.companyB.id, { name: 'Gạo', status: 'ACTIVE' });
  const hidden = await makeProduct(api.deps, p.companyA.id, { name: 'Chưa bán', status: 'INACTIVE' });
  return { api, p, a1, a2, b1, hidden };
}

const ROLES = [
  ['SUPER_ADMIN', 'superAdmin'],
  ['MODERATOR', 'moderator'],
  ['COMPANY_ADMIN', 'adminA'],
  ['EMPLOYEE', 'employeeA'],
  ['USER', 'user'],
] as const;

describe('[REST][scanLogs] role matrix', () => {
  for (const [role, who] of ROLES) {
    it(`[${role}][REST][scanLogs]: keeps its own history (add, merge, list)`, async () => {
      const { api, p, a1, b1 } = await setup();
      const token = p.tokens[who];
      const add = await api.call('POST', '/auth/scan-log', { token, body: { productId: a1.id } });
      expect(add.status).toBe(201);
      expect(add.body.message).toBe(vi.scan.logAdded);
      const merge = await api.call('POST', '/auth/scan-logs', { token, body: { productIds: [b1.id] } });
      expect(merge.status).toBe(200);
      const list = await api.call('GET', '/auth/scan-logs', { token });
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(2);
    });
  }
  for (const [method, path, body] of [
    ['GET', '/auth/scan-logs', undefined],
    ['POST', '/auth/scan-log', { productId: 1 }],
    ['POST', '/auth/scan-logs', { productIds: [1] }],
  ] as const) {
    it(`[GUEST][REST][scanLogs]: ${method} ${path} without a token is 401`, async () => {
      const { api } = await setup();
      const res = await api.call(method, path, { body });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(vi.errors.unauthorized);
    });
  }
});

describe('[USER][REST][scanLogs]', () => {
  it('[USER][REST][scanLogs]: lists newest first with product and company, one row per product', async () => {
    const { api, p, a1, a2, b1 } = await setup();
    const t = p.tokens.user;
    for (const id of [a1.id, a2.id, b1.id, a1.id]) {
      await api.call('POST', '/auth/scan-log', { token: t, body: { productId: id } });
      await new Promise((r) => setTimeout(r, 3));
    }
    const res = await api.call('GET', '/auth/scan-logs', { token: t });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.logs.map((l: { productName: string }) => l.productName)).toEqual([
      'Cà phê',
      'Gạo',
      'Trà',
    ]);
    expect(res.body.data.logs[0]).toEqual({
      id: expect.any(Number),
      productId: a1.id,
      productName: 'Cà phê',
      productImage: '/uploads/cafe.png',
      companyName: 'Công ty Cà phê Đắk Lắk',
      scannedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      lot: null,
    });
    const page2 = await api.call('GET', '/auth/scan-logs?page=2&limit=2', { token: t });
    expect(page2.body.data.logs.map((l: { productName: string }) => l.productName)).toEqual(['Trà']);
    expect(page2.body.data.total).toBe(3);
  });

  it('[USER][REST][scanLogs]: an unknown or INACTIVE product cannot be logged (404), bad bodies are 400', async () => {
    const { api, p, hidden } = await setup();
    const t = p.tokens.user;
    for (const productId of [hidden.id, 99999]) {
      const res = await api.call('POST', '/auth/scan-log', { token: t, body: { productId } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(vi.products.notFound);
    }
    for (const body of [{}, { productId: 'abc' }, { productId: 1, userId: 2 }]) {
      expect(
        (await api.call('POST', '/auth/scan-log', { token: t, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    for (const q of ['limit=0', 'limit=101', 'page=0', 'userId=1']) {
      expect((await api.call('GET', `/auth/scan-logs?${q}`, { token: t })).status, q).toBe(400);
    }
    expect((await api.call('GET', '/auth/scan-logs', { token: t })).body.data).toEqual({
      logs: [],
      total: 0,
    });
  });

  it('[USER][REST][scanLogs]: merging the guest history keeps its order and skips unknown or hidden ids', async () => {
    const { api, p, a1, a2, b1, hidden } = await setup();
    const t = p.tokens.user;
    const res = await api.call('POST', '/auth/scan-logs', {
      token: t,
      body: { productIds: [b1.id, 99999, a2.id, hidden.id, b1.id, a1.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(vi.scan.logsMerged);
    expect(res.body.data).toEqual({ merged: 3, ignored: 2 });
    const list = await api.call('GET', '/auth/scan-logs', { token: t });
    expect(list.body.data.logs.map((l: { productId: number }) => l.productId)).toEqual([b1.id, a2.id, a1.id]);
    // Merging again updates rather than duplicates.
    await api.call('POST', '/auth/scan-logs', { token: t, body: { productIds: [a1.id] } });
    expect(await api.deps.db.select().from(scanLogs)).toHaveLength(3);
  });

  it('[USER][REST][scanLogs]: more than 200 ids at once is 400', async () => {
    const { api, p } = await setup();
    const ids = Array.from({ length: 201 }, (_, i) => i + 1);
    const res = await api.call('POST', '/auth/scan-logs', {
      token: p.tokens.user,
      body: { productIds: ids },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('productIds');
  });

  it("[USER][tRPC][scanLogs]: a user never sees another user's history", async () => {
    const { api, p, a1 } = await setup();
    const other = await createUser(api.deps, { role: 'USER' });
    await callerFor(api.deps, other).scanLogs.add({ productId: a1.id });
    expect(await callerFor(api.deps, p.user).scanLogs.list({})).toEqual({ logs: [], total: 0 });
    const mine = await callerFor(api.deps, other).scanLogs.list({});
    expect(mine.total).toBe(1);
    // And a token of the other user lists only its own.
    const res = await api.call('GET', '/auth/scan-logs', { token: await tokenFor(api.deps, other) });
    expect(res.body.data.logs.map((l: { productId: number }) => l.productId)).toEqual([a1.id]);
  });

  it('[USER][REST][scanLogs]: a deleted product leaves the history; one made INACTIVE stays', async () => {
    const { api, p, a1, a2 } = await setup();
    const t = p.tokens.user;
    await api.call('POST', '/auth/scan-logs', { token: t, body: { productIds: [a1.id, a2.id] } });
    await api.call('DELETE', `/products/${a1.id}`, { token: p.tokens.adminA });
    await api.call('PUT', `/products/${a2.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Trà', status: 'INACTIVE' },
    });
    const list = await api.call('GET', '/auth/scan-logs', { token: t });
    expect(list.body.data.logs.map((l: { productId: number }) => l.productId)).toEqual([a2.id]);
    expect(list.body.data.total).toBe(1);
  });
});

describe('[USER][REST][scanLogs] the lot of a lot scan (decision 184)', () => {
  async function withLots() {
    const world = await setup();
    const { api, p, a1, b1 } = world;
    const lot = async (productId: number, code: string, token = p.tokens.adminA) => {
      const res = await api.call('POST', '/lots', { token, body: { productId, code } });
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: number };
    };
    return {
      ...world,
      l1: await lot(a1.id, 'L1'),
      l2: await lot(a1.id, 'L2'),
      other: await lot(b1.id, 'B1', p.tokens.adminB),
    };
  }
  const logsOf = async (api: Awaited<ReturnType<typeof setup>>['api'], token: string) =>
    (await api.call('GET', '/auth/scan-logs', { token })).body.data.logs as Array<{
      productId: number;
      lot: { id: number; code: string; recalled: boolean } | null;
    }>;

  it('[USER][REST][scanLogs]: an entry keeps the lot its scan named and shows its recall as it stands now', async () => {
    const { api, p, a1, l1 } = await withLots();
    const t = p.tokens.user;
    const add = await api.call('POST', '/auth/scan-log', {
      token: t,
      body: { productId: a1.id, lotId: l1.id },
    });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({ productId: a1.id, lotId: l1.id });
    expect((await logsOf(api, t))[0]?.lot).toEqual({ id: l1.id, code: 'L1', recalled: false });
    // Recalled after the scan: the history says so.
    await api.call('POST', `/lots/${l1.id}/recall`, { token: p.tokens.adminA, body: { reason: 'Nấm mốc' } });
    expect((await logsOf(api, t))[0]?.lot).toEqual({ id: l1.id, code: 'L1', recalled: true });
  });

  it("[USER][REST][scanLogs]: the product's own code keeps the entry's lot, another lot replaces it, a deleted lot leaves it", async () => {
    const { api, p, a1, l1, l2 } = await withLots();
    const t = p.tokens.user;
    await api.call('POST', '/auth/scan-log', { token: t, body: { productId: a1.id, lotId: l1.id } });
    await api.call('POST', '/auth/scan-log', { token: t, body: { productId: a1.id } });
    await api.call('POST', '/auth/scan-log', { token: t, body: { productId: a1.id, lotId: null } });
    expect((await logsOf(api, t)).map((l) => l.lot?.code)).toEqual(['L1']);
    await api.call('POST', '/auth/scan-log', { token: t, body: { productId: a1.id, lotId: l2.id } });
    expect((await logsOf(api, t)).map((l) => l.lot?.code)).toEqual(['L2']);
    expect((await api.call('DELETE', `/lots/${l2.id}`, { token: p.tokens.adminA })).status).toBe(200);
    expect(await logsOf(api, t)).toEqual([expect.objectContaining({ productId: a1.id, lot: null })]);
  });

  it("[USER][REST][scanLogs]: another product's lot or an unknown lot is 404 and logs nothing", async () => {
    const { api, p, a1, other } = await withLots();
    const t = p.tokens.user;
    for (const lotId of [other.id, 99999]) {
      const res = await api.call('POST', '/auth/scan-log', { token: t, body: { productId: a1.id, lotId } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(vi.lots.notFound);
    }
    expect(await logsOf(api, t)).toEqual([]);
  });

  it('[USER][REST][scanLogs]: merging the phone history keeps the lots of their own products only', async () => {
    const { api, p, a1, a2, b1, l1, other } = await withLots();
    const t = p.tokens.user;
    const res = await api.call('POST', '/auth/scan-logs', {
      token: t,
      body: {
        productIds: [a1.id, a2.id, b1.id],
        lots: [
          { productId: a1.id, lotId: l1.id },
          { productId: a2.id, lotId: other.id },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect((await logsOf(api, t)).map((l) => [l.productId, l.lot?.code ?? null])).toEqual([
      [a1.id, 'L1'],
      [a2.id, null],
      [b1.id, null],
    ]);
    const tooMany = Array.from({ length: 201 }, () => ({ productId: a1.id, lotId: l1.id }));
    const big = await api.call('POST', '/auth/scan-logs', {
      token: t,
      body: { productIds: [a1.id], lots: tooMany },
    });
    expect(big.status).toBe(400);
  });
});
