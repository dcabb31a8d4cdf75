import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AppDeps } from '../deps.ts';
import { QR_CODE_PATTERN } from '../../shared/constants.ts';
import { publicAnswers } from '../services/products/public-answers.ts';
import { resolveKnownCode } from '../services/products/resolve.ts';
import { securityHeaderRecord } from './security-headers.ts';

/**
 * The scan path at the speed of the web server itself (issue 7, decision 070). A storm of phones asks
 * for the same few public answers; they are cached as finished bytes, so what is left per request is
 * the framework. This listener sits in front of Hono and answers the two public GETs of a code that has
 * a public answer straight from node's http API with precomputed headers (the same security headers as
 * every other answer); everything else, including every malformed code, 404, signed-in scan (a token
 * to check), cross-origin request (CORS) and HEAD, goes to the Hono app, which answers it through the same service functions
 * (server/http/public-resolve.ts). Answers served here are counted, not logged one by one: a summary
 * line every 10 seconds says how many.
 */
/** The two paths, with a code of the shape the procedures' schema accepts (QR_CODE_PATTERN). */
const PATH = new RegExp(`^/api/(products/qr-codes|shortLinks)/(${QR_CODE_PATTERN.source.slice(1, -1)})$`);
const SUMMARY_MS = 10_000;

export function withScanFastPath(deps: AppDeps, next: RequestListener): RequestListener {
  const headers: string[] = Object.entries({
    ...securityHeaderRecord(deps.settings),
    'content-type': 'application/json; charset=UTF-8',
    'cache-control': 'no-store',
  }).flat();
  let served = 0;
  const summary = setInterval(() => {
    if (!served) return;
    deps.logger.info({ event: 'http.scan_summary', served, windowMs: SUMMARY_MS }, 'public answers served from cache');
    served = 0;
  }, SUMMARY_MS);
  summary.unref();

  return (req: IncomingMessage, res: ServerResponse) => {
    // A token to check, or a cross-origin caller (CORS headers are the app's job): the app answers.
    const plain = req.method === 'GET' && !req.headers.authorization && !req.headers.origin;
    const match = plain ? PATH.exec(req.url ?? '') : null;
    if (!match) return next(req, res);
    const [, kind, code] = match as unknown as [string, string, string];
    // A cache miss is looked up here too (three prepared statements, then cached): a storm over the
    // whole catalogue misses often, and through the app a miss cost ~3x more. A code with no public
    // answer goes to the app, which answers the 404 with its envelope and log line; that second lookup
    // of an unknown code is one index probe.
    const entry =
      kind === 'shortLinks'
        ? publicAnswers(deps).shortLink(code)
        : resolveKnownCode(deps, code, { userId: null, userAgent: req.headers['user-agent'] ?? '' });
    if (!entry) return next(req, res);
    res.writeHead(200, [...headers, 'content-length', String(entry.body.byteLength)]);
    res.end(entry.body);
    served++;
  };
}
