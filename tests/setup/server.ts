// Server tests run in node with the project's subpath imports.
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';

// Before anything of the app is imported (below).
process.env.TZ = 'UTC';

const { testCleanups, testDataDirs } = await import('#tests/helpers/deps.ts');

// Each test file's deps are closed (pools, listening connections, SQLite connections), its PostgreSQL
// databases dropped, and its temporary DATA_DIRs (uploads, outbox, keys) removed: thousands piled up in /tmp.
afterAll(async () => {
  for (const cleanup of testCleanups.splice(0).reverse()) await cleanup();
  for (const dir of testDataDirs) rmSync(dir, { recursive: true, force: true });
  testDataDirs.clear();
});
