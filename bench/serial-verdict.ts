/**
 * A serialized code's verdict under load (issue 32, decision 206): in one run, the bare Hono route (the
 * ceiling), then the real app (`npm start`) with a batch of 10,000 serials, measured with wrk (64
 * connections) over a hot set of 1,000 of them:
 * - the item's page `GET /s/{serial}` as a phone opens it (a phone's User-Agent, no cookie: every request
 *   is a new browser, so EVERY open is counted, a write each), gzipped;
 * - the same page by its Digital Link `/01/{gtin}/21/{serial}`;
 * - the JSON `GET /api/serials/{serial}` (reads, counts nothing).
 * Two references from the same bare server: a bare page of the verdict page's size, and the same after one
 * row written to a SQLite table shaped as serial_opens (bench/bare-server.ts).
 * After the page runs, the items' counts are added up and compared with the 2xx answers wrk received: every
 * open counted. Prints requests/s, p50/p99, errors, the ratio to the ceiling, the app's CPU per request.
 *
 *   npx tsx bench/serial-verdict.ts [--seconds 10] [--port 3941] [--engine sqlite|pg]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine } from './lib/machine.ts';
import { engineArg, startAppOn } from './lib/pg-dataset.ts';
import { SERIALS_GTIN as GTIN, serialsCompany } from './lib/serials-company.ts';
import { cpuMs, rssMb } from './lib/server.ts';
import { bareRuns, type LoadResult, wrk } from './lib/wrk.ts';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1] || 10) || 10;
const BARE = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 3941;
const engine = engineArg(args);
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** A SQLite data directory with a company, a GTIN product and a READY batch of 10,000 serials; 1,000 of them. */
async function seed(dataDir: string): Promise<string[]> {
  const world = await serialsCompany(dataDir);
  try {
    const res = await world.app.request('/api/serials/batches', {
      method: 'POST',
      headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: world.product.id, count: 10_000, withPin: true }),
    });
    if (res.status !== 201) throw new Error(`POST /api/serials/batches: ${res.status}`);
    await world.deps.serialJobs.idle();
    const { serials } = world.deps.db.tables;
    const rows = await world.deps.db.select({ serial: serials.serial }).from(serials).limit(1000);
    return rows.map((r) => r.serial);
  } finally {
    await world.close();
  }
}

const print = (r: LoadResult, ceiling?: number) =>
  console.log(
    `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99
      .toFixed(2)
      .padStart(
        6,
      )} ms  errors ${String(r.errors).padStart(4)}${ceiling ? `  ${((100 * r.rps) / ceiling).toFixed(0).padStart(3)}% of ceiling` : ''}`,
  );

console.log(`${machine()}; engine ${engine}; ${seconds} s per run`);
// The ceiling, and two references: a bare page of the verdict page's size, and the same after one row
// written to a SQLite table shaped as serial_opens (what a counted open costs at the least, no app).
const [ceiling, barePage, bareWrite] = (await bareRuns(BARE, seconds, [
  ['ceiling: bare Hono route', '/ping'],
  ['reference: bare page (1.9 kB)', '/page'],
  ['reference: bare page + 1 row written', '/page-write'],
])) as [LoadResult, LoadResult, LoadResult];
print(ceiling);
print(barePage, ceiling.rps);
print(bareWrite, ceiling.rps);

const dataDir = mkdtempSync(join(tmpdir(), 'txng-bench-verdict-'));
const hot = await seed(dataDir);
const app = await startAppOn(engine, dataDir, BARE + 1, { LOG_LEVEL: 'warn' });
/** The hot set's counted opens, added up from each item's JSON (reading it counts nothing). */
async function countedOpens(): Promise<number> {
  // The storm's last connections may still be closing: a moment, and one more try per item.
  await new Promise((r) => setTimeout(r, 500));
  let sum = 0;
  for (const serial of hot) {
    const read = () => fetch(`${app.base}/api/serials/${serial}`).then((r) => r.json());
    const body = (await read().catch(read)) as { data: { count: number } };
    sum += body.data.count;
  }
  return sum;
}
const phone = { 'User-Agent': PHONE_UA, 'Accept-Encoding': 'gzip' };
const runs: Array<[string, string[], Record<string, string>, boolean]> = [
  ['verdict JSON, hot set (1,000 serials)', hot.map((s) => `/api/serials/${s}`), phone, false],
  ['verdict page /s/, hot set, every open', hot.map((s) => `/s/${s}`), phone, true],
  ['verdict page Digital Link, every open', hot.map((s) => `/01/${GTIN}/21/${s}`), phone, true],
];
try {
  for (const [name, paths, headers, counts] of runs) {
    const before = counts ? await countedOpens() : 0;
    const warm = wrk('warm-up', app.base, { seconds: 2, paths, headers });
    const afterWarm = counts ? await countedOpens() : 0;
    const cpuBefore = cpuMs(app.child.pid);
    const r = wrk(name, app.base, { seconds, paths, headers });
    const cpu = cpuMs(app.child.pid) - cpuBefore;
    print(r, ceiling.rps);
    console.log(
      `  app CPU per request: ${((1000 * cpu) / (r.rps * seconds)).toFixed(0)} µs; RSS ${rssMb(app.child.pid)} MB`,
    );
    if (counts) {
      const after = await countedOpens();
      console.log(
        `  opens counted: warm-up ${afterWarm - before} of ${warm.requests - warm.errors}, run ${after - afterWarm} of ${r.requests - r.errors} answered`,
      );
    }
  }
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
