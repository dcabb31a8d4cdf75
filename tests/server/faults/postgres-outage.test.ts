import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { adminQuery, type PostgresCluster, startPostgres } from '#scripts/pg-test.mjs';
import { postgresAvailable } from '#tests/helpers/postgres.ts';
import { api, type Json, type RealServer, startRealServer } from '#tests/server/security/real-server.ts';
import { INSTANCE, instanceEnv } from '#tests/server/multi-instance/instance-env.ts';
import { type Writes, writers } from './outage-helpers.ts';

/**
 * PostgreSQL goes away under two instances while they write (decisions 178-180): each instance lives on (the
 * process, /api/health), answers what needs the database with a Vietnamese 503 and Retry-After, leaves the
 * load balancer's rotation (/api/health/ready 503), and comes back by itself when the database does: every
 * acknowledged write is there, the other instance serves an edit fresh within a second, and the scans
 * answered before the outage but written during it are counted. Its own cluster: the run's shared one
 * (TEST_ENGINE=pg) is not stopped under the other test files.
 */
const available = postgresAvailable();
const ADMIN = { email: 'quan-tri@example.com', password: 'quan-tri-mat-khau-2026' };
/** How long B may take to serve what A wrote once the database is back (decision 158). */
const FRESH_MS = 1_000;
/** How long an instance may take to be ready again once PostgreSQL accepts connections. */
const BACK_MS = 3_000;
/** Scans written a second after their answer (the longest SCAN_FLUSH_MS): those answered just before the outage are written during it. */
const SCANS_INTO_OUTAGE = { SCAN_FLUSH_MS: '1000' };

describe.skipIf(!available)(
  `[faults][PostgreSQL] the database stops during writes${available ? '' : ' (skipped: no PostgreSQL binaries, see the line above)'}`,
  () => {
    let cluster: PostgresCluster;
    let url: string;
    let a: RealServer;
    let b: RealServer;
    let token: string;
    let sql: pg.Pool;

    beforeAll(async () => {
      // Every acknowledged commit must survive -m immediate, which kills the server as a crash would.
      cluster = await startPostgres({ durable: true });
      await adminQuery(cluster.url('postgres'), 'CREATE DATABASE app');
      url = cluster.url('app');
      const env = instanceEnv(url, {
        ...SCANS_INTO_OUTAGE,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      [a, b] = await Promise.all([
        startRealServer({ ...env, INSTANCE_ID: 'A' }, undefined, INSTANCE),
        startRealServer({ ...env, INSTANCE_ID: 'B' }, undefined, INSTANCE),
      ]);
      const signedIn = await api(a.url, 'POST', '/auth/login', { body: ADMIN });
      expect(signedIn.status).toBe(200);
      token = signedIn.body.data.session.accessToken;
      // The test's own view of the database, which it opens again after each outage.
      sql = new pg.Pool({ connectionString: url, max: 2 });
      sql.on('error', () => undefined);
    }, 120_000);

    afterAll(async () => {
      const codes = await Promise.all([a?.stop(), b?.stop()]);
      await sql?.end();
      await cluster?.stop();
      // Each instance flushed its scans, closed its feed and pool, and exited cleanly.
      expect(codes).toEqual([0, 0]);
    }, 60_000);

    const alive = (server: RealServer) => server.child.exitCode === null && server.child.signalCode === null;
    const health = async (server: RealServer) => {
      const res = await api(server.url, 'GET', '/health');
      return { status: res.status, data: res.body.data as Json };
    };
    const ready = (server: RealServer) => api(server.url, 'GET', '/health/ready');
    const restName = async (server: RealServer, code: string) => {
      const res = await api(server.url, 'GET', `/products/qr-codes/${code}`);
      return { status: res.status, name: res.body.data?.name as string | undefined, res };
    };
    const dashboard = async (server: RealServer, companyId: number, productId: number) => {
      const res = await api(server.url, 'GET', `/companies/dashboard/statistic?companyId=${companyId}`, {
        token,
      });
      expect(res.status).toBe(200);
      const top = (res.body.data.topProducts as Json[]).find((p) => p.id === productId);
      return (top?.scans as number | undefined) ?? 0;
    };
    /** A new ACTIVE product of the demo company, made through A, with its printed code. */
    const product = async (name: string) => {
      const made = await api(a.url, 'POST', '/products', {
        token,
        body: { name, companyId: 1, status: 'ACTIVE' },
      });
      expect(made.status).toBe(201);
      return { id: made.body.data.id as number, code: made.body.data.qr_code as string, companyId: 1 };
    };

    it.each(['fast', 'immediate'] as const)(
      'pg_ctl stop -m %s during writes: both instances live and answer 503 with Retry-After, then come back by themselves with every acknowledged write',
      async (mode) => {
        const shown = await product(`Cà phê xem trên B (${mode})`);
        const scanned = await product(`Cà phê quét trước sự cố (${mode})`);
        const writes: Writes = await writers(
          [a, a, b, b].map((server, i) => ({ server, token, label: `${mode}-${i}` })),
        );
        // B keeps the answer first, so that a stale one would be what it serves.
        expect((await restName(b, shown.code)).status).toBe(200);
        expect((await restName(b, shown.code)).status).toBe(200);
        await writes.until((w) => w.acknowledged() >= 8, 10_000);

        // Scans answered now and written SCAN_FLUSH_MS later, when the database is gone.
        // (A statistics read writes its instance's buffer first: each window then starts with these scans.)
        await dashboard(b, scanned.companyId, scanned.id);
        const before = await dashboard(a, scanned.companyId, scanned.id);
        const scans = await Promise.all(
          [a, a, a, b, b, b].map((server) => api(server.url, 'GET', `/products/qr-codes/${scanned.code}`)),
        );
        expect(scans.map((r) => r.status)).toEqual(Array(6).fill(200));

        /** The lines saying scan rows were kept while the database is away (one per instance and outage). */
        const heldLines = () =>
          [...a.lines, ...b.lines].filter((l) => l.includes('"event":"scan.held"')).length;
        const heldBefore = heldLines();
        await cluster.stopServer(mode);
        const ackedBeforeOutage = writes.acknowledged();

        // Both notice at once and leave the rotation; neither exits.
        for (const server of [a, b]) {
          await vi.waitFor(async () => expect((await ready(server)).status).toBe(503), {
            timeout: 3_000,
            interval: 50,
          });
          const notReady = await ready(server);
          expect(Number(notReady.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(notReady.body.message).toBe(messages.health.notReady);
          expect(notReady.body.errors).toMatchObject({ database: messages.health.reasons.database });
          expect(await health(server)).toMatchObject({
            status: 200,
            data: { status: 'degraded', ready: false, reasons: [{ key: 'database' }] },
          });
        }
        // The writers keep writing into the outage: each gets the 503 it can act on, nothing else.
        await writes.until((w) => w.refused() >= 8, 10_000);
        const refused = writes.lastRefused();
        expect(refused?.status).toBe(503);
        expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(refused?.body.message).toBe(messages.errors.databaseUnavailable);
        // B does not serve the answer it kept before: a write may have been missed (here, none could be made).
        const kept = await restName(b, shown.code);
        expect(kept.status).toBe(503);
        expect(kept.res.body.message).toBe(messages.errors.databaseUnavailable);
        // The scans answered just before the outage come to be written (SCAN_FLUSH_MS after them) during it:
        // kept, as each instance says (a database back sooner would simply have taken them).
        await vi.waitFor(() => expect(heldLines()).toBeGreaterThanOrEqual(heldBefore + 2), {
          timeout: 3_000,
          interval: 50,
        });
        expect(alive(a) && alive(b)).toBe(true);

        await cluster.startServer();
        const back = Date.now();
        for (const server of [a, b]) {
          await vi.waitFor(async () => expect((await ready(server)).status).toBe(200), {
            timeout: BACK_MS,
            interval: 25,
          });
        }
        const readyAfterMs = Date.now() - back;
        console.info(
          `[faults] -m ${mode}: both instances ready ${readyAfterMs} ms after PostgreSQL was back`,
        );
        for (const server of [a, b]) {
          expect(await health(server)).toMatchObject({
            status: 200,
            data: { status: 'ok', ready: true, reasons: [] },
          });
        }
        // Writes succeed again, on both, without a restart.
        const ackedAtReturn = writes.acknowledged();
        await writes.until((w) => w.acknowledged() >= ackedAtReturn + 8, 10_000);
        await writes.stop();
        expect(writes.acknowledged()).toBeGreaterThan(ackedBeforeOutage);
        // Only 2xx and 503 were answered: no 500, no dropped connection to the app.
        for (const status of writes.statuses()) expect([200, 201, 503]).toContain(status);
        expect(writes.failures()).toEqual([]);

        // Every acknowledged write is in the database: each product made, each writer's last acknowledged name
        // (or one it tried after it: a write cut off at its commit may have landed without its answer).
        const made = writes.made();
        const { rows } = await sql.query<{ id: number; name: string }>(
          'SELECT id, name FROM products WHERE id = ANY($1::int[])',
          [[...made.keys(), ...writes.renamed().map((r) => r.id)]],
        );
        const names = new Map(rows.map((r) => [r.id, r.name]));
        for (const [id, name] of made) expect(names.get(id), `product ${id}`).toBe(name);
        for (const r of writes.renamed()) expect(r.triedAfter, `product ${r.id}`).toContain(names.get(r.id));

        // An edit through A after the outage is served fresh by B within a second.
        expect((await restName(b, shown.code)).status).toBe(200);
        const renamed = `Cà phê đổi tên sau sự cố (${mode}) ${Date.now()}`;
        expect(
          (await api(a.url, 'PUT', `/products/${shown.id}`, { token, body: { name: renamed } })).status,
        ).toBe(200);
        const edited = Date.now();
        await vi.waitFor(async () => expect((await restName(b, shown.code)).name).toBe(renamed), {
          timeout: FRESH_MS,
          interval: 20,
        });
        expect(Date.now() - edited).toBeLessThanOrEqual(FRESH_MS);

        // The scans answered before the outage were kept and are counted now.
        await vi.waitFor(
          async () => expect(await dashboard(a, scanned.companyId, scanned.id)).toBe(before + 6),
          {
            timeout: 5_000,
            interval: 100,
          },
        );
        expect(alive(a) && alive(b)).toBe(true);
        expect(a.stderr() + b.stderr()).not.toMatch(/Unhandled|uncaught/i);
      },
      90_000,
    );
  },
);
