import type Database from 'better-sqlite3';
import { isDiskFull } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';

/** The one statement a scan event is written with, on the background writer's thread or on the main connection. */
export const SCAN_EVENT_INSERT =
  'INSERT INTO scan_events (product_id, company_id, user_id, device, created_at, scans, lot_id) VALUES (?, ?, ?, ?, ?, ?, ?)';

export type ScanRow = [
  productId: number,
  companyId: number,
  userId: number | null,
  device: string,
  createdAt: number,
  /** how many scans of this product, by this user (or visitors) on this kind of device, the row stands for */
  scans: number,
  /** the lot whose own code was scanned (decision 126), or null */
  lotId: number | null,
];

/**
 * Writes scan rows on a SQLite connection, synchronously: a batch in one transaction. One bad row (its
 * product deleted before the batch was written: a foreign key) must not lose the others, so a failed batch
 * is written again row by row, the bad ones dropped alone (logged at debug). Answers the rows a full disk had no
 * room for (none are lost to a full disk: the caller holds them). The same code writes on the background
 * writer's thread (background-worker.ts) and on the app's connection (the scan buffer without that thread,
 * server/services/scans/record.ts); prepared on first use, so a connection that never scans prepares nothing.
 */
export function sqliteScanWriter(
  db: Database.Database,
  logger?: Pick<Logger, 'debug'>,
): (rows: readonly ScanRow[]) => ScanRow[] {
  let insert: Database.Statement<ScanRow> | undefined;
  let writeAll: ((rows: readonly ScanRow[]) => void) | undefined;
  return (rows) => {
    // A connection closed by the shutdown: nothing more is written on it.
    if (!rows.length || !db.open) return [];
    insert ??= db.prepare<ScanRow>(SCAN_EVENT_INSERT);
    const statement = insert;
    writeAll ??= db.transaction((all: readonly ScanRow[]) => {
      for (const r of all) statement.run(...r);
    });
    try {
      writeAll(rows);
      return [];
    } catch (err) {
      // The transaction was rolled back: on a full disk, every row goes back.
      if (isDiskFull(err)) return [...rows];
    }
    for (const [i, r] of rows.entries()) {
      try {
        statement.run(...r);
      } catch (err) {
        if (isDiskFull(err)) return rows.slice(i);
        logger?.debug({ event: 'scan.dropped', productId: r[0] }, 'scan event dropped');
      }
    }
    return [];
  };
}
