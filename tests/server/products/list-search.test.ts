import { describe, expect, it } from 'vitest';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from './helpers.ts';

/**
 * The search index holds each product's company as a token (migration 0003) and a company's search is
 * matched inside it; these prove no other company's row ever comes back, that the total (counted in
 * the index for a plain search) agrees with the rows, and that the index follows edits and deletes.
 */
async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const a = p.companyA.id;
  const b = p.companyB.id;
  await makeProduct(api.deps, a, { name: 'Cà phê Arabica', origin: 'Đắk Lắk', status: 'ACTIVE' });
  await makeProduct(api.deps, a, { name: 'Cà phê Culi', origin: 'Gia Lai', category: 'Cà phê' });
  await makeProduct(api.deps, a, { name: 'Mật ong rừng', origin: 'Đắk Lắk' });
  await makeProduct(api.deps, b, { name: 'Cà phê Moka', origin: 'Lâm Đồng', status: 'ACTIVE' });
  await makeProduct(api.deps, b, { name: 'Cà phê chồn', origin: 'Đắk Lắk', category: 'Cà phê' });
  return { api, p };
}
const names = (res: { body: { data?: { products: { name: string }[] } } }) =>
  res.body.data?.products.map((x) => x.name);

describe('[REST][products] list search by company', () => {
  it("[COMPANY_ADMIN][REST][products]: a search never returns another company's product, and its total counts only its own", async () => {
    const { api, p } = await setup();
    const search = (token: string, q: string) =>
      api.call('GET', `/products?search=${encodeURIComponent(q)}`, { token });
    const a = await search(p.tokens.adminA, 'ca phe');
    expect(a.status).toBe(200);
    expect(names(a)).toEqual(['Cà phê Arabica', 'Cà phê Culi']);
    expect(a.body.data.total).toBe(2);
    const b = await search(p.tokens.adminB, 'ca phe');
    // Vietnamese order, case aside (decision 085): c before M.
    expect(names(b)).toEqual(['Cà phê chồn', 'Cà phê Moka']);
    expect(b.body.data.total).toBe(2);
    // "moka" and "chon" exist only at B: A's search finds nothing and counts nothing.
    for (const q of ['moka', 'ca phe chon', 'lam dong']) {
      const res = await search(p.tokens.adminA, q);
      expect(res.body.data, q).toEqual({ products: [], total: 0 });
    }
  });

  it('[COMPANY_ADMIN][REST][products]: a search with a filter and a page keeps the total of every matching row', async () => {
    const { api, p } = await setup();
    const page = await api.call('GET', '/products?search=dak+lak&limit=1&page=2&sortBy=name', {
      token: p.tokens.adminA,
    });
    expect(names(page)).toEqual(['Mật ong rừng']);
    expect(page.body.data.total).toBe(2);
    const active = await api.call('GET', '/products?search=dak+lak&status=ACTIVE', {
      token: p.tokens.adminA,
    });
    expect(names(active)).toEqual(['Cà phê Arabica']);
    expect(active.body.data.total).toBe(1);
    const category = await api.call('GET', `/products?search=ca&category=${encodeURIComponent('Cà phê')}`, {
      token: p.tokens.adminB,
    });
    expect(names(category)).toEqual(['Cà phê chồn']);
    expect(category.body.data.total).toBe(1);
  });

  it('[COMPANY_ADMIN][REST][products]: a search for a company token ("c1") matches no product', async () => {
    const { api, p } = await setup();
    for (const q of [`c${p.companyA.id}`, `c${p.companyB.id}`, 'company_key']) {
      const res = await api.call('GET', `/products?search=${q}`, { token: p.tokens.adminA });
      expect(res.body.data, q).toEqual({ products: [], total: 0 });
    }
  });

  it('[SUPER_ADMIN][REST][products]: searches every company, or one with companyId', async () => {
    const { api, p } = await setup();
    const all = await api.call('GET', '/products?search=dak+lak&sortBy=name', { token: p.tokens.superAdmin });
    expect(names(all)).toEqual(['Cà phê Arabica', 'Cà phê chồn', 'Mật ong rừng']);
    expect(all.body.data.total).toBe(3);
    const onlyB = await api.call('GET', `/products?search=dak+lak&companyId=${p.companyB.id}`, {
      token: p.tokens.superAdmin,
    });
    expect(names(onlyB)).toEqual(['Cà phê chồn']);
    expect(onlyB.body.data.total).toBe(1);
  });
});

describe('[tRPC][products] the search index follows changes', () => {
  it('[COMPANY_ADMIN][tRPC][products]: a renamed product is found by its new name only, a deleted one not at all', async () => {
    const { api, p } = await setup();
    const a = callerFor(api.deps, p.adminA);
    const [culi] = (await a.products.list({ search: 'culi' })).products;
    await a.products.update({ id: culi!.id, name: 'Trà Ô long' });
    expect(await a.products.list({ search: 'culi' })).toEqual({ products: [], total: 0 });
    const renamed = await a.products.list({ search: 'tra o long' });
    expect(renamed.products.map((x) => x.name)).toEqual(['Trà Ô long']);
    expect(renamed.total).toBe(1);
    await a.products.delete({ id: culi!.id });
    expect(await a.products.list({ search: 'tra o long' })).toEqual({ products: [], total: 0 });
    expect((await a.products.list({ search: 'ca phe' })).total).toBe(1);
  });
});
