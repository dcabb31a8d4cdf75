import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';
import { AppError, appCodeFromTrpc, ERROR_TABLE } from '#server/errors.ts';
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

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * Any thrown thing -> status and body. Known errors keep their (Vietnamese) message; anything else is
 * logged with its stack and answered with a generic 500: no stack, no SQL, no internals leave.
 */
export function toErrorAnswer(err: unknown, logger: Logger, requestId: string): ErrorAnswer {
  let cause: unknown = err;
  if (err instanceof TRPCError && err.cause) cause = err.cause;

  if (cause instanceof AppError) {
    const headers: Record<string, string> = {};
    if (cause.retryAfter) headers['Retry-After'] = String(cause.retryAfter);
    return {
      status: cause.status,
      body: { statusCode: cause.status, message: cause.message, ...(cause.fields ? { errors: cause.fields } : {}) },
      headers,
    };
  }
  if (cause instanceof ZodError) {
    return {
      status: 400,
      body: { statusCode: 400, message: vi.errors.validation, errors: zodFieldErrors(cause) },
      headers: {},
    };
  }
  if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
    const code = appCodeFromTrpc(err.code);
    const { http, message } = ERROR_TABLE[code];
    return { status: http, body: { statusCode: http, message }, headers: {} };
  }
  logger.error({ event: 'request.error', requestId, err: cause }, 'unhandled error');
  return { status: 500, body: { statusCode: 500, message: vi.errors.internal }, headers: {} };
}
