import { and, asc, count, desc, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ProductListInput } from '#shared/schemas/products.ts';
import { products } from '#server/db/schema/index.ts';
import { sqliteOf } from '#server/db/store.ts';
import type { AppDeps } from '#server/deps.ts';
import { withCompanyNames } from '#server/services/companies/names.ts';
import { pickCompany, type CompanyScope } from './scope.ts';
import { ftsMatch } from './search.ts';
import { productColumns, toProduct } from './serialize.ts';

/**
 * Each sort's ORDER BY, ending with id so pages never overlap or skip on ties. Each one is a prefix
 * of an index (SQLite indexes end with the row id), so a page walks the index instead of sorting:
 * name (its Vietnamese sort key, decision 085), created_at, updated_at, status alone; category with created_at (the index that also serves a
 * category filter sorted by date), so ties within a category come oldest first (newest on desc).
 */
const SORT_KEYS = {
  name: [products.nameSort],
  createdAt: [products.createdAt],
  updatedAt: [products.updatedAt],
  status: [products.status],
  category: [products.category, products.createdAt],
} as const;


/**
 * GET /products: one page of the caller's company's products (SUPER_ADMIN: all, or one company).
 *
 * What costs more than a page (decision 073) is computed once per state of the products and kept:
 * the total of a filter, and for a search every matching id in the requested order (the matches of a
 * wide search are not contiguous in any index, so each page would otherwise run the match and sort
 * all of them again). An entry is valid while its company's row in product_list_versions (row 0 for
 * every company) is unchanged; triggers bump it on any write to products (migration 0004). The
 * version is read before computing, so a write racing the computation only makes the entry stale
 * sooner, never wrong. The page's rows are always read from the table.
 */
export async function listProducts(deps: AppDeps, scope: CompanyScope, input: ProductListInput) {
  const companyId = pickCompany(scope, input.companyId);
  const q = deps.productLists.queries();
  const version = q.version.get({ companyId: companyId ?? 0 })?.version ?? 0;
  const offset = (input.page - 1) * input.limit;
  const match = ftsMatch(input.search, companyId);
  // With the company's name: a SUPER_ADMIN's list spans companies and shows which one a row is of.
  const present = async (rows: ProductRow[]) =>
    await withCompanyNames(
      deps,
      rows.map((r) => toProduct(r, deps.settings.publicUrl)),
    );

  if (match !== null) {
    const key = `ids|${companyId}|${input.status ?? ''}|${input.category ?? ''}|${input.sortBy}|${input.orderBy}|${match}`;
    let ids = q.cache.get(key, version) as Int32Array | undefined;
    if (!ids) {
      ids = Int32Array.from(
        await deps.db
          .select({ id: products.id })
          .from(products)
          .where(and(shapeFilter(companyId, input, 'ids'), sql`${products.id} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`))
          .orderBy(...orderOf(input)),
        (r) => r.id,
      );
      q.cache.set(key, version, ids);
    }
    const pageIds = Array.from(ids.subarray(offset, offset + input.limit));
    if (!pageIds.length) return { products: [], total: ids.length };
    const rows = q.byIds.all({ ids: JSON.stringify(pageIds) });
    const at = new Map(pageIds.map((id, i) => [id, i]));
    rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
    return { products: await present(rows), total: ids.length };
  }

  const countKey = `count|${companyId}|${input.status ?? ''}|${input.category ?? ''}`;
  let total = q.cache.get(countKey, version) as number | undefined;
  if (total === undefined) {
    total = q.count(shapeOf(companyId, input, 'count'))(paramsOf(companyId, input));
    q.cache.set(countKey, version, total);
  }
  if (offset >= total) return { products: [], total }; // nothing on this page: skip the page query
  const rows = q.page(shapeOf(companyId, input, 'page'), input)({ ...paramsOf(companyId, input), limit: input.limit, offset });
  return { products: await present(rows), total };
}

const orderOf = (input: ProductListInput) => {
  const order = input.orderBy === 'desc' ? desc : asc;
  return [...SORT_KEYS[input.sortBy].map((c) => order(c)), order(products.id)];
};

/** What decides a filter's SQL text (the values are bound as parameters). */
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

const paramsOf = (companyId: number | null, input: ProductListInput) => ({
  companyId: companyId ?? 0,
  status: input.status ?? '',
  category: input.category ?? '',
});

/**
 * Which index drives a cross-company page or count. Without statistics SQLite takes any equality it
 * can index, and then sorts: status (two values over all rows) would win over the index that yields
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
function shapeOf(companyId: number | null, input: ProductListInput, use: 'page' | 'count' | 'ids'): Shape {
  const shape: Shape = {
    company: companyId !== null,
    status: Boolean(input.status),
    category: Boolean(input.category),
    index: null,
  };
  if (companyId !== null || use === 'ids') return shape;
  if (use === 'count') {
    if (input.category) shape.index = 'products_category_created_idx';
    else if (input.status) shape.index = 'products_status_idx';
  } else if (input.category) {
    if (input.sortBy === 'name') shape.index = 'products_category_name_idx';
    else if (input.sortBy === 'category' || input.sortBy === 'createdAt') shape.index = 'products_category_created_idx';
  } else if (input.status) {
    if (input.sortBy === 'name') shape.index = 'products_status_name_idx';
    else if (input.sortBy === 'status') shape.index = 'products_status_idx';
  }
  return shape;
}

function shapeFilter(companyId: number | null, input: ProductListInput, use: 'page' | 'count' | 'ids') {
  return filterOf(shapeOf(companyId, input, use), {
    companyId: companyId ?? 0,
    status: input.status ?? '',
    category: input.category ?? '',
  });
}

/**
 * The WHERE of a shape: the driving index's leading column as a plain equality, every other
 * cross-company term with a `+` (see shapeOf). Values are literals here, placeholders when prepared.
 */
function filterOf(s: Shape, v: { companyId: unknown; status: unknown; category: unknown }) {
  const statusDrives = s.index === 'products_status_idx' || s.index === 'products_status_name_idx';
  const categoryDrives = s.index === 'products_category_created_idx' || s.index === 'products_category_name_idx';
  const where: SQL[] = [];
  if (s.company) where.push(sql`${products.companyId} = ${v.companyId}`);
  // Within a company, status and category stay off the cross-company indexes: its own indexes drive.
  if (s.status) where.push(statusDrives ? sql`${products.status} = ${v.status}` : sql`+${products.status} = ${v.status}`);
  if (s.category)
    where.push(categoryDrives ? sql`${products.category} = ${v.category}` : sql`+${products.category} = ${v.category}`);
  return and(...where);
}

const placeholders = {
  companyId: sql.placeholder('companyId'),
  status: sql.placeholder('status'),
  category: sql.placeholder('category'),
};

/**
 * The list's statements, prepared once per app (AppDeps.productLists) and shape: building a query through drizzle and
 * preparing it in SQLite cost more than running it for a page of ten. Page and count are drizzle's
 * SQL text run by better-sqlite3 directly, because drizzle's builder cannot name an index
 * (INDEXED BY, see shapeOf); page rows are mapped by the same drizzle columns (mapFromDriverValue).
 */
function prepareQueries({ db, store }: Pick<AppDeps, 'db' | 'store'>) {
  const sqlite = sqliteOf(store);
  /** A drizzle query's text with INDEXED BY after FROM products, its placeholders bound by name. */
  const prepareRaw = (query: { sql: string; params: unknown[] }, index: ListIndex | null) => {
    const text = index ? query.sql.replace(/ from "products"( |$)/, ` from "products" INDEXED BY "${index}"$1`) : query.sql;
    if (index && text === query.sql) throw new Error(`list query without FROM products: ${query.sql}`);
    const names = query.params.map((p) => {
      if (!is(p, Placeholder)) throw new Error('list statements take placeholders only');
      return p.name as keyof PageValues;
    });
    const stmt = sqlite.prepare<unknown[], unknown[]>(text).raw();
    return (values: PageValues) => stmt.all(...names.map((n) => values[n]));
  };
  const pages = new Map<string, (v: PageValues) => ProductRow[]>();
  const counts = new Map<string, (v: PageValues) => number>();
  const columns = Object.entries(productColumns);
  const toRow = (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    columns.forEach(([key, column], i) => {
      const value = raw[i];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value as never);
    });
    return row as ProductRow;
  };
  return {
    cache: createListCache(LIST_CACHE_WEIGHT),
    version: sqlite.prepare<{ companyId: number }, { version: number }>(
      'SELECT version FROM product_list_versions WHERE company_id = @companyId',
    ),
    byIds: db
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`)
      .prepare(),
    page(s: Shape, input: ProductListInput) {
      const key = `${JSON.stringify(s)}|${input.sortBy}|${input.orderBy}`;
      let q = pages.get(key);
      if (!q) {
        const run = prepareRaw(
          db
            .select(productColumns)
            .from(products)
            .where(filterOf(s, placeholders))
            .orderBy(...orderOf(input))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .toSQL(),
          s.index,
        );
        q = (v) => run(v).map(toRow);
        pages.set(key, q);
      }
      return q;
    },
    count(s: Shape) {
      const key = JSON.stringify(s);
      let q = counts.get(key);
      if (!q) {
        const run = prepareRaw(db.select({ n: count() }).from(products).where(filterOf(s, placeholders)).toSQL(), s.index);
        q = (v) => Number(run(v)[0]?.[0] ?? 0);
        counts.set(key, q);
      }
      return q;
    },
  };
}
interface PageValues {
  companyId: number;
  status: string;
  category: string;
  limit?: number;
  offset?: number;
}
type ProductRow = Parameters<typeof toProduct>[0];

/** The list's statements and kept answers of one app: built in startServer, prepared on first use. */
export interface ProductLists {
  queries(): ReturnType<typeof prepareQueries>;
}
export function createProductLists(deps: Pick<AppDeps, 'db' | 'store'>): ProductLists {
  let queries: ReturnType<typeof prepareQueries> | undefined;
  return {
    queries() {
      queries ??= prepareQueries(deps);
      return queries;
    },
  };
}

/** How many ids the kept lists of one app hold at most; a total weighs 1. */
const LIST_CACHE_WEIGHT = 2_000_000;

interface Kept {
  version: number;
  value: number | Int32Array;
}

/**
 * The kept totals and id lists of one app (versions are per database), least recently used first out,
 * bounded by weight (an id list weighs its length). An entry computed at another version is a miss and
 * is dropped.
 */
function createListCache(maxWeight: number) {
  const entries = new LRUCache<string, Kept>({
    maxSize: maxWeight,
    sizeCalculation: (e) => (typeof e.value === 'number' ? 1 : Math.max(1, e.value.length)),
  });
  return {
    get(key: string, version: number): number | Int32Array | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.version !== version) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },
    set(key: string, version: number, value: number | Int32Array): void {
      entries.set(key, { version, value });
    },
  };
}
