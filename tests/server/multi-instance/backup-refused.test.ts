import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PG_BACKUP_REFUSAL } from '#server/db/backup.ts';
import { tempDir } from '#tests/server/security/real-server.ts';

describe('[multi-instance] npm run backup with DATABASE_URL', () => {
  it('refuses with one line pointing to pg_dump, and copies nothing', () => {
    const dataDir = tempDir('txng-backup-pg-');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        // Nothing listens there: the refusal comes before any connection.
        DATABASE_URL: 'postgres://txng@127.0.0.1:1/txng',
        JWT_SECRET: 'backup-secret-backup-secret-backup-secret-0123',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([`Backup failed: ${PG_BACKUP_REFUSAL}`]);
    expect(run.stderr).toContain('pg_dump');
    expect(run.stderr).toContain('docs/deploy.md');
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);
  });
});
