import { eq, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toPublicCompany } from '#server/services/accounts/profile.ts';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { atOnce, engine, tables } from '#tests/helpers/deps.ts';
import { callerFor, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { companies, lotEvents, lots, products, scanEvents, shortLinks, trackingEntries } = tables;

/**
 * The public answers are cached serialized (decision 070). These prove the cache never serves an inactive,
 * deleted or outdated product: each write path that changes a public answer is followed by a resolve.
 */
async function world(env: Record<string, string> = {}) {
  const api = await createTestApi(env);
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

const resolveOf = (api: Awaited<ReturnType<typeof world>>['api'], code: string) =>
  api.call('GET', `/products/qr-codes/${code}`);

describe('[GUEST][REST][perf] the cached public resolve', () => {
  it('answers the same envelope as the procedure, and is cached after the first call', async () => {
    const { api, product, resolve } = await world();
    const first = await resolve();
    expect(first.status).toBe(200);
    expect(first.body.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({
      id: product.id,
      name: 'Cà phê Arabica Cầu Đất',
      company: { id: product.companyId },
    });
    expect(first.body.data.trackings).toHaveLength(1);
    expect(first.headers.get('content-type')).toContain('application/json');
    const viaProcedure = await callerFor(api.deps, null).products.resolve({ code: product.qr_code });
    expect(first.body.data).toEqual(viaProcedure);
    expect(api.deps.publicAnswers.size).toBeGreaterThan(0);
  });

  it('every resolve records a scan event, cache hit or not', async () => {
    const { api, resolve } = await world();
    await resolve();
    await resolve();
    await resolve();
    await flushScanEvents(api.deps);
    const [counted] = await api.deps.db.select({ n: sum(scanEvents.scans).mapWith(Number) }).from(scanEvents);
    expect(counted?.n).toBe(3);
  });

  it('an edit of the product shows at once', async () => {
    const { caller, product, resolve } = await world();
    await resolve();
    await caller.products.update({ id: product.id, name: 'Cà phê Arabica mới' });
    await atOnce(async () => expect((await resolve()).body.data.name).toBe('Cà phê Arabica mới'));
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
    await atOnce(async () =>
      expect((await resolve()).body.data.trackings.map((t: { activity: string }) => t.activity)).toEqual([
        'Thu hoạch',
        'Rang',
      ]),
    );
  });

  it('a product set INACTIVE is 404 at once', async () => {
    const { caller, product, resolve } = await world();
    expect((await resolve()).status).toBe(200);
    await caller.products.update({ id: product.id, name: product.name, status: 'INACTIVE' });
    await atOnce(async () => expect((await resolve()).status).toBe(404));
  });

  it('a deleted product is 404 at once', async () => {
    const { caller, product, resolve } = await world();
    expect((await resolve()).status).toBe(200);
    await caller.products.delete({ id: product.id });
    await atOnce(async () => expect((await resolve()).status).toBe(404));
  });

  it("a change of the company's profile shows at once", async () => {
    const { caller, resolve } = await world();
    await resolve();
    await caller.auth.updateCompany({ name: 'HTX Cầu Đất (mới)' });
    await atOnce(async () => expect((await resolve()).body.data.company.name).toBe('HTX Cầu Đất (mới)'));
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
    await atOnce(async () => {
      expect((await api.call('GET', `/shortLinks/${printed!.code}`)).body.data.productId).toBe(product.id);
      expect((await api.call('GET', `/products/qr-codes/${printed!.code}`)).body.data.id).toBe(product.id);
    });
  });

  it('SQLite builds the answer byte for byte as the workspace serializes the product and its company', async () => {
    const { api, caller } = await world();
    // Quotes, backslashes, control characters, tone marks, an emoji, markup: every escape JSON has.
    const awkward = 'Mật "ong" \\ rừng\tU Minh\n</script><!-- \u0001 🐝';
    const product = await caller.products.create({
      name: awkward,
      status: 'ACTIVE',
      category: 'Mật ong',
      unit: 'hũ',
      tags: ['rừng', 'a"b'],
      trackings: [
        { activity: 'Khai thác', location: 'U Minh', date: '2026-03-20', description: awkward },
        { activity: 'Đóng hũ', location: '', date: '2026-03-21', description: '' },
      ],
    });
    const answer = await api.call('GET', `/products/qr-codes/${product.qr_code}`);
    const company = (
      await api.deps.db.select().from(companies).where(eq(companies.id, product.companyId))
    )[0]!;
    const workspace = await caller.products.get({ id: product.id });
    const expected = {
      statusCode: 200,
      message: vi.api.ok,
      data: {
        ...workspace,
        languages: company.languages,
        company: toPublicCompany(company),
        lot: null,
        recalledLots: [],
      },
    };
    expect(answer.text).toBe(JSON.stringify(expected));
    const link = await api.call('GET', `/shortLinks/${product.qr_code}`);
    expect(link.text).toBe(
      JSON.stringify({
        statusCode: 200,
        message: vi.api.ok,
        data: { code: product.qr_code, productId: product.id, url: product.qr_code_url },
      }),
    );
  });

  it('SQLite builds the lot facts and the lot page byte for byte as the workspace serializes the lot (decision 126)', async () => {
    const { api, caller } = await world();
    const awkward = 'Lô "đặc biệt" \\ \t</script> 🐝';
    const product = await caller.products.create({
      name: 'Mật ong rừng',
      status: 'ACTIVE',
      gtin: '08930000000019',
      brand: awkward,
      standards: 'TCVN 5267-1:2008',
      shelf_life: '24 tháng',
      trackings: [{ activity: 'Khai thác', location: 'U Minh', date: '2026-03-20', description: '' }],
    });
    await api.deps.db
      .update(companies)
      .set({ taxCode: '0100233488', gln: '8930000000002' })
      .where(eq(companies.id, product.companyId));
    const recalled = await caller.lots.create({
      productId: product.id,
      code: 'R2',
      productionDate: '2026-03-21',
      expiryDate: '2027-03-21',
      expiryKind: 'BEST_BEFORE',
      quantity: 40,
      unit: 'hũ',
      events: [
        {
          activity: 'Đóng hũ',
          location: 'Cà Mau',
          date: '2026-03-21T08:30:00+07:00',
          description: awkward,
          bizStep: 'commissioning',
          gln: '8930000000002',
        },
      ],
    });
    // Where R2's goods came from (decision 200): a named supplier's receipt, and A1, made from an unnamed one's.
    const named = await caller.partners.create({
      name: 'HTX Ong "U Minh"',
      kind: 'SUPPLIER',
      province: 'Cà Mau',
      publicName: true,
    });
    const unnamed = await caller.partners.create({
      name: 'Hộ Nguyễn Văn A',
      kind: 'BOTH',
      province: 'Kiên Giang',
    });
    const a1 = await caller.lots.create({ productId: product.id, code: 'A1', productionDate: '2026-03-01' });
    await caller.receipts.create({
      lotId: recalled.id,
      partnerId: named.id,
      quantity: '12.5',
      unit: 'KGM',
      date: '2026-03-20',
    });
    await caller.receipts.create({
      lotId: a1.id,
      partnerId: unnamed.id,
      quantity: '3',
      unit: 'KGM',
      date: '2026-02-27',
    });
    await caller.supplyChain.addInputs({
      lotId: recalled.id,
      inputs: [{ lotId: a1.id, quantity: '3', unit: 'KGM' }],
    });
    await caller.lots.recall({ id: recalled.id, reason: awkward });
    const other = await caller.lots.recall({
      id: (await caller.lots.create({ productId: product.id, code: 'B3' })).id,
      reason: 'Nhãn sai',
    });
    const withCode = await caller.lots.createQrCode({ id: recalled.id });
    const lotCode = withCode.qrCodes[0]!.code;

    const company = (
      await api.deps.db.select().from(companies).where(eq(companies.id, product.companyId))
    )[0]!;
    const workspace = await caller.products.get({ id: product.id });
    const publicLot = (l: Awaited<ReturnType<typeof caller.lots.get>>) => ({
      id: l.id,
      code: l.code,
      productionDate: l.productionDate,
      expiryDate: l.expiryDate,
      expiryKind: l.expiryKind,
      recalled: l.recalled,
      recalledAt: l.recalledAt,
      recallReason: l.recallReason,
      inputRecallCode: l.inputRecallCode,
      inputRecallReason: l.inputRecallReason,
      translations: l.translations,
    });
    const r = await caller.lots.get({ id: recalled.id });
    const origins = [{ province: 'Cà Mau', country: 'VN', name: 'HTX Ong "U Minh"' }];
    const inputs = [
      {
        code: 'A1',
        productName: 'Mật ong rừng',
        origins: [{ province: 'Kiên Giang', country: 'VN', name: null }],
        plots: [],
      },
    ];
    const b = await caller.lots.get({ id: other.id });
    // Recalled lots by code: B3 before R2; A1 is not recalled.
    const productData = {
      ...workspace,
      languages: company.languages,
      company: toPublicCompany(company),
      lot: null,
      recalledLots: [publicLot(b), publicLot(r)],
    };
    const ok = (data: unknown) => JSON.stringify({ statusCode: 200, message: vi.api.ok, data });

    expect((await api.call('GET', `/products/qr-codes/${product.qr_code}`)).text).toBe(ok(productData));
    expect((await api.call('GET', `/products/qr-codes/${lotCode}`)).text).toBe(
      ok({ ...productData, lot: publicLot(r) }),
    );
    expect((await api.call('GET', `/public/lots/${recalled.id}`)).text).toBe(
      ok({ lot: { ...publicLot(r), events: r.events, origins, plots: [], inputs }, product: productData }),
    );
    // The app's own procedure gets the same answer.
    expect(await callerFor(api.deps, null).lots.publicById({ id: recalled.id })).toEqual({
      lot: { ...publicLot(r), events: r.events, origins, plots: [], inputs },
      product: productData,
    });
  });

  it('a lot page is a public answer: kept, and dropped by the triggers when the lot, its journey or its product changes', async () => {
    const { api, caller, product } = await world();
    const lot = await caller.lots.create({
      productId: product.id,
      code: 'L1',
      events: [{ activity: 'Đóng gói', location: '', date: '2026-10-02' }],
    });
    const page = () => api.call('GET', `/public/lots/${lot.id}`);
    const size = api.deps.publicAnswers.size;
    expect((await page()).body.data.lot.recalled).toBe(false);
    expect(api.deps.publicAnswers.size).toBe(size + 1);
    const db = api.deps.db;
    await db.update(lots).set({ recalledAt: new Date(), recallReason: 'Nấm mốc' }).where(eq(lots.id, lot.id));
    await atOnce(async () => {
      expect((await page()).body.data.lot).toMatchObject({ recalled: true, recallReason: 'Nấm mốc' });
      expect((await resolveOf(api, product.qr_code)).body.data.recalledLots).toMatchObject([{ code: 'L1' }]);
    });
    await db.update(lotEvents).set({ activity: 'Dán nhãn' }).where(eq(lotEvents.lotId, lot.id));
    await atOnce(async () => expect((await page()).body.data.lot.events[0].activity).toBe('Dán nhãn'));
    await db
      .update(trackingEntries)
      .set({ activity: 'Sấy' })
      .where(eq(trackingEntries.productId, product.id));
    await atOnce(async () => expect((await page()).body.data.product.trackings[0].activity).toBe('Sấy'));
    await db.update(companies).set({ name: 'HTX mới' }).where(eq(companies.id, product.companyId));
    await atOnce(async () => expect((await page()).body.data.product.company.name).toBe('HTX mới'));
    await caller.products.update({ id: product.id, name: product.name, status: 'INACTIVE' });
    await atOnce(async () => expect((await page()).status).toBe(404));
    await caller.products.update({ id: product.id, name: product.name, status: 'ACTIVE' });
    await db.delete(lots).where(eq(lots.id, lot.id));
    await atOnce(async () => {
      expect((await page()).body).toEqual({ statusCode: 404, message: vi.lots.notFound });
      expect((await resolveOf(api, product.qr_code)).body.data.recalledLots).toEqual([]);
    });
    expect((await api.call('GET', '/public/lots/abc')).status).toBe(400);
  });

  it('any write to what an answer is made of shows at once, whichever path writes it (the triggers)', async () => {
    const { api, product, resolve } = await world();
    await resolve();
    const db = api.deps.db;
    await db.update(products).set({ name: 'Tên mới' }).where(eq(products.id, product.id));
    await atOnce(async () => expect((await resolve()).body.data.name).toBe('Tên mới'));
    await db
      .update(trackingEntries)
      .set({ activity: 'Sấy' })
      .where(eq(trackingEntries.productId, product.id));
    await atOnce(async () => expect((await resolve()).body.data.trackings[0].activity).toBe('Sấy'));
    await db.update(companies).set({ name: 'HTX mới' }).where(eq(companies.id, product.companyId));
    await atOnce(async () => expect((await resolve()).body.data.company.name).toBe('HTX mới'));
    await db.delete(shortLinks).where(eq(shortLinks.code, product.qr_code));
    await atOnce(async () => expect((await resolve()).status).toBe(404));
  });

  it('a malformed code is 400 and an unknown one 404, as through the procedure', async () => {
    const { api } = await world();
    expect((await api.call('GET', '/products/qr-codes/%3Cscript%3E')).status).toBe(400);
    const unknown = await api.call('GET', '/products/qr-codes/khongtontai123');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: vi.products.notFound });
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect((await api.call('GET', '/shortLinks/khongtontai123')).body).toEqual({
      statusCode: 404,
      message: vi.products.shortLinkNotFound,
    });
  });
});

describe('[perf] buffered scan events', () => {
  it.skipIf(engine !== 'sqlite')(
    "are gathered for a window: the same product, user and device is one row counting its scans; statistics flush first (SQLite only: the buffer's own windows; PostgreSQL's clock-aligned ones are tests/server/statistics/scan-windows-pg.test.ts)",
    async () => {
      const { api, caller, product, resolve } = await world({ SCAN_FLUSH_MS: '50' });
      const rows = () =>
        api.deps.db
          .select({ device: scanEvents.device, scans: scanEvents.scans })
          .from(scanEvents)
          .orderBy(scanEvents.id);
      await Promise.all([resolve(), resolve(), resolve()]);
      expect(await rows()).toHaveLength(0);
      const stats = await caller.statistics.dashboard({});
      expect(stats.totalScans).toBe(3);
      expect(await rows()).toEqual([{ device: 'other', scans: 3 }]);

      // The next window: a phone and another visitor without a User-Agent, each their own count.
      const phone =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
      await api.call('GET', `/products/qr-codes/${product.qr_code}`, { headers: { 'user-agent': phone } });
      await api.call('GET', `/products/qr-codes/${product.qr_code}`, { headers: { 'user-agent': phone } });
      await resolve();
      await new Promise((r) => setTimeout(r, 120));
      expect(await rows()).toEqual([
        { device: 'other', scans: 3 },
        { device: 'mobile', scans: 2 },
        { device: 'other', scans: 1 },
      ]);
      const after = await caller.statistics.dashboard({});
      expect(after.totalScans).toBe(6);
      expect(after.topProducts).toEqual([{ id: product.id, name: product.name, scans: 6 }]);
      expect(after.scansByDay.at(-1)?.count).toBe(6);
      expect(
        (await callerFor(api.deps, await createUser(api.deps, { role: 'SUPER_ADMIN' })).statistics.general())
          .totalScans,
      ).toBe(6);
    },
  );

  it('an event of a product deleted before the flush is dropped without losing the others', async () => {
    const { api, caller, product, resolve } = await world({ SCAN_FLUSH_MS: '1000' });
    const other = await caller.products.create({ name: 'Trà xanh', status: 'ACTIVE' });
    await resolve();
    await api.call('GET', `/products/qr-codes/${other.qr_code}`);
    await caller.products.delete({ id: product.id });
    await flushScanEvents(api.deps);
    const rows = await api.deps.db.select().from(scanEvents);
    expect(rows.map((r) => r.productId)).toEqual([other.id]);
  });
});
