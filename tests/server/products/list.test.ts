import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from './helpers.ts';

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const a = p.companyA.id;
  await makeProduct(api.deps, a, {
    name: 'Cà phê Robusta',
    origin: 'Đắk Lắk',
    category: 'Cà phê',
    status: 'ACTIVE',
  });
  await makeProduct(api.deps, a, {
    name: 'Trà Shan tuyết',
    origin: 'Hà Giang',
    category: 'Trà',
    tags: ['đặc sản'],
  });
  await makeProduct(api.deps, a, {
    name: 'Hạt điều',
    origin: 'Bình Phước',
    category: 'Hạt',
    status: 'ACTIVE',
  });
  await makeProduct(api.deps, p.companyB.id, { name: 'Cà phê của B', origin: 'Đắk Lắk', category: 'Cà phê' });
  return { api, p };
}
const names = (res: { body: { data?: { products: { name: string }[] } } }) =>
  res.body.data?.products.map((x) => x.name);

describe('[REST][products] list', () => {
  it('[COMPANY_ADMIN][REST][products]: lists only its company, sorted by name by default, with the total', async () => {
    const { api, p } = await setup();
    const res = await api.call('GET', '/products', { token: p.tokens.adminA });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Cà phê Robusta', 'Hạt điều', 'Trà Shan tuyết']);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.products[0]).toHaveProperty('qr_code_image');
  });

  it('[EMPLOYEE][REST][products]: pages, sorts and filters', async () => {
    const { api, p } = await setup();
    const t = p.tokens.employeeA;
    const page2 = await api.call('GET', '/products?page=2&limit=2&sortBy=name&orderBy=asc', { token: t });
    expect(names(page2)).toEqual(['Trà Shan tuyết']);
    expect(page2.body.data.total).toBe(3);
    expect(names(await api.call('GET', '/products?sortBy=category&orderBy=desc', { token: t }))).toEqual([
      'Trà Shan tuyết',
      'Hạt điều',
      'Cà phê Robusta',
    ]);
    const active = await api.call('GET', '/products?status=ACTIVE', { token: t });
    expect(active.body.data.total).toBe(2);
    expect(
      names(await api.call('GET', `/products?category=${encodeURIComponent('Trà')}`, { token: t })),
    ).toEqual(['Trà Shan tuyết']);
  });

  it('[COMPANY_ADMIN][REST][products]: sort fields and orders outside the allow-list are 400', async () => {
    const { api, p } = await setup();
    for (const q of [
      'sortBy=searchText',
      'sortBy=companyId',
      'sortBy=name;drop',
      'orderBy=up',
      'limit=1000',
      'page=0',
      'status=x',
      'foo=1',
    ]) {
      const res = await api.call('GET', `/products?${q}`, { token: p.tokens.adminA });
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe(vi.errors.validation);
    }
  });

  it('[COMPANY_ADMIN][REST][products]: search ignores Vietnamese marks: "ca phe" finds "Cà phê", "dak lak" finds "Đắk Lắk"', async () => {
    const { api, p } = await setup();
    const search = (q: string) =>
      api.call('GET', `/products?search=${encodeURIComponent(q)}`, { token: p.tokens.adminA });
    expect(names(await search('ca phe'))).toEqual(['Cà phê Robusta']);
    expect(names(await search('dak lak'))).toEqual(['Cà phê Robusta']);
    expect(names(await search('ĐẮK'))).toEqual(['Cà phê Robusta']);
    expect(names(await search('hat di'))).toEqual(['Hạt điều']); // prefixes
    expect(names(await search('dac san'))).toEqual(['Trà Shan tuyết']); // tags
    expect((await search('ca phe')).body.data.total).toBe(1);
    expect(names(await search('ca phe gia lai'))).toEqual([]); // every word must match
  });

  it('[COMPANY_ADMIN][REST][products]: FTS syntax in a search is plain text, never an error', async () => {
    const { api, p } = await setup();
    for (const q of ['"', 'ca" OR "tra', 'NEAR(a b)', '*', '-', 'name:ca', '(((', "' OR 1=1 --"]) {
      const res = await api.call('GET', `/products?search=${encodeURIComponent(q)}`, {
        token: p.tokens.adminA,
      });
      expect(res.status, q).toBe(200);
      expect(res.body.data.products.every((x: { companyId: number }) => x.companyId === p.companyA.id)).toBe(
        true,
      );
    }
  });

  it('[SUPER_ADMIN][REST][products]: sees every company, or one with companyId', async () => {
    const { api, p } = await setup();
    expect((await api.call('GET', '/products', { token: p.tokens.superAdmin })).body.data.total).toBe(4);
    const onlyB = await api.call('GET', `/products?companyId=${p.companyB.id}`, {
      token: p.tokens.superAdmin,
    });
    expect(names(onlyB)).toEqual(['Cà phê của B']);
  });
});

describe('[tRPC][products] tenant isolation in lists', () => {
  it("[COMPANY_ADMIN][tRPC][products]: company B can neither list, count nor search company A's products", async () => {
    const { api, p } = await setup();
    const b = callerFor(api.deps, p.adminB);
    const all = await b.products.list({});
    expect(all.products.map((x) => x.name)).toEqual(['Cà phê của B']);
    expect(all.total).toBe(1);
    const searched = await b.products.list({ search: 'robusta' });
    expect(searched).toEqual({ products: [], total: 0 });
    await expect(b.products.list({ companyId: p.companyA.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: vi.products.otherCompany,
    });
    await expect(b.products.list({ status: 'ACTIVE', category: 'Cà phê' })).resolves.toEqual({
      products: [],
      total: 0,
    });
  });
});
