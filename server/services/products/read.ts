import { eq } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { assertInScope, type CompanyScope } from './scope.ts';
import { productColumns, toProduct, trackingsOf } from './serialize.ts';

/** The product row when the caller may touch it: 404 when it does not exist, 403 when another company's. */
export function requireProductInScope(db: Executor, scope: CompanyScope, id: number) {
  const row = db.select(productColumns).from(products).where(eq(products.id, id)).get();
  if (!row) throw new AppError('NOT_FOUND', vi.products.notFound);
  assertInScope(scope, row.companyId);
  return row;
}

/** GET /products/{id}: the product with its timeline in order. */
export function getProduct(deps: AppDeps, scope: CompanyScope, id: number) {
  const row = requireProductInScope(deps.db, scope, id);
  return { ...toProduct(row, deps.settings.publicUrl), trackings: trackingsOf(deps.db, id) };
}
