import type { Statement } from 'better-sqlite3';
import { type BackgroundWriter, SCAN_EVENT_INSERT, type ScanRow } from '#server/db/background-writer.ts';
import { sqliteOf } from '#server/db/store.ts';
import { isDiskFull } from '#server/lib/disk-full.ts';
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

type BufferDeps = Pick<AppDeps, 'store' | 'settings' | 'logger' | 'background'> & {
  /**
   * Where every batch goes when the app has no SQLite connection to write on (PostgreSQL's additive
   * upserts, server/db/pg-scan-windows.ts): even SCAN_FLUSH_MS=0's single events, which are then awaited
   * by the next flushAll instead of written before the answer.
   */
  writer?: BackgroundWriter;
};

/**
 * Scan events are gathered in a buffer and written SCAN_FLUSH_MS later (a quarter second by default):
 * by the background writer's thread when the server runs one (server/db/background-writer.ts), else on
 * this connection, in transactions of at most ROWS_PER_FLUSH rows. Within one such window the scans of
 * the same product by the same user (or by visitors) on the same kind of device are one row with their
 * number in `scans` (decision 076): a storm writes a row per product and device a quarter second, not
 * a row per phone, which had cost half the scan path's throughput. They are statistics, not user
 * writes: a crash can lose the last quarter second of them, never a scan log (a user's history) or any
 * acknowledged write. Shutdown and every statistics read flush first. SCAN_FLUSH_MS=0 writes each
 * event on this connection before the answer (the tests' default).
 */
export class ScanBuffer {
  /** The window's rows by product, company, user and device. */
  private rows = new Map<string, ScanRow>();
  private timer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<Promise<void>>();
  private statement: Statement | undefined;

  constructor(private readonly deps: BufferDeps) {}

  /** SQLite's insert, prepared on first use (there is none on PostgreSQL). */
  private get insert(): Statement {
    this.statement ??= sqliteOf(this.deps.store).prepare(SCAN_EVENT_INSERT);
    return this.statement;
  }

  push(
    productId: number,
    companyId: number,
    userId: number | null,
    device: string,
    lotId: number | null,
  ): void {
    if (this.deps.settings.scanFlushMs === 0) {
      const row: ScanRow = [productId, companyId, userId, device, Date.now(), 1, lotId];
      if (this.deps.writer) this.write([row]);
      else {
        try {
          this.insert.run(...row);
        } catch (err) {
          // A full disk fails no read: the background writer holds the row until the disk has room.
          if (!this.deps.background || !isDiskFull(err)) throw err;
          this.write([row]);
        }
      }
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
    const background = this.deps.writer ?? this.deps.background;
    if (background) {
      const done = background.writeScans(batch).finally(() => this.pending.delete(done));
      this.pending.add(done);
      return;
    }
    if (!sqliteOf(this.deps.store).open) return;
    try {
      sqliteOf(this.deps.store).transaction(() => {
        for (const row of batch) this.insert.run(...row);
      })();
    } catch {
      // A product deleted between the scan and the write fails its foreign key: write the rest one by one.
      for (const row of batch) {
        try {
          this.insert.run(...row);
        } catch {
          this.deps.logger.debug({ event: 'scan.dropped', productId: row[0] }, 'scan event dropped');
        }
      }
    }
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
