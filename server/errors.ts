import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * The one error vocabulary. Services throw AppError(code); this table maps each code to its tRPC code
 * and HTTP status, and to the message shown when the thrower gives none. tRPC has no 410, so GONE rides
 * on UNAUTHORIZED and the HTTP layer reads the status from here.
 */
export const ERROR_TABLE = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400, message: vi.errors.badRequest },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401, message: vi.errors.unauthorized },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403, message: vi.errors.forbidden },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, message: vi.errors.notFound },
  CONFLICT: { trpc: 'CONFLICT', http: 409, message: vi.errors.conflict },
  GONE: { trpc: 'UNAUTHORIZED', http: 410, message: vi.errors.accountGone },
  PRECONDITION_FAILED: { trpc: 'PRECONDITION_FAILED', http: 412, message: vi.errors.accountPending },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413, message: vi.errors.payloadTooLarge },
  UNSUPPORTED_MEDIA_TYPE: {
    trpc: 'UNSUPPORTED_MEDIA_TYPE',
    http: 415,
    message: vi.errors.unsupportedMediaType,
  },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429, message: vi.errors.tooManyRequests },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503, message: vi.errors.busy },
  // The database could not be reached or dropped the connection (server/db/errors.ts, decision 178).
  DATABASE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503, message: vi.errors.databaseUnavailable },
  // The disk had no room for a write (server/lib/disk-full.ts): 503 rather than WebDAV's 507, so that every
  // client and proxy reads it as "come back later" with its Retry-After (decision 181).
  STORAGE_FULL: { trpc: 'SERVICE_UNAVAILABLE', http: 503, message: vi.errors.storageFull },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500, message: vi.errors.internal },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number; message: string }>;

export type AppErrorCode = keyof typeof ERROR_TABLE;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Field -> message, for validation failures. */
  readonly fields?: Record<string, string>;
  /** Seconds, for 429 and 503 answers (sent as Retry-After). */
  readonly retryAfter?: number;

  constructor(
    code: AppErrorCode,
    message?: string,
    extra: { fields?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = 'AppError';
    this.code = code;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
  }

  get status(): number {
    return ERROR_TABLE[this.code].http;
  }
}

/** The tRPC code -> our code, for errors tRPC raises itself (bad input, unknown procedure). */
export function appCodeFromTrpc(code: TRPC_ERROR_CODE_KEY): AppErrorCode {
  const hit = (Object.keys(ERROR_TABLE) as AppErrorCode[]).find(
    (k) => k !== 'GONE' && k !== 'STORAGE_FULL' && ERROR_TABLE[k].trpc === code,
  );
  if (hit) return hit;
  if (code === 'PARSE_ERROR') return 'BAD_REQUEST';
  if (code === 'METHOD_NOT_SUPPORTED') return 'NOT_FOUND';
  return 'INTERNAL';
}

/**
 * The answer to a write the disk had no room for (server/lib/disk-full.ts): 503 with what happened, and a
 * minute's Retry-After: a full disk waits for an operator, so a client coming back every few seconds would
 * only add load, and a minute is soon enough once space is freed.
 */
export function storageFullError(): AppError {
  return new AppError('STORAGE_FULL', undefined, { retryAfter: 60 });
}
