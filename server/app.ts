import { randomUUID } from 'node:crypto';
import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { API_PREFIX } from '#server/edge/api-paths.ts';
import { requestContext } from '#server/edge/context.ts';
import { errorBody, toErrorAnswer } from '#server/edge/envelope.ts';
import { isSecureUrl, markPublicHttps } from '#server/edge/secure-cookie.ts';
import { uploadLimit } from '#server/edge/upload-body.ts';
import { TRPC_MAX_BATCH } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { AppDeps } from './deps.ts';
import { AppError } from './errors.ts';
import { NOT_READY_RETRY_AFTER_SECONDS } from './health.ts';
import { createFirstViews } from './http/first-view.ts';
import { mountImportTemplates } from './http/import-templates.ts';
import { mountPublicRoutes } from './http/public-routes.ts';
import { mountQrImages } from './http/qr-images.ts';
import { securityHeaderRecord, securityHeaders } from './http/security-headers.ts';
import { clientFiles, DEFAULT_CLIENT_DIR, mountClient } from './http/static-client.ts';
import { refuseNonJsonCalls } from './http/trpc-json-only.ts';
import { mountUploads } from './http/uploads.ts';
import { mountRestRoutes } from './rest/adapter.ts';
import { restRoutes } from './rest/index.ts';
import { safePath } from './security/log-safe.ts';
import { appRouter } from './trpc/root.ts';

/** JSON bodies are small; file uploads have their own, larger limit, declared on their routes. */
const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  clientDir?: string;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();
  const { settings, logger } = deps;
  const publicHttps = isSecureUrl(settings.publicUrl);

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    c.set('requestId' as never, requestId as never);
    markPublicHttps(c, publicHttps);
    c.header('X-Request-Id', requestId);
    await next();
    // One compact access line per request: the path without its query string, and no reset token.
    const ms = Math.round(performance.now() - started);
    const path = safePath(c.req.path);
    logger.info(
      { event: 'http.request', method: c.req.method, path, status: c.res.status, ms, requestId },
      'request',
    );
  });
  app.use('*', securityHeaders(settings));
  // Until the database is prepared (decision 178) only the health paths answer; the rest is told to come back.
  app.use('*', (c, next) => {
    if (deps.health.starting && !c.req.path.startsWith('/api/health')) {
      throw new AppError('SERVICE_UNAVAILABLE', vi.errors.starting, {
        retryAfter: NOT_READY_RETRY_AFTER_SECONDS,
      });
    }
    return next();
  });
  if (settings.corsOrigins.length) {
    app.use('/api/*', cors({ origin: settings.corsOrigins, credentials: true, maxAge: 600 }));
  }
  const client = clientFiles(options.clientDir ?? DEFAULT_CLIENT_DIR);
  // Every public path a scan takes, REST, tRPC and pages, from one table (server/http/public-routes.ts):
  // ahead of /api's middleware and of tRPC, which answer what these leave.
  mountPublicRoutes(app, deps, createFirstViews(deps, client));

  const api = new Hono();
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // tRPC takes JSON only. The REST routes get the same limit from mountRestRoutes unless their table
  // declares a multipart body, which counts its bytes against UPLOAD_MAX_BYTES (server/edge/upload-body.ts).
  // GET and HEAD carry no body: the check would only cost a full Request object.
  api.use('/trpc/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : jsonLimit(c, next),
  );
  // Set before the handler (a header set after it makes the response object expensive; see security-headers.ts).
  api.use('*', (c, next) => {
    c.header('Cache-Control', 'no-store');
    return next();
  });
  // tRPC's adapter answers with a Response of its own, and Hono drops the headers set on the context
  // before a handler that does so: tRPC's answers had no security headers, no no-store (auth.me is
  // personal data) and no request id. Copied onto them here.
  const trpcHeaders = Object.entries({ ...securityHeaderRecord(settings), 'Cache-Control': 'no-store' });
  api.use('/trpc/*', async (c, next) => {
    await next();
    for (const [name, value] of trpcHeaders) c.res.headers.set(name, value);
    c.res.headers.set('X-Request-Id', c.get('requestId' as never) as string);
  });
  api.use('/trpc/*', refuseNonJsonCalls);
  api.use(
    '/trpc/*',
    trpcServer({
      endpoint: '/api/trpc',
      router: appRouter,
      // The batch bound (decision 081) counted by tRPC itself, on the list of procedures it is about to
      // run: a bound counted on another reading of the path was a bound on another request (decision
      // 172). Refused whole, before the body is read, the context made or any call run.
      maxBatchSize: TRPC_MAX_BATCH,
      // The adapter's type wants a plain record; our context is an interface with the same data.
      createContext: async (_opts, c) =>
        (await requestContext(deps, c)) as unknown as Record<string, unknown>,
      // 429 and 503 tell when to come back, as the REST envelope does (server/edge/envelope.ts).
      responseMeta: ({ errors }) => {
        const wait = errors.map((e) => (e.cause instanceof AppError ? (e.cause.retryAfter ?? 0) : 0));
        const most = Math.max(0, ...wait);
        return most ? { headers: { 'Retry-After': String(most) } } : {};
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          logger.error({ event: 'trpc.error', path, err: error.cause ?? error }, 'unhandled error');
        }
      },
    }),
  );
  mountQrImages(app, deps);
  mountImportTemplates(app);
  api.use('*', uploadLimit(settings));
  mountRestRoutes(api, deps, restRoutes, jsonLimit);
  api.all('*', (c) => c.json(errorBody(404, vi.errors.routeNotFound), 404));
  app.route(API_PREFIX, api);

  mountUploads(app, deps);
  mountClient(app, client, settings);

  app.onError((err, c) => {
    const requestId = (c.get('requestId' as never) as string | undefined) ?? 'unknown';
    const answer = toErrorAnswer(err, logger, requestId, deps.disk);
    for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
    return c.json(answer.body, answer.status as 400);
  });
  return app;
}
