import type { MiddlewareHandler } from 'hono';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * A tRPC batch names its procedures in the path (`/api/trpc/a,b,c?batch=1`): one larger than
 * TRPC_MAX_BATCH is refused whole here, before its body is read or any call runs (decision 081). Every
 * call of a batch runs at once, so an unbounded batch was a way to queue minutes of password hashing
 * with one request. The answer has tRPC's error shape, so the client shows the message like any other.
 */
export const refuseLargeBatches: MiddlewareHandler = async (c, next) => {
  if (c.req.query('batch') !== '1') return next();
  const procedures = c.req.path.slice(c.req.path.lastIndexOf('/') + 1).split(/,|%2C/i);
  if (procedures.length <= TRPC_MAX_BATCH) return next();
  const message = vi.errors.batchTooLarge(TRPC_MAX_BATCH);
  return c.json(
    {
      error: {
        message,
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'BAD_REQUEST', fields: null },
      },
    },
    400,
  );
};
