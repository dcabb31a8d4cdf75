import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AppOptions } from '#server/app.ts';
import type { AppDeps } from '#server/deps.ts';
import { recordResolve } from '#server/services/products/resolve.ts';
import { LANGUAGE_PARAM } from '#shared/i18n/languages.ts';
import { acceptsGzip, createFirstViews } from './first-view.ts';
import { isSecureUrl } from '#server/edge/secure-cookie.ts';
import { createLanguageChooser, languageHeaders, PAGE_LANGUAGES } from './page-language.ts';
import {
  type AnswerRoute,
  answerRoutes,
  encoded,
  KIND_HEADERS,
  type PublicKind,
  type PublicRequest,
} from './public-routes.ts';
import { securityHeaderRecord } from './security-headers.ts';
import { createSerialDispatch, type SerialAnswer } from './serial-dispatch.ts';
import { clientFiles, DEFAULT_CLIENT_DIR } from './static-client.ts';

/**
 * The public answers at the speed of the web server itself (decisions 070, 077, 110). A storm of phones
 * asks for the same few public answers, kept as finished bytes, so what is left per request is the
 * framework. This listener sits in front of Hono and is a plain dispatcher over the routes declared in
 * public-routes.ts: the table's paths (matched by their fixed part, decision 168), the table's `find`,
 * the table's encoders and headers (with the same security headers as every other answer).
 *
 * It answers only a visitor's plain GET whose answer exists: anything else goes to the app, which
 * answers it through the same declarations: a signed-in scan (a token to check), a cross-origin request
 * (CORS), HEAD, a malformed or unknown code (the app's 400 or 404, with the log line), a tRPC call of
 * another shape, a page not made yet or asked without gzip. Answers served here are counted, not logged
 * one by one: a summary line every 10 seconds says how many.
 */
const SUMMARY_MS = 10_000;

type Params = Record<string, string>;
type Match = [AnswerRoute, Params];

/**
 * The table's paths as a function of a request's path. Every public answer's path is a fixed part and at
 * most one trailing `:param`, matched here by its fixed part as Hono's router matches it (the parameter is
 * one non-empty segment, not decoded): a hot answer is asked thousands of times a second, and Hono's
 * general router with its parameter maps was a visible share of that (bench/RESULTS.md). A path of
 * another shape is refused when the server starts, so the table stays the only declaration.
 */
export function pathMatcher(routes: readonly AnswerRoute[]): (path: string) => Match | null {
  const exact = new Map<string, AnswerRoute>();
  const prefixed: Array<{ prefix: string; name: string; route: AnswerRoute }> = [];
  const plain = /^[A-Za-z0-9/._-]+$/;
  for (const route of routes) {
    const at = route.path.indexOf(':');
    if (at < 0 && plain.test(route.path)) exact.set(route.path, route);
    else if (
      at > 0 &&
      route.path[at - 1] === '/' &&
      plain.test(route.path.slice(0, at)) &&
      /^\w+$/.test(route.path.slice(at + 1))
    ) {
      prefixed.push({ prefix: route.path.slice(0, at), name: route.path.slice(at + 1), route });
    } else {
      throw new Error(`public answer path ${route.path}: a fixed part and at most one trailing :param`);
    }
  }
  return (path) => {
    const route = exact.get(path);
    if (route) return [route, {}];
    for (const { prefix, name, route } of prefixed) {
      if (path.length > prefix.length && path.startsWith(prefix) && !path.includes('/', prefix.length)) {
        return [route, { [name]: path.slice(prefix.length) }];
      }
    }
    return null;
  };
}

export function withPublicDispatcher(
  deps: AppDeps,
  options: AppOptions,
  next: RequestListener,
): RequestListener {
  const firstViews = createFirstViews(deps, clientFiles(options.clientDir ?? DEFAULT_CLIENT_DIR));
  // The routes with their own HTTP answers (the GS1 resolver's) are left to the app.
  const routeOf = pathMatcher(answerRoutes);

  const security = securityHeaderRecord(deps.settings);
  const headerList = (extra: Record<string, string>) => Object.entries({ ...security, ...extra }).flat();
  const headers: Record<Exclude<PublicKind, 'page'>, string[]> = {
    rest: headerList(KIND_HEADERS.rest),
    trpc: headerList(KIND_HEADERS.trpc),
  };
  // A page's headers by its language and what chose it (decision 212), each made once: a request's
  // choice is one of a fixed set, so sending a page adds no header work per request.
  const secure = isSecureUrl(deps.settings.publicUrl);
  const pageHeaders = new Map(
    PAGE_LANGUAGES.map((choice) => {
      const page = { ...KIND_HEADERS.page, 'content-encoding': 'gzip' };
      return [
        choice,
        headerList({ ...page, ...languageHeaders(choice, { vary: KIND_HEADERS.page.vary, secure }) }),
      ];
    }),
  );
  const chooseLanguage = createLanguageChooser();
  // A serialized code's page and verdict JSON, when its item is kept (decision 230).
  const serials = createSerialDispatch(deps, firstViews, headerList);

  const gate = deps.loadGate;
  let served = 0;
  let refusedBefore = 0;
  const summary = setInterval(() => {
    // Overload is said once per window, with how much was refused, never a line per refusal.
    const refused = gate.counts.refused - refusedBefore;
    refusedBefore += refused;
    if (refused) {
      deps.logger.warn(
        { event: 'http.overload', refused, served, windowMs: SUMMARY_MS },
        'overloaded: public requests refused with 503 (decision 182)',
      );
    }
    if (!served) return;
    deps.logger.info(
      { event: 'http.scan_summary', served, windowMs: SUMMARY_MS },
      'public answers served from cache',
    );
    served = 0;
  }, SUMMARY_MS);
  summary.unref();

  const answer = (
    req: IncomingMessage,
    url: string,
    [route, params]: Match,
  ): { headers: string[]; body: Uint8Array } | null => {
    const q = url.indexOf('?');
    // Only gzipped pages are kept; a client without gzip gets the app's answer, unzipped.
    if (route.kind === 'page' && !acceptsGzip(req.headers['accept-encoding'])) return null;
    let query: URLSearchParams | undefined;
    const request: PublicRequest = {
      param: (name) => params[name],
      query: (name) => {
        query ??= new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
        return query.get(name) ?? undefined;
      },
    };
    // A page whose address names a lot is drawn by the app for that request, never kept (decision 184).
    if (route.kind === 'page' && route.askedLot?.(request)) return null;
    let entry: ReturnType<AnswerRoute['find']>;
    try {
      entry = route.find(deps, request);
    } catch {
      return null; // malformed input: the app answers it, with its errors
    }
    if (entry instanceof Promise) {
      // A miss read with awaited queries (PostgreSQL): the app's route asks again and gets the same read
      // (the public answers share it), so this listener never waits; a failure is the app's to answer.
      entry.catch(() => undefined);
      return null;
    }
    if (!entry) return null;
    if (route.kind === 'page') {
      const language = chooseLanguage(
        q < 0 ? undefined : request.query(LANGUAGE_PARAM),
        req.headers.cookie,
        req.headers['accept-language'],
      );
      const gzip = firstViews.kept(entry, route.page, language.lang);
      return gzip ? { headers: pageHeaders.get(language) as string[], body: gzip } : null;
    }
    if (route.scans) recordResolve(deps, entry, { userId: null, userAgent: req.headers['user-agent'] ?? '' });
    return { headers: headers[route.kind], body: encoded(route.kind, entry) };
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    gate.arrived();
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = req.method === 'GET' || req.method === 'HEAD' ? routeOf(path) : null;
    if (!route) {
      if (req.method === 'GET' && serials.claims(path))
        return serialAnswer(req, res, path, q < 0 ? '' : url.slice(q + 1));
      return next(req, res);
    }
    // A public answer's request that waited too long, or finds too many in progress, is refused at once.
    if (gate.overloaded()) return gate.refuse(route[0].kind, req, res);
    // A token to check, or a cross-origin caller (CORS headers are the app's job): the app answers. So does
    // it while the database is not prepared yet (its 503), before any answer is looked up.
    const plain =
      req.method === 'GET' && !req.headers.authorization && !req.headers.origin && !deps.health.starting;
    const found = plain ? answer(req, url, route) : null;
    if (!found) {
      gate.inProgress(res);
      return next(req, res);
    }
    res.writeHead(200, [...found.headers, 'content-length', String(found.body.byteLength)]);
    res.end(found.body);
    served++;
  };

  /** A serial's path: the same gate and conditions as a kept answer's, the answer drawn for the request. */
  const serialAnswer = (req: IncomingMessage, res: ServerResponse, path: string, search: string) => {
    const kind = path.startsWith('/api/') ? 'rest' : 'page';
    if (gate.overloaded()) return gate.refuse(kind, req, res);
    const plain = !req.headers.authorization && !req.headers.origin && !deps.health.starting;
    const found: SerialAnswer | null = plain ? serials.answer(req, path, search) : null;
    if (!found) {
      gate.inProgress(res);
      return next(req, res);
    }
    res.writeHead(found.status, [...found.headers, 'content-length', String(found.body.byteLength)]);
    res.end(found.body);
    served++;
  };

  return listener;
}
