import { and, asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { pageWindow } from '#server/services/pagination.ts';
import { dataOf, type PublicProductAnswer } from '#server/services/products/public-answers.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { PublicCompanyProductsInput } from '#shared/schemas/publicProducts.ts';

/**
 * GET /public/products/{id}: the product page opened by its address (a shared link, the history, a
 * reload). The same answer as the resolve by code, but no scan event: opening a page is not a scan.
 * A missing and an INACTIVE product are the same 404, so the public learns nothing it may not see.
 */
export async function getPublicProduct(deps: AppDeps, id: number) {
  const entry = await deps.publicAnswers.productById(id);
  if (!entry) throw new AppError('NOT_FOUND', vi.products.notFound);
  return dataOf<PublicProductAnswer>(entry);
}

/**
 * GET /public/companies/{id}/products: a company's ACTIVE products for its public page, in Vietnamese
 * name order (decision 085; the company's name index, status checked on the row). Only
 * what a card shows leaves: no codes, no versions, nothing of INACTIVE products (not even a count).
 */
export async function listPublicCompanyProducts(deps: AppDeps, input: PublicCompanyProductsInput) {
  const { companies, products } = deps.db.tables;
  const [company] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.id))
    .limit(1);
  if (!company) throw new AppError('NOT_FOUND', vi.companies.companyNotFound);
  const where = and(eq(products.companyId, input.id), eq(products.status, 'ACTIVE'));
  const { limit, offset } = pageWindow(input.page, input.limit);
  const rows = await deps.db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      category: products.category,
      origin: products.origin,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.nameSort), asc(products.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await deps.db.select({ n: count() }).from(products).where(where);
  const total = counted?.n ?? 0;
  return { products: rows, total };
}
