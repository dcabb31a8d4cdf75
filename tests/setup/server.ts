// Server tests run in node with the project's subpath imports.
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { testDataDirs } from '#tests/helpers/deps.ts';

process.env.TZ = 'UTC';

// Each test file's temporary DATA_DIRs (uploads, outbox, keys) go with it: thousands piled up in /tmp.
afterAll(() => {
  for (const dir of testDataDirs) rmSync(dir, { recursive: true, force: true });
  testDataDirs.clear();
});
