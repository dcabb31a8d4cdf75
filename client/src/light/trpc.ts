/**
 * The light page's stand-in for lib/trpc.ts (decision 140): the same exports over tRPC's HTTP wire
 * (no transformer, one call per request: `GET /api/trpc/{path}?batch=1&input={"0":…}` for a query,
 * a POST of `{"0":…}` for a mutation, answered `[{"result":{"data":…}}]` or `[{"error":…}]`), the
 * same shape the server writes for products.resolve (server/http/trpc-batch.ts). A failure is
 * reported exactly as the app's client reports it (lib/trpc-failure.ts). The light build resolves
 * lib/trpc.ts here (vite.config.ts); the app keeps the tRPC client and its batching.
 */
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import type * as App from '#client/lib/trpc.ts';
import { getAccessToken } from '#client/lib/storage.ts';
import { reportTrpcFailure } from '#client/lib/trpc-failure.ts';

export { type AppErrorData, errorData } from '#client/lib/trpc-failure.ts';
export type AppClientError = App.AppClientError;

/** An error as the app's pages read it: the server's message, and its `data` (errorData). */
class TrpcCallError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

type CallOptions = { context?: { silent?: boolean } };

async function call(kind: 'query' | 'mutation', path: string, input: unknown, options: CallOptions = {}) {
  const token = getAccessToken();
  const batch = JSON.stringify({ 0: input });
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  try {
    const response = await (kind === 'query'
      ? fetch(`/api/trpc/${path}?batch=1&input=${encodeURIComponent(batch)}`, { headers })
      : fetch(`/api/trpc/${path}?batch=1`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: batch,
        }));
    const [answer] = (await response.json()) as [
      { result?: { data: unknown }; error?: { message: string; data: unknown } },
    ];
    if (answer?.result) return answer.result.data;
    throw new TrpcCallError(
      answer?.error?.message ?? response.statusText,
      answer?.error?.data ?? { httpStatus: response.status },
    );
  } catch (err) {
    // No answer at all (offline) is an error without data, as the app's client reports it.
    const error = err instanceof TrpcCallError ? err : new TrpcCallError((err as Error).message, undefined);
    reportTrpcFailure(error, { path, hadToken: !!token, silent: options.context?.silent });
    throw error;
  }
}

/** `a.b.query(input)`, `a.b.mutate(input)` for any path, as the typed client spells them. */
function clientProxy(path: string[] = []): unknown {
  return new Proxy(() => undefined, {
    get: (_, name: string) => {
      const at = path.join('.');
      if (name === 'query') return (input: unknown, o?: CallOptions) => call('query', at, input, o);
      if (name === 'mutate') return (input: unknown, o?: CallOptions) => call('mutation', at, input, o);
      return clientProxy([...path, name]);
    },
  });
}

/** react-query's key for a call as @trpc/tanstack-react-query writes it, so predicates on it still hold. */
const queryKey = (path: string[], input: unknown) => [
  path,
  { ...(input === undefined ? {} : { input }), type: 'query' },
];

/** `a.b.queryOptions(input, options)` and `a.b.queryKey(input)` for the query stand-in (light/query.ts). */
function optionsProxy(client: Client, path: string[] = []): unknown {
  return new Proxy(() => undefined, {
    get: (_, name: string) => {
      if (name === 'queryKey') return (input?: unknown) => queryKey(path, input);
      if (name === 'queryOptions')
        return (input: unknown, options: { trpc?: CallOptions } & Record<string, unknown> = {}) => ({
          ...options,
          queryKey: queryKey(path, input),
          queryFn: () => call('query', path.join('.'), input, options.trpc),
        });
      return optionsProxy(client, [...path, name]);
    },
  });
}

type Client = ReturnType<typeof App.createAppTrpcClient>;

export const createAppTrpcClient = (() => clientProxy()) as typeof App.createAppTrpcClient;

const ClientContext = createContext<Client | null>(null);

export const TRPCProvider = (({ trpcClient, children }: { trpcClient: Client; children: ReactNode }) =>
  createElement(
    ClientContext.Provider,
    { value: trpcClient },
    children,
  )) as unknown as typeof App.TRPCProvider;

export const useTRPCClient = (() => {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useTRPCClient outside TRPCProvider');
  return client;
}) as typeof App.useTRPCClient;

export const useTRPC = (() => {
  const client = useTRPCClient();
  return useMemo(() => optionsProxy(client), [client]);
}) as unknown as typeof App.useTRPC;
