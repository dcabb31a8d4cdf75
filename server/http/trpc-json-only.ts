import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { MiddlewareHandler } from 'hono';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * tRPC calls come as a GET or as JSON (the app's client sends nothing else). tRPC also reads a
 * multipart/form-data or octet-stream body for any mutation, and its form parser took about a second
 * of the event loop for 100,000 tiny parts, before the procedure refused the input (decision 172):
 * such a body is refused here, unread, with tRPC's error shape so a client shows the message like any
 * other. Files come through the REST paths that count their parts (server/http/upload-body.ts).
 */
export const refuseNonJsonCalls: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data' && type !== 'application/octet-stream') return next();
  return c.json(
    {
      error: {
        message: vi.errors.unsupportedMediaType,
        code: TRPC_ERROR_CODES_BY_KEY.UNSUPPORTED_MEDIA_TYPE,
        data: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          httpStatus: 415,
          appCode: 'UNSUPPORTED_MEDIA_TYPE',
          fields: null,
        },
      },
    },
    415,
  );
};
