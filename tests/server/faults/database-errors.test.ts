import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseUnavailable, isConnectionError, isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';

/**
 * Which errors say the database is gone (decision 178): the one place that decides it, for the 503 of a
 * request, the scan rows kept for later and the start that waits. A refused statement is not one of them.
 */
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As drizzle throws a failed statement: its own error with the driver's as cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('[faults] a lost database connection, told apart from a refused statement', () => {
  it.each([
    ['the server stopped (pg_ctl stop -m fast): 57P01 admin_shutdown', withCode('57P01')],
    ['a crash shutdown: 57P02', withCode('57P02')],
    ['starting or shutting down: 57P03 cannot_connect_now', withCode('57P03')],
    ['too many connections: 53300', withCode('53300')],
    ['a connection exception of class 08', withCode('08006')],
    ['refused: nothing listens', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset by the peer', withCode('ECONNRESET', 'read ECONNRESET')],
    ['the host name does not resolve', withCode('ENOTFOUND')],
    ['the connection ended under a statement', new Error('Connection terminated unexpectedly')],
    [
      'a statement on a connection that already failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection given within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by drizzle', wrapped(withCode('57P01'))],
    [
      'every address refused (AggregateError)',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s: a lost connection, answered 503 with Retry-After', (_what, err) => {
    expect(isConnectionError(err)).toBe(true);
    const answer = databaseUnavailable(err);
    expect(answer).toBeInstanceOf(AppError);
    expect(answer?.status).toBe(503);
    expect(answer?.retryAfter).toBeGreaterThan(0);
    expect(answer?.message).toMatch(/^Hệ thống tạm thời không truy cập được dữ liệu/);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a foreign key violation', withCode('23503')],
    ['a syntax error (a bug, a generic 500)', wrapped(withCode('42601'))],
    ['a deadlock', withCode('40P01')],
    ['an error of the app', new AppError('CONFLICT')],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('%s: not a lost connection', (_what, err) => {
    expect(isConnectionError(err)).toBe(false);
    expect(databaseUnavailable(err)).toBeNull();
  });

  it('a unique violation is still found through drizzle, and only for the index asked', () => {
    const gtin = wrapped(Object.assign(withCode('23505'), { constraint: 'products_gtin_unique' }));
    expect(isUniqueViolation(gtin)).toBe(true);
    expect(isUniqueViolation(gtin, /products[._]gtin/)).toBe(true);
    expect(isUniqueViolation(gtin, /qr_code/)).toBe(false);
    expect(isUniqueViolation(withCode('57P01'))).toBe(false);
  });
});
