import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DEFAULT_DOCUMENTS } from '#server/seed/default-documents.ts';
import { DEMO_ADMIN_EMAIL } from '#server/seed/seed.ts';
import {
  freshPgDatabase,
  postgresAvailable,
  startTestPostgres,
  type TestPostgres,
} from '#tests/helpers/postgres.ts';
import { api, type Json, type RealServer, startRealServer } from '#tests/server/security/real-server.ts';
import { INSTANCE, instanceEnv } from './instance-env.ts';

/**
 * Two instances of the app on one PostgreSQL database behave as one (decisions 156-159): what one writes the
 * other serves at once, limits count the attempts made on both, and scans recorded on both add up. Each is a
 * real process (tests/server/multi-instance/instance.ts) with its own DATA_DIR, the same JWT_SECRET and a
 * shared UPLOADS_DIR, as docs/deploy.md describes a many-server deployment.
 */
const provided = inject('postgres');
// Without PostgreSQL's binaries this prints the one line saying how to get them (and the title says so too).
const available = provided !== undefined || postgresAvailable();

const ADMIN = { email: 'quan-tri@example.com', password: 'quan-tri-mat-khau-2026' };
/** How long B may take to serve what A wrote: "at once", within the second of decision 158. */
const FRESH_MS = 1_000;

describe.skipIf(!available)(
  `[multi-instance] two instances on one PostgreSQL${available ? '' : ' (skipped: no PostgreSQL binaries, see the line above)'}`,
  () => {
    let postgres: TestPostgres;
    let ownCluster: { stop(): Promise<void> } | undefined;
    let database: { url: string; drop(): Promise<void> };
    let a: RealServer;
    let b: RealServer;
    let token: string;

    beforeAll(async () => {
      if (provided) postgres = provided;
      else {
        const started = await startTestPostgres();
        ownCluster = started;
        postgres = started;
      }
      database = await freshPgDatabase(postgres);
      // Configured alike, as behind a load balancer, and started together on an empty database: both
      // migrate, install the change triggers and create the first SUPER_ADMIN, the default documents and
      // the demo data, racing.
      const alike = instanceEnv(database.url, {
        SCAN_FLUSH_MS: '50',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      [a, b] = await Promise.all([
        startRealServer({ ...alike, INSTANCE_ID: 'A' }, undefined, INSTANCE),
        startRealServer({ ...alike, INSTANCE_ID: 'B' }, undefined, INSTANCE),
      ]);
      const signedIn = await api(a.url, 'POST', '/auth/login', { body: ADMIN });
      expect(signedIn.status).toBe(200);
      token = signedIn.body.data.session.accessToken;
    }, 120_000);

    afterAll(async () => {
      const codes = await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
      await ownCluster?.stop();
      // Each instance flushed its scans, closed its feed and pool, and exited cleanly.
      expect(codes).toEqual([0, 0]);
    }, 60_000);

    it('start together safely: the start-up data is made once, whoever came first', async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const count = async (query: string) => Number((await client.query<{ n: string }>(query)).rows[0]?.n);
        expect(await count("SELECT count(*) AS n FROM users WHERE role = 'SUPER_ADMIN'")).toBe(1);
        expect(await count(`SELECT count(*) AS n FROM users WHERE email = '${DEMO_ADMIN_EMAIL}'`)).toBe(1);
        expect(await count('SELECT count(*) AS n FROM companies')).toBe(1);
        const sections = Object.values(DEFAULT_DOCUMENTS).reduce((n, s) => n + s.length, 0);
        expect(await count('SELECT count(*) AS n FROM documents')).toBe(sections);
      } finally {
        await client.end();
      }
      // One of them did the work; both serve.
      const created = [a, b].filter((s) => s.lines.some((l) => l.includes('"event":"seed.demo"')));
      expect(created).toHaveLength(1);
      for (const server of [a, b]) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    });

    /** An ACTIVE product of the demo company, with its printed code, read through the API. */
    async function demoProduct(
      server: RealServer,
      index: number,
    ): Promise<{ id: number; code: string; companyId: number }> {
      const list = await api(server.url, 'GET', '/public/companies/1/products?limit=10');
      expect(list.status).toBe(200);
      const id = (list.body.data.products as Json[])[index].id as number;
      const product = await api(server.url, 'GET', `/products/${id}`, { token });
      expect(product.status).toBe(200);
      return { id, code: product.body.data.qr_code, companyId: product.body.data.companyId };
    }

    const restName = async (server: RealServer, code: string) =>
      (await api(server.url, 'GET', `/products/qr-codes/${code}`)).body.data?.name;
    /** products.resolve exactly as the client's batch link sends it. */
    const trpcName = async (server: RealServer, code: string) => {
      const input = encodeURIComponent(JSON.stringify({ 0: { code } }));
      const res = await fetch(`${server.url}/api/trpc/products.resolve?batch=1&input=${input}`);
      const body = (await res.json()) as Json;
      return body[0]?.result?.data?.name;
    };
    const page = async (server: RealServer, code: string) =>
      (await fetch(`${server.url}/redirect/${code}`)).text();

    it('serves a product edited through A fresh from B at once: REST, tRPC and the server-rendered page', async () => {
      const product = await demoProduct(a, 0);
      // B keeps the answer and its page first, so that a stale one would be what it serves.
      const before = await restName(b, product.code);
      expect(before).toBeTruthy();
      expect(await trpcName(b, product.code)).toBe(before);
      await page(b, product.code);
      expect(await page(b, product.code)).toContain(`<title>${before} | Truy xuất nguồn gốc</title>`);

      const renamed = `Cà phê đổi tên qua A ${Date.now()}`;
      const edited = await api(a.url, 'PUT', `/products/${product.id}`, { token, body: { name: renamed } });
      expect(edited.status).toBe(200);
      const started = Date.now();
      await vi.waitFor(
        async () => {
          expect(await restName(b, product.code)).toBe(renamed);
          expect(await trpcName(b, product.code)).toBe(renamed);
          expect(await page(b, product.code)).toContain(`<title>${renamed} | Truy xuất nguồn gốc</title>`);
        },
        { timeout: FRESH_MS, interval: 25 },
      );
      expect(Date.now() - started).toBeLessThanOrEqual(FRESH_MS);
      // And A, whose own write reaches it through the same feed.
      await vi.waitFor(async () => expect(await restName(a, product.code)).toBe(renamed), {
        timeout: FRESH_MS,
      });
    });

    it('counts sign-in failures made on both instances together: split across A and B they reach the block', async () => {
      const wrong = { email: ADMIN.email, password: 'sai-mat-khau-hoan-toan' };
      // Ten failures per address and account (server/security/limits.ts), five through each instance:
      // counted apart, neither would block.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await api(a.url, 'POST', '/auth/login', { body: wrong })).status);
        statuses.push((await api(b.url, 'POST', '/auth/login', { body: wrong })).status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      // The eleventh, even with the right password, is refused on either instance.
      for (const server of [a, b]) {
        const blocked = await api(server.url, 'POST', '/auth/login', { body: ADMIN });
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('adds up scans recorded on both instances in the statistics read from either', async () => {
      const product = await demoProduct(a, 1);
      const dashboard = async (server: RealServer) => {
        const res = await api(
          server.url,
          'GET',
          `/companies/dashboard/statistic?companyId=${product.companyId}`,
          { token },
        );
        expect(res.status).toBe(200);
        const top = (res.body.data.topProducts as Json[]).find((p) => p.id === product.id);
        return {
          total: res.body.data.totalScans as number,
          product: (top?.scans as number | undefined) ?? 0,
        };
      };
      // Scans of the first test may still be in B's buffer: let them land before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = await dashboard(a);
      const scan = (server: RealServer) => api(server.url, 'GET', `/products/qr-codes/${product.code}`);
      // In parallel, so that both instances count the same product in the same windows.
      const answers = await Promise.all(
        [...Array(7)].map(() => scan(a)).concat([...Array(5)].map(() => scan(b))),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
      for (const server of [a, b]) {
        await vi.waitFor(
          async () =>
            expect(await dashboard(server)).toEqual({
              total: before.total + 12,
              product: before.product + 12,
            }),
          { timeout: 2_000, interval: 50 },
        );
      }
    });
  },
);
