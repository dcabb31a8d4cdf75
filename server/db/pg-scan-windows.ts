import type { Pool } from 'pg';
import type { Logger } from '#server/logger.ts';
import type { BackgroundWriter } from './background-writer.ts';
import { isConnectionError } from './errors.ts';
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

/** One key of the table's window rows: product, company, user, device, lot and the window's start. */
const windowKey = ([productId, companyId, userId, device, , , lotId]: ScanRow, start: number) =>
  `${productId}:${companyId}:${userId ?? ''}:${device}:${lotId ?? ''}:${start}`;

/**
 * The rows as the table keeps them: times moved to their window's start, rows of one key and window added
 * together (one statement may not update a row twice), in one order, so that two instances writing the
 * same keys at once take their row locks in the same order and never deadlock.
 */
export function windowRows(rows: readonly ScanRow[], windowMs: number): ScanRow[] {
  const merged = new Map<string, ScanRow>();
  for (const row of rows) {
    const start = windowStart(row[4], windowMs);
    const key = windowKey(row, start);
    const kept = merged.get(key);
    if (kept) kept[5] += row[5];
    else merged.set(key, [row[0], row[1], row[2], row[3], start, row[5], row[6]]);
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
 * rest written, as the SQLite buffer does. Resolves with the rows left unwritten because the database was
 * lost on the way (none when all were written, all when the batch's one statement failed so): they are
 * the caller's to keep and write again. Any other error is thrown.
 */
export async function addScanWindows(
  pool: Pool,
  rows: readonly ScanRow[],
  options: { windowMs: number; logger?: Pick<Logger, 'debug'> },
): Promise<ScanRow[]> {
  const batch = windowRows(rows, options.windowMs);
  if (!batch.length) return [];
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query(UPSERT, columns(batch));
      return [];
    } catch (err) {
      if (isConnectionError(err)) return batch;
      if (RETRYABLE.has(errorCode(err) ?? '') && attempt < 3) continue;
      if (errorCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
      break;
    }
  }
  for (const [i, row] of batch.entries()) {
    try {
      await pool.query(UPSERT, columns([row]));
    } catch (err) {
      if (isConnectionError(err)) return batch.slice(i);
      if (errorCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
      options.logger?.debug({ event: 'scan.dropped', productId: row[0] }, 'scan event dropped');
    }
  }
  return [];
}

/**
 * The windows scans are kept in while the database is away: a minute, whatever SCAN_FLUSH_MS is, so an
 * outage keeps a row per product, company, user, device and lot a minute, not one per flush (the statistics
 * count by hour and day: nothing visible moves; a minute is a multiple of every flush interval that divides
 * it, so every instance keeps the same keys).
 */
export const HELD_WINDOW_MS = 60_000;
/** Rows kept at most while the database is away (a few megabytes); past it, scans of a new key are counted and dropped. */
export const MAX_HELD_ROWS = 20_000;
/** While rows are kept, how often they are tried again (ms): within a second of the database's return. */
const HELD_RETRY_MS = 1_000;
/** While the database is away, one log line this often at most. */
const HELD_LOG_MS = 30_000;

/** Scan rows kept for later, added together per key and minute, bounded (decision 180). */
class HeldScans {
  private rows = new Map<string, ScanRow>();
  /** Scans dropped because the bound was reached, since the last report. */
  dropped = 0;

  constructor(private readonly max: number) {}

  add(rows: readonly ScanRow[]): void {
    for (const row of rows) {
      const start = windowStart(row[4], HELD_WINDOW_MS);
      const key = windowKey(row, start);
      const kept = this.rows.get(key);
      if (kept) kept[5] += row[5];
      else if (this.rows.size < this.max)
        this.rows.set(key, [row[0], row[1], row[2], row[3], start, row[5], row[6]]);
      else this.dropped += row[5];
    }
  }

  take(): ScanRow[] {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    return rows;
  }

  get size(): number {
    return this.rows.size;
  }
}

const scansIn = (rows: readonly ScanRow[]) => rows.reduce((n, r) => n + r[5], 0);

/**
 * The scan buffer's writer on PostgreSQL: what the background writer is to it on SQLite (the same two
 * calls), so that the buffer (server/services/scans/record.ts) hands it its batches unchanged. stop() waits
 * for the batches in flight; the pool is the app's and is closed by whoever made it.
 *
 * While the database is away (decision 180), a batch that cannot be written is kept, added together per
 * minute and bounded by MAX_HELD_ROWS rows (past it, the scans of a key not kept yet are dropped and the
 * number logged); kept rows are tried again every second and go with every new batch, so they are written
 * within a second of the database's return. A batch whose connection was lost while its statement ran may
 * have been committed all the same: it is written again, so such a batch can count twice, never lose its
 * scans. stop() tries the kept rows once more and logs what is lost if the database is still away.
 */
export function createPgScanWriter(
  pool: Pool,
  options: {
    windowMs: number;
    logger?: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
    /** MAX_HELD_ROWS, smaller in a test. */
    maxHeldRows?: number;
    /** HELD_RETRY_MS, shorter in a test. */
    retryMs?: number;
  },
): BackgroundWriter {
  const { logger } = options;
  const inFlight = new Set<Promise<void>>();
  const held = new HeldScans(options.maxHeldRows ?? MAX_HELD_ROWS);
  let retry: NodeJS.Timeout | null = null;
  let loggedAt = 0;
  let stopped = false;

  const report = (force: boolean) => {
    if (!force && Date.now() - loggedAt < HELD_LOG_MS) return;
    loggedAt = Date.now();
    logger?.warn(
      { event: 'scan.held', rows: held.size, dropped: held.dropped },
      'scan events kept until the database is back',
    );
    held.dropped = 0;
  };

  const write = (rows: ScanRow[]): Promise<void> => {
    const before = held.size;
    const kept = held.take();
    const done = addScanWindows(pool, [...kept, ...rows], options)
      .then((unwritten) => {
        if (unwritten.length) {
          held.add(unwritten);
          // The first batch kept in an outage says so at once; then a line every HELD_LOG_MS.
          report(before === 0);
          schedule();
        } else if (kept.length) {
          logger?.info(
            { event: 'scan.held_written', rows: kept.length, scans: scansIn(kept) },
            'scan events kept during the outage written',
          );
        }
      })
      .catch((err) => {
        // Statistics, not user writes (decision 076): a batch the database refuses is logged, never a failed request.
        logger?.error({ event: 'scan.write_failed', err }, 'scan events not written');
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
    return done;
  };

  const schedule = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      if (held.size) void write([]);
    }, options.retryMs ?? HELD_RETRY_MS);
    retry.unref();
  };

  return {
    writeScans: write,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await Promise.all(inFlight);
      if (!held.size) return;
      await write([]);
      if (held.size) {
        const lost = scansIn(held.take()) + held.dropped;
        logger?.error(
          { event: 'scan.lost', scans: lost },
          'scan events kept during the outage lost: the database is still away at shutdown',
        );
      }
    },
  };
}
