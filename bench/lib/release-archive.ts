import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The release's goals, checked by bench/release.ts and by tests/release; the idle RSS raised by decision 227.
 * `readyMs` holds on a machine where a bare Node start costs at most `bareNodeStartMs` of CPU; on a slower or
 * busier one it scales with the bare start measured in the same run (decision 228).
 */
export const RELEASE_GOALS = { archiveMb: 60, readyMs: 500, bareNodeStartMs: 60, idleRssMb: 110, resolveRatio: 0.9 };

/**
 * The CPU a bare Node start costs on this machine now (ms, the best of `runs`): this same Node, no script,
 * its own count of CPU time at its first line. The release's executable is this Node with the bundle.
 */
export function bareNodeStartCpuMs(runs = 3): number {
  const costs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ['-e', 'const u = process.cpuUsage(); console.log((u.user + u.system) / 1000)'], {
      encoding: 'utf8',
      env: {},
    });
    costs.push(Number(r.stdout.trim()));
  }
  return Math.min(...costs.filter(Number.isFinite));
}

/** The ready goal on this machine now, from the bare start measured beside it (decision 228). */
export const readyCpuGoalMs = (bareMs: number): number =>
  Math.round(RELEASE_GOALS.readyMs * Math.max(1, bareMs / RELEASE_GOALS.bareNodeStartMs));

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };

/** The executable's name, and the folder the archive unpacks into. */
export const RELEASE_FOLDER = pkg.name;
/** Where `npm run release` writes this platform's archive (scripts/release.mjs). */
export const RELEASE_ARCHIVE = join(
  'release',
  `${pkg.name}-${pkg.version}-${process.platform}-${process.arch}.tar.gz`,
);
