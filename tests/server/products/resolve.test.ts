import { describe, expect, it } from 'vitest';
import { deviceClass } from '#server/services/scans/device.ts';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, TIMELINE } from './helpers.ts';

const { scanEvents, shortLinks } = tables;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

async function setup() {
  // TRUST_PROXY so that the request does carry a client IP the scan event must not keep.
  const api = await createTestApi({ TRUST_PROXY: '1' });
  const p = await people(api.deps);
  const active = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Cà phê', status: 'ACTIVE', origin: 'Đắk Lắk' },
    TIMELINE,
  );
  const inactive = await makeProduct(api.deps, p.companyA.id, { name: 'Chưa bán', status: 'INACTIVE' });
  return { api, p, active, inactive };
}

describe('[GUEST][REST][products] public resolve', () => {
  it('[GUEST][REST][products]: an ACTIVE product comes with its company and timeline, and one scan is recorded without IP', async () => {
    const { api, p, active } = await setup();
    const res = await api.call('GET', `/products/qr-codes/${active.qrCode}`, {
      headers: { 'user-agent': IPHONE, 'x-forwarded-for': '203.0.113.77' },
    });
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: active.id, name: 'Cà phê', status: 'ACTIVE', qr_code: active.qrCode });
    expect(d.company).toMatchObject({ id: p.companyA.id, name: 'Công ty Cà phê Đắk Lắk' });
    expect(d.trackings.map((t: { activity: string }) => t.activity)).toEqual([
      'Thu hoạch',
      'Rang',
      'Đóng gói',
    ]);

    await flushScanEvents(api.deps);
    const events = await api.deps.db.select().from(scanEvents);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      productId: active.id,
      companyId: p.companyA.id,
      userId: null,
      device: 'mobile',
      scans: 1,
    });
    expect(Object.keys(events[0] ?? {}).sort()).toEqual([
      'companyId',
      'createdAt',
      'device',
      'id',
      'lotId',
      'productId',
      'scans',
      'userId',
    ]);
    // Every column of the row, as stored.
    const raw = JSON.stringify(events);
    expect(raw).not.toContain('203.0.113.77');
    expect(raw).not.toContain('iPhone');
  });

  it('[USER][REST][products]: a signed-in scan records the user id', async () => {
    const { api, p, active } = await setup();
    const res = await api.call('GET', `/products/qr-codes/${active.qrCode}`, { token: p.tokens.user });
    expect(res.status).toBe(200);
    await flushScanEvents(api.deps);
    expect((await api.deps.db.select().from(scanEvents))[0]).toMatchObject({
      userId: p.user.id,
      device: 'other',
    });
  });

  it('[GUEST][REST][products]: INACTIVE, unbound and unknown codes are the same 404, and record nothing', async () => {
    const { api, p, inactive } = await setup();
    await api.deps.db
      .insert(shortLinks)
      .values({ code: 'unbound-xyz1', companyId: p.companyA.id, createdAt: new Date() });
    for (const code of [inactive.qrCode, 'unbound-xyz1', 'khong-co-ma']) {
      const res = await api.call('GET', `/products/qr-codes/${code}`);
      expect(res.status, code).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: vi.products.notFound });
    }
    await flushScanEvents(api.deps);
    expect(await api.deps.db.select().from(scanEvents)).toHaveLength(0);
    expect((await api.call('GET', '/products/qr-codes/a%20b')).status).toBe(400);
  });

  it('[COMPANY_ADMIN][tRPC][products]: even its own company sees an INACTIVE product as 404 on the public path', async () => {
    const { api, p, inactive } = await setup();
    await expect(
      callerFor(api.deps, p.adminA).products.resolve({ code: inactive.qrCode }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('[GUEST][REST][products]: a product made INACTIVE stops resolving at once', async () => {
    const { api, p, active } = await setup();
    expect((await api.call('GET', `/products/qr-codes/${active.qrCode}`)).status).toBe(200);
    await api.call('PUT', `/products/${active.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Cà phê', status: 'INACTIVE' },
    });
    expect((await api.call('GET', `/products/qr-codes/${active.qrCode}`)).status).toBe(404);
  });
});

describe('[unit][scans] device class', () => {
  it('keeps only a coarse class', () => {
    expect(deviceClass(IPHONE)).toBe('mobile');
    expect(
      deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36'),
    ).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Safari/537.36')).toBe(
      'tablet',
    );
    expect(
      deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36'),
    ).toBe('desktop');
    expect(deviceClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15')).toBe('desktop');
    expect(deviceClass('curl/8.5.0')).toBe('other');
    expect(deviceClass('')).toBe('other');
  });
});
