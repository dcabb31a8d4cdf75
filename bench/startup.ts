/**
 * Start-up: ms from spawning `npm start`'s command (package.json, without npm) until GET /api/health answers 200 (the client is
 * built first, so no build is timed), median of 5, and the resident memory just after. Twice: on an
 * empty data directory (the migrations run) and on the 100,000-product dataset if it is seeded.
 * Goal: < 1 s.
 *
 *   npx tsx bench/startup.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureClientBuilt, startApp } from './lib/app.ts';
import { loadAverage, median } from './lib/machine.ts';
import { rssMb } from './lib/server.ts';

const PORT = 3905;
const RUNS = 5;
const GOAL_MS = 1000;

export interface StartupFigures {
  name: string;
  medianMs: number;
  runsMs: number[];
  rssMb: number;
}

async function measure(
  name: string,
  dataDir: () => string,
  cleanup: (dir: string) => void,
): Promise<StartupFigures> {
  const runsMs: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = dataDir();
    const app = await startApp(dir, PORT);
    runsMs.push(app.readyMs);
    rss.push(rssMb(app.child.pid));
    await app.stop();
    cleanup(dir);
  }
  const figures = { name, medianMs: median(runsMs), runsMs, rssMb: median(rss) };
  console.log(
    `${name.padEnd(38)} median ${figures.medianMs.toFixed(0).padStart(5)} ms  (runs ${runsMs.map((m) => m.toFixed(0)).join(', ')})  RSS ${figures.rssMb} MB  ${figures.medianMs < GOAL_MS ? 'goal met' : `goal missed by ${(figures.medianMs - GOAL_MS).toFixed(0)} ms`}`,
  );
  return figures;
}

export async function runStartup(): Promise<StartupFigures[]> {
  ensureClientBuilt();
  console.log(
    `startup: spawn of npm start's command -> /api/health 200, ${RUNS} runs (load ${loadAverage()})`,
  );
  const results = [
    await measure(
      'empty data directory (migrations run)',
      () => mkdtempSync(join(tmpdir(), 'bench-start-')),
      (dir) => rmSync(dir, { recursive: true, force: true }),
    ),
  ];
  const seeded = resolve('bench/.data');
  if (existsSync(join(seeded, 'app.db')))
    results.push(
      await measure(
        '100,000-product dataset',
        () => seeded,
        () => {},
      ),
    );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await runStartup();
