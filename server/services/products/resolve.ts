import { vi } from '#shared/i18n/vi/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { toPublicCompany } from '#server/services/accounts/profile.ts';
import type { publicLotFacts } from '#server/services/lots/public-lot.ts';
import { recordScanEvent } from '#server/services/scans/record.ts';
import { type CachedAnswer, dataOf, publicAnswers } from './public-answers.ts';
import type { ProductAnswer } from './serialize.ts';

export interface Viewer {
  userId: number | null;
  userAgent: string;
}

/**
 * GET /products/qr-codes/{code}, the public path every phone hits: code -> ACTIVE product, with its
 * company and timeline, and one scan event recorded. Unknown, unbound and INACTIVE codes are all the
 * same 404, so the public learns nothing about products it may not see. The answer comes encoded
 * from the public cache (public-answers.ts); the REST routes send those bytes as they are.
 */
export function resolveCodeAnswer(deps: AppDeps, code: string, viewer: Viewer): CachedAnswer {
  const entry = publicAnswers(deps).product(code);
  if (!entry) throw new AppError('NOT_FOUND', vi.products.notFound);
  return scanned(deps, entry, viewer);
}

/**
 * The answer with its scan recorded, or null for a code with no public answer (the scan fast path:
 * it leaves those to the app, whose 404 has the envelope and the log line).
 */
export function resolveKnownCode(deps: AppDeps, code: string, viewer: Viewer): CachedAnswer | null {
  const entry = publicAnswers(deps).product(code);
  return entry && scanned(deps, entry, viewer);
}

/** Every answered resolve is one scan event. A product answer always names its product and company. */
function scanned(deps: AppDeps, entry: CachedAnswer, viewer: Viewer): CachedAnswer {
  recordScanEvent(deps, {
    productId: entry.productId as number,
    companyId: entry.companyId as number,
    lotId: entry.lotId ?? null,
    ...viewer,
  });
  return entry;
}

/** The same, as an object (the typed client's procedure and the scan-by-image path). */
export function resolveCode(deps: AppDeps, code: string, viewer: Viewer) {
  return dataOf<PublicProductAnswer>(resolveCodeAnswer(deps, code, viewer));
}

export type PublicProductAnswer = ProductAnswer & {
  trackings: Array<{ id: number; activity: string; location: string; date: string; description: string; companyId: number }>;
  company: ReturnType<typeof toPublicCompany>;
} & ReturnType<typeof publicLotFacts>;
