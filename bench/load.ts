/**
 * The scan path under load. Starts the bare Hono route (the ceiling) and then the real app with
 * `npm start` on the 100,000-product dataset, and measures back to back with wrk (64 connections):
 * the ceiling, the public resolve GET /api/products/qr-codes/{code} and the short-link resolve
 * GET /api/shortLinks/{code}, over a hot set (1,000 codes: a promotion) and the whole catalogue, and
 * what a visitor's phone asks when it scans a printed code: the server-rendered page (/redirect/{code},
 * gzipped), then the app's tRPC products.resolve (as its batch link sends it).
 * Prints requests/s, p50/p99, errors and the ratio to the ceiling. Not a test: figures only.
 *
 *   npx tsx bench/load.ts [--seconds 10] [--reseed] [--port 3901] [--engine sqlite|pg] [--instances 1|2]
 *
 * --port: the bare route's port, the app's the next ones (two runs on one machine each their own).
 * --engine pg: the same dataset copied into a throwaway PostgreSQL (bench/lib/pg-dataset.ts), the app run
 * with DATABASE_URL; --instances 2: two apps on that database, the storm's connections shared between them.
 */
import { connect } from 'node:net';
import { DATASET_DIR, seededDataset } from './lib/dataset.ts';
import { type App, startApp } from './lib/app.ts';
import { cpuMs, mallocArenaMb, rssMb, startAndWait } from './lib/server.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineArg, pgDataset, pgEnv } from './lib/pg-dataset.ts';
import { type LoadResult, wrk, wrkTogether } from './lib/wrk.ts';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1] || 10) || 10;
const codes = seededDataset(args.includes('--reseed'));
const hot = codes.slice(0, 1000);

const results: LoadResult[] = [];
const print = (r: LoadResult, ceiling?: number) =>
  console.log(
    `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99
      .toFixed(2)
      .padStart(6)} ms  errors ${String(r.errors).padStart(4)}${ceiling ? `  ${((100 * r.rps) / ceiling).toFixed(0).padStart(3)}% of ceiling` : ''}`,
  );

const portAt = args.indexOf('--port');
const BARE = portAt >= 0 ? Number(args[portAt + 1]) : 3901;
const engine = engineArg(args);
const instances = args.includes('--instances') ? Number(args[args.indexOf('--instances') + 1]) : 1;
if (engine === 'sqlite' && instances !== 1) throw new Error('several instances need --engine pg (one SQLite file, one server)');
// Another process on one of the ports would answer the health check and be measured instead.
for (const port of [BARE, ...Array.from({ length: instances }, (_, i) => BARE + 1 + i)]) {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (taken) throw new Error(`port ${port} is taken: pass another with --port`);
}
const bare = await startAndWait('node', ['--import', 'tsx', 'bench/bare-server.ts', String(BARE)], {}, `http://127.0.0.1:${BARE}/ping`);
wrk('warm-up', `http://127.0.0.1:${BARE}/ping`, { seconds: 2 });
const ceiling = wrk('ceiling: bare Hono route', `http://127.0.0.1:${BARE}/ping`, { seconds });
await bare.stop();
results.push(ceiling);
print(ceiling);

const PORT = BARE + 1;
const pg = engine === 'pg' ? await pgDataset(DATASET_DIR) : undefined;
const scratch = pg ? mkdtempSync(join(tmpdir(), 'txng-bench-pg-')) : undefined;
const apps: App[] = [];
for (let i = 0; i < instances; i++) {
  const env: Record<string, string> = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  if (pg && scratch) {
    Object.assign(env, pgEnv(pg.url, scratch));
  }
  // On PostgreSQL each instance has its own DATA_DIR (outbox, logs); the data is the database's.
  apps.push(await startApp(scratch ? mkdtempSync(join(scratch, `app-${i}-`)) : DATASET_DIR, PORT + i, env));
}
const app = apps[0]!;
console.log(`${engine}, ${instances} instance(s): ready in ${apps.map((a) => a.readyMs.toFixed(0)).join(', ')} ms (from spawn)`);
/** Every instance's CPU time so far, in ms. */
function appsCpu(): number {
  return apps.reduce((sum, a) => sum + cpuMs(a.child.pid), 0);
}
// Work the app does after it answers (the stored answers' build, decision 145) is waited for, and
// timed, so the storms measure the app as it runs from then on.
{
  // Idle: two half-seconds in a row with hardly any CPU and nothing written (a build waiting on the disk
  // uses little CPU, but writes).
  const written = () => apps.reduce((sum, a) => sum + Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${a.child.pid}/io`, 'utf8'))?.[1]), 0);
  const started = performance.now();
  let [cpu, bytes, quiet] = [appsCpu(), written(), 0];
  while (quiet < 2) {
    await new Promise((r) => setTimeout(r, 500));
    const [cpuNow, bytesNow] = [appsCpu(), written()];
    quiet = cpuNow - cpu <= 30 && bytesNow - bytes < 65_536 ? quiet + 1 : 0;
    [cpu, bytes] = [cpuNow, bytesNow];
  }
  console.log(`app idle ${(performance.now() - started).toFixed(0)} ms after ready (RSS ${rssMb(app.child.pid)} MB)`);
}
const runs: Array<[string, string[], Record<string, string>?]> = [
  ['resolve, hot set (1,000 codes)', hot.map((c) => `/api/products/qr-codes/${c}`)],
  ['resolve, whole catalogue (90,000 codes)', codes.map((c) => `/api/products/qr-codes/${c}`)],
  ['short link, hot set (1,000 codes)', hot.map((c) => `/api/shortLinks/${c}`)],
  // What a phone asks first when it scans a printed code: the server-rendered page, gzipped.
  ['printed-code page (HTML), hot set', hot.map((c) => `/redirect/${c}`), { 'Accept-Encoding': 'gzip' }],
  // Then the app records the scan through its tRPC client, as its batch link asks.
  [
    "the app's tRPC resolve, hot set",
    hot.map((c) => `/api/trpc/products.resolve?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { code: c } }))}`),
  ],
];
const storm = (name: string, options: Parameters<typeof wrk>[2]) =>
  apps.length === 1 ? wrk(name, app.base, options) : wrkTogether(name, apps.map((a) => a.base), options);
for (const [name, paths, headers] of runs) {
  await storm('warm-up', { seconds: 2, paths, headers });
  const cpuBefore = appsCpu();
  const r = await storm(name, { seconds, paths, headers });
  const cpu = appsCpu() - cpuBefore;
  results.push(r);
  print(r, ceiling.rps);
  // The apps' own CPU time per answer: unlike req/s, hardly moved by other work on a shared machine.
  console.log(`  app CPU per request: ${((1000 * cpu) / (r.rps * seconds)).toFixed(0)} µs`);
  console.log(
    `  app RSS now: ${apps.map((a) => rssMb(a.child.pid)).join(' + ')} MB (malloc arena ${apps.map((a) => mallocArenaMb(a.child.pid)).join(' + ')} MB)`,
  );
}
console.log(`app RSS after load: ${apps.map((a) => rssMb(a.child.pid)).join(' + ')} MB`);
for (const a of apps) await a.stop();
await pg?.stop();
if (scratch) rmSync(scratch, { recursive: true, force: true });
