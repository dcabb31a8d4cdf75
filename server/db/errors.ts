import { AppError } from '#server/errors.ts';

/** What the causes of a thrown thing may carry: drizzle wraps the driver's error, the network its own. */
type ErrorLike = {
  code?: string;
  message?: string;
  constraint?: string;
  cause?: unknown;
  errors?: unknown[];
} | null;

/** The thrown thing and the errors it wraps (drizzle's `cause`, an AggregateError's `errors`), a few levels deep. */
function* causes(err: unknown, depth = 0): Generator<NonNullable<ErrorLike>> {
  const e = err as ErrorLike;
  if (!e || typeof e !== 'object' || depth > 3) return;
  yield e;
  yield* causes(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* causes(inner, depth + 1);
}

/**
 * A write refused by a unique index, on either engine (decision 166): SQLite's SQLITE_CONSTRAINT_UNIQUE names
 * the table and column ("UNIQUE constraint failed: products.gtin") or the index; PostgreSQL's 23505 names the
 * index (`constraint`). `which` narrows it to one index, matched against both. drizzle may wrap the driver's
 * error: its cause is looked at too.
 */
export function isUniqueViolation(err: unknown, which?: RegExp): boolean {
  for (const e of causes(err)) {
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') return !which || which.test(e.message ?? '');
    if (e.code === '23505') return !which || which.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
  }
  return false;
}

/**
 * PostgreSQL's SQLSTATEs of a server that is gone or not taking work (decision 178): class 08 (connection
 * exception), 57P01 admin_shutdown (pg_ctl stop -m fast, a failover), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** The network's codes for a server that cannot be reached or that dropped the connection. */
const UNAVAILABLE_NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres's and pg-pool's own errors carry no code, only these messages: the connection ended under a
 * query, a query on a connection that already failed, the pool's wait for a connection ran out.
 */
const UNAVAILABLE_DRIVER =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * True when `err` says the database could not be reached or dropped the connection, rather than refusing
 * the statement: the request that used it is answered 503 with Retry-After (databaseUnavailable), the scan
 * writer keeps its rows for later, the start waits and tries again.
 */
export function isConnectionError(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNAVAILABLE_NETWORK.has(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_DRIVER.test(e.message)) return true;
  }
  return false;
}

/** An error in one line for the logs: its code (the SQLSTATE or the network's) and its message. */
export function errorReason(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null | undefined;
  return (
    [e?.code, e?.message].filter((part) => typeof part === 'string' && part).join(' ') || 'connection ended'
  );
}

/** How long a client is told to wait after a 503 for a lost database (the change feed retries within a second). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one translation of a lost database into an answer: the 503 with Retry-After and its Vietnamese message
 * (ERROR_TABLE's DATABASE_UNAVAILABLE) when `err` is a connection error, else null. Applied where errors
 * become answers: the procedures' error mapping (server/trpc/init.ts), the context's user lookup
 * (server/trpc/context.ts) and the app's last resort (server/rest/envelope.ts).
 */
export function databaseUnavailable(err: unknown): AppError | null {
  if (err instanceof AppError || !isConnectionError(err)) return null;
  return new AppError('DATABASE_UNAVAILABLE', undefined, { retryAfter: DATABASE_RETRY_AFTER_SECONDS });
}
