import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject, vi } from 'vitest';
import { createAppDeps } from '#server/compose.ts';
import type { Sqlite } from '#server/db/client.ts';
import { type Tables, tablesOf } from '#server/db/schema/index.ts';
import { sqliteOf } from '#server/db/store.ts';
import type { AppDeps } from '#server/deps.ts';
import { type DatabaseEngine, loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';
import { createParsePool, type ParsePool } from '#server/services/parsing/parse-pool.ts';
import { createDecodePool, type DecodePool } from '#server/services/scans/decode-pool.ts';
import { freshPgDatabase } from './postgres.ts';

export type TestDeps = AppDeps & {
  mailer: ReturnType<typeof createMemoryMailer>;
  /** SQLite's connection, for a test that writes behind the app's back on SQLite (sqliteOf: throws elsewhere). */
  readonly sqlite: Sqlite;
};

/** The engine this test run is on: PostgreSQL with TEST_ENGINE=pg (tests/setup/postgres.ts), else SQLite. */
export const engine: DatabaseEngine = process.env.TEST_ENGINE === 'pg' ? 'pg' : 'sqlite';

/**
 * The tables of this run's engine: the ones every handle createTestDeps makes carries (`deps.db.tables`),
 * for a test that reads or writes a table behind the services' back.
 */
export const tables: Tables = tablesOf(engine);

/** The temporary DATA_DIRs made by this test file; tests/setup/server.ts removes them after it. */
export const testDataDirs = new Set<string>();
/** What closes this test file's deps and drops their databases; tests/setup/server.ts runs them after it. */
export const testCleanups: Array<() => Promise<void>> = [];

/** One decoding pool per test file: its workers load the decoder once and never keep the process alive. */
let decodePool: DecodePool | undefined;
/** One parsing pool per test file, likewise. */
let parsePool: ParsePool | undefined;

/**
 * Fresh deps over a fresh database, through the app's own composition (server/compose.ts): an in-memory
 * SQLite database with every migration, or, when the run is on PostgreSQL (TEST_ENGINE=pg), a new database
 * cloned from the migrated template (tests/helpers/postgres.ts). A temporary DATA_DIR, a mailer that keeps
 * messages in memory, silent logs and a cheap password hash (cost 2^10) so suites stay fast.
 */
export async function createTestDeps(env: Record<string, string> = {}): Promise<TestDeps> {
  const dataDir = mkdtempSync(join(tmpdir(), 'txng-test-'));
  testDataDirs.add(dataDir);
  let databaseUrl: string | undefined;
  if (engine === 'pg') {
    const postgres = inject('postgres');
    if (!postgres) throw new Error('TEST_ENGINE=pg without a cluster: tests/setup/postgres.ts did not run');
    const fresh = await freshPgDatabase(postgres);
    testCleanups.push(fresh.drop);
    databaseUrl = fresh.url;
  }
  const settings = loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SCAN_FLUSH_MS: '0',
    SERIAL_FLUSH_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  decodePool ??= createDecodePool();
  parsePool ??= createParsePool();
  const composed = await createAppDeps(settings, createLogger('silent'), {
    sqlitePath: ':memory:',
    mailer: createMemoryMailer(),
    decodePool,
    parsePool,
    // Many deps per test file, each its own database: few connections, let go of soon.
    pool: { max: 4, idleTimeoutMillis: 1_000 },
  });
  // Before the database is dropped (cleanups run last first).
  testCleanups.push(() => composed.close());
  // The server's start without its start-up work: the database ready, `deps.health` past `starting`.
  await composed.start(async () => undefined);
  const deps = composed.deps;
  return Object.defineProperty(deps, 'sqlite', {
    get: () => sqliteOf(deps.store),
    enumerable: false,
  }) as TestDeps;
}

/**
 * A check of what the public must see right after a write. On SQLite the write's own triggers drop the
 * kept answer before the write returns, so it must hold at the first try; on PostgreSQL the database's
 * notification arrives a moment after the commit (decision 158), so it is tried again for up to a second.
 */
export async function atOnce(check: () => Promise<void>): Promise<void> {
  if (engine === 'sqlite') return check();
  await vi.waitFor(check, { timeout: 1_000, interval: 20 });
}

/** Runs one SQL statement on the test's own database, whichever engine: for a test that breaks a table on purpose. */
export async function execRaw(deps: Pick<AppDeps, 'store'>, statement: string): Promise<void> {
  if (deps.store.engine === 'sqlite') deps.store.sqlite.exec(statement);
  else await deps.store.pool.query(statement);
}
