import type { Context } from 'hono';

const PUBLIC_HTTPS = 'publicHttps';

/** Said once per request by the app (app.ts): whether the server's public address (PUBLIC_URL) is https. */
export function markPublicHttps(c: Context, publicUrl: string): void {
  c.set(PUBLIC_HTTPS as never, /^https:/i.test(publicUrl) as never);
}

/**
 * Whether a cookie set on this answer is marked Secure: when the public address is https (a proxy in front
 * ends TLS, so the request the app sees is plain http) or the request itself came over https. The one rule
 * for the browser id and the member mark (decisions 206, 209), as the language cookie reads PUBLIC_URL.
 */
export const secureCookie = (c: Context): boolean =>
  c.get(PUBLIC_HTTPS as never) === true || new URL(c.req.url).protocol === 'https:';
