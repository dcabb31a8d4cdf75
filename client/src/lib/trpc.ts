/**
 * The typed client. Only the router's TYPE crosses from the server. Every call passes through
 * `failureLink`, which toasts the server's message and ends the session on 401/410.
 */
import { createTRPCClient, httpBatchLink, type TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '#server/trpc/root.ts';
import { getAccessToken } from './storage.ts';
import { reportTrpcFailure } from './trpc-failure.ts';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type AppClientError = TRPCClientError<AppRouter>;

export { type AppErrorData, errorData } from './trpc-failure.ts';

const failureLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      const hadToken = !!getAccessToken();
      return next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error: (err) => {
          reportTrpcFailure(err, {
            path: op.path,
            hadToken,
            silent: (op.context as { silent?: boolean }).silent,
          });
          observer.error(err);
        },
      });
    });

export function createAppTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      failureLink,
      httpBatchLink({
        url: '/api/trpc',
        maxItems: TRPC_MAX_BATCH,
        headers() {
          const token = getAccessToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}
