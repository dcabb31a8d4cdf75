/**
 * The product management list under load: GET /api/products with a mix of diacritic-free Vietnamese
 * searches, status and category filters, every sort and several pages, 16 connections, on the
 * 100,000-product dataset, as a COMPANY_ADMIN (one company's 100 products) and as a SUPER_ADMIN (all
 * 100,000). Prints req/s and p50/p95/p99 (goal: p95 < 15 ms), then the slowest query shapes measured
 * one at a time, which is where a profile should start. Not a test: figures only.
 *
 *   npx tsx bench/list.ts [--seconds 10] [--callers 0,2] [--cpu-prof DIR] [--engine sqlite|pg]
 *
 * --callers runs only some callers (0 COMPANY_ADMIN, 1 SUPER_ADMIN all, 2 SUPER_ADMIN one company);
 * --cpu-prof starts the server under `node --cpu-prof` and writes its profile into DIR when it stops
 * (open it in Chrome DevTools or speedscope).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { addAccounts, login } from './lib/accounts.ts';
import { type App, ensureClientBuilt, startApp } from './lib/app.ts';
import { engineArg, startAppOn } from './lib/pg-dataset.ts';
import { loadAverage } from './lib/machine.ts';
import { rssMb } from './lib/server.ts';
import { type LatencyResult, wrkLatency } from './lib/wrk-latency.ts';
import { seed } from './seed.ts';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(flag('--seconds') || 10) || 10;
const only = flag('--callers')?.split(',').map(Number);
const profileDir = flag('--cpu-prof');
const dataDir = resolve('bench/.data');
const PORT = 3903;
const GOAL_P95_MS = 15;

const SEARCHES = ['ca phe', 'dak lak', 'mat ong', 'hat tieu phu quoc', 'tra'];
const SORTS = ['name', 'createdAt', 'updatedAt', 'status', 'category'];
const CATEGORIES = ['Cà phê', 'Mật ong', 'Trà'];
const ADMIN = { email: 'bench-admin@example.vn', password: 'Bench-admin-2026' };
const SUPER = { email: 'bench-super@example.vn', password: 'Bench-super-2026' };

/**
 * The request mix, deterministic: plain pages under every sort and order, each search alone and with a
 * filter, filters alone, and deeper pages. `pages` is how deep paging goes for this caller.
 */
export function listPaths(pages: number, extra = ''): string[] {
  const paths: string[] = [];
  const q = (params: Record<string, string | number>) =>
    `/api/products?${new URLSearchParams({ limit: '10', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}${extra}`;
  for (const sortBy of SORTS) {
    for (const orderBy of ['asc', 'desc']) {
      for (const page of [1, 2, Math.max(1, Math.floor(pages / 2)), pages])
        paths.push(q({ page, sortBy, orderBy }));
    }
  }
  SEARCHES.forEach((search, i) => {
    const sortBy = SORTS[i % SORTS.length]!;
    paths.push(q({ page: 1, sortBy, orderBy: 'asc', search }));
    paths.push(q({ page: 2, sortBy: 'createdAt', orderBy: 'desc', search }));
    paths.push(q({ page: 1, sortBy: 'name', orderBy: 'asc', search, status: 'ACTIVE' }));
    paths.push(
      q({
        page: 1,
        sortBy: 'updatedAt',
        orderBy: 'desc',
        search,
        category: CATEGORIES[i % CATEGORIES.length]!,
      }),
    );
  });
  for (const status of ['ACTIVE', 'INACTIVE']) {
    paths.push(q({ page: 1, sortBy: 'name', orderBy: 'asc', status }));
    paths.push(q({ page: 3, sortBy: 'createdAt', orderBy: 'desc', status }));
  }
  for (const category of CATEGORIES) {
    paths.push(q({ page: 1, sortBy: 'createdAt', orderBy: 'desc', category }));
    paths.push(q({ page: 2, sortBy: 'name', orderBy: 'asc', category, status: 'ACTIVE' }));
  }
  return paths;
}

/** Each path once, sequentially, on a fresh server: what a first view after a change costs. */
async function firstCalls(base: string, token: string, paths: string[]) {
  const timed: Array<{ path: string; ms: number }> = [];
  for (const path of paths) {
    const t = performance.now();
    const get = () => fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    const res = await get().catch(get);
    await res.arrayBuffer();
    timed.push({ path, ms: performance.now() - t });
  }
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, slowest: timed.sort((a, b) => b.ms - a.ms)[0]! };
}

/** Each path alone, sequentially (median of 5): which query shapes are slow, free of queueing. */
async function slowest(base: string, token: string, paths: string[], top = 6) {
  const timed: Array<{ path: string; ms: number; total: number }> = [];
  for (const path of paths) {
    const runs: number[] = [];
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      // The server closes idle keep-alive sockets: a request racing that close is retried once.
      const get = () => fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      const res = await get().catch(get);
      const body = (await res.json()) as { data?: { total?: number } };
      runs.push(performance.now() - t);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      total = body.data?.total ?? Number.NaN;
    }
    runs.sort((a, b) => a - b);
    timed.push({ path, ms: runs[2]!, total });
  }
  return timed.sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** startApp's server under `node --cpu-prof` (not allowed in NODE_OPTIONS): the profile is written on SIGTERM. */
const startProfiled = (dir: string): Promise<App> =>
  startApp(dataDir, PORT, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);

const print = (r: LatencyResult) =>
  console.log(
    `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95
      .toFixed(2)
      .padStart(
        6,
      )} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  errors ${r.errors}  ${r.p95 < GOAL_P95_MS ? 'goal met' : `goal missed by ${(r.p95 - GOAL_P95_MS).toFixed(1)} ms`}`,
  );

export async function runList(options: { seconds?: number } = {}): Promise<LatencyResult[]> {
  const s = options.seconds ?? seconds;
  if (!existsSync(join(dataDir, 'app.db'))) {
    console.log('Seeding 100,000 products...');
    const { codes } = seed(dataDir, 100_000);
    writeFileSync(join(dataDir, 'codes.txt'), codes.filter((_, i) => i % 10 !== 9).join('\n'));
  }
  ensureClientBuilt();
  await addAccounts(join(dataDir, 'app.db'), [
    { ...ADMIN, role: 'COMPANY_ADMIN', companyId: 1 },
    { ...SUPER, role: 'SUPER_ADMIN', companyId: null },
  ]);
  const app = profileDir ? await startProfiled(resolve(profileDir)) : await startAppOn(engineArg(args), dataDir, PORT);
  const results: LatencyResult[] = [];
  try {
    const all: Array<[string, string, string[]]> = [
      // Company 1 holds 100 of the 100,000 products: ten pages of ten.
      ['COMPANY_ADMIN (100 products)', await login(app.base, ADMIN), listPaths(10)],
      ['SUPER_ADMIN (100,000 products)', await login(app.base, SUPER), listPaths(500)],
      ['SUPER_ADMIN, one company filter', await login(app.base, SUPER), listPaths(10, '&companyId=7')],
    ];
    const callers = only ? all.filter((_, i) => only.includes(i)) : all;
    console.log(
      `list: ${callers[0]![2].length} request shapes per caller, 16 connections, ${s} s each (load ${loadAverage()})`,
    );
    // The list keeps totals and search results until the products change (decision 073), so the
    // figures under load are the kept state: the first request of each shape after a change pays
    // the count, the match and the sort once. Those first requests, before any load:
    for (const [name, token, paths] of callers) {
      const first = await firstCalls(app.base, token, paths);
      console.log(
        `first request of each shape (nothing kept yet), ${name}: median ${first.median.toFixed(2)} ms, slowest ${first.slowest.ms.toFixed(2)} ms ${decodeURIComponent(first.slowest.path)}`,
      );
    }
    for (const [name, token, paths] of callers) {
      const headers = { Authorization: `Bearer ${token}` };
      wrkLatency('warm-up', app.base, { paths, headers, seconds: 2 });
      const r = wrkLatency(`list, ${name}`, app.base, { paths, headers, seconds: s });
      results.push(r);
      print(r);
    }
    console.log(`app RSS after the list load: ${rssMb(app.child.pid)} MB`);
    for (const [name, token, paths] of callers.slice(0, 2)) {
      console.log(`slowest request shapes alone, ${name} (median of 5, ms, rows matched):`);
      for (const t of await slowest(app.base, token, paths)) {
        console.log(
          `  ${t.ms.toFixed(2).padStart(7)}  ${String(t.total).padStart(6)}  ${decodeURIComponent(t.path)}`,
        );
      }
    }
  } finally {
    await app.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await runList();
