import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { type RunningServer, startServer } from '#server/server.ts';
import { callerFor, createUser, tokenFor } from '../../helpers/factories.ts';

/**
 * The running server answers cached public resolves from the fast path in front of Hono
 * (server/http/scan-fast-path.ts) and writes scan events on the background writer's thread. These prove
 * the answers and headers are the app's own, unknown codes still get the app's errors, and no event is lost
 * on a clean shutdown.
 */
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function boot(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'txng-fast-'));
  const settings = loadSettings({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'fast-path-secret-fast-path-secret-0123',
    PASSWORD_HASH_COST: '10',
    SCAN_FLUSH_MS: '5',
    ...env,
  });
  running = await startServer(settings, createLogger('silent'));
  const admin = await createUser(running.deps, { role: 'COMPANY_ADMIN' });
  const product = await callerFor(running.deps, admin).products.create({
    name: 'Mật ong hoa cà phê',
    status: 'ACTIVE',
    trackings: [{ activity: 'Khai thác', location: 'Krông Pắc', date: '2026-03-20', description: '' }],
  });
  const base = `http://127.0.0.1:${running.port}`;
  return { running, admin, product, base, dataDir };
}

describe('[GUEST][perf] the scan fast path on the running server', () => {
  it('answers like the app, with the same security headers, and leaves unknown codes and errors to the app', async () => {
    const { running: r, admin, product, base } = await boot();
    const first = await fetch(`${base}/api/products/qr-codes/${product.qr_code}`); // not cached yet: looked up, cached
    const second = await fetch(`${base}/api/products/qr-codes/${product.qr_code}`); // a hit: the fast path
    // A signed-in scan always goes through the app (its token is checked there).
    const viaApp = await fetch(`${base}/api/products/qr-codes/${product.qr_code}`, {
      headers: { authorization: `Bearer ${await tokenFor(r.deps, admin)}` },
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const [a, b, c] = [await first.json(), await second.json(), await viaApp.json()];
    expect(b).toEqual(a);
    expect(b).toEqual(c);
    expect(b.data).toMatchObject({ id: product.id, name: 'Mật ong hoa cà phê' });
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect(second.headers.get(name), name).toBe(viaApp.headers.get(name));
    }
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('content-type')).toContain('application/json');

    const unknown = await fetch(`${base}/api/products/qr-codes/khongtontai123`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).statusCode).toBe(404);
    const malformed = await fetch(`${base}/api/products/qr-codes/a`);
    expect(malformed.status).toBe(400);
    const link = await fetch(`${base}/api/shortLinks/${product.qr_code}`);
    const linkAgain = await fetch(`${base}/api/shortLinks/${product.qr_code}`);
    expect(await linkAgain.json()).toEqual(await link.json());
  });

  it('leaves cross-origin requests to the app, so a configured origin gets its CORS headers on every answer', async () => {
    const { product, base } = await boot({ CORS_ORIGIN: 'https://doi-tac.example.vn' });
    const url = `${base}/api/products/qr-codes/${product.qr_code}`;
    await fetch(url); // cached now
    const res = await fetch(url, { headers: { origin: 'https://doi-tac.example.vn' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://doi-tac.example.vn');
  });

  it('writes every scan on the background thread, counted per window; statistics and shutdown wait for them', async () => {
    const { running: r, admin, product, base, dataDir } = await boot();
    await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${base}/api/products/qr-codes/${product.qr_code}`).then((res) => res.text())),
    );
    const stats = await callerFor(r.deps, admin).statistics.dashboard({});
    expect(stats.totalScans).toBe(40);
    await Promise.all(
      Array.from({ length: 25 }, () => fetch(`${base}/api/products/qr-codes/${product.qr_code}`).then((res) => res.text())),
    );
    await r.close();
    running = undefined;
    const db = new Database(join(dataDir, 'app.db'), { readonly: true });
    // Gathered per window (decision 076): fewer rows than scans, but every scan counted.
    const written = db.prepare('select count(*) as rows, sum(scans) as scans from scan_events').get() as {
      rows: number;
      scans: number;
    };
    expect(written.scans).toBe(65);
    expect(written.rows).toBeLessThan(65);
    db.close();
  });
});
