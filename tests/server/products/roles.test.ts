import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { MANAGE_MATRIX, makeProduct, people, postFile, qrPng, refusedStatus } from './helpers.ts';

async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const product = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê', status: 'ACTIVE' });
  return { api, p, product };
}

/** Each managed path, as one role would call it; `ok` is the success status. */
const MANAGED = [
  {
    name: 'GET /products',
    ok: 200,
    run: (s: Setup, t?: string) => s.api.call('GET', '/products', { token: t }),
  },
  {
    name: 'GET /products/{id}',
    ok: 200,
    run: (s: Setup, t?: string) => s.api.call('GET', `/products/${s.product.id}`, { token: t }),
  },
  {
    name: 'POST /products',
    ok: 201,
    run: (s: Setup, t?: string) =>
      s.api.call('POST', '/products', { token: t, body: { name: 'Mới', companyId: s.p.companyA.id } }),
  },
  {
    name: 'PUT /products/{id}',
    ok: 200,
    run: (s: Setup, t?: string) =>
      s.api.call('PUT', `/products/${s.product.id}`, { token: t, body: { name: 'Đổi' } }),
  },
  {
    name: 'DELETE /products/{id}',
    ok: 200,
    run: (s: Setup, t?: string) => s.api.call('DELETE', `/products/${s.product.id}`, { token: t }),
  },
  {
    name: 'POST /products/check-qr-code',
    ok: 200,
    run: (s: Setup, t?: string) =>
      s.api.call('POST', '/products/check-qr-code', {
        token: t,
        body: { qr_code: 'free-code-1', id: s.product.id },
      }),
  },
] as const;
type Setup = Awaited<ReturnType<typeof setup>>;

describe('[REST][products] role matrix', () => {
  for (const path of MANAGED) {
    for (const row of MANAGE_MATRIX) {
      const expected = row.allowed ? path.ok : refusedStatus(row.who);
      it(`[${row.role}][REST][products]: ${path.name} is ${expected}`, async () => {
        const s = await setup();
        const res = await path.run(s, row.who ? s.p.tokens[row.who] : undefined);
        expect(res.status).toBe(expected);
        expect(res.body.statusCode).toBe(expected);
        if (!row.allowed) {
          expect(res.body.message).toBe(row.who ? vi.errors.forbidden : vi.errors.unauthorized);
        }
      });
    }
  }

  for (const row of MANAGE_MATRIX) {
    it(`[${row.role}][REST][products]: the public resolve answers an ACTIVE product`, async () => {
      const s = await setup();
      const res = await s.api.call('GET', `/products/qr-codes/${s.product.qrCode}`, {
        token: row.who ? s.p.tokens[row.who] : undefined,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('Cà phê');
    });
    it(`[${row.role}][REST][products]: scan-by-image is open to everyone`, async () => {
      const s = await setup();
      const png = await qrPng(`http://localhost:3000/redirect/${s.product.qrCode}`);
      const res = await postFile(
        s.api,
        '/products/scan-qr',
        png,
        'qr.png',
        row.who ? s.p.tokens[row.who] : undefined,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(s.product.id);
    });
  }
});

describe('[tRPC][products] role matrix', () => {
  const procedures = {
    list: (c: ReturnType<typeof callerFor>, _s: Setup) => c.products.list({}),
    get: (c: ReturnType<typeof callerFor>, s: Setup) => c.products.get({ id: s.product.id }),
    create: (c: ReturnType<typeof callerFor>, s: Setup) =>
      c.products.create({ name: 'Mới', companyId: s.p.companyA.id }),
    update: (c: ReturnType<typeof callerFor>, s: Setup) =>
      c.products.update({ id: s.product.id, name: 'Đổi' }),
    delete: (c: ReturnType<typeof callerFor>, s: Setup) => c.products.delete({ id: s.product.id }),
    checkQrCode: (c: ReturnType<typeof callerFor>, _s: Setup) =>
      c.products.checkQrCode({ qr_code: 'abcd-1234' }),
  };
  for (const [name, run] of Object.entries(procedures)) {
    for (const row of MANAGE_MATRIX) {
      it(`[${row.role}][tRPC][products]: ${name} is ${row.allowed ? 'allowed' : 'refused'}`, async () => {
        const s = await setup();
        const caller = callerFor(s.api.deps, row.who ? s.p[row.who] : null);
        if (row.allowed) {
          await expect(run(caller, s)).resolves.toBeDefined();
        } else {
          const err = await run(caller, s).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(TRPCError);
          expect((err as TRPCError).code).toBe(row.who ? 'FORBIDDEN' : 'UNAUTHORIZED');
        }
      });
    }
  }
});
