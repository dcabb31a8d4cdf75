import { describe, expect, it } from 'vitest';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people } from './helpers.ts';

describe("[REST][products] company column: lists across companies name each row's company", () => {
  it('[SUPER_ADMIN][REST][products]: products, codes and users carry companyName; a company role sees its own', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê A' });
    await makeProduct(api.deps, p.companyB.id, { name: 'Cà phê B' });
    const products = await api.call('GET', '/products?sortBy=name', { token: p.tokens.superAdmin });
    expect(
      products.body.data.products.map((x: { name: string; companyName: string }) => [x.name, x.companyName]),
    ).toEqual([
      ['Cà phê A', 'Công ty Cà phê Đắk Lắk'],
      ['Cà phê B', 'Công ty B'],
    ]);
    const codes = await api.call('GET', '/shortLinks', { token: p.tokens.superAdmin });
    expect(new Set(codes.body.data.shortLinks.map((x: { companyName: string }) => x.companyName))).toEqual(
      new Set(['Công ty Cà phê Đắk Lắk', 'Công ty B']),
    );
    const users = await api.call('GET', '/users?pageSize=100', { token: p.tokens.superAdmin });
    const byEmail = new Map(
      users.body.data.users.map((u: { email: string; companyName: string | null }) => [
        u.email,
        u.companyName,
      ]),
    );
    expect(byEmail.get(p.adminB.email)).toBe('Công ty B');
    expect(byEmail.get(p.superAdmin.email)).toBeNull();
    const own = await api.call('GET', '/products', { token: p.tokens.adminA });
    expect(own.body.data.products.map((x: { companyName: string }) => x.companyName)).toEqual([
      'Công ty Cà phê Đắk Lắk',
    ]);
  });
});
