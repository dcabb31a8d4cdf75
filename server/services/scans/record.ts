import type { BackgroundWriter } from '#server/db/background-writer.ts';
import type { ScanRow } from '#server/db/scan-events.ts';
import type { AppDeps } from '#server/deps.ts';
import { deviceClass } from './device.ts';

export interface ScanFacts {
  productId: number;
  companyId: number;
  /** The lot whose own code was scanned (decision 126), or null. */
  lotId?: number | null;
  /** The signed-in scanner, or null for a visitor. */
  userId: number | null;
  userAgent: string;
}

/** Rows per transaction: small batches keep each write short (a 100 ms batch stalled p99 past 20 ms). */
const ROWS_PER_FLUSH = 256;

type BufferDeps = Pick<AppDeps, 'settings' | 'logger'> & {
  /**
   * SQLite: writes rows on the app's connection before it returns, answering those a full disk had no room
   * for (server/db/scan-events.ts). Used for SCAN_FLUSH_MS=0's single events, and for every batch when there
   * is no `later`.
   */
  now?: (rows: readonly ScanRow[]) => ScanRow[];
  /**
   * Where batches go when there is one, awaited by the next flushAll: the background writer's thread on
   * SQLite (and the rows a full disk refused `now`), PostgreSQL's additive upserts
   * (server/db/pg-scan-windows.ts), even SCAN_FLUSH_MS=0's single events there.
   */
  later?: BackgroundWriter;
};

/**
 * Scan events are gathered in a buffer and written SCAN_FLUSH_MS later (a quarter second by default):
 * by the background writer's thread when the server runs one (server/db/background-writer.ts), else on
 * the app's connection, in transactions of at most ROWS_PER_FLUSH rows (both written by server/db/: the
 * buffer knows no engine). Within one such window the scans of
 * the same product by the same user (or by visitors) on the same kind of device are one row with their
 * number in `scans` (decision 076): a storm writes a row per product and device a quarter second, not
 * a row per phone, which had cost half the scan path's throughput. They are statistics, not user
 * writes: a crash can lose the last quarter second of them, never a scan log (a user's history) or any
 * acknowledged write. Shutdown and every statistics read flush first. SCAN_FLUSH_MS=0 writes each
 * event on the app's connection before the answer (the tests' default).
 */
export class ScanBuffer {
  /** The window's rows by product, company, user and device. */
  private rows = new Map<string, ScanRow>();
  private timer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: BufferDeps) {}

  push(
    productId: number,
    companyId: number,
    userId: number | null,
    device: string,
    lotId: number | null,
  ): void {
    if (this.deps.settings.scanFlushMs === 0) {
      const row: ScanRow = [productId, companyId, userId, device, Date.now(), 1, lotId];
      if (this.deps.now) this.later(this.deps.now([row]));
      else this.later([row]);
      return;
    }
    const key = `${productId}:${companyId}:${userId ?? ''}:${device}:${lotId ?? ''}`;
    const row = this.rows.get(key);
    if (row) row[5]++;
    else this.rows.set(key, [productId, companyId, userId, device, Date.now(), 1, lotId]);
    this.timer ??= setTimeout(() => this.flushSome(), this.deps.settings.scanFlushMs);
  }

  /** A closed window's rows still to write, a batch per turn of the event loop so none holds it long. */
  private queued: ScanRow[] = [];

  /** Takes the window's rows, leaving an empty buffer for the next window. */
  private take(): ScanRow[] {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    return rows;
  }

  private flushSome(): void {
    this.timer = null;
    if (!this.queued.length) this.queued = this.take();
    this.write(this.queued.splice(0, ROWS_PER_FLUSH));
    if (this.queued.length) this.timer = setImmediate(() => this.flushSome()) as unknown as NodeJS.Timeout;
    else if (this.rows.size) this.timer = setTimeout(() => this.flushSome(), this.deps.settings.scanFlushMs);
  }

  private write(batch: ScanRow[]): void {
    if (!batch.length) return;
    if (this.deps.later) this.later(batch);
    else if (this.deps.now) this.lost(this.deps.now(batch));
  }

  /** Rows for the writer that waits (a full disk's included), or lost when there is none. */
  private later(rows: ScanRow[]): void {
    if (!rows.length) return;
    if (!this.deps.later) {
      this.lost(rows);
      return;
    }
    const done = this.deps.later.writeScans(rows).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Rows a full disk refused with nowhere to hold them (no background writer: tests, tools): counted, not thrown. */
  private lost(rows: ScanRow[]): void {
    if (!rows.length) return;
    const scans = rows.reduce((n, r) => n + r[5], 0);
    this.deps.logger.warn({ event: 'scan.lost', scans }, 'scan events lost: the disk is full');
  }

  /** Everything buffered, written and committed (shutdown, statistics). */
  async flushAll(): Promise<void> {
    // A pending timeout or immediate may still fire: it then finds nothing, or the next window's rows.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = [...this.queued.splice(0), ...this.take()];
    for (let i = 0; i < all.length; i += ROWS_PER_FLUSH) this.write(all.slice(i, i + ROWS_PER_FLUSH));
    await Promise.all(this.pending);
  }
}

/** The scan buffer of one app: built by createAppDeps (server/compose.ts), flushed by its shutdown. */
export function createScanBuffer(deps: BufferDeps): ScanBuffer {
  return new ScanBuffer(deps);
}

/**
 * Records one public resolve for the company's statistics. Only the coarse device class is derived
 * from the request: the IP address and the User-Agent itself are never stored.
 */
export function recordScanEvent(deps: Pick<AppDeps, 'scanBuffer'>, facts: ScanFacts): void {
  deps.scanBuffer.push(
    facts.productId,
    facts.companyId,
    facts.userId,
    deviceClass(facts.userAgent),
    facts.lotId ?? null,
  );
}

/** Writes every buffered scan event and waits until they are committed. */
export async function flushScanEvents(deps: Pick<AppDeps, 'scanBuffer'>): Promise<void> {
  await deps.scanBuffer.flushAll();
}
