import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic as serveStaticFrom } from 'hono/serve-static';
import { projectPath } from '#server/paths.ts';
import { fromExecutable, readShippedFile } from '#server/shipped-files.ts';

/** Where `npm run build` writes the client. */
export const DEFAULT_CLIENT_DIR = projectPath('dist', 'client');

/** The built client: from its folder, or in the release from the executable's assets (decision 100). */
export interface ClientFiles {
  /** Changes whenever a build rewrites index.html; null when the client is not built. */
  indexStamp(): number | null;
  readIndex(): string;
  /** Sends the file a GET names (precompressed when the browser takes it), or passes on. */
  serve(): MiddlewareHandler;
}

export function clientFiles(clientDir: string): ClientFiles {
  if (fromExecutable()) {
    const index = readShippedFile('dist/client/index.html')?.toString('utf8') ?? null;
    return {
      indexStamp: () => (index === null ? null : 0),
      readIndex: () => index ?? '',
      serve: () =>
        serveStaticFrom({
          root: 'dist/client',
          precompressed: true,
          getContent: async (path) => readShippedFile(path) as Uint8Array<ArrayBuffer> | null,
        }),
    };
  }
  const indexFile = join(clientDir, 'index.html');
  return {
    indexStamp: () => (existsSync(indexFile) ? statSync(indexFile).mtimeMs : null),
    readIndex: () => readFileSync(indexFile, 'utf8'),
    serve: () => serveStatic({ root: clientDir, precompressed: true, index: '__no_index__' }),
  };
}

/**
 * The built client: hashed files under /assets are cached for a year; every other path that is not a
 * file gets index.html (the client's router decides), never cached so a new release shows at once.
 */
export function mountClient(app: Hono, client: ClientFiles): void {
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    client.serve(),
  );
  app.use('*', client.serve());
  app.get('*', (c) => {
    if (client.indexStamp() === null) {
      return c.text('Giao diện chưa được dựng. Hãy chạy "npm run build" hoặc "npm start".', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(client.readIndex());
  });
}
