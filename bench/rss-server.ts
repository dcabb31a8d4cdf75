/**
 * What the server's memory is made of after each storm of bench/load.ts: the server started in this process
 * (startServer, as server/cli.ts starts it, on a copy of the seeded dataset), wrk run beside it, and after
 * each storm RSS, the V8 heap and external memory read twice: as the storm leaves them, and after a full
 * collection (what is still held, as opposed to garbage not collected yet). Figures only.
 *
 *   MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 NODE_ENV=production \
 *     node --max-semi-space-size=8 --expose-gc --import tsx bench/rss-server.ts <dataset dir> [--seconds 10] [--port 3961]
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { startServer } from '#server/server.ts';
import { randomPathsLua } from './lib/wrk.ts';

const args = process.argv.slice(2);
const dataset = args[0] ?? 'bench/.data';
const seconds = Number(args[args.indexOf('--seconds') + 1] || 10) || 10;
const port = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 3961;
const codes = readFileSync(join(dataset, 'codes.txt'), 'utf8').split('\n').filter(Boolean);
const hot = codes.slice(0, 1000);

const dir = mkdtempSync(join(tmpdir(), 'txng-rss-server-'));
copyFileSync(join(dataset, 'app.db'), join(dir, 'app.db'));
for (const sub of ['uploads', 'outbox']) mkdirSync(join(dir, sub), { recursive: true });
const base = `http://127.0.0.1:${port}`;
const settings = loadSettings({
  NODE_ENV: 'production',
  DATA_DIR: dir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
});
const running = await startServer(settings, createLogger('warn'));
await running.started;
const answers = running.deps.publicAnswers as unknown as { store: { settled: boolean }; size: number };
while (!answers.store.settled) await new Promise((r) => setTimeout(r, 200));

const mb = (n: number) => (n / 2 ** 20).toFixed(1).padStart(6);
const gc = (globalThis as { gc?: () => void }).gc;
function report(label: string) {
  const m = process.memoryUsage();
  const h = getHeapStatistics();
  console.log(
    `  ${label.padEnd(10)} rss ${mb(m.rss)}  heapUsed ${mb(m.heapUsed)}  heapTotal ${mb(m.heapTotal)}  external ${mb(m.external)}  arrayBuffers ${mb(m.arrayBuffers)}  malloced ${mb(h.malloced_memory)}  kept ${answers.size}`,
  );
}

/** wrk beside the server (not spawnSync: this process serves meanwhile). */
function wrk(paths: string[], headers: Record<string, string> = {}, secs = seconds): Promise<string> {
  const script = join(dir, 'wrk.lua');
  const lua = randomPathsLua(`wrk-rss-${process.pid}`, paths, headers);
  return import('node:fs').then(({ writeFileSync }) => {
    writeFileSync(script, lua);
    return new Promise((resolve, reject) => {
      const child = spawn('wrk', ['-t1', '-c64', `-d${secs}s`, '-s', script, base]);
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
  });
}

gc?.();
report('idle, gc');
const runs: Array<[string, string[], Record<string, string>?]> = [
  ['resolve, hot set', hot.map((c) => `/api/products/qr-codes/${c}`)],
  ['resolve, whole catalogue', codes.map((c) => `/api/products/qr-codes/${c}`)],
  ['short link, hot set', hot.map((c) => `/api/shortLinks/${c}`)],
  ['printed-code page, hot set', hot.map((c) => `/redirect/${c}`), { 'Accept-Encoding': 'gzip' }],
  [
    "app's tRPC resolve, hot set",
    hot.map(
      (c) =>
        `/api/trpc/products.resolve?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { code: c } }))}`,
    ),
  ],
];
for (const [name, paths, headers] of runs) {
  await wrk(paths, headers, 2);
  const out = await wrk(paths, headers);
  console.log(`${name}: ${/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]} req/s`);
  report('after');
  gc?.();
  report('after, gc');
}
await running.close();
rmSync(dir, { recursive: true, force: true });
