import type { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '#server/deps.ts';
import { errorBody } from '#server/edge/envelope.ts';
import { issuedQrTargetUrl } from '#server/services/gs1/qr-target.ts';
import { renderQr } from '#server/services/shortLinks/qr.ts';
import { vi } from '#shared/i18n/vi/index.ts';

const FILE = /^(.+)\.(png|svg)$/;

/**
 * Bytes of rendered images kept. A 512-pixel PNG took tens of ms of the event loop to draw on every
 * request, for anyone: the images a page of labels or a storm asks for are drawn once (decision 174).
 */
const KEPT_IMAGE_BYTES = 16 * 1024 * 1024;

/**
 * GET /api/qr/{code}.png and .svg: the printable QR image of a code we issued (404 otherwise, so the
 * route renders nothing for strangers). The image of a code never changes, so it is cacheable for a
 * long time. Mounted on the root app, ahead of /api's JSON-only and no-store middleware.
 */
export function mountQrImages(app: Hono, deps: AppDeps): void {
  // By what the image encodes: a code whose target changes (a GTIN given, decision 131) gets a new image.
  const kept = new LRUCache<string, Uint8Array | string>({
    maxSize: KEPT_IMAGE_BYTES,
    sizeCalculation: (image) => Math.max(1, image.length),
  });
  app.get('/api/qr/:file', async (c) => {
    const m = FILE.exec(c.req.param('file'));
    const code = m?.[1];
    const kind = m?.[2] as 'png' | 'svg' | undefined;
    const url = code && kind ? await issuedQrTargetUrl(deps, code) : null;
    if (!code || !kind || url === null) return c.json(errorBody(404, vi.products.shortLinkNotFound), 404);
    const key = `${kind} ${url}`;
    let image = kept.get(key);
    if (image === undefined) {
      image = await renderQr(deps.settings.publicUrl, code, kind, url);
      kept.set(key, image);
    }
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Content-Type', kind === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8');
    return c.body(typeof image === 'string' ? image : new Uint8Array(image));
  });
}
