import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { qrCodeLookupInput } from '../../shared/schemas/products.ts';
import { resolveCodeJson } from '../services/products/resolve.ts';
import { resolveShortLinkJson } from '../services/shortLinks/resolve.ts';
import { actorFromToken } from '../trpc/context.ts';

/**
 * The two public REST paths every phone hits: GET /api/products/qr-codes/{code} and
 * GET /api/shortLinks/{code}. They call the SAME service functions as the tRPC procedures
 * `products.resolve` and `shortLinks.resolve`, but not through `createCaller`: the cached answer is
 * already the encoded bytes of the whole answer, sent as they are: no zod pass beyond the code, no caller, no
 * re-serialization per request. That is what takes this path from ~25% to over 40% of the bare route's
 * throughput (bench/RESULTS.md). Validation (the code's shape) and the 404 are the procedures'.
 */
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/** The procedures' own input schemas: a malformed code is the same 400 with field errors. */
const checkedCode = (code: string) => qrCodeLookupInput.parse({ code }).code;

/** The signed-in scanner's id for the scan event; a missing or bad token simply means a visitor here. */
async function viewerId(deps: AppDeps, authorization: string | undefined): Promise<number | null> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return null;
  try {
    return (await actorFromToken(deps, token)).id;
  } catch {
    return null;
  }
}

export function mountPublicResolve(api: Hono, deps: AppDeps): void {
  api.get('/products/qr-codes/:code', async (c) => {
    const code = checkedCode(c.req.param('code'));
    const userId = await viewerId(deps, c.req.header('authorization'));
    const entry = resolveCodeJson(deps, code, { userId, userAgent: c.req.header('user-agent') ?? '' });
    return c.body(entry.body, 200, JSON_TYPE);
  });
  api.get('/shortLinks/:code', (c) => {
    const entry = resolveShortLinkJson(deps, checkedCode(c.req.param('code')));
    return c.body(entry.body, 200, JSON_TYPE);
  });
}
