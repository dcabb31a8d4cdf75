import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomPathsLua } from './wrk.ts';

export interface LatencyResult {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
}

/**
 * wrk with request headers (a bearer token) and p95, which wrk's own --latency report lacks: the Lua
 * `done` hook reads the percentiles from wrk's full latency histogram and prints them in microseconds.
 * Each request takes a random path of the list, so the mix of searches, filters, sorts and pages is
 * spread over the run. One wrk thread: the other core serves.
 */
export function wrkLatency(
  name: string,
  url: string,
  options: { paths: string[]; headers?: Record<string, string>; connections?: number; seconds?: number },
): LatencyResult {
  const stamp = `${process.pid}-${Date.now()}`;
  const script = join(tmpdir(), `wrk-lat-${stamp}.lua`);
  writeFileSync(
    script,
    randomPathsLua(`wrk-lat-paths-${stamp}`, options.paths, options.headers) +
      `done = function(summary, latency, requests)\n` +
      `  local e = summary.errors\n` +
      `  io.write(string.format("BENCH %d %d %d %d %d %d %d\\n", summary.requests, e.connect + e.read + e.write + e.timeout + e.status,\n` +
      `    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, summary.duration))\n` +
      `end\n`,
  );
  const args = ['-t1', `-c${options.connections ?? 16}`, `-d${options.seconds ?? 10}s`, '-s', script, url];
  const r = spawnSync('wrk', args, { encoding: 'utf8' });
  if (r.error)
    throw new Error(`wrk could not run (${r.error.message}): install it with 'apt-get install -y wrk'`);
  const m = r.stdout.match(/BENCH (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/);
  if (!m) throw new Error(`wrk printed no figures:\n${r.stdout}\n${r.stderr}`);
  const [requests, errors, p50, p95, p99, max, durationUs] = m.slice(1).map(Number) as number[];
  return {
    name,
    requests: requests!,
    errors: errors!,
    rps: requests! / (durationUs! / 1e6),
    p50: p50! / 1000,
    p95: p95! / 1000,
    p99: p99! / 1000,
    max: max! / 1000,
  };
}
