import { and, count, eq, inArray, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ProductListInput } from '#shared/schemas/products.ts';
import type { Db } from './client.ts';
import { sortTerm } from './order.ts';
import type { Tables } from './schema/index.ts';
import { ftsMatch, pgSearchMatch } from './search.ts';
import type { DatabaseStore } from './store.ts';

/** Which products a list counts and pages: one company's (or every company's when null), a status, a category. */
export interface ListFilter {
  companyId: number | null;
  status?: string;
  category?: string;
}
/** The columns a page selects (the service's). */
export type ListColumns = Record<string, SQLiteColumn>;
/** The order of a list page. */
export type ListOrder = Pick<ProductListInput, 'sortBy' | 'orderBy'>;
/** The products table of the handle the queries run on. */
type Products = Tables['products'];

/**
 * The product list's queries (server/services/products/list.ts), one implementation per engine, chosen in
 * createProductListQueries (decision 164). Rows are selected by the columns the service gives, and come
 * back as drizzle maps them. Both answer the same rows in the same order for the same data.
 */
export interface ProductListQueries<Row> {
  /** The list version of a company (null: row 0, every company), as a number; 0 when it has none yet. */
  version(companyId: number | null): Promise<number>;
  count(filter: ListFilter): Promise<number>;
  page(filter: ListFilter, order: ListOrder, limit: number, offset: number): Promise<Row[]>;
  /** Every product of the filter matching all the folded words of a search, in the list's order. */
  matchingIds(filter: ListFilter, order: ListOrder, words: readonly string[]): Promise<number[]>;
  /** The rows of these ids, in any order. */
  byIds(ids: number[]): Promise<Row[]>;
}

/**
 * Each sort's ORDER BY, ending with id so pages never overlap or skip on ties. Each one is a prefix
 * of an index (SQLite indexes end with the row id), so a page walks the index instead of sorting:
 * name (its Vietnamese sort key, decision 085), created_at, updated_at, status alone; category with
 * created_at (the index that also serves a category filter sorted by date), so ties within a category
 * come oldest first (newest on desc). The terms are sortTerm's: the same order on both engines.
 */
const sortKeys = (products: Products) =>
  ({
    name: [products.nameSort],
    createdAt: [products.createdAt],
    updatedAt: [products.updatedAt],
    status: [products.status],
    category: [products.category, products.createdAt],
  }) as const;

const orderOf = (store: DatabaseStore, products: Products, order: ListOrder) => [
  ...sortKeys(products)[order.sortBy].map((c) => sortTerm(store, c, order.orderBy)),
  sortTerm(store, products.id, order.orderBy),
];

export function createProductListQueries<Row>(
  deps: { db: Db; store: DatabaseStore },
  columns: ListColumns,
): ProductListQueries<Row> {
  return deps.store.engine === 'sqlite' ? sqliteQueries<Row>(deps, columns) : pgQueries<Row>(deps, columns);
}

/**
 * PostgreSQL: drizzle's builder, the planner choosing the indexes from its statistics (no hints to give).
 * A search is the word-start patterns over the trigram index (pgSearchMatch), beside the company's or the
 * filter's btree indexes. The version is bigint, handed over by pg as a string: read as a number.
 */
function pgQueries<Row>(
  { db, store }: { db: Db; store: DatabaseStore },
  columns: ListColumns,
): ProductListQueries<Row> {
  if (store.engine !== 'pg') throw new Error('pgQueries on another engine');
  const { products } = db.tables;
  const { pool } = store;
  const where = (f: ListFilter, search?: SQL | null) =>
    and(
      f.companyId === null ? undefined : eq(products.companyId, f.companyId),
      f.status ? sql`${products.status} = ${f.status}` : undefined,
      f.category ? eq(products.category, f.category) : undefined,
      search ?? undefined,
    );
  return {
    async version(companyId) {
      const { rows } = await pool.query<{ version: string }>(
        'SELECT version FROM product_list_versions WHERE company_id = $1',
        [companyId ?? 0],
      );
      return Number(rows[0]?.version ?? 0);
    },
    async count(f) {
      const [row] = await db.select({ n: count() }).from(products).where(where(f));
      return row?.n ?? 0;
    },
    async page(f, order, limit, offset) {
      return (await db
        .select(columns)
        .from(products)
        .where(where(f))
        .orderBy(...orderOf(store, products, order))
        .limit(limit)
        .offset(offset)) as Row[];
    },
    async matchingIds(f, order, words) {
      const match = pgSearchMatch(products.searchText, words);
      if (!match) return [];
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(where(f, match))
        .orderBy(...orderOf(store, products, order));
      return rows.map((r) => r.id);
    },
    async byIds(ids) {
      if (!ids.length) return [];
      return (await db.select(columns).from(products).where(inArray(products.id, ids))) as Row[];
    },
  };
}

/** What decides a SQLite filter's SQL text (the values are bound as parameters). */
interface Shape {
  company: boolean;
  status: boolean;
  category: boolean;
  /** The index that drives the query across companies (INDEXED BY), when a filter's index does. */
  index: ListIndex | null;
}
type ListIndex =
  | 'products_status_idx'
  | 'products_status_name_idx'
  | 'products_category_created_idx'
  | 'products_category_name_idx';

/**
 * Which index drives a cross-company page or count on SQLite. Without statistics SQLite takes any equality
 * it can index, and then sorts: status (two values over all rows) would win over the index that yields
 * the page's order, and of two indexes on category it took (category, name) for a date sort and
 * sorted 10,000 rows. So the choice is named (INDEXED BY), and every other filter term carries a
 * unary `+`, which keeps it out of index selection:
 * - a company's list is driven by its company indexes (none named here);
 * - a cross-company page with a category, sorted by category or createdAt: (category, created_at);
 *   sorted by name: (category, name), a status being checked on the row (a category is narrower);
 * - without a category, status sorted by status: (status); sorted by name: (status, name);
 * - any other cross-company page walks its sort's index and checks the filters on the row;
 * - a cross-company count: (category, ...) when there is a category, else (status) (covering);
 * - a search's ids are driven by the match (looked up by rowid): no index named.
 */
function shapeOf(f: ListFilter, order: ListOrder | null, use: 'page' | 'count' | 'ids'): Shape {
  const shape: Shape = {
    company: f.companyId !== null,
    status: Boolean(f.status),
    category: Boolean(f.category),
    index: null,
  };
  if (f.companyId !== null || use === 'ids') return shape;
  if (use === 'count') {
    if (f.category) shape.index = 'products_category_created_idx';
    else if (f.status) shape.index = 'products_status_idx';
  } else if (f.category) {
    if (order?.sortBy === 'name') shape.index = 'products_category_name_idx';
    else if (order?.sortBy === 'category' || order?.sortBy === 'createdAt')
      shape.index = 'products_category_created_idx';
  } else if (f.status) {
    if (order?.sortBy === 'name') shape.index = 'products_status_name_idx';
    else if (order?.sortBy === 'status') shape.index = 'products_status_idx';
  }
  return shape;
}

/**
 * The WHERE of a shape: the driving index's leading column as a plain equality, every other
 * cross-company term with a `+` (see shapeOf). Values are literals here, placeholders when prepared.
 */
function filterOf(
  products: Products,
  s: Shape,
  v: { companyId: unknown; status: unknown; category: unknown },
) {
  const statusDrives = s.index === 'products_status_idx' || s.index === 'products_status_name_idx';
  const categoryDrives =
    s.index === 'products_category_created_idx' || s.index === 'products_category_name_idx';
  const where: SQL[] = [];
  if (s.company) where.push(sql`${products.companyId} = ${v.companyId}`);
  // Within a company, status and category stay off the cross-company indexes: its own indexes drive.
  if (s.status)
    where.push(statusDrives ? sql`${products.status} = ${v.status}` : sql`+${products.status} = ${v.status}`);
  if (s.category)
    where.push(
      categoryDrives ? sql`${products.category} = ${v.category}` : sql`+${products.category} = ${v.category}`,
    );
  return and(...where);
}

const placeholders = {
  companyId: sql.placeholder('companyId'),
  status: sql.placeholder('status'),
  category: sql.placeholder('category'),
};
const valuesOf = (f: ListFilter) => ({
  companyId: f.companyId ?? 0,
  status: f.status ?? '',
  category: f.category ?? '',
});

interface PageValues {
  companyId: number;
  status: string;
  category: string;
  limit?: number;
  offset?: number;
}

/**
 * SQLite: the statements prepared once per app and shape: building a query through drizzle and preparing it
 * in SQLite cost more than running it for a page of ten. Page and count are drizzle's SQL text run by
 * better-sqlite3 directly, because drizzle's builder cannot name an index (INDEXED BY, see shapeOf); page
 * rows are mapped by the same drizzle columns (mapFromDriverValue). A search is FTS5's MATCH over
 * products_fts, looked up by rowid.
 */
function sqliteQueries<Row>(
  { db, store }: { db: Db; store: DatabaseStore },
  columns: ListColumns,
): ProductListQueries<Row> {
  if (store.engine !== 'sqlite') throw new Error('sqliteQueries on another engine');
  const { products } = db.tables;
  const { sqlite } = store;
  /** A drizzle query's text with INDEXED BY after FROM products, its placeholders bound by name. */
  const prepareRaw = (query: { sql: string; params: unknown[] }, index: ListIndex | null) => {
    const text = index
      ? query.sql.replace(/ from "products"( |$)/, ` from "products" INDEXED BY "${index}"$1`)
      : query.sql;
    if (index && text === query.sql) throw new Error(`list query without FROM products: ${query.sql}`);
    const names = query.params.map((p) => {
      if (!is(p, Placeholder)) throw new Error('list statements take placeholders only');
      return p.name as keyof PageValues;
    });
    const stmt = sqlite.prepare<unknown[], unknown[]>(text).raw();
    return (values: PageValues) => stmt.all(...names.map((n) => values[n]));
  };
  const pages = new Map<string, (v: PageValues) => Row[]>();
  const counts = new Map<string, (v: PageValues) => number>();
  const entries = Object.entries(columns);
  const toRow = (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    entries.forEach(([key, column], i) => {
      const value = raw[i];
      row[key] =
        value === null || value === undefined
          ? null
          : (column as { mapFromDriverValue(v: unknown): unknown }).mapFromDriverValue(value);
    });
    return row as Row;
  };
  const version = sqlite.prepare<{ companyId: number }, { version: number }>(
    'SELECT version FROM product_list_versions WHERE company_id = @companyId',
  );
  const byIds = db
    .select(columns)
    .from(products)
    .where(sql`${products.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`)
    .prepare();
  return {
    async version(companyId) {
      return Number(version.get({ companyId: companyId ?? 0 })?.version ?? 0);
    },
    async count(f) {
      const s = shapeOf(f, null, 'count');
      const key = JSON.stringify(s);
      let q = counts.get(key);
      if (!q) {
        const run = prepareRaw(
          db
            .select({ n: count() })
            .from(products)
            .where(filterOf(products, s, placeholders))
            .toSQL(),
          s.index,
        );
        q = (v) => Number(run(v)[0]?.[0] ?? 0);
        counts.set(key, q);
      }
      return q(valuesOf(f));
    },
    async page(f, order, limit, offset) {
      const s = shapeOf(f, order, 'page');
      const key = `${JSON.stringify(s)}|${order.sortBy}|${order.orderBy}`;
      let q = pages.get(key);
      if (!q) {
        const run = prepareRaw(
          db
            .select(columns)
            .from(products)
            .where(filterOf(products, s, placeholders))
            .orderBy(...orderOf(store, products, order))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .toSQL(),
          s.index,
        );
        q = (v) => run(v).map(toRow);
        pages.set(key, q);
      }
      return q({ ...valuesOf(f), limit, offset });
    },
    async matchingIds(f, order, words) {
      const match = ftsMatch(words, f.companyId);
      if (match === null) return [];
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            filterOf(products, shapeOf(f, order, 'ids'), valuesOf(f)),
            sql`${products.id} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`,
          ),
        )
        .orderBy(...orderOf(store, products, order));
      return rows.map((r) => r.id);
    },
    async byIds(ids) {
      if (!ids.length) return [];
      return byIds.all({ ids: JSON.stringify(ids) }) as Row[];
    },
  };
}
