import { readFile } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppDeps } from '#server/deps.ts';
import { imageVariantFile } from '#server/services/uploads/variants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth, UPLOAD_IMAGE_PATH } from '#shared/image-variants.ts';

/**
 * Stored uploads. Names are server-made (`<random>.<ext>` from the sniffed type), so the extension
 * gives the right Content-Type; nosniff (set globally) stops browsers from guessing otherwise.
 * `?w=160` or `?w=640` answers a phone-sized WebP copy of a picture (shared/image-variants.ts).
 */
export function mountUploads(app: Hono, { settings, disk }: Pick<AppDeps, 'settings' | 'disk'>): void {
  app.use('/uploads/*', async (c, next) => {
    await next();
    if (c.res.status === 200) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    }
  });
  app.get('/uploads/*', async (c, next) => {
    const w = c.req.query('w');
    if (w === undefined) return next();
    const width = Number(w) as ImageVariantWidth;
    if (!IMAGE_VARIANT_WIDTHS.includes(width)) {
      return c.text(vi.scan.variantWidth(IMAGE_VARIANT_WIDTHS.join(', ')), 400);
    }
    const name = UPLOAD_IMAGE_PATH.exec(c.req.path)?.[1];
    const file = name ? await imageVariantFile(settings.uploadsDir, name, width, disk) : null;
    // An upload libvips cannot read is still served as it is: the page shows what was uploaded.
    if (!file) return next();
    c.header('Content-Type', 'image/webp');
    const bytes = await readFile(file);
    return c.body(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>,
    );
  });
  app.use(
    '/uploads/*',
    serveStatic({ root: settings.uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }),
  );
  app.get('/uploads/*', (c) => c.text('Not found', 404));
}
