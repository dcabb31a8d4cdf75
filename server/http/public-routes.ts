import type { Context, Hono } from 'hono';
import { isConnectionError } from '#server/db/errors.ts';
import type { AppDeps } from '#server/deps.ts';
import { requestContext } from '#server/edge/context.ts';
import { okBytes } from '#server/edge/envelope.ts';
import { AppError } from '#server/errors.ts';
import { lotByCode } from '#server/services/gs1/resolver.ts';
import type { EnvelopeKind, MaybePromise, PublicAnswer } from '#server/services/products/public-answers.ts';
import { recordResolve, type Viewer } from '#server/services/products/resolve.ts';
import { QR_CODE_PATTERN } from '#shared/constants.ts';
import { DL_PATH_ROOTS } from '#shared/gs1/digital-link.ts';
import { isValidLotCode } from '#shared/gs1/identifiers.ts';
import {
  type AnswerKey,
  PUBLIC_PAGE_ENTRIES,
  PUBLIC_PAGES,
  type PublicAnswerKind,
  type PublicEntry,
  type PublicPageName,
} from '#shared/public-pages.ts';
import { ASKED_LOT_PARAM, lotPath } from '#shared/public-paths.ts';
import { idInput } from '#shared/schemas/common.ts';
import { qrCodeLookupInput } from '#shared/schemas/products.ts';
import { companyPageAnswer } from './company-page.ts';
import { FIRST_VIEW_HEADERS, type FirstViews, pageBody } from './first-view.ts';
import { lotEpcisAnswer, productEpcisAnswer, resolverAnswer, resolverDescription } from './gs1-answers.ts';
import { requestLanguage, withLanguageHeaders } from './page-language.ts';
import { serialPageAnswer } from './serial-page.ts';
import { singleBatchCall, singleBatchResult } from './trpc-batch.ts';

/**
 * The server's side of the table of public pages and answers (shared/public-pages.ts, decisions 110,
 * 198): each entry with an answer becomes a route whose `find` reads the entry's key from the request
 * (the path's parameter, the tRPC input) and asks the public answers for the entry's kind by that key.
 * The edge wraps the answer in its kind's envelope, written in one place each: REST's (edge/envelope.ts),
 * tRPC's (trpc-batch.ts), a page's (first-view.ts).
 *
 * Two things are generated from these routes and nothing else: the app's routes (`mountPublicRoutes`,
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
 * (gs1-answers.ts). So is a page of the table without a kept answer that the server names for what it
 * shows (NAMED_PAGES: a company's, company-page.ts), at the table's path. They are mounted on the app
 * only; the dispatcher leaves them to it.
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
      page: PublicPageName;
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
  /**
   * `viewer`: the signed-in scanner's id for a scan it records; `firstViews`: the client's light page, for
   * a page of its own. Null leaves the request to the rest of the app.
   */
  respond(
    c: Context,
    deps: AppDeps,
    viewer: () => Promise<Viewer>,
    firstViews: FirstViews,
  ): Response | null | Promise<Response | null>;
}

export type PublicRoute = AnswerRoute | HandlerRoute;
export type PublicKind = AnswerRoute['kind'];

/**
 * The procedures' own input schema: a malformed code is the same 400 with field errors. A code the
 * pattern already accepts is what the schema would make of it (trimmed: nothing to trim; folded), so a
 * storm of well-formed codes does not run the schema for each.
 */
const lookupCode = (code: string | undefined) =>
  code !== undefined && QR_CODE_PATTERN.test(code)
    ? code.toLowerCase()
    : qrCodeLookupInput.parse({ code }).code;

/** The one input of the app's batch link's `{"0":{...}}`, when it has just `key`; null for any other call. */
function trpcInput(req: PublicRequest, key: string): unknown {
  const call = singleBatchCall(req.query('batch'), req.query('input')) as Record<string, unknown> | undefined;
  if (!call || typeof call !== 'object' || Object.keys(call).length !== 1) return null;
  return call[key] ?? null;
}

/** A positive id, or null. */
const positiveId = (id: unknown) => (Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null);
/** A well-formed code, folded (decision 084): a code typed in capitals is the same code; or null. */
const wellFormedCode = (code: unknown) =>
  typeof code === 'string' && QR_CODE_PATTERN.test(code) ? code.toLowerCase() : null;

type KeyReader = (req: PublicRequest) => string | number | null;

/**
 * How each kind of route reads each key from a request. REST: through the procedures' input schemas, so a
 * malformed key is their 400; tRPC: null for any other call, which tRPC answers; a page: null when the
 * path names nothing, and the page's app then says what is wrong.
 */
const KEY_READERS: Record<PublicKind, Record<AnswerKey, KeyReader>> = {
  rest: {
    code: (req) => lookupCode(req.param('code')),
    id: (req) => idInput.parse({ id: req.param('id') }).id,
  },
  trpc: {
    code: (req) => wellFormedCode(trpcInput(req, 'code')),
    id: (req) => positiveId(trpcInput(req, 'id')),
  },
  page: {
    code: (req) => wellFormedCode(req.param('code')?.toLowerCase()),
    id: (req) => positiveId(Number(req.param('id'))),
  },
};

/** A lot code in the address's `?lot=`; anything else there is no lot and is ignored, as the page ignores it. */
function askedLot(req: PublicRequest): string | null {
  const lot = req.query(ASKED_LOT_PARAM);
  return lot !== undefined && isValidLotCode(lot) ? lot : null;
}

type Finder = (deps: AppDeps, key: string | number) => MaybePromise<PublicAnswer | null>;

/**
 * How an answer is found by its key: asked of the public answers under its kind, except the product by
 * its id, which is the same answer as by the product's primary code (one shape, kept in one place).
 */
const FINDERS: Partial<Record<PublicAnswerKind, Partial<Record<AnswerKey, Finder>>>> = {
  product: { id: (deps, id) => deps.publicAnswers.productById(id as number) },
};

function finder(kind: PublicKind, answer: PublicAnswerKind, by: AnswerKey): RouteBase['find'] {
  const find: Finder = FINDERS[answer]?.[by] ?? ((deps, key) => deps.publicAnswers.answer(answer, key));
  const read = KEY_READERS[kind][by];
  return (deps, req) => {
    const key = read(req);
    return key === null ? null : find(deps, key);
  };
}

/** The routes of the table's entries that have an answer (a page without one is the light page alone). */
export function answerRoutesOf(entries: readonly PublicEntry[]): AnswerRoute[] {
  return entries.flatMap((e): AnswerRoute[] => {
    if (e.kind === 'rest') return [{ ...e, find: finder('rest', e.answer, e.by) }];
    if (e.kind === 'trpc') return [{ ...e, find: finder('trpc', e.answer, e.by) }];
    if (!e.answer) return [];
    const scanCode = e.scanCode
      ? (req: PublicRequest) => (req.param(e.answer!.by) ?? '').toLowerCase()
      : undefined;
    return [
      {
        kind: 'page',
        path: e.path,
        page: e.page,
        scans: false,
        find: finder('page', e.answer.answer, e.answer.by),
        scanCode,
        askedLot: e.askedLot ? askedLot : undefined,
      },
    ];
  });
}

/** The routes a kept public answer answers (the dispatcher's), from the table. */
export const answerRoutes = answerRoutesOf(PUBLIC_PAGES);

const GS1_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * The pages of the table without a kept answer whose light page the server still names for what it shows,
 * by page: a company's page, named for the company (company-page.ts). Any other such page is the light page
 * as it is (static-client.ts).
 */
const NAMED_PAGES: Partial<Record<PublicPageName, HandlerRoute['respond']>> = {
  companyDetails: (c, deps, _viewer, firstViews) => companyPageAnswer(c, deps, firstViews),
  // An item's serialized code (issue 32): its verdict, counted, before the product (serial-page.ts).
  serialVerdict: (c, deps, _viewer, firstViews) => serialPageAnswer(c, deps, firstViews),
};

/** The table's pages without a kept answer that the server names all the same (their title, or a serial's verdict). */
const namedPageRoutes = PUBLIC_PAGE_ENTRIES.flatMap((e): HandlerRoute[] => {
  const respond = !e.answer && NAMED_PAGES[e.page];
  return respond ? [{ kind: 'handler', path: e.path, methods: ['GET'], respond }] : [];
});

export const publicRoutes: PublicRoute[] = [
  ...answerRoutes,
  // Before the resolver: a Digital Link with a serial is an item's page (serial-page.ts).
  ...namedPageRoutes,
  // GS1 (decisions 130, 190): the Digital Link resolver owns every path that starts with a GS1 primary
  // key (and with the short names the standard dropped, to refuse them), whose default link of a lot is
  // its page.
  ...DL_PATH_ROOTS.flatMap((root) =>
    [`/${root}`, `/${root}/*`].map(
      (path): HandlerRoute => ({ kind: 'handler', path, methods: GS1_METHODS, respond: resolverAnswer }),
    ),
  ),
  { kind: 'handler', path: '/.well-known/gs1resolver', methods: GS1_METHODS, respond: resolverDescription },
  { kind: 'handler', path: '/api/epcis/products/:id', methods: GS1_METHODS, respond: productEpcisAnswer },
  { kind: 'handler', path: '/api/epcis/lots/:id', methods: GS1_METHODS, respond: lotEpcisAnswer },
];

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
    const ctx = await requestContext(deps, c);
    return { userId: ctx.user?.id ?? null, userAgent: ctx.req.userAgent };
  };
  for (const route of publicRoutes) {
    if (route.kind === 'handler') {
      app.on([...route.methods], route.path, async (c, next) => {
        const answer = await route.respond(c, deps, () => viewerOf(c), firstViews);
        if (answer) return answer;
        await next();
      });
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
          const language = requestLanguage(c);
          const html = await firstViews.askedLotPage(entry, lot, language.lang);
          if (html === null) return next();
          return c.body(html, 200, withLanguageHeaders(FIRST_VIEW_HEADERS, language, deps.settings.publicUrl));
        }
        // In the request's language (decision 212), kept per language with the answer.
        const language = requestLanguage(c);
        const gzip =
          entry && (await firstViews.page(entry, route.page, language.lang, route.scanCode?.(req)));
        if (!gzip) return next();
        const { body, headers } = pageBody(gzip, c.req.header('accept-encoding'));
        return c.body(body, 200, withLanguageHeaders(headers, language, deps.settings.publicUrl));
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
