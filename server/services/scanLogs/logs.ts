import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { companies, lots, products, scanLogs } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * GET /auth/scan-logs: the caller's own history, newest first. Products deleted since are gone with
 * their rows (cascade); products made INACTIVE since stay listed, as the user did see them. An entry
 * whose scan named a lot carries it, with its recall as it stands now (decision 184): a lot recalled
 * after the scan shows as recalled; a lot deleted since leaves the product's entry.
 */
export async function listScanLogs(deps: AppDeps, userId: number, page: number, limit: number) {
  const rows = await deps.db
    .select({
      id: scanLogs.id,
      productId: scanLogs.productId,
      productName: products.name,
      productImage: products.image,
      companyName: companies.name,
      scannedAt: scanLogs.scannedAt,
      lotId: lots.id,
      lotCode: lots.code,
      lotRecalledAt: lots.recalledAt,
    })
    .from(scanLogs)
    .innerJoin(products, eq(products.id, scanLogs.productId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .leftJoin(lots, eq(lots.id, scanLogs.lotId))
    .where(eq(scanLogs.userId, userId))
    .orderBy(desc(scanLogs.scannedAt), desc(scanLogs.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await deps.db.select({ n: count() }).from(scanLogs).where(eq(scanLogs.userId, userId));
  const total = counted?.n ?? 0;
  return {
    logs: rows.map(({ lotId, lotCode, lotRecalledAt, ...r }) => ({
      ...r,
      scannedAt: r.scannedAt.toISOString(),
      lot:
        lotId !== null && lotCode !== null
          ? { id: lotId, code: lotCode, recalled: lotRecalledAt !== null }
          : null,
    })),
    total,
  };
}

/**
 * One row per user and product: a new scan moves the existing row to `at`. A scan naming a lot makes it
 * the entry's lot; a scan of the product's own code says nothing of the lot in hand, so it keeps the one
 * the entry has.
 */
async function upsertLog(
  db: Executor,
  userId: number,
  productId: number,
  lotId: number | null,
  at: Date,
): Promise<void> {
  await db
    .insert(scanLogs)
    .values({ userId, productId, lotId, scannedAt: at })
    .onConflictDoUpdate({
      target: [scanLogs.userId, scanLogs.productId],
      set: { scannedAt: at, lotId: sql`coalesce(excluded.lot_id, ${scanLogs.lotId})` },
    });
}

/** Of `pairs`, the lots that are lots of the product they are paired with, by product. */
async function lotsOfTheirProducts(
  db: Executor,
  pairs: ReadonlyArray<{ productId: number; lotId: number }>,
): Promise<Map<number, number>> {
  if (!pairs.length) return new Map();
  const rows = await db
    .select({ id: lots.id, productId: lots.productId })
    .from(lots)
    .where(inArray(lots.id, [...new Set(pairs.map((p) => p.lotId))]));
  const productOf = new Map(rows.map((r) => [r.id, r.productId]));
  const out = new Map<number, number>();
  for (const { productId, lotId } of pairs) if (productOf.get(lotId) === productId) out.set(productId, lotId);
  return out;
}

/**
 * Only products the public may see can enter a history: otherwise a user could learn the name of an
 * INACTIVE product by guessing its id.
 */
async function visibleProductIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, 'ACTIVE')));
  return new Set(rows.map((r) => r.id));
}

/**
 * POST /auth/scan-log { productId, lotId? }. A lot that is not the product's is 404 like an unknown
 * product: the history holds only what the scan showed.
 */
export async function addScanLog(deps: AppDeps, userId: number, productId: number, lotId?: number | null) {
  if (!(await visibleProductIds(deps.db, [productId])).has(productId))
    throw new AppError('NOT_FOUND', vi.products.notFound);
  if (lotId != null && !(await lotsOfTheirProducts(deps.db, [{ productId, lotId }])).has(productId))
    throw new AppError('NOT_FOUND', vi.lots.notFound);
  const at = new Date();
  await upsertLog(deps.db, userId, productId, lotId ?? null, at);
  return { productId, lotId: lotId ?? null, scannedAt: at.toISOString() };
}

/**
 * POST /auth/scan-logs { productIds, lots? }: the guest history kept on the phone, merged at sign-in.
 * The list is newest first; each entry is stamped a millisecond apart so that order survives; `lots`
 * names the lot an entry's scan named. Unknown and non-public ids, and lots of other products, are
 * skipped, not refused: a stale phone history must not block the sign-in.
 */
export async function mergeScanLogs(
  deps: AppDeps,
  userId: number,
  productIds: number[],
  lotPairs: ReadonlyArray<{ productId: number; lotId: number }> = [],
) {
  const unique = [...new Set(productIds)];
  const visible = await visibleProductIds(deps.db, unique);
  const kept = unique.filter((id) => visible.has(id));
  const lotOf = await lotsOfTheirProducts(deps.db, lotPairs);
  const now = Date.now();
  await transaction(deps.db, async (tx) => {
    for (const [i, id] of kept.entries())
      await upsertLog(tx, userId, id, lotOf.get(id) ?? null, new Date(now - i));
  });
  return { merged: kept.length, ignored: unique.length - kept.length };
}
