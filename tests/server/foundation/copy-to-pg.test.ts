// Moving from one server to several (docs/deploy.md): every row of a SQLite database copied into PostgreSQL,
// read back equal through both schemas. Runs where PostgreSQL's binaries exist (CI installs them); elsewhere it
// says so on one line.
import { asc, eq, getTableName, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CopyRefusedError, copySqliteToPg } from '#server/db/copy-to-pg.ts';
import { createPgDb, type PgDbHandle } from '#server/db/pg-client.ts';
import { pgTables, sqliteTables } from '#server/db/schema/index.ts';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { engine } from '#tests/helpers/deps.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import {
  freshPgDatabase,
  postgresAvailable,
  startTestPostgres,
  type TestPostgres,
} from '#tests/helpers/postgres.ts';

const available = postgresAvailable();

/** A SQLite app with a bit of everything: companies, users, products with timelines, lots, codes, scans, logs. */
async function sqliteWorld() {
  const api = await createTestApi();
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(api.deps, admin);
  const product = await caller.products.create({
    name: 'Cà phê Arabica Cầu Đất',
    status: 'ACTIVE',
    tags: ['rang mộc', 'a"b'],
    trackings: [
      { activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01', description: 'Hái tay' },
      { activity: 'Rang', location: 'Đà Lạt', date: '2026-10-05', description: '' },
    ],
  });
  await caller.products.create({ name: 'Trà Shan Tuyết', status: 'INACTIVE' });
  const lot = await caller.lots.create({
    productId: product.id,
    code: 'L2405A',
    productionDate: '2026-05-01',
    events: [{ activity: 'Đóng gói', location: 'Đà Lạt', date: '2026-05-02', description: '' }],
  });
  await caller.lots.recall({ id: lot.id, reason: 'Nấm mốc' });
  await caller.lots.createQrCode({ id: lot.id });
  await api.call('GET', `/products/qr-codes/${product.qr_code}`);
  await callerFor(api.deps, admin).scanLogs.add({ productId: product.id });
  await flushScanEvents(api.deps);
  // Serials, keyed by (batch_id, seq) and no id (decision 214): two batches, more rows than a page of 3.
  const { serialBatches, serials } = api.deps.db.tables;
  for (const [b, prefix] of [
    [1, 'AAAAAA'],
    [2, 'BBBBBB'],
  ] as const) {
    const [batch] = await api.deps.db
      .insert(serialBatches)
      .values({
        companyId: admin.companyId as number,
        productId: product.id,
        count: 4,
        status: 'READY',
        generated: 4,
        pinKey: `k${b}`,
      })
      .returning();
    await api.deps.db
      .insert(serials)
      .values([1, 2, 3, 4].map((seq) => ({ batchId: batch!.id, seq, serial: `${prefix}AAAAA${seq + 1}` })));
  }
  return api.deps;
}

/** A table's rows in its key's order: the row id, or the serials' (batch_id, seq). */
function keyOrder(table: unknown) {
  const t = table as { id?: never; batchId: never; seq: never };
  return t.id ? [asc(t.id)] : [asc(t.batchId), asc(t.seq)];
}

const sqliteTableList = Object.entries(sqliteTables) as Array<[string, SQLiteTable]>;

describe.skipIf(!available || engine !== 'sqlite')(
  'copying a SQLite database into PostgreSQL (in the SQLite run: its source is the app on SQLite)',
  () => {
    let postgres: TestPostgres;
    let stopOwn: (() => Promise<void>) | undefined;
    const handles: PgDbHandle[] = [];
    const drops: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      const shared = inject('postgres');
      if (shared) postgres = shared;
      else {
        const own = await startTestPostgres();
        postgres = own;
        stopOwn = own.stop;
      }
    }, 120_000);
    afterAll(async () => {
      for (const h of handles) await h.close();
      for (const drop of drops) await drop();
      await stopOwn?.();
    });

    async function freshTarget() {
      const { url, drop } = await freshPgDatabase(postgres);
      drops.push(drop);
      const handle = await createPgDb(url, { max: 2 });
      handles.push(handle);
      return handle;
    }

    it('copies every row of every table, equal when read back through both schemas; ids continue after the copy', async () => {
      const deps = await sqliteWorld();
      const target = await freshTarget();
      const result = await copySqliteToPg(deps.db, target.pg, { batch: 3 });
      let total = 0;
      for (const [key, table] of sqliteTableList) {
        const name = getTableName(table);
        const pgTable = (pgTables as unknown as Record<string, PgTable>)[key]!;
        const source = await deps.db
          .select()
          .from(table)
          .orderBy(...keyOrder(table));
        const copied = await target.pg
          .select()
          .from(pgTable)
          .orderBy(...keyOrder(pgTable));
        expect(copied, name).toEqual(source);
        expect(result.tables[name], name).toBe(source.length);
        total += source.length;
      }
      // The world wrote something into most tables: the comparison above is not of empty lists.
      expect(total).toBeGreaterThan(10);
      expect(result.tables).toMatchObject({ lots: 1, lot_events: 1, tracking_entries: 2 });
      expect(result.tables.products).toBe(2);
      const [before] = await target.db
        .select({ id: pgTables.companies.id })
        .from(pgTables.companies)
        .orderBy(asc(pgTables.companies.id));
      const [added] = await target.db
        .insert(pgTables.companies)
        .values({ name: 'HTX mới' })
        .returning({ id: pgTables.companies.id });
      expect(added!.id).toBeGreaterThan(before!.id);
    });

    it("adds up a scan window's rows SQLite kept apart (one per flush), in one batch and across batches", async () => {
      const deps = await sqliteWorld();
      const [scanned] = await deps.db.select().from(sqliteTables.scanEvents).limit(1);
      const window = new Date('2026-11-25T08:00:00.250Z');
      const key = {
        productId: scanned!.productId,
        companyId: scanned!.companyId,
        device: 'mobile' as const,
        createdAt: window,
      };
      // Two flushes of one window for a visitor (user and lot NULL), a third for the same key in a later batch.
      await deps.db.insert(sqliteTables.scanEvents).values([
        { ...key, scans: 3 },
        { ...key, scans: 4 },
        { ...key, createdAt: new Date(window.getTime() + 250), scans: 1 },
        { ...key, scans: 5 },
      ]);
      for (const batch of [2, 1_000]) {
        const target = await freshTarget();
        await copySqliteToPg(deps.db, target.pg, { batch });
        const rows = await target.db
          .select({ createdAt: pgTables.scanEvents.createdAt, scans: pgTables.scanEvents.scans })
          .from(pgTables.scanEvents)
          .where(eq(pgTables.scanEvents.device, 'mobile'))
          .orderBy(asc(pgTables.scanEvents.createdAt));
        expect(rows, `batch ${batch}`).toEqual([
          { createdAt: window, scans: 12 },
          { createdAt: new Date(window.getTime() + 250), scans: 1 },
        ]);
        // Every other row came over as it was.
        const others = await target.db
          .select()
          .from(pgTables.scanEvents)
          .where(ne(pgTables.scanEvents.device, 'mobile'));
        expect(others.length, `batch ${batch}`).toBeGreaterThan(0);
      }
    });

    it('refuses a target that already holds rows, and writes nothing', async () => {
      const deps = await sqliteWorld();
      const target = await freshTarget();
      await target.db.insert(pgTables.documents).values({ key: 'termsAndServices', title: 'Điều khoản' });
      await expect(copySqliteToPg(deps.db, target.pg)).rejects.toThrow(CopyRefusedError);
      expect(await target.db.select().from(pgTables.companies)).toEqual([]);
    });
  },
);
