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

/**
 * tRPC's wire shape, where the app writes it itself (the public routes answer the app's own
 * `products.resolve` without running tRPC, server/http/public-routes.ts): the input of a GET batch of
 * exactly one call, as the app's batch link sends it (`?batch=1&input={"0":...}`), or undefined for
 * any other request (which tRPC then answers, with its own errors).
 */
export function singleBatchCall(batch: string | undefined, input: string | undefined): unknown {
  if (batch !== '1' || input === undefined) return undefined;
  try {
    const calls = JSON.parse(input) as Record<string, unknown>;
    return calls && typeof calls === 'object' && Object.keys(calls).length === 1 ? calls['0'] : undefined;
  } catch {
    return undefined;
  }
}

const RESULT_BEFORE = Buffer.from('[{"result":{"data":');
const RESULT_AFTER = Buffer.from('}}]');

/** The answer to that batch of one call, around its data already encoded as JSON, as tRPC writes it. */
export function singleBatchResult(data: Uint8Array): Buffer {
  return Buffer.concat([RESULT_BEFORE, data, RESULT_AFTER]);
}
