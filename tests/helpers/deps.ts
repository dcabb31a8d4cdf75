import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '#server/db/client.ts';
import { type DatabaseStore, sqliteOf } from '#server/db/store.ts';
import type { Sqlite } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';
import { createAfterAnswerJobs } from '#server/services/accounts/after-answer.ts';
import { createDecodePool, type DecodePool } from '#server/services/scans/decode-pool.ts';
import { createAppState } from '#server/state.ts';
import { createPublicAnswers } from '#server/services/products/public-answers.ts';
import { createScanBuffer } from '#server/services/scans/record.ts';

export type TestDeps = AppDeps & {
  mailer: ReturnType<typeof createMemoryMailer>;
  /** SQLite's connection, for a test that writes behind the app's back on SQLite (sqliteOf: throws elsewhere). */
  readonly sqlite: Sqlite;
};

/** The temporary DATA_DIRs made by this test file; tests/setup/server.ts removes them after it. */
export const testDataDirs = new Set<string>();

/** One decoding pool per test file: its workers load the decoder once and never keep the process alive. */
let decodePool: DecodePool | undefined;

/**
 * A fresh in-memory database with every migration, a temporary DATA_DIR, a mailer that keeps messages
 * in memory, silent logs and a cheap password hash (cost 2^10) so suites stay fast.
 */
export function createTestDeps(env: Record<string, string> = {}): TestDeps {
  const dataDir = mkdtempSync(join(tmpdir(), 'txng-test-'));
  testDataDirs.add(dataDir);
  const settings = loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SCAN_FLUSH_MS: '0',
    ...env,
  });
  const { db, sqlite } = createDb(':memory:');
  const store: DatabaseStore = { engine: 'sqlite', sqlite };
  decodePool ??= createDecodePool();
  const logger = createLogger('silent');
  const deps = {
    db,
    store,
    settings,
    mailer: createMemoryMailer(),
    logger,
    afterAnswerJobs: createAfterAnswerJobs(),
    decodePool,
    ...createAppState(settings, { db, store }),
    publicAnswers: createPublicAnswers({ sqlite, settings }),
    scanBuffer: createScanBuffer({ store, settings, logger }),
  };
  return Object.defineProperty(deps, 'sqlite', { get: () => sqliteOf(store), enumerable: false }) as TestDeps;
}
