import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
});
