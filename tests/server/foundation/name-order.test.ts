import { describe, expect, it } from 'vitest';
import { createDb } from '#server/db/client.ts';
import { fillNameSortKeys } from '#server/db/name-sort.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { createCompany, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from '#tests/server/products/helpers.ts';

/** Names whose byte order (Đ after every ASCII letter, Ă after Z) is not their Vietnamese order. */
const VIETNAMESE_ORDER = [
  'Ăn vặt',
  'Bánh đậu xanh',
  'Cà phê Arabica',
  'Cà phê Đắk Lắk',
  'Cà phê Robusta',
  'Zô',
];
const shuffled = [
  VIETNAMESE_ORDER[2]!,
  VIETNAMESE_ORDER[5]!,
  VIETNAMESE_ORDER[1]!,
  VIETNAMESE_ORDER[3]!,
  VIETNAMESE_ORDER[0]!,
  VIETNAMESE_ORDER[4]!,
];
const namesOf = <T extends { name: string }>(rows: T[]) => rows.map((r) => r.name);

describe('[foundation][name-order]: every list sorted by name is in Vietnamese order', () => {
  it('[COMPANY_ADMIN][REST][products]: the workspace list, both directions, and across companies for SUPER_ADMIN', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    for (const name of shuffled) await makeProduct(api.deps, p.companyA.id, { name, status: 'ACTIVE' });
    const asc = await api.call('GET', '/products?sortBy=name&orderBy=asc&limit=50', {
      token: p.tokens.adminA,
    });
    expect(namesOf(asc.body.data.products)).toEqual(VIETNAMESE_ORDER);
    const desc = await api.call('GET', '/products?sortBy=name&orderBy=desc&limit=50', {
      token: p.tokens.adminA,
    });
    expect(namesOf(desc.body.data.products)).toEqual([...VIETNAMESE_ORDER].reverse());
    const all = await api.call('GET', '/products?sortBy=name&status=ACTIVE&limit=50', {
      token: p.tokens.superAdmin,
    });
    expect(namesOf(all.body.data.products)).toEqual(VIETNAMESE_ORDER);
    const searched = await api.call('GET', `/products?search=${encodeURIComponent('cà phê')}&sortBy=name`, {
      token: p.tokens.adminA,
    });
    expect(namesOf(searched.body.data.products)).toEqual(VIETNAMESE_ORDER.slice(2, 5));
  });

  it('[GUEST][REST][publicProducts]: the public company page', async () => {
    const api = await createTestApi();
    const company = await createCompany(api.deps);
    for (const name of shuffled) await makeProduct(api.deps, company.id, { name, status: 'ACTIVE' });
    const res = await api.call('GET', `/public/companies/${company.id}/products?limit=50`);
    expect(res.status).toBe(200);
    expect(namesOf(res.body.data.products)).toEqual(VIETNAMESE_ORDER);
  });

  it('[SUPER_ADMIN][REST][users]: the user list and the company list', async () => {
    const api = await createTestApi();
    const admin = await createUser(api.deps, { role: 'SUPER_ADMIN', name: 'Đỗ Quản Trị' });
    const company = await createCompany(api.deps, { name: 'Zô' });
    for (const name of shuffled) {
      await createUser(api.deps, { role: 'EMPLOYEE', companyId: company.id, name });
      await createCompany(api.deps, { name: `HTX ${name}` });
    }
    const { tokenFor } = await import('#tests/helpers/factories.ts');
    const token = await tokenFor(api.deps, admin);
    const users = await api.call('GET', `/users?companyId=${company.id}&pageSize=100`, { token });
    expect(namesOf(users.body.data.users)).toEqual(VIETNAMESE_ORDER);
    const companies = await api.call('GET', `/companies/all?search=htx&sortBy=name&limit=50`, { token });
    expect(namesOf(companies.body.data.companies)).toEqual(VIETNAMESE_ORDER.map((n) => `HTX ${n}`));
  });

  it('[foundation][name-order]: a renamed product moves to its new place', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const ids: number[] = [];
    for (const name of shuffled) ids.push((await makeProduct(api.deps, p.companyA.id, { name })).id);
    const renamed = await api.call('PUT', `/products/${ids[1]}`, {
      token: p.tokens.adminA,
      body: { name: 'Ca cao' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const res = await api.call('GET', '/products?sortBy=name&limit=50', { token: p.tokens.adminA });
    expect(namesOf(res.body.data.products)).toEqual([
      'Ăn vặt',
      'Bánh đậu xanh',
      'Ca cao',
      'Cà phê Arabica',
      'Cà phê Đắk Lắk',
      'Cà phê Robusta',
    ]);
  });

  it('[foundation][name-order]: rows written before the key existed get it at start', () => {
    const { sqlite } = createDb(':memory:');
    sqlite
      .prepare(
        `INSERT INTO companies (name, created_at, updated_at) VALUES ('Đắk Lắk', 0, 0), ('Bến Tre', 0, 0)`,
      )
      .run();
    expect(fillNameSortKeys(sqlite)).toBe(2);
    const rows = sqlite.prepare('SELECT name, name_sort AS key FROM companies ORDER BY name_sort').all() as {
      name: string;
      key: string;
    }[];
    expect(rows.map((r) => r.name)).toEqual(['Bến Tre', 'Đắk Lắk']);
    expect(rows[1]!.key).toBe(vietnameseSortKey('Đắk Lắk'));
    expect(fillNameSortKeys(sqlite)).toBe(0);
  });

  it('[foundation][name-order]: a page by name walks an index, never a sort of the rows', () => {
    const { sqlite } = createDb(':memory:');
    const plans = [
      'SELECT id FROM products WHERE company_id = 1 ORDER BY name_sort, id LIMIT 10',
      'SELECT id FROM products ORDER BY name_sort, id LIMIT 10',
      'SELECT id FROM users WHERE company_id = 1 ORDER BY name_sort, id LIMIT 10',
      'SELECT id FROM companies ORDER BY name_sort, id LIMIT 10',
    ].map((q) =>
      (sqlite.prepare(`EXPLAIN QUERY PLAN ${q}`).all() as { detail: string }[])
        .map((r) => r.detail)
        .join(' | '),
    );
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
