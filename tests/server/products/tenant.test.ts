import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, TIMELINE } from './helpers.ts';

const { products, shortLinks, trackingEntries } = tables;

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const productA = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Bí mật của A', status: 'INACTIVE' },
    TIMELINE,
  );
  return { api, p, productA };
}

describe("[COMPANY_ADMIN][REST][products] company B and company A's products", () => {
  it("[COMPANY_ADMIN][REST][products]: another company's product answers exactly like a missing one (404), and nothing leaks", async () => {
    const { api, p, productA } = await setup();
    const res = await api.call('GET', `/products/${productA.id}`, { token: p.tokens.adminB });
    const missing = await api.call('GET', '/products/999999', { token: p.tokens.adminB });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: vi.products.notFound });
    expect(res.body).toEqual(missing.body);
  });

  it("[COMPANY_ADMIN][REST][products]: another company's product and timeline cannot be changed", async () => {
    const { api, p, productA } = await setup();
    const res = await api.call('PUT', `/products/${productA.id}`, {
      token: p.tokens.adminB,
      body: { name: 'Bị sửa', trackings: [], status: 'ACTIVE' },
    });
    expect(res.status).toBe(404);
    const [row] = await api.deps.db.select().from(products).where(eq(products.id, productA.id));
    expect(row).toMatchObject({ name: 'Bí mật của A', status: 'INACTIVE', version: 1 });
    expect(
      await api.deps.db.select().from(trackingEntries).where(eq(trackingEntries.productId, productA.id)),
    ).toHaveLength(3);
  });

  it("[COMPANY_ADMIN][REST][products]: another company's product cannot be deleted", async () => {
    const { api, p, productA } = await setup();
    const res = await api.call('DELETE', `/products/${productA.id}`, { token: p.tokens.adminB });
    expect(res.status).toBe(404);
    expect((await api.deps.db.select().from(products).where(eq(products.id, productA.id)))[0]).toBeDefined();
  });

  it("[COMPANY_ADMIN][REST][products]: check-qr-code tells only 'not available' about another company's codes", async () => {
    const { api, p, productA } = await setup();
    const res = await api.call('POST', '/products/check-qr-code', {
      token: p.tokens.adminB,
      body: { qr_code: productA.qrCode },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ available: false });
    // Naming A's product id is refused instead of answering for it.
    const withId = await api.call('POST', '/products/check-qr-code', {
      token: p.tokens.adminB,
      body: { qr_code: 'whatever-1', id: productA.id },
    });
    expect(withId.status).toBe(404);
    expect(withId.text).not.toContain('Bí mật');
  });

  it("[COMPANY_ADMIN][REST][products]: B cannot take A's code, bound or unbound", async () => {
    const { api, p, productA } = await setup();
    await api.deps.db.insert(shortLinks).values({ code: 'a-unbound-01', companyId: p.companyA.id });
    for (const code of [productA.qrCode, 'a-unbound-01']) {
      const res = await api.call('POST', '/products', {
        token: p.tokens.adminB,
        body: { name: 'B', qr_code: code },
      });
      expect(res.status).toBe(409);
    }
    const [link] = await api.deps.db.select().from(shortLinks).where(eq(shortLinks.code, 'a-unbound-01'));
    expect(link).toMatchObject({ companyId: p.companyA.id, productId: null });
  });

  it('[EMPLOYEE][REST][products]: an employee of A is held to A like its admin', async () => {
    const { api, p } = await setup();
    const productB = await makeProduct(api.deps, p.companyB.id, { name: 'Của B' });
    expect((await api.call('GET', `/products/${productB.id}`, { token: p.tokens.employeeA })).status).toBe(
      404,
    );
    expect((await api.call('DELETE', `/products/${productB.id}`, { token: p.tokens.employeeA })).status).toBe(
      404,
    );
  });

  it("[SUPER_ADMIN][REST][products]: reads and changes any company's product", async () => {
    const { api, p, productA } = await setup();
    expect((await api.call('GET', `/products/${productA.id}`, { token: p.tokens.superAdmin })).status).toBe(
      200,
    );
    const res = await api.call('PUT', `/products/${productA.id}`, {
      token: p.tokens.superAdmin,
      body: { name: 'Sửa' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.companyId).toBe(p.companyA.id);
  });
});
