import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { recordScanEvent } from '#server/services/scans/record.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  dataOf,
  type MaybePromise,
  type PublicAnswer,
  type PublicProductAnswer,
  whenReady,
} from './public-answers.ts';

export type { PublicProductAnswer } from './public-answers.ts';

export interface Viewer {
  userId: number | null;
  userAgent: string;
}

type ResolveDeps = Pick<AppDeps, 'publicAnswers' | 'scanBuffer'>;

/**
 * A scan of a printed code, the public path every phone hits: code -> ACTIVE product, with its company
 * and timeline, and one scan event recorded. Null for a code with no public answer (unknown, unbound,
 * INACTIVE: all the same, so the public learns nothing about products it may not see). The answer is
 * the public answers' encoded data (public-answers.ts); the transport edge wraps it
 * (server/http/public-routes.ts).
 */
export function resolveKnownCode(
  deps: ResolveDeps,
  code: string,
  viewer: Viewer,
): MaybePromise<PublicAnswer | null> {
  // A hit is answered and counted at once, without waiting a tick (the dispatcher's path).
  return whenReady(deps.publicAnswers.answer('product', code), (entry) => recordResolve(deps, entry, viewer));
}

/**
 * Counts a resolve's answer as a scan: apart from the lookup, so that an edge which gives a pending
 * lookup to another edge (server/http/public-dispatcher.ts) counts only the answer it sends.
 */
export function recordResolve(deps: Pick<AppDeps, 'scanBuffer'>, entry: PublicAnswer | null, viewer: Viewer) {
  // A product answer always names its product and company; a lot's own code names its lot too.
  if (entry) {
    recordScanEvent(deps, {
      productId: entry.productId as number,
      companyId: entry.companyId as number,
      lotId: entry.lotId,
      ...viewer,
    });
  }
  return entry;
}

/** The same, as an object, 404 when there is none (the typed procedure and the scan-by-image path). */
export async function resolveCode(
  deps: ResolveDeps,
  code: string,
  viewer: Viewer,
): Promise<PublicProductAnswer> {
  const entry = await resolveKnownCode(deps, code, viewer);
  if (!entry) throw new AppError('NOT_FOUND', vi.products.notFound);
  return dataOf<PublicProductAnswer>(entry);
}
