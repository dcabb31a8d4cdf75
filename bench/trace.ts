/**
 * The supply chain's walks (decision 202): a 10,000-lot graph of one company (ten levels, each lot made from
 * two of the level before, the last level shipped to a customer), then over HTTP on the real server, one
 * connection each (a request's own time): the forward and backward trace from the graph's ends, a trace of
 * a lot in the middle, and the recall scope of the raw lot (every lot and customer), against the bare Hono
 * route in the same run. Then one recall of the raw lot, which marks and holds the 9,999 lots made from it, timed alone.
 * Not a test: figures only (bench/RESULTS.md).
 *
 *   npx tsx bench/trace.ts [--seconds 5] [--engine sqlite|pg] [--port 3921]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { buildLotGraph } from '#tests/helpers/lot-graph.ts';
import { addAccounts, login } from './lib/accounts.ts';
import { loadAverage } from './lib/machine.ts';
import { engineArg, startAppOn } from './lib/pg-dataset.ts';
import { startAndWait } from './lib/server.ts';
import { wrkLatency } from './lib/wrk-latency.ts';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(flag('--seconds') || 5) || 5;
const BARE = Number(flag('--port') || 3921);
const engine = engineArg(args);
const ADMIN = { email: 'bench-trace@example.vn', password: 'Bench-trace-2026' };

const dir = mkdtempSync(join(tmpdir(), 'txng-bench-trace-'));
const dbPath = join(dir, 'app.db');
await addAccounts(dbPath, [{ ...ADMIN, role: 'COMPANY_ADMIN', companyId: 1 }], {
  name: 'Công ty Cà phê Bench',
});
const { db, sqlite } = createDb(dbPath);
const built = Date.now();
const graph = await buildLotGraph({ db } as unknown as AppDeps, 1, {
  lotCount: 10_000,
  levels: 10,
  inputsPerLot: 2,
});
sqlite.close();
console.log(
  `trace: ${graph.lotCount} lots, ${graph.linkCount} links built in ${Date.now() - built} ms (${engine}, ${loadAverage()})`,
);

const bare = await startAndWait(
  'node',
  ['--import', 'tsx', 'bench/bare-server.ts', String(BARE)],
  {},
  `http://127.0.0.1:${BARE}/ping`,
);
const ceiling = wrkLatency('bare Hono route', `http://127.0.0.1:${BARE}`, {
  paths: ['/ping'],
  connections: 4,
  seconds,
});
await bare.stop();

const app = await startAppOn(engine, dir, BARE + 1, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
try {
  const base = `http://127.0.0.1:${BARE + 1}`;
  const token = await login(base, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const raw = graph.levels[0]![0]!;
  const deepest = graph.levels.at(-1)![0]!;
  const middle = graph.levels[5]![0]!;
  const runs = [
    wrkLatency('forward trace, 10,000 lots', base, {
      paths: [`/api/lots/${raw}/trace?direction=forward`],
      headers,
      connections: 1,
      seconds,
    }),
    wrkLatency('backward trace, 10 levels', base, {
      paths: [`/api/lots/${deepest}/trace?direction=backward`],
      headers,
      connections: 1,
      seconds,
    }),
    wrkLatency('trace from the middle', base, {
      paths: [`/api/lots/${middle}/trace?direction=forward`],
      headers,
      connections: 1,
      seconds,
    }),
    wrkLatency('recall scope, 10,000 lots', base, {
      paths: [`/api/lots/${raw}/recall-scope`],
      headers,
      connections: 1,
      seconds,
    }),
  ];
  const ms = (v: number) => v.toFixed(1);
  console.log(`\n| run | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|`);
  for (const r of [ceiling, ...runs])
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} |`,
    );
  // The sign-in's kept-alive socket was closed by the server while wrk ran: a fresh one, then the recall.
  await fetch(`${base}/api/health`).catch(() => undefined);
  const started = performance.now();
  const recall = await fetch(`${base}/api/lots/${raw}/recall`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Bench' }),
  });
  const recallMs = performance.now() - started;
  console.log(
    `\nrecall of the raw lot (marks and holds 9,999 lots): ${recall.status} in ${recallMs.toFixed(0)} ms`,
  );
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
