/**
 * Serialized codes (issue 32, decisions 204-205): a batch of 1,000,000 generated, its CSV streamed, and what a
 * million codes take on disk. In one process, through the app's own routes (`app.request`, no socket): the
 * batch asked by POST /api/serials/batches as a COMPANY_ADMIN and timed until its job says READY; the CSV read
 * from GET /api/serials/batches/{id}/export.csv to its last byte, with the process's RSS sampled meanwhile.
 * Storage: SQLite's pages of the serials table and its indexes (dbstat) and the file's growth; PostgreSQL's
 * pg_total_relation_size('serials').
 *
 *   npx tsx bench/serials.ts [--engine sqlite|pg] [--count 1000000]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, startPostgres } from '#scripts/pg-test.mjs';
import { machine } from './lib/machine.ts';
import { engineArg } from './lib/pg-dataset.ts';
import { serialsCompany } from './lib/serials-company.ts';

const args = process.argv.slice(2);
const engine = engineArg(args);
const COUNT = args.includes('--count') ? Number(args[args.indexOf('--count') + 1]) : 1_000_000;
const MB = 1024 * 1024;

/** CPU seconds this process spent since `from`: on a shared machine, steadier than the wall clock. */
function cpuSeconds(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

export async function runSerials() {
  const dataDir = mkdtempSync(join(tmpdir(), 'txng-bench-serials-'));
  const cluster = engine === 'pg' ? await startPostgres() : null;
  let url: string | undefined;
  if (cluster) {
    await adminQuery(cluster.url('postgres'), 'CREATE DATABASE bench');
    url = cluster.url('bench');
  }
  const world = await serialsCompany(dataDir, url);
  try {
    const { settings, deps, product, token, app } = world;
    const storage = async () => {
      if (deps.store.engine === 'pg') {
        const { rows } = await deps.store.pool.query<{ bytes: string }>(
          "SELECT pg_total_relation_size('serials') AS bytes",
        );
        return Number(rows[0]?.bytes ?? 0);
      }
      deps.store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const row = deps.store.sqlite
        .prepare(
          // The (batch_id, seq) primary key is SQLite's automatic index of the table (decision 214).
          "SELECT sum(pgsize) AS bytes FROM dbstat WHERE name IN ('serials', 'serials_serial_unique', 'sqlite_autoindex_serials_1')",
        )
        .get() as { bytes: number };
      return row.bytes;
    };
    const fileSize = () => (deps.store.engine === 'sqlite' ? statSync(settings.databasePath).size : 0);
    const before = { storage: await storage(), file: fileSize() };

    console.log(`${machine()}; engine ${engine}; ${COUNT.toLocaleString('en')} serials`);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const res = await app.request('/api/serials/batches', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: product.id, count: COUNT, withPin: true }),
    });
    const answeredMs = performance.now() - started;
    const batch = ((await res.json()) as { data: { id: number } }).data;
    await deps.serialJobs.idle();
    const generatedS = (performance.now() - started) / 1000;
    const generationCpuS = cpuSeconds(cpuStarted);
    const status = await app.request(`/api/serials/batches/${batch.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const view = ((await status.json()) as { data: { status: string; generated: number } }).data;
    console.log(
      `generation: answered in ${answeredMs.toFixed(0)} ms, ${view.status} with ${view.generated.toLocaleString('en')} after ${generatedS.toFixed(2)} s, CPU ${generationCpuS.toFixed(2)} s (goal < 10 s)`,
    );

    const after = { storage: await storage(), file: fileSize() };
    const perMillion = (bytes: number) => (bytes / MB) * (1_000_000 / COUNT);
    console.log(
      `storage: ${perMillion(after.storage - before.storage).toFixed(1)} MB per million (table and indexes)` +
        (engine === 'sqlite'
          ? `, file grew ${perMillion(after.file - before.file).toFixed(1)} MB per million`
          : '') +
        ' (goal ≤ 120 MB)',
    );

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const csvStarted = performance.now();
    const csvCpu = process.cpuUsage();
    const csv = await app.request(`/api/serials/batches/${batch.id}/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let bytes = 0;
    let lines = 0;
    const reader = (csv.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
    }
    const csvS = (performance.now() - csvStarted) / 1000;
    const csvCpuS = cpuSeconds(csvCpu);
    clearInterval(sampler);
    console.log(
      `CSV: ${lines.toLocaleString('en')} lines, ${(bytes / MB).toFixed(1)} MB in ${csvS.toFixed(2)} s, CPU ${csvCpuS.toFixed(2)} s (goal < 20 s); RSS ${(rssBefore / MB).toFixed(0)} MB before, peak ${(rssPeak / MB).toFixed(0)} MB`,
    );
    return {
      generatedS,
      csvS,
      rssGrowthMb: (rssPeak - rssBefore) / MB,
      perMillionMb: perMillion(after.storage - before.storage),
    };
  } finally {
    await world.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runSerials();
