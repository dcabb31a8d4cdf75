import { and, eq } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { companies, products, shortLinks } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { toPublicCompany } from '../accounts/profile.ts';
import { recordScanEvent } from '../scans/record.ts';
import { productColumns, toProduct, trackingsOf } from './serialize.ts';

export interface Viewer {
  userId: number | null;
  userAgent: string;
}

/**
 * GET /products/qr-codes/{code}, the public path every phone hits: code -> ACTIVE product, with its
 * company and timeline, and one scan event recorded. Unknown, unbound and INACTIVE codes are all the
 * same 404, so the public learns nothing about products it may not see. Kept small and alone on
 * purpose: the performance work caches its answer (issue 7).
 */
export function resolveCode(deps: AppDeps, code: string, viewer: Viewer) {
  const product = deps.db
    .select(productColumns)
    .from(shortLinks)
    .innerJoin(products, eq(products.id, shortLinks.productId))
    .where(and(eq(shortLinks.code, code), eq(products.status, 'ACTIVE')))
    .get();
  if (!product) throw new AppError('NOT_FOUND', vi.products.notFound);
  const company = deps.db.select().from(companies).where(eq(companies.id, product.companyId)).get();
  if (!company) throw new AppError('NOT_FOUND', vi.products.notFound);
  const answer = {
    ...toProduct(product, deps.settings.publicUrl),
    trackings: trackingsOf(deps.db, product.id),
    company: toPublicCompany(company),
  };
  recordScanEvent(deps.db, { productId: product.id, companyId: product.companyId, ...viewer });
  return answer;
}
