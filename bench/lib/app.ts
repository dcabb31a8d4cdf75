import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
// @ts-expect-error: a plain JavaScript script, without types
import { npmStart } from '#scripts/start-command.mjs';
import { type Started, startAndWait } from './server.ts';

/** A command to start the server: the program, its arguments, and what it adds to the environment. */
export type StartCommand = [string, string[], Record<string, string>?];

export interface App extends Started {
  base: string;
}

/**
 * `npm start`'s own command, read from package.json (its environment, node, its flags, scripts/start.mjs),
 * run without npm in front: the same process as a newcomer's, without npm's own start-up in the figure.
 * `nodeFlags` go before the script (a CPU profile).
 */
export function npmStartCommand(nodeFlags: string[] = []): StartCommand {
  const start = npmStart();
  return [start.command, [...start.nodeFlags, ...nodeFlags, ...start.script], start.env];
}

/**
 * The real app as `npm start` runs it, on 127.0.0.1:`port` with its own data directory. Warnings only
 * in the log, so the benchmark's output stays readable.
 */
export function startApp(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<App> {
  return startCommand(npmStartCommand(nodeFlags), dataDir, port, env);
}

/** The same with another command: the release's executable (bench/release.ts). */
export function startCommand(
  [command, args, commandEnv = {}]: StartCommand,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<App> {
  const base = `http://127.0.0.1:${port}`;
  return startAndWait(
    command,
    args,
    {
      ...commandEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...env,
    },
    `${base}/api/health`,
  ).then((s) => ({ ...s, base }));
}

/** start.mjs builds the client on a first start; the timings must not include that build. */
export function ensureClientBuilt(): void {
  if (existsSync('dist/client/index.html')) return;
  console.log('Building the client (vite build)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}
