/**
 * The hand-written tRPC wire of the public path (server/http/trpc-batch.ts) against tRPC's own server for
 * the same call (decision 224). Two measures:
 *
 * 1. In one process, the wire alone: reading `?batch=1&input={"0":{"code":…}}` and writing the answer
 *    around the kept answer's bytes (singleBatchCall + singleBatchResult), against tRPC's fetch adapter
 *    (`fetchRequestHandler`, i.e. its `resolveResponse` behind a Request) answering the same call with a
 *    procedure that returns the same answer already parsed (so no database, no service: only tRPC's wire).
 *    µs per call, median of 5 rounds.
 * 2. Over HTTP with wrk (64 connections, hot set of 1,000 codes), against the bare Hono route in the same
 *    run: the app's tRPC resolve as the app's batch link asks it (the hand-written path), and the same
 *    resolve answered by tRPC's own server in the same app (its httpLink shape, `?input={"code":…}`, which
 *    the hand-written path leaves to tRPC: @hono/trpc-server, the procedure, the same kept answer).
 *
 *   npx tsx bench/trpc-wire.ts [--seconds 10] [--port 3911] [--rounds 5]
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { initTRPC } from '@trpc/server';
import { singleBatchCall, singleBatchResult } from '#server/http/trpc-batch.ts';
import { startApp } from './lib/app.ts';
import { DATASET_DIR, seededDataset } from './lib/dataset.ts';
import { machine, median } from './lib/machine.ts';
import { cpuMs, startAndWait } from './lib/server.ts';
import { wrk } from './lib/wrk.ts';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const seconds = flag('--seconds', 10);
const BARE = flag('--port', 3911);
const rounds = flag('--rounds', 5);
const codes = seededDataset(false);
const hot = codes.slice(0, 1000);
console.log(machine());

const bare = await startAndWait(
  'node',
  ['--import', 'tsx', 'bench/bare-server.ts', String(BARE)],
  {},
  `http://127.0.0.1:${BARE}/ping`,
);
wrk('warm-up', `http://127.0.0.1:${BARE}/ping`, { seconds: 2 });
const ceiling = wrk('ceiling: bare Hono route', `http://127.0.0.1:${BARE}/ping`, { seconds });
await bare.stop();

const app = await startApp(DATASET_DIR, BARE + 1, { LOG_LEVEL: 'warn' });
// The stored answers' build after start (decision 145) is waited for: two quiet half-seconds in a row.
for (let quiet = 0, cpu = cpuMs(app.child.pid); quiet < 2; ) {
  await new Promise((r) => setTimeout(r, 500));
  const now = cpuMs(app.child.pid);
  quiet = now - cpu <= 30 ? quiet + 1 : 0;
  cpu = now;
}
const batchPath = (code: string) =>
  `/api/trpc/products.resolve?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { code } }))}`;
const ownPath = (code: string) =>
  `/api/trpc/products.resolve?input=${encodeURIComponent(JSON.stringify({ code }))}`;

// 1. The wire alone, in this process, on a real answer of the dataset.
const sample = (await (await fetch(`${app.base}${batchPath(hot[0]!)}`)).json()) as [
  { result: { data: unknown } },
];
const answer = sample[0].result.data;
const answerBytes = Buffer.from(JSON.stringify(answer));
const t = initTRPC.create();
const router = t.router({ products: t.router({ resolve: t.procedure.query(() => answer) }) });
const input = JSON.stringify({ 0: { code: hot[0] } });
const url = `http://localhost${batchPath(hot[0]!)}`;
const hand = async () => {
  const call = singleBatchCall(
    '1',
    new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('input') ?? undefined,
  );
  if (!call) throw new Error('not read');
  return singleBatchResult(answerBytes);
};
const own = async () => {
  const res = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(url),
    router,
    createContext: () => ({}),
  });
  return Buffer.from(await res.arrayBuffer());
};
if (!(await hand()).equals(await own())) throw new Error('the two wires answer differently');
async function perCall(fn: () => Promise<unknown>, n: number): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1000 / n);
  }
  return median(times);
}
await perCall(hand, 20_000);
await perCall(own, 5_000);
const handUs = await perCall(hand, 50_000);
const ownUs = await perCall(own, 10_000);
console.log(`answer ${answerBytes.byteLength} B, input ${input.length} B`);
console.log(
  `wire alone, hand-written (singleBatchCall + singleBatchResult): ${handUs.toFixed(2)} µs per call`,
);
console.log(
  `wire alone, tRPC's fetch adapter (Request, resolveResponse, JSON.stringify): ${ownUs.toFixed(2)} µs per call`,
);

// 2. Over HTTP, the same app.
console.log(`ceiling: ${ceiling.rps.toFixed(0)} req/s`);
for (const [name, paths] of [
  ['tRPC resolve, hand-written (batch of one, dispatcher)', hot.map(batchPath)],
  ["tRPC resolve, tRPC's own server (httpLink shape, fetch adapter)", hot.map(ownPath)],
] as const) {
  wrk('warm-up', app.base, { seconds: 2, paths: [...paths] });
  const cpu = cpuMs(app.child.pid);
  const r = wrk(name, app.base, { seconds, paths: [...paths] });
  const used = cpuMs(app.child.pid) - cpu;
  console.log(
    `${name}: ${r.rps.toFixed(0)} req/s = ${((100 * r.rps) / ceiling.rps).toFixed(0)}% of the ceiling, p99 ${r.p99.toFixed(2)} ms, errors ${r.errors}, app CPU ${((1000 * used) / (r.rps * seconds)).toFixed(0)} µs per request`,
  );
}
await app.stop();
