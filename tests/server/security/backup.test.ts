import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { api, type RealServer, startRealServer, tempDir } from './real-server.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN = { ADMIN_EMAIL: 'sao-luu@example.com', ADMIN_PASSWORD: 'sao-luu-mat-khau-2026' };
// No JWT_SECRET: the app generates DATA_DIR/jwt-secret, which the backup must carry.
const ENV = { ...ADMIN, JWT_SECRET: '' };
const running: RealServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** `npm run backup -- --out <dir>` for the given DATA_DIR, as an operator would run it. */
function runBackup(
  dataDir: string,
  out: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'backup', '--', '--out', out], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const login = async (s: RealServer) => {
  const res = await api(s.url, 'POST', '/auth/login', {
    body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.data.session.accessToken as string;
};
const createAccount = (s: RealServer, token: string, email: string) =>
  api(s.url, 'POST', '/users', {
    token,
    body: { name: 'Sao lưu', email, password: 'sao-luu-tai-khoan-2026', role: 'USER', status: 'ACTIVE' },
  });

describe('[SUPER_ADMIN][durability] npm run backup', () => {
  it('a backup taken under write load restores to a working app with its data, uploads and sessions', async () => {
    const live = await startRealServer(ENV);
    running.push(live);
    const token = await login(live);
    const before: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `truoc-${i}@example.com`;
      expect((await createAccount(live, token, email)).status).toBe(201);
      before.push(email);
    }
    // An uploaded image, as the upload service stores it (server-made name).
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    writeFileSync(join(live.dataDir, 'uploads', 'anh-san-pham.png'), png);

    // Writers keep going while the backup runs.
    let stop = false;
    let n = 0;
    let acknowledgedDuring = 0;
    // A writer that fails stops them all and says why, rather than leaving the others writing to a
    // server the test has moved past (their failures would surface as unrelated socket errors).
    const failures: string[] = [];
    const writers = Array.from({ length: 3 }, async () => {
      while (!stop) {
        const email = `trong-khi-${n++}@example.com`;
        const res = await createAccount(live, token, email).catch((err: Error) => ({
          status: 0,
          body: { message: String(err.cause ?? err) },
        }));
        if (res.status !== 201) {
          failures.push(`${email}: ${res.status} ${res.body?.message}`);
          stop = true;
        } else acknowledgedDuring++;
      }
    });
    const out = join(tempDir('txng-backup-'), 'ban-sao');
    const result = await runBackup(live.dataDir, out);
    stop = true;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toMatchObject({
      event: 'backup.done',
      dir: out,
    });
    expect(acknowledgedDuring).toBeGreaterThan(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ database: 'app.db', uploads: 1 });
    for (const f of ['app.db', 'uploads/anh-san-pham.png', 'jwt-secret'])
      expect(existsSync(join(out, f)), f).toBe(true);
    // A single self-contained file: no WAL needed beside it.
    expect(existsSync(join(out, 'app.db-wal'))).toBe(false);
    const copy = new Database(join(out, 'app.db'), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    // Restore as the README says: stop the app, copy the files into an empty DATA_DIR, start.
    await live.stop();
    const restored = tempDir('txng-restored-');
    cpSync(join(out, 'app.db'), join(restored, 'app.db'));
    cpSync(join(out, 'uploads'), join(restored, 'uploads'), { recursive: true });
    cpSync(join(out, 'jwt-secret'), join(restored, 'jwt-secret'));
    const back = await startRealServer(ENV, restored);
    running.push(back);

    // The session from before the backup still works, and every account written before it is there.
    expect((await api(back.url, 'GET', '/auth/me', { token })).status).toBe(200);
    for (const email of before) {
      const found = await api(back.url, 'GET', `/users?searchName=${encodeURIComponent(email)}`, { token });
      expect(found.body.data.count, email).toBe(1);
    }
    const image = await fetch(`${back.url}/uploads/anh-san-pham.png`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    // And it takes new writes.
    expect((await createAccount(back, token, 'sau-khi-khoi-phuc@example.com')).status).toBe(201);
  });

  it('refuses to write into a folder that is not empty, and leaves no partial backup', async () => {
    const live = await startRealServer(ENV);
    running.push(live);
    const out = tempDir('txng-backup-full-');
    writeFileSync(join(out, 'khac.txt'), 'x');
    const result = await runBackup(live.dataDir, out);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not empty/);
    expect(existsSync(join(out, 'app.db'))).toBe(false);
  });
});
