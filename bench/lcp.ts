/**
 * Largest Contentful Paint of the public product page on a throttled phone: Debian's Chromium, Pixel 7
 * viewport, 4x CPU slowdown and a slow-3G network over CDP (400 ms latency, 50,000 bytes/s each way),
 * a cold cache every run. LCP is read in the page with a buffered PerformanceObserver once the network
 * is idle. Median of 3, for a product without a picture, one with a 234 kB photo (the page shows its
 * 640-wide WebP copy), and that product opened by its printed code's address. Goal: < 2.5 s. The element
 * is often "?": the app replaced the server-rendered element the entry was about (server/http/first-view.ts).
 *
 *   npx tsx bench/lcp.ts [--runs 3]
 */
import { CPU_SLOWDOWN, launchChromium, PHONE, throttle } from './lib/browser.ts';
import { loadAverage, median } from './lib/machine.ts';
import { startWithProducts } from './lib/product-page.ts';

const PORT = Number(process.env.BENCH_PORT) || 3907;
const GOAL_MS = 2500;
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] || 3) || 3;


type Browser = Awaited<ReturnType<typeof launchChromium>>;

async function lcpOnce(
  browser: Browser,
  url: string,
): Promise<{ lcp: number; fcp: number; element: string }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await throttle(context, page);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  const result = await page.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number; element: string }>((resolve) => {
        let lcp = 0;
        let element = '';
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
            lcp = e.startTime;
            const el = e.element;
            element = el
              ? `${el.tagName.toLowerCase()}${el.textContent ? ` "${el.textContent.trim().slice(0, 40)}"` : ''}`
              : '';
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Entries are delivered asynchronously: give the observer a moment after network idle.
        setTimeout(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          resolve({ lcp, fcp, element });
        }, 500);
      }),
  );
  await context.close();
  return result;
}

export interface LcpFigures {
  name: string;
  medianMs: number;
  runsMs: number[];
}

export async function runLcp(): Promise<LcpFigures[]> {
  const { app, plain, photo, close } = await startWithProducts(PORT);
  const browser = await launchChromium();
  const figures: LcpFigures[] = [];
  try {
    console.log(
      `lcp: product page, Chromium, ${CPU_SLOWDOWN}x CPU, slow 3G (400 ms, 50,000 B/s), cold cache, median of ${RUNS} (load ${loadAverage()})`,
    );
    for (const [name, path] of [
      ['product without a picture', `/products/details/${plain.id}`],
      ['product with a 234 kB photo', `/products/details/${photo.id}`],
      ['printed code (/redirect), photo', `/redirect/${photo.code}`],
    ] as const) {
      const runs: Array<{ lcp: number; fcp: number; element: string }> = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lcpOnce(browser, `${app.base}${path}`));
      const f = { name, medianMs: median(runs.map((r) => r.lcp)), runsMs: runs.map((r) => r.lcp) };
      figures.push(f);
      console.log(
        `  ${name.padEnd(30)} LCP median ${f.medianMs.toFixed(0).padStart(5)} ms (runs ${f.runsMs.map((m) => m.toFixed(0)).join(', ')}; FCP median ${median(runs.map((r) => r.fcp)).toFixed(0)} ms; element ${runs.at(-1)?.element || '?'})  ${f.medianMs < GOAL_MS ? 'goal met' : `goal missed by ${(f.medianMs - GOAL_MS).toFixed(0)} ms`}`,
      );
    }
  } finally {
    await browser.close();
    await close();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) await runLcp();
