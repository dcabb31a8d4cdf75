import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { flushScanEvents } from '#server/services/scans/record.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type DashboardStatistics, TOP_PRODUCTS } from '#shared/schemas/statistics.ts';
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
  const { companies, lots, products, scanEvents } = deps.db.tables;
  await flushScanEvents(deps); // the figures include scans still in the write buffer
  if (companyId !== null) {
    const [exists] = await deps.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!exists) throw new AppError('NOT_FOUND', vi.companies.companyNotFound);
  }
  const ofProducts: SQL | undefined = companyId === null ? undefined : eq(products.companyId, companyId);
  const ofScans: SQL | undefined = companyId === null ? undefined : eq(scanEvents.companyId, companyId);
  const scans = scanTotal(scanEvents);

  const productCounts = await deps.db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(ofProducts)
    .groupBy(products.status);
  const byStatus = (s: string) => productCounts.find((r) => r.status === s)?.n ?? 0;
  const topProducts = await deps.db
    .select({ id: products.id, name: products.name, scans })
    .from(scanEvents)
    .innerJoin(products, eq(products.id, scanEvents.productId))
    .where(ofScans)
    .groupBy(products.id)
    .orderBy(desc(scans), products.id)
    .limit(TOP_PRODUCTS);
  const totalScans = await countScans(deps.db, ofScans);
  const days = await scansByDay(deps.db, now, ofScans);
  // Scans of the lots recalled now (decision 126): how many people reached a recalled lot's code.
  const [recalled] = await deps.db
    .select({ n: scans })
    .from(scanEvents)
    .innerJoin(lots, eq(lots.id, scanEvents.lotId))
    .where(and(isNotNull(lots.recalledAt), ofScans));

  return {
    totalProducts: byStatus('ACTIVE') + byStatus('INACTIVE'),
    activeProducts: byStatus('ACTIVE'),
    inactiveProducts: byStatus('INACTIVE'),
    totalScans,
    scansByDay: days,
    topProducts,
    recalledLotScans: recalled?.n ?? 0,
  };
}

/** The administrators' figures over the whole site; deleted accounts are not counted. */
export async function generalStatistics(deps: AppDeps, now = new Date()) {
  const { companies, products, users } = deps.db.tables;
  await flushScanEvents(deps);
  const total = async (table: typeof companies | typeof products) => {
    const [row] = await deps.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };
  const [liveUsers] = await deps.db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return {
    totalUsers: liveUsers?.n ?? 0,
    totalCompanies: await total(companies),
    totalProducts: await total(products),
    totalScans: await countScans(deps.db),
    scansByDay: await scansByDay(deps.db, now),
  };
}
