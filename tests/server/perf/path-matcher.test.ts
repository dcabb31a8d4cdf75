import { RegExpRouter } from 'hono/router/reg-exp-router';
import { describe, expect, it } from 'vitest';
import { pathMatcher } from '#server/http/public-dispatcher.ts';
import { type AnswerRoute, answerRoutes } from '#server/http/public-routes.ts';

/**
 * The dispatcher matches the public answers' paths by their fixed part (server/http/public-dispatcher.ts).
 * These hold it to what Hono's router, which mounts the same table on the app, makes of the same paths:
 * a request the two disagree on would be answered by the dispatcher and the app differently.
 */
const PATHS = [
  '/api/products/qr-codes/abcd1234',
  '/api/products/qr-codes/ABCD-12_x',
  '/api/products/qr-codes/',
  '/api/products/qr-codes',
  '/api/products/qr-codes/abc/def',
  '/api/products/qr-codes/abc/',
  '/api/products/qr-codes/%3Cb%3E',
  '/api/shortLinks/xyz98765',
  '/api/shortLinksx/xyz98765',
  '/api/trpc/products.resolve',
  '/api/trpc/products.resolve/',
  '/api/trpc/products.resolvex',
  '/api/trpc/lots.publicById',
  '/api/public/lots/12',
  '/api/public/lots/abc',
  '/redirect/abcd1234',
  '/redirect/',
  '/redirect',
  '/products/details/1',
  '/products/details/1/x',
  '/lots/7',
  '/lots//7',
  '/lots/7/',
  '/',
  '/products',
  '/01/09506000134352',
];

function honoMatch(path: string): [AnswerRoute, Record<string, string>] | null {
  const router = new RegExpRouter<AnswerRoute>();
  for (const route of answerRoutes) router.add('GET', route.path, route);
  const [matches, stash] = router.match('GET', path);
  const found = matches[0];
  if (!found) return null;
  const [route, map] = found as [AnswerRoute, Record<string, number | string>];
  const params: Record<string, string> = {};
  for (const [name, at] of Object.entries(map))
    params[name] = stash ? (stash[at as number] ?? '') : String(at);
  return [route, params];
}

describe('[GUEST][perf] the dispatcher matches the public paths as the app does', () => {
  const match = pathMatcher(answerRoutes);

  it.each(PATHS)('%s: the same route and parameter as Hono', (path) => {
    const ours = match(path);
    const hono = honoMatch(path);
    expect(ours?.[0].path ?? null).toBe(hono?.[0].path ?? null);
    expect(ours?.[1] ?? null).toEqual(hono?.[1] ?? null);
  });

  it('every public answer route is matched; a path of another shape is refused at start, not matched wrongly', () => {
    for (const route of answerRoutes) {
      const sample = route.path.replace(/:\w+$/, 'v4lue');
      expect(match(sample)?.[0]).toBe(route);
    }
    const base = answerRoutes[0]!;
    for (const path of ['/a/:x/b', '/a/*', '/a/:x{[0-9]+}', '/a/:x/:y', '/a?b'])
      expect(() => pathMatcher([{ ...base, path }]), path).toThrow(/trailing :param/);
  });
});
