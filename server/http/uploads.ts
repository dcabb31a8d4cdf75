import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { Settings } from '../env.ts';

/**
 * Stored uploads. Names are server-made (`<random>.<ext>` from the sniffed type), so the extension
 * gives the right Content-Type; nosniff (set globally) stops browsers from guessing otherwise.
 */
export function mountUploads(app: Hono, settings: Pick<Settings, 'uploadsDir'>): void {
  app.use('/uploads/*', async (c, next) => {
    await next();
    if (c.res.status === 200) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    }
  });
  app.use(
    '/uploads/*',
    serveStatic({ root: settings.uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }),
  );
  app.get('/uploads/*', (c) => c.text('Not found', 404));
}
