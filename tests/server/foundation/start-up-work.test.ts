import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a server on SQLite does before it answers (bench/RESULTS.md, the release's ready time): it loads
 * nothing of PostgreSQL (the pg package, its wiring in server/compose-pg.ts). Run in a fresh process, as
 * `npm start` runs the sources. (The background writer's thread, started after its delay, is checked in
 * worker-modules.test.ts.)
 */
const probe = `
import { createRequire } from 'node:module';
const { startServer } = await import('./server/server.ts');
const { loadSettings } = await import('./server/env.ts');
const { createLogger } = await import('./server/logger.ts');
const running = await startServer(loadSettings({ ...process.env, PORT: '0' }), createLogger('silent'));
await running.started;
const cache = createRequire(import.meta.url).cache;
const loaded = Object.keys(cache).filter((p) => /[\\\\/]node_modules[\\\\/](pg|pg-pool|pg-protocol)[\\\\/]/.test(p));
console.log(JSON.stringify({ pg: loaded.length, composePg: Object.keys(cache).some((p) => p.endsWith('compose-pg.ts')) }));
await running.close();
`;

describe('[foundation] start-up work', () => {
  it('a server on SQLite starts without loading PostgreSQL’s package or wiring', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'txng-start-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://truyxuat.example.vn',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const line = run.stdout.trim().split('\n').at(-1)!;
    expect(JSON.parse(line)).toEqual({ pg: 0, composePg: false });
  });
});
