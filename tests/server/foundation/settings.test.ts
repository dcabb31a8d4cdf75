import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '#server/env.ts';
import { createLimits } from '#server/security/limits.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'txng-env-'));

function errorsOf(env: Record<string, string>): string[] {
  try {
    loadSettings({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    if (err instanceof SettingsError) return err.lines;
    throw err;
  }
  return [];
}

describe('[settings]', () => {
  it('defaults work with nothing set, and the signing secret is generated once and kept', () => {
    const dir = dataDir();
    const a = loadSettings({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.publicUrl).toBe('http://localhost:3000');
    expect(a.databasePath).toBe(join(dir, 'app.db'));
    const b = loadSettings({ DATA_DIR: dir });
    expect(Buffer.from(b.jwtSecret).toString()).toBe(Buffer.from(a.jwtSecret).toString());
  });

  it('each bad setting gives one line naming it', () => {
    const lines = errorsOf({ PORT: 'abc', PUBLIC_URL: 'ftp://x', JWT_SECRET: 'short', JWT_TTL: 'forever' });
    expect(lines).toHaveLength(4);
    expect(lines.join('\n')).toMatch(/PORT/);
    expect(lines.join('\n')).toMatch(/PUBLIC_URL/);
    expect(lines.join('\n')).toMatch(/JWT_SECRET/);
    expect(lines.join('\n')).toMatch(/JWT_TTL/);
  });

  it('ACCOUNT_MAILS_PER_ADDRESS sets how many mail-sending account requests one address gets (20 unset)', async () => {
    expect(loadSettings({ DATA_DIR: dataDir() }).accountMailsPerAddress).toBe(20);
    const settings = loadSettings({ DATA_DIR: dataDir(), ACCOUNT_MAILS_PER_ADDRESS: '3' });
    const { accountMailIp } = createLimits(settings);
    const taken = await Promise.allSettled([1, 2, 3, 4].map(() => accountMailIp.consume('203.0.113.9')));
    expect(taken.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(errorsOf({ ACCOUNT_MAILS_PER_ADDRESS: '0' }).join('\n')).toMatch(/ACCOUNT_MAILS_PER_ADDRESS/);
  });

  it('ADMIN_EMAIL without ADMIN_PASSWORD is refused', () => {
    expect(errorsOf({ ADMIN_EMAIL: 'a@example.com' })).toEqual([
      'Invalid setting ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither',
    ]);
  });

  it('a redirect path must stay inside the app', () => {
    expect(errorsOf({ DEFAULT_REDIRECT_PATH: '//evil.example' })[0]).toMatch(/DEFAULT_REDIRECT_PATH/);
    expect(errorsOf({ DEFAULT_REDIRECT_PATH: 'https://evil.example' })[0]).toMatch(/DEFAULT_REDIRECT_PATH/);
  });

  it('empty values mean unset', () => {
    expect(errorsOf({ SMTP_URL: '', JWT_SECRET: '', COMING_SOON_DATE: '' })).toEqual([]);
  });

  describe('several instances on one PostgreSQL (decision 156)', () => {
    const secret = 'x'.repeat(32);

    it('DATABASE_URL takes a postgres:// or postgresql:// address; unset means the SQLite file', () => {
      const onFile = loadSettings({ DATA_DIR: dataDir() });
      expect(onFile.databaseUrl).toBeUndefined();
      expect(onFile.databaseEngine).toBe('sqlite');
      // Empty in a .env file is unset too: the SQLite file.
      expect(loadSettings({ DATA_DIR: dataDir(), DATABASE_URL: '' }).databaseEngine).toBe('sqlite');
      for (const url of [
        'postgres://txng:pw@db.internal:5432/txng',
        'postgresql://db/txng?sslmode=require',
      ]) {
        const onPg = loadSettings({ DATA_DIR: dataDir(), DATABASE_URL: url, JWT_SECRET: secret });
        expect(onPg.databaseUrl).toBe(url);
        // The engine is this setting, read here only (decision 197).
        expect(onPg.databaseEngine).toBe('pg');
      }
    });

    it('any other DATABASE_URL is refused with one line that names it and never repeats the password', () => {
      for (const url of [
        'mysql://root:hunter2@db/txng',
        'sqlite:./data/app.db',
        'postgres://',
        'db.internal:5432',
      ]) {
        const lines = errorsOf({ DATABASE_URL: url, JWT_SECRET: secret });
        expect(lines).toEqual([
          'Invalid setting DATABASE_URL: must be a PostgreSQL address such as postgres://user:password@host:5432/database',
        ]);
        expect(lines[0]).not.toContain('hunter2');
      }
    });

    it('DATABASE_URL without JWT_SECRET stops the start with one line, and no secret is generated', () => {
      const dir = dataDir();
      let lines: string[] = [];
      try {
        loadSettings({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/txng' });
      } catch (err) {
        if (err instanceof SettingsError) lines = err.lines;
      }
      expect(lines).toEqual([
        'Invalid setting JWT_SECRET: required when DATABASE_URL is set (every instance must sign with the same secret)',
      ]);
      expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
      // Two instances given the same secret sign alike.
      const a = loadSettings({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/txng', JWT_SECRET: secret });
      const b = loadSettings({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/txng', JWT_SECRET: secret });
      expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
    });

    it('UPLOADS_DIR is where uploads go (created at start); by default DATA_DIR/uploads', () => {
      const dir = dataDir();
      expect(loadSettings({ DATA_DIR: dir }).uploadsDir).toBe(join(dir, 'uploads'));
      const shared = join(dataDir(), 'nfs', 'uploads');
      const settings = loadSettings({ DATA_DIR: dir, UPLOADS_DIR: shared });
      expect(settings.uploadsDir).toBe(shared);
      expect(statSync(shared).isDirectory()).toBe(true);
    });

    it('INSTANCE_ID names the process in its logs; by default host and pid', () => {
      expect(loadSettings({ DATA_DIR: dataDir() }).instanceId).toBe(`${hostname()}-${process.pid}`);
      expect(loadSettings({ DATA_DIR: dataDir(), INSTANCE_ID: 'app-2' }).instanceId).toBe('app-2');
      expect(errorsOf({ INSTANCE_ID: 'app 2; rm' })[0]).toMatch(/^Invalid setting INSTANCE_ID: /);
    });
  });
});
