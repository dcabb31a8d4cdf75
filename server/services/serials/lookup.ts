import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Executor } from '#server/db/client.ts';
import { itemStateColumns, type WrittenState } from '#server/db/serial-opens.ts';

export { itemStateColumns };

/** An issued serial and what its verdict needs of its batch. */
export interface FoundSerial {
  /** With `batch.id`, the item's key (decision 214). */
  seq: number;
  batch: {
    id: number;
    companyId: number;
    productId: number;
    lotId: number | null;
    withPin: boolean;
    pinKey: string;
    voidedAt: Date | null;
  };
  /** The item is in a voided range, or its whole batch is voided. */
  voided: boolean;
  /** The company's suspect threshold, when it set one (null: the default). */
  threshold: number | null;
  /** The item's state as it stood when found; null while never opened. A count re-reads it under its lock. */
  state: ItemState | null;
}

/** An item's row of serial_states, as the verdict reads it (and as a write of its opens answers it). */
export type ItemState = Omit<WrittenState, 'batchId' | 'seq'>;

/**
 * The serial's row, its batch and whether it is voided: one query on the serial's unique index, the void
 * ranges of its batch looked up in the same statement (decision 204), and the item's state and its company's
 * threshold joined in, so that reading a verdict is one statement (bench/RESULTS.md). Null when it was never issued (a
 * guess, a typo, or a batch still generating that has not reached it).
 */
export async function findSerial(db: Executor, serial: string): Promise<FoundSerial | null> {
  const { serials, serialBatches, serialVoids, serialStates, serialSettings } = db.tables;
  const [row] = await db
    .select({
      seq: serials.seq,
      batchId: serialBatches.id,
      companyId: serialBatches.companyId,
      productId: serialBatches.productId,
      lotId: serialBatches.lotId,
      withPin: serialBatches.withPin,
      pinKey: serialBatches.pinKey,
      voidedAt: serialBatches.voidedAt,
      threshold: serialSettings.suspectThreshold,
      stateSeq: serialStates.seq,
      ...itemStateColumns(db),
      rangeVoided: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM ${serialVoids} WHERE ${serialVoids.batchId} = ${serials.batchId} AND ${serialVoids.fromSeq} <= ${serials.seq} AND ${serialVoids.toSeq} >= ${serials.seq}) THEN 1 ELSE 0 END`,
    })
    .from(serials)
    .innerJoin(serialBatches, eq(serialBatches.id, serials.batchId))
    .leftJoin(serialStates, and(eq(serialStates.batchId, serials.batchId), eq(serialStates.seq, serials.seq)))
    .leftJoin(serialSettings, eq(serialSettings.companyId, serialBatches.companyId))
    .where(eq(serials.serial, serial))
    .limit(1);
  if (!row) return null;
  return {
    seq: row.seq,
    batch: {
      id: row.batchId,
      companyId: row.companyId,
      productId: row.productId,
      lotId: row.lotId,
      withPin: row.withPin,
      pinKey: row.pinKey,
      voidedAt: row.voidedAt,
    },
    voided: row.voidedAt !== null || Number(row.rangeVoided) === 1,
    threshold: row.threshold,
    state:
      row.stateSeq === null
        ? null
        : {
            count: row.count as number,
            firstVerifiedAt: row.firstVerifiedAt,
            firstProvince: row.firstProvince,
            firstProvinceApproximate: row.firstProvinceApproximate as boolean,
            activatedAt: row.activatedAt,
            suspectAt: row.suspectAt,
            suspectReason: row.suspectReason,
          },
  };
}

/** The rows of one item in a table that names items by batch and seq (serial_states, serial_opens). */
export function ofItem(table: { batchId: SQLiteColumn; seq: SQLiteColumn }, found: FoundSerial): SQL {
  return and(eq(table.batchId, found.batch.id), eq(table.seq, found.seq)) as SQL;
}
