import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { TOP_PRODUCTS, type DashboardStatistics } from '#shared/schemas/statistics.ts';
import { companies, lots, products, scanEvents, users } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { countScans, scansByDay, scanTotal } from './days.ts';

/**
 * The company dashboard: `companyId` null means every company (SUPER_ADMIN without a filter).
 * Scans are the public resolves recorded in scan_events (kept for the retention period).
 */
export async function companyDashboard(
  deps: AppDeps,
  companyId: number | null,
  now = new Date(),
): Promise<DashboardStatistics> {
  await flushScanEvents(deps); // the figures include scans still in the write buffer
  if (companyId !== null) {
    const exists = deps.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .get();
    if (!exists) throw new AppError('NOT_FOUND', vi.companies.companyNotFound);
  }
  const ofProducts: SQL | undefined = companyId === null ? undefined : eq(products.companyId, companyId);
  const ofScans: SQL | undefined = companyId === null ? undefined : eq(scanEvents.companyId, companyId);

  const productCounts = deps.db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(ofProducts)
    .groupBy(products.status)
    .all();
  const byStatus = (s: string) => productCounts.find((r) => r.status === s)?.n ?? 0;
  const topProducts = deps.db
    .select({ id: products.id, name: products.name, scans: scanTotal })
    .from(scanEvents)
    .innerJoin(products, eq(products.id, scanEvents.productId))
    .where(ofScans)
    .groupBy(products.id)
    .orderBy(desc(scanTotal), products.id)
    .limit(TOP_PRODUCTS)
    .all();

  return {
    totalProducts: byStatus('ACTIVE') + byStatus('INACTIVE'),
    activeProducts: byStatus('ACTIVE'),
    inactiveProducts: byStatus('INACTIVE'),
    totalScans: countScans(deps.db, ofScans),
    scansByDay: scansByDay(deps.db, now, ofScans),
    topProducts,
    // Scans of the lots recalled now (decision 126): how many people reached a recalled lot's code.
    recalledLotScans:
      deps.db
        .select({ n: scanTotal })
        .from(scanEvents)
        .innerJoin(lots, eq(lots.id, scanEvents.lotId))
        .where(and(isNotNull(lots.recalledAt), ofScans))
        .get()?.n ?? 0,
  };
}

/** The administrators' figures over the whole site; deleted accounts are not counted. */
export async function generalStatistics(deps: AppDeps, now = new Date()) {
  await flushScanEvents(deps);
  const total = (table: typeof companies | typeof products) =>
    deps.db.select({ n: count() }).from(table).get()?.n ?? 0;
  return {
    totalUsers: deps.db.select({ n: count() }).from(users).where(isNull(users.deletedAt)).get()?.n ?? 0,
    totalCompanies: total(companies),
    totalProducts: total(products),
    totalScans: countScans(deps.db),
    scansByDay: scansByDay(deps.db, now),
  };
}
