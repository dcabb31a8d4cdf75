import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { atOnce, tables } from '#tests/helpers/deps.ts';
import {
  MANAGE_MATRIX,
  makeProduct,
  people,
  refusedStatus,
  TIMELINE,
} from '#tests/server/products/helpers.ts';

const { lotEvents, lots, scanEvents, shortLinks } = tables;

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const product = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Cà phê Robusta', status: 'ACTIVE' },
    TIMELINE,
  );
  return { api, p, product };
}

const LOT = {
  code: 'L2405A',
  productionDate: '2024-05-02',
  expiryDate: '2025-05-02',
  expiryKind: 'BEST_BEFORE',
  quantity: 1200,
  unit: 'túi',
  events: [
    {
      activity: 'Rang mẻ L2405A',
      location: 'Đắk Lắk',
      date: '2024-05-02',
      bizStep: 'commissioning',
      gln: '8930000000002',
    },
    { activity: 'Xuất kho', location: 'TP. Hồ Chí Minh', date: '2024-05-10' },
  ],
};

describe('[COMPANY_ADMIN][REST][lots] lots of a product', () => {
  it('[COMPANY_ADMIN][REST][lots]: creates, lists, reads, edits and deletes a lot with its own timeline', async () => {
    const { api, p, product } = await setup();
    const created = await api.call('POST', '/lots', {
      token: p.tokens.adminA,
      body: { productId: product.id, ...LOT },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(vi.lots.created);
    const lot = created.body.data;
    expect(lot).toMatchObject({
      code: 'L2405A',
      productId: product.id,
      expiryKind: 'BEST_BEFORE',
      quantity: 1200,
      recalled: false,
      version: 1,
    });
    expect(lot.events.map((e: { activity: string }) => e.activity)).toEqual(['Rang mẻ L2405A', 'Xuất kho']);
    expect(lot.events[0]).toMatchObject({ bizStep: 'commissioning', gln: '8930000000002' });

    const list = await api.call('GET', `/lots?productId=${product.id}`, { token: p.tokens.employeeA });
    expect(list.body.data.map((l: { code: string }) => l.code)).toEqual(['L2405A']);

    const edited = await api.call('PUT', `/lots/${lot.id}`, {
      token: p.tokens.employeeA,
      body: { version: 1, quantity: 1100, events: [{ activity: 'Xuất kho', date: '2024-05-11' }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      quantity: 1100,
      code: 'L2405A',
      productionDate: '2024-05-02',
      version: 2,
    });
    expect(edited.body.data.events).toHaveLength(1);

    const removed = await api.call('DELETE', `/lots/${lot.id}`, { token: p.tokens.adminA });
    expect(removed.status).toBe(200);
    expect(await api.deps.db.select().from(lots)).toEqual([]);
    expect(await api.deps.db.select().from(lotEvents)).toEqual([]);
  });

  it('[COMPANY_ADMIN][REST][lots]: refuses bad codes, dates and identifiers with Vietnamese messages, and keeps nothing', async () => {
    const { api, p, product } = await setup();
    const bad = async (body: Record<string, unknown>) =>
      (
        await api.call('POST', '/lots', {
          token: p.tokens.adminA,
          body: { productId: product.id, code: 'OK1', ...body },
        })
      ).body;
    expect((await bad({ code: 'Lô 1' })).errors?.code).toBe(vi.lots.invalidLotCode);
    expect((await bad({ code: 'A'.repeat(21) })).errors?.code).toBe(vi.lots.invalidLotCode);
    expect((await bad({ productionDate: '2024-02-30' })).errors?.productionDate).toBe(vi.lots.invalidDay);
    expect((await bad({ productionDate: '2024-05-02', expiryDate: '2024-05-01' })).errors?.expiryDate).toBe(
      vi.lots.expiryBeforeProduction,
    );
    const gln = await bad({ events: [{ activity: 'A', date: '2024-01-01', gln: '8930000000003' }] });
    expect(Object.values(gln.errors ?? {})).toContain(vi.lots.invalidGln);
    expect(await api.deps.db.select().from(lots)).toEqual([]);
  });

  it('[COMPANY_ADMIN][REST][lots]: a stale version is refused with 409 and a second lot of the same code too, even in parallel', async () => {
    const { api, p, product } = await setup();
    const caller = callerFor(api.deps, p.adminA);
    const lot = await caller.lots.create({ productId: product.id, code: 'L1' });
    await caller.lots.update({ id: lot.id, version: 1, unit: 'kg' });
    const stale = await api.call('PUT', `/lots/${lot.id}`, {
      token: p.tokens.adminA,
      body: { version: 1, unit: 'g' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(vi.errors.versionConflict);

    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call('POST', '/lots', { token: p.tokens.adminA, body: { productId: product.id, code: 'L2' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.errors?.code === vi.lots.codeTaken),
    ).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);

    // Parallel recalls naming the same version: one wins, the others learn they were late.
    const fresh = await caller.lots.get({ id: lot.id });
    const recalls = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.call('POST', `/lots/${lot.id}/recall`, {
          token: p.tokens.adminA,
          body: { reason: `Lý do ${i}`, version: fresh.version },
        }),
      ),
    );
    expect(recalls.filter((r) => r.status === 200)).toHaveLength(1);
    expect(recalls.filter((r) => r.status === 409)).toHaveLength(4);
  });

  it("[COMPANY_ADMIN][REST][lots]: another company's lot answers 404 like a missing one, for every path", async () => {
    const { api, p, product } = await setup();
    const lot = await callerFor(api.deps, p.adminA).lots.create({ productId: product.id, code: 'SECRET' });
    const missing = await api.call('GET', '/lots/999999', { token: p.tokens.adminB });
    expect(missing.body).toEqual({ statusCode: 404, message: vi.lots.notFound });
    for (const [method, path, body] of [
      ['GET', `/lots/${lot.id}`, undefined],
      ['PUT', `/lots/${lot.id}`, { unit: 'x' }],
      ['DELETE', `/lots/${lot.id}`, undefined],
      ['POST', `/lots/${lot.id}/recall`, { reason: 'x' }],
      ['DELETE', `/lots/${lot.id}/recall`, undefined],
      ['POST', `/lots/${lot.id}/qr-codes`, undefined],
    ] as const) {
      const res = await api.call(method, path, { token: p.tokens.adminB, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const foreignProduct = await api.call('GET', `/lots?productId=${product.id}`, { token: p.tokens.adminB });
    expect(foreignProduct.status).toBe(404);
    const create = await api.call('POST', '/lots', {
      token: p.tokens.adminB,
      body: { productId: product.id, code: 'X' },
    });
    expect(create.status).toBe(404);
    expect((await api.deps.db.select().from(lots).where(eq(lots.id, lot.id)))[0]).toMatchObject({
      code: 'SECRET',
      version: 1,
    });
  });

  it.each(MANAGE_MATRIX)(
    '[$role][REST][lots]: listing and creating lots follows the product permissions',
    async ({ who, allowed }) => {
      const { api, p, product } = await setup();
      const token = who ? p.tokens[who] : undefined;
      const res = await api.call('POST', '/lots', {
        token,
        body: { productId: product.id, code: `R${who ?? 'x'}` },
      });
      expect(res.status).toBe(allowed ? 201 : refusedStatus(who));
    },
  );
});

describe('[GUEST][REST][lots] recall, the lot page and scans of a lot code', () => {
  it('[GUEST][REST][lots]: a recall shows at once on the lot page, on a scan of the lot code and on the cached product answer', async () => {
    const { api, p, product } = await setup();
    const admin = callerFor(api.deps, p.adminA);
    const lot = await admin.lots.create({ productId: product.id, ...LOT, expiryKind: 'EXPIRY' });
    const withCode = await admin.lots.createQrCode({ id: lot.id });
    const code = withCode.qrCodes[0]?.code ?? '';
    expect(withCode.qrCodes[0]?.url).toBe(`${api.deps.settings.publicUrl}/redirect/${code}`);

    // Warm the public cache with both codes before the recall.
    const before = await api.call('GET', `/products/qr-codes/${code}`);
    expect(before.body.data.lot).toMatchObject({ id: lot.id, code: 'L2405A', recalled: false });
    expect((await api.call('GET', `/products/qr-codes/${product.qrCode}`)).body.data.recalledLots).toEqual(
      [],
    );

    const recalled = await api.call('POST', `/lots/${lot.id}/recall`, {
      token: p.tokens.employeeA,
      body: { reason: 'Phát hiện nấm mốc' },
    });
    expect(recalled.status).toBe(200);
    expect(recalled.body.data).toMatchObject({ recalled: true, recallReason: 'Phát hiện nấm mốc' });

    const scan = await api.call('GET', `/products/qr-codes/${code}`);
    expect(scan.body.data.lot).toMatchObject({
      id: lot.id,
      recalled: true,
      recallReason: 'Phát hiện nấm mốc',
    });
    const primary = await api.call('GET', `/products/qr-codes/${product.qrCode}`);
    expect(primary.body.data.lot).toBeNull();
    expect(primary.body.data.recalledLots).toMatchObject([
      { code: 'L2405A', recallReason: 'Phát hiện nấm mốc' },
    ]);

    const page = await api.call('GET', `/public/lots/${lot.id}`);
    expect(page.status).toBe(200);
    expect(page.body.data.lot).toMatchObject({
      code: 'L2405A',
      recalled: true,
      productionDate: '2024-05-02',
    });
    expect(page.body.data.lot).not.toHaveProperty('quantity');
    expect(page.body.data.lot.events.map((e: { activity: string }) => e.activity)).toEqual([
      'Rang mẻ L2405A',
      'Xuất kho',
    ]);
    expect(page.body.data.product).toMatchObject({ id: product.id, name: 'Cà phê Robusta' });
    expect(page.body.data.product.trackings).toHaveLength(3);

    // The scans of the lot code are the lot's: the dashboard counts those of recalled lots.
    const events = await api.deps.db.select().from(scanEvents);
    expect(events.filter((e) => e.lotId === lot.id).map((e) => e.scans)).toEqual([1, 1]);
    const dash = await api.call('GET', '/companies/dashboard/statistic', { token: p.tokens.adminA });
    expect(dash.body.data).toMatchObject({ totalScans: 4, recalledLotScans: 2 });

    const lifted = await api.call('DELETE', `/lots/${lot.id}/recall`, { token: p.tokens.adminA });
    expect(lifted.body.data).toMatchObject({ recalled: false, recallReason: null, recalledAt: null });
    expect((await api.call('GET', `/products/qr-codes/${code}`)).body.data.lot.recalled).toBe(false);
    expect((await api.call('GET', `/products/qr-codes/${product.qrCode}`)).body.data.recalledLots).toEqual(
      [],
    );
    const after = await api.call('GET', '/companies/dashboard/statistic', { token: p.tokens.adminA });
    expect(after.body.data.recalledLotScans).toBe(0);
  });

  it('[GUEST][REST][lots]: the recall needs a reason; a lot of an INACTIVE product has no public page', async () => {
    const { api, p } = await setup();
    const hidden = await makeProduct(api.deps, p.companyA.id, { name: 'Ẩn', status: 'INACTIVE' });
    const lot = await callerFor(api.deps, p.adminA).lots.create({ productId: hidden.id, code: 'H1' });
    const noReason = await api.call('POST', `/lots/${lot.id}/recall`, {
      token: p.tokens.adminA,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.reason).toBe(vi.lots.recallReasonRequired);
    const page = await api.call('GET', `/public/lots/${lot.id}`);
    expect(page.status).toBe(404);
    expect(page.body.message).toBe(vi.lots.notFound);
    expect((await api.call('GET', '/public/lots/999999')).body).toEqual(page.body);
  });

  it('[COMPANY_ADMIN][REST][lots]: deleting a lot keeps its printed code working for the product alone', async () => {
    const { api, p, product } = await setup();
    const admin = callerFor(api.deps, p.adminA);
    const lot = await admin.lots.create({ productId: product.id, code: 'GONE' });
    const code = (await admin.lots.createQrCode({ id: lot.id })).qrCodes[0]?.code ?? '';
    await api.call('GET', `/products/qr-codes/${code}`);
    await admin.lots.delete({ id: lot.id });
    expect((await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, code)))[0]).toMatchObject({
      productId: product.id,
      lotId: null,
    });
    // The kept answer named the lot: it is dropped by the delete's own triggers on SQLite, by the change feed
    // within a second on PostgreSQL (decision 158).
    await atOnce(async () => {
      const scan = await api.call('GET', `/products/qr-codes/${code}`);
      expect(scan.status).toBe(200);
      expect(scan.body.data.lot).toBeNull();
    });
  });
});
