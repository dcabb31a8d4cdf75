import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { callerFor, createCompany } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld, ROLES_AND_VISITOR, tokenOf } from '#tests/server/users/world.ts';

describe('[REST][companies] public profile', () => {
  for (const who of ROLES_AND_VISITOR) {
    it(`[${who}][REST][companies]: GET /companies/{id} shows the public profile`, async () => {
      const api = await createTestApi();
      const world = await createWorld(api.deps);
      const res = await api.call('GET', `/companies/${world.companyB.id}`, { token: tokenOf(world, who) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: world.companyB.id,
        name: 'Công ty B',
        representative: world.companyB.representative,
        address: world.companyB.address,
        email: world.companyB.email,
        business_license: world.companyB.businessLicense,
        tax_code: null,
        gln: null,
        digital_link_qr: false,
        createdAt: world.companyB.createdAt.toISOString(),
        updatedAt: world.companyB.updatedAt.toISOString(),
        translations: {},
        languages: [],
      });
    });
  }

  it('[GUEST][REST][companies]: a missing company is 404; a non-numeric id is 404 (no route)', async () => {
    const api = await createTestApi();
    const missing = await api.call('GET', '/companies/424242');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.errors.notFound);
    const word = await api.call('GET', '/companies/abc');
    expect(word.status).toBe(404);
  });
});

describe('[REST][companies] list for administrators', () => {
  const EXPECTED = {
    SUPER_ADMIN: 200,
    MODERATOR: 200,
    COMPANY_ADMIN: 403,
    EMPLOYEE: 403,
    USER: 403,
    none: 401,
  } as const;
  for (const who of ROLES_AND_VISITOR) {
    it(`[${who}][REST][companies]: GET /companies/all is ${EXPECTED[who]}`, async () => {
      const api = await createTestApi();
      const world = await createWorld(api.deps);
      const res = await api.call('GET', '/companies/all', { token: tokenOf(world, who) });
      expect(res.status).toBe(EXPECTED[who]);
      if (EXPECTED[who] === 200) {
        expect(res.body.data.total).toBe(2);
        expect(res.body.data.companies.map((c: { name: string }) => c.name)).toEqual([
          'Công ty A',
          'Công ty B',
        ]);
      }
    });
  }

  it('[MODERATOR][REST][companies]: pages, sorts and searches without marks; other sort fields are 400', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    await createCompany(api.deps, { name: 'Hợp tác xã Cà phê Đắk Lắk' });
    const token = world.tokens.MODERATOR;
    const search = await api.call('GET', '/companies/all?search=ca%20phe%20dak', { token });
    expect(search.body.data.companies.map((c: { name: string }) => c.name)).toEqual([
      'Hợp tác xã Cà phê Đắk Lắk',
    ]);
    expect(search.body.data.total).toBe(1);
    const paged = await api.call('GET', '/companies/all?limit=1&page=2&sortBy=name&orderBy=desc', { token });
    expect(paged.body.data.companies.map((c: { name: string }) => c.name)).toEqual(['Công ty B']);
    expect(paged.body.data.total).toBe(3);
    const badSort = await api.call('GET', '/companies/all?sortBy=email', { token });
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors).toHaveProperty('sortBy');
    const unknown = await api.call('GET', '/companies/all?status=ACTIVE', { token });
    expect(unknown.status).toBe(400);
  });

  it('[SUPER_ADMIN][router][companies]: all and byId through the caller', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const admin = callerFor(api.deps, world.accounts.SUPER_ADMIN);
    await expect(admin.companies.all()).resolves.toMatchObject({ total: 2 });
    await expect(callerFor(api.deps, null).companies.byId({ id: world.companyA.id })).resolves.toMatchObject({
      name: 'Công ty A',
    });
    await expect(callerFor(api.deps, world.accounts.COMPANY_ADMIN).companies.all()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
