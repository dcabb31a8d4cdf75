import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The release's own run (`npx vitest run --config tests/release/vitest.config.ts`, a step of
 * scripts/test.sh after `npm run release`): apart from the other suites, which must not need the
 * archive.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/release/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
