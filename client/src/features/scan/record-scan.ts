/**
 * After a code resolves: the scan goes into the history and the page it leads to opens with the answer
 * already in the cache (no second request on a slow network).
 * - a visitor: the phone's list ('scanned-qrs');
 * - a signed-in user: the resolve already recorded the scan event; scanLogs.add (POST /auth/scan-log)
 *   puts it in their own history. It does not hold up the page: a failure only misses one entry.
 * A scan that names a lot (a lot's code or Digital Link) keeps the lot with the entry (decision 184).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { ScannedTarget } from '#shared/scanned-text.ts';
import { useTRPC, useTRPCClient } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { addGuestScan } from '#client/features/history/guest-history.ts';
import { localNamesOf } from '#client/features/history/local-names.ts';
import { isScanLogQuery } from '#client/features/history/merge.ts';
import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { productPath } from '#client/features/public/paths.ts';
import type { PublicProduct } from '#client/features/public/types.ts';

/**
 * What a scan opens: the product answer (products.resolve's, or products.resolveScan's with the page it
 * leads to and, for a lot's page, that page's answer).
 */
export type ScannedProduct = PublicProduct & { page?: string; lotPage?: PublicLotAnswer | null };

/** The scan goes into the viewer's history and the answer into the cache, without leaving the page. */
export function useRememberScan() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { state } = useSession();
  const signedIn = state.isLoggedIn;

  return useCallback(
    ({
      page: _page,
      lotPage,
      scanned: _scanned,
      ...product
    }: ScannedProduct & { scanned?: ScannedTarget }) => {
      const lot = product.lot;
      if (signedIn) {
        client.scanLogs.add
          .mutate({ productId: product.id, lotId: lot?.id ?? null }, { context: { silent: true } })
          .then(() => queryClient.invalidateQueries({ predicate: isScanLogQuery }))
          .catch(() => undefined);
      } else {
        const names = localNamesOf(product);
        addGuestScan({
          productId: product.id,
          name: product.name,
          image: product.image,
          companyName: product.company.name,
          lot: lot ? { id: lot.id, code: lot.code, recalled: lot.recalled } : null,
          ...(names ? { names } : {}),
        });
      }
      // The page the scan opens, already in the cache: the lot's page, or the product's.
      if (lotPage) queryClient.setQueryData(trpc.lots.publicById.queryKey({ id: lotPage.lot.id }), lotPage);
      else queryClient.setQueryData(trpc.publicProducts.byId.queryKey({ id: product.id }), product);
    },
    [signedIn, client, queryClient, trpc],
  );
}

/** The scan remembered, then the page it leads to opened with the answer already in the cache. */
export function useOpenScannedProduct() {
  const remember = useRememberScan();
  const [, navigate] = useLocation();
  return useCallback(
    (product: ScannedProduct, options: { replace?: boolean } = {}) => {
      remember(product);
      navigate(product.page ?? productPath(product.id), { replace: options.replace });
    },
    [remember, navigate],
  );
}

/** products.resolve without the shell's toast: the pages say what went wrong in place. */
export function useResolveCode() {
  const client = useTRPCClient();
  return useCallback(
    (code: string) => client.products.resolve.query({ code }, { context: { silent: true } }),
    [client],
  );
}

/** products.resolveScan (any code the scan page read), without the shell's toast. */
export function useResolveScan() {
  const client = useTRPCClient();
  return useCallback(
    (target: ScannedTarget) => client.products.resolveScan.query(target, { context: { silent: true } }),
    [client],
  );
}
