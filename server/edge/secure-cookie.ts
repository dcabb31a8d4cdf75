import type { Context } from 'hono';

/**
 * Whether a cookie set on this answer is marked Secure: when the request came over https. The one rule for
 * the browser id and the member mark (decisions 206, 209), so the two cookies of a phone never differ.
 */
export const secureCookie = (c: Context): boolean => new URL(c.req.url).protocol === 'https:';
