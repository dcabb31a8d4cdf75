import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { MANAGE_MATRIX, makeProduct, people, refusedStatus } from '#tests/server/products/helpers.ts';

const { shortLinks } = tables;

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const productA = await makeProduct(api.deps, p.companyA.id, { name: 'Nước mắm', status: 'ACTIVE' });
  const productB = await makeProduct(api.deps, p.companyB.id, { name: 'Của B', status: 'ACTIVE' });
  return { api, p, productA, productB };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function unbound(api: Setup['api'], companyId: number, code: string) {
  await api.deps.db.insert(shortLinks).values({ code, companyId });
}

describe('[REST][shortLinks] role matrix', () => {
  const paths = [
    {
      name: 'POST /shortLinks',
      ok: 201,
      run: (s: Setup, t?: string) =>
        s.api.call('POST', '/shortLinks', { token: t, body: { productId: s.productA.id } }),
    },
    {
      name: 'GET /shortLinks',
      ok: 200,
      run: (s: Setup, t?: string) => s.api.call('GET', '/shortLinks', { token: t }),
    },
    {
      name: 'POST /shortLinks/{code}/bind',
      ok: 200,
      run: async (s: Setup, t?: string) => {
        await unbound(s.api, s.p.companyA.id, 'printed-a-01');
        return s.api.call('POST', '/shortLinks/printed-a-01/bind', {
          token: t,
          body: { productId: s.productA.id },
        });
      },
    },
  ] as const;
  for (const path of paths) {
    for (const row of MANAGE_MATRIX) {
      const expected = row.allowed ? path.ok : refusedStatus(row.who);
      it(`[${row.role}][REST][shortLinks]: ${path.name} is ${expected}`, async () => {
        const s = await setup();
        const res = await path.run(s, row.who ? s.p.tokens[row.who] : undefined);
        expect(res.status).toBe(expected);
        expect(res.body.statusCode).toBe(expected);
      });
    }
  }
  for (const row of MANAGE_MATRIX) {
    it(`[${row.role}][REST][shortLinks]: GET /shortLinks/{code} is public`, async () => {
      const s = await setup();
      const res = await s.api.call('GET', `/shortLinks/${s.productA.qrCode}`, {
        token: row.who ? s.p.tokens[row.who] : undefined,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        code: s.productA.qrCode,
        productId: s.productA.id,
        url: `http://localhost:3000/redirect/${s.productA.qrCode}`,
      });
    });
  }
});

describe('[REST][shortLinks] batches, list, bind, resolve', () => {
  it('[COMPANY_ADMIN][REST][shortLinks]: creates a batch of unbound codes for its company', async () => {
    const { api, p } = await setup();
    const res = await api.call('POST', '/shortLinks', { token: p.tokens.adminA, body: { count: 25 } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(vi.products.codesCreated);
    expect(res.body.data).toHaveLength(25);
    const codes = res.body.data.map((l: { code: string }) => l.code);
    expect(new Set(codes).size).toBe(25);
    for (const l of res.body.data) {
      expect(l).toEqual({
        code: expect.stringMatching(/^[a-z2-9]{12}$/),
        url: `http://localhost:3000/redirect/${l.code}`,
        productId: null,
      });
    }
    const rows = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.companyId, p.companyA.id));
    expect(rows.filter((r) => r.productId === null)).toHaveLength(25);
  });

  it('[EMPLOYEE][REST][shortLinks]: one code by default; bound to a product when productId is given', async () => {
    const { api, p, productA } = await setup();
    const one = await api.call('POST', '/shortLinks', { token: p.tokens.employeeA, body: {} });
    expect(one.body.data).toHaveLength(1);
    const bound = await api.call('POST', '/shortLinks', {
      token: p.tokens.employeeA,
      body: { count: 2, productId: productA.id },
    });
    expect(bound.body.data.map((l: { productId: number }) => l.productId)).toEqual([
      productA.id,
      productA.id,
    ]);
    // An extra code of a product resolves to it publicly.
    const pub = await api.call('GET', `/products/qr-codes/${bound.body.data[0].code}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.id).toBe(productA.id);
  });

  it('[COMPANY_ADMIN][REST][shortLinks]: invalid batches are 400', async () => {
    const { api, p } = await setup();
    for (const body of [{ count: 0 }, { count: 501 }, { count: 2.5 }, { count: '3' }, { size: 3 }]) {
      const res = await api.call('POST', '/shortLinks', { token: p.tokens.adminA, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('[SUPER_ADMIN][REST][shortLinks]: must name a company (or a product) to make codes', async () => {
    const { api, p, productB } = await setup();
    const none = await api.call('POST', '/shortLinks', { token: p.tokens.superAdmin, body: { count: 1 } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(vi.products.companyRequired);
    const named = await api.call('POST', '/shortLinks', {
      token: p.tokens.superAdmin,
      body: { companyId: p.companyB.id },
    });
    expect(named.status).toBe(201);
    const viaProduct = await api.call('POST', '/shortLinks', {
      token: p.tokens.superAdmin,
      body: { productId: productB.id },
    });
    expect(viaProduct.status).toBe(201);
    const [row] = await api.deps.db
      .select()
      .from(shortLinks)
      .where(eq(shortLinks.code, viaProduct.body.data[0].code));
    expect(row?.companyId).toBe(p.companyB.id);
  });

  it('[COMPANY_ADMIN][REST][shortLinks]: lists its codes with totals, filtered by bound', async () => {
    const { api, p, productA } = await setup();
    await api.call('POST', '/shortLinks', { token: p.tokens.adminA, body: { count: 3 } });
    const all = await api.call('GET', '/shortLinks', { token: p.tokens.adminA });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(4); // 3 printed + the product's own code
    const bound = await api.call('GET', '/shortLinks?bound=true', { token: p.tokens.adminA });
    expect(bound.body.data.total).toBe(1);
    expect(bound.body.data.shortLinks[0]).toMatchObject({
      code: productA.qrCode,
      productId: productA.id,
      product: { id: productA.id, name: 'Nước mắm', status: 'ACTIVE' },
      qr_code_image: `/api/qr/${productA.qrCode}.png`,
    });
    const free = await api.call('GET', '/shortLinks?bound=false&limit=2&page=2', { token: p.tokens.adminA });
    expect(free.body.data.total).toBe(3);
    expect(free.body.data.shortLinks).toHaveLength(1);
    expect(free.body.data.shortLinks[0]).toMatchObject({ productId: null, product: null });
    for (const q of ['bound=yes', 'limit=0', 'sort=code', 'page=-1']) {
      expect((await api.call('GET', `/shortLinks?${q}`, { token: p.tokens.adminA })).status, q).toBe(400);
    }
  });

  it('[COMPANY_ADMIN][REST][shortLinks]: binds a free code, again is fine, to another product is 409', async () => {
    const { api, p, productA } = await setup();
    const other = await makeProduct(api.deps, p.companyA.id, { name: 'Khác' });
    await unbound(api, p.companyA.id, 'printed-a-02');
    const bind = (productId: number) =>
      api.call('POST', '/shortLinks/printed-a-02/bind', { token: p.tokens.adminA, body: { productId } });
    const first = await bind(productA.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: vi.products.codeBound,
      data: { code: 'printed-a-02', productId: productA.id },
    });
    expect((await bind(productA.id)).status).toBe(200);
    const taken = await bind(other.id);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(vi.products.codeBoundElsewhere);
    expect((await api.call('GET', '/shortLinks/printed-a-02')).body.data.productId).toBe(productA.id);
    const unknown = await api.call('POST', '/shortLinks/khong-co-ma/bind', {
      token: p.tokens.adminA,
      body: { productId: productA.id },
    });
    expect(unknown.status).toBe(404);
    const badBody = await api.call('POST', '/shortLinks/printed-a-02/bind', {
      token: p.tokens.adminA,
      body: { productId: 'x' },
    });
    expect(badBody.status).toBe(400);
  });

  it('[GUEST][REST][shortLinks]: resolve: unknown 404, unbound or INACTIVE answers productId null', async () => {
    const { api, p } = await setup();
    await unbound(api, p.companyA.id, 'printed-a-03');
    const hidden = await makeProduct(api.deps, p.companyA.id, { status: 'INACTIVE' });
    expect((await api.call('GET', '/shortLinks/printed-a-03')).body.data).toEqual({
      code: 'printed-a-03',
      productId: null,
      url: 'http://localhost:3000/redirect/printed-a-03',
    });
    expect((await api.call('GET', `/shortLinks/${hidden.qrCode}`)).body.data.productId).toBeNull();
    const unknown = await api.call('GET', '/shortLinks/khong-co-ma');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(vi.products.shortLinkNotFound);
  });
});

describe("[COMPANY_ADMIN][shortLinks] company B and company A's codes", () => {
  it("[COMPANY_ADMIN][REST][shortLinks]: B's list and counts never include A's codes, nor by filter", async () => {
    const { api, p } = await setup();
    await api.call('POST', '/shortLinks', { token: p.tokens.adminA, body: { count: 5 } });
    const listB = await api.call('GET', '/shortLinks', { token: p.tokens.adminB });
    expect(listB.body.data.total).toBe(1);
    expect(
      listB.body.data.shortLinks.every((l: { companyId: number }) => l.companyId === p.companyB.id),
    ).toBe(true);
    const forced = await api.call('GET', `/shortLinks?companyId=${p.companyA.id}`, {
      token: p.tokens.adminB,
    });
    expect(forced.status).toBe(403);
  });

  it("[COMPANY_ADMIN][REST][shortLinks]: B can neither bind A's code, bind a code to A's product, nor make codes for it", async () => {
    const { api, p, productA, productB } = await setup();
    await unbound(api, p.companyA.id, 'printed-a-04');
    await unbound(api, p.companyB.id, 'printed-b-04');
    const bindA = await api.call('POST', '/shortLinks/printed-a-04/bind', {
      token: p.tokens.adminB,
      body: { productId: productB.id },
    });
    // Another company's code and product answer like unknown ones.
    expect(bindA.status).toBe(404);
    const toA = await api.call('POST', '/shortLinks/printed-b-04/bind', {
      token: p.tokens.adminB,
      body: { productId: productA.id },
    });
    expect(toA.status).toBe(404);
    const make = await api.call('POST', '/shortLinks', {
      token: p.tokens.adminB,
      body: { productId: productA.id },
    });
    expect(make.status).toBe(404);
    const rows = await api.deps.db.select().from(shortLinks);
    expect(rows.find((r) => r.code === 'printed-a-04')?.productId).toBeNull();
    expect(rows.find((r) => r.code === 'printed-b-04')?.productId).toBeNull();
    expect(rows.filter((r) => r.productId === productA.id)).toHaveLength(1);
  });

  it('[SUPER_ADMIN][tRPC][shortLinks]: a code cannot be bound across companies, even by SUPER_ADMIN', async () => {
    const { api, p, productB } = await setup();
    await unbound(api, p.companyA.id, 'printed-a-05');
    await expect(
      callerFor(api.deps, p.superAdmin).shortLinks.bind({ code: 'printed-a-05', productId: productB.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const list = await callerFor(api.deps, p.superAdmin).shortLinks.list({
      companyId: p.companyA.id,
      bound: false,
    });
    expect(list.shortLinks.map((l) => l.code)).toEqual(['printed-a-05']);
  });
});
