import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { vi } from '#shared/i18n/vi/index.ts';
import type { Executor } from '#server/db/client.ts';
import { lots, products } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { dataOf, publicAnswers } from '#server/services/products/public-answers.ts';
import type { PublicProductAnswer } from '#server/services/products/resolve.ts';
import { lotEventsOf, type LotRow } from './read.ts';

/** What the public sees of a lot: its code, dates and recall; never its quantity or version. */
export function toPublicLot(row: LotRow) {
  return {
    id: row.id,
    code: row.code,
    productionDate: row.productionDate,
    expiryDate: row.expiryDate,
    expiryKind: row.expiryKind,
    recalled: row.recalledAt !== null,
    recalledAt: row.recalledAt?.toISOString() ?? null,
    recallReason: row.recallReason,
  };
}
export type PublicLot = ReturnType<typeof toPublicLot>;

/**
 * The lot facts a public product answer carries (decision 126): the lot of the scanned code, if it is
 * a lot's code, and every recalled lot of the product, so the product page warns about them first.
 * Part of the cached answer: every lot write calls publicChanged for its product.
 */
export function publicLotFacts(db: Executor, productId: number, lotId: number | null) {
  const lot = lotId === null ? undefined : db.select().from(lots).where(eq(lots.id, lotId)).get();
  const recalled = db
    .select()
    .from(lots)
    .where(and(eq(lots.productId, productId), isNotNull(lots.recalledAt)))
    .orderBy(asc(lots.code))
    .all();
  return { lot: lot ? toPublicLot(lot) : null, recalledLots: recalled.map(toPublicLot) };
}

/**
 * GET /public/lots/{id}: the lot page (decision 126): the lot with its dates, recall and own timeline,
 * and its product's public answer (whose timeline comes first). A lot of an INACTIVE product answers
 * like a missing one.
 */
export function getPublicLot(deps: AppDeps, id: number) {
  const row = deps.db
    .select()
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(and(eq(lots.id, id), eq(products.status, 'ACTIVE')))
    .get();
  const entry = row ? publicAnswers(deps).productById(row.lots.productId) : null;
  if (!row || !entry) throw new AppError('NOT_FOUND', vi.lots.notFound);
  return {
    lot: { ...toPublicLot(row.lots), events: lotEventsOf(deps.db, id) },
    product: dataOf<PublicProductAnswer>(entry),
  };
}
