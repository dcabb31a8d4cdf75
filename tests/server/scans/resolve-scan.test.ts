import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { scanEvents } from '#server/db/schema/index.ts';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { buildDigitalLink } from '#shared/gs1/digital-link.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { readScannedText } from '#shared/scanned-text.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { postFile } from '#tests/server/products/helpers.ts';

/**
 * A scan in the app (products.resolveScan) and a photo sent to POST /api/products/scan-qr, for every
 * code the app prints (decision 184): the product, the page the scan leads to, and one scan event, of
 * the lot too when the code names one the app knows.
 */
const PUBLIC_URL = 'http://localhost:3000';
const GTIN = '08930000000019';

async function world() {
  const api = await createTestApi();
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const staff = callerFor(api.deps, admin);
  const product = await staff.products.create({ name: 'Gạo ST25', status: 'ACTIVE', gtin: GTIN });
  const hidden = await staff.products.create({
    name: 'Gạo chưa bán',
    status: 'INACTIVE',
    gtin: '09506000134352',
  });
  const lot = await staff.lots.create({
    productId: product.id,
    code: 'LOT2611',
    events: [{ activity: 'Xay xát', location: 'Sóc Trăng', date: '2026-10-03' }],
  });
  await staff.lots.recall({ id: lot.id, reason: 'Nhiễm khuẩn' });
  const hiddenLot = await staff.lots.create({ productId: hidden.id, code: 'LOT1' });
  const visitor = callerFor(api.deps, null);
  /** The scan events, one per scan (on PostgreSQL a window's scans of one kind are one row, decision 076). */
  const scans = async () => {
    await flushScanEvents(api.deps);
    const rows = await api.deps.db
      .select({
        productId: scanEvents.productId,
        lotId: scanEvents.lotId,
        userId: scanEvents.userId,
        scans: scanEvents.scans,
      })
      .from(scanEvents);
    return rows.flatMap(({ scans: n, ...row }) => Array.from({ length: n }, () => row));
  };
  return { api, admin, staff, visitor, product, hidden, lot, hiddenLot, scans };
}

const target = (text: string) => {
  const t = readScannedText(text, [PUBLIC_URL]);
  if (!t) throw new Error(`not ours: ${text}`);
  return t;
};

describe('[GUEST][router][scans] products.resolveScan: every printed code leads to its page and is one scan', () => {
  it("[GUEST][router][scans]: a lot's Digital Link opens its lot page, recall first, and counts for the lot", async () => {
    const { visitor, product, lot, scans } = await world();
    const answer = await visitor.products.resolveScan(
      target(buildDigitalLink(PUBLIC_URL, { gtin: GTIN, lot: 'LOT2611' })),
    );
    expect(answer.page).toBe(`/lots/${lot.id}`);
    expect(answer).toMatchObject({
      id: product.id,
      name: 'Gạo ST25',
      lot: { id: lot.id, code: 'LOT2611', recalled: true },
    });
    expect(answer.lot?.recallReason).toBe('Nhiễm khuẩn');
    // The lot page's own answer comes along, so that page opens with no second request.
    expect(answer.lotPage?.lot).toMatchObject({ id: lot.id, recalled: true });
    expect(answer.lotPage?.lot.events.map((e) => e.activity)).toEqual(['Xay xát']);
    expect(answer.scanned).toEqual({ kind: 'gtin', gtin: GTIN, lot: 'LOT2611' });
    expect(await scans()).toEqual([{ productId: product.id, lotId: lot.id, userId: null }]);
  });

  it('[GUEST][router][scans]: the same lot by any qualifiers, query, or another resolver: the same page', async () => {
    const { visitor, lot } = await world();
    for (const text of [
      `${PUBLIC_URL}/01/${GTIN}/22/V1/10/LOT2611/21/S9?17=271231`,
      `https://id.gs1.org/01/${GTIN}/10/LOT2611`,
      `${PUBLIC_URL}/lots/${lot.id}`,
    ]) {
      expect((await visitor.products.resolveScan(target(text))).page, text).toBe(`/lots/${lot.id}`);
    }
  });

  it('[GUEST][router][scans]: a GTIN alone, a product page, a printed code: the product page; an unknown lot: the product page naming it', async () => {
    const { visitor, product, scans } = await world();
    for (const text of [
      `${PUBLIC_URL}/01/${GTIN}`,
      `https://brand.example.com/dl/01/${GTIN}`,
      `${PUBLIC_URL}/products/details/${product.id}`,
      `${PUBLIC_URL}/redirect/${product.qr_code}`,
      product.qr_code.toUpperCase(),
    ]) {
      const answer = await visitor.products.resolveScan(target(text));
      expect(answer.page, text).toBe(`/products/details/${product.id}`);
      expect(answer.lot, text).toBeNull();
      expect(answer.lotPage, text).toBeNull();
    }
    const unknown = await visitor.products.resolveScan(target(`${PUBLIC_URL}/01/${GTIN}/10/NOPE-1`));
    expect(unknown.page).toBe(`/products/details/${product.id}?lot=NOPE-1`);
    expect(unknown.lot).toBeNull();
    // Six scans of the product, none of a lot.
    const events = await scans();
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.productId === product.id && e.lotId === null)).toBe(true);
  });

  it('[GUEST][router][scans]: a signed-in scan records the user; what names nothing public is 404 and no scan', async () => {
    const { api, admin, visitor, hidden, hiddenLot, product, scans } = await world();
    await callerFor(api.deps, admin).products.resolveScan({ kind: 'product', id: product.id });
    expect(await scans()).toEqual([{ productId: product.id, lotId: null, userId: admin.id }]);
    for (const t of [
      target(`${PUBLIC_URL}/01/00000001234565`), // nobody's GTIN
      target(`https://id.gs1.org/01/00000001234565/10/A`),
      target(`${PUBLIC_URL}/01/09506000134352/10/LOT1`), // an INACTIVE product's lot
      target(`${PUBLIC_URL}/lots/${hiddenLot.id}`),
      target(`${PUBLIC_URL}/products/details/${hidden.id}`),
      target(`${PUBLIC_URL}/redirect/${hidden.qr_code}`),
      target(`${PUBLIC_URL}/lots/999999`),
    ]) {
      await expect(visitor.products.resolveScan(t), JSON.stringify(t)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(await scans()).toHaveLength(1);
  });

  it('[GUEST][router][scans]: refuses input that is not a scanned target (400), before any lookup', async () => {
    const { api, product } = await world();
    const call = (input: unknown) =>
      api.call('GET', `/trpc/products.resolveScan?input=${encodeURIComponent(JSON.stringify(input))}`);
    expect((await call({ kind: 'product', id: product.id })).status).toBe(200);
    for (const input of [
      { kind: 'gtin', gtin: '08930000000018', lot: null },
      { kind: 'gtin', gtin: GTIN, lot: 'Lô 1' },
      { kind: 'lot', id: 0 },
      { kind: 'url', url: 'https://evil.example' },
      { kind: 'code', code: 'a' },
    ]) {
      expect((await call(input)).status, JSON.stringify(input)).toBe(400);
    }
  });
});

describe('[GUEST][REST][scans] POST /api/products/scan-qr reads every printed code', () => {
  it('[GUEST][REST][scans]: with Digital Link on, the PNG of a lot code the lots page downloads answers the lot, recalled, and its page', async () => {
    const { api, staff, product, lot, scans } = await world();
    await staff.auth.updateCompany({ digital_link_qr: true });
    const made = await staff.lots.createQrCode({ id: lot.id });
    const code = JSON.stringify(made).match(/"code":"([a-z2-9]{12})"/)?.[1] ?? '';
    const image = await api.app.request(`/api/qr/${code}.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    const res = await postFile(api, '/products/scan-qr', png, 'lo-LOT2611.png', undefined, 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: product.id,
      page: `/lots/${lot.id}`,
      lot: { id: lot.id, code: 'LOT2611', recalled: true, recallReason: 'Nhiễm khuẩn' },
      scanned: { kind: 'gtin', gtin: GTIN, lot: 'LOT2611' },
    });
    expect(res.body.data.found).toHaveLength(1);
    expect(await scans()).toEqual([{ productId: product.id, lotId: lot.id, userId: null }]);
  });

  it("[GUEST][REST][scans]: another resolver's Digital Link of our GTIN is our product; of an unknown GTIN it is 404, a foreign address 400", async () => {
    const { api, product } = await world();
    const post = async (text: string) =>
      postFile(
        api,
        '/products/scan-qr',
        await QRCode.toBuffer(text, { width: 300 }),
        'x.png',
        undefined,
        'image/png',
      );
    const ours = await post(`https://id.gs1.org/01/${GTIN}`);
    expect(ours.status).toBe(200);
    expect(ours.body.data).toMatchObject({ id: product.id, page: `/products/details/${product.id}` });
    const unknown = await post('https://id.gs1.org/01/00000001234565');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(vi.products.notFound);
    const foreign = await post('https://evil.example/lots/1');
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(vi.scan.notOurs);
  });

  it('[GUEST][REST][scans]: a photo with a lot code and a product of another company: both found, no scan until the pick', async () => {
    const { api, lot, scans } = await world();
    const other = await callerFor(
      api.deps,
      await createUser(api.deps, { role: 'COMPANY_ADMIN' }),
    ).products.create({
      name: 'Nước mắm',
      status: 'ACTIVE',
    });
    const sharp = (await import('sharp')).default;
    const a = await QRCode.toBuffer(`${PUBLIC_URL}/01/${GTIN}/10/LOT2611`, { width: 400 });
    const b = await QRCode.toBuffer(`${PUBLIC_URL}/redirect/${other.qr_code}`, { width: 400 });
    const photo = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#fff' } })
      .composite([
        { input: a, left: 50, top: 50 },
        { input: b, left: 550, top: 50 },
      ])
      .png()
      .toBuffer();
    const res = await postFile(api, '/products/scan-qr', photo, 'ke.png', undefined, 'image/png');
    expect(res.status, res.text).toBe(200);
    const found = res.body.data.found as Array<{ page: string; scanned: unknown }>;
    expect(found.map((f) => f.page).sort()).toEqual(
      [`/lots/${lot.id}`, `/products/details/${other.id}`].sort(),
    );
    expect(await scans()).toEqual([]);
    // The pick is the scan: the answer's `scanned` resolves again.
    const pick = found.find((f) => f.page === `/lots/${lot.id}`);
    await callerFor(api.deps, null).products.resolveScan(pick?.scanned as never);
    expect((await scans()).map((e) => e.lotId)).toEqual([lot.id]);
    expect(
      await api.deps.db.select().from(scanEvents).where(eq(scanEvents.productId, other.id)),
    ).toHaveLength(0);
  });
});
