import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { dataOf, type PublicLotAnswer } from '#server/services/products/public-answers.ts';
import { vi } from '#shared/i18n/vi/index.ts';

export type { PublicLot, PublicLotAnswer } from '#server/services/products/public-answers.ts';

/**
 * GET /public/lots/{id}: the lot page (decision 126): the lot with its dates, recall and own timeline,
 * and its product's public answer (whose timeline comes first). A public answer like the product's,
 * kept in the same public answers (decision 110) and dropped by the same triggers when the lot, its
 * journey or its product changes. A lot of an INACTIVE product answers like a missing one.
 */
export async function getPublicLot(
  deps: Pick<AppDeps, 'publicAnswers'>,
  id: number,
): Promise<PublicLotAnswer> {
  const entry = await deps.publicAnswers.answer('lot', id);
  if (!entry) throw new AppError('NOT_FOUND', vi.lots.notFound);
  return dataOf<PublicLotAnswer>(entry);
}
