/**
 * The app starting from a server-rendered page (first-view/take.ts): the answer goes into the query
 * cache before any page renders, and a printed code's scan is recorded as the redirect page would.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useRememberScan, useResolveCode } from '#client/features/scan/record-scan.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import type { FirstView } from './first-view.ts';

/** Seeds publicProducts.byId (or a lot page's lots.publicById) with the page's answer during the first render, before the page asks. */
export function FirstViewData({ view, children }: { view: FirstView | null; children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useState(() => {
    if (view?.lot)
      queryClient.setQueryData(trpc.lots.publicById.queryKey({ id: view.lot.id }), {
        lot: view.lot,
        product: view.product,
      });
    else if (view)
      queryClient.setQueryData(trpc.publicProducts.byId.queryKey({ id: view.product.id }), view.product);
  });
  return children;
}

/**
 * The scan of a printed code (/redirect/{code}) whose page the server rendered: products.resolve with
 * the viewer's session (the scan event, with the signed-in user), then the history. Once, after the
 * session is known. A failure costs one history entry; the page the visitor reads is already there.
 */
export function FirstViewScan({ code }: { code: string }) {
  const { state } = useSession();
  const resolve = useResolveCode();
  const remember = useRememberScan();
  const started = useRef(false);
  useEffect(() => {
    if (state.status === 'loading' || started.current) return;
    started.current = true;
    resolve(code)
      .then(remember)
      .catch(() => undefined);
  }, [state.status, code, resolve, remember]);
  return null;
}
