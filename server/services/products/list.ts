import { LRUCache } from 'lru-cache';
import type { Db } from '#server/db/client.ts';
import {
  createProductListQueries,
  type ListFilter,
  type ProductListQueries,
} from '#server/db/product-list-queries.ts';
import type { DatabaseStore } from '#server/db/store.ts';
import type { AppDeps } from '#server/deps.ts';
import { withCompanyNames } from '#server/services/companies/names.ts';
import type { ProductListInput } from '#shared/schemas/products.ts';
import { type CompanyScope, pickCompany } from './scope.ts';
import { searchWords } from './search.ts';
import { productColumns, toProduct } from './serialize.ts';

/**
 * GET /products: one page of the caller's company's products (SUPER_ADMIN: all, or one company).
 *
 * What costs more than a page (decision 073) is computed once per state of the products and kept:
 * the total of a filter, and for a search every matching id in the requested order (the matches of a
 * wide search are not contiguous in any index, so each page would otherwise run the match and sort
 * all of them again). An entry is valid while its company's row in product_list_versions (row 0 for
 * every company) is unchanged; triggers bump it on any write to products (SQLite: migration 0004;
 * PostgreSQL: drizzle/pg/0002, from any instance). The version is read before computing, so a write
 * racing the computation only makes the entry stale sooner, never wrong. The page's rows are always read
 * from the table. The queries are the engine's own (server/db/product-list-queries.ts, decision 164).
 */
export async function listProducts(deps: AppDeps, scope: CompanyScope, input: ProductListInput) {
  const companyId = pickCompany(scope, input.companyId);
  const { queries: q, cache } = deps.productLists.get();
  const version = await q.version(companyId);
  const offset = (input.page - 1) * input.limit;
  const words = searchWords(input.search);
  const filter: ListFilter = { companyId, status: input.status, category: input.category };
  // With the company's name: a SUPER_ADMIN's list spans companies and shows which one a row is of.
  const present = async (rows: ProductRow[]) =>
    await withCompanyNames(
      deps,
      rows.map((r) => toProduct(r, deps.settings.publicUrl)),
    );

  if (words.length) {
    const key = `ids|${companyId}|${input.status ?? ''}|${input.category ?? ''}|${input.sortBy}|${input.orderBy}|${words.join(' ')}`;
    let ids = cache.get(key, version) as Int32Array | undefined;
    if (!ids) {
      ids = Int32Array.from(await q.matchingIds(filter, input, words));
      cache.set(key, version, ids);
    }
    const pageIds = Array.from(ids.subarray(offset, offset + input.limit));
    if (!pageIds.length) return { products: [], total: ids.length };
    const rows = await q.byIds(pageIds);
    const at = new Map(pageIds.map((id, i) => [id, i]));
    rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
    return { products: await present(rows), total: ids.length };
  }

  const countKey = `count|${companyId}|${input.status ?? ''}|${input.category ?? ''}`;
  let total = cache.get(countKey, version) as number | undefined;
  if (total === undefined) {
    total = await q.count(filter);
    cache.set(countKey, version, total);
  }
  if (offset >= total) return { products: [], total }; // nothing on this page: skip the page query
  const rows = await q.page(filter, input, input.limit, offset);
  return { products: await present(rows), total };
}

type ProductRow = Parameters<typeof toProduct>[0];

/** The list's queries and kept answers of one app: built in startServer, the queries prepared on first use. */
export interface ProductLists {
  get(): { queries: ProductListQueries<ProductRow>; cache: ListCache };
}
export function createProductLists(deps: { db: Db; store: DatabaseStore }): ProductLists {
  let lists: ReturnType<ProductLists['get']> | undefined;
  return {
    get() {
      lists ??= {
        queries: createProductListQueries<ProductRow>(deps, productColumns(deps.db.tables.products)),
        cache: createListCache(LIST_CACHE_WEIGHT),
      };
      return lists;
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
type ListCache = ReturnType<typeof createListCache>;
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
