import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, TIMELINE } from './helpers.ts';

const { shortLinks, trackingEntries } = tables;

async function setup() {
  const api = await createTestApi();
  return { api, p: await people(api.deps) };
}

const FULL = {
  name: 'Cà phê Robusta',
  image: '/uploads/abc123.png',
  images: ['/uploads/abc123.png', '/uploads/def456.jpg'],
  status: 'ACTIVE',
  category: 'Cà phê',
  unit: 'Túi',
  tags: ['hữu cơ', 'rang mộc'],
  origin: 'Đắk Lắk',
  trackings: TIMELINE,
};

describe('[REST][products] create, read, update, delete', () => {
  it('[COMPANY_ADMIN][REST][products]: creates a product with images, tags, timeline and a fresh QR code', async () => {
    const { api, p } = await setup();
    const res = await api.call('POST', '/products', { token: p.tokens.adminA, body: FULL });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ statusCode: 201, message: vi.products.created });
    const d = res.body.data;
    expect(d).toMatchObject({
      name: 'Cà phê Robusta',
      companyId: p.companyA.id,
      images: FULL.images,
      tags: FULL.tags,
      status: 'ACTIVE',
      version: 1,
    });
    expect(d.qr_code).toMatch(/^[a-z2-9]{12}$/);
    expect(d.qr_code_image).toBe(`/api/qr/${d.qr_code}.png`);
    expect(d.qr_code_url).toBe(`http://localhost:3000/redirect/${d.qr_code}`);
    expect(d.trackings.map((t: { activity: string }) => t.activity)).toEqual([
      'Thu hoạch',
      'Rang',
      'Đóng gói',
    ]);
    expect(d.trackings[0]).toMatchObject({
      location: 'Buôn Ma Thuột',
      date: '2024-01-10',
      companyId: p.companyA.id,
    });
    expect(d).not.toHaveProperty('searchText');
    expect(d).not.toHaveProperty('search_text');
    // The code is a short link bound to the product.
    const [link] = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, d.qr_code));
    expect(link).toMatchObject({ productId: d.id, companyId: p.companyA.id });
  });

  it('[EMPLOYEE][REST][products]: a new product defaults to INACTIVE and the first image becomes the cover', async () => {
    const { api, p } = await setup();
    const res = await api.call('POST', '/products', {
      token: p.tokens.employeeA,
      body: { name: 'Trà', images: ['/uploads/t1.png'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'INACTIVE', image: '/uploads/t1.png', trackings: [] });
  });

  it('[COMPANY_ADMIN][REST][products]: the company comes from the session, another company named is 403', async () => {
    const { api, p } = await setup();
    const res = await api.call('POST', '/products', {
      token: p.tokens.adminA,
      body: { name: 'Lén', companyId: p.companyB.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(vi.products.otherCompany);
  });

  it('[SUPER_ADMIN][REST][products]: must name the company when creating', async () => {
    const { api, p } = await setup();
    const res = await api.call('POST', '/products', { token: p.tokens.superAdmin, body: { name: 'X' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(vi.products.companyRequired);
    const ok = await api.call('POST', '/products', {
      token: p.tokens.superAdmin,
      body: { name: 'X', companyId: p.companyB.id },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.companyId).toBe(p.companyB.id);
  });

  it('[COMPANY_ADMIN][REST][products]: invalid bodies are 400 with field errors', async () => {
    const { api, p } = await setup();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A', image: 'javascript:alert(1)' }, 'image'],
      [{ name: 'A', images: ['https://tracker.example/x.png'] }, 'images.0'],
      [{ name: 'A', status: 'DELETED' }, 'status'],
      [{ name: 'A', trackings: [{ activity: 'Gieo', date: 'hôm qua' }] }, 'trackings.0.date'],
      [{ name: 'A', trackings: [{ date: '2024-01-01' }] }, 'trackings.0.activity'],
      [{ name: 'A', qr_code: 'có dấu!' }, 'qr_code'],
      [{ name: 'A', price: 10 }, 'price'],
    ];
    for (const [body, field] of cases) {
      const res = await api.call('POST', '/products', { token: p.tokens.adminA, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(vi.errors.validation);
      expect(res.body.errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(
      (await api.call('POST', '/products', { token: p.tokens.adminA, body: { name: 'A', price: 1 } })).body
        .errors,
    ).toEqual({ price: vi.validation.unknownField('price') });
  });

  it('[EMPLOYEE][REST][products]: GET /products/{id} answers the timeline in order', async () => {
    const { api, p } = await setup();
    const product = await makeProduct(api.deps, p.companyA.id, { name: 'Tiêu' }, [...TIMELINE].reverse());
    const res = await api.call('GET', `/products/${product.id}`, { token: p.tokens.employeeA });
    expect(res.status).toBe(200);
    expect(res.body.data.trackings.map((t: { activity: string }) => t.activity)).toEqual([
      'Đóng gói',
      'Rang',
      'Thu hoạch',
    ]);
  });

  it('[COMPANY_ADMIN][REST][products]: an unknown product is 404, a malformed id 400', async () => {
    const { api, p } = await setup();
    const res = await api.call('GET', '/products/99999', { token: p.tokens.adminA });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(vi.products.notFound);
    expect((await api.call('GET', '/products/abc', { token: p.tokens.adminA })).status).toBe(400);
  });

  it('[COMPANY_ADMIN][REST][products]: PUT replaces the timeline, keeps left-out fields and moves the version on', async () => {
    const { api, p } = await setup();
    const created = (await api.call('POST', '/products', { token: p.tokens.adminA, body: FULL })).body.data;
    const res = await api.call('PUT', `/products/${created.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Cà phê Arabica', trackings: [{ activity: 'Gieo hạt', date: '2023-05-01' }], version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(vi.products.updated);
    expect(res.body.data).toMatchObject({
      name: 'Cà phê Arabica',
      origin: 'Đắk Lắk',
      tags: FULL.tags,
      images: FULL.images,
      version: 2,
      qr_code: created.qr_code,
    });
    expect(res.body.data.trackings).toEqual([
      expect.objectContaining({ activity: 'Gieo hạt', location: '', description: '', date: '2023-05-01' }),
    ]);
    const rows = await api.deps.db
      .select()
      .from(trackingEntries)
      .where(eq(trackingEntries.productId, created.id));
    expect(rows).toHaveLength(1);
  });

  it('[EMPLOYEE][REST][products]: a PUT with a stale version is 409 and changes nothing', async () => {
    const { api, p } = await setup();
    const created = (await api.call('POST', '/products', { token: p.tokens.adminA, body: FULL })).body.data;
    const first = await api.call('PUT', `/products/${created.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Bản của admin', version: 1 },
    });
    expect(first.body.data.version).toBe(2);
    const stale = await api.call('PUT', `/products/${created.id}`, {
      token: p.tokens.employeeA,
      body: { name: 'Bản cũ của nhân viên', trackings: [], version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(vi.errors.versionConflict);
    const now = await api.call('GET', `/products/${created.id}`, { token: p.tokens.adminA });
    expect(now.body.data).toMatchObject({ name: 'Bản của admin', version: 2 });
    expect(now.body.data.trackings).toHaveLength(3);
  });

  it('[COMPANY_ADMIN][REST][products]: a failing save leaves no half-written timeline (one transaction)', async () => {
    const { api, p } = await setup();
    const other = await makeProduct(api.deps, p.companyA.id, { name: 'Khác' });
    const created = (await api.call('POST', '/products', { token: p.tokens.adminA, body: FULL })).body.data;
    // The code is taken by another product: the whole save is refused, timeline included.
    const res = await api.call('PUT', `/products/${created.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Mới', qr_code: other.qrCode, trackings: [] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(vi.errors.qrCodeTaken);
    const now = await api.call('GET', `/products/${created.id}`, { token: p.tokens.adminA });
    expect(now.body.data).toMatchObject({ name: FULL.name, version: 1 });
    expect(now.body.data.trackings).toHaveLength(3);
  });

  it('[COMPANY_ADMIN][REST][products]: DELETE removes the product and its timeline, then it is 404', async () => {
    const { api, p } = await setup();
    const product = await makeProduct(api.deps, p.companyA.id, {}, TIMELINE);
    const res = await api.call('DELETE', `/products/${product.id}`, { token: p.tokens.adminA });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(vi.products.deleted);
    expect((await api.call('GET', `/products/${product.id}`, { token: p.tokens.adminA })).status).toBe(404);
    expect(await api.deps.db.select().from(trackingEntries)).toHaveLength(0);
    // Its code stays the company's, unbound, ready for another product.
    const [link] = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, product.qrCode));
    expect(link).toMatchObject({ productId: null, companyId: p.companyA.id });
    expect((await api.call('DELETE', `/products/${product.id}`, { token: p.tokens.adminA })).status).toBe(
      404,
    );
  });
});

describe('[REST][products] QR codes of products', () => {
  it('[COMPANY_ADMIN][REST][products]: a product may take an unbound code of its own company, which binds it', async () => {
    const { api, p } = await setup();
    await api.deps.db.insert(shortLinks).values({ code: 'printed-0001', companyId: p.companyA.id });
    const res = await api.call('POST', '/products', {
      token: p.tokens.adminA,
      body: { name: 'Có nhãn in sẵn', qr_code: 'printed-0001' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.qr_code).toBe('printed-0001');
    const [link] = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, 'printed-0001'));
    expect(link?.productId).toBe(res.body.data.id);
  });

  it("[COMPANY_ADMIN][REST][products]: another company's unbound code, or a bound one, is 409", async () => {
    const { api, p } = await setup();
    await api.deps.db.insert(shortLinks).values({ code: 'printed-b-01', companyId: p.companyB.id });
    const taken = await makeProduct(api.deps, p.companyA.id, { name: 'Đã có mã' });
    for (const code of ['printed-b-01', taken.qrCode]) {
      const res = await api.call('POST', '/products', {
        token: p.tokens.adminA,
        body: { name: 'X', qr_code: code },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(vi.errors.qrCodeTaken);
    }
  });

  it('[COMPANY_ADMIN][REST][products]: changing the code keeps the old one resolving to the product', async () => {
    const { api, p } = await setup();
    const product = await makeProduct(api.deps, p.companyA.id, { status: 'ACTIVE' });
    const res = await api.call('PUT', `/products/${product.id}`, {
      token: p.tokens.adminA,
      body: { name: 'Đổi mã', qr_code: 'new-code-777' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.qr_code).toBe('new-code-777');
    for (const code of ['new-code-777', product.qrCode]) {
      const pub = await api.call('GET', `/products/qr-codes/${code}`);
      expect(pub.status).toBe(200);
      expect(pub.body.data.id).toBe(product.id);
    }
  });

  it('[EMPLOYEE][REST][products]: check-qr-code says free or taken', async () => {
    const { api, p } = await setup();
    const mine = await makeProduct(api.deps, p.companyA.id);
    const other = await makeProduct(api.deps, p.companyA.id);
    await api.deps.db.insert(shortLinks).values({ code: 'unbound-a-1', companyId: p.companyA.id });
    const check = async (body: object) =>
      (await api.call('POST', '/products/check-qr-code', { token: p.tokens.employeeA, body })).body.data;
    expect(await check({ qr_code: 'brand-new-1' })).toEqual({ available: true });
    expect(await check({ qr_code: 'unbound-a-1' })).toEqual({ available: true });
    expect(await check({ qr_code: mine.qrCode, id: mine.id })).toEqual({ available: true });
    expect(await check({ qr_code: mine.qrCode, id: other.id })).toEqual({ available: false });
    expect(await check({ qr_code: mine.qrCode })).toEqual({ available: false });
    const bad = await api.call('POST', '/products/check-qr-code', {
      token: p.tokens.employeeA,
      body: { qr_code: 'a b' },
    });
    expect(bad.status).toBe(400);
  });
});
