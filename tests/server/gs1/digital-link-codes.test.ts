import { describe, expect, it } from 'vitest';
import { decodeQr } from '#server/services/scans/decode-qr.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { atOnce, tables } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';

const { scanEvents } = tables;

/**
 * A company that prints GS1 Digital Link QR codes (decision 131): the setting, what its labels and
 * images encode, and its Digital Links' opens counted as scans (decision 136).
 */
const PUBLIC_URL = 'https://truyxuat.example.vn';
const GTIN = '08930000000019';

async function setup() {
  const api = await createTestApi({ PUBLIC_URL });
  const p = await people(api.deps);
  const product = await makeProduct(api.deps, p.companyA.id, {
    name: 'Gạo ST25',
    status: 'ACTIVE',
    gtin: GTIN,
  });
  const admin = callerFor(api.deps, p.adminA);
  const lot = await admin.lots.create({ productId: product.id, code: 'L2405A' });
  const code = (await admin.lots.createQrCode({ id: lot.id })).qrCodes[0]!.code;
  return { api, p, product, admin, lot, code };
}

describe('[COMPANY_ADMIN][REST][gs1] the "In mã QR theo chuẩn GS1 Digital Link" setting', () => {
  it('[COMPANY_ADMIN][REST][gs1]: is Không by default, set through REST and tRPC, and changes what labels and images encode', async () => {
    const { api, p, admin, lot, code } = await setup();
    const profile = await api.call('GET', `/companies/${p.companyA.id}`);
    expect(profile.body.data.digital_link_qr).toBe(false);
    const labelUrl = async () =>
      (await api.call('GET', '/shortLinks?limit=50', { token: p.tokens.adminA })).body.data.shortLinks.find(
        (s: { code: string }) => s.code === code,
      ).url;
    const imageUrl = async () =>
      decodeQr(new Uint8Array(await (await api.app.request(`/api/qr/${code}.png`)).arrayBuffer()));
    expect(await labelUrl()).toBe(`${PUBLIC_URL}/redirect/${code}`);
    expect(await imageUrl()).toBe(`${PUBLIC_URL}/redirect/${code}`);

    const on = await api.call('PATCH', '/auth/company', {
      token: p.tokens.adminA,
      body: { digital_link_qr: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.data.digital_link_qr).toBe(true);
    expect((await api.call('GET', `/companies/${p.companyA.id}`)).body.data.digital_link_qr).toBe(true);
    const dl = `${PUBLIC_URL}/01/${GTIN}/10/L2405A`;
    // The label sheet is printed from the list's url; the lot's own codes list it too.
    expect(await labelUrl()).toBe(dl);
    expect((await admin.lots.get({ id: lot.id })).qrCodes[0]?.url).toBe(dl);
    expect(await imageUrl()).toBe(dl);

    const off = await admin.auth.updateCompany({ digital_link_qr: false });
    expect(off.digital_link_qr).toBe(false);
    expect(await labelUrl()).toBe(`${PUBLIC_URL}/redirect/${code}`);
  });

  it('[COMPANY_ADMIN][REST][gs1]: anything but Có/Không is refused in Vietnamese and changes nothing; an employee may not set it', async () => {
    const { api, p } = await setup();
    const bad = await api.call('PATCH', '/auth/company', {
      token: p.tokens.adminA,
      body: { digital_link_qr: 'có' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ digital_link_qr: vi.gs1.digitalLinkQrChoice });
    const employee = await api.call('PATCH', '/auth/company', {
      token: p.tokens.employeeA,
      body: { digital_link_qr: true },
    });
    expect(employee.status).toBe(403);
    expect((await api.call('GET', `/companies/${p.companyA.id}`)).body.data.digital_link_qr).toBe(false);
  });
});

describe('[GUEST][REST][gs1] a Digital Link opened is a scan (decision 136)', () => {
  it('[GUEST][REST][gs1]: a visitor sent on to the default link counts a scan of the product, and of the lot when it is known', async () => {
    const { api, p, product, lot, admin } = await setup();
    const open = (path: string, init: RequestInit = {}) =>
      api.app.request(path, { redirect: 'manual', ...init });
    const lotOpen = await open(`/01/${GTIN}/10/L2405A`);
    expect(lotOpen.status).toBe(307);
    expect(lotOpen.headers.get('location')).toBe(`${PUBLIC_URL}/lots/${lot.id}`);
    expect((await open(`/01/${GTIN}`)).headers.get('location')).toBe(
      `${PUBLIC_URL}/products/details/${product.id}`,
    );
    // An unknown lot walks up to the product: a scan of the product alone.
    expect((await open(`/01/${GTIN}/10/KHONGCO`)).status).toBe(307);
    // Not scans: HEAD, OPTIONS, the linkset, another link type, an unknown GTIN.
    await open(`/01/${GTIN}/10/L2405A`, { method: 'HEAD' });
    await open(`/01/${GTIN}/10/L2405A`, { method: 'OPTIONS' });
    await open(`/01/${GTIN}/10/L2405A?linkType=linkset`);
    await open(`/01/${GTIN}?linkType=gs1:pip`);
    expect((await open('/01/09506000134352')).status).toBe(404);

    const events = await api.deps.db.select().from(scanEvents);
    expect(events.map((e) => [e.productId, e.companyId, e.lotId, e.scans])).toEqual([
      [product.id, p.companyA.id, lot.id, 1],
      [product.id, p.companyA.id, null, 1],
      [product.id, p.companyA.id, null, 1],
    ]);
    const dash = await api.call('GET', '/companies/dashboard/statistic', { token: p.tokens.adminA });
    expect(dash.body.data.totalScans).toBe(3);

    // A recalled lot: its Digital Link leads to its page, whose answer carries the recall; the scan counts as a recalled lot's.
    await admin.lots.recall({ id: lot.id, reason: 'Nhiễm khuẩn' });
    const recalled = await open(`/01/${GTIN}/10/L2405A`);
    const page = new URL(recalled.headers.get('location') as string).pathname;
    expect(page).toBe(`/lots/${lot.id}`);
    // On PostgreSQL the kept answer is dropped by the change's notification, within a second (decision 158).
    await atOnce(async () =>
      expect((await api.call('GET', `/public${page}`)).body.data.lot).toMatchObject({
        recalled: true,
        recallReason: 'Nhiễm khuẩn',
      }),
    );
    const after = await api.call('GET', '/companies/dashboard/statistic', { token: p.tokens.adminA });
    expect(after.body.data).toMatchObject({ totalScans: 4, recalledLotScans: 2 });
  });
});
