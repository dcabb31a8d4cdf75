import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { suspectThreshold } from './verdict.ts';
import { DEFAULT_SUSPECT_THRESHOLD, SERIAL_OPENS_KEPT_MS } from './verdict-rules.ts';

export interface SuspectItem {
  serial: string;
  batchId: number;
  productId: number;
  productName: string;
  count: number;
  firstVerifiedAt: string | null;
  firstProvince: string | null;
  suspectAt: string;
  suspectReason: string | null;
}

export interface SerialSuspects {
  threshold: number;
  items: SuspectItem[];
  /** Counted opens of the company's items in the kept window (30 days), by province; null: unknown. */
  byProvince: { province: string | null; opens: number }[];
}

/** The company dashboard's list (issue 32): its suspect items, newest first, and where its items were opened. */
export async function listSuspects(
  deps: Pick<AppDeps, 'db' | 'serialItems'>,
  companyId: number,
  limit: number,
): Promise<SerialSuspects> {
  // The opens still buffered (decision 230) are written first: the list is as the public pages stand.
  await deps.serialItems.flush();
  const { serialStates, serials, serialBatches, products, serialOpens } = deps.db.tables;
  const rows = await deps.db
    .select({
      serial: serials.serial,
      batchId: serialStates.batchId,
      productId: serialBatches.productId,
      productName: products.name,
      count: serialStates.count,
      firstVerifiedAt: serialStates.firstVerifiedAt,
      firstProvince: serialStates.firstProvince,
      suspectAt: serialStates.suspectAt,
      suspectReason: serialStates.suspectReason,
    })
    .from(serialStates)
    .innerJoin(serials, and(eq(serials.batchId, serialStates.batchId), eq(serials.seq, serialStates.seq)))
    .innerJoin(serialBatches, eq(serialBatches.id, serialStates.batchId))
    .innerJoin(products, eq(products.id, serialBatches.productId))
    .where(and(eq(serialStates.companyId, companyId), isNotNull(serialStates.suspectAt)))
    .orderBy(desc(serialStates.suspectAt))
    .limit(limit);
  const byProvince = await deps.db
    .select({ province: serialOpens.province, opens: count() })
    .from(serialOpens)
    .where(
      and(
        eq(serialOpens.companyId, companyId),
        gt(serialOpens.at, new Date(Date.now() - SERIAL_OPENS_KEPT_MS)),
      ),
    )
    .groupBy(serialOpens.province)
    .orderBy(desc(sql`count(*)`))
    .limit(50);
  return {
    threshold: await suspectThreshold(deps.db, companyId),
    items: rows.map((r) => ({
      ...r,
      firstVerifiedAt: r.firstVerifiedAt?.toISOString() ?? null,
      suspectAt: (r.suspectAt as Date).toISOString(),
    })),
    byProvince: byProvince.map((r) => ({ province: r.province, opens: Number(r.opens) })),
  };
}

/** The company admin sets the count past which an item is suspect. */
export async function setSuspectThreshold(
  deps: Pick<AppDeps, 'db' | 'serialItems'>,
  companyId: number,
  threshold: number,
): Promise<{ threshold: number }> {
  const { serialSettings } = deps.db.tables;
  await deps.db
    .insert(serialSettings)
    .values({ companyId, suspectThreshold: threshold })
    .onConflictDoUpdate({
      target: serialSettings.companyId,
      set: { suspectThreshold: threshold, updatedAt: new Date() },
    });
  // The company's kept items judged by the old threshold are read again (decision 230).
  deps.serialItems.forget({ companyId });
  return { threshold };
}

export { DEFAULT_SUSPECT_THRESHOLD };
