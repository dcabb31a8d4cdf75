import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic as serveStaticFrom } from 'hono/serve-static';
import { projectPath } from '#server/paths.ts';
import { fromExecutable, readShippedFile } from '#server/shipped-files.ts';
import { PUBLIC_PAGE_ENTRIES } from '#shared/public-pages.ts';
import { requestLanguage, setLanguageHeaders, withHtmlLang } from './page-language.ts';

/** Where `npm run build` writes the client. */
export const DEFAULT_CLIENT_DIR = projectPath('dist', 'client');

/**
 * The client's two pages: the app (index.html) and the light page (light.html, decision 140), which the
 * public pages a phone opens by address get. A build without the light page (a test's client folder)
 * serves the app there too: it has every route.
 */
export type ClientPage = 'index' | 'light';

/** The built client: from its folder, or in the release from the executable's assets (decision 100). */
export interface ClientFiles {
  /** Changes whenever a build rewrites the page; null when the client is not built. */
  stamp(page: ClientPage): number | null;
  read(page: ClientPage): string;
  /** Sends the file a GET names (precompressed when the browser takes it), or passes on. */
  serve(): MiddlewareHandler;
}

export function clientFiles(clientDir: string): ClientFiles {
  if (fromExecutable()) {
    const index = readShippedFile('dist/client/index.html')?.toString('utf8') ?? null;
    const pages = { index, light: readShippedFile('dist/client/light.html')?.toString('utf8') ?? index };
    return {
      stamp: (page) => (pages[page] === null ? null : 0),
      read: (page) => pages[page] ?? '',
      serve: () =>
        serveStaticFrom({
          root: 'dist/client',
          precompressed: true,
          getContent: async (path) => readShippedFile(path) as Uint8Array<ArrayBuffer> | null,
        }),
    };
  }
  const fileOf = (page: ClientPage) => {
    const file = join(clientDir, `${page}.html`);
    return page === 'index' || existsSync(file) ? file : join(clientDir, 'index.html');
  };
  return {
    stamp: (page) => {
      const file = fileOf(page);
      return existsSync(file) ? statSync(file).mtimeMs : null;
    },
    read: (page) => readFileSync(fileOf(page), 'utf8'),
    serve: () => serveStatic({ root: clientDir, precompressed: true, index: '__no_index__' }),
  };
}

/**
 * The built client: hashed files under /assets are cached for a year; the light page's paths
 * (the pages of shared/public-pages.ts) get light.html, every other path that is not a file index.html (the client's
 * router decides), never cached so a new release shows at once.
 */
export function mountClient(app: Hono, client: ClientFiles, settings: { publicUrl: string }): void {
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    client.serve(),
  );
  app.use('*', client.serve());
  const page = (name: ClientPage) => (c: Context) => {
    if (client.stamp(name) === null) {
      return c.text('Giao diện chưa được dựng. Hãy chạy "npm run build" hoặc "npm start".', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(client.read(name));
  };
  // A public path's page in the request's language (decision 212): its <html lang>, which the client reads
  // first, so a visitor's page starts in the language the server chose. The workspace stays Vietnamese.
  const publicPage = (c: Context) => {
    if (client.stamp('light') === null) return page('light')(c);
    const language = requestLanguage(c);
    c.header('Cache-Control', 'no-cache');
    setLanguageHeaders(c, language, settings.publicUrl);
    return c.html(withHtmlLang(client.read('light'), language.lang));
  };
  for (const { path } of PUBLIC_PAGE_ENTRIES) app.get(path, publicPage);
  app.get('*', page('index'));
}
