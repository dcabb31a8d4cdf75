import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { ensureSuperAdmin } from '#server/seed/super-admin.ts';
import { restRoutes } from '#server/rest/index.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { createTestDeps, execRaw, tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { users } = tables;

describe('[app] serving and safety', () => {
  it('serves the built client and falls back to index.html for client paths, with security headers', async () => {
    const deps = await createTestDeps();
    const dir = join(deps.settings.dataDir, 'client');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Truy xuất nguồn gốc</title>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = createApp(deps, { clientDir: dir });

    const page = await app.request('/products/details/5');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Truy xuất nguồn gốc');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'wasm-unsafe-eval')?;/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    const asset = await app.request('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('an error inside a procedure is a generic 500: no stack, no SQL', async () => {
    const api = await createTestApi();
    // Sign-up's mail is sent after its answer, so the failure is put where the answer needs it: the users table.
    await execRaw(api.deps, 'ALTER TABLE users RENAME TO users_gone');
    const res = await api.call('POST', '/auth/register', {
      body: { name: 'X', email: 'x@example.com', password: 'mot-mat-khau-dai', isBusiness: false },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ statusCode: 500, message: messages.errors.internal });
    expect(res.text).not.toMatch(/at |sqlite|SQL|users_gone|no such table|stack/i);
  });

  it('a JSON body over 1 MB is 413', async () => {
    const api = await createTestApi();
    const res = await api.call('POST', '/auth/login', {
      raw: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('a route declared multipart takes a file past the JSON limit (held to the upload limit instead)', async () => {
    const api = await createTestApi();
    const multipart = restRoutes.filter((r) => r.body === 'multipart');
    expect(multipart.map((r) => r.path).sort()).toEqual(
      [
        '/plots/import',
        '/products/:id/lots/import',
        '/products/import',
        '/products/scan-qr',
        '/receipts/import',
        '/serials/:serial/reports',
        '/shipments/import',
        '/uploads',
      ].sort(),
    );
    for (const r of multipart) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(1_500_000)]), 'tep.xlsx');
      const res = await api.app.request(`/api${r.path.replace(':id', '1')}`, { method: 'POST', body: form });
      expect(res.status, r.path).not.toBe(413);
      expect((await res.json()).message, r.path).not.toBe(messages.errors.payloadTooLarge);
    }
  });
});

describe('[bootstrap] the first SUPER_ADMIN', () => {
  it('is created from ADMIN_EMAIL / ADMIN_PASSWORD once, and can sign in', async () => {
    const api = await createTestApi({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'mot-mat-khau-rat-dai',
    });
    await ensureSuperAdmin(api.deps);
    await ensureSuperAdmin(api.deps);
    const admins = await api.deps.db.select().from(users);
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'boss@example.com', role: 'SUPER_ADMIN', status: 'ACTIVE' });
    const login = await api.call('POST', '/auth/login', {
      body: { email: 'boss@example.com', password: 'mot-mat-khau-rat-dai' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.session.permissions).toEqual([
      { action: 'manage', subject: 'all' },
      { action: 'read', subject: 'Login', inverted: true },
    ]);
  });

  it('no account exists without the settings: there is no built-in password', async () => {
    const api = await createTestApi();
    await ensureSuperAdmin(api.deps);
    expect(await api.deps.db.select().from(users)).toHaveLength(0);
  });
});
