import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '#client/lib/trpc.ts';

/** The server's public settings (coming-soon date, default redirect path, public URL); fetched once. */
export function useConfig() {
  const trpc = useTRPC();
  return useQuery(trpc.system.config.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));
}
