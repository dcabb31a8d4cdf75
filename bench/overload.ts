/**
 * Overload on the public path (decision 182): a crowd of 256 clients (bench/lib/crowd.ts, raw keep-alive
 * sockets, each asking again as soon as it is answered) on the public resolve of the 100,000-product dataset,
 * over the hot set and the whole catalogue, with refusing on (OVERLOAD_WAIT_MS, default) and off (0: every
 * request queued, as before). Prints the answered requests' rate and p50/p99, and the refusals' share and p99,
 * timed apart. Not a test: figures only.
 *
 *   npx tsx bench/overload.ts [--seconds 10] [--connections 256] [--port 3910]
 */
import { type App, startApp } from './lib/app.ts';
import { crowd } from './lib/crowd.ts';
import { DATASET_DIR, seededDataset } from './lib/dataset.ts';
import { loadAverage } from './lib/machine.ts';
import { rssMb } from './lib/server.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const seconds = arg('--seconds', 10);
const connections = arg('--connections', 256);
const port = arg('--port', 3910);
const codes = seededDataset();
const storms: Array<[string, string[]]> = [
  ['resolve, hot set (1,000 codes)', codes.slice(0, 1000).map((c) => `/api/products/qr-codes/${c}`)],
  ['resolve, whole catalogue (90,000 codes)', codes.map((c) => `/api/products/qr-codes/${c}`)],
];

for (const [label, wait] of [
  ['refusing (OVERLOAD_WAIT_MS=30)', '30'],
  ['queued (OVERLOAD_WAIT_MS=0, as before)', '0'],
] as const) {
  const app: App = await startApp(DATASET_DIR, port, { OVERLOAD_WAIT_MS: wait });
  console.log(`\n${label}: ready in ${app.readyMs.toFixed(0)} ms, load average ${loadAverage()}`);
  for (const [name, paths] of storms) {
    await crowd(app.base, { connections, seconds: 2, paths });
    const r = await crowd(app.base, { connections, seconds, paths });
    const total = r.answered + r.refused + r.other;
    console.log(
      `  ${name.padEnd(40)} answered ${r.rps.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99
        .toFixed(1)
        .padStart(
          7,
        )} ms  refused ${((100 * r.refused) / Math.max(1, total)).toFixed(0).padStart(3)}% (p99 ${r.refusedP99.toFixed(1)} ms)  other ${r.other}  RSS ${rssMb(app.child.pid)} MB`,
    );
  }
  await app.stop();
}
