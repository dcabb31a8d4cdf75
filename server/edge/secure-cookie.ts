import type { Context } from 'hono';

const PUBLIC_HTTPS = 'publicHttps';

/** Whether the public address is https: then every cookie the server sets is Secure (language, browser id, member mark). */
export const isSecureUrl = (publicUrl: string) => /^https:/i.test(publicUrl);

/** Said once per request by the app (app.ts): whether the server's public address (PUBLIC_URL) is https, worked out once. */
export function markPublicHttps(c: Context, publicHttps: boolean): void {
  c.set(PUBLIC_HTTPS as never, publicHttps as never);
}

/**
 * Whether a cookie set on this answer is marked Secure: when the public address is https (a proxy in front
 * ends TLS, so the request the app sees is plain http) or the request itself came over https. The one rule
 * for the browser id and the member mark (decisions 206, 209), as the language cookie reads PUBLIC_URL.
 */
export const secureCookie = (c: Context): boolean =>
  c.get(PUBLIC_HTTPS as never) === true || new URL(c.req.url).protocol === 'https:';
