import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SCAN_LOG_PAGE_SIZE } from '#shared/constants.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { readGuestHistory } from './guest-history.ts';
import type { HistoryItem } from './history-list.tsx';

/**
 * One page of the history: a signed-in user's scan log from the API (newest first), or a visitor's
 * list from this phone, paged the same way.
 */
export function useHistory(signedIn: boolean, page: number) {
  const trpc = useTRPC();
  const logs = useQuery(
    trpc.scanLogs.list.queryOptions(
      { page, limit: SCAN_LOG_PAGE_SIZE },
      { enabled: signedIn, placeholderData: (prev) => prev },
    ),
  );
  const guest = useMemo(() => (signedIn ? [] : readGuestHistory()), [signedIn]);
  if (signedIn) {
    const items: HistoryItem[] = (logs.data?.logs ?? []).map((l) => ({
      productId: l.productId,
      name: l.productName,
      image: l.productImage,
      companyName: l.companyName,
      scannedAt: l.scannedAt,
      lot: l.lot,
    }));
    return {
      items,
      total: logs.data?.total ?? 0,
      loading: logs.isPending && !logs.isError,
      failed: logs.isError,
      retry: () => void logs.refetch(),
      size: SCAN_LOG_PAGE_SIZE,
    };
  }
  const start = (page - 1) * SCAN_LOG_PAGE_SIZE;
  return {
    items: guest.slice(start, start + SCAN_LOG_PAGE_SIZE).map((e) => ({ ...e, lot: e.lot ?? null })),
    total: guest.length,
    loading: false,
    failed: false,
    retry: undefined,
    size: SCAN_LOG_PAGE_SIZE,
  };
}
