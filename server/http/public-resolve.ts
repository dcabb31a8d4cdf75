import type { Hono } from 'hono';
import { qrCodeLookupInput } from '#shared/schemas/products.ts';
import type { AppDeps } from '#server/deps.ts';
import { resolveCodeAnswer } from '#server/services/products/resolve.ts';
import { resolveShortLinkAnswer } from '#server/services/shortLinks/resolve.ts';
import { createContext } from '#server/trpc/context.ts';
import { requestInfo } from './request-info.ts';

/**
 * The two public REST paths every phone hits: GET /api/products/qr-codes/{code} and
 * GET /api/shortLinks/{code}. They call the SAME service functions as the tRPC procedures
 * `products.resolve` and `shortLinks.resolve`, with the same input schema, but not through
 * `createCaller`: the cached answer is already the encoded bytes of the whole envelope, sent as they
 * are (decision 070). On the running server, answers already cached are served before Hono by
 * server/http/scan-fast-path.ts; this route answers the rest: misses, 400s, 404s, signed-in scans.
 */
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/** The procedures' own input schema: a malformed code is the same 400 with field errors. */
const checkedCode = (code: string) => qrCodeLookupInput.parse({ code }).code;

export function mountPublicResolve(api: Hono, deps: AppDeps): void {
  api.get('/products/qr-codes/:code', async (c) => {
    const code = checkedCode(c.req.param('code'));
    // The signed-in scanner's id for the scan event; a missing or bad token simply means a visitor here.
    const ctx = await createContext(deps, c.req.header('authorization'), requestInfo(c, deps.settings));
    const entry = resolveCodeAnswer(deps, code, { userId: ctx.user?.id ?? null, userAgent: ctx.req.userAgent });
    return c.body(entry.body, 200, JSON_TYPE);
  });
  api.get('/shortLinks/:code', (c) => {
    const entry = resolveShortLinkAnswer(deps, checkedCode(c.req.param('code')));
    return c.body(entry.body, 200, JSON_TYPE);
  });
}
