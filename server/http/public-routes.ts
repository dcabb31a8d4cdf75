import type { Context, Hono } from 'hono';
import { QR_CODE_PATTERN } from '#shared/constants.ts';
import { DL_PATH_ROOTS } from '#shared/gs1/digital-link.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { isValidLotCode } from '#shared/gs1/identifiers.ts';
import { ASKED_LOT_PARAM, lotPath } from '#shared/public-paths.ts';
import { lotIdInput } from '#shared/schemas/lots.ts';
import { qrCodeLookupInput } from '#shared/schemas/products.ts';
import type { AppDeps } from '#server/deps.ts';
import { isConnectionError } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import { okBytes } from '#server/rest/envelope.ts';
import type {
  EnvelopeKind,
  MaybePromise,
  PageKind,
  PublicAnswer,
} from '#server/services/products/public-answers.ts';
import { lotByCode } from '#server/services/gs1/resolver.ts';
import { recordResolve, type Viewer } from '#server/services/products/resolve.ts';
import { createContext } from '#server/trpc/context.ts';
import { FIRST_VIEW_HEADERS, type FirstViews, pageBody } from './first-view.ts';
import { lotEpcisAnswer, productEpcisAnswer, resolverAnswer, resolverDescription } from './gs1-answers.ts';
import { requestInfo } from './request-info.ts';
import { singleBatchCall, singleBatchResult } from './trpc-batch.ts';

/**
 * Every public path a scan takes, declared once, beside the others (decision 110): the REST resolves
 * third parties call, the app's own tRPC `products.resolve`, and the server-rendered pages a phone
 * opens. Each declaration says which public answer a request gets (`find`, over the services); the
 * edge wraps it in its kind's envelope, written in one place each: REST's (rest/envelope.ts), tRPC's
 * (trpc-batch.ts), a page's (first-view.ts).
 *
 * Two things are generated from this table and nothing else: the app's routes (`mountPublicRoutes`,
 * every request, signed in or not) and the dispatcher in front of the app on the running server
 * (public-dispatcher.ts), which answers a visitor's plain GET straight from node's http API when the
 * answer exists and hands everything else to the app. Both call the same `find` and the same encoders,
 * so they cannot answer differently.
 *
 * What a request gets when `find` has no answer: REST, the envelope's 404 with `notFound` (a malformed
 * code throws the procedures' own 400 first); tRPC, tRPC itself (the procedure, with tRPC's errors);
 * a page, the plain app, whose page says what is wrong.
 *
 * The GS1 paths (decision 130: the Digital Link resolver, its description, the EPCIS exports) are
 * declared here too, as `handler` routes: their answers are not kept public answers but redirects,
 * linksets and JSON-LD with HEAD and OPTIONS (CORS), so each names its methods and its handler
 * (gs1-answers.ts). They are mounted on the app only; the dispatcher leaves them to it.
 */
export interface PublicRequest {
  param(name: string): string | undefined;
  query(name: string): string | undefined;
}

interface RouteBase {
  /** A Hono path pattern, absolute. */
  path: string;
  /** Whether an answer sent counts as a scan (recordResolve), so the viewer (a signed-in scanner's id) matters. */
  scans: boolean;
  /**
   * The answer, at hand on a hit (and always on SQLite), or a promise of it when it must be read with
   * awaited queries (PostgreSQL's misses, decision 159). It records nothing: the edge that sends the
   * answer counts the scan.
   */
  find(deps: AppDeps, req: PublicRequest): MaybePromise<PublicAnswer | null>;
}
/** A route answered by a kept public answer, in its kind's envelope (the dispatcher serves these too). */
export type AnswerRoute =
  | (RouteBase & { kind: 'rest'; notFound: string })
  | (RouteBase & { kind: 'trpc' })
  | (RouteBase & {
      kind: 'page';
      page: PageKind;
      scanCode?: (req: PublicRequest) => string;
      /**
       * The lot a product page's address names (`?lot=`, where the resolver sends a Digital Link whose lot
       * the product does not have, decision 184), or null. Such a request is not the kept page's: the app
       * sends a lot the product has on to its page, and draws the product page with its notice otherwise.
       */
      askedLot?: (req: PublicRequest) => string | null;
    });

/** A route with its own HTTP answer (statuses, methods and headers of its own). */
export interface HandlerRoute {
  kind: 'handler';
  path: string;
  methods: readonly ('GET' | 'HEAD' | 'OPTIONS')[];
  /** `viewer`: the signed-in scanner's id for a scan it records. */
  respond(c: Context, deps: AppDeps, viewer: () => Promise<Viewer>): Response | Promise<Response>;
}

export type PublicRoute = AnswerRoute | HandlerRoute;
export type PublicKind = AnswerRoute['kind'];

/**
 * The procedures' own input schema: a malformed code is the same 400 with field errors. A code the
 * pattern already accepts is what the schema would make of it (trimmed: nothing to trim; folded), so a
 * storm of well-formed codes does not run the schema for each.
 */
const lookupCode = (code: string | undefined) =>
  code !== undefined && QR_CODE_PATTERN.test(code) ? code.toLowerCase() : qrCodeLookupInput.parse({ code }).code;

/** The one input of the app's batch link's `{"0":{...}}`, when it has just `key`; null for any other call. */
function trpcInput(req: PublicRequest, key: string): unknown {
  const call = singleBatchCall(req.query('batch'), req.query('input')) as Record<string, unknown> | undefined;
  if (!call || typeof call !== 'object' || Object.keys(call).length !== 1) return null;
  return call[key] ?? null;
}

/** The code of `{"0":{"code":"..."}}`; null for any other call, which tRPC answers. */
function trpcResolveCode(req: PublicRequest): string | null {
  const code = trpcInput(req, 'code');
  // Codes are stored folded (decision 084): a code typed in capitals is the same code.
  return typeof code === 'string' && QR_CODE_PATTERN.test(code) ? code.toLowerCase() : null;
}

const GS1_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** A lot code in the address's `?lot=`; anything else there is no lot and is ignored, as the page ignores it. */
function askedLot(req: PublicRequest): string | null {
  const lot = req.query(ASKED_LOT_PARAM);
  return lot !== undefined && isValidLotCode(lot) ? lot : null;
}

const pageCode = (req: PublicRequest) => (req.param('code') ?? '').toLowerCase();

/** A positive id of a path, or null (the page's app then says what is wrong). */
function pageId(req: PublicRequest): number | null {
  const id = Number(req.param('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const publicRoutes: PublicRoute[] = [
  {
    kind: 'rest',
    path: '/api/products/qr-codes/:code',
    scans: true,
    notFound: vi.products.notFound,
    find: (deps, req) => deps.publicAnswers.product(lookupCode(req.param('code'))),
  },
  {
    kind: 'rest',
    path: '/api/shortLinks/:code',
    scans: false,
    notFound: vi.products.shortLinkNotFound,
    find: (deps, req) => deps.publicAnswers.shortLink(lookupCode(req.param('code'))),
  },
  {
    kind: 'trpc',
    path: '/api/trpc/products.resolve',
    scans: true,
    find: (deps, req) => {
      const code = trpcResolveCode(req);
      return code ? deps.publicAnswers.product(code) : null;
    },
  },
  {
    // A printed code's address: what a phone's camera opens. No scan: the app's resolve records it.
    kind: 'page',
    path: '/redirect/:code',
    page: 'redirect',
    scans: false,
    find: (deps, req) => {
      const code = pageCode(req);
      return QR_CODE_PATTERN.test(code) ? deps.publicAnswers.product(code) : null;
    },
    scanCode: pageCode,
  },
  {
    kind: 'page',
    path: '/products/details/:id',
    page: 'details',
    scans: false,
    find: (deps, req) => {
      const id = pageId(req);
      return id === null ? null : deps.publicAnswers.productById(id);
    },
    askedLot,
  },
  // A lot's page and its answer (decision 126): public answers of the lot kind, in the same cache.
  {
    kind: 'rest',
    path: '/api/public/lots/:id',
    scans: false,
    notFound: vi.lots.notFound,
    find: (deps, req) => deps.publicAnswers.lot(lotIdInput.parse({ id: req.param('id') }).id),
  },
  {
    kind: 'trpc',
    path: '/api/trpc/lots.publicById',
    scans: false,
    find: (deps, req) => {
      const id = trpcInput(req, 'id');
      return Number.isSafeInteger(id) && (id as number) > 0 ? deps.publicAnswers.lot(id as number) : null;
    },
  },
  {
    kind: 'page',
    path: '/lots/:id',
    page: 'lot',
    scans: false,
    find: (deps, req) => {
      const id = pageId(req);
      return id === null ? null : deps.publicAnswers.lot(id);
    },
  },
  // GS1 (decisions 130, 190): the Digital Link resolver owns every path that starts with a GS1 primary
  // key (and with the short names the standard dropped, to refuse them), whose default link of a lot is
  // its page above.
  ...DL_PATH_ROOTS.flatMap((root) =>
    [`/${root}`, `/${root}/*`].map(
      (path): HandlerRoute => ({ kind: 'handler', path, methods: GS1_METHODS, respond: resolverAnswer }),
    ),
  ),
  { kind: 'handler', path: '/.well-known/gs1resolver', methods: GS1_METHODS, respond: resolverDescription },
  { kind: 'handler', path: '/api/epcis/products/:id', methods: GS1_METHODS, respond: productEpcisAnswer },
  { kind: 'handler', path: '/api/epcis/lots/:id', methods: GS1_METHODS, respond: lotEpcisAnswer },
];

/** The routes a kept public answer answers (the dispatcher's). */
export const answerRoutes = publicRoutes.filter((r): r is AnswerRoute => r.kind !== 'handler');

/** Each kind's headers (the app's security headers come on top). */
export const KIND_HEADERS: Record<PublicKind, Record<string, string>> = {
  rest: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' },
  trpc: { 'content-type': 'application/json', 'cache-control': 'no-store', vary: 'trpc-accept, accept' },
  page: FIRST_VIEW_HEADERS,
};

/**
 * The answer's bytes in its kind's envelope (a page's are made elsewhere: they are kept gzipped). A hot
 * answer is asked thousands of times a second, and copying it into a new envelope each time was work and
 * garbage per request, so an answer sent a second time keeps its envelope with it, as it keeps its pages
 * (decision 168): they go when the public answers drop the answer. Not on the first send: in a storm over
 * the whole catalogue most answers are sent once, and a second copy of each would be memory for nothing.
 */
export function encoded(kind: EnvelopeKind, entry: PublicAnswer): Uint8Array<ArrayBuffer> {
  const held = entry.envelopes[kind];
  if (held && held !== 'sent') return held;
  const bytes = kind === 'rest' ? okBytes(entry.data) : singleBatchResult(entry.data);
  if (!held) {
    entry.envelopes[kind] = 'sent';
    return bytes as Uint8Array<ArrayBuffer>;
  }
  // Its own memory, not a slice of node's shared buffer pool: a kept slice would hold the whole pool slab.
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  entry.envelopes[kind] = own as Uint8Array<ArrayBuffer>;
  return own as Uint8Array<ArrayBuffer>;
}

/** The routes on the app: every request the dispatcher leaves, signed in or not, with the app's errors. */
export function mountPublicRoutes(app: Hono, deps: AppDeps, firstViews: FirstViews): void {
  const viewerOf = async (c: Context): Promise<Viewer> => {
    // The signed-in scanner's id for the scan event; a missing or bad token simply means a visitor here.
    const ctx = await createContext(deps, c.req.header('authorization'), requestInfo(c, deps.settings));
    return { userId: ctx.user?.id ?? null, userAgent: ctx.req.userAgent };
  };
  for (const route of publicRoutes) {
    if (route.kind === 'handler') {
      app.on([...route.methods], route.path, (c) => route.respond(c, deps, () => viewerOf(c)));
      continue;
    }
    app.get(route.path, async (c, next) => {
      // Hono answers HEAD with the GET route; tRPC answers a HEAD itself, as it always did.
      if (route.kind === 'trpc' && c.req.method !== 'GET') return next();
      // Before the handler, so that the app's 400 and 404 for these paths are not stored either.
      if (route.kind !== 'page') c.header('Cache-Control', 'no-store');
      const req: PublicRequest = { param: (name) => c.req.param(name), query: (name) => c.req.query(name) };
      const viewer = route.scans ? await viewerOf(c) : null;
      let entry: Awaited<ReturnType<AnswerRoute['find']>>;
      try {
        entry = await route.find(deps, req);
      } catch (err) {
        // The database is away: a page is the client's own (which then shows the API's 503), a tRPC call is
        // answered by tRPC in its own shape; REST throws on to the envelope's 503.
        if (route.kind !== 'rest' && isConnectionError(err)) return next();
        throw err;
      }
      if (route.kind === 'page') {
        const lot = entry && route.askedLot?.(req);
        if (entry && lot) {
          const known = await lotByCode(deps, entry.productId as number, lot);
          if (known) return c.redirect(lotPath(known.id), 302);
          const html = await firstViews.askedLotPage(entry, lot);
          return html === null ? next() : c.body(html, 200, FIRST_VIEW_HEADERS);
        }
        const gzip = entry && (await firstViews.page(entry, route.page, route.scanCode?.(req)));
        if (!gzip) return next();
        const { body, headers } = pageBody(gzip, c.req.header('accept-encoding'));
        return c.body(body, 200, headers);
      }
      if (!entry) {
        if (route.kind === 'trpc') return next();
        throw new AppError('NOT_FOUND', route.notFound);
      }
      if (viewer) recordResolve(deps, entry, viewer);
      return c.body(encoded(route.kind, entry), 200, KIND_HEADERS[route.kind]);
    });
  }
}
