import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getRequestInfo } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';
import { singleBatchCall } from '#server/http/trpc-batch.ts';
import { createContext } from '#server/edge/context.ts';
import { appRouter } from '#server/trpc/root.ts';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

/**
 * The hand-written tRPC wire (server/http/trpc-batch.ts, kept for speed: decision 224, bench/RESULTS.md)
 * against tRPC's own server, for the same calls: the request as tRPC itself reads it (getRequestInfo), and
 * the answer as tRPC itself writes it (its fetch adapter over the same router and context). Every call is
 * asked twice, as a kept answer's envelope is made once from its second send (decision 168).
 */
async function world() {
  const api = await createTestApi();
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(api.deps, admin);
  const product = await caller.products.create({
    name: 'Mật ong "hoa" cà phê \\ <b>',
    status: 'ACTIVE',
    gtin: '08930000000019',
    trackings: [{ activity: 'Khai thác', location: 'Krông Pắc', date: '2026-03-20', description: 'ổ\u2028' }],
  });
  const lot = await caller.lots.create({
    productId: product.id,
    code: 'L2405A',
    events: [{ activity: 'Xay xát', location: 'Sóc Trăng', date: '2026-10-03' }],
  });
  /** tRPC's own answer: its fetch adapter over the app's router, as the app mounts it (server/app.ts). */
  const own = (path: string) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request(`http://localhost${path}`),
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: async () =>
        (await createContext(api.deps, undefined, {
          ip: '127.0.0.1',
          userAgent: '',
          requestId: 't',
        })) as never,
    });
  return { api, product, lot, own };
}

const batchUrl = (paths: string, input: unknown) =>
  `/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;

async function answer(res: Response) {
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe("[GUEST][tRPC][wire]: the hand-written tRPC wire against tRPC's own", () => {
  it("a kept answer's bytes are tRPC's own, for the resolve and the lot, first and second send", async () => {
    const { api, product, lot, own } = await world();
    for (const url of [
      batchUrl('products.resolve', { 0: { code: product.qr_code } }),
      batchUrl('products.resolve', { 0: { code: product.qr_code.toUpperCase() } }),
      batchUrl('lots.publicById', { 0: { id: lot.id } }),
    ]) {
      const theirs = await answer(await own(url));
      expect(theirs.status, url).toBe(200);
      for (let send = 0; send < 3; send++) {
        expect(await answer(await api.app.request(url)), url).toEqual(theirs);
      }
    }
  });

  it("every other call, errors and batches included, is tRPC's own answer", async () => {
    const { api, product, own } = await world();
    const code = product.qr_code;
    for (const url of [
      batchUrl('products.resolve', { 0: { code: 'khongtontai123' } }),
      batchUrl('products.resolve', { 0: { code: 'a' } }),
      batchUrl('products.resolve', { 0: { code, other: 1 } }),
      batchUrl('products.resolve', { 0: { code: ` ${code} ` } }),
      batchUrl('products.resolve', { 1: { code } }),
      batchUrl('products.resolve', [{ code }]),
      batchUrl('products.resolve,products.resolve', { 0: { code }, 1: { code } }),
      batchUrl('products.resolve,lots.publicById', { 0: { code }, 1: { id: 0 } }),
      batchUrl('lots.publicById', { 0: { id: 0 } }),
      batchUrl('lots.publicById', { 0: { id: 999_999 } }),
      `/api/trpc/products.resolve?input=${encodeURIComponent(JSON.stringify({ code }))}`,
      '/api/trpc/products.resolve?batch=1&input=%7Bnope',
      '/api/trpc/products.resolve?batch=1',
    ]) {
      const theirs = await answer(await own(url));
      for (let send = 0; send < 2; send++) {
        expect(await answer(await api.app.request(url)), url).toEqual(theirs);
      }
    }
  });

  it('reads a GET batch as tRPC reads it: what it takes is one call with the same input, the rest is left to tRPC', async () => {
    // [query, whether the hand-written reader takes it]
    const queries: Array<[string, boolean]> = [
      ['batch=1&input={"0":{"code":"abc123"}}', true],
      ['batch=1&input={"0":{"id":7}}', true],
      ['batch=1&input={"0":"\\u00e0\\"x"}', true],
      ['batch=1&input={"0":null}', true],
      // tRPC refuses an array as a batch's inputs: so must the reader, or it answers what tRPC refuses.
      ['batch=1&input=[{"code":"abc123"}]', false],
      ['batch=1&input={"1":{"code":"abc123"}}', false],
      ['batch=1&input={"0":{"code":"a"},"1":{"code":"b"}}', false],
      ['batch=1&input=nope', false],
      ['batch=1&input=', false],
      ['batch=1', false],
      ['batch=0&input={"0":{"code":"abc123"}}', false],
      ['input={"code":"abc123"}', false],
    ];
    for (const [query, taken] of queries) {
      const params = new URLSearchParams(query);
      const ours = singleBatchCall(params.get('batch') ?? undefined, params.get('input') ?? undefined);
      expect(ours !== undefined, query).toBe(taken);
      if (!taken) continue; // tRPC answers it, as the test above shows
      const url = new URL(`http://localhost/api/trpc/products.resolve?${query}`);
      const info = await getRequestInfo({
        path: 'products.resolve',
        req: new Request(url),
        url,
        searchParams: url.searchParams,
        headers: new Headers(),
        router: appRouter,
      })
        .then(async (i) => ({
          batch: i.isBatchCall,
          calls: i.calls.length,
          input: await i.calls[0]?.getRawInput(),
        }))
        .catch(() => null); // tRPC refuses the request itself
      expect(info, query).toEqual({ batch: true, calls: 1, input: ours });
    }
  });
});
