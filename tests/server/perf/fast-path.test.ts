import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { type RunningServer, startServer } from '#server/server.ts';
import { atOnce, engine } from '#tests/helpers/deps.ts';
import { callerFor, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { freshPgDatabase } from '#tests/helpers/postgres.ts';

/**
 * The running server answers cached public resolves from the fast path in front of Hono
 * (server/http/public-dispatcher.ts, over the routes of server/http/public-routes.ts) and writes scan events on the background writer's thread. These prove
 * the answers and headers are the app's own, unknown codes still get the app's errors, and no event is lost
 * on a clean shutdown.
 */
let running: RunningServer | undefined;
/** On PostgreSQL (TEST_ENGINE=pg), each server's own fresh database, dropped after its test. */
let database: { url: string; drop(): Promise<void> } | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  await database?.drop();
  database = undefined;
});

/** A built client's index page, as Vite writes it (what the server-rendered pages are made from). */
const INDEX_HTML =
  '<!doctype html><html lang="vi"><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

async function boot(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'txng-fast-'));
  const clientDir = join(dataDir, 'client');
  mkdirSync(clientDir);
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
  const postgres = inject('postgres');
  if (engine === 'pg' && postgres) database = await freshPgDatabase(postgres);
  const settings = loadSettings({
    ...(database ? { DATABASE_URL: database.url } : {}),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'fast-path-secret-fast-path-secret-0123',
    PASSWORD_HASH_COST: '10',
    SCAN_FLUSH_MS: '5',
    ...env,
  });
  running = await startServer(settings, createLogger('silent'), { clientDir });
  const admin = await createUser(running.deps, { role: 'COMPANY_ADMIN' });
  const product = await callerFor(running.deps, admin).products.create({
    name: 'Mật ong hoa cà phê',
    status: 'ACTIVE',
    trackings: [{ activity: 'Khai thác', location: 'Krông Pắc', date: '2026-03-20', description: '' }],
  });
  const base = `http://127.0.0.1:${running.port}`;
  return { running, admin, product, base, dataDir, databaseUrl: database?.url };
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
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
    ]) {
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

  it("answers the app's own tRPC resolve like tRPC does, one scan each; any other call goes to tRPC", async () => {
    const { running: r, admin, product, base } = await boot();
    const trpcUrl = (input: unknown) =>
      `${base}/api/trpc/products.resolve?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    const url = trpcUrl({ 0: { code: product.qr_code } });
    const fast = await fetch(url);
    // The same call through tRPC itself (a cross-origin caller always goes to the app).
    const viaTrpc = await fetch(url, { headers: { origin: base } });
    expect(fast.status).toBe(200);
    expect(fast.headers.get('content-type')).toContain('application/json');
    expect(fast.headers.get('x-content-type-options')).toBe('nosniff');
    const [a, b] = [await fast.json(), await viaTrpc.json()];
    expect(a).toEqual(b);
    expect(a[0].result.data).toMatchObject({ id: product.id, name: 'Mật ong hoa cà phê' });
    const stats = await callerFor(r.deps, admin).statistics.dashboard({});
    expect(stats.totalScans).toBe(2);

    // Byte for byte what tRPC itself writes: a batch of two calls is tRPC's own to answer.
    const again = await (await fetch(url)).text();
    const own = await fetch(
      `${base}/api/trpc/products.resolve,products.resolve?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 0: { code: product.qr_code }, 1: { code: product.qr_code } }),
      )}`,
    );
    const call = again.slice(1, -1);
    expect(await own.text()).toBe(`[${call},${call}]`);
    expect((await callerFor(r.deps, admin).statistics.dashboard({})).totalScans).toBe(5);

    // Anything but one well-formed resolve is tRPC's to answer, with tRPC's errors.
    const unknown = await fetch(trpcUrl({ 0: { code: 'khongtontai123' } }));
    expect(unknown.status).toBe(404);
    expect((await unknown.json())[0].error.data.httpStatus).toBe(404);
    const malformed = await fetch(trpcUrl({ 0: { code: 'a' } }));
    expect(malformed.status).toBe(400);
    const extra = await fetch(trpcUrl({ 0: { code: product.qr_code, other: 1 } }));
    expect(extra.status).toBe(400);
    const notJson = await fetch(`${base}/api/trpc/products.resolve?batch=1&input=%7Bnope`);
    expect(notJson.status).toBe(400);
  });

  it("serves a printed code's page once the app made it, gzipped, with the app's headers, and records no scan", async () => {
    const { running: r, admin, product, base } = await boot();
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip', ...headers } });
    // fetch unzips by itself (the content-encoding header stays, checked below).
    const page = (res: Response) => res.text();
    const made = await get(`/redirect/${product.qr_code}`); // the app renders and keeps it
    expect(made.headers.get('x-request-id')).toBeTruthy(); // the app's own answer
    const kept = await get(`/redirect/${product.qr_code}`); // then the fast path
    expect(kept.headers.get('x-request-id')).toBeNull();
    expect(kept.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'content-type',
      'cache-control',
      'vary',
    ]) {
      expect(kept.headers.get(name), name).toBe(made.headers.get(name));
    }
    expect(kept.headers.get('content-encoding')).toBe('gzip');
    const html = await page(kept);
    expect(html).toBe(await page(made));
    expect(html).toContain('Mật ong hoa cà phê');
    expect(html).toContain('"scanCode"');

    const details = `/products/details/${product.id}`;
    await get(details);
    const detailsKept = await get(details);
    expect(detailsKept.headers.get('x-request-id')).toBeNull();
    expect(await page(detailsKept)).not.toContain('"scanCode"');
    // A lot named in the address (decision 184) is the app's to answer, the kept page notwithstanding.
    const asked = await get(`${details}?lot=NOPE`);
    expect(asked.headers.get('x-request-id')).toBeTruthy();
    expect(await page(asked)).toContain('Không tìm thấy lô NOPE');
    expect(await page(await get(details))).not.toContain('Không tìm thấy lô');

    // A change of the product: the kept pages go with its answer, the next one is the app's, up to date.
    await callerFor(r.deps, admin).products.update({ id: product.id, name: 'Mật ong rừng U Minh' });
    const fresh = await get(`/redirect/${product.qr_code}`);
    expect(fresh.headers.get('x-request-id')).toBeTruthy();
    expect(await page(fresh)).toContain('Mật ong rừng U Minh');
    // Without gzip (no browser does that), the app answers.
    const plain = await fetch(`${base}/redirect/${product.qr_code}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('x-request-id')).toBeTruthy();
    expect(await plain.text()).toContain('Mật ong rừng U Minh');
    expect((await callerFor(r.deps, admin).statistics.dashboard({})).totalScans).toBe(0);
  });

  it("serves a lot's page and answer like the app (REST, tRPC, page); a recall shows at once; a Digital Link goes to the app and is one scan", async () => {
    const { running: r, admin, base } = await boot();
    const caller = callerFor(r.deps, admin);
    const gtinProduct = await caller.products.create({
      name: 'Gạo ST25',
      status: 'ACTIVE',
      gtin: '08930000000019',
    });
    const lot = await caller.lots.create({
      productId: gtinProduct.id,
      code: 'L2405A',
      events: [{ activity: 'Xay xát', location: 'Sóc Trăng', date: '2026-10-03' }],
    });
    const rest = `${base}/api/public/lots/${lot.id}`;
    const made = await fetch(rest);
    const kept = await fetch(rest);
    expect(kept.headers.get('x-request-id')).toBeNull(); // the dispatcher's
    expect(await kept.text()).toBe(await made.text());
    const trpcUrl = `${base}/api/trpc/lots.publicById?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: lot.id } }))}`;
    const fast = await fetch(trpcUrl);
    const viaTrpc = await fetch(trpcUrl, { headers: { origin: base } });
    expect(fast.headers.get('x-request-id')).toBeNull();
    expect(await fast.json()).toEqual(await viaTrpc.json());

    const page = `/lots/${lot.id}`;
    const get = () => fetch(`${base}${page}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await (await get()).text()).toContain('Xay xát');
    const pageKept = await get();
    expect(pageKept.headers.get('x-request-id')).toBeNull();
    expect(pageKept.headers.get('content-encoding')).toBe('gzip');

    await caller.lots.recall({ id: lot.id, reason: 'Nhiễm khuẩn' });
    await atOnce(async () => {
      expect((await (await fetch(rest)).json()).data.lot).toMatchObject({
        recalled: true,
        recallReason: 'Nhiễm khuẩn',
      });
      expect(await (await get()).text()).toContain('Nhiễm khuẩn');
    });

    const opened = await fetch(`${base}/01/08930000000019/10/L2405A`, { redirect: 'manual' });
    expect(opened.status).toBe(307);
    expect(opened.headers.get('x-request-id')).toBeTruthy(); // the app's
    expect(new URL(opened.headers.get('location') as string).pathname).toBe(page);
    expect(await caller.statistics.dashboard({})).toMatchObject({ totalScans: 1, recalledLotScans: 1 });
  });

  it('leaves cross-origin requests to the app, so a configured origin gets its CORS headers on every answer', async () => {
    const { product, base } = await boot({ CORS_ORIGIN: 'https://doi-tac.example.vn' });
    const url = `${base}/api/products/qr-codes/${product.qr_code}`;
    await fetch(url); // cached now
    const res = await fetch(url, { headers: { origin: 'https://doi-tac.example.vn' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://doi-tac.example.vn');
  });

  it("writes every scan on the background writer (SQLite's thread, PostgreSQL's upserts), counted per window; statistics and shutdown wait for them", async () => {
    const { running: r, admin, product, base, dataDir, databaseUrl } = await boot();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${base}/api/products/qr-codes/${product.qr_code}`).then((res) => res.text()),
      ),
    );
    const stats = await callerFor(r.deps, admin).statistics.dashboard({});
    expect(stats.totalScans).toBe(40);
    await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`${base}/api/products/qr-codes/${product.qr_code}`).then((res) => res.text()),
      ),
    );
    await r.close();
    running = undefined;
    // Read after the server is gone, with a connection of its own.
    const query = 'select count(*)::integer as rows, sum(scans)::integer as scans from scan_events';
    let written: { rows: number; scans: number };
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      written = (await client.query(query)).rows[0];
      await client.end();
    } else {
      const db = new Database(join(dataDir, 'app.db'), { readonly: true });
      written = db.prepare(query.replaceAll('::integer', '')).get() as { rows: number; scans: number };
      db.close();
    }
    // Gathered per window (decision 076): fewer rows than scans, but every scan counted.
    expect(written.scans).toBe(65);
    expect(written.rows).toBeLessThan(65);
  });
});
