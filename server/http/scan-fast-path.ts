import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { QR_CODE_PATTERN } from '#shared/constants.ts';
import type { AppDeps } from '#server/deps.ts';
import { type CachedAnswer, dataBytes, publicAnswers } from '#server/services/products/public-answers.ts';
import { resolveKnownCode } from '#server/services/products/resolve.ts';
import { acceptsGzip, FIRST_VIEW_HEADERS, keptFirstView } from './first-view.ts';
import { securityHeaderRecord } from './security-headers.ts';

/**
 * The scan path at the speed of the web server itself (issue 7, decisions 070, 077). A storm of phones
 * asks for the same few public answers; they are kept as finished bytes, so what is left per request is
 * the framework. This listener sits in front of Hono and answers, straight from node's http API with
 * precomputed headers (the same security headers as every other answer), what a visitor's phone asks
 * when it scans:
 *
 * - the printed code's page, `/redirect/{code}`, and the product page, `/products/details/{id}`, once
 *   the app has made them (first-view.ts), gzipped;
 * - the app's own tRPC call that records the scan, `products.resolve` (as the app's batch link sends it,
 *   alone in its batch);
 * - the REST resolve `/api/products/qr-codes/{code}` and `/api/shortLinks/{code}`.
 *
 * Everything else goes to the Hono app, which answers it through the same service functions: any other
 * shape of request, a malformed or unknown code (the app's 404 has the envelope and the log line), a
 * page not made yet, a signed-in scan (a token to check), a cross-origin request (CORS), HEAD. Answers
 * served here are counted, not logged one by one: a summary line every 10 seconds says how many.
 */
const CODE = QR_CODE_PATTERN.source.slice(1, -1);
const REST = new RegExp(`^/api/(products/qr-codes|shortLinks)/(${CODE})$`);
const PAGE = new RegExp(`^/(?:redirect/(${CODE})|products/details/([1-9][0-9]{0,14}))$`);
const TRPC_RESOLVE = '/api/trpc/products.resolve?batch=1&input=';
const SUMMARY_MS = 10_000;

const TRPC_BEFORE = Buffer.from('[{"result":{"data":');
const TRPC_AFTER = Buffer.from('}}]');

/** The code of `{"0":{"code":"..."}}`, the batch link's input for one resolve; null for anything else. */
function trpcResolveCode(query: string): string | null {
  try {
    const input = JSON.parse(decodeURIComponent(query)) as Record<string, unknown>;
    const call = input['0'] as Record<string, unknown> | undefined;
    if (Object.keys(input).length !== 1 || !call || Object.keys(call).length !== 1) return null;
    // Codes are stored folded (decision 084): a code typed in capitals is the same code.
    return typeof call.code === 'string' && QR_CODE_PATTERN.test(call.code) ? call.code.toLowerCase() : null;
  } catch {
    return null;
  }
}

type Answer = { headers: string[]; body: Uint8Array };

export function withScanFastPath(deps: AppDeps, next: RequestListener): RequestListener {
  const security = securityHeaderRecord(deps.settings);
  const headerList = (extra: Record<string, string>) => Object.entries({ ...security, ...extra }).flat();
  const json = headerList({ 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' });
  const trpc = headerList({
    'content-type': 'application/json',
    'cache-control': 'no-store',
    vary: 'trpc-accept, accept',
  });
  const html = headerList({ ...FIRST_VIEW_HEADERS, 'content-encoding': 'gzip' });

  let served = 0;
  const summary = setInterval(() => {
    if (!served) return;
    deps.logger.info({ event: 'http.scan_summary', served, windowMs: SUMMARY_MS }, 'public answers served from cache');
    served = 0;
  }, SUMMARY_MS);
  summary.unref();

  /** A scan by a visitor: the answer with its scan event recorded, or null for an unknown code. */
  const scan = (req: IncomingMessage, code: string): CachedAnswer | null =>
    resolveKnownCode(deps, code, { userId: null, userAgent: req.headers['user-agent'] ?? '' });

  const answer = (req: IncomingMessage, url: string): Answer | null => {
    if (url.startsWith(TRPC_RESOLVE)) {
      const code = trpcResolveCode(url.slice(TRPC_RESOLVE.length));
      const entry = code ? scan(req, code) : null;
      // tRPC's own wire shape around the same bytes (one small copy: one write, not three).
      return entry && { headers: trpc, body: Buffer.concat([TRPC_BEFORE, dataBytes(entry), TRPC_AFTER]) };
    }
    const rest = REST.exec(url);
    if (rest) {
      // A miss is looked up here too (three prepared statements, then kept): through the app it cost more.
      const code = rest[2]!.toLowerCase();
      const entry = rest[1] === 'shortLinks' ? publicAnswers(deps).shortLink(code) : scan(req, code);
      return entry && { headers: json, body: entry.body };
    }
    const page = acceptsGzip(req.headers['accept-encoding']) ? PAGE.exec(url) : null;
    if (page) {
      const [, code, id] = page;
      const entry = code ? publicAnswers(deps).product(code.toLowerCase()) : publicAnswers(deps).productById(Number(id));
      const gzip = entry && keptFirstView(deps, entry, code ? 'redirect' : 'details');
      return gzip ? { headers: html, body: gzip } : null;
    }
    return null;
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    // A token to check, or a cross-origin caller (CORS headers are the app's job): the app answers.
    const plain = req.method === 'GET' && !req.headers.authorization && !req.headers.origin;
    const found = plain ? answer(req, req.url ?? '') : null;
    if (!found) return next(req, res);
    res.writeHead(200, [...found.headers, 'content-length', String(found.body.byteLength)]);
    res.end(found.body);
    served++;
  };
}
