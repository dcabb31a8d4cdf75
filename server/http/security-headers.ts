import type { MiddlewareHandler } from 'hono';
import type { Settings } from '#server/env.ts';

/**
 * No inline script anywhere (the client is built by Vite into files); 'wasm-unsafe-eval' lets the scan
 * page compile the QR reader's WebAssembly; inline styles are allowed because React and Radix position
 * popovers with style attributes.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Uploaded files are never a document: nothing may run or load, even when a browser opens one directly. */
const UPLOAD_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

function headerList(csp: string, https: boolean): Array<[string, string]> {
  const list: Array<[string, string]> = [
    ['Content-Security-Policy', csp],
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=()'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  if (https) list.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return list;
}

/** The same headers as one record, for a listener that writes its answer in one go (the scan fast path). */
export function securityHeaderRecord(settings: Pick<Settings, 'publicUrl'>): Record<string, string> {
  return Object.fromEntries(headerList(APP_CSP, settings.publicUrl.startsWith('https://')));
}

/**
 * Strict headers on every answer. Referrer-Policy no-referrer keeps the reset token in
 * /auth/new-password/{token} out of any Referer header. HSTS (one year) only when PUBLIC_URL is https.
 *
 * The headers are computed once and set BEFORE the handler runs: setting headers on a response that
 * already exists makes @hono/node-server turn its light response into a full one, which cost the public
 * scan path over a tenth of its throughput (hono's secureHeaders middleware sets them afterwards).
 * Handlers may still override one (e.g. a stricter policy).
 */
export function securityHeaders(settings: Pick<Settings, 'publicUrl'>): MiddlewareHandler {
  const https = settings.publicUrl.startsWith('https://');
  const app = headerList(APP_CSP, https);
  const uploads = headerList(UPLOAD_CSP, https);
  return (c, next) => {
    for (const [name, value] of c.req.path.startsWith('/uploads/') ? uploads : app) c.header(name, value);
    return next();
  };
}
