import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Executor } from '#server/db/client.ts';

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
}

/**
 * The serial's row, its batch and whether it is voided: one query on the serial's unique index, the void
 * ranges of its batch looked up in the same statement (decision 204). Null when it was never issued (a
 * guess, a typo, or a batch still generating that has not reached it).
 */
export async function findSerial(db: Executor, serial: string): Promise<FoundSerial | null> {
  const { serials, serialBatches, serialVoids } = db.tables;
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
      rangeVoided: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM ${serialVoids} WHERE ${serialVoids.batchId} = ${serials.batchId} AND ${serialVoids.fromSeq} <= ${serials.seq} AND ${serialVoids.toSeq} >= ${serials.seq}) THEN 1 ELSE 0 END`,
    })
    .from(serials)
    .innerJoin(serialBatches, eq(serialBatches.id, serials.batchId))
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
  };
}

/** The rows of one item in a table that names items by batch and seq (serial_states, serial_opens). */
export function ofItem(table: { batchId: SQLiteColumn; seq: SQLiteColumn }, found: FoundSerial): SQL {
  return and(eq(table.batchId, found.batch.id), eq(table.seq, found.seq)) as SQL;
}
