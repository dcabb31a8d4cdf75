import { vi } from '../../../shared/i18n/vi/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { toPublicCompany } from '../accounts/profile.ts';
import { recordScanEvent } from '../scans/record.ts';
import { type CachedAnswer, dataOf, publicAnswers } from './public-answers.ts';
import type { ProductAnswer } from './serialize.ts';

export interface Viewer {
  userId: number | null;
  userAgent: string;
}

/**
 * GET /products/qr-codes/{code}, the public path every phone hits: code -> ACTIVE product, with its
 * company and timeline, and one scan event recorded. Unknown, unbound and INACTIVE codes are all the
 * same 404, so the public learns nothing about products it may not see. The answer comes serialized
 * from the public cache (public-answers.ts); the REST route sends that text as it is.
 */
export function resolveCodeJson(deps: AppDeps, code: string, viewer: Viewer): CachedAnswer {
  const entry = publicAnswers(deps).product(code);
  if (!entry || entry.productId === null || entry.companyId === null) {
    throw new AppError('NOT_FOUND', vi.products.notFound);
  }
  recordScanEvent(deps, { productId: entry.productId, companyId: entry.companyId, ...viewer });
  return entry;
}

/** The same, as an object (the typed client's procedure and the scan-by-image path). */
export function resolveCode(deps: AppDeps, code: string, viewer: Viewer) {
  return dataOf<PublicProductAnswer>(resolveCodeJson(deps, code, viewer));
}

export type PublicProductAnswer = ProductAnswer & {
  trackings: Array<{ id: number; activity: string; location: string; date: string; description: string; companyId: number }>;
  company: ReturnType<typeof toPublicCompany>;
};
