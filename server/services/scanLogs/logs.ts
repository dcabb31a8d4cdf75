import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * GET /auth/scan-logs: the caller's own history, newest first. Products deleted since are gone with
 * their rows (cascade); products made INACTIVE since stay listed, as the user did see them.
 */
export async function listScanLogs(deps: AppDeps, userId: number, page: number, limit: number) {
  const { companies, products, scanLogs } = deps.db.tables;
  const rows = await deps.db
    .select({
      id: scanLogs.id,
      productId: scanLogs.productId,
      productName: products.name,
      productImage: products.image,
      companyName: companies.name,
      scannedAt: scanLogs.scannedAt,
    })
    .from(scanLogs)
    .innerJoin(products, eq(products.id, scanLogs.productId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(eq(scanLogs.userId, userId))
    .orderBy(desc(scanLogs.scannedAt), desc(scanLogs.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await deps.db.select({ n: count() }).from(scanLogs).where(eq(scanLogs.userId, userId));
  const total = counted?.n ?? 0;
  return { logs: rows.map((r) => ({ ...r, scannedAt: r.scannedAt.toISOString() })), total };
}

/** One row per user and product: a new scan moves the existing row to `at`. */
async function upsertLog(db: Executor, userId: number, productId: number, at: Date): Promise<void> {
  const { scanLogs } = db.tables;
  await db
    .insert(scanLogs)
    .values({ userId, productId, scannedAt: at })
    .onConflictDoUpdate({ target: [scanLogs.userId, scanLogs.productId], set: { scannedAt: at } });
}

/**
 * Only products the public may see can enter a history: otherwise a user could learn the name of an
 * INACTIVE product by guessing its id.
 */
async function visibleProductIds(db: Executor, ids: number[]): Promise<Set<number>> {
  const { products } = db.tables;
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, 'ACTIVE')));
  return new Set(rows.map((r) => r.id));
}

/** POST /auth/scan-log { productId }. */
export async function addScanLog(deps: AppDeps, userId: number, productId: number) {
  if (!(await visibleProductIds(deps.db, [productId])).has(productId))
    throw new AppError('NOT_FOUND', vi.products.notFound);
  const at = new Date();
  await upsertLog(deps.db, userId, productId, at);
  return { productId, scannedAt: at.toISOString() };
}

/**
 * POST /auth/scan-logs { productIds }: the guest history kept on the phone, merged at sign-in. The
 * list is newest first; each entry is stamped a millisecond apart so that order survives. Unknown and
 * non-public ids are skipped, not refused: a stale phone history must not block the sign-in.
 */
export async function mergeScanLogs(deps: AppDeps, userId: number, productIds: number[]) {
  const unique = [...new Set(productIds)];
  const visible = await visibleProductIds(deps.db, unique);
  const kept = unique.filter((id) => visible.has(id));
  const now = Date.now();
  await transaction(deps.db, async (tx) => {
    for (const [i, id] of kept.entries()) await upsertLog(tx, userId, id, new Date(now - i));
  });
  return { merged: kept.length, ignored: unique.length - kept.length };
}
