/// <reference types="vitest/config" />
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
 * files, before the service worker and the precompression look at the folder: the worker keeps none of
 * these files (they are not in the app's manifest), and they get their .gz and .br like the others.
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
 * The files the service worker keeps (decision 122): the app shell (index.html, the entry and what it
 * imports) and the scan page with its camera, its photo decoder and their WebAssembly, so that
 * /scan-qr opens and reads codes offline. The workspace's chunks are not downloaded ahead to a
 * shopper's phone. Read from Vite's build manifest: the entry's static imports and the scan page's
 * whole graph, dynamic imports included.
 */
const SCAN_PAGE_SOURCES = [
  'src/routes/scan-qr.tsx',
  // The visitor's history, kept on the phone.
  'src/routes/products.tsx',
  // The public layout's menus and the page-change bar.
  'src/components/layout/mobile-nav-drawer.tsx',
  'src/components/layout/account-drawer-panel.tsx',
  '../node_modules/nprogress/nprogress.js',
];
function offlineFiles(): Set<string> {
  type Chunk = {
    file: string;
    css?: string[];
    assets?: string[];
    imports?: string[];
    dynamicImports?: string[];
  };
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const files = new Set<string>(['index.html']);
  const seen = new Set<string>();
  const walk = (key: string, dynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const child of chunk.imports ?? []) walk(child, dynamic);
    if (dynamic) for (const child of chunk.dynamicImports ?? []) walk(child, dynamic);
  };
  walk('index.html', false);
  for (const source of SCAN_PAGE_SOURCES) walk(source, true);
  return files;
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Registered by the app itself (lib/service-worker.ts), not by an injected script.
      injectRegister: false,
      registerType: 'autoUpdate',
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
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [
          async (entries) => {
            const keep = offlineFiles();
            const icons = /^(logo\.svg|icon-[\w-]+\.png)$/;
            return { manifest: entries.filter((e) => keep.has(e.url) || icons.test(e.url)), warnings: [] };
          },
        ],
        // Pages come from the network whenever there is one (the server renders the public pages and they
        // must never be stale); only offline does a navigation get the kept app shell.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
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
    // Read by offlineFiles() to choose what the service worker keeps.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
  test: {
    root: '.',
    projects: [
      {
        test: {
          name: 'server',
          root: '.',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
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
