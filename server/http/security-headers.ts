import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Settings } from '../env.ts';

type Csp = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

/**
 * No inline script anywhere (the client is built by Vite into files); 'wasm-unsafe-eval' lets the scan
 * page compile the QR reader's WebAssembly; inline styles are allowed because React and Radix position
 * popovers with style attributes.
 */
const APP_CSP: Csp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Uploaded files are never a document: nothing may run or load, even when a browser opens one directly. */
const UPLOAD_CSP: Csp = { defaultSrc: ["'none'"], sandbox: [], frameAncestors: ["'none'"] };

/**
 * Strict headers on every answer. Referrer-Policy no-referrer keeps the reset token in
 * /auth/new-password/{token} out of any Referer header. The uploads' policy is chosen here, not added
 * by the uploads route: this middleware runs last on the way out and would overwrite it.
 */
export function securityHeaders(settings: Pick<Settings, 'publicUrl'>): MiddlewareHandler {
  const https = settings.publicUrl.startsWith('https://');
  const withCsp = (contentSecurityPolicy: Csp) =>
    secureHeaders({
      contentSecurityPolicy,
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'no-referrer',
      strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin',
      permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    });
  const app = withCsp(APP_CSP);
  const uploads = withCsp(UPLOAD_CSP);
  return (c, next) => (c.req.path.startsWith('/uploads/') ? uploads(c, next) : app(c, next));
}
