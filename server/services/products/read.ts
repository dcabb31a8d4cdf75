import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type CompanyScope, inCompanyScope } from './scope.ts';
import { productColumns, toProduct, trackingsOf } from './serialize.ts';

/**
 * The product row when the caller may touch it. Another company's product answers exactly like a
 * missing one (404, same message), so sequential ids reveal nothing (decision 083).
 */
export async function requireProductInScope(db: Executor, scope: CompanyScope, id: number) {
  const { products } = db.tables;
  const [row] = await db.select(productColumns(products)).from(products).where(eq(products.id, id)).limit(1);
  if (!row || !inCompanyScope(scope, row.companyId)) throw new AppError('NOT_FOUND', vi.products.notFound);
  return row;
}

/** GET /products/{id}: the product with its timeline in order. */
export async function getProduct(deps: AppDeps, scope: CompanyScope, id: number) {
  const row = await requireProductInScope(deps.db, scope, id);
  return { ...toProduct(row, deps.settings.publicUrl), trackings: await trackingsOf(deps.db, id) };
}
