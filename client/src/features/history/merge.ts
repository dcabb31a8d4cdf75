/**
 * At sign-in the visitor's phone history moves into the account (POST /auth/scan-logs through
 * scanLogs.merge), then the local list is cleared. A failed merge keeps the list for the next
 * sign-in and shows nothing: it must never get in the way of signing in.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPCClient } from '#client/lib/trpc.ts';
import { clearGuestHistory, mergePayload, readGuestHistory } from './guest-history.ts';

type Client = ReturnType<typeof useTRPCClient>;

/** Every cached scan-log answer, so that the history page shows the merged entries. */
export const isScanLogQuery = (q: { queryKey: readonly unknown[] }) =>
  (q.queryKey[0] as string[] | undefined)?.[0] === 'scanLogs';

export async function mergeGuestHistory(client: Client, queryClient?: QueryClient): Promise<boolean> {
  const payload = mergePayload(readGuestHistory());
  if (!payload) return false;
  try {
    await client.scanLogs.merge.mutate(payload, { context: { silent: true } });
  } catch {
    return false;
  }
  clearGuestHistory();
  await queryClient?.invalidateQueries({ predicate: isScanLogQuery });
  return true;
}
