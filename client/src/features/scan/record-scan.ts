/**
 * After a code resolves: the scan goes into the history and the product page opens with the answer
 * already in the cache (no second request on a slow network).
 * - a visitor: the phone's list ('scanned-qrs');
 * - a signed-in user: the resolve already recorded the scan event; scanLogs.add (POST /auth/scan-log)
 *   puts it in their own history. It does not hold up the page: a failure only misses one entry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useTRPC, useTRPCClient } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { addGuestScan } from '#client/features/history/guest-history.ts';
import { isScanLogQuery } from '#client/features/history/merge.ts';
import { productPath } from '#client/features/public/paths.ts';
import type { PublicProduct } from '#client/features/public/types.ts';

/** The scan goes into the viewer's history and the answer into the cache, without leaving the page. */
export function useRememberScan() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { state } = useSession();
  const signedIn = state.isLoggedIn;

  return useCallback(
    (product: PublicProduct) => {
      if (signedIn) {
        client.scanLogs.add
          .mutate({ productId: product.id }, { context: { silent: true } })
          .then(() => queryClient.invalidateQueries({ predicate: isScanLogQuery }))
          .catch(() => undefined);
      } else {
        addGuestScan({
          productId: product.id,
          name: product.name,
          image: product.image,
          companyName: product.company.name,
        });
      }
      queryClient.setQueryData(trpc.publicProducts.byId.queryKey({ id: product.id }), product);
    },
    [signedIn, client, queryClient, trpc],
  );
}

/** The scan remembered, then the product page opened with the answer already in the cache. */
export function useOpenScannedProduct() {
  const remember = useRememberScan();
  const [, navigate] = useLocation();
  return useCallback(
    (product: PublicProduct, options: { replace?: boolean } = {}) => {
      remember(product);
      navigate(productPath(product.id), { replace: options.replace });
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
