import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('[docs][decisions]', () => {
  it('every decision record has a date and a status, and the index lists each as it is', () => {
    const run = spawnSync(process.execPath, ['scripts/decisions-index.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
