import { useEffect, useMemo } from 'react';
import { errorData } from '#client/lib/trpc.ts';
import { dropPage, type KeptCopy, type KeptKind, keepPage, keptPage } from './kept-pages.ts';
import { useWhenOnline } from './use-when-online.ts';

/** What a product or lot page's query says, as react-query and the light page's stand-in both say it. */
export interface PageQuery<T> {
  data: T | undefined;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A public page's answer and its copy kept on the phone (kept-pages.ts): each answer the server gives
 * is kept; when a call got no answer at all (no network) the kept copy is given instead, if there is
 * one, and the call is made again once the network is back. The server's "not found" drops the copy:
 * a page no longer public is not shown from the phone either.
 */
export function useKeptAnswer<T>(kind: KeptKind, id: number, query: PageQuery<T>) {
  const status = query.isError ? errorData(query.error).httpStatus : undefined;
  const offline = query.isError && status === undefined;
  const gone = status === 404 || status === 400;
  const fresh = query.isSuccess ? query.data : undefined;
  useEffect(() => {
    if (fresh) keepPage(kind, id, fresh);
  }, [kind, id, fresh]);
  useEffect(() => {
    if (gone) dropPage(kind, id);
  }, [kind, id, gone]);
  const { refetch } = query;
  const retry = useMemo(() => (offline ? () => void refetch() : null), [offline, refetch]);
  useWhenOnline(retry);
  const copy = useMemo(() => (offline ? keptPage<T>(kind, id) : null), [offline, kind, id]);
  return { offline, copy: copy as KeptCopy<T> | null, retry: () => void refetch() };
}
