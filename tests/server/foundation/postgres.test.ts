// The PostgreSQL foundation (decisions 153, 154) on a throwaway cluster: the template's migrations, the
// advisory lock around them, the transaction runner, the JS value types, the list-version trigger and the
// trigram search. Runs in every `npx vitest run` where PostgreSQL's binaries exist (CI installs them); where
// they do not, it says so on one line and how to get them.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Executor, shippedMigrations } from '#server/db/client.ts';
import { DatabaseTooNewError } from '#server/db/migrations.ts';
import {
  createPgDb,
  PG_MIGRATIONS_SCHEMA,
  PG_MIGRATIONS_TABLE,
  type PgDbHandle,
} from '#server/db/pg-client.ts';
import { pgTables } from '#server/db/schema/index.ts';
import { pgSearchMatch } from '#server/db/search.ts';
import { transaction } from '#server/db/transaction.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { foldVietnamese } from '#shared/text.ts';
import {
  emptyPgDatabase,
  freshPgDatabase,
  postgresAvailable,
  startTestPostgres,
  type TestPostgres,
} from '#tests/helpers/postgres.ts';

const { companies, products } = pgTables;
const available = postgresAvailable();

describe.skipIf(!available)('PostgreSQL', () => {
  let postgres: TestPostgres;
  let stopOwn: (() => Promise<void>) | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const shared = inject('postgres');
    if (shared) {
      postgres = shared;
    } else {
      const own = await startTestPostgres();
      postgres = own;
      stopOwn = own.stop;
    }
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await stopOwn?.();
  });

  /** A fresh migrated database and its handle, both removed after the file. */
  async function freshHandle(): Promise<PgDbHandle> {
    const database = await freshPgDatabase(postgres);
    cleanups.push(database.drop);
    const handle = await createPgDb(database.url);
    cleanups.push(() => handle.close());
    return handle;
  }

  async function appliedMigrations(url: string): Promise<{ hash: string; created_at: string }[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<{ hash: string; created_at: string }>(
        `SELECT hash, created_at FROM "${PG_MIGRATIONS_SCHEMA}"."${PG_MIGRATIONS_TABLE}" ORDER BY id`,
      );
      return result.rows;
    } finally {
      await client.end();
    }
  }

  const company = (db: Executor, name = 'Công ty Cà phê') =>
    db
      .insert(companies)
      .values({ name, nameSort: vietnameseSortKey(name) })
      .returning()
      .then((rows) => rows[0]!);

  const product = (db: Executor, companyId: number, name: string, code: string) =>
    db
      .insert(products)
      .values({
        companyId,
        name,
        nameSort: vietnameseSortKey(name),
        qrCode: code,
        searchText: foldVietnamese(name),
      })
      .returning()
      .then((rows) => rows[0]!);

  it('clones the migrated template: every shipped migration recorded, the tables and pg_trgm there', async () => {
    const database = await freshPgDatabase(postgres);
    cleanups.push(database.drop);
    const applied = await appliedMigrations(database.url);
    expect(applied.map((m) => m.hash)).toEqual(shippedMigrations('drizzle/pg').map((m) => m.hash));
    const handle = await createPgDb(database.url);
    cleanups.push(() => handle.close());
    const { rows } = await handle.pool.query<{ extname: string }>(
      "SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'",
    );
    expect(rows).toHaveLength(1);
    expect(await handle.db.select().from(products)).toEqual([]);
  });

  it('applies the migrations once: starting again on a migrated database changes nothing', async () => {
    const database = await emptyPgDatabase(postgres);
    cleanups.push(database.drop);
    const first = await createPgDb(database.url);
    await first.close();
    const once = await appliedMigrations(database.url);
    expect(once).toHaveLength(shippedMigrations('drizzle/pg').length);
    const second = await createPgDb(database.url);
    await second.close();
    expect(await appliedMigrations(database.url)).toEqual(once);
  });

  it('migrates once when several instances start together on an empty database (advisory lock)', async () => {
    const database = await emptyPgDatabase(postgres);
    cleanups.push(database.drop);
    const handles = await Promise.all([1, 2, 3].map(() => createPgDb(database.url)));
    for (const handle of handles) await handle.close();
    const applied = await appliedMigrations(database.url);
    expect(applied.map((m) => m.hash)).toEqual(shippedMigrations('drizzle/pg').map((m) => m.hash));
  });

  it('refuses a database migrated by a newer version', async () => {
    const handle = await freshHandle();
    await handle.pool.query(
      `INSERT INTO "${PG_MIGRATIONS_SCHEMA}"."${PG_MIGRATIONS_TABLE}" (hash, created_at) VALUES ('future', $1)`,
      [Date.UTC(2100, 0, 1)],
    );
    const url = `${postgres.adminUrl.replace(/\/postgres$/, '')}/${(await handle.pool.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db}`;
    await expect(createPgDb(url)).rejects.toBeInstanceOf(DatabaseTooNewError);
  });

  it('gives the name sort key to rows left without one, at start', async () => {
    const database = await freshPgDatabase(postgres);
    cleanups.push(database.drop);
    const first = await createPgDb(database.url);
    await first.db.insert(companies).values({ name: 'Đắk Lắk', nameSort: '' });
    await first.close();
    const second = await createPgDb(database.url);
    cleanups.push(() => second.close());
    const [row] = await second.db.select().from(companies);
    expect(row!.nameSort).toBe(vietnameseSortKey('Đắk Lắk'));
  });

  it('keeps the JS value types of the SQLite schema: Date, boolean, arrays, null', async () => {
    const { db } = await freshHandle();
    const created = await db
      .insert(companies)
      .values({ name: 'A', digitalLinkQr: true, createdAt: new Date('2026-11-25T01:02:03.456Z') })
      .returning();
    expect(created[0]!.digitalLinkQr).toBe(true);
    expect(created[0]!.createdAt).toEqual(new Date('2026-11-25T01:02:03.456Z'));
    expect(created[0]!.taxCode).toBeNull();
    const p = await db
      .insert(products)
      .values({
        companyId: created[0]!.id,
        name: 'Cà phê',
        qrCode: 'abc',
        images: ['/u/1.jpg', '/u/2.jpg'],
        tags: [],
      })
      .returning();
    const [read] = await db.select().from(products).where(eq(products.id, p[0]!.id));
    expect(read!.images).toEqual(['/u/1.jpg', '/u/2.jpg']);
    expect(read!.tags).toEqual([]);
    expect(read!.updatedAt).toBeInstanceOf(Date);
    expect(read!.status).toBe('INACTIVE');
  });

  it('holds the unique indexes of the SQLite schema, the expression and partial ones too', async () => {
    const { db } = await freshHandle();
    const c = await company(db);
    await product(db, c.id, 'Một', 'code-1');
    // drizzle wraps the driver's error; pg's own error, its cause, names the constraint.
    const violated = (write: Promise<unknown>) =>
      write.then(
        () => null,
        (error: { cause?: { constraint?: string } }) => error.cause?.constraint,
      );
    expect(await violated(product(db, c.id, 'Hai', 'CODE-1'))).toBe('products_qr_code_folded_unique');
    await db.insert(products).values({ companyId: c.id, name: 'Ba', qrCode: 'code-3', gtin: null });
    await db.insert(products).values({ companyId: c.id, name: 'Bốn', qrCode: 'code-4', gtin: null });
    await db
      .insert(products)
      .values({ companyId: c.id, name: 'Năm', qrCode: 'code-5', gtin: '08930000000011' });
    expect(
      await violated(
        db
          .insert(products)
          .values({ companyId: c.id, name: 'Sáu', qrCode: 'code-6', gtin: '08930000000011' }),
      ),
    ).toBe('products_gtin_unique');
  });

  describe('transaction runner', () => {
    it('commits every statement of the body together', async () => {
      const handle = await freshHandle();
      const ids = await transaction(handle.db, async (tx) => {
        const db = tx;
        const a = await company(db, 'A');
        const b = await company(db, 'B');
        return [a.id, b.id];
      });
      const rows = await handle.db.select().from(companies);
      expect(rows.map((r) => r.id).sort()).toEqual(ids.sort());
    });

    it('rolls every statement back when the body throws, and rethrows', async () => {
      const handle = await freshHandle();
      await expect(
        transaction(handle.db, async (tx) => {
          await company(tx, 'A');
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await handle.db.select().from(companies)).toEqual([]);
    });

    it('joins a nested call to the outer transaction, by the tx or by the database object', async () => {
      const handle = await freshHandle();
      await expect(
        transaction(handle.db, async (tx) => {
          const outer = await company(tx, 'Outer');
          // Inside the outer transaction: sees its uncommitted row, and is undone with it.
          const seen = await transaction(tx, async (inner) =>
            inner.select().from(companies).where(eq(companies.id, outer.id)),
          );
          expect(seen).toHaveLength(1);
          await transaction(handle.db, async (inner) => company(inner, 'Inner'));
          throw new Error('undo both');
        }),
      ).rejects.toThrow('undo both');
      expect(await handle.db.select().from(companies)).toEqual([]);
    });

    it('keeps uncommitted rows out of other connections, and runs one writing transaction at a time (decision 166)', async () => {
      const handle = await freshHandle();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let slowWrote!: () => void;
      const wrote = new Promise<void>((resolve) => {
        slowWrote = resolve;
      });
      const slow = transaction(handle.db, async (tx) => {
        await company(tx, 'Slow');
        slowWrote();
        await held;
      });
      await wrote;
      // Outside any transaction, the open one's row is not seen.
      expect(await handle.db.select().from(companies)).toEqual([]);
      // A second transaction, started while the first is open, waits for it (SQLite's single writer).
      let fastDone = false;
      const fast = transaction(handle.db, async (tx) => company(tx, 'Fast')).then(() => {
        fastDone = true;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(fastDone).toBe(false);
      release();
      await Promise.all([slow, fast]);
      const names = (await handle.db.select().from(companies).orderBy(companies.id)).map((c) => c.name);
      expect(names).toEqual(['Slow', 'Fast']);
    });
  });

  it("bumps the list versions of the product's companies and of row 0 on every write (trigger)", async () => {
    const handle = await freshHandle();
    const versions = async () =>
      Object.fromEntries(
        (
          await handle.pool.query<{ company_id: number; version: string }>(
            'SELECT company_id, version FROM product_list_versions ORDER BY company_id',
          )
        ).rows.map((r) => [r.company_id, Number(r.version)]),
      );
    const a = await company(handle.db, 'A');
    const b = await company(handle.db, 'B');
    expect(await versions()).toEqual({ 0: 1 });
    const p = await product(handle.db, a.id, 'Cà phê', 'p1');
    expect(await versions()).toEqual({ 0: 2, [a.id]: 1 });
    await handle.db.update(products).set({ name: 'Cà phê sữa' }).where(eq(products.id, p.id));
    expect(await versions()).toEqual({ 0: 3, [a.id]: 2 });
    await handle.db.update(products).set({ companyId: b.id }).where(eq(products.id, p.id));
    expect(await versions()).toEqual({ 0: 4, [a.id]: 3, [b.id]: 1 });
    await handle.db.delete(products).where(eq(products.id, p.id));
    expect(await versions()).toEqual({ 0: 5, [a.id]: 3, [b.id]: 2 });
    // Once per statement (decision 171): three rows of two companies in one INSERT bump each company once.
    const row = (companyId: number, name: string, code: string) => ({
      companyId,
      name,
      nameSort: vietnameseSortKey(name),
      qrCode: code,
      searchText: foldVietnamese(name),
    });
    await handle.db
      .insert(products)
      .values([row(a.id, 'Trà', 'p2'), row(a.id, 'Mật ong', 'p3'), row(b.id, 'Hạt điều', 'p4')]);
    expect(await versions()).toEqual({ 0: 6, [a.id]: 4, [b.id]: 3 });
    await handle.db.update(products).set({ status: 'ACTIVE' });
    expect(await versions()).toEqual({ 0: 7, [a.id]: 5, [b.id]: 4 });
    // A statement that writes no row changes no list.
    await handle.db.update(products).set({ name: 'Không có' }).where(eq(products.id, 987654));
    await handle.db.delete(products).where(eq(products.id, 987654));
    expect(await versions()).toEqual({ 0: 7, [a.id]: 5, [b.id]: 4 });
  });

  it('searches the folded text like SQLite: each word starts a word, through the trigram index', async () => {
    const handle = await freshHandle();
    const c = await company(handle.db);
    await product(handle.db, c.id, 'Cà phê Buôn Ma Thuột Đắk Lắk', 'p1');
    await product(handle.db, c.id, 'Trà xanh Thái Nguyên', 'p2');
    await product(handle.db, c.id, 'Hạt điều (rang muối)', 'p3');
    const search = async (text: string) => {
      const words = foldVietnamese(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      const rows = await handle.db
        .select({ name: products.name })
        .from(products)
        .where(pgSearchMatch(products.searchText, words)!)
        .orderBy(products.id);
      return rows.map((r) => r.name);
    };
    expect(await search('dak lak')).toEqual(['Cà phê Buôn Ma Thuột Đắk Lắk']);
    expect(await search('ca phe')).toEqual(['Cà phê Buôn Ma Thuột Đắk Lắk']);
    expect(await search('Đắk')).toEqual(['Cà phê Buôn Ma Thuột Đắk Lắk']);
    expect(await search('dieu rang')).toEqual(['Hạt điều (rang muối)']);
    expect(await search('th')).toEqual(['Cà phê Buôn Ma Thuột Đắk Lắk', 'Trà xanh Thái Nguyên']);
    // A word must start a word, as an FTS5 prefix term must start a token.
    expect(await search('ak')).toEqual([]);
    expect(await search('ca tra')).toEqual([]);
    expect(pgSearchMatch(products.searchText, [])).toBeNull();

    // The planner answers it from the trigram index once a sequential scan is off the table.
    const client = await handle.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const where = handle.db
        .select({ id: products.id })
        .from(products)
        .where(pgSearchMatch(products.searchText, ['dak', 'lak'])!)
        .toSQL();
      const plan = await client.query({ text: `EXPLAIN ${where.sql}`, values: where.params });
      expect(plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n')).toContain(
        'products_search_trgm_idx',
      );
    } finally {
      client.release();
    }
  });

  it('counts with drizzle helpers as numbers', async () => {
    const handle = await freshHandle();
    await company(handle.db, 'A');
    const [row] = await handle.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies);
    expect(row!.n).toBe(1);
  });
});
