import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Settings } from '../env.ts';

/**
 * Strict headers on every answer. No inline script anywhere (the client is built by Vite into files);
 * 'wasm-unsafe-eval' lets the scan page compile the QR reader's WebAssembly; inline styles are allowed
 * because React and Radix position popovers with style attributes. Referrer-Policy no-referrer keeps
 * the reset token in /auth/new-password/{token} out of any Referer header.
 */
export function securityHeaders(settings: Pick<Settings, 'publicUrl'>): MiddlewareHandler {
  const https = settings.publicUrl.startsWith('https://');
  return secureHeaders({
    contentSecurityPolicy: {
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
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
  });
}
