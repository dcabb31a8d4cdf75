import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductListInput } from '../../../shared/schemas/products.ts';
import { products } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { pickCompany, type CompanyScope } from './scope.ts';
import { ftsQuery } from './search.ts';
import { productColumns, toProduct } from './serialize.ts';

const SORT_COLUMNS = {
  name: products.name,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  status: products.status,
  category: products.category,
} as const;

/** GET /products: one page of the caller's company's products (SUPER_ADMIN: all, or one company). */
export function listProducts(deps: AppDeps, scope: CompanyScope, input: ProductListInput) {
  const companyId = pickCompany(scope, input.companyId);
  const where: SQL[] = [];
  if (companyId !== null) where.push(eq(products.companyId, companyId));
  if (input.status) where.push(eq(products.status, input.status));
  if (input.category) where.push(eq(products.category, input.category));
  const match = ftsQuery(input.search);
  if (match !== null) {
    where.push(inArray(products.id, sql`(SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`));
  }
  const filter = and(...where);

  const order = input.orderBy === 'desc' ? desc : asc;
  const rows = deps.db
    .select(productColumns)
    .from(products)
    .where(filter)
    .orderBy(order(SORT_COLUMNS[input.sortBy]), order(products.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .all();
  const total = deps.db.select({ n: count() }).from(products).where(filter).get()?.n ?? 0;
  return { products: rows.map((r) => toProduct(r, deps.settings.publicUrl)), total };
}
