import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, TIMELINE } from '#tests/server/products/helpers.ts';

const { scanEvents } = tables;

async function setup() {
  const api = await createTestApi();
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

describe('[GUEST][REST][publicProducts] product page by id', () => {
  it('[GUEST][REST][publicProducts]: an ACTIVE product comes with its company and timeline, and no scan is recorded', async () => {
    const { api, p, active } = await setup();
    const res = await api.call('GET', `/public/products/${active.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: active.id,
      name: 'Cà phê',
      origin: 'Đắk Lắk',
      status: 'ACTIVE',
    });
    expect(res.body.data.company).toMatchObject({ id: p.companyA.id, name: 'Công ty Cà phê Đắk Lắk' });
    expect(res.body.data.trackings.map((t: { activity: string }) => t.activity)).toEqual([
      'Thu hoạch',
      'Rang',
      'Đóng gói',
    ]);
    expect(res.text).not.toContain('search');
    expect(await api.deps.db.select().from(scanEvents)).toHaveLength(0);
  });

  it('[GUEST][REST][publicProducts]: an INACTIVE product is the same 404 as a missing one', async () => {
    const { api, inactive } = await setup();
    for (const id of [inactive.id, 99_999]) {
      const res = await api.call('GET', `/public/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: vi.products.notFound });
    }
  });

  it('[USER][REST][publicProducts]: a signed-in user of another company still sees only ACTIVE products', async () => {
    const { api, p, active, inactive } = await setup();
    expect((await api.call('GET', `/public/products/${active.id}`, { token: p.tokens.adminB })).status).toBe(
      200,
    );
    expect(
      (await api.call('GET', `/public/products/${inactive.id}`, { token: p.tokens.adminA })).status,
    ).toBe(404);
  });

  it('[GUEST][REST][publicProducts]: an id that is not a number is a 400', async () => {
    const { api } = await setup();
    const res = await api.call('GET', '/public/products/abc');
    expect(res.status).toBe(400);
  });
});

describe("[GUEST][REST][publicProducts] a company's public products", () => {
  it('[GUEST][REST][publicProducts]: lists only ACTIVE products of that company, by name, paged', async () => {
    const { api, p, active } = await setup();
    const other = await makeProduct(api.deps, p.companyA.id, { name: 'Bơ sáp', status: 'ACTIVE' });
    await makeProduct(api.deps, p.companyB.id, { name: 'Của công ty B', status: 'ACTIVE' });
    const res = await api.call('GET', `/public/companies/${p.companyA.id}/products?page=1&limit=1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      products: [{ id: other.id, name: 'Bơ sáp', image: null, category: null, origin: null, translations: {} }],
      total: 2,
      languages: [],
    });
    const page2 = await api.call('GET', `/public/companies/${p.companyA.id}/products?page=2&limit=1`);
    expect(page2.body.data.products.map((x: { id: number }) => x.id)).toEqual([active.id]);
  });

  it('[GUEST][REST][publicProducts]: an unknown company is 404 and an unknown query field is 400', async () => {
    const { api, p } = await setup();
    const missing = await api.call('GET', '/public/companies/99999/products');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(vi.companies.companyNotFound);
    const odd = await api.call('GET', `/public/companies/${p.companyA.id}/products?status=INACTIVE`);
    expect(odd.status).toBe(400);
  });
});
