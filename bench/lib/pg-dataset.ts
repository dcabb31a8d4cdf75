import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '#server/db/client.ts';
import { copySqliteToPg } from '#server/db/copy-to-pg.ts';
import { createPgDb } from '#server/db/pg-client.ts';
import { adminQuery, startPostgres } from '#scripts/pg-test.mjs';
import { type App, startApp } from './app.ts';

/**
 * The benchmark dataset on PostgreSQL: a throwaway cluster (scripts/pg-test.mjs), a database migrated as the
 * app migrates it, and the SQLite dataset of `datasetDir` copied in with the app's own copy-to-postgres
 * (server/db/copy-to-pg.ts), so both engines are measured on the same rows.
 */
export async function pgDataset(datasetDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const cluster = await startPostgres();
  try {
    await adminQuery(cluster.url('postgres'), 'CREATE DATABASE bench');
    const url = cluster.url('bench');
    const target = await createPgDb(url, { max: 2 });
    const source = createDb(join(datasetDir, 'app.db'));
    try {
      const { tables, ms } = await copySqliteToPg(source.db, target.pg, { batch: 5_000 });
      console.log(`PostgreSQL dataset copied in ${(ms / 1000).toFixed(1)} s (${tables.products} products)`);
      await target.pool.query('ANALYZE');
    } finally {
      source.sqlite.close();
      await target.close();
    }
    return { url, stop: () => cluster.stop() };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** `--engine sqlite|pg` from a benchmark's arguments (sqlite when absent). */
export function engineArg(args: string[]): 'sqlite' | 'pg' {
  const engine = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : 'sqlite';
  if (engine !== 'sqlite' && engine !== 'pg') throw new Error('--engine is sqlite or pg');
  return engine;
}

/**
 * The app on `engine` with the data of `dataDir`: as it is on SQLite; on PostgreSQL, that data copied into a
 * throwaway cluster (pgDataset) and the app started with DATABASE_URL and a scratch DATA_DIR. stop() stops
 * the app and, on PostgreSQL, the cluster.
 */
export async function startAppOn(
  engine: 'sqlite' | 'pg',
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<App> {
  if (engine === 'sqlite') return startApp(dataDir, port, env, nodeFlags);
  const pg = await pgDataset(dataDir);
  const scratch = mkdtempSync(join(tmpdir(), 'txng-bench-pg-'));
  const stopAll = async () => {
    await pg.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const app = await startApp(scratch, port, { ...env, ...pgEnv(pg.url, scratch) }, nodeFlags);
    return { ...app, stop: () => app.stop().then(stopAll) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** What an app on the benchmark's PostgreSQL is given: the database, a shared secret and uploads. */
export function pgEnv(url: string, scratch: string): Record<string, string> {
  return { DATABASE_URL: url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', UPLOADS_DIR: join(scratch, 'uploads') };
}
