import { type TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { databaseUnavailable } from '#server/db/errors.ts';
import { AppError, appCodeFromTrpc, ERROR_TABLE, storageFullError } from '#server/errors.ts';
import { type DiskWatch, isDiskFull } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { zodFieldErrors } from './field-errors.ts';

/**
 * The answers' envelopes, written here and nowhere else: REST's (the product decisions' `statusCode`,
 * `message`, `data`), used by the REST adapters, the public routes, the app's 404 and error answers and
 * the QR images' 404; and the body of a tRPC error (its `data` carries the same status, code and fields).
 */

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

/**
 * What tRPC answers when it refuses a batch over its `maxBatchSize` (server/app.ts): its own words, in
 * English; the caller is told the app's. tests/server/security/request-shapes.test.ts fails if a tRPC
 * upgrade changes them.
 */
const TRPC_BATCH_REFUSAL = 'Batch call exceeds maximum size';

/** A tRPC error's body (the `errorFormatter` of server/trpc/init.ts): the app's message, status, code and fields. */
export function trpcErrorShape({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const cause = error.cause;
  const app = cause instanceof AppError ? cause : null;
  const zod = cause instanceof ZodError ? cause : null;
  const internal = error.code === 'INTERNAL_SERVER_ERROR' && !app;
  const batch = error.code === 'BAD_REQUEST' && !cause && error.message === TRPC_BATCH_REFUSAL;
  return {
    ...shape,
    // Never a stack trace or an SQL error to a client.
    message: internal
      ? vi.errors.internal
      : zod
        ? vi.errors.validation
        : batch
          ? vi.errors.batchTooLarge(TRPC_MAX_BATCH)
          : error.message,
    data: {
      code: shape.data.code,
      httpStatus: app ? app.status : shape.data.httpStatus,
      appCode: app?.code ?? (batch ? 'BAD_REQUEST' : null),
      fields: app?.fields ?? (zod ? zodFieldErrors(zod) : null),
    },
  };
}
