import type { Statement } from 'better-sqlite3';
import type { AppDeps } from '../../deps.ts';
import { deviceClass } from './device.ts';

export interface ScanFacts {
  productId: number;
  companyId: number;
  /** The signed-in scanner, or null for a visitor. */
  userId: number | null;
  userAgent: string;
}

type Row = [productId: number, companyId: number, userId: number | null, device: string, createdAt: number];

/** Rows written per transaction: small flushes keep the event loop free (a 100 ms batch stalled p99 past 20 ms). */
const ROWS_PER_FLUSH = 256;

/**
 * Scan events are appended to a buffer and written in small transactions a few milliseconds later
 * (SCAN_FLUSH_MS), so thousands of phones scanning at once cost one insert statement per batch instead
 * of one transaction per request. They are statistics, not user writes: a crash can lose the last few
 * milliseconds of them, never a scan log (a user's history) or any acknowledged write. Shutdown and
 * every statistics read flush first. SCAN_FLUSH_MS=0 writes each event at once (the tests' default).
 */
class ScanBuffer {
  private rows: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly insert: Statement;

  constructor(private readonly deps: Pick<AppDeps, 'sqlite' | 'settings' | 'logger'>) {
    this.insert = deps.sqlite.prepare(
      'INSERT INTO scan_events (product_id, company_id, user_id, device, created_at) VALUES (?, ?, ?, ?, ?)',
    );
  }

  push(row: Row): void {
    if (this.deps.settings.scanFlushMs === 0) {
      this.insert.run(...row);
      return;
    }
    this.rows.push(row);
    this.timer ??= setTimeout(() => this.flushSome(), this.deps.settings.scanFlushMs);
  }

  /** Writes one small batch; schedules the next right away if more are waiting. */
  private flushSome(): void {
    this.timer = null;
    const batch = this.rows.splice(0, ROWS_PER_FLUSH);
    this.write(batch);
    if (this.rows.length) this.timer = setImmediate(() => this.flushSome()) as unknown as NodeJS.Timeout;
  }

  private write(batch: Row[]): void {
    if (!batch.length || !this.deps.sqlite.open) return;
    try {
      this.deps.sqlite.transaction(() => {
        for (const row of batch) this.insert.run(...row);
      })();
    } catch (err) {
      // A product deleted between the scan and the flush fails its foreign key: drop that batch's rows
      // one by one rather than losing the rest.
      for (const row of batch) {
        try {
          this.insert.run(...row);
        } catch {
          this.deps.logger.debug({ event: 'scan.dropped', productId: row[0] }, 'scan event dropped');
        }
      }
      if (!(err instanceof Error && /FOREIGN KEY/.test(err.message))) throw err;
    }
  }

  /** Everything buffered, now (shutdown, statistics). */
  flushAll(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = this.rows;
    this.rows = [];
    for (let i = 0; i < all.length; i += ROWS_PER_FLUSH) this.write(all.slice(i, i + ROWS_PER_FLUSH));
  }
}

const buffers = new WeakMap<object, ScanBuffer>();
function bufferOf(deps: Pick<AppDeps, 'sqlite' | 'settings' | 'logger'>): ScanBuffer {
  let b = buffers.get(deps.sqlite);
  if (!b) {
    b = new ScanBuffer(deps);
    buffers.set(deps.sqlite, b);
  }
  return b;
}

/**
 * Records one public resolve for the company's statistics. Only the coarse device class is derived
 * from the request: the IP address and the User-Agent itself are never stored.
 */
export function recordScanEvent(deps: Pick<AppDeps, 'sqlite' | 'settings' | 'logger'>, facts: ScanFacts): void {
  bufferOf(deps).push([facts.productId, facts.companyId, facts.userId, deviceClass(facts.userAgent), Date.now()]);
}

/** Writes every buffered scan event now. */
export function flushScanEvents(deps: Pick<AppDeps, 'sqlite'>): void {
  buffers.get(deps.sqlite)?.flushAll();
}
