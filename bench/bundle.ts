/**
 * JavaScript a phone downloads for the public product page (/products/details/:id) and the redirect
 * page (/redirect/:code), measured in Chromium on the built client served by the real app, on the
 * throttled phone of the LCP bench (slow 3G, 4x CPU: unthrottled, everything arrives within the same few
 * milliseconds and "before the first paint" says nothing): every JS response, whether it arrived before
 * first contentful paint (FCP) and before the page's content was painted (LCP), and its gzipped size
 * (the .gz the build wrote beside it, or gzip -9 of the file). Then the page once more with JavaScript
 * off: whether its content is there without any script at all. Also checks that the scanner's code and
 * WebAssembly load only on /scan-qr. Goal: at most 100 kB of gzipped JS before first render.
 *
 *   npx tsx bench/bundle.ts [--build]   (--build runs `npx vite build` first)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchChromium, PHONE, throttle } from './lib/browser.ts';
import { loadAverage } from './lib/machine.ts';
import { startWithProducts } from './lib/product-page.ts';

const PORT = 3906;
const GOAL_KB = 100;
/** Chunks and files of the camera scanner (zxing-wasm and the scanner component). */
const SCANNER = /zxing|scanner|\.wasm/i;

interface Loaded {
  file: string;
  gzipKb: number;
  transferKb: number;
  /** ms from navigation start until the response ended */
  endMs: number;
  scanner: boolean;
}

export interface PageBundle {
  page: string;
  fcpMs: number;
  lcpMs: number;
  beforeFcpKb: number;
  beforeLcpKb: number;
  totalKb: number;
  scannerFiles: string[];
}

/** The gzipped size of a built asset: the precompressed .gz when the build wrote one. */
function gzipKb(path: string): number {
  const file = `dist/client${path}`;
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).byteLength / 1024;
  if (!existsSync(file)) return Number.NaN;
  return gzipSync(readFileSync(file), { level: 9 }).byteLength / 1024;
}

async function measurePage(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
  page: string,
): Promise<PageBundle> {
  const context = await browser.newContext(PHONE);
  const tab = await context.newPage();
  await throttle(context, tab);
  await tab.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  // The redirect page replaces itself with the product page: wait for that navigation to settle too.
  await tab.waitForLoadState('networkidle');
  const timing = await tab.evaluate(
    () =>
      new Promise<{
        fcp: number;
        lcp: number;
        resources: Array<{ name: string; end: number; transfer: number }>;
      }>((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = Math.max(lcp, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (r) => ({
              name: r.name,
              end: r.responseEnd,
              transfer: r.encodedBodySize,
            }),
          );
          resolve({ fcp, lcp, resources });
        }, 300);
      }),
  );
  await context.close();
  const withoutJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const bare = await withoutJs.newPage();
  await bare.goto(url);
  const headingWithoutJs = (await bare.locator('h1').first().textContent({ timeout: 1000 }).catch(() => null)) ?? null;
  await withoutJs.close();
  const js: Loaded[] = timing.resources
    .filter((r) => /\.(m?js|wasm)(\?|$)/.test(new URL(r.name).pathname))
    .map((r) => {
      const path = new URL(r.name).pathname;
      return {
        file: path,
        gzipKb: gzipKb(path),
        transferKb: r.transfer / 1024,
        endMs: r.end,
        scanner: SCANNER.test(path),
      };
    });
  const sum = (list: Loaded[]) => list.reduce((a, l) => a + l.gzipKb, 0);
  const result: PageBundle = {
    page,
    fcpMs: timing.fcp,
    lcpMs: timing.lcp,
    beforeFcpKb: sum(js.filter((l) => l.endMs <= timing.fcp)),
    beforeLcpKb: sum(js.filter((l) => l.endMs <= timing.lcp)),
    totalKb: sum(js),
    scannerFiles: js.filter((l) => l.scanner).map((l) => l.file),
  };
  console.log(`\n${page}  (slow 3G, 4x CPU: FCP ${timing.fcp.toFixed(0)} ms, LCP ${timing.lcp.toFixed(0)} ms)`);
  console.log(`  ${'file'.padEnd(44)} ${'gzip kB'.padStart(8)} ${'sent kB'.padStart(8)}  arrived`);
  for (const l of js.sort((a, b) => a.endMs - b.endMs)) {
    const when = l.endMs <= timing.fcp ? 'before FCP' : l.endMs <= timing.lcp ? 'before LCP' : 'after LCP';
    console.log(
      `  ${l.file.padEnd(44)} ${l.gzipKb.toFixed(1).padStart(8)} ${l.transferKb.toFixed(1).padStart(8)}  ${when}${l.scanner ? '  SCANNER' : ''}`,
    );
  }
  // The 100 kB goal is for the phone pages; /scan-qr is shown only to see where the scanner goes.
  const verdict = page.startsWith('/scan-qr')
    ? ''
    : result.beforeLcpKb <= GOAL_KB
      ? 'goal met'
      : `goal missed by ${(result.beforeLcpKb - GOAL_KB).toFixed(1)} kB`;
  console.log(
    `  gzipped JS: ${result.beforeFcpKb.toFixed(1)} kB before first paint, ${result.beforeLcpKb.toFixed(1)} kB before the content (LCP), ${result.totalKb.toFixed(1)} kB in all  ${verdict}`,
  );
  console.log(
    `  with JavaScript off: ${headingWithoutJs ? `the page's heading is there ("${headingWithoutJs}")` : 'no content'}`,
  );
  console.log(
    `  scanner code or wasm requested: ${result.scannerFiles.length ? result.scannerFiles.join(', ') : 'none'}`,
  );
  return result;
}

export async function runBundle(options: { build?: boolean } = {}): Promise<PageBundle[]> {
  if (options.build) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const { app, plain, close } = await startWithProducts(PORT);
  const browser = await launchChromium();
  try {
    console.log(
      `bundle: JS per page in Chromium (phone viewport, slow 3G, 4x CPU), built client in dist/client (load ${loadAverage()})`,
    );
    const results = [
      await measurePage(browser, `${app.base}/products/details/${plain.id}`, '/products/details/:id'),
      await measurePage(
        browser,
        `${app.base}/redirect/${plain.code}`,
        '/redirect/:code (then the product page)',
      ),
      await measurePage(browser, `${app.base}/scan-qr`, '/scan-qr (for comparison)'),
    ];
    return results;
  } finally {
    await browser.close();
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await runBundle({ build: process.argv.includes('--build') });
