import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAndWait } from './server.ts';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** Parses wrk's "--latency" report into figures (ms). */
function parse(name: string, out: string): LoadResult {
  const ms = (label: string) => {
    const m = out.match(new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN);
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return { name, rps, p50: ms('50'), p99: ms('99'), errors: non2xx + socketErrors, requests };
}

/**
 * The Lua for wrk that sends each request to a random one of `paths` (read from a file named by `tag`),
 * with `headers` on every request.
 */
export function randomPathsLua(tag: string, paths: string[], headers: Record<string, string> = {}): string {
  const list = join(tmpdir(), `${tag}.txt`);
  writeFileSync(list, paths.join('\n'));
  const headerLines = Object.entries(headers)
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}\n`)
    .join('');
  return (
    `local paths = {}\nfor line in io.lines("${list}") do paths[#paths + 1] = line end\n${headerLines}` +
    `math.randomseed(42)\nrequest = function() return wrk.format("GET", paths[math.random(#paths)]) end\n`
  );
}

/**
 * Runs wrk (one thread: the other core serves) against `url`. With `paths`, each request takes a random
 * one of them (a Lua script), so a cache cannot serve everything from one entry.
 */
type WrkOptions = {
  connections?: number;
  seconds?: number;
  paths?: string[];
  headers?: Record<string, string>;
};

function wrkArgs(url: string, options: WrkOptions, tag: string): string[] {
  const args = ['-t1', `-c${options.connections ?? 64}`, `-d${options.seconds ?? 10}s`, '--latency'];
  if (options.paths?.length) {
    const script = join(tmpdir(), `wrk-${tag}.lua`);
    writeFileSync(script, randomPathsLua(`wrk-paths-${tag}`, options.paths, options.headers));
    args.push('-s', script);
  }
  return [...args, url];
}

export function wrk(name: string, url: string, options: WrkOptions = {}): LoadResult {
  const r = spawnSync('wrk', wrkArgs(url, options, String(process.pid)), { encoding: 'utf8' });
  if (r.error)
    throw new Error(`wrk could not run (${r.error.message}): install it with 'apt-get install -y wrk'`);
  return parse(name, r.stdout);
}

/**
 * The same storm against several servers at once (instances behind one database), the connections shared
 * out: one wrk each, together; requests/s added up, the worst p50 and p99, errors added up.
 */
export async function wrkTogether(
  name: string,
  urls: string[],
  options: WrkOptions = {},
): Promise<LoadResult> {
  const connections = Math.max(1, Math.round((options.connections ?? 64) / urls.length));
  const outputs = await Promise.all(
    urls.map(
      (url, i) =>
        new Promise<string>((resolve, reject) => {
          const child = spawn('wrk', wrkArgs(url, { ...options, connections }, `${process.pid}-${i}`));
          let out = '';
          child.stdout.on('data', (d) => {
            out += String(d);
          });
          child.on('error', (e) =>
            reject(new Error(`wrk could not run (${e.message}): install it with 'apt-get install -y wrk'`)),
          );
          child.on('close', () => resolve(out));
        }),
    ),
  );
  const each = outputs.map((out) => parse(name, out));
  return {
    name,
    rps: each.reduce((a, r) => a + r.rps, 0),
    p50: Math.max(...each.map((r) => r.p50)),
    p99: Math.max(...each.map((r) => r.p99)),
    errors: each.reduce((a, r) => a + r.errors, 0),
    requests: each.reduce((a, r) => a + r.requests, 0),
  };
}

/** The ceiling: the bare Hono route (bench/bare-server.ts) started on `port`, warmed, measured and stopped. */
export async function bareCeiling(port: number, seconds: number): Promise<LoadResult> {
  const [ceiling] = await bareRuns(port, seconds, [['ceiling: bare Hono route', '/ping']]);
  return ceiling as LoadResult;
}

/** Runs of bench/bare-server.ts's routes, by name and path, in one start of it (each after a warm-up). */
export async function bareRuns(
  port: number,
  seconds: number,
  runs: ReadonlyArray<[name: string, path: string]>,
): Promise<LoadResult[]> {
  const bare = await startAndWait(
    'node',
    ['--import', 'tsx', 'bench/bare-server.ts', String(port)],
    {},
    `http://127.0.0.1:${port}/ping`,
  );
  try {
    return runs.map(([name, path]) => {
      wrk('warm-up', `http://127.0.0.1:${port}${path}`, { seconds: 2 });
      return wrk(name, `http://127.0.0.1:${port}${path}`, { seconds });
    });
  } finally {
    await bare.stop();
  }
}
