import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';
import { databaseUnavailable } from '#server/db/errors.ts';
import { AppError, appCodeFromTrpc, ERROR_TABLE, storageFullError } from '#server/errors.ts';
import { type DiskWatch, isDiskFull } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';
import { zodFieldErrors } from '#server/trpc/zod-errors.ts';

/** The REST envelope of the product decisions. */
export interface SuccessBody<T> {
  statusCode: number;
  message: string;
  data: T;
}
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
}

/**
 * The REST envelope, written here and nowhere else: the adapters (rest/adapter.ts), the public routes
 * (server/http/public-routes.ts), the app's 404 and error answers and the QR images' 404 all use these.
 */
export function okBody<T>(data: T, status = 200, message?: string): SuccessBody<T> {
  message ??= status === 201 ? vi.api.created : vi.api.ok;
  return { statusCode: status, message, data };
}

export function errorBody(status: number, message: string, errors?: Record<string, string>): ErrorBody {
  return { statusCode: status, message, ...(errors ? { errors } : {}) };
}

const OK_BEFORE = Buffer.from(`{"statusCode":200,"message":${JSON.stringify(vi.api.ok)},"data":`);
const OK_AFTER = Buffer.from('}');

/** okBody around `data` already encoded as JSON (the public answers), without decoding it. */
export function okBytes(data: Uint8Array): Buffer {
  return Buffer.concat([OK_BEFORE, data, OK_AFTER]);
}

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * Any thrown thing -> status and body. Known errors keep their (Vietnamese) message; a full disk met outside
 * the procedures (an upload's file) is the procedures' STORAGE_FULL; anything else is logged with its stack
 * and answered with a generic 500: no stack, no SQL, no internals leave.
 */
export function toErrorAnswer(
  err: unknown,
  logger: Logger,
  requestId: string,
  disk?: Pick<DiskWatch, 'sawFull'>,
): ErrorAnswer {
  let cause: unknown = err;
  if (err instanceof TRPCError && err.cause) cause = err.cause;
  // A lost database connection, met outside a procedure (the public routes): its 503 (server/db/errors.ts).
  cause = databaseUnavailable(cause) ?? cause;
  if (!(cause instanceof AppError) && isDiskFull(cause)) {
    disk?.sawFull('request');
    cause = storageFullError();
  }

  if (cause instanceof AppError) {
    const headers: Record<string, string> = {};
    if (cause.retryAfter) headers['Retry-After'] = String(cause.retryAfter);
    return {
      status: cause.status,
      body: errorBody(cause.status, cause.message, cause.fields),
      headers,
    };
  }
  if (cause instanceof ZodError) {
    return {
      status: 400,
      body: errorBody(400, vi.errors.validation, zodFieldErrors(cause)),
      headers: {},
    };
  }
  if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
    const code = appCodeFromTrpc(err.code);
    const { http, message } = ERROR_TABLE[code];
    return { status: http, body: errorBody(http, message), headers: {} };
  }
  logger.error({ event: 'request.error', requestId, err: cause }, 'unhandled error');
  return { status: 500, body: errorBody(500, vi.errors.internal), headers: {} };
}
