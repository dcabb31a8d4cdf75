/**
 * The light page's data layer (decision 140): client/src/light/query.ts and light/trpc.ts stand in for
 * react-query and the tRPC client with the same exports. These prove the wire they speak (tRPC's GET
 * batch of one call, a POST for a mutation), the keys (the same as @trpc/tanstack-react-query's, so the
 * app's predicates match), and what the pages rely on: one request per answer, an answer set ahead is
 * not asked again, invalidation asks again, errors carry the server's data.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isScanLogQuery } from '#client/features/history/merge.ts';
import { setSession } from '#client/lib/storage.ts';
import { QueryClient, QueryClientProvider, useQuery } from '#client/light/query.ts';
import { createAppTrpcClient, errorData, TRPCProvider, useTRPC, useTRPCClient } from '#client/light/trpc.ts';

type Sent = { url: string; method: string; body?: string; auth?: string };

function serve(answer: (url: URL) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      url,
      method: init.method ?? 'GET',
      body: init.body as string | undefined,
      auth: headers.Authorization,
    });
    const { status, body } = answer(new URL(url, 'http://x.test'));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

function Product({ id, onClient }: { id: number; onClient?: (c: unknown) => void }) {
  const trpc = useTRPC();
  onClient?.(useTRPCClient());
  // The options typed for react-query, as the pages write them; the stand-in takes the part it uses.
  const product = useQuery<{ name: string }>(
    trpc.publicProducts.byId.queryOptions({ id }, { trpc: { context: { silent: true } } }) as never,
  );
  if (product.isError) return <p>lỗi {errorData(product.error).httpStatus}</p>;
  return <p>{product.data ? product.data.name : 'đang tải'}</p>;
}

function Logs() {
  const trpc = useTRPC();
  const logs = useQuery<{ name: string }>(trpc.scanLogs.list.queryOptions({ page: 1, limit: 10 }) as never);
  return <p>{logs.data?.name ?? '…'}</p>;
}

function world(children: React.ReactNode, queryClient = new QueryClient()) {
  const trpcClient = createAppTrpcClient();
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient as never}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { queryClient, trpcClient };
}

describe('[GUEST][client] the light page data layer', () => {
  it('asks a query once over tRPC GET wire, for every component that wants it', async () => {
    const sent = serve(() => ({ status: 200, body: [{ result: { data: { id: 7, name: 'Chè' } } }] }));
    world(
      <>
        <Product id={7} />
        <Product id={7} />
      </>,
    );
    expect(await screen.findAllByText('Chè')).toHaveLength(2);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url, 'http://x.test');
    expect(url.pathname).toBe('/api/trpc/publicProducts.byId');
    expect(url.searchParams.get('batch')).toBe('1');
    expect(JSON.parse(url.searchParams.get('input')!)).toEqual({ 0: { id: 7 } });
  });

  it("an error carries the server's data; an answer set ahead is not asked; invalidation asks again", async () => {
    let name = 'Chè';
    const sent = serve((url) =>
      url.pathname.endsWith('scanLogs.list')
        ? { status: 200, body: [{ result: { data: { name } } }] }
        : { status: 404, body: [{ error: { message: 'Không tìm thấy', data: { httpStatus: 404 } } }] },
    );
    const queryClient = new QueryClient();
    const trpcKey = [['publicProducts', 'byId'], { input: { id: 2 }, type: 'query' }];
    queryClient.setQueryData(trpcKey, { id: 2, name: 'Cà phê' });
    world(
      <>
        <Product id={1} />
        <Product id={2} />
        <Logs />
      </>,
      queryClient,
    );
    expect(await screen.findByText('lỗi 404')).toBeTruthy();
    expect(screen.getByText('Cà phê')).toBeTruthy();
    await screen.findByText('Chè');
    expect(sent.filter((s) => s.url.includes('publicProducts.byId'))).toHaveLength(1);
    name = 'Trà';
    await act(() => queryClient.invalidateQueries({ predicate: isScanLogQuery }));
    await screen.findByText('Trà');
    expect(sent.filter((s) => s.url.includes('scanLogs.list'))).toHaveLength(2);
  });

  it('a mutation is a POST of the batch of one, with the signed-in token', async () => {
    setSession({ accessToken: 'tok', permissions: [] } as never);
    const sent = serve(() => ({ status: 200, body: [{ result: { data: { ok: true } } }] }));
    let client: { scanLogs: { add: { mutate(i: unknown): Promise<unknown> } } } | undefined;
    world(<Product id={3} onClient={(c) => (client = c as typeof client)} />);
    await waitFor(() => expect(client).toBeDefined());
    await expect(client!.scanLogs.add.mutate({ productId: 3 })).resolves.toEqual({ ok: true });
    const post = sent.find((s) => s.method === 'POST')!;
    expect(post.url).toBe('/api/trpc/scanLogs.add?batch=1');
    expect(JSON.parse(post.body!)).toEqual({ 0: { productId: 3 } });
    expect(post.auth).toBe('Bearer tok');
  });
});
