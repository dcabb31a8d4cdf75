/**
 * The light page's stand-in for @tanstack/react-query (decision 140): the part of its API the public
 * pages use (a query client with set, remove and invalidate by predicate; `useQuery` with `enabled`,
 * `placeholderData` and `refetch`), so the pages stay the app's own components. The light build resolves
 * '@tanstack/react-query' here (vite.config.ts); the app keeps the library. An answer is kept for the
 * page's life, asked again only when invalidated or removed (a page opened by address is one visit).
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useReducer,
  useRef,
} from 'react';

type QueryKey = readonly unknown[];
interface Query {
  queryKey: QueryKey;
  status: 'pending' | 'success' | 'error';
  data?: unknown;
  error: unknown;
  /** False once invalidated: the next observer (or the ones already there) asks again. */
  fresh: boolean;
  fetching?: Promise<void>;
}
type Filter = { predicate: (q: { queryKey: QueryKey }) => boolean };

export class QueryClient {
  private queries = new Map<string, Query>();
  private listeners = new Set<() => void>();

  /** The app's defaults (retry off, no refetch on focus) are what this client does anyway. */
  // biome-ignore lint/complexity/noUselessConstructor: the app passes its options, as to react-query's
  constructor(_options?: unknown) {}

  query(queryKey: QueryKey): Query {
    const hash = JSON.stringify(queryKey);
    let q = this.queries.get(hash);
    if (!q) {
      q = { queryKey, status: 'pending', error: null, fresh: false };
      this.queries.set(hash, q);
    }
    return q;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  fetch(q: Query, queryFn: () => unknown): Promise<void> {
    q.fetching ??= Promise.resolve()
      .then(queryFn)
      .then(
        (data) => Object.assign(q, { status: 'success', data, error: null, fresh: true }),
        (error: unknown) => Object.assign(q, { status: 'error', error, fresh: true }),
      )
      .then(() => {
        q.fetching = undefined;
        this.changed();
      });
    return q.fetching;
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.queries.get(JSON.stringify(queryKey))?.data as T | undefined;
  }

  setQueryData(queryKey: QueryKey, data: unknown): void {
    Object.assign(this.query(queryKey), { status: 'success', data, error: null, fresh: true });
    this.changed();
  }

  removeQueries({ predicate }: Filter): void {
    for (const [hash, q] of this.queries) if (predicate(q)) this.queries.delete(hash);
    this.changed();
  }

  async invalidateQueries({ predicate }: Filter): Promise<void> {
    for (const q of this.queries.values()) if (predicate(q)) q.fresh = false;
    this.changed();
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useQueryClient outside QueryClientProvider');
  return client;
}

export interface QueryOptions<T> {
  queryKey: QueryKey;
  /** Typed as react-query's (it passes a context); light/trpc.ts's takes none. */
  queryFn?: (context: never) => T | Promise<T>;
  enabled?: boolean;
  placeholderData?: (previous: T | undefined) => T | undefined;
}

export function useQuery<T>({ queryKey, queryFn: fn, enabled = true, placeholderData }: QueryOptions<T>) {
  const client = useQueryClient();
  const queryFn = () => fn?.(undefined as never);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => client.subscribe(changed), [client]);
  const q = client.query(queryKey);
  const wanted = enabled && !q.fresh && !q.fetching;
  useEffect(() => {
    if (wanted) void client.fetch(q, queryFn);
  });
  const previous = useRef<T | undefined>(undefined);
  if (q.status === 'success') previous.current = q.data as T;
  const placeholder =
    q.status === 'pending' && placeholderData ? placeholderData(previous.current) : undefined;
  return {
    data: (q.status === 'success' ? q.data : (placeholder ?? q.data)) as T | undefined,
    error: q.error,
    status: q.status,
    isPending: q.status === 'pending',
    isSuccess: q.status === 'success',
    isError: q.status === 'error',
    isFetching: !!q.fetching || wanted,
    isPlaceholderData: placeholder !== undefined,
    refetch: () => client.fetch(q, queryFn),
  };
}
