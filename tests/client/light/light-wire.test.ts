/**
 * The light page's hand-written tRPC client (client/src/light/trpc.ts, kept for its size: decision 224,
 * bench/RESULTS.md) against tRPC's own client (the app's, lib/trpc.ts: @trpc/client's httpBatchLink),
 * for the same calls, both answered by tRPC's own server (its fetch adapter, in the page): the requests
 * they send, the answers and the errors they give the pages, alone and in a batch.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as app from '#client/lib/trpc.ts';
import * as light from '#client/light/trpc.ts';
import { setSession } from '#client/lib/storage.ts';

const t = initTRPC.create({
  // As the app's formatter adds its fields to every error (server/trpc/init.ts).
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    data: { ...shape.data, stack: undefined, appCode: error.code === 'NOT_FOUND' ? 'gone' : null },
  }),
});
const router = t.router({
  products: t.router({
    resolve: t.procedure.input(z.object({ code: z.string().min(6) })).query(({ input }) => {
      if (input.code === 'khongco')
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Không tìm thấy sản phẩm' });
      return { code: input.code, name: 'Mật ong "hoa" cà phê \u2028', at: null, n: [1, 2.5] };
    }),
  }),
  system: t.router({ config: t.procedure.query(() => ({ months: 13 })) }),
  scanLogs: t.router({
    add: t.procedure
      .input(z.object({ productId: z.number() }))
      .mutation(({ input }) => ({ saved: input.productId })),
  }),
});

type Sent = { url: string; method: string; body: string | null; auth: string | null };
let sent: Sent[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'http://x.test'),
      init,
    );
    sent.push({
      url: req.url.replace('http://x.test', ''),
      method: req.method,
      body: req.method === 'POST' ? await req.clone().text() : null,
      auth: req.headers.get('authorization'),
    });
    return fetchRequestHandler({ endpoint: '/api/trpc', req, router, createContext: () => ({}) });
  });
});
afterEach(() => vi.unstubAllGlobals());

type Untyped = Record<
  string,
  Record<string, { query(i?: unknown): Promise<unknown>; mutate(i: unknown): Promise<unknown> }>
>;
const clients = () => ({
  app: app.createAppTrpcClient() as unknown as Untyped,
  light: light.createAppTrpcClient() as unknown as Untyped,
});

/** What a page sees of a call: its data, or its error's message and data (errorData). */
const outcome = (call: Promise<unknown>) =>
  call.then(
    (data) => ({ data }),
    (err: Error) => ({ message: err.message, data: light.errorData(err) }),
  );

describe("[GUEST][client][light] the light tRPC client against tRPC's own", () => {
  const calls: Array<[string, (c: Untyped) => Promise<unknown>]> = [
    ['a query', (c) => c.products!.resolve!.query({ code: 'abc123' })],
    ['a query without input', (c) => c.system!.config!.query()],
    ['a mutation', (c) => c.scanLogs!.add!.mutate({ productId: 3 })],
    ['not found', (c) => c.products!.resolve!.query({ code: 'khongco' })],
    ['invalid input', (c) => c.products!.resolve!.query({ code: 'a' })],
    ['an unknown procedure', (c) => c.products!.nothing!.query({})],
    ['a mutation asked as a query', (c) => c.scanLogs!.add!.query({ productId: 3 })],
  ];

  it.each(calls)('%s: the same request, the same answer or error', async (_, call) => {
    const { app: theirs, light: ours } = clients();
    const expected = await outcome(call(theirs));
    const [theirRequest] = sent.splice(0);
    expect(await outcome(call(ours))).toEqual(expected);
    expect(sent).toEqual([theirRequest]);
  });

  it('the signed-in token goes with each call, as the app sends it', async () => {
    setSession({ accessToken: 'tok', permissions: [] });
    const { app: theirs, light: ours } = clients();
    await theirs.system!.config!.query();
    await ours.system!.config!.query();
    expect(sent[1]).toEqual(sent[0]);
  });

  it('calls made together: tRPC batches them, the light client asks one at a time, with the same answers', async () => {
    const { app: theirs, light: ours } = clients();
    // Not the mutation asked as a query: tRPC's server refuses a whole batch that mixes procedure types,
    // where the light client's one call per request fails alone (no page asks such a call).
    const batchable = calls.filter(([name]) => name !== 'a mutation asked as a query');
    const together = (c: Untyped) => Promise.all(batchable.map(([, call]) => outcome(call(c))));
    const expected = await together(theirs);
    expect(sent.length).toBeLessThan(batchable.length); // tRPC's link did batch them
    sent = [];
    expect(await together(ours)).toEqual(expected);
    expect(sent).toHaveLength(batchable.length);
  });

  it('no answer at all (offline): an error without data, from both', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { app: theirs, light: ours } = clients();
    const expected = await outcome(theirs.system!.config!.query());
    expect(await outcome(ours.system!.config!.query())).toEqual(expected);
    expect(expected).toEqual({ message: 'Failed to fetch', data: {} });
  });
});
