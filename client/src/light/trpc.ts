/**
 * The light page's stand-in for lib/trpc.ts (decision 140): the same exports over tRPC's HTTP wire
 * (no transformer, one call per request: `GET /api/trpc/{path}?batch=1&input={"0":…}` for a query,
 * a POST of `{"0":…}` for a mutation, answered `[{"result":{"data":…}}]` or `[{"error":…}]`), the
 * same shape the server writes for products.resolve (server/http/trpc-batch.ts). A failure is
 * reported exactly as the app's client reports it (lib/trpc-failure.ts). The light build resolves
 * lib/trpc.ts here (vite.config.ts); the app keeps the tRPC client and its batching.
 * Written by hand because @trpc/client's link is several times its size on a page held to 70 kB
 * (decision 224); a differential test holds it to @trpc/client's requests, answers and errors
 * (tests/client/light/light-wire.test.ts).
 */
import type { TRPCClient, TRPCClientError } from '@trpc/client';
import type {
  AnyTRPCProcedure,
  inferProcedureInput,
  inferTransformedProcedureOutput,
  TRPCRouterRecord,
} from '@trpc/server';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import type { AppRouter } from '#server/trpc/root.ts';
import { getAccessToken } from '#client/lib/storage.ts';
import { reportTrpcFailure } from '#client/lib/trpc-failure.ts';
import type { QueryKey, QueryOptions } from './query.ts';

export { type AppErrorData, errorData } from '#client/lib/trpc-failure.ts';
export type AppClientError = TRPCClientError<AppRouter>;

type CallOptions = { context?: { silent?: boolean } };

/**
 * What `useTRPC()` serves here, typed from the router: for each query, its key and its options for
 * `useQuery` (light/query.ts), nothing else. The pages are type-checked against this in the light
 * build's own check (tsconfig.light.json), so a page that asks more of it (a mutation's options, an
 * infinite query) fails that check instead of the light page at run time.
 */
/** A procedure's answer as it arrives over the wire, as tRPC's client types it. */
type Output<P extends AnyTRPCProcedure> = inferTransformedProcedureOutput<
  AppRouter['_def']['_config']['$types'],
  P
>;

type LightOptionsProxy<R extends TRPCRouterRecord> = {
  [K in keyof R]: R[K] extends TRPCRouterRecord
    ? LightOptionsProxy<R[K]>
    : R[K] extends AnyTRPCProcedure
      ? R[K]['_def']['type'] extends 'query'
        ? {
            queryKey(input?: inferProcedureInput<R[K]>): QueryKey;
            queryOptions(
              input: inferProcedureInput<R[K]>,
              options?: Omit<QueryOptions<Output<R[K]>>, 'queryKey' | 'queryFn'> & { trpc?: CallOptions },
            ): QueryOptions<Output<R[K]>> & { queryKey: QueryKey };
          }
        : never
      : never;
};
export type LightTRPC = LightOptionsProxy<AppRouter['_def']['record']>;

/** An error as the app's pages read it: the server's message, and its `data` (errorData). */
class TrpcCallError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

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

/** tRPC's own client type: every procedure's `query`/`mutate`, which the proxy serves for any path. */
type Client = TRPCClient<AppRouter>;

export const createAppTrpcClient = (): Client => clientProxy() as Client;

const ClientContext = createContext<Client | null>(null);

/** `queryClient` as the app's provider takes it; this one keeps none of its own. */
export function TRPCProvider({
  trpcClient,
  children,
}: {
  trpcClient: Client;
  queryClient?: unknown;
  children: ReactNode;
}) {
  return createElement(ClientContext.Provider, { value: trpcClient }, children);
}

export function useTRPCClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useTRPCClient outside TRPCProvider');
  return client;
}

export function useTRPC(): LightTRPC {
  const client = useTRPCClient();
  return useMemo(() => optionsProxy(client) as LightTRPC, [client]);
}
