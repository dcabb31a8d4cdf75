/**
 * What the app's tRPC clients do with an error, in one place: the app's (lib/trpc.ts) and the light
 * page's (light/trpc.ts, decision 140).
 */
import { handleApiFailure } from './api-errors.ts';

/** What our error formatter adds to every tRPC error (server/trpc/init.ts). */
export interface AppErrorData {
  httpStatus?: number;
  appCode?: string | null;
  fields?: Record<string, string> | null;
}

export const errorData = (err: unknown): AppErrorData =>
  ((err as { data?: AppErrorData } | null)?.data ?? {}) as AppErrorData;

/** The toast with the server's message and the 401/410 sign-out (api-errors.ts), for a failed call. */
export function reportTrpcFailure(
  err: { message: string },
  call: { path: string; hadToken: boolean; silent?: boolean },
) {
  const data = errorData(err);
  handleApiFailure(
    { status: data.httpStatus ?? null, message: data.httpStatus ? err.message : null, fields: data.fields },
    call,
  );
}
