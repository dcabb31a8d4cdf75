import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { MANAGE_MATRIX, people, refusedStatus } from '#tests/server/products/helpers.ts';
import { counts, csv, GOOD_ROWS, postImport } from './helpers.ts';

const { shortLinks } = tables;

async function setup() {
  const api = await createTestApi();
  return { api, p: await people(api.deps) };
}

/** A file whose only product uses a given printed code. */
const withCode = (code: string) => csv([['', 'Mật ong rừng', '', '', '', '', '', code, '', '', '', '']]);

describe('[REST][productImport] roles', () => {
  for (const { role, who, allowed } of MANAGE_MATRIX) {
    it(`[${role}][REST][productImport]: ${allowed ? 'may' : 'may not'} import products`, async () => {
      const { api, p } = await setup();
      const token = who ? p.tokens[who] : undefined;
      // SUPER_ADMIN works across companies and names the one it imports into.
      const companyId = who === 'superAdmin' ? p.companyB.id : undefined;
      const res = await postImport(api, csv(GOOD_ROWS), { token, companyId });
      if (allowed) {
        expect(res.status).toBe(200);
        const into = who === 'superAdmin' ? p.companyB.id : p.companyA.id;
        expect((await counts(api.deps, into)).products).toBe(2);
      } else {
        expect(res.status).toBe(refusedStatus(who));
        expect(res.body.message).toBe(who ? vi.errors.forbidden : vi.errors.unauthorized);
        expect((await counts(api.deps)).products).toBe(0);
      }
    });
  }

  it('[SUPER_ADMIN][REST][productImport]: without a company the import is a 400 asking for one', async () => {
    const { api, p } = await setup();
    const res = await postImport(api, csv(GOOD_ROWS), { token: p.tokens.superAdmin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(vi.products.companyRequired);
    expect((await counts(api.deps)).products).toBe(0);
  });
});

describe('[REST][productImport] tenant isolation', () => {
  it('[COMPANY_ADMIN][REST][productImport]: naming another company is 403 and nothing lands in either', async () => {
    const { api, p } = await setup();
    const res = await postImport(api, csv(GOOD_ROWS), { token: p.tokens.adminA, companyId: p.companyB.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(vi.products.otherCompany);
    expect((await counts(api.deps)).products).toBe(0);
  });

  it("[COMPANY_ADMIN][REST][productImport]: imported products are the importer's company's only", async () => {
    const { api, p } = await setup();
    await postImport(api, csv(GOOD_ROWS), { token: p.tokens.adminA });
    const listB = await api.call('GET', '/products', { token: p.tokens.adminB });
    expect(listB.body.data).toEqual({ products: [], total: 0 });
    const listA = await api.call('GET', '/products', { token: p.tokens.adminA });
    expect(listA.body.data.total).toBe(2);
    const catsB = await api.call('GET', '/companies/categories', { token: p.tokens.adminB });
    expect(catsB.body.data).toEqual([]);
  });

  it("[COMPANY_ADMIN][REST][productImport]: another company's printed code is refused; an unbound code of its own is bound", async () => {
    const { api, p } = await setup();
    const batchB = await api.call('POST', '/shortLinks', { token: p.tokens.adminB, body: { count: 1 } });
    const codeB = batchB.body.data[0].code as string;
    const refused = await postImport(api, withCode(codeB), { token: p.tokens.adminA, dryRun: 'true' });
    expect(refused.body.data.errors).toEqual([{ row: 2, field: 'qr_code', message: vi.errors.qrCodeTaken }]);

    const batchA = await api.call('POST', '/shortLinks', { token: p.tokens.adminA, body: { count: 1 } });
    const codeA = batchA.body.data[0].code as string;
    const ok = await postImport(api, withCode(codeA), { token: p.tokens.adminA });
    expect(ok.status).toBe(200);
    const links = await api.deps.db.select().from(shortLinks);
    const bound = links.find((l) => l.code === codeA);
    expect(bound?.productId).not.toBeNull();
    expect(links.find((l) => l.code === codeB)?.productId).toBeNull();
  });
});
