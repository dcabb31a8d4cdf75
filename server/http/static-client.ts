import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/**
 * The built client: hashed files under /assets are cached for a year; every other path that is not a
 * file gets index.html (the client's router decides), never cached so a new release shows at once.
 */
export function mountClient(app: Hono, clientDir: string): void {
  const indexFile = join(clientDir, 'index.html');
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: clientDir, precompressed: true }),
  );
  app.use('*', serveStatic({ root: clientDir, precompressed: true, index: '__no_index__' }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('Giao diện chưa được dựng. Hãy chạy "npm run build" hoặc "npm start".', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
