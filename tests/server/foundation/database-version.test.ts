import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '#server/env.ts';
import { startServer } from '#server/server.ts';
import { engine, testDataDirs } from '#tests/helpers/deps.ts';
import { appliedMigrations, markNewer, olderDatabase } from '#tests/helpers/migrations.ts';

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'txng-dbversion-'));
  testDataDirs.add(dir);
  return dir;
}

const settingsFor = (dir: string) =>
  loadSettings({
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '10',
  });

describe('[SUPER_ADMIN][database] the database a start finds (npm start and the release alike)', () => {
  it.skipIf(engine !== 'sqlite')(
    "a previous version's database is copied to backups/<time>-before-migration, then migrated (SQLite only: the database file)",
    async () => {
      const dir = dataDir();
      const older = olderDatabase(join(dir, 'app.db'));
      const running = await startServer(settingsFor(dir));
      await running.close();
      expect(appliedMigrations(join(dir, 'app.db'))).toBe(older + 1);
      const [backup, ...more] = readdirSync(join(dir, 'backups'));
      expect(more).toEqual([]);
      expect(backup).toMatch(/-before-migration$/);
      expect(appliedMigrations(join(dir, 'backups', backup!, 'app.db'))).toBe(older);
      expect(JSON.parse(readFileSync(join(dir, 'backups', backup!, 'manifest.json'), 'utf8')).reason).toMatch(
        /^before applying 1 migration/,
      );
    },
  );

  it.skipIf(engine !== 'sqlite')(
    'a new database and an up-to-date one are not copied (SQLite only: the database file)',
    async () => {
      const dir = dataDir();
      for (let i = 0; i < 2; i++) await (await startServer(settingsFor(dir))).close();
      expect(readdirSync(dir)).not.toContain('backups');
    },
  );

  it('a database a newer version migrated stops the start with one line, and is left as it was', () => {
    const dir = dataDir();
    olderDatabase(join(dir, 'app.db'), 0);
    markNewer(join(dir, 'app.db'));
    const before = readFileSync(join(dir, 'app.db'));
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(started.status).toBe(1);
    const lines = started.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^The database .*app\.db was migrated by a newer version \(its latest migration is of /,
    );
    expect(readFileSync(join(dir, 'app.db')).equals(before)).toBe(true);
  });
});
