import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld, ROLES_AND_VISITOR, tokenOf, type Who } from '#tests/server/users/world.ts';

const LISTS = ['categories', 'units', 'tags'] as const;

/** The roles table: members read their company's lists, COMPANY_ADMIN (and SUPER_ADMIN) change them. */
const READ: Record<Who, 200 | 401 | 403> = {
  SUPER_ADMIN: 200,
  COMPANY_ADMIN: 200,
  EMPLOYEE: 200,
  MODERATOR: 403,
  USER: 403,
  none: 401,
};
const WRITE: Record<Who, 200 | 401 | 403> = { ...READ, EMPLOYEE: 403 };

describe('[REST][companies] categories, units and tags: role matrix', () => {
  for (const name of LISTS) {
    for (const who of ROLES_AND_VISITOR) {
      it(`[${who}][REST][companies]: GET, upsert and DELETE /companies/${name} answer ${READ[who]}/${WRITE[who]}`, async () => {
        const api = await createTestApi();
        const world = await createWorld(api.deps);
        const token = tokenOf(world, who);
        // A SUPER_ADMIN names the company; for the others companyId is ignored.
        const companyId = world.companyA.id;
        const get = await api.call('GET', `/companies/${name}?companyId=${companyId}`, { token });
        const upsert = await api.call('POST', `/companies/${name}/upsert`, {
          token,
          body: { [name]: ['Rau củ'], companyId },
        });
        const del = await api.call('DELETE', `/companies/${name}`, {
          token,
          body: { [name]: ['Rau củ'], companyId },
        });
        expect([get.status, upsert.status, del.status]).toEqual([READ[who], WRITE[who], WRITE[who]]);
        if (WRITE[who] === 200) {
          expect(upsert.body.data).toEqual(['Rau củ']);
          expect(del.body.data).toEqual([]);
        }
        if (who === 'none') expect(get.body.message).toBe(messages.errors.unauthorized);
        if (who === 'MODERATOR') expect(get.body.message).toBe(messages.errors.noCompany);
        if (who === 'EMPLOYEE') expect(upsert.body.message).toBe(messages.errors.forbidden);
      });
    }
  }

  it('[SUPER_ADMIN][REST][companies]: without companyId the lists are 400; an unknown company 404', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    const get = await api.call('GET', '/companies/units', { token });
    expect(get.status).toBe(400);
    expect(get.body).toEqual({
      statusCode: 400,
      message: messages.companies.companyIdRequired,
      errors: { companyId: messages.companies.companyIdRequired },
    });
    const upsert = await api.call('POST', '/companies/units/upsert', { token, body: { units: ['kg'] } });
    expect(upsert.status).toBe(400);
    const unknown = await api.call('GET', '/companies/units?companyId=9999', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.companies.companyNotFound);
  });
});

describe('[REST][companies] lists: values and validation', () => {
  it('[COMPANY_ADMIN][REST][companies]: upsert trims, collapses spaces, skips duplicates and answers the sorted list', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    await api.call('POST', '/companies/categories/upsert', { token, body: { categories: ['Trái cây'] } });
    const res = await api.call('POST', '/companies/categories/upsert', {
      token,
      body: {
        categories: [
          '  Rau   củ ',
          'Rau củ',
          'Trái cây',
          'Đồ uống',
          'Cà phê',
          'Rau cu\u0309'.normalize('NFD'),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(['Cà phê', 'Đồ uống', 'Rau củ', 'Trái cây']);
    const after = await api.call('DELETE', '/companies/categories', {
      token,
      body: { categories: ['Cà phê', 'Không có'] },
    });
    expect(after.body.data).toEqual(['Đồ uống', 'Rau củ', 'Trái cây']);
    const employee = await api.call('GET', '/companies/categories', { token: world.tokens.EMPLOYEE });
    expect(employee.body.data).toEqual(['Đồ uống', 'Rau củ', 'Trái cây']);
  });

  it('[COMPANY_ADMIN][REST][companies]: bad bodies are 400 with field errors', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['/companies/units/upsert', { units: [] }, { units: messages.validation.required }],
      ['/companies/units/upsert', { units: ['   '] }, { 'units.0': messages.validation.required }],
      [
        '/companies/units/upsert',
        { units: ['x'.repeat(51)] },
        { 'units.0': messages.companies.termTooLong(50) },
      ],
      [
        '/companies/tags/upsert',
        { tags: ['a'], color: 'red' },
        { color: messages.validation.unknownField('color') },
      ],
      [
        '/companies/tags/upsert',
        { categories: ['a'] },
        { categories: messages.validation.unknownField('categories') },
      ],
      [
        '/companies/categories/upsert',
        { categories: Array.from({ length: 201 }, (_, i) => `Loại ${i}`) },
        { categories: messages.companies.tooManyTerms(200) },
      ],
    ];
    for (const [path, body, errors] of cases) {
      const res = await api.call('POST', path, { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.errors).toMatchObject(errors);
    }
    const del = await api.call('DELETE', '/companies/tags', { token, body: { tags: 'a' } });
    expect(del.status).toBe(400);
  });

  it('[COMPANY_ADMIN][REST][companies]: a list holds at most 200 values', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    const first = Array.from({ length: 200 }, (_, i) => `Thẻ ${i}`);
    expect((await api.call('POST', '/companies/tags/upsert', { token, body: { tags: first } })).status).toBe(
      200,
    );
    const again = await api.call('POST', '/companies/tags/upsert', {
      token,
      body: { tags: ['Thẻ 0', 'Thẻ 1'] },
    });
    expect(again.status).toBe(200);
    const over = await api.call('POST', '/companies/tags/upsert', { token, body: { tags: ['Thẻ mới'] } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(messages.companies.tooManyTerms(200));
  });
});

describe('[companies] lists: tenant isolation', () => {
  it("[COMPANY_ADMIN][REST][companies]: company A never reads nor changes company B's lists, whatever companyId it sends", async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    for (const name of LISTS) {
      await api.call('POST', `/companies/${name}/upsert`, {
        token: world.tokenB,
        body: { [name]: ['Bí mật B'] },
      });
      const tokenA = world.tokens.COMPANY_ADMIN;
      const read = await api.call('GET', `/companies/${name}?companyId=${world.companyB.id}`, {
        token: tokenA,
      });
      expect(read.body.data).toEqual([]);
      const write = await api.call('POST', `/companies/${name}/upsert`, {
        token: tokenA,
        body: { [name]: ['Của A'], companyId: world.companyB.id },
      });
      expect(write.body.data).toEqual(['Của A']);
      await api.call('DELETE', `/companies/${name}`, {
        token: tokenA,
        body: { [name]: ['Bí mật B'], companyId: world.companyB.id },
      });
      const b = await api.call('GET', `/companies/${name}`, { token: world.tokenB });
      expect(b.body.data).toEqual(['Bí mật B']);
    }
  });

  it("[SUPER_ADMIN][router][companies]: reads and changes a named company's lists", async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const admin = callerFor(api.deps, world.accounts.SUPER_ADMIN);
    await expect(
      admin.companies.units.upsert({ units: ['thùng'], companyId: world.companyB.id }),
    ).resolves.toEqual(['thùng']);
    await expect(callerFor(api.deps, world.adminB).companies.units.list()).resolves.toEqual(['thùng']);
    await expect(
      callerFor(api.deps, world.accounts.COMPANY_ADMIN).companies.units.list({
        companyId: world.companyB.id,
      }),
    ).resolves.toEqual([]);
    await expect(
      callerFor(api.deps, world.accounts.EMPLOYEE).companies.units.upsert({ units: ['x'] }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(callerFor(api.deps, null).companies.units.list()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('[REST][companies] lists: values differing only in case', () => {
  it('[COMPANY_ADMIN][REST][companies]: "cà phê" is refused beside "Cà phê", naming both; the list keeps one', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    await api.call('POST', '/companies/categories/upsert', { token, body: { categories: ['Cà phê'] } });
    const twin = await api.call('POST', '/companies/categories/upsert', {
      token,
      body: { categories: ['CÀ PHÊ', 'Trà'] },
    });
    expect(twin.status).toBe(409);
    const message = '"CÀ PHÊ" trùng với "Cà phê" (chỉ khác chữ hoa, chữ thường); hãy dùng giá trị đã có';
    expect(twin.body.message).toBe(message);
    expect(twin.body.errors).toEqual({ categories: message });
    // All or nothing: "Trà" of the refused call is not added either.
    expect((await api.call('GET', '/companies/categories', { token })).body.data).toEqual(['Cà phê']);
    // The same value again is harmless, as before.
    expect(
      (await api.call('POST', '/companies/categories/upsert', { token, body: { categories: ['Cà phê'] } }))
        .status,
    ).toBe(200);
    // Within one call, and for units and tags alike.
    const inCall = await api.call('POST', '/companies/tags/upsert', {
      token,
      body: { tags: ['hữu cơ', 'Hữu Cơ'] },
    });
    expect(inCall.status).toBe(409);
    expect(inCall.body.errors).toHaveProperty('tags');
  });

  it('[COMPANY_ADMIN][REST][companies]: two admins adding "Gói" and "gói" together get one list value, and one clear refusal', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const [a, b] = await Promise.all([
      api.call('POST', '/companies/units/upsert', {
        token: world.tokens.COMPANY_ADMIN,
        body: { units: ['Gói'] },
      }),
      api.call('POST', '/companies/units/upsert', {
        token: world.tokens.COMPANY_ADMIN,
        body: { units: ['gói'] },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const units = (await api.call('GET', '/companies/units', { token: world.tokens.COMPANY_ADMIN })).body
      .data;
    expect(units).toHaveLength(1);
  });
});
