import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { adminQuery, type PostgresCluster, startPostgres } from '#scripts/pg-test.mjs';
import { postgresAvailable } from '#tests/helpers/postgres.ts';
import { api, type RealServer, startRealServer } from '#tests/server/security/real-server.ts';
import { INSTANCE, instanceEnv } from '#tests/server/multi-instance/instance-env.ts';

/**
 * An instance started while its PostgreSQL is down (decision 178): it listens at once, says `starting` with
 * the reason on /api/health, is not ready, answers everything else 503 with Retry-After, and stops cleanly
 * on SIGTERM; when the database comes, it migrates the empty database, does its start-up work and serves,
 * without a restart. A supervisor's restart loop is never what keeps it down.
 */
const available = postgresAvailable();
const ADMIN = { email: 'quan-tri@example.com', password: 'quan-tri-mat-khau-2026' };

describe.skipIf(!available)(
  `[faults][PostgreSQL] an instance started while the database is down${available ? '' : ' (skipped: no PostgreSQL binaries, see the line above)'}`,
  () => {
    let cluster: PostgresCluster;
    let env: Record<string, string>;

    beforeAll(async () => {
      cluster = await startPostgres();
      // An empty database, never migrated; then the server goes away.
      await adminQuery(cluster.url('postgres'), 'CREATE DATABASE app');
      env = instanceEnv(cluster.url('app'), { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await cluster.stopServer('fast');
    }, 60_000);

    afterAll(async () => {
      await cluster?.stop();
    });

    it('listens and says it is starting, refuses the rest with 503 and Retry-After, then serves once the database comes', async () => {
      let server: RealServer | undefined;
      try {
        server = await startRealServer({ ...env, INSTANCE_ID: 'A' }, undefined, INSTANCE);
        const s = server;
        expect(s.lines.some((l) => l.includes('"event":"database.waiting"'))).toBe(true);

        const health = await api(s.url, 'GET', '/health');
        expect(health.status).toBe(200);
        expect(health.body.data).toMatchObject({ status: 'starting', ready: false });
        expect(health.body.data.reasons.map((r: { key: string }) => r.key).sort()).toEqual([
          'database',
          'starting',
        ]);

        const ready = await api(s.url, 'GET', '/health/ready');
        expect(ready.status).toBe(503);
        expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(ready.body.errors).toEqual({
          starting: messages.health.reasons.starting,
          database: messages.health.reasons.database,
        });

        // Anything that needs the database: a scan, a sign-in, a page.
        for (const [method, path, body] of [
          ['GET', '/products/qr-codes/ABC123', undefined],
          ['POST', '/auth/login', ADMIN],
        ] as const) {
          const res = await api(s.url, method, path, { body });
          expect(res.status, path).toBe(503);
          expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
          expect(res.body.message, path).toBe(messages.errors.starting);
        }
        expect((await fetch(`${s.url}/redirect/ABC123`)).status).toBe(503);

        await cluster.startServer();
        await vi.waitFor(async () => expect((await api(s.url, 'GET', '/health/ready')).status).toBe(200), {
          timeout: 10_000,
          interval: 50,
        });
        // (The log is written asynchronously: its line may come a moment after the answer.)
        await vi.waitFor(() =>
          expect(s.lines.some((l) => l.includes('"event":"database.ready"'))).toBe(true),
        );
        expect((await api(s.url, 'GET', '/health')).body.data).toMatchObject({
          status: 'ok',
          ready: true,
          reasons: [],
        });
        // Migrated, its first SUPER_ADMIN and the demo data made: the start-up work ran, once.
        const signedIn = await api(s.url, 'POST', '/auth/login', { body: ADMIN });
        expect(signedIn.status).toBe(200);
        const list = await api(s.url, 'GET', '/public/companies/1/products?limit=1');
        expect(list.status).toBe(200);
        expect(list.body.data.products.length).toBe(1);
      } finally {
        expect(await server?.stop()).toBe(0);
      }
    }, 60_000);

    it('stops cleanly on SIGTERM while it is still waiting for the database', async () => {
      await cluster.stopServer('immediate');
      const server = await startRealServer({ ...env, INSTANCE_ID: 'B' }, undefined, INSTANCE);
      expect((await api(server.url, 'GET', '/health')).body.data.status).toBe('starting');
      const asked = Date.now();
      expect(await server.stop()).toBe(0);
      expect(Date.now() - asked).toBeLessThan(5_000);
      expect(server.stderr()).toBe('');
      await cluster.startServer();
    }, 60_000);
  },
);
