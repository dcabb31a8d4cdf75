// Server tests run in node with the project's subpath imports.
import { rmSync } from 'node:fs';
import { afterAll, inject } from 'vitest';

process.env.TZ = 'UTC';

// TEST_ENGINE=pg: this run is on PostgreSQL (decision 154). The engine is chosen once per process from
// DATABASE_URL, when the schema module loads (decision 153), so it is set before anything of the app is
// imported; each createTestDeps() then opens its own fresh database on the run's cluster.
if (process.env.TEST_ENGINE === 'pg') {
  const postgres = inject('postgres');
  if (!postgres) throw new Error('TEST_ENGINE=pg without a cluster: tests/setup/postgres.ts did not run');
  process.env.DATABASE_URL = postgres.adminUrl;
}

const { testCleanups, testDataDirs } = await import('#tests/helpers/deps.ts');

// Each test file's deps are closed (pools, listening connections, SQLite connections), its PostgreSQL
// databases dropped, and its temporary DATA_DIRs (uploads, outbox, keys) removed: thousands piled up in /tmp.
afterAll(async () => {
  for (const cleanup of testCleanups.splice(0).reverse()) await cleanup();
  for (const dir of testDataDirs) rmSync(dir, { recursive: true, force: true });
  testDataDirs.clear();
});
