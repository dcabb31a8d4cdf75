/**
 * The release (scripts/release.mjs): the archive's size; ready time and idle memory of its executable
 * unpacked into an empty folder (spawn until /api/health answers 200, median of 5 on an empty
 * DATA_DIR, RSS after a second of idleness), beside `npm start`'s own; and the public resolve
 * (GET /api/products/qr-codes/{code}, hot set, wrk at 64 connections) on the 100,000-product dataset,
 * release against `npm start`, alternated twice so that drift on the machine falls on both.
 * Builds the archive first when it is missing (or with --build).
 * Goals: archive <= 60 MB, ready < 500 ms, idle RSS < 100 MB, resolve within 10% of npm start.
 *
 *   npx tsx bench/release.ts [--build] [--seconds 10]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, ensureClientBuilt, npmStartCommand, type StartCommand, startCommand } from './lib/app.ts';
import { DATASET_DIR, seededDataset } from './lib/dataset.ts';
import { loadAverage, median } from './lib/machine.ts';
import { RELEASE_ARCHIVE as archive, RELEASE_FOLDER, RELEASE_GOALS } from './lib/release-archive.ts';
import { cpuMs, rssMb } from './lib/server.ts';
import { wrk } from './lib/wrk.ts';

const PORT = 3908;
const RUNS = 5;
export { RELEASE_GOALS };

export interface ReleaseFigures {
  archiveMb: number;
  readyMs: number;
  /** CPU time used until ready (user + system): the part of readyMs that other work does not inflate */
  readyCpuMs: number;
  idleRssMb: number;
  npmStartReadyMs: number;
  npmStartReadyCpuMs: number;
  npmStartIdleRssMb: number;
  resolveRps: number;
  npmStartResolveRps: number;
  resolveRatio: number;
}

/** Ready time and idle RSS, median of RUNS starts, each on a fresh DATA_DIR (the migrations run). */
async function readiness(
  command: StartCommand,
): Promise<{ readyMs: number; readyCpuMs: number; idleRssMb: number }> {
  const ready: number[] = [];
  const cpu: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-release-'));
    const app = await startCommand(command, dir, PORT);
    ready.push(app.readyMs);
    cpu.push(cpuMs(app.child.pid));
    await new Promise((r) => setTimeout(r, 1000));
    rss.push(rssMb(app.child.pid));
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { readyMs: median(ready), readyCpuMs: median(cpu), idleRssMb: median(rss) };
}

async function resolveRps(command: StartCommand, paths: string[], seconds: number): Promise<number> {
  const app: App = await startCommand(command, DATASET_DIR, PORT, {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  wrk('warm-up', app.base, { seconds: 2, paths });
  const r = wrk('resolve', app.base, { seconds, paths });
  await app.stop();
  if (r.errors) throw new Error(`${r.errors} errors during the resolve run`);
  return r.rps;
}

export async function runRelease(
  options: { build?: boolean; seconds?: number } = {},
): Promise<ReleaseFigures> {
  ensureClientBuilt();
  if (options.build || !existsSync(archive)) {
    const r = spawnSync('node', ['scripts/release.mjs'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run release failed');
  }
  const folder = mkdtempSync(join(tmpdir(), 'bench-release-unpacked-'));
  try {
    execFileSync('tar', ['-xzf', archive, '-C', folder]);
    const release: StartCommand = [join(folder, RELEASE_FOLDER, RELEASE_FOLDER), []];
    const archiveMb = statSync(archive).size / 1e6;
    console.log(`release: ${archive}, ${archiveMb.toFixed(1)} MB (load ${loadAverage()})`);

    const own = await readiness(release);
    const npm = await readiness(npmStartCommand());
    console.log(
      `ready (median of ${RUNS}): release ${own.readyMs.toFixed(0)} ms (CPU ${own.readyCpuMs} ms), npm start ${npm.readyMs.toFixed(0)} ms (CPU ${npm.readyCpuMs} ms); idle RSS: release ${own.idleRssMb} MB, npm start ${npm.idleRssMb} MB`,
    );

    const paths = seededDataset()
      .slice(0, 1000)
      .map((c) => `/api/products/qr-codes/${c}`);
    const seconds = options.seconds ?? 10;
    const runs = { release: [] as number[], npm: [] as number[] };
    for (let round = 0; round < 2; round++) {
      runs.npm.push(await resolveRps(npmStartCommand(), paths, seconds));
      runs.release.push(await resolveRps(release, paths, seconds));
    }
    const resolveRpsRelease = median(runs.release);
    const resolveRpsNpm = median(runs.npm);
    console.log(
      `resolve, hot set, ${seconds} s x 2 each: release ${runs.release.map((r) => r.toFixed(0)).join(', ')} req/s, npm start ${runs.npm.map((r) => r.toFixed(0)).join(', ')} req/s (load ${loadAverage()})`,
    );
    const figures: ReleaseFigures = {
      archiveMb,
      readyMs: own.readyMs,
      readyCpuMs: own.readyCpuMs,
      idleRssMb: own.idleRssMb,
      npmStartReadyMs: npm.readyMs,
      npmStartReadyCpuMs: npm.readyCpuMs,
      npmStartIdleRssMb: npm.idleRssMb,
      resolveRps: resolveRpsRelease,
      npmStartResolveRps: resolveRpsNpm,
      resolveRatio: resolveRpsRelease / resolveRpsNpm,
    };
    return figures;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const seconds = Number(args[args.indexOf('--seconds') + 1] || 10) || 10;
  const f = await runRelease({ build: args.includes('--build'), seconds });
  const g = RELEASE_GOALS;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `archive ${f.archiveMb.toFixed(1)} MB (goal <= ${g.archiveMb}: ${met(f.archiveMb <= g.archiveMb)})`,
  );
  console.log(`ready ${f.readyMs.toFixed(0)} ms (goal < ${g.readyMs}: ${met(f.readyMs < g.readyMs)})`);
  console.log(`idle RSS ${f.idleRssMb} MB (goal < ${g.idleRssMb}: ${met(f.idleRssMb < g.idleRssMb)})`);
  console.log(
    `resolve ${(100 * f.resolveRatio).toFixed(0)}% of npm start (goal >= ${100 * g.resolveRatio}%: ${met(f.resolveRatio >= g.resolveRatio)})`,
  );
}
