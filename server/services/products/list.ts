import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductListInput } from '../../../shared/schemas/products.ts';
import { products } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { pickCompany, type CompanyScope } from './scope.ts';
import { ftsMatch } from './search.ts';
import { productColumns, toProduct } from './serialize.ts';

/**
 * Each sort's ORDER BY, ending with id so pages never overlap or skip on ties. Each one is a prefix
 * of an index (SQLite indexes end with the row id), so a page walks the index instead of sorting:
 * name, created_at, updated_at, status alone; category with created_at (the index that also serves a
 * category filter sorted by date), so ties within a category come oldest first (newest on desc).
 */
const SORT_KEYS = {
  name: [products.name],
  createdAt: [products.createdAt],
  updatedAt: [products.updatedAt],
  status: [products.status],
  category: [products.category, products.createdAt],
} as const;

/** Above this many matches, a cross-company search's page walks the sort index (see filterFor). */
const WIDE_MATCH = 1000;

/** GET /products: one page of the caller's company's products (SUPER_ADMIN: all, or one company). */
export function listProducts(deps: AppDeps, scope: CompanyScope, input: ProductListInput) {
  const companyId = pickCompany(scope, input.companyId);
  const match = ftsMatch(input.search, companyId);
  const matched = match === null ? null : sql`(SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`;
  // The company is inside the match, so a search without other filters is counted in the FTS index
  // alone (only a filtered search counts over products); across companies that count also picks the
  // page's plan (see filterFor).
  const filtered = Boolean(input.status || input.category);
  const matches = match === null || (filtered && companyId !== null) ? null : ftsCount(deps, match);

  const total =
    matches !== null && !filtered
      ? matches
      : (deps.db.select({ n: count() }).from(products).where(filterFor(companyId, input, matched, 'count')).get()?.n ?? 0);
  const offset = (input.page - 1) * input.limit;
  if (offset >= total) return { products: [], total }; // nothing on this page: skip the page query

  const order = input.orderBy === 'desc' ? desc : asc;
  const rows = deps.db
    .select(productColumns)
    .from(products)
    .where(filterFor(companyId, input, matched, 'page', matches))
    .orderBy(...SORT_KEYS[input.sortBy].map((c) => order(c)), order(products.id))
    .limit(input.limit)
    .offset(offset)
    .all();
  return { products: rows.map((r) => toProduct(r, deps.settings.publicUrl)), total };
}

/**
 * The WHERE of the page and of the count (the same rows), written so SQLite picks the right index.
 * Without statistics its planner takes any equality it can index, and status (two values over all
 * rows) then wins over the index that yields the page's order, so everything that matched gets
 * sorted. A unary `+` keeps a term out of index selection: status is indexed only where its index
 * is the best path (the cross-company status sort; a cross-company count without a category, where
 * it also checks a search's matches by rowid without reading the table); a company's list is
 * driven by its company indexes, so its category filter is kept off the cross-company index too.
 * A search's matches are looked up by id when they are few (always within a company: the company is
 * inside the match); when a cross-company search matches many rows, the page walks the sort's index
 * and keeps the rows that matched, stopping after one page instead of sorting all of them.
 */
function filterFor(
  companyId: number | null,
  input: ProductListInput,
  matched: SQL | null,
  use: 'page' | 'count',
  matches: number | null = null,
) {
  const where: SQL[] = [];
  const statusIndexed =
    use === 'page' ? companyId === null && input.sortBy === 'status' : companyId === null && !input.category;
  if (companyId !== null) where.push(eq(products.companyId, companyId));
  if (input.status)
    where.push(statusIndexed ? eq(products.status, input.status) : sql`+${products.status} = ${input.status}`);
  const walk = use === 'page' && companyId === null && (matches ?? 0) > WIDE_MATCH;
  const categoryIndexed = companyId === null && (!walk || ['category', 'createdAt'].includes(input.sortBy));
  if (input.category)
    where.push(categoryIndexed ? eq(products.category, input.category) : sql`+${products.category} = ${input.category}`);
  if (matched) {
    where.push(walk ? sql`+${products.id} IN ${matched}` : sql`${products.id} IN ${matched}`);
  }
  return and(...where);
}

function ftsCount(deps: AppDeps, match: string): number {
  return deps.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ${match}`)?.n ?? 0;
}
