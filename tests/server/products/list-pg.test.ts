import { readFileSync } from 'node:fs';
// The product list, the users' and companies' searches and the Vietnamese name order answer on PostgreSQL
// exactly what they answer on SQLite (decisions 164, 165): the same rows written through the same services on
// both engines (one app each, tests/helpers/engines.ts), then every sort, filter, search, scope and
// page compared, twice (computed, then kept). Starts its own PostgreSQL cluster unless the run has one
// (TEST_ENGINE=pg); where PostgreSQL's binaries are missing it says so on one line and skips.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgFold, pgFoldTable } from '#server/db/search.ts';
import { transaction } from '#server/db/transaction.ts';
import { listCompanies } from '#server/services/companies/profile.ts';
import { listProducts } from '#server/services/products/list.ts';
import { insertProductRecord } from '#server/services/products/records.ts';
import { listUsers } from '#server/services/users/list.ts';
import { COMPANY_SORT_FIELDS, companyListInput } from '#shared/schemas/companies.ts';
import { PRODUCT_SORT_FIELDS, productListInput } from '#shared/schemas/products.ts';
import { USER_SORT_FIELDS, userListInput } from '#shared/schemas/users.ts';
import { compareVietnamese, vietnameseSortKey } from '#shared/sort-key.ts';
import { foldVietnamese } from '#shared/text.ts';
import { type EngineApp, pgApp, sqliteApp } from '#tests/helpers/engines.ts';
import {
  freshPgDatabase,
  postgresAvailable,
  startTestPostgres,
  type TestPostgres,
} from '#tests/helpers/postgres.ts';

const available = postgresAvailable();

/**
 * The shipped PostgreSQL migration of decision 164 (drizzle/pg/0004_category_nulls_first.sql): the text columns
 * the lists sort by compare byte-wise, as server/db/order.ts asks, so their indexes serve the sorts; the
 * nullable category is indexed NULLs first, SQLite's place for NULL. The test switched the columns to another
 * collation first, so it applies the file again to see what it does.
 */
const COLLATION_MIGRATION = readFileSync(
  new URL('../../../drizzle/pg/0004_category_nulls_first.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .join('\n');

/** Company names whose byte order is not their Vietnamese order (decision 085), with e-mails to search. */
const COMPANIES = [
  ['Zô Zô', 'zo@example.com'],
  ['Công ty Đặng Gia', 'dang.gia@example.com'],
  ['Ăn vặt 100%', 'an_vat@example.com'],
  ['công ty an phát', 'anphat@example.com'],
  ['Cà phê Nguyễn Văn', 'NGUYEN@example.com'],
  ['Hợp tác xã a_b', 'htx@example.com'],
] as const;

/** User names: marks, đ, case, doubled spaces, % and _ as plain characters; e-mails a locale orders otherwise. */
const USERS = [
  ['Nguyễn Văn An', 'an@example.com', 'nguyenvanan'],
  ['NGUYỄN THỊ BÌNH', 'binh@example.com', null],
  ['Đặng Văn Cường', 'cuong@example.com', 'dangcuong'],
  ['Đăng Khoa', 'khoa@example.com', null],
  ['dang tuan', 'tuan@example.com', 'tuan_d'],
  ['Lê  Văn  Tám', 'tam@example.com', null],
  ['Trần 100% Thật', 'a@example.com', 'tran100'],
  ['Ông Ánh', 'a.b@example.com', 'ong_anh'],
  ['Zoe', 'a_b@example.com', null],
  ['Ấm Trà', 'amtra@example.com', null],
] as const;

/** Categories that byte order and a locale's order set apart (case, marks, spaces), and none. */
const CATEGORIES = ['Cà phê', 'Chè', 'Ca cao', 'cà phê', 'Trà', null] as const;
const NAMES = [
  'Cà phê Robusta',
  'Bánh đậu xanh',
  'Ăn vặt',
  'Zô',
  'Cà phê Đắk Lắk',
  'cà phê sữa',
  'Trà Shan tuyết',
];

/** The same rows on an engine, through its services and tables, in the same order (so the same ids). */
async function fill(app: EngineApp) {
  const { db } = app.deps;
  const { companies, users, products } = app.deps.db.tables;
  const companyIds: number[] = [];
  for (const [name, email] of COMPANIES) {
    const [row] = await db
      .insert(companies)
      .values({ name, nameSort: vietnameseSortKey(name), email, createdAt: new Date(1_700_000_000_000) })
      .returning();
    companyIds.push(row!.id);
  }
  let i = 0;
  for (const [name, email, username] of USERS) {
    await db.insert(users).values({
      name,
      nameSort: vietnameseSortKey(name),
      email,
      username,
      passwordHash: 'x',
      role: (['COMPANY_ADMIN', 'EMPLOYEE', 'USER'] as const)[i % 3],
      status: (['ACTIVE', 'PENDING', 'DISABLED'] as const)[i % 3],
      companyId: i % 4 === 3 ? null : companyIds[i % 2]!,
      deletedAt: i === 9 ? new Date(1_700_000_000_000) : null,
      createdAt: new Date(1_700_000_000_000 + (i % 3) * 1000),
      updatedAt: new Date(1_700_000_000_000 + (i % 4) * 1000),
    });
    i++;
  }
  const productIds: number[] = [];
  for (const companyId of companyIds.slice(0, 3)) {
    for (let k = 0; k < 14; k++, i++) {
      const made = await transaction(db, (tx) =>
        insertProductRecord(tx, companyId, {
          name: `${NAMES[i % NAMES.length]} ${i % 3}`,
          category: CATEGORIES[i % CATEGORIES.length],
          status: i % 3 === 0 ? 'INACTIVE' : 'ACTIVE',
          origin: i % 2 ? 'Đắk Lắk' : 'Hà Giang',
        }),
      );
      productIds.push(made.id);
    }
  }
  // Dates in another order than the ids, with ties, so the sorts' tiebreakers matter.
  for (const id of productIds) {
    await db
      .update(products)
      .set({
        createdAt: new Date(1_700_000_000_000 + ((id * 37) % 11) * 1000),
        updatedAt: new Date(1_700_000_000_000 + ((id * 13) % 7) * 1000),
      })
      .where(eq(products.id, id));
  }
  return { companyIds };
}

const listed = async (app: EngineApp, scope: number | null, raw: Record<string, unknown>) => {
  const r = await listProducts(app.deps, scope, productListInput.parse(raw));
  return { names: r.products.map((p) => `${p.id} ${p.name}`), total: r.total };
};
const usersListed = async (app: EngineApp, companyId: number | null, raw: Record<string, unknown>) => {
  const scope = { actor: { id: 0, role: 'SUPER_ADMIN' }, companyId } as never;
  const r = await listUsers(app.deps, scope, userListInput.parse(raw));
  return { names: r.users.map((u) => u.name), count: r.count };
};
const companiesListed = async (app: EngineApp, raw: Record<string, unknown>) => {
  const r = await listCompanies(app.deps, companyListInput.parse(raw));
  return { names: r.companies.map((c) => c.name), total: r.total };
};

/** A pool whose queries are noted, so a test can EXPLAIN what a service ran. */
function noteQueries(pool: pg.Pool): { text: string; values: unknown[] }[] {
  const noted: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    values?: unknown,
  ) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    noted.push({
      text,
      values: (values as unknown[] | undefined) ?? (config as { values?: unknown[] }).values ?? [],
    });
    return query(config, values);
  };
  return noted;
}

/**
 * The plan of a noted query. Without a sequential scan when `indexOnly`: on a test's few thousand short rows
 * the planner may read the whole table, which says nothing of whether an index can answer the query.
 */
async function explain(
  pool: pg.Pool,
  q: { text: string; values: unknown[] },
  indexOnly = false,
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query(`SET enable_seqscan = ${indexOnly ? 'off' : 'on'}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN ${q.text}`,
      values: q.values,
    });
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
}

describe.skipIf(!available)(
  '[products][users][companies] lists and searches on PostgreSQL answer as on SQLite',
  () => {
    let postgres: TestPostgres;
    let stopOwn: (() => Promise<void>) | undefined;
    const cleanups: (() => Promise<void>)[] = [];
    let lite: EngineApp;
    let onPg: EngineApp;
    let companyIds: number[];

    /** A fresh migrated PostgreSQL database and an app on it, both removed after the file. */
    async function freshPg(): Promise<EngineApp> {
      const database = await freshPgDatabase(postgres);
      cleanups.push(database.drop);
      const app = await pgApp(database.url);
      cleanups.push(app.close);
      return app;
    }

    beforeAll(async () => {
      const shared = inject('postgres');
      if (shared) postgres = shared;
      else {
        const own = await startTestPostgres();
        postgres = own;
        stopOwn = own.stop;
      }
      lite = await sqliteApp();
      cleanups.push(lite.close);
      onPg = await freshPg();
      const pool = (onPg.deps.store as { pool: pg.Pool }).pool;
      // A cluster whose locale orders text otherwise than bytes (ICU's root collation: case and marks
      // second, spaces ignored first): every sorted text column takes it, as a server's locale would give it.
      const { rows } = await pool.query("SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'");
      if (rows.length) {
        await pool.query(`ALTER TABLE products ALTER COLUMN name_sort TYPE text COLLATE "und-x-icu",
        ALTER COLUMN status TYPE text COLLATE "und-x-icu", ALTER COLUMN category TYPE text COLLATE "und-x-icu"`);
        await pool.query(`ALTER TABLE users ALTER COLUMN name_sort TYPE text COLLATE "und-x-icu",
        ALTER COLUMN email TYPE text COLLATE "und-x-icu", ALTER COLUMN role TYPE text COLLATE "und-x-icu",
        ALTER COLUMN status TYPE text COLLATE "und-x-icu"`);
        await pool.query('ALTER TABLE companies ALTER COLUMN name_sort TYPE text COLLATE "und-x-icu"');
      }
      companyIds = (await fill(lite)).companyIds;
      expect((await fill(onPg)).companyIds).toEqual(companyIds);
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await stopOwn?.();
    });

    it('the data tells the orders apart: the locale sorts categories otherwise than bytes', async () => {
      const pool = (onPg.deps.store as { pool: pg.Pool }).pool;
      const { rows } = await pool.query<{ category: string }>(
        'SELECT DISTINCT category FROM products WHERE category IS NOT NULL ORDER BY category',
      );
      const bytes = [...new Set(CATEGORIES.filter((c) => c !== null))].sort((a, b) =>
        Buffer.compare(Buffer.from(a), Buffer.from(b)),
      );
      const { rows: icu } = await pool.query("SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'");
      if (icu.length) expect(rows.map((r) => r.category)).not.toEqual(bytes);
      // The list sorts them byte-wise, NULL first ascending, as SQLite does.
      const page = await listProducts(
        onPg.deps,
        null,
        productListInput.parse({ sortBy: 'category', limit: 100 }),
      );
      const seen = page.products.map((p) => p.category).filter((c, i, all) => c !== all[i - 1]);
      expect(seen).toEqual([null, ...bytes]);
    });

    it('[products]: every scope, filter, sort, order, search and page: the same rows, order and total, computed and kept', async () => {
      let shapes = 0;
      for (const scope of [null, companyIds[1]!]) {
        for (const companyId of scope === null ? [undefined, companyIds[0]] : [undefined]) {
          for (const sortBy of PRODUCT_SORT_FIELDS) {
            for (const orderBy of ['asc', 'desc'] as const) {
              for (const status of [undefined, 'ACTIVE', 'INACTIVE'] as const) {
                for (const category of [undefined, 'Cà phê', 'cà phê']) {
                  for (const search of [undefined, 'ca phe', 'dak lak', 'khong co']) {
                    for (const page of [1, 3]) {
                      const raw = { page, limit: 4, sortBy, orderBy, status, category, search, companyId };
                      const expected = await listed(lite, scope, raw);
                      expect(await listed(onPg, scope, raw), JSON.stringify(raw)).toEqual(expected);
                      expect(await listed(onPg, scope, raw), JSON.stringify(raw)).toEqual(expected);
                      shapes++;
                    }
                  }
                }
              }
            }
          }
        }
      }
      expect(shapes).toBe(3 * 5 * 2 * 3 * 3 * 4 * 2);
    }, 120_000);

    it('[products]: "dak lak" finds "Đắk Lắk", "ca phe" finds "Cà phê", and a word must start a word', async () => {
      const all = async (search: string) =>
        (await listProducts(onPg.deps, null, productListInput.parse({ search, limit: 100 }))).products;
      const dakLak = await all('dak lak');
      const everything = await all('');
      expect(everything).toHaveLength(42);
      expect(dakLak.length).toBe(
        everything.filter((p) => /dak lak/.test(foldVietnamese(`${p.name} ${p.origin}`))).length,
      );
      for (const p of dakLak) expect(`${p.name} ${p.origin}`).toMatch(/Đắk Lắk/);
      const caPhe = await all('Cà PHÊ');
      expect(caPhe.length).toBeGreaterThan(0);
      for (const p of caPhe) expect(foldVietnamese(`${p.name} ${p.category ?? ''}`)).toContain('ca phe');
      expect(await all('ak lak')).toEqual([]);
      for (const search of ['dak lak', 'Cà PHÊ', 'ak lak', 'robusta 1', '"; DROP', 'sh tuy']) {
        expect(await listed(onPg, null, { search, limit: 100 }), search).toEqual(
          await listed(lite, null, { search, limit: 100 }),
        );
      }
    });

    it('[products]: a write the instance never saw (another connection) is seen on the next list: the version is read as a number', async () => {
      const app = await freshPg();
      const [company] = await app.deps.db
        .insert(app.deps.db.tables.companies)
        .values({ name: 'Cà phê', nameSort: vietnameseSortKey('Cà phê') })
        .returning();
      const other = new pg.Client({ connectionString: app.url });
      await other.connect();
      cleanups.push(() => other.end());
      const version = await app.deps.productLists.get().queries.version(null);
      expect(typeof version).toBe('number');
      const search = { search: 'ca phe' };
      expect((await listed(app, company!.id, search)).total).toBe(0);
      expect((await listed(app, null, {})).total).toBe(0);
      await other.query(
        `INSERT INTO products (company_id, name, name_sort, status, qr_code, search_text, created_at, updated_at)
       VALUES ($1, 'Cà phê Culi', $2, 'ACTIVE', 'QR-OTHER-1', 'ca phe culi', now(), now())`,
        [company!.id, vietnameseSortKey('Cà phê Culi')],
      );
      expect(await app.deps.productLists.get().queries.version(null)).toBe(version + 1);
      expect((await listed(app, null, {})).total).toBe(1);
      expect((await listed(app, company!.id, search)).total).toBe(1);
      await other.query(`UPDATE products SET status = 'INACTIVE' WHERE qr_code = 'QR-OTHER-1'`);
      expect((await listed(app, company!.id, { ...search, status: 'ACTIVE' })).total).toBe(0);
      await other.query(`DELETE FROM products WHERE qr_code = 'QR-OTHER-1'`);
      expect((await listed(app, company!.id, search)).total).toBe(0);
      expect((await listed(app, null, {})).total).toBe(0);
    });

    it('[users]: the folded search and every sort answer as on SQLite ("nguyen" finds "Nguyễn", "dang" finds "Đặng")', async () => {
      const terms = [
        undefined,
        'nguyen',
        'NGUYỄN',
        'dang',
        'Đặng',
        'đ',
        'van tam',
        'Lê  Văn',
        '100%',
        '%',
        '_',
        'tuan_',
        'ong anh',
        'example',
        'khong co',
        '  bình ',
        'ĐĂNG KHOA',
      ];
      for (const searchName of terms) {
        for (const sortField of USER_SORT_FIELDS) {
          for (const sortOrder of ['asc', 'desc'] as const) {
            for (const scope of [null, companyIds[0]!]) {
              const raw = { searchName, sortField, sortOrder, pageSize: 4, pageIndex: 1 };
              const expected = await usersListed(lite, scope, raw);
              expect(await usersListed(onPg, scope, raw), JSON.stringify({ ...raw, scope })).toEqual(
                expected,
              );
              const next = { ...raw, pageIndex: 2, status: 'ACTIVE' };
              expect(await usersListed(onPg, scope, next), JSON.stringify(next)).toEqual(
                await usersListed(lite, scope, next),
              );
            }
          }
        }
      }
      const names = async (searchName: string) =>
        (await usersListed(onPg, null, { searchName, pageSize: 100 })).names;
      expect(await names('nguyen')).toEqual(['NGUYỄN THỊ BÌNH', 'Nguyễn Văn An']);
      expect(await names('dang')).toEqual(['dang tuan', 'Đăng Khoa', 'Đặng Văn Cường']);
      expect(await names('van tam')).toEqual(['Lê  Văn  Tám']);
      expect(await names('100%')).toEqual(['Trần 100% Thật']);
      expect(await names('_')).toEqual(['dang tuan', 'Ông Ánh', 'Zoe']);
      expect(await names('%')).toEqual(['Trần 100% Thật']);
    });

    it('[companies]: the folded search and every sort answer as on SQLite', async () => {
      for (const search of [
        undefined,
        'dang',
        'Đặng',
        'nguyen',
        'an phat',
        'a_b',
        '_',
        '100%',
        'cong ty',
        'zz',
      ]) {
        for (const sortBy of COMPANY_SORT_FIELDS) {
          for (const orderBy of ['asc', 'desc'] as const) {
            for (const page of [1, 2]) {
              const raw = { search, sortBy, orderBy, page, limit: 3 };
              expect(await companiesListed(onPg, raw), JSON.stringify(raw)).toEqual(
                await companiesListed(lite, raw),
              );
            }
          }
        }
      }
      expect((await companiesListed(onPg, { search: 'nguyen' })).names).toEqual(['Cà phê Nguyễn Văn']);
      expect((await companiesListed(onPg, { search: '_' })).names).toEqual(['Ăn vặt 100%', 'Hợp tác xã a_b']);
    });

    it('[foundation][name-order]: products, users and companies by name in Vietnamese order, both directions', async () => {
      const vietnamese = (names: string[]) => [...names].sort(compareVietnamese);
      const companies = (await companiesListed(onPg, { sortBy: 'name', limit: 100 })).names;
      expect(companies).toEqual(vietnamese(COMPANIES.map(([name]) => name)));
      expect((await companiesListed(onPg, { sortBy: 'name', orderBy: 'desc', limit: 100 })).names).toEqual(
        [...companies].reverse(),
      );
      const users = (await usersListed(onPg, null, { sortField: 'name', pageSize: 100 })).names;
      expect(users).toEqual(vietnamese(USERS.slice(0, 9).map(([name]) => name)));
      const products = await listProducts(
        onPg.deps,
        null,
        productListInput.parse({ sortBy: 'name', limit: 100 }),
      );
      const productNames = products.products.map((p) => p.name);
      expect(productNames).toEqual(vietnamese(productNames));
      expect(productNames.slice(0, 2)).toEqual(['Ăn vặt 0', 'Ăn vặt 0']);
    });

    it('folds like foldVietnamese: every character of the BMP in JavaScript, and PostgreSQL translate() alike', async () => {
      const PG_FOLD = pgFoldTable();
      const mismatches: string[] = [];
      let text = '';
      for (let cp = 0; cp <= 0xffff; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        const c = String.fromCharCode(cp);
        const folded = /\s/.test(c) ? ' ' : foldVietnamese(c);
        if ([...folded].length > 1) continue; // left whole on both sides (Hangul syllables into jamo, ...)
        const mine = PG_FOLD.map.get(c) ?? c;
        if (mine !== folded) mismatches.push(`U+${cp.toString(16)}`);
        if (PG_FOLD.map.has(c)) text += `x${c}`;
      }
      expect(mismatches).toEqual([]);
      expect(pgFold(' Đặng   Văn  NGUYỄN ')).toBe(foldVietnamese(' Đặng   Văn  NGUYỄN '));
      const pool = (onPg.deps.store as { pool: pg.Pool }).pool;
      const { rows } = await pool.query<{ folded: string }>(
        `SELECT translate($1, '${PG_FOLD.from.replace(/'/g, "''")}', '${PG_FOLD.to.replace(/'/g, "''")}') AS folded`,
        [`${text}x`],
      );
      expect(rows[0]!.folded).toBe([...`${text}x`].map((c) => PG_FOLD.map.get(c) ?? c).join(''));
    });

    it('answers a search from the trigram index, and sorted pages from their indexes once the proposed collation migration is applied', async () => {
      const app = await freshPg();
      const pool = (app.deps.store as { pool: pg.Pool }).pool;
      const [company] = await app.deps.db
        .insert(app.deps.db.tables.companies)
        .values({ name: 'A', nameSort: 'a' })
        .returning();
      const [other] = await app.deps.db
        .insert(app.deps.db.tables.companies)
        .values({ name: 'B', nameSort: 'b' })
        .returning();
      await pool.query(
        `INSERT INTO products (company_id, name, name_sort, status, qr_code, category, search_text, created_at, updated_at)
       SELECT CASE WHEN i % 2 = 0 THEN $1::int ELSE $2::int END, 'Sản phẩm ' || i, md5(i::text), 'ACTIVE', 'code-' || i,
              CASE WHEN i % 7 = 0 THEN NULL ELSE 'Loại ' || (i % 40) END,
              'san pham ' || i || CASE WHEN i % 500 = 0 THEN ' dak lak' ELSE '' END, now(), now()
       FROM generate_series(1, 6000) AS i`,
        [company!.id, other!.id],
      );
      await pool.query('ANALYZE products');
      const noted = noteQueries(pool);
      const search = await listProducts(app.deps, null, productListInput.parse({ search: 'dak lak' }));
      expect(search.total).toBe(12);
      const match = noted.find((q) => q.text.includes(' ~ '));
      expect(await explain(pool, match!, true)).toContain('products_search_trgm_idx');

      // The migration of decision 164: the sorted text columns declared COLLATE "C" and the
      // nullable category indexed NULLs first, so the byte-order terms walk the indexes instead of sorting.
      await pool.query(COLLATION_MIGRATION);
      await pool.query('ANALYZE products');
      const planOf = async (raw: Record<string, unknown>, scope: number | null) => {
        noted.length = 0;
        const page = await listProducts(app.deps, scope, productListInput.parse({ limit: 10, ...raw }));
        expect(page.products).toHaveLength(10);
        return explain(pool, noted.find((q) => /order by/i.test(q.text) && /limit/i.test(q.text))!);
      };
      expect(await planOf({ sortBy: 'category' }, null)).toContain('products_category_created_idx');
      expect(await planOf({ sortBy: 'category', orderBy: 'desc' }, company!.id)).toContain(
        'products_company_category_idx',
      );
      expect(await planOf({ sortBy: 'name', orderBy: 'desc' }, null)).toContain('products_name_idx');
      const plan = await planOf({ sortBy: 'name' }, company!.id);
      expect(plan).toContain('products_company_name_idx');
    });
  },
);
