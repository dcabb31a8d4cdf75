/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { type AliasOptions, build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const outDir = 'dist/client';

// react-toastify's default entry injects its stylesheet from JavaScript (3 kB gzipped in the entry
// chunk, issue 7); the unstyled build is the same API, its CSS comes in through app.tsx.
const toastifyUnstyled = { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' };

const APP_ROUTES_FILE = resolve('client/src/app-routes.ts');
const PUBLIC_PAGES_FILE = resolve('client/src/public-pages.ts');

/**
 * What the light build resolves differently from the app's: every page the app's route table imports
 * itself becomes light/to-the-app.tsx (a full page load into the app), while the public pages, imported by
 * client/src/public-pages.ts from the table of public pages (shared/public-pages.ts, decision 198), stay:
 * their files are gathered in `lightPageFiles` as they resolve, for the light pages' chunk. And
 * '@tanstack/react-query' and the app's tRPC client (lib/trpc.ts) become their stand-ins in
 * client/src/light/, which serve the same exports to the same components.
 */
function lightResolve(lightPageFiles: Set<string>): Plugin {
  const appTrpc = resolve('client/src/lib/trpc.ts');
  return {
    name: 'light-resolve',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === APP_ROUTES_FILE && source.startsWith('./routes/'))
        return resolve('client/src/light/to-the-app.tsx');
      if (importer === PUBLIC_PAGES_FILE && source.startsWith('./routes/')) {
        const found = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (found) lightPageFiles.add(found.id);
        return found;
      }
      if (source === '@tanstack/react-query') return resolve('client/src/light/query.ts');
      if (!source.endsWith('/trpc.ts')) return null;
      const found = await this.resolve(source, importer, { ...options, skipSelf: true });
      return found?.id === appTrpc && !importer?.endsWith('/light/trpc.ts')
        ? resolve('client/src/light/trpc.ts')
        : null;
    },
  };
}

/**
 * The light page (decision 140): client/light.html, the public pages a phone opens by address, built a
 * second time from the same sources with React's API served by Preact (preact/compat), into the same
 * folder, so the server can answer those paths with it. Run once the app's own build has written its
 * files, before the service worker and the precompression look at the folder: the worker keeps its
 * files for every visitor (keptFiles, from its own manifest), and they get their .gz and .br like the others.
 */
function lightBuild(): Plugin {
  const preact: AliasOptions = [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react$/, replacement: 'preact/compat' },
    toastifyUnstyled,
  ];
  return {
    name: 'light-build',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const lightPageFiles = new Set<string>();
        await build({
          configFile: false,
          root: 'client',
          publicDir: false,
          logLevel: 'warn',
          plugins: [lightResolve(lightPageFiles), react(), tailwindcss()],
          resolve: { alias: preact },
          build: {
            outDir: resolve(outDir),
            emptyOutDir: false,
            copyPublicDir: false,
            target: 'es2022',
            assetsInlineLimit: 0,
            chunkSizeWarningLimit: 1500,
            manifest: '.vite/light-manifest.json',
            rolldownOptions: {
              input: resolve('client/light.html'),
              // The light pages' code in one chunk with what the entry imports, so a page's code does not
              // wait a round trip more than the entry's (on slow 3G a round trip is the dearest part).
              output: {
                codeSplitting: { groups: [{ name: 'light-pages', test: (id) => lightPageFiles.has(id) }] },
              },
            },
          },
        });
      },
    },
  };
}

/**
 * Writes .gz and .br beside every text or wasm asset after the build, so the server sends
 * precompressed files instead of compressing on every request (the scan page's wasm is 1.1 MB raw).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|wasm|json|txt)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(raw));
      }
    },
  };
}

/**
 * The files the service worker keeps (client/src/sw/sw.ts, decision 187 after 122), read
 * from the builds' manifests, as absolute paths:
 * - `shell`, for every visitor at install: the light page's code and stylesheet, everything its entry
 *   imports, at once or later (light-manifest.json), and the logo. The worker makes the offline page
 *   from light.html itself.
 * - `scan`, when the scan page asks: the app shell (index.html, the entry and its static imports) and
 *   the whole graph of the scan page (the camera, the photo reader, their WebAssembly), the history, the
 *   public layout's menus and the product and lot pages in the app, so that /scan-qr opens and reads
 *   codes offline and its recent products open from their kept copies. The workspace's code is never
 *   downloaded ahead to a shopper's phone.
 * `version` changes with any of these files' content, and names the worker's caches.
 */
const SCAN_PAGE_SOURCES = [
  'src/routes/scan-qr.tsx',
  // The visitor's history, kept on the phone, and the pages it opens.
  'src/routes/products.tsx',
  'src/routes/product-details.tsx',
  'src/routes/lot-details.tsx',
  // The public layout's menus and the page-change bar.
  'src/components/layout/mobile-nav-drawer.tsx',
  'src/components/layout/account-drawer-panel.tsx',
  '../node_modules/nprogress/nprogress.js',
];
type ManifestChunk = {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
};

/** The files of `roots` in a build manifest: each chunk's file, stylesheets and assets, through its static imports (and dynamic ones for `dynamic` roots). */
function chunkFiles(manifestFile: string, roots: { key: string; dynamic: boolean }[]): string[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', manifestFile), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string, dynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const child of chunk.imports ?? []) walk(child, dynamic);
    if (dynamic) for (const child of chunk.dynamicImports ?? []) walk(child, dynamic);
  };
  for (const root of roots) walk(root.key, root.dynamic);
  return [...files];
}

function keptFiles(): { version: string; shell: string[]; scan: string[] } {
  const shell = ['/logo.svg', ...chunkFiles('light-manifest.json', [{ key: 'light.html', dynamic: true }])];
  const scan = [
    '/index.html',
    ...chunkFiles('manifest.json', [
      { key: 'index.html', dynamic: false },
      ...SCAN_PAGE_SOURCES.map((key) => ({ key, dynamic: true })),
    ]),
  ];
  const hash = createHash('sha256');
  for (const file of [...shell, ...scan, '/light.html'].sort())
    hash.update(file).update(readFileSync(join(outDir, file)));
  return { version: hash.digest('hex').slice(0, 12), shell, scan };
}

/** Gives the service worker's build the kept lists (`__KEPT__`), made once the client's builds are written. */
function keptFilesDefine(): Plugin {
  return { name: 'kept-files', config: () => ({ define: { __KEPT__: JSON.stringify(keptFiles()) } }) };
}

/** The 'quiet' project's files (below): their figures are only true on an otherwise idle machine. */
const QUIET_TESTS = [
  'tests/server/security/{anonymous-work,batching,enumeration,heavy-parsing,hostile-routes,overload,request-shapes}.test.ts',
  // Issue 34's bound on a 30,000-plot import (decision 218) is a figure of this machine alone.
  'tests/server/plots/import-30k.test.ts',
];

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Our own worker (client/src/sw/sw.ts), registered by the app itself
      // (lib/service-worker.ts); the plugin builds it into /sw.js and writes the web app manifest.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The lists come from keptFiles, not from Workbox's manifest injection.
      injectManifest: { injectionPoint: undefined, buildPlugins: { vite: [keptFilesDefine()] } },
      // The manifest and its icons are added by the plugin.
      includeAssets: ['logo.svg'],
      manifest: {
        name: 'Truy xuất nguồn gốc',
        short_name: 'Truy xuất',
        description: 'Quét mã QR trên sản phẩm để xem nguồn gốc.',
        lang: 'vi',
        start_url: '/scan-qr',
        scope: '/',
        display: 'standalone',
        theme_color: '#15803d',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    lightBuild(),
    precompress(),
  ],
  resolve: { alias: [toastifyUnstyled] },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
    // Read by keptFiles() to choose what the service worker keeps.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
  test: {
    root: '.',
    projects: [
      // Real-server tests that measure latency and memory under an attack: run after the others, one file
      // at a time (scripts/test.sh), so that what they measure is the server and not the other test files
      // sharing the machine's cores.
      {
        test: {
          name: 'quiet',
          root: '.',
          environment: 'node',
          include: QUIET_TESTS,
          setupFiles: ['tests/setup/server.ts'],
          globalSetup: ['tests/setup/postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: '.',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: QUIET_TESTS,
          setupFiles: ['tests/setup/server.ts'],
          // A PostgreSQL cluster for the run when TEST_ENGINE=pg (decision 154).
          globalSetup: ['tests/setup/postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          root: '.',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
    ],
  },
});
