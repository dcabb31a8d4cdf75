/**
 * The public pages on the throttled phone of lcp.ts (Chromium over CDP: 4x CPU, slow 3G, cold cache,
 * Pixel 7): for the product page, the company page, a printed code's page (/redirect/:code, which becomes
 * the product page) and a visitor's history (/products), the JavaScript the page loads before it is
 * interactive (gzipped: the build's .gz, or gzip -9) and its Time to Interactive. Goal: at most 70 kB of
 * gzipped JS on each, TTI of the product page under 3.5 s.
 *
 * TTI as Lighthouse defines it, read in the page: the end of the last long task (> 50 ms, from a
 * buffered `longtask` PerformanceObserver set before the page's first script) that is followed by a quiet
 * window of 5 s with no long task and the network idle; never before First Contentful Paint or
 * DOMContentLoaded. Median of 3 runs for the product page; one run for the others.
 *
 * Where the main thread's time went until then (the renderer's own counters over CDP, throttled time):
 * running scripts, style and layout, and all its tasks together; on a loaded machine these say whether
 * a missed TTI is the page's work or the wait for the CPU and the line.
 *
 *   npx tsx bench/phone-pages.ts [--runs 3]
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchChromium, PHONE, throttle } from './lib/browser.ts';
import { loadAverage, median } from './lib/machine.ts';
import { startWithProducts } from './lib/product-page.ts';

const PORT = Number(process.env.BENCH_PORT) || 3909;
const JS_GOAL_KB = 70;
const TTI_GOAL_MS = 3500;
const QUIET_MS = 5000;
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] || 3) || 3;

type Browser = Awaited<ReturnType<typeof launchChromium>>;

function gzipKb(path: string): number {
  const file = `dist/client${path}`;
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).byteLength / 1024;
  if (!existsSync(file)) return Number.NaN;
  return gzipSync(readFileSync(file), { level: 9 }).byteLength / 1024;
}

export interface PageFigures {
  page: string;
  ttiMs: number;
  fcpMs: number;
  jsKb: number;
  files: number;
  /** The main thread's time (CDP Performance metrics), ms: scripts, style and layout, all tasks. */
  scriptMs: number;
  styleLayoutMs: number;
  taskMs: number;
}

async function measureOnce(browser: Browser, url: string, page: string): Promise<PageFigures> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const tab = await context.newPage();
  await tab.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await throttle(context, tab);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await tab.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await tab.waitForLoadState('networkidle');
  // Wait for a quiet window: no new long task for QUIET_MS of page time.
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const figures = (await tab.evaluate(`new Promise((resolve) => {
    const check = () => {
      const tasks = window.__longTasks;
      const last = tasks.length ? Math.max(...tasks) : 0;
      if (performance.now() - last < ${QUIET_MS}) return void setTimeout(check, 250);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const nav = performance.getEntriesByType('navigation')[0];
      const dcl = nav ? nav.domContentLoadedEventEnd : 0;
      const js = performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => /\\.m?js$/.test(p));
      resolve({ tti: Math.max(last, fcp, dcl), fcp, js });
    };
    check();
  })`)) as { tti: number; fcp: number; js: string[] };
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  await context.close();
  const files = [...new Set(figures.js)];
  return {
    page,
    ttiMs: figures.tti,
    fcpMs: figures.fcp,
    jsKb: files.reduce((a, f) => a + gzipKb(f), 0),
    files: files.length,
    scriptMs: metric('ScriptDuration'),
    styleLayoutMs: metric('RecalcStyleDuration') + metric('LayoutDuration'),
    taskMs: metric('TaskDuration'),
  };
}

export async function runPhonePages(): Promise<PageFigures[]> {
  const { app, plain, close } = await startWithProducts(PORT);
  const browser = await launchChromium();
  try {
    console.log(
      `phone pages: JS and Time to Interactive in Chromium (Pixel 7, slow 3G, 4x CPU, cold cache), load ${loadAverage()}`,
    );
    const pages: [string, string][] = [
      ['/products/details/:id', `${app.base}/products/details/${plain.id}`],
      ['/company/details/:id', `${app.base}/company/details/1`],
      ['/redirect/:code', `${app.base}/redirect/${plain.code}`],
      ['/products (visitor history)', `${app.base}/products`],
    ];
    const results: PageFigures[] = [];
    for (const [name, url] of pages) {
      const runs: PageFigures[] = [];
      const count = name.startsWith('/products/details') ? RUNS : 1;
      for (let i = 0; i < count; i++) runs.push(await measureOnce(browser, url, name));
      const tti = median(runs.map((r) => r.ttiMs));
      const first = runs[0] as PageFigures;
      const result = {
        ...first,
        ttiMs: tti,
        fcpMs: median(runs.map((r) => r.fcpMs)),
        scriptMs: median(runs.map((r) => r.scriptMs)),
        styleLayoutMs: median(runs.map((r) => r.styleLayoutMs)),
        taskMs: median(runs.map((r) => r.taskMs)),
      };
      results.push(result);
      console.log(
        `  ${name.padEnd(28)} JS ${result.jsKb.toFixed(1).padStart(6)} kB gzipped in ${result.files} files (goal ${JS_GOAL_KB}: ${result.jsKb <= JS_GOAL_KB ? 'met' : 'missed'})  FCP ${result.fcpMs.toFixed(0)} ms  TTI ${tti.toFixed(0)} ms${count > 1 ? ` (median of ${count}: ${runs.map((r) => r.ttiMs.toFixed(0)).join(', ')})` : ''}${name.startsWith('/products/details') ? ` (goal ${TTI_GOAL_MS}: ${tti < TTI_GOAL_MS ? 'met' : 'missed'})` : ''}`,
      );
      console.log(
        `  ${''.padEnd(28)} main thread: scripts ${result.scriptMs.toFixed(0)} ms, style and layout ${result.styleLayoutMs.toFixed(0)} ms, all tasks ${result.taskMs.toFixed(0)} ms; load ${loadAverage()}`,
      );
    }
    return results;
  } finally {
    await browser.close();
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPhonePages();
