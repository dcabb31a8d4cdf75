import type { RequestListener } from 'node:http';

/**
 * One spelling per path, made once, where a request enters the server (decision 172): before the
 * public dispatcher, Hono's routing, tRPC and the access log read it. Repeated slashes are one, a
 * trailing slash goes, `.` and `..` segments (also written `%2e`) are resolved as a browser resolves
 * them. Before this each reader saw its own spelling: the batch bound read the names after the last
 * `/` of `/api/trpc/a,b,…/` (none), tRPC trimmed the slash and ran every name, and the dispatcher
 * matched a raw path that node's URL parser then resolved into another one for Hono.
 *
 * The query string is left as it is. A path already in that form (nearly every request) is returned
 * as it came, after one scan.
 */
const NEEDS_WORK = /\/\/|\/(?:\.|%2e){1,2}(?:\/|$)/i;
const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;
/** `scheme://authority` of an absolute-form target (`GET http://host/path HTTP/1.1`). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

export function normalisedPath(path: string): string {
  if (!NEEDS_WORK.test(path) && (path.length < 2 || !path.endsWith('/'))) return path;
  const kept: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || DOT.test(segment)) continue;
    if (DOT_DOT.test(segment)) kept.pop();
    else kept.push(segment);
  }
  return `/${kept.join('/')}`;
}

/** A request target (origin-form `/path?query`, or absolute-form) with its path normalised. */
export function normalisedTarget(target: string): string {
  const origin = target.startsWith('/') ? '' : (ORIGIN.exec(target)?.[0] ?? null);
  // `*` (OPTIONS *) and anything else node let through: the app answers it as it is.
  if (origin === null) return target;
  const q = target.indexOf('?', origin.length);
  const path = target.slice(origin.length, q < 0 ? undefined : q) || '/';
  const normal = normalisedPath(path);
  if (normal === path) return target;
  return origin + normal + (q < 0 ? '' : target.slice(q));
}

/** The server's listener with every request's target normalised before `next` sees it. */
export function withNormalisedTargets(next: RequestListener): RequestListener {
  return (req, res) => {
    if (req.url) req.url = normalisedTarget(req.url);
    next(req, res);
  };
}
