import type { Pool } from 'pg';
import type { Logger } from '#server/logger.ts';
import type { BackgroundWriter } from './background-writer.ts';
import type { ScanRow } from './scan-events.ts';

/**
 * Scan counting windows on PostgreSQL, where several instances count the scans of one product at once
 * (decision 156). Each instance's buffer gathers a window's scans per
 * product, company, user, device and lot, as on SQLite (decision 076). Here the window is aligned on the
 * clock (its start is the row's `created_at`), so that every instance's row for the same window and key is
 * the same row, and a flush ADDS its count to it: two instances flushing one window add up, and a storm
 * spread over N instances still writes a row per key and window, not N.
 *
 * The table needs the unique constraint below (NULLS NOT DISTINCT: visitors and rows of no lot are one key).
 */
export const SCAN_WINDOW_KEY = [
  'product_id',
  'company_id',
  'user_id',
  'device',
  'lot_id',
  'created_at',
] as const;
export const SCAN_WINDOW_CONSTRAINT = 'scan_events_window_unique';
/** A window's scans when a row is written into a window that already has one: added (an upsert's SET). */
export const WINDOW_SCANS_ADDED = 'scan_events.scans + excluded.scans';

/**
 * Times travel as integer milliseconds (the buffer's rows) and are stored as the schema's timestamptz:
 * epoch plus whole milliseconds is exact, so every instance's row for one window has the same key.
 */
const UPSERT = `INSERT INTO scan_events (product_id, company_id, user_id, device, created_at, scans, lot_id)
  SELECT p, c, u, d, timestamptz 'epoch' + t * interval '1 millisecond', s, l
  FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::bigint[], $6::integer[], $7::integer[])
    AS r(p, c, u, d, t, s, l)
  ON CONFLICT (${SCAN_WINDOW_KEY.join(', ')}) DO UPDATE SET scans = ${WINDOW_SCANS_ADDED}`;

/** The start of the window a time falls in: windows of one length start at the same instants everywhere. */
export const windowStart = (time: number, windowMs: number) => time - (time % Math.max(1, windowMs));

/**
 * The rows as the table keeps them: times moved to their window's start, rows of one key and window added
 * together (one statement may not update a row twice), in one order, so that two instances writing the
 * same keys at once take their row locks in the same order and never deadlock.
 */
export function windowRows(rows: readonly ScanRow[], windowMs: number): ScanRow[] {
  const merged = new Map<string, ScanRow>();
  for (const [productId, companyId, userId, device, createdAt, scans, lotId] of rows) {
    const start = windowStart(createdAt, windowMs);
    const key = `${productId}:${companyId}:${userId ?? ''}:${device}:${lotId ?? ''}:${start}`;
    const row = merged.get(key);
    if (row) row[5] += scans;
    else merged.set(key, [productId, companyId, userId, device, start, scans, lotId]);
  }
  return [...merged.values()].sort(
    (a, b) =>
      a[0] - b[0] ||
      a[1] - b[1] ||
      (a[2] ?? -1) - (b[2] ?? -1) ||
      (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0) ||
      (a[6] ?? -1) - (b[6] ?? -1) ||
      a[4] - b[4],
  );
}

const columns = (rows: readonly ScanRow[]) => [0, 1, 2, 3, 4, 5, 6].map((i) => rows.map((r) => r[i]));
const errorCode = (err: unknown) => (err as { code?: string }).code;
/** foreign_key_violation: the product (or company) was deleted between the scan and the write. */
const FOREIGN_KEY_VIOLATION = '23503';
/** deadlock_detected, serialization_failure: another writer's turn; the statement is simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Adds a batch of scan rows to their windows in one statement. A row whose product is gone is dropped, the
 * rest written, as the SQLite buffer does.
 */
export async function addScanWindows(
  pool: Pool,
  rows: readonly ScanRow[],
  options: { windowMs: number; logger?: Pick<Logger, 'debug'> },
): Promise<void> {
  const batch = windowRows(rows, options.windowMs);
  if (!batch.length) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query(UPSERT, columns(batch));
      return;
    } catch (err) {
      if (RETRYABLE.has(errorCode(err) ?? '') && attempt < 3) continue;
      if (errorCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
      break;
    }
  }
  for (const row of batch) {
    try {
      await pool.query(UPSERT, columns([row]));
    } catch (err) {
      if (errorCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
      options.logger?.debug({ event: 'scan.dropped', productId: row[0] }, 'scan event dropped');
    }
  }
}

/**
 * The scan buffer's writer on PostgreSQL: what the background writer is to it on SQLite (the same two
 * calls), so that the buffer (server/services/scans/record.ts) hands it its batches unchanged. stop() waits
 * for the batches in flight; the pool is the app's and is closed by whoever made it.
 */
export function createPgScanWriter(
  pool: Pool,
  options: { windowMs: number; logger?: Pick<Logger, 'debug' | 'error'> },
): BackgroundWriter {
  const inFlight = new Set<Promise<void>>();
  return {
    writeScans(rows) {
      const done = addScanWindows(pool, rows, options)
        .catch((err) => {
          // Statistics, not user writes (decision 076): a failed batch is logged, never a failed request.
          options.logger?.error({ event: 'scan.write_failed', err }, 'scan events not written');
        })
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
      return done;
    },
    async stop() {
      await Promise.all(inFlight);
    },
  };
}
